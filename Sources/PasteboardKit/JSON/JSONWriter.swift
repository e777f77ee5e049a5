/// The one JSON writer: the store's files and every JSON report a front end prints are
/// laid out here, so that they cannot drift apart. Keys are sorted, strings escaped as
/// JSONEncoder escapes them without escaping slashes.
extension JSONValue {
  /// An object from its members; absent (nil) members are left out.
  public static func members(_ pairs: KeyValuePairs<String, JSONValue?>) -> JSONValue {
    var members = JSONMembers()
    for case let (key, value?) in pairs {
      let added = members.add(key, value)
      assert(added, "the key '\(key)' is given twice")
    }
    return .object(members)
  }

  public static func integer(_ number: some BinaryInteger) -> JSONValue { .number(String(number)) }

  /// The text pb writes: pretty-printed with keys sorted and two-space indents, the
  /// layout the store's files have always had, and a final newline.
  var pretty: [UInt8] { laidOut(indent: 0, emptyArraysOnOneLine: false) }

  /// As `pretty`, but an empty array is `[]`, as jq and scripts expect of a report, where
  /// the store's files keep the blank line JSONEncoder once gave them.
  public var report: [UInt8] { laidOut(indent: 0, emptyArraysOnOneLine: true) }

  /// The same on one line (keys sorted, no spaces) and a final newline: a record of a
  /// file that grows a line at a time (the journal's progress), or of a stream.
  public var line: [UInt8] { laidOut(indent: -1, emptyArraysOnOneLine: true) }

  /// As `pretty` lays the value out at `depth` inside another, without the final
  /// newline: the text of a `.laidOut` value.
  func pretty(atDepth depth: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(estimatedSize)
    write(to: &output, indent: depth, emptyArraysOnOneLine: false)
    return output
  }

  /// The bytes `pretty` lays out between two elements of an array whose elements are at
  /// `depth`: a comma, then a newline and the indent of the next element's line.
  static func prettyElementSeparatorSize(depth: Int) -> Int { 2 + 2 * depth }

  private func laidOut(indent: Int, emptyArraysOnOneLine: Bool) -> [UInt8] {
    var output: [UInt8] = []
    // Room for the text at once: grown by doubling, a history's 20 KB touched 60.
    output.reserveCapacity(estimatedSize)
    write(to: &output, indent: indent, emptyArraysOnOneLine: emptyArraysOnOneLine)
    output.append(0x0A)
    return output
  }

  /// About the bytes the value lays out to: exact for text already laid out (most of a
  /// history), a little over for the rest.
  private var estimatedSize: Int {
    switch self {
    case .null, .bool: 8
    case .number(let text), .string(let text): text.utf8.count + 8
    case .laidOut(let text): text.count + 8
    case .array(let elements): elements.reduce(16) { $0 + $1.estimatedSize }
    case .object(let members): members.pairs.reduce(16) { $0 + $1.key.utf8.count + $1.value.estimatedSize + 32 }
    }
  }

  /// `indent` -1 lays the value out on one line.
  private func write(to output: inout [UInt8], indent: Int, emptyArraysOnOneLine: Bool) {
    let oneLine = indent < 0
    func newline(_ depth: Int) {
      if oneLine { return }
      output.append(0x0A)
      // A loop, not repeatElement: that generic sequence's metadata is looked up at run
      // time on every line where the code is not specialised (a debug build, where laying
      // out a full 64 MiB history spent a third of its time there).
      var spaces = depth * 2
      while spaces > 0 {
        output.append(0x20)
        spaces -= 1
      }
    }
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let text): JSONValue.appendString(text, to: &output)
    case .laidOut(let text): output.append(contentsOf: text)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      if elements.isEmpty && emptyArraysOnOneLine {
        output.append(UInt8(ascii: "]"))
        return
      }
      if elements.isEmpty { newline(0) }
      for index in elements.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        elements[index].write(to: &output, indent: oneLine ? -1 : indent + 1, emptyArraysOnOneLine: emptyArraysOnOneLine)
      }
      newline(indent)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      if members.isEmpty { newline(0) }
      // The keys are pb's own ASCII names, where String's order is byte order.
      var pairs = members.pairs
      // Index loops, not zip and enumerated: their tuples' metadata is built at run time.
      var inOrder = true
      for index in pairs.indices.dropFirst() where !(pairs[index - 1].key < pairs[index].key) { inOrder = false }
      if !inOrder { pairs.sort { $0.key < $1.key } }
      for index in pairs.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        JSONValue.appendString(pairs[index].key, to: &output)
        output.append(contentsOf: (oneLine ? ":" : " : ").utf8)
        pairs[index].value.write(to: &output, indent: oneLine ? -1 : indent + 1, emptyArraysOnOneLine: emptyArraysOnOneLine)
      }
      newline(indent)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string, quoted and escaped.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// The inside of a JSON string: quote, backslash and control characters escaped; UTF-8
  /// passes through byte for byte, so a chunk of a stream may end in the middle of a
  /// character.
  public static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to escaped: inout [UInt8]) {
    // Runs that need no escape (nearly everything) are appended whole.
    // An index loop, not enumerated(): its tuples' metadata is built at run time.
    var runStart = 0
    for index in 0..<bytes.count {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      escaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
      appendEscape(of: byte, to: &escaped)
      runStart = index + 1
    }
    escaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
  }

  private static func appendEscape(of byte: UInt8, to escaped: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
    case UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
    case 0x0A: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
    case 0x0D: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
    case 0x09: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
    case 0x08: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
    case 0x0C: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
    default:
      escaped += Array("\\u00".utf8) + [ASCII.hexDigit(byte >> 4), ASCII.hexDigit(byte & 15)]
    }
  }
}
