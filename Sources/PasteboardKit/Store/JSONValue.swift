/// The store's JSON files, read and written without Foundation or `Codable`: every
/// command reads a manifest and every writer writes one, and Foundation's coders and the
/// standard library's generic coding machinery cost more than the rest of a small command's
/// own work (the generic types they instantiate, and their dynamic casts, each start a scan
/// of the binary's protocol conformance records).
///
/// Reading is strict, since the files are untrusted: RFC 8259 syntax only, valid UTF-8, no
/// duplicate keys, nesting at most 64 deep, nothing after the value. Each store type reads
/// its own fields through `JSONObject` and `JSONField`, whose failures name the field as
/// `items[0].representations[1].size`, and writes itself as a `JSONValue` that `pretty`
/// lays out.

/// Why a store file was refused: the field (empty for the whole file) and the reason.
struct StoreJSONError: Error, Equatable {
  var field: String
  var reason: String

  /// `field items[0].size: -5 is not a size`
  var message: String { field.isEmpty ? reason : "field \(field): \(reason)" }
}

/// A JSON value, as a store type writes itself (`pretty` lays it out); numbers are kept as
/// their text. Reading goes through `JSONTape` instead, and builds these only for tests.
public enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONMembers)
  /// Text already laid out as `pretty` lays out a value at its depth, written as it is
  /// (a history entry read unchanged from the file: see `HistoryFile.EntryText`).
  case laidOut([UInt8])
}

/// A stretch of a text, by byte offsets. Not a Range: a generic type's metadata is looked
/// up at run time wherever values holding it are copied.
struct TextSpan {
  var start: Int
  var end: Int
}

/// An object's members in the order made, for writing. A list searched by key, not a
/// dictionary: a store object has a handful of members.
public struct JSONMembers: Equatable {
  private(set) var pairs: [(key: String, value: JSONValue)] = []

  subscript(key: String) -> JSONValue? {
    pairs.first { $0.key == key }?.value
  }

  var isEmpty: Bool { pairs.isEmpty }

  /// Adds a member; false (and nothing added) when the key is there already.
  mutating func add(_ key: String, _ value: JSONValue) -> Bool {
    if pairs.contains(where: { $0.key == key }) { return false }
    pairs.append((key, value))
    return true
  }

  public static func == (left: JSONMembers, right: JSONMembers) -> Bool {
    left.pairs.count == right.pairs.count
      && left.pairs.allSatisfy { pair in right[pair.key] == pair.value }
  }
}

/// One value of a parsed text. A container is followed by its contents (an object by its
/// key and value in turn), and `next` skips past them.
struct JSONNode {
  enum Kind: UInt8 {
    case null, bool, number, string, array, object
  }

  var kind: Kind
  /// A bool's value; for a string, whether its text is in `JSONTape.decoded` (it had
  /// escapes or non-ASCII bytes) rather than plain ASCII between `start` and `end`.
  var flag: Bool
  /// Bytes: a string's contents inside its quotes, a number's text, a container from its
  /// opening bracket to just past its closing one.
  var start: Int32
  var end: Int32
  /// The node after this value and all it holds.
  var next: Int32
  /// A container's members or elements; a decoded string's index in `JSONTape.decoded`.
  var count: Int32

  /// A string's or a number's text.
  func text(in bytes: [UInt8], decoded: [String]) -> String {
    if kind == .string && flag { return decoded[Int(count)] }
    return String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
  }
}

/// A store file parsed into one flat list of nodes over its bytes: the text is checked
/// as it is read, but no value is built until a reader asks for it (a 50-entry history,
/// read on every commit, took 0.95 M instructions as a tree of values built and freed,
/// 0.56 M as nodes).
final class JSONTape {
  let bytes: [UInt8]
  let nodes: [JSONNode]
  let decoded: [String]

  init(bytes: [UInt8], nodes: [JSONNode], decoded: [String]) {
    self.bytes = bytes
    self.nodes = nodes
    self.decoded = decoded
  }

  /// A string node's text (a number node's too).
  func text(at index: Int) -> String {
    nodes[index].text(in: bytes, decoded: decoded)
  }

  /// Whether the string node at `index` is `key`; plain keys are compared byte by byte.
  func text(at index: Int, is key: StaticString) -> Bool {
    let node = nodes[index]
    if node.flag || !key.hasPointerRepresentation { return text(at: index) == key.description }
    let length = key.utf8CodeUnitCount
    guard length == Int(node.end - node.start) else { return false }
    let start = Int(node.start)
    for offset in 0..<length where bytes[start + offset] != key.utf8Start[offset] { return false }
    return true
  }

