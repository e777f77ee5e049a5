/// Where a value is in a store file, kept as its parts: spelled out (as
/// `items[0].representations[1].size`) only for an error, where building the text for
/// every field read cost more than reading the field.
indirect enum JSONLocation {
  case top
  case member(JSONLocation, String)
  /// A member named by one of pb's own keys: kept as it is, made a String only for an error.
  case key(JSONLocation, StaticString)
  case element(JSONLocation, Int)

  var path: String {
    switch self {
    case .top: ""
    case .member(.top, let key): key
    case .key(.top, let key): key.description
    case .member(let parent, let key): parent.path + "." + key
    case .key(let parent, let key): parent.path + "." + key.description
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
    case .key(let key): .key(self, key)
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
    if let whole = tape.wholeNumber(at: node), let number = Integer(exactly: whole) { return number }
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
