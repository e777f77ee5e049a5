import FoundationEssentials

/// The committed description of a pasteboard at one change count, stored as
/// `state/<changeCount>.json`. Documented in docs/store-format.md.
struct Manifest: Codable, Equatable {
  static let currentFormat = 1

  var format: Int
  var changeCount: Int
  var date: Date?
  var items: [Item]

  static func empty() -> Manifest {
    Manifest(format: currentFormat, changeCount: 0, date: nil, items: [])
  }

  private struct FormatProbe: Decodable {
    var format: Int
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> Manifest {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      let probe = try decoder.decode(FormatProbe.self, from: data)
      if probe.format > currentFormat {
        throw PasteboardError.newerFormat(path: path, found: probe.format, supported: currentFormat)
      }
      return try decoder.decode(Manifest.self, from: data)
    } catch let error as PasteboardError {
      throw error
    } catch {
      throw .corruptStore(path: path, reason: "not a pb manifest: \(error)")
    }
  }

  func encoded() throws(PasteboardError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    do {
      return Array(try encoder.encode(self)) + [0x0A]
    } catch {
      throw .internalError("cannot encode the manifest: \(error)")
    }
  }
}
