import FoundationEssentials

/// A board's history as stored: `history/<changeCount>.json`, written by the commit that
/// makes that change count, before its manifest, so that the manifest's rename commits
/// both. Documented in docs/store-format.md.
struct HistoryFile: Codable {
  static let currentFormat = 3
  /// Entries that would make the file larger are dropped, oldest first: readers refuse
  /// larger files as damaged.
  static let sizeLimit = Manifest.sizeLimit
  static let longestActionName = 200

  var format: Int
  /// The manifest this history goes with.
  var changeCount: Int
  var history: History

  private enum CodingKeys: String, CodingKey {
    case format, changeCount, levelsOfUndo, undo, redo, group, beforeSecrets
  }

  init(changeCount: Int, history: History) {
    format = Self.currentFormat
    self.changeCount = changeCount
    self.history = history
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try StoreJSON.checkFormat(container, key: .format, supported: Self.currentFormat)
    changeCount = try container.decode(Int.self, forKey: .changeCount)
    guard (0...Manifest.highestChangeCount).contains(changeCount) else {
      throw DecodingError.dataCorruptedError(forKey: .changeCount, in: container, debugDescription: "\(changeCount) is not a change count")
    }
    let levels = try container.decode(Int.self, forKey: .levelsOfUndo)
    guard levels >= 0 else {
      throw DecodingError.dataCorruptedError(forKey: .levelsOfUndo, in: container, debugDescription: "\(levels) is not a number of levels")
    }
    history = History(
      levelsOfUndo: levels,
      undoStack: try container.decode([StoredEntry].self, forKey: .undo).map(\.entry),
      redoStack: try container.decode([StoredEntry].self, forKey: .redo).map(\.entry),
      group: try container.decodeIfPresent(StoredGroup.self, forKey: .group)?.group,
      beforeSecrets: try container.decodeIfPresent(StoredEntry.self, forKey: .beforeSecrets).map {
        History.SavedState(items: $0.entry.items, changeCount: $0.entry.changeCount)
      })
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(changeCount, forKey: .changeCount)
    try container.encode(history.levelsOfUndo, forKey: .levelsOfUndo)
    try container.encode(history.undoStack.map(StoredEntry.init), forKey: .undo)
    try container.encode(history.redoStack.map(StoredEntry.init), forKey: .redo)
    try container.encodeIfPresent(history.group.map(StoredGroup.init), forKey: .group)
    // Kept as an entry (its action and date unused) so that it is checked as one.
    try container.encodeIfPresent(
      history.beforeSecrets.map {
        StoredEntry(HistoryEntry(actionName: "State", date: 0, items: $0.items, changeCount: $0.changeCount))
      }, forKey: .beforeSecrets)
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> HistoryFile {
    try StoreJSON.decode(HistoryFile.self, from: bytes, path: path, supported: currentFormat, what: "history")
  }

  /// The encoded file; when it would pass the size limit, the oldest entries go first.
  mutating func encoded() throws(PasteboardError) -> [UInt8] {
    while true {
      let bytes = try StoreJSON.encode(self, what: "history")
      if bytes.count <= Self.sizeLimit { return bytes }
      if !history.redoStack.isEmpty {
        history.redoStack.removeFirst()
      } else if !history.undoStack.isEmpty {
        history.undoStack.removeFirst()
      } else {
        throw .internalError("the history of an empty board does not fit its file")
      }
    }
  }
}

/// An entry as stored, its fields checked as they are read.
private struct StoredEntry: Codable {
  var entry: HistoryEntry

  private enum CodingKeys: String, CodingKey {
    case actionName, date, items, changeCount, cutFiles
  }

  init(_ entry: HistoryEntry) {
    self.entry = entry
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .actionName)
    guard !name.isEmpty, name.utf8.count <= HistoryFile.longestActionName else {
      throw DecodingError.dataCorruptedError(forKey: .actionName, in: container, debugDescription: "it is empty or too long")
    }
    let dateText = try container.decode(String.self, forKey: .date)
    guard let date = Timestamp.parseMilliseconds(dateText) else {
      throw DecodingError.dataCorruptedError(
        forKey: .date, in: container, debugDescription: "'\(Display.value(dateText))' is not a YYYY-MM-DDTHH:MM:SS.mmmZ timestamp")
    }
    let count = try container.decode(Int.self, forKey: .changeCount)
    guard (0...Manifest.highestChangeCount).contains(count) else {
      throw DecodingError.dataCorruptedError(forKey: .changeCount, in: container, debugDescription: "\(count) is not a change count")
    }
    let items = try container.decode([Item].self, forKey: .items)
    if items.contains(where: { !$0.isRecordable }) {
      throw DecodingError.dataCorruptedError(
        forKey: .items, in: container, debugDescription: "history holds a concealed or --no-undo item, which it never keeps")
    }
    entry = HistoryEntry(
      actionName: name, date: date, items: items, changeCount: count,
      cutFiles: try container.decodeIfPresent([CutFile].self, forKey: .cutFiles) ?? [])
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entry.actionName, forKey: .actionName)
    try container.encode(Timestamp.format(millisecondsSince1970: entry.date), forKey: .date)
    try container.encode(entry.changeCount, forKey: .changeCount)
    try container.encode(entry.items, forKey: .items)
    if !entry.cutFiles.isEmpty { try container.encode(entry.cutFiles, forKey: .cutFiles) }
  }
}

private struct StoredGroup: Codable {
  var group: UndoGroup

  private enum CodingKeys: String, CodingKey {
    case name, openers, hasEntry
  }

  init(_ group: UndoGroup) {
    self.group = group
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decodeIfPresent(String.self, forKey: .name)
    if let name, name.isEmpty || name.utf8.count > HistoryFile.longestActionName {
      throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "it is empty or too long")
    }
    let openers = try container.decode([ProcessIdentity].self, forKey: .openers)
    guard !openers.isEmpty, openers.count <= 1000 else {
      throw DecodingError.dataCorruptedError(forKey: .openers, in: container, debugDescription: "a group has 1 to 1000 levels")
    }
    group = UndoGroup(name: name, openers: openers, hasEntry: try container.decode(Bool.self, forKey: .hasEntry))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(group.name, forKey: .name)
    try container.encode(group.openers, forKey: .openers)
    try container.encode(group.hasEntry, forKey: .hasEntry)
  }
}

extension CutFile: Codable {
  private enum CodingKeys: String, CodingKey {
    case path, file, mode, modified
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decode(String.self, forKey: .path)
    guard path.hasPrefix("/"), !path.utf8.contains(0), path.utf8.count < 4096 else {
      throw DecodingError.dataCorruptedError(forKey: .path, in: container, debugDescription: "it is not an absolute path")
    }
    file = try container.decode(String.self, forKey: .file)
    guard StoreFiles.isDataFileName(file) else {
      throw DecodingError.dataCorruptedError(
        forKey: .file, in: container, debugDescription: "'\(Display.value(file))' is not a data file name pb writes")
    }
    mode = try container.decode(UInt32.self, forKey: .mode)
    guard mode <= 0o7777 else {
      throw DecodingError.dataCorruptedError(forKey: .mode, in: container, debugDescription: "\(mode) is not a file mode")
    }
    modified = try container.decode(Int64.self, forKey: .modified)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(file, forKey: .file)
    try container.encode(mode, forKey: .mode)
    try container.encode(modified, forKey: .modified)
  }
}
