/// An object of a store file, read field by field. Where it is (`items[0]`) is not kept:
/// only an error needs it, and `JSONTape.path(to:)` finds it then, so reading a field
/// allocates nothing.
public struct JSONObject {
  let tape: JSONTape
  let node: Int

  /// The top-level object of a JSON text; nil when it holds some other value.
  public static func top(of bytes: [UInt8], mostNodes: Int = .max) throws -> JSONObject? {
    var parser = JSONParser(bytes: bytes, mostNodes: mostNodes)
    let tape = try parser.tape()
    guard tape.nodes[0].kind == .object else { return nil }
    return JSONObject(tape: tape, node: 0)
  }

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
  public func field(_ key: StaticString) -> JSONField? {
    guard let value = member(key), tape.nodes[value].kind != .null else { return nil }
    return JSONField(tape: tape, node: value)
  }

  public func required(_ key: StaticString) throws -> JSONField {
    guard let value = member(key) else {
      throw JSONError(field: tape.path(to: node, then: key.description), reason: "it is missing")
    }
    let field = JSONField(tape: tape, node: value)
    if tape.nodes[value].kind == .null { throw field.wrongKind() }
    return field
  }
}

/// One value of a store file.
public struct JSONField {
  let tape: JSONTape
  let node: Int
  /// As `items[0].size`.
  var path: String { tape.path(to: node) }
  private var kind: JSONNode.Kind { tape.nodes[node].kind }

  init(tape: JSONTape, node: Int) {
    self.tape = tape
    self.node = node
  }

  /// A value named `path` in an object of its own (for tests). What `pretty` lays out
  /// always parses; were it not to, the field would read as null.
  init(value: JSONValue, path: String) {
    var members = JSONMembers()
    _ = members.add(path, value)
    var parser = JSONParser(bytes: JSONValue.object(members).pretty)
    let null = JSONNode(kind: .null, flag: false, start: 0, end: 0, next: 1, count: 0)
    guard let tape = try? parser.tape(), tape.nodes.count > 2 else {
      self.init(tape: JSONTape(bytes: [], nodes: [null]), node: 0)
      return
    }
    self.init(tape: tape, node: 2)
  }

  func wrongKind() -> JSONError { JSONError(field: path, reason: "it has the wrong kind of value") }
  public func damaged(_ reason: String) -> JSONError { JSONError(field: path, reason: reason) }

  public func string() throws -> String {
    guard kind == .string else { throw wrongKind() }
    return tape.text(at: node)
  }

  public func bool() throws -> Bool {
    guard kind == .bool else { throw wrongKind() }
    return tape.nodes[node].flag
  }

  public func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard kind == .number else { throw wrongKind() }
    if let whole = tape.wholeNumber(at: node), let number = Integer(exactly: whole) { return number }
    let text = tape.text(at: node)
    guard let number = Integer(text) else { throw damaged("\(text) is not a whole number in range") }
    return number
  }

  public func object() throws -> JSONObject {
    guard kind == .object else { throw wrongKind() }
    return JSONObject(tape: tape, node: node)
  }

  public func array() throws -> [JSONField] {
    guard kind == .array else { throw wrongKind() }
    var fields: [JSONField] = []
    fields.reserveCapacity(Int(tape.nodes[node].count))
    var child = node + 1
    for _ in 0..<Int(tape.nodes[node].count) {
      fields.append(JSONField(tape: tape, node: child))
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
