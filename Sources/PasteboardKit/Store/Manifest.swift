import FoundationEssentials

/// The committed description of a pasteboard at one change count, stored as
/// `state/<changeCount>.json`. Documented in docs/store-format.md.
struct Manifest: Codable, Equatable {
  /// 2 added item attributes (`expires`, `concealed`) and `changeKind`; 3 added
  /// `noUndo` and the change kinds `undone` and `redone`.
  static let currentFormat = 3
  /// Change counts are 0..<Int64.max; a board at the highest refuses further changes.
  static let highestChangeCount = Int(Int64.max) - 1
  /// The most a manifest file may hold; pb never writes one this large.
  static let sizeLimit = 16 << 20

  var format: Int
  var changeCount: Int
  /// Seconds since 1970 when the change was committed; stored as a UTC timestamp.
  var date: Int?
  var items: [Item]
  var changeKind: ChangeKind = .done

  static func empty() -> Manifest {
    Manifest(format: currentFormat, changeCount: 0, date: nil, items: [])
  }

  private enum CodingKeys: String, CodingKey {
    case format, changeCount, date, items, changeKind
  }

  init(format: Int, changeCount: Int, date: Int?, items: [Item], changeKind: ChangeKind = .done) {
    self.format = format
    self.changeCount = changeCount
    self.date = date
    self.items = items
    self.changeKind = changeKind
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try StoreJSON.checkFormat(container, key: .format, supported: Self.currentFormat)
    changeCount = try container.decode(Int.self, forKey: .changeCount)
    guard (0...Self.highestChangeCount).contains(changeCount) else {
      throw DecodingError.dataCorruptedError(
        forKey: .changeCount, in: container, debugDescription: "\(changeCount) is not a change count from 0 to \(Self.highestChangeCount)")
    }
    if let timestamp = try container.decodeIfPresent(String.self, forKey: .date) {
      guard let seconds = Timestamp.parse(timestamp) else {
        throw DecodingError.dataCorruptedError(
          forKey: .date, in: container, debugDescription: "'\(timestamp)' is not a YYYY-MM-DDTHH:MM:SSZ timestamp")
      }
      date = seconds
    }
    items = try container.decode([Item].self, forKey: .items)
    changeKind = try container.decodeIfPresent(ChangeKind.self, forKey: .changeKind) ?? .done
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(changeCount, forKey: .changeCount)
    try container.encodeIfPresent(date.map { Timestamp.format(secondsSince1970: $0) }, forKey: .date)
    try container.encode(items, forKey: .items)
    try container.encode(changeKind, forKey: .changeKind)
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> Manifest {
    try StoreJSON.decode(Manifest.self, from: bytes, path: path, supported: currentFormat, what: "manifest")
  }

  func encoded() throws(PasteboardError) -> [UInt8] {
    try StoreJSON.encode(self, what: "manifest")
  }
}

extension Representation {
  /// Checks every field as it is read: the file must be one plain name of the form pb
  /// writes, the size a size, the type a well-formed identifier.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let typeText = try container.decode(String.self, forKey: .type)
    guard (try? TypeIdentifier.parseIdentifier(typeText)) != nil, typeText.utf8.count <= 255 else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "'\(Display.value(typeText))' is not a type identifier")
    }
    let file = try container.decode(String.self, forKey: .file)
    guard StoreFiles.isDataFileName(file) else {
      throw DecodingError.dataCorruptedError(
        forKey: .file, in: container, debugDescription: "'\(Display.value(file))' is not a data file name pb writes")
    }
    let size = try container.decode(Int64.self, forKey: .size)
    guard size >= 0 else {
      throw DecodingError.dataCorruptedError(forKey: .size, in: container, debugDescription: "\(size) is not a size")
    }
    self.init(
      type: TypeIdentifier(typeText), file: file, size: size,
      typeSource: try container.decode(TypeSource.self, forKey: .typeSource))
  }
}

extension Item: Codable {
  private enum CodingKeys: String, CodingKey {
    case representations, expires, concealed, noUndo
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    representations = try container.decode([Representation].self, forKey: .representations)
    if representations.isEmpty {
      throw DecodingError.dataCorruptedError(forKey: .representations, in: container, debugDescription: "an item has no representation")
    }
    if let text = try container.decodeIfPresent(String.self, forKey: .expires) {
      guard let time = Timestamp.parseMilliseconds(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .expires, in: container, debugDescription: "'\(Display.value(text))' is not a YYYY-MM-DDTHH:MM:SS.mmmZ timestamp")
      }
      expires = time
    }
    concealed = try container.decodeIfPresent(Bool.self, forKey: .concealed) ?? false
    recorded = !(try container.decodeIfPresent(Bool.self, forKey: .noUndo) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(representations, forKey: .representations)
    try container.encodeIfPresent(expires.map { Timestamp.format(millisecondsSince1970: $0) }, forKey: .expires)
    if concealed { try container.encode(true, forKey: .concealed) }
    if !recorded { try container.encode(true, forKey: .noUndo) }
  }
}

extension PasteboardState {
  /// The state readers see at `time`: items that have expired are gone from it.
  init(name: String, manifest: Manifest, at time: Int64 = TimeSpec.now()) {
    self.init(
      name: name, changeCount: manifest.changeCount, items: manifest.items.filter { !$0.hasExpired(at: time) },
      modificationDate: manifest.date, changeKind: manifest.changeKind)
  }
}
