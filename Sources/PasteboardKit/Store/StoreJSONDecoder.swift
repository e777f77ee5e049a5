/// Reads the store's JSON files into their `Decodable` types without Foundation: every
/// command reads a manifest, and Foundation's decoder cost more than the rest of a small
/// paste's own work (its dynamic casts each scan the binary's conformance records).
///
/// Strict, since the files are untrusted: RFC 8259 syntax only, valid UTF-8, no
/// duplicate keys, nesting at most 64 deep, nothing after the value. Failures are the
/// standard `DecodingError`s with the coding path, as `StoreJSON.describe` words them.
enum StoreJSONDecoder {
  static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
    var parser = JSONParser(bytes: bytes)
    let root = try parser.document()
    return try Value(from: ValueDecoder(value: root, codingPath: []))
  }
}

/// A parsed JSON value; numbers keep their text until a type asks for them.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
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

  private func corrupt(_ reason: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "not valid JSON: \(reason) (byte \(position))"))
  }

  private mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
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
    position += 1  // {
    var members: [String: JSONValue] = [:]
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
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
      if members.updateValue(value, forKey: key) != nil { throw corrupt("the key '\(key)' appears twice") }
      if try !continues(closing: "}", what: "an object") { return .object(members) }
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

/// A `Decoder` over one parsed value.
private struct ValueDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: Any].self, value, codingPath) }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self, value, codingPath) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(value: value, codingPath: codingPath)
  }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
  .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.kind)"))
}

/// One value as a primitive, with the errors Foundation's decoder gives.
extension JSONValue {
  private func present(_ type: Any.Type, _ path: [any CodingKey]) throws {
    if self == .null { throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "found null")) }
  }

  func bool(_ path: [any CodingKey]) throws -> Bool {
    try present(Bool.self, path)
    guard case .bool(let flag) = self else { throw mismatch(Bool.self, self, path) }
    return flag
  }

  func string(_ path: [any CodingKey]) throws -> String {
    try present(String.self, path)
    guard case .string(let text) = self else { throw mismatch(String.self, self, path) }
    return text
  }

  func double(_ path: [any CodingKey]) throws -> Double {
    try present(Double.self, path)
    guard case .number(let text) = self, let number = Double(text) else { throw mismatch(Double.self, self, path) }
    return number
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ path: [any CodingKey]) throws -> Integer {
    try present(type, path)
    guard case .number(let text) = self else { throw mismatch(type, self, path) }
    guard let number = Integer(text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(text) is not a whole number in range"))
    }
    return number
  }
}

private struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct KeyedContainer<K: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [K] { members.keys.compactMap { K(stringValue: $0) } }

  func contains(_ key: K) -> Bool { members[key.stringValue] != nil }

  private func value(_ key: K) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for the key"))
    }
    return value
  }

  func decodeNil(forKey key: K) throws -> Bool { try value(key) == .null }
  func decode(_ type: Bool.Type, forKey key: K) throws -> Bool { try value(key).bool(codingPath + [key]) }
  func decode(_ type: String.Type, forKey key: K) throws -> String { try value(key).string(codingPath + [key]) }
  func decode(_ type: Double.Type, forKey key: K) throws -> Double { try value(key).double(codingPath + [key]) }
  func decode(_ type: Float.Type, forKey key: K) throws -> Float { Float(try value(key).double(codingPath + [key])) }
  func decode(_ type: Int.Type, forKey key: K) throws -> Int { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: Int8.Type, forKey key: K) throws -> Int8 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: Int16.Type, forKey key: K) throws -> Int16 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: Int32.Type, forKey key: K) throws -> Int32 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: Int64.Type, forKey key: K) throws -> Int64 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: UInt.Type, forKey key: K) throws -> UInt { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: UInt8.Type, forKey key: K) throws -> UInt8 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: UInt16.Type, forKey key: K) throws -> UInt16 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: UInt32.Type, forKey key: K) throws -> UInt32 { try value(key).integer(type, codingPath + [key]) }
  func decode(_ type: UInt64.Type, forKey key: K) throws -> UInt64 { try value(key).integer(type, codingPath + [key]) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T {
    try T(from: ValueDecoder(value: value(key), codingPath: codingPath + [key]))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: K) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try ValueDecoder(value: value(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: value(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [JSONKey(stringValue: "super")])
  }

  func superDecoder(forKey key: K) throws -> any Decoder {
    ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, [any CodingKey]) {
    let path = codingPath + [JSONKey(intValue: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has no more elements"))
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], path)
  }

  private mutating func nextInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    let (value, path) = try next(type)
    return try value.integer(type, path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { let (value, path) = try next(type); return try value.bool(path) }
  mutating func decode(_ type: String.Type) throws -> String { let (value, path) = try next(type); return try value.string(path) }
  mutating func decode(_ type: Double.Type) throws -> Double { let (value, path) = try next(type); return try value.double(path) }
  mutating func decode(_ type: Float.Type) throws -> Float { let (value, path) = try next(type); return Float(try value.double(path)) }
  mutating func decode(_ type: Int.Type) throws -> Int { try nextInteger(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try nextInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try nextInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try nextInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try nextInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try nextInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try nextInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try nextInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try nextInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try nextInteger(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, path) = try next(type)
    return try T(from: ValueDecoder(value: value, codingPath: path))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (value, path) = try next([String: Any].self)
    return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, path) = try next([Any].self)
    return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, path) = try next(Any.self)
    return ValueDecoder(value: value, codingPath: path)
  }
}

private struct SingleContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try value.bool(codingPath) }
  func decode(_ type: String.Type) throws -> String { try value.string(codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try value.double(codingPath) }
  func decode(_ type: Float.Type) throws -> Float { Float(try value.double(codingPath)) }
  func decode(_ type: Int.Type) throws -> Int { try value.integer(type, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type, codingPath) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try T(from: ValueDecoder(value: value, codingPath: codingPath))
  }
}
