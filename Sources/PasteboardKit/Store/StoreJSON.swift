import FoundationEssentials

/// The store's versioned JSON files (manifests, histories): one decoder that maps every
/// failure to the error naming the file and the field (`StoreJSONDecoder`), and one
/// encoder layout.
enum StoreJSON {
  /// Thrown by a file's decoder when its `format` is newer than this pb reads, before
  /// its other fields are read.
  struct NewerFormat: Error {
    var found: Int
  }

  /// Reads the `format` field first and refuses a newer one.
  static func checkFormat<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, key: Key, supported: Int) throws -> Int {
    let format = try container.decode(Int.self, forKey: key)
    if format > supported { throw NewerFormat(found: format) }
    return format
  }

  static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8], path: String, supported: Int, what: String
  ) throws(PasteboardError) -> Value {
    do {
      return try StoreJSONDecoder.decode(type, from: bytes)
    } catch let error as NewerFormat {
      throw .newerFormat(path: path, found: error.found, supported: supported)
    } catch let error as DecodingError {
      throw .corruptStore(path: path, reason: describe(error))
    } catch {
      throw .corruptStore(path: path, reason: "not a pb \(what)")
    }
  }

  /// Pretty-printed with sorted keys, so `cat` shows it readably, and a final newline.
  static func encode<Value: Encodable>(_ value: Value, what: String) throws(PasteboardError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(value)) + [0x0A]
    } catch {
      throw .internalError("cannot encode the \(what): \(error)")
    }
  }

  /// A decoding failure as one short line naming the field: `field items[0].size: -5 is
  /// not a size`.
  static func describe(_ error: DecodingError) -> String {
    func field(_ path: [any CodingKey]) -> String {
      var text = ""
      for key in path {
        if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
      }
      return text.isEmpty ? "" : "field \(text): "
    }
    switch error {
    case .dataCorrupted(let context):
      return field(context.codingPath) + context.debugDescription
    case .keyNotFound(let key, let context):
      return field(context.codingPath + [key]) + "it is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return field(context.codingPath) + "it has the wrong kind of value"
    @unknown default:
      return "not valid"
    }
  }
}
