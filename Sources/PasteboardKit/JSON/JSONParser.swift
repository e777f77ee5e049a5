/// Reads a store file's bytes into a `JSONTape`, checking the syntax as it goes (see
/// JSONValue.swift for what is refused): one pass, no value built.
struct JSONParser {
  private let text: [UInt8]
  /// `text` while `tape()` runs: reading through a buffer pointer leaves out the array's
  /// bounds and uniqueness checks on every byte (the parser checks its own bounds).
  private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private var nodes: [JSONNode] = []
  /// The key nodes of the objects being read, innermost last: one list for all of them,
  /// rather than one made per object.
  private var openKeys: [Int32] = []
  private var position = 0
  private var depth = 0
  static let deepest = 64
  /// Keys up to which a new key is compared with the others as it comes; a larger object
  /// (only a hostile file has one) is checked once complete, its keys sorted.
  private static let comparedUpTo = 16

  /// The most nodes (values and keys) the text may make: each costs more memory than
  /// the two bytes of `1,` that make one, so input no reader would write is refused
  /// before it costs a multiple of its size.
  private let mostNodes: Int

  init(bytes: [UInt8], mostNodes: Int = .max) {
    text = bytes
    // A container's count must fit its node.
    self.mostNodes = min(mostNodes, JSONNode.largestCount)
  }

  /// The text as nodes, with only white space around its one value.
  mutating func tape() throws -> JSONTape {
    // Each node starts at a byte of its own. With a limit, room for all the text may
    // make at once (pages untouched cost nothing): grown by doubling, the list would
    // hold one and a half times the limit as it was copied.
    nodes.reserveCapacity(mostNodes < JSONNode.largestCount ? min(text.count, mostNodes) : text.count / 16)
    try text.withUnsafeBufferPointer { buffer in
      bytes = buffer
      defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
      try parseValue()
      skipSpace()
      if position != bytes.count { throw corrupt("there is more after the JSON value") }
    }
    return JSONTape(bytes: text, nodes: nodes)
  }

  /// The one value the text holds.
  mutating func document() throws -> JSONValue {
    try tape().value(at: 0)
  }

  private func corrupt(_ reason: String) -> JSONError {
    JSONError.whole("not valid JSON: \(reason) (byte \(position))")
  }

  private mutating func skipSpace() {
    // Read through a local copy: through `self` the buffer is loaded again on every byte.
    let buffer = bytes
    var at = position
    while at < buffer.count, buffer[at] == 0x20 || buffer[at] == 0x0A || buffer[at] == 0x09 || buffer[at] == 0x0D { at += 1 }
    position = at
  }

  private mutating func append(_ kind: JSONNode.Kind, flag: Bool = false, from start: Int, to end: Int, count: Int = 0) {
    nodes.append(
      JSONNode(kind: kind, flag: flag, start: Int32(start), end: Int32(end), next: Int32(nodes.count + 1), count: Int32(count)))
  }

