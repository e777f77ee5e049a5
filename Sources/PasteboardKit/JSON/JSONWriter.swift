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

  /// An array written an element at a time, laid out as `report` lays out the whole
  /// array: a long list is written without holding every element at once.
  public struct ReportArray {
    private var count = 0

    public init() {}

    /// The bytes that add `element` to the array (its opening bracket, for the first).
    public mutating func adding(_ element: JSONValue) -> [UInt8] {
      var output: [UInt8] = []
      output.reserveCapacity(element.estimatedSize + 8)
      output += count == 0 ? Array("[\n  ".utf8) : Array(",\n  ".utf8)
      element.write(to: &output, indent: 1, emptyArraysOnOneLine: true)
      count += 1
      return output
    }

    /// The bytes that end the array, and the final newline: `[]` when nothing was added.
    public var end: [UInt8] { Array((count == 0 ? "[]\n" : "\n]\n").utf8) }
  }

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
  fileprivate var estimatedSize: Int {
    switch self {
    case .null, .bool: 8
    case .number(let text), .string(let text): text.utf8.count + 8
    case .laidOut(let text): text.count + 8
    case .array(let elements): elements.reduce(16) { $0 + $1.estimatedSize }
    case .object(let members): members.pairs.reduce(16) { $0 + $1.key.utf8.count + $1.value.estimatedSize + 32 }
    }
  }

  /// `indent` -1 lays the value out on one line.
  fileprivate func write(to output: inout [UInt8], indent: Int, emptyArraysOnOneLine: Bool) {
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

  /// The inside of a JSON string whose UTF-8 bytes are all given at once (see
  /// `StringEscaper`).
  static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to escaped: inout [UInt8]) {
    var escaper = StringEscaper()
    escaper.append(bytes, to: &escaped)
    escaper.finish(to: &escaped)
  }

  /// The inside of a JSON string, from its UTF-8 bytes given a chunk at a time: quote,
  /// backslash and the control characters escaped, C0 (below 0x20) and C1 (U+0080 to
  /// U+009F, which a terminal takes for commands: 0x9B begins a CSI sequence as ESC [
  /// does) alike, and the invisible characters that reorder or hide text (bidirectional
  /// overrides and isolates, zero-width spaces and joiners, the line and paragraph
  /// separators: Unicode's format and separator categories), so that a report on a
  /// terminal shows what a clip holds, and a parser reads the same characters from the
  /// escapes. Other bytes pass through as they are, so a chunk may end in the middle of
  /// a character.
  public struct StringEscaper {
    /// The first bytes of a character that the last chunk ended in the middle of.
    private var held: [UInt8] = []

    public init() {}

    public mutating func append(_ bytes: UnsafeRawBufferPointer, to escaped: inout [UInt8]) {
      var index = 0
      if !held.isEmpty {
        // The character begun in the last chunk, completed from this one.
        let needed = Self.length(ofLead: held[0]) - held.count
        var taken = 0
        while taken < min(needed, bytes.count) && bytes[taken] & 0xC0 == 0x80 { taken += 1 }
        held += bytes[..<taken]
        index = taken
        if taken < needed && taken == bytes.count { return }
        let character = held
        held.removeAll()
        if taken == needed {
          character.withUnsafeBytes { Self.appendCharacter($0, to: &escaped) }
        } else {
          // Cut short by a byte that continues no character: the bytes pass as they are.
          escaped += character
        }
      }
      // Runs that need no escape (nearly everything) are appended whole.
      var runStart = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x80 {
          if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            escaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
            JSONValue.appendEscape(of: UInt32(byte), to: &escaped)
            runStart = index + 1
          }
          index += 1
          continue
        }
        let length = Self.length(ofLead: byte)
        // Not UTF-8 (a lead byte whose next bytes in the chunk are no continuation
        // bytes): the byte passes alone, and what follows is looked at on its own, so
        // that a quote or a control after it is still escaped.
        var next = index + 1
        while next < min(index + length, bytes.count) && bytes[next] & 0xC0 == 0x80 { next += 1 }
        if next < min(index + length, bytes.count) {
          index += 1
          continue
        }
        guard Self.mayBeEscaped(lead: byte) else {
          index += length
          continue
        }
        escaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
        if index + length > bytes.count {
          held = Array(bytes[index...])
          return
        }
        Self.appendCharacter(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + length)]), to: &escaped)
        index += length
        runStart = index
      }
      escaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<min(index, bytes.count)]))
    }

    /// Ends the string: the bytes of a character left unfinished go out as they are.
    public mutating func finish(to escaped: inout [UInt8]) {
      escaped += held
      held.removeAll()
    }

    /// How many bytes a UTF-8 character starting with `lead` takes (1 for a byte that
    /// cannot start one, which passes as it is).
    private static func length(ofLead lead: UInt8) -> Int {
      lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// Whether a character starting with `lead` can be one that is escaped: the blocks
    /// that hold C1 and every format or separator character (U+0080-U+00BF,
    /// U+0600-U+1FFF, U+2000-U+2FFF, U+F000-U+FFFF and the planes past the first), so
    /// that most text (Latin, Greek, Cyrillic, CJK, Hangul) is not decoded.
    private static func mayBeEscaped(lead: UInt8) -> Bool {
      switch lead {
      case 0xC2, 0xD8...0xE2, 0xEF, 0xF0...0xF4: return true
      default: return false
      }
    }

    /// One whole character: escaped when it is C1, a format or a separator character,
    /// else as it is.
    private static func appendCharacter(_ bytes: UnsafeRawBufferPointer, to escaped: inout [UInt8]) {
      var value = UInt32(bytes[0] & (0x7F >> bytes.count))
      for continuation in bytes.dropFirst() { value = value << 6 | UInt32(continuation & 0x3F) }
      if let scalar = Unicode.Scalar(value), isEscaped(scalar) {
        JSONValue.appendEscape(of: value, to: &escaped)
      } else {
        escaped.append(contentsOf: bytes)
      }
    }

    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
      if (0x80...0x9F).contains(scalar.value) { return true }
      switch scalar.properties.generalCategory {
      case .format, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }
  }

  fileprivate static func appendEscape(of value: UInt32, to escaped: inout [UInt8]) {
    switch value {
    case 0x22: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
    case 0x5C: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
    case 0x0A: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
    case 0x0D: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
    case 0x09: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
    case 0x08: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
    case 0x0C: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
    case 0x10000...:
      // Past the first plane, as a UTF-16 surrogate pair, as JSON writes it.
      let offset = value - 0x10000
      appendEscape(of: 0xD800 + (offset >> 10), to: &escaped)
      appendEscape(of: 0xDC00 + (offset & 0x3FF), to: &escaped)
    default:
      escaped += Array("\\u".utf8) + [12, 8, 4, 0].map { ASCII.hexDigit(UInt8((value >> $0) & 15)) }
    }
  }
}