  /// The value at `index` as a `JSONValue` (`JSONParser.document`, for tests).
  func value(at index: Int) -> JSONValue {
    let node = nodes[index]
    switch node.kind {
    case .null: return .null
    case .bool: return .bool(node.flag)
    case .number: return .number(text(at: index))
    case .string: return .string(text(at: index))
    case .array:
      var elements: [JSONValue] = []
      var child = index + 1
      for _ in 0..<node.count {
        elements.append(value(at: child))
        child = Int(nodes[child].next)
      }
      return .array(elements)
    case .object:
      var members = JSONMembers()
      var child = index + 1
      for _ in 0..<node.count {
        _ = members.add(text(at: child), value(at: child + 1))
        child = Int(nodes[child + 1].next)
      }
      return .object(members)
    }
  }
}

struct JSONParser {
  private let text: [UInt8]
  /// `text` while `tape()` runs: reading through a buffer pointer leaves out the array's
  /// bounds and uniqueness checks on every byte (the parser checks its own bounds).
  private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private var nodes: [JSONNode] = []
  private var decoded: [String] = []
  /// The key nodes of the objects being read, innermost last: one list for all of them,
  /// rather than one made per object.
  private var openKeys: [Int] = []
  private var position = 0
  private var depth = 0
  static let deepest = 64
  /// Keys up to which a new key is compared with the others as it comes; a larger object
  /// (only a hostile file has one) is checked once complete, its keys sorted.
  private static let comparedUpTo = 16

  init(bytes: [UInt8]) {
    text = bytes
  }

  /// The text as nodes, with only white space around its one value.
  mutating func tape() throws -> JSONTape {
    nodes.reserveCapacity(text.count / 16)
    try text.withUnsafeBufferPointer { buffer in
      bytes = buffer
      defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
      try parseValue()
      skipSpace()
      if position != bytes.count { throw corrupt("there is more after the JSON value") }
    }
    return JSONTape(bytes: text, nodes: nodes, decoded: decoded)
  }

  /// The one value the text holds.
  mutating func document() throws -> JSONValue {
    try tape().value(at: 0)
  }

  private func corrupt(_ reason: String) -> StoreJSONError {
    StoreJSONError(field: "", reason: "not valid JSON: \(reason) (byte \(position))")
  }

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func append(_ kind: JSONNode.Kind, flag: Bool = false, from start: Int, to end: Int, count: Int = 0) {
    nodes.append(
      JSONNode(kind: kind, flag: flag, start: Int32(start), end: Int32(end), next: Int32(nodes.count + 1), count: Int32(count)))
  }

  private mutating func parseValue() throws {
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
    nodes[index].text(in: text, decoded: decoded)
  }