  private mutating func parseValue() throws {
    // Room for a key's node too, which comes before its value's.
    if nodes.count >= mostNodes - 1 { throw JSONError.whole("it holds more than \(mostNodes) JSON values and keys") }
    skipSpace()
    guard position < bytes.count else { throw corrupt("it ends where a value should be") }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "{"): try nested { try $0.parseObject() }
    case UInt8(ascii: "["): try nested { try $0.parseArray() }
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "t"):
      try expect("true")
      append(.bool, flag: true, from: start, to: position)
    case UInt8(ascii: "f"):
      try expect("false")
      append(.bool, flag: false, from: start, to: position)
    case UInt8(ascii: "n"):
      try expect("null")
      append(.null, from: start, to: position)
    default:
      try parseNumber()
      append(.number, from: start, to: position)
    }
  }

  private mutating func nested(_ body: (inout JSONParser) throws -> Void) throws {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.deepest { throw corrupt("it nests more than \(Self.deepest) deep") }
    try body(&self)
  }

  private mutating func expect(_ word: StaticString) throws {
    let count = word.utf8CodeUnitCount
    guard bytes.count - position >= count else { throw corrupt("unexpected character") }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
      throw corrupt("unexpected character")
    }
    position += count
  }

  /// Makes the container node at `index` skip past what was read into it.
  private mutating func close(_ index: Int, count: Int) {
    nodes[index].next = Int32(nodes.count)
    nodes[index].end = Int32(position)
    nodes[index].count = Int32(count)
  }

  private func sameKey(_ first: Int, _ second: Int) -> Bool {
    let (a, b) = (nodes[first], nodes[second])
    if !a.flag && !b.flag {
      guard a.end - a.start == b.end - b.start else { return false }
      for offset in 0..<Int(a.end - a.start) where bytes[Int(a.start) + offset] != bytes[Int(b.start) + offset] {
        return false
      }
      return true
    }
    return keyText(first) == keyText(second)
  }

  private func keyText(_ index: Int) -> String {
    nodes[index].text(in: text)
  }

  /// A key's hash (as its text's, so that keys equal as Strings hash alike) and node.
  private struct HashedKey {
    var hash: UInt32
    var node: Int32
  }

  /// Opens an object or array at its bracket: its node, or nil when it closes at once.
  private mutating func open(_ kind: JSONNode.Kind, closing: Unicode.Scalar) -> Int? {
    let index = nodes.count
    append(kind, from: position, to: position)
    position += 1
    skipSpace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: closing) else { return index }
    position += 1
    close(index, count: 0)
    return nil
  }

  private mutating func parseObject() throws {
    guard let index = open(.object, closing: "}") else { return }
    let firstKey = openKeys.count
    defer { openKeys.removeSubrange(firstKey...) }
    while true {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw corrupt("a key must be a string") }
      let key = nodes.count
      try parseString()
      let count = openKeys.count - firstKey
      if count < Self.comparedUpTo {
        for earlier in openKeys[firstKey...] where sameKey(Int(earlier), key) {
          throw corrupt("the key '\(keyText(Int(earlier)))' appears twice")
        }
      }
      openKeys.append(Int32(key))
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw corrupt("a key must be followed by ':'") }
      position += 1
      try parseValue()
      if try !continues(closing: "}", what: "an object") {
        let keys = openKeys[firstKey...]
        if keys.count > Self.comparedUpTo { try checkDistinct(keys) }
        close(index, count: keys.count)
        return
      }
    }
  }

  /// Refuses a key of a large object that is there twice: the keys sorted by the hash of
  /// their text, 8 bytes each, and only those of one hash compared as text (as Strings,
  /// as a small object's are). Sorting the texts kept a String of each, several times the
  /// bytes of a hostile file of long keys.
  private func checkDistinct(_ keys: ArraySlice<Int32>) throws {
    var hashed: [HashedKey] = []
    hashed.reserveCapacity(keys.count)
    for key in keys { hashed.append(HashedKey(hash: UInt32(truncatingIfNeeded: keyText(Int(key)).hashValue), node: key)) }
    hashed.sort { $0.hash < $1.hash }
    var runStart = 0
    for index in hashed.indices.dropFirst() {
      if hashed[index].hash != hashed[runStart].hash {
        runStart = index
        continue
      }
      let text = keyText(Int(hashed[index].node))
      for earlier in runStart..<index where keyText(Int(hashed[earlier].node)) == text {
        throw corrupt("the key '\(text)' appears twice")
      }
    }
  }

  private mutating func parseArray() throws {
    guard let index = open(.array, closing: "]") else { return }
    var count = 0
    while true {
      try parseValue()
      count += 1
      if try !continues(closing: "]", what: "an array") {
        close(index, count: count)
        return
      }
    }
  }

  /// After a member or element: true past a ',', false past the closing bracket.
  private mutating func continues(closing: Unicode.Scalar, what: String) throws -> Bool {
    skipSpace()
    guard position < bytes.count else { throw corrupt("\(what) is not closed") }
    let byte = bytes[position]
    position += 1
    if byte == UInt8(ascii: ",") { return true }
    if byte == UInt8(ascii: closing) { return false }
    position -= 1
    throw corrupt("expected ',' or '\(closing)'")
  }

  /// A string node: plain ASCII is left in the text; anything else is checked now
  /// (escapes, and UTF-8) and decoded whenever it is read (`JSONNode.decoded`): nothing is
  /// made of a string that is only checked.
  private mutating func parseString() throws {
    position += 1  // "
    let start = position
    let buffer = bytes
    var end = position
    // Every byte or'ed in: below 0x80 when all are ASCII.
    var bits: UInt8 = 0
    while end < buffer.count {
      let byte = buffer[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      bits |= byte
      end += 1
    }
    if end < buffer.count, buffer[end] == UInt8(ascii: "\""), bits < 0x80 {
      position = end + 1
      append(.string, from: start, to: end)
      return
    }
    position = start
    while position < buffer.count {
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") {
        append(.string, flag: true, from: start, to: position)
        position += 1
        return
      }
      if byte < 0x20 { throw corrupt("a string holds a control character") }
      if byte >= 0x80 {
        guard let length = Self.utf8SequenceLength(buffer, at: position) else { throw corrupt("a string is not UTF-8") }
        position += length
        continue
      }
      position += 1
      if byte != UInt8(ascii: "\\") { continue }
      guard position < buffer.count else { break }
      let escape = buffer[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
        UInt8(ascii: "r"), UInt8(ascii: "t"):
        continue
      case UInt8(ascii: "u"): _ = try parseUnicodeEscape()
      default: throw corrupt("a string has an unknown escape")
      }
    }
    throw corrupt("a string is not closed")
  }

  /// The length of the well-formed UTF-8 sequence at `at` (a byte of 0x80 or above), as
  /// String(validating:) accepts: no overlong forms, no surrogates, nothing past U+10FFFF.
  private static func utf8SequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
    let lead = buffer[at]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard buffer.count - at >= length else { return nil }
    guard (low...high).contains(buffer[at + 1]) else { return nil }
    for offset in 2..<max(2, length) where !(0x80...0xBF).contains(buffer[at + offset]) { return nil }
    return length
  }

  /// `\uXXXX`, a surrogate pair as two of them.
  private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
    let first = try hexQuad()
    if (0xD800...0xDBFF).contains(first) {
      guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
        throw corrupt("a string has a lone surrogate")
      }
      position += 2
      let second = try hexQuad()
      guard (0xDC00...0xDFFF).contains(second) else { throw corrupt("a string has a lone surrogate") }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    guard let scalar = Unicode.Scalar(first) else { throw corrupt("a string has a lone surrogate") }
    return scalar
  }

  private mutating func hexQuad() throws -> UInt32 {
    guard bytes.count - position >= 4 else { throw corrupt("a \\u escape is cut short") }
    var value: UInt32 = 0
    for byte in bytes[position..<position + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw corrupt("a \\u escape is not hexadecimal")
      }
      value = value << 4 | UInt32(digit)
    }
    position += 4
    return value
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as text.
  private mutating func parseNumber() throws {
    func digits() -> Int {
      let from = position
      while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
      return position - from
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let leadingZero = position < bytes.count && bytes[position] == UInt8(ascii: "0")
    let whole = digits()
    guard whole > 0 else { throw corrupt("unexpected character") }
    if leadingZero && whole > 1 { throw corrupt("a number has a leading zero") }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw corrupt("a number has no digits after its point") }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
      guard digits() > 0 else { throw corrupt("a number has no digits in its exponent") }
    }
  }
}
