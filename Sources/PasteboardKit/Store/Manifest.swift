import FoundationEssentials

/// The committed description of a pasteboard at one change count, stored as
/// `state/<changeCount>.json`. Documented in docs/store-format.md.
struct Manifest: Codable, Equatable {
  static let currentFormat = 1

  var format: Int
  var changeCount: Int
  /// Seconds since 1970 when the change was committed; stored as a UTC timestamp.
  var date: Int?
  var items: [Item]

  static func empty() -> Manifest {
    Manifest(format: currentFormat, changeCount: 0, date: nil, items: [])
  }

  private enum CodingKeys: String, CodingKey {
    case format, changeCount, date, items
  }

  /// Thrown while decoding a manifest of a newer format, before its other fields are read.
  private struct NewerFormat: Error {
    var found: Int
  }

  init(format: Int, changeCount: Int, date: Int?, items: [Item]) {
    self.format = format
    self.changeCount = changeCount
    self.date = date
    self.items = items
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try container.decode(Int.self, forKey: .format)
    if format > Self.currentFormat { throw NewerFormat(found: format) }
    changeCount = try container.decode(Int.self, forKey: .changeCount)
    if let timestamp = try container.decodeIfPresent(String.self, forKey: .date) {
      guard let seconds = Timestamp.parse(timestamp) else {
        throw DecodingError.dataCorruptedError(
          forKey: .date, in: container, debugDescription: "'\(timestamp)' is not a YYYY-MM-DDTHH:MM:SSZ timestamp")
      }
      date = seconds
    }
    items = try container.decode([Item].self, forKey: .items)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(changeCount, forKey: .changeCount)
    try container.encodeIfPresent(date.map { Timestamp.format(secondsSince1970: $0) }, forKey: .date)
    try container.encode(items, forKey: .items)
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> Manifest {
    let decoder = JSONDecoder()
    do {
      return try decoder.decode(Manifest.self, from: Data(bytes))
    } catch let error as NewerFormat {
      throw .newerFormat(path: path, found: error.found, supported: currentFormat)
    } catch {
      throw .corruptStore(path: path, reason: "not a pb manifest: \(error)")
    }
  }

  func encoded() throws(PasteboardError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(self)) + [0x0A]
    } catch {
      throw .internalError("cannot encode the manifest: \(error)")
    }
  }
}

extension PasteboardState {
  init(name: String, manifest: Manifest) {
    self.init(
      name: name, changeCount: manifest.changeCount, items: manifest.items,
      modificationDate: manifest.date)
  }
}
