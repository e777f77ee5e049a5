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

/// A parsed JSON value; numbers keep their text until a type asks for them.
enum JSONValue: Equatable {
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

/// An object's members in the order read or made. A list searched by key, not a
/// dictionary: a store object has a handful of members, and hashing every key of a
/// 50-entry history, read and written on every commit, cost more than the search.
struct JSONMembers: Equatable {
  private(set) var pairs: [(key: String, value: JSONValue)] = []
  /// Where the object is in the text it was read from, `{` to `}`.
  var source: TextSpan?
  /// Members up to which a new key is checked against the others as it comes. A larger
  /// object (only a hostile file has one) is checked once complete, its keys sorted: a
  /// Set of keys would cost every command its first-use scan of conformance records.
  private static let searchedUpTo = 16

  subscript(key: String) -> JSONValue? {
    pairs.first { $0.key == key }?.value
  }

  var isEmpty: Bool { pairs.isEmpty }

  /// Adds a member; false (and nothing added) when the key is among the first members
  /// already (see `duplicateKey` for the rest).
  mutating func add(_ key: String, _ value: JSONValue) -> Bool {
    if pairs.count < Self.searchedUpTo, pairs.contains(where: { $0.key == key }) { return false }
    pairs.append((key, value))
    return true
  }

  /// A key given twice in an object larger than `add` checks, if there is one.
  func duplicateKey() -> String? {
    guard pairs.count > Self.searchedUpTo else { return nil }
    let keys = pairs.map(\.key).sorted()
    return zip(keys, keys.dropFirst()).first { $0 == $1 }?.0
  }

  static func == (left: JSONMembers, right: JSONMembers) -> Bool {
    left.pairs.count == right.pairs.count
      && left.pairs.allSatisfy { pair in right[pair.key] == pair.value }
  }
}

struct JSONParser {
  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  static let deepest = 64

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one value the text holds, with only white space around it.
  mutating func document() throws -> JSONValue {
    let value = try parseValue()
    skipSpace()
    if position != bytes.count { throw corrupt("there is more after the JSON value") }
    return value
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

  private mutating func parseValue() throws -> JSONValue {
    skipSpace()
    guard position < bytes.count else { throw corrupt("it ends where a value should be") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try nested { try $0.parseObject() }
    case UInt8(ascii: "["): return try nested { try $0.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expect("true"); return .bool(true)
    case UInt8(ascii: "f"): try expect("false"); return .bool(false)
    case UInt8(ascii: "n"): try expect("null"); return .null
    default: return .number(try parseNumber())
    }
  }

  private mutating func nested(_ body: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.deepest { throw corrupt("it nests more than \(Self.deepest) deep") }
    return try body(&self)
  }

  private mutating func expect(_ word: String) throws {
    let wanted = Array(word.utf8)
    guard bytes.count - position >= wanted.count, Array(bytes[position..<position + wanted.count]) == wanted else {
      throw corrupt("unexpected character")
    }
    position += wanted.count
  }

  private mutating func parseObject() throws -> JSONValue {
    let start = position
    position += 1  // {
    var members = JSONMembers()
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      members.source = TextSpan(start: start, end: position)
      return .object(members)
    }
    while true {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw corrupt("a key must be a string") }
      let key = try parseString()
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw corrupt("a key must be followed by ':'") }
      position += 1
      let value = try parseValue()
      if !members.add(key, value) { throw corrupt("the key '\(key)' appears twice") }
      if try !continues(closing: "}", what: "an object") {
        if let key = members.duplicateKey() { throw corrupt("the key '\(key)' appears twice") }
        members.source = TextSpan(start: start, end: position)
        return .object(members)
      }
    }
  }

