/// The store's versioned JSON files (manifests, histories): one reader that maps every
/// failure to the error naming the file and the field (`JSONObject`); each type writes
/// itself as a `JSONValue`, laid out by `JSONValue.pretty`.
enum StoreJSON {
  /// Thrown by a file's decoder when its `format` is newer than this pb reads, before
  /// its other fields are read.
  struct NewerFormat: Error {
    var found: Int
  }

  /// Reads the `format` field first and refuses a newer one.
  static func checkFormat(_ object: JSONObject, supported: Int) throws -> Int {
    let format = try object.required("format").integer(Int.self)
    if format > supported { throw NewerFormat(found: format) }
    return format
  }

  /// The fields a manifest and a history file open with: their `format`, checked first,
  /// and the change count they go with.
  static func header(_ object: JSONObject, supported: Int) throws -> (format: Int, changeCount: Int) {
    let format = try checkFormat(object, supported: supported)
    return (format, try object.required("changeCount").changeCount())
  }

  /// A file's top-level object; nil when the file holds some other JSON value.
  static func topObject(_ bytes: [UInt8], mostNodes: Int = .max) throws -> JSONObject? {
    try JSONObject.top(of: bytes, mostNodes: mostNodes)
  }

  /// The most values and keys a manifest or history file of `size` bytes may hold. pb
  /// lays them out pretty-printed, a value or key on a line of its own and indented: its
  /// own files take 12 bytes or more for each; a planted one of `[],[],...` took 3, and
  /// 740 MB for a 64 MiB history. At one for every 6 bytes, nodes cost at most 2.7 times
  /// the file's size.
  static func mostNodes(ofPretty size: Int) -> Int { size / 6 + 4096 }

  /// Parses a file and reads its top-level object with `read`; with `mostNodes`, a file
  /// that holds more values and keys is refused as it is read.
  static func decode<Value>(
    _ bytes: [UInt8], path: String, supported: Int, what: String, mostNodes: Int = .max, as read: (JSONObject) throws -> Value
  ) throws(PasteboardError) -> Value {
    do {
      guard let object = try topObject(bytes, mostNodes: mostNodes) else { throw JSONError.whole("not a pb \(what)") }
      return try read(object)
    } catch let error as PasteboardError {
      // From what `read` needs besides the file (the key that checks history's MACs).
      throw error
    } catch let error as NewerFormat {
      throw .newerFormat(path: path, found: error.found, supported: supported)
    } catch let error as JSONError {
      throw .corruptStore(path: path, reason: error.message)
    } catch {
      throw .corruptStore(path: path, reason: "not a pb \(what)")
    }
  }
}