  private mutating func parseObject() throws {
    let index = nodes.count
    append(.object, from: position, to: position)
    position += 1  // {
    let firstKey = openKeys.count
    defer { openKeys.removeSubrange(firstKey...) }
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      close(index, count: 0)
      return
    }
    while true {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw corrupt("a key must be a string") }
      let key = nodes.count
      try parseString()
      let count = openKeys.count - firstKey
      if count < Self.comparedUpTo {
        for earlier in openKeys[firstKey...] where sameKey(earlier, key) {
          throw corrupt("the key '\(keyText(earlier))' appears twice")
        }
      }
      openKeys.append(key)
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw corrupt("a key must be followed by ':'") }
      position += 1
      try parseValue()
      if try !continues(closing: "}", what: "an object") {
        let keys = openKeys[firstKey...]
        if keys.count > Self.comparedUpTo {
          let sorted = keys.map(keyText).sorted()
          if let twice = zip(sorted, sorted.dropFirst()).first(where: { $0 == $1 }) {
            throw corrupt("the key '\(twice.0)' appears twice")
          }
        }
        close(index, count: keys.count)
        return
      }
    }
  }

  private mutating func parseArray() throws {
    let index = nodes.count
    append(.array, from: position, to: position)
    position += 1  // [
    var count = 0
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      close(index, count: 0)
      return
    }
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

  /// A string node: plain ASCII is left in the text; anything else is decoded now (and
  /// checked to be UTF-8) into `decoded`.
  private mutating func parseString() throws {
    position += 1  // "
    let start = position
    var end = position
    var isASCII = true
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
      if bytes[end] >= 0x80 { isASCII = false }
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      position = end + 1
      if isASCII {
        append(.string, from: start, to: end)
        return
      }
      guard let string = String(validating: text[start..<end], as: UTF8.self) else { throw corrupt("a string is not UTF-8") }
      appendDecoded(string, from: start, to: end)
      return
    }
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flushRun(upTo end: Int) throws {
      guard runStart < end else { return }
      guard let run = String(validating: text[runStart..<end], as: UTF8.self) else { throw corrupt("a string is not UTF-8") }
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try flushRun(upTo: position)
        appendDecoded(String(scalars), from: start, to: position)
        position += 1
        return
      }
      if byte < 0x20 { throw corrupt("a string holds a control character") }
      if byte != UInt8(ascii: "\\") {
        position += 1
        continue
      }
      try flushRun(upTo: position)
      position += 1
      guard position < bytes.count else { break }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
      default: throw corrupt("a string has an unknown escape")
      }
      runStart = position
    }
    throw corrupt("a string is not closed")
  }

  private mutating func appendDecoded(_ text: String, from start: Int, to end: Int) {
    append(.string, flag: true, from: start, to: end, count: decoded.count)
    decoded.append(text)
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

/// Where a value is in a store file, kept as its parts: spelled out (as
/// `items[0].representations[1].size`) only for an error, where building the text for
/// every field read cost more than reading the field.
indirect enum JSONLocation {
  case top
  case member(JSONLocation, String)
  case element(JSONLocation, Int)

  var path: String {
    switch self {
    case .top: ""
    case .member(.top, let key): key
    case .member(let parent, let key): parent.path + "." + key
    case .element(let parent, let index): parent.path + "[" + String(index) + "]"
    }
  }

  /// One step further in: a member's key (one of pb's own names, or any for tests) or
  /// an element's index. Static keys cost nothing to keep.
  enum Step {
    case key(StaticString)
    case named(String)
    case index(Int)
  }

  func appending(_ step: Step) -> JSONLocation {
    switch step {
    case .key(let key): .member(self, key.description)
    case .named(let name): .member(self, name)
    case .index(let index): .element(self, index)
    }
  }
}

/// An object of a store file, read field by field.
struct JSONObject {
  let tape: JSONTape
  let node: Int
  let location: JSONLocation

  /// Where the object is in its file's text, `{` to `}`.
  var source: TextSpan {
    TextSpan(start: Int(tape.nodes[node].start), end: Int(tape.nodes[node].end))
  }

  /// The node of the value named `key`, if there is one.
  private func member(_ key: StaticString) -> Int? {
    var child = node + 1
    for _ in 0..<tape.nodes[node].count {
      if tape.text(at: child, is: key) { return child + 1 }
      child = Int(tape.nodes[child + 1].next)
    }
    return nil
  }

  /// A field that may be absent (or null).
  func field(_ key: StaticString) -> JSONField? {
    guard let value = member(key), tape.nodes[value].kind != .null else { return nil }
    return JSONField(tape: tape, node: value, in: location, at: .key(key))
  }

  func required(_ key: StaticString) throws -> JSONField {
    guard let value = member(key) else { throw StoreJSONError(field: location.appending(.key(key)).path, reason: "it is missing") }
    let field = JSONField(tape: tape, node: value, in: location, at: .key(key))
    if tape.nodes[value].kind == .null { throw field.wrongKind() }
    return field
  }
}

/// One value of a store file and where it is: its container's location and the step
/// from there, joined only when needed (a nested object, an error), so that reading a
/// plain field allocates nothing.
struct JSONField {
  let tape: JSONTape
  let node: Int
  let container: JSONLocation
  let step: JSONLocation.Step
  var location: JSONLocation { container.appending(step) }
  /// As `items[0].size`.
  var path: String { location.path }
  private var kind: JSONNode.Kind { tape.nodes[node].kind }

  init(tape: JSONTape, node: Int, in container: JSONLocation, at step: JSONLocation.Step) {
    self.tape = tape
    self.node = node
    self.container = container
    self.step = step
  }

  /// A value at the top level named `path` (for tests). What `pretty` lays out always
  /// parses; were it not to, the field would read as null.
  init(value: JSONValue, path: String) {
    var parser = JSONParser(bytes: value.pretty)
    let null = JSONNode(kind: .null, flag: false, start: 0, end: 0, next: 1, count: 0)
    let tape = (try? parser.tape()) ?? JSONTape(bytes: [], nodes: [null], decoded: [])
    self.init(tape: tape, node: 0, in: .top, at: .named(path))
  }

  func wrongKind() -> StoreJSONError { StoreJSONError(field: path, reason: "it has the wrong kind of value") }
  func damaged(_ reason: String) -> StoreJSONError { StoreJSONError(field: path, reason: reason) }

  func string() throws -> String {
    guard kind == .string else { throw wrongKind() }
    return tape.text(at: node)
  }

  func bool() throws -> Bool {
    guard kind == .bool else { throw wrongKind() }
    return tape.nodes[node].flag
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard kind == .number else { throw wrongKind() }
    let text = tape.text(at: node)
    guard let number = Integer(text) else { throw damaged("\(text) is not a whole number in range") }
    return number
  }

  func object() throws -> JSONObject {
    guard kind == .object else { throw wrongKind() }
    return JSONObject(tape: tape, node: node, location: location)
  }

  func array() throws -> [JSONField] {
    guard kind == .array else { throw wrongKind() }
    let here = location
    var fields: [JSONField] = []
    fields.reserveCapacity(Int(tape.nodes[node].count))
    var child = node + 1
    for index in 0..<Int(tape.nodes[node].count) {
      fields.append(JSONField(tape: tape, node: child, in: here, at: .index(index)))
      child = Int(tape.nodes[child].next)
    }
    return fields
  }

  /// One of an enumeration's raw values.
  func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws -> Value where Value.RawValue == String {
    let text = try string()
    guard let found = Value(rawValue: text) else {
      let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw damaged("'\(Display.value(text))' is not one of \(known)")
    }
    return found
  }
}
