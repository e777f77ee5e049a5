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
public struct JSONError: Error, Equatable {
  public var field: String
  public var reason: String

  /// A refusal of the whole file rather than of one field; a field's is `JSONField.damaged`.
  public static func whole(_ reason: String) -> JSONError { JSONError(field: "", reason: reason) }

  /// `field items[0].size: -5 is not a size`
  public var message: String { field.isEmpty ? reason : "field \(field): \(reason)" }
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
  case laidOut(ArraySlice<UInt8>)
}

/// An object's members in the order made, for writing. A list searched by key, not a
/// dictionary: a store object has a handful of members.
public struct JSONMembers: Equatable {
  private(set) var pairs: [Member] = []

  /// A struct, not a tuple: an array of tuples has its metadata built at run time from
  /// its mangled name on first use, on every commit's first object.
  struct Member {
    var key: String
    var value: JSONValue
  }

  subscript(key: String) -> JSONValue? {
    pairs.first { $0.key == key }?.value
  }

  var isEmpty: Bool { pairs.isEmpty }

  /// Adds a member; false (and nothing added) when the key is there already.
  mutating func add(_ key: String, _ value: JSONValue) -> Bool {
    if pairs.contains(where: { $0.key == key }) { return false }
    pairs.append(Member(key: key, value: value))
    return true
  }

  public static func == (left: JSONMembers, right: JSONMembers) -> Bool {
    left.pairs.count == right.pairs.count
      && left.pairs.allSatisfy { pair in right[pair.key] == pair.value }
  }
}
