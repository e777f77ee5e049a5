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

/// An object's members in the order made, for writing. A list searched by key, not a
/// dictionary: a store object has a handful of members.
struct JSONMembers: Equatable {
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

  static func == (left: JSONMembers, right: JSONMembers) -> Bool {
    left.pairs.count == right.pairs.count
      && left.pairs.allSatisfy { pair in right[pair.key] == pair.value }
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

  /// The same on one line (keys sorted, no spaces) and a final newline: a record of a
  /// file that grows a line at a time (the journal's progress).
  var line: [UInt8] {
    var output: [UInt8] = []
    write(to: &output, indent: -1)
    output.append(0x0A)
    return output
  }

  /// `indent` -1 lays the value out on one line.
  private func write(to output: inout [UInt8], indent: Int) {
    let oneLine = indent < 0
    func newline(_ depth: Int) {
      if oneLine { return }
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
        element.write(to: &output, indent: oneLine ? -1 : indent + 1)
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
        output.append(contentsOf: (oneLine ? ":" : " : ").utf8)
        value.write(to: &output, indent: oneLine ? -1 : indent + 1)
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