  private mutating func parseArray() throws -> JSONValue {
    position += 1  // [
    var elements: [JSONValue] = []
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      if try !continues(closing: "]", what: "an array") { return .array(elements) }
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

  private mutating func parseString() throws -> String {
    position += 1  // "
    // Most strings have no escape: one validated slice, and most are ASCII, which needs
    // no validating (String(validating:) looks up metadata at run time for each string).
    var end = position
    var isASCII = true
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
      if bytes[end] >= 0x80 { isASCII = false }
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      let text: String
      if isASCII {
        text = String(decoding: bytes[position..<end], as: UTF8.self)
      } else {
        guard let valid = String(validating: bytes[position..<end], as: UTF8.self) else { throw corrupt("a string is not UTF-8") }
        text = valid
      }
      position = end + 1
      return text
    }
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flushRun(upTo end: Int) throws {
      guard runStart < end else { return }
      guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else { throw corrupt("a string is not UTF-8") }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try flushRun(upTo: position)
        position += 1
        return String(scalars)
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
  private mutating func parseNumber() throws -> String {
    let start = position
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
    return String(decoding: bytes[start..<position], as: UTF8.self)
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

  /// One step further in: a member's key or an element's index.
  enum Step {
    case key(String)
    case index(Int)
  }

  func appending(_ step: Step) -> JSONLocation {
    switch step {
    case .key(let key): .member(self, key)
    case .index(let index): .element(self, index)
    }
  }
}

/// An object of a store file, read field by field.
struct JSONObject {
  let members: JSONMembers
  let location: JSONLocation

  /// A field that may be absent (or null).
  func field(_ key: String) -> JSONField? {
    guard let value = members[key], value != .null else { return nil }
    return JSONField(value: value, in: location, at: .key(key))
  }

  func required(_ key: String) throws -> JSONField {
    guard let value = members[key] else { throw StoreJSONError(field: location.appending(.key(key)).path, reason: "it is missing") }
    let field = JSONField(value: value, in: location, at: .key(key))
    if value == .null { throw field.wrongKind() }
    return field
  }
}

/// One value of a store file and where it is: its container's location and the step
/// from there, joined only when needed (a nested object, an error), so that reading a
/// plain field allocates nothing.
struct JSONField {
  let value: JSONValue
  let container: JSONLocation
  let step: JSONLocation.Step
  var location: JSONLocation { container.appending(step) }
  /// As `items[0].size`.
  var path: String { location.path }

  init(value: JSONValue, in container: JSONLocation, at step: JSONLocation.Step) {
    self.value = value
    self.container = container
    self.step = step
  }

  /// A value at the top level named `path` (for tests).
  init(value: JSONValue, path: String) {
    self.init(value: value, in: .top, at: .key(path))
  }

  func wrongKind() -> StoreJSONError { StoreJSONError(field: path, reason: "it has the wrong kind of value") }
  func damaged(_ reason: String) -> StoreJSONError { StoreJSONError(field: path, reason: reason) }

  func string() throws -> String {
    guard case .string(let text) = value else { throw wrongKind() }
    return text
  }

  func bool() throws -> Bool {
    guard case .bool(let flag) = value else { throw wrongKind() }
    return flag
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard case .number(let text) = value else { throw wrongKind() }
    guard let number = Integer(text) else { throw damaged("\(text) is not a whole number in range") }
    return number
  }

  func object() throws -> JSONObject {
    guard case .object(let members) = value else { throw wrongKind() }
    return JSONObject(members: members, location: location)
  }

  func array() throws -> [JSONField] {
    guard case .array(let elements) = value else { throw wrongKind() }
    let here = location
    return elements.enumerated().map { JSONField(value: $1, in: here, at: .index($0)) }
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

extension JSONValue {
  /// An object from its members; absent (nil) members are left out.
  static func members(_ pairs: KeyValuePairs<String, JSONValue?>) -> JSONValue {
    var members = JSONMembers()
    for case let (key, value?) in pairs {
      let added = members.add(key, value)
      assert(added, "the key '\(key)' is given twice")
    }
    return .object(members)
  }

  static func integer(_ number: some BinaryInteger) -> JSONValue { .number(String(number)) }

  /// The text pb writes: pretty-printed with keys sorted and two-space indents, the
  /// layout the store's files have always had, and a final newline.
  var pretty: [UInt8] {
    var output: [UInt8] = []
    write(to: &output, indent: 0)
    output.append(0x0A)
    return output
  }

  private func write(to output: inout [UInt8], indent: Int) {
    func newline(_ depth: Int) {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: depth * 2))
    }
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let text): JSONValue.appendString(text, to: &output)
    case .laidOut(let text): output.append(contentsOf: text)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      if elements.isEmpty { newline(0) }
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        element.write(to: &output, indent: indent + 1)
      }
      newline(indent)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      if members.isEmpty { newline(0) }
      // The keys are pb's own ASCII names, where String's order is byte order.
      var pairs = members.pairs
      if !zip(pairs, pairs.dropFirst()).allSatisfy({ $0.key < $1.key }) { pairs.sort { $0.key < $1.key } }
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        JSONValue.appendString(key, to: &output)
        output.append(contentsOf: " : ".utf8)
        value.write(to: &output, indent: indent + 1)
      }
      newline(indent)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { PastedJSON.appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
    output.append(UInt8(ascii: "\""))
  }
}
