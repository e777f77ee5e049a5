import Glibc
import LinuxSystem

/// A board's history as stored: `history/<changeCount>.json`, written by the commit that
/// makes that change count, before its manifest, so that the manifest's rename commits
/// both. Documented in docs/store-format.md.
struct HistoryFile {
  /// 6 added each cut file's MAC (`seal`): a pb that cannot check one must not act on
  /// the record, so it refuses the file as newer. 7 added `maxBytes` and `pins`: a pb
  /// that ignored them would drop pinned states and break the budget.
  static let currentFormat = 7
  /// Entries that would make the file larger are dropped, oldest first: readers refuse
  /// larger files as damaged. Each entry holds a state that fitted in a manifest (laid
  /// out one level deeper), so the newest of each stack and the state before secrets,
  /// three states, always fit.
  static let sizeLimit = 4 * Manifest.sizeLimit
  static let longestActionName = 200

  var format: Int
  /// The manifest this history goes with.
  var changeCount: Int
  var history: History

  /// An undo or redo entry and its text in the file it was read from. Writing an equal
  /// entry copies that text rather than laying the entry out anew: a copy rewrites a
  /// history of 50 entries to add one, and the text of the other 49 is already there.
  struct EntryText {
    var entry: HistoryEntry
    /// A stretch of the file's bytes, shared with them rather than copied.
    var text: ArraySlice<UInt8>
  }

  /// The texts of the undo and redo entries as read (`encoded` uses them).
  var entryTexts: [EntryText] = []
  /// What seals the cut files written (see `HistorySeal`); without it they are written
  /// without a MAC, and read back as not authenticated.
  var seal: HistorySeal?

  init(changeCount: Int, history: History, entryTexts: [EntryText] = []) {
    format = Self.currentFormat
    self.changeCount = changeCount
    self.history = history
    self.entryTexts = entryTexts
  }

  /// `board`: the board it is read for, whose cut files' MACs it checks (none: every cut
  /// file read is not authenticated).
  init(json object: JSONObject, board: Pasteboard? = nil) throws {
    (format, changeCount) = try StoreJSON.header(object, supported: Self.currentFormat)
    var seals = SealCheck(board: board)
    let levelsField = try object.required("levelsOfUndo")
    let levels = try levelsField.integer(Int.self)
    guard levels >= 0 else { throw levelsField.damaged("\(levels) is not a number of levels") }
    // Older files have the default budget and no pins: format 7 defines both, and a
    // format 6 file that names them (which no pb writes) is read as format 6 means it.
    let hasPinsAndBudget = format >= 7
    var maxBytes = History.defaultMaxBytes
    if hasPinsAndBudget {
      let maxBytesField = try object.required("maxBytes")
      maxBytes = try maxBytesField.integer(Int64.self)
      guard maxBytes >= 0 else { throw maxBytesField.damaged("\(maxBytes) is not a number of bytes") }
    }
    var texts: [EntryText] = []
    var read = RepresentationsRead()
    func entries(_ key: StaticString) throws -> [HistoryEntry] {
      try object.required(key).array().map {
        let entryObject = try $0.object()
        let entry = try StoredEntry(json: entryObject, reading: &read, seals: &seals).entry
        let span = entryObject.source
        texts.append(EntryText(entry: entry, text: entryObject.tape.bytes[span.start..<span.end]))
        return entry
      }
    }
    history = History(
      levelsOfUndo: levels,
      undoStack: try entries("undo"),
      redoStack: try entries("redo"),
      group: try object.field("group").map { try StoredGroup(json: $0.object()).group },
      beforeSecrets: try object.field("beforeSecrets").map {
        let entry = try StoredEntry(json: $0.object(), reading: &read, seals: &seals).entry
        return History.SavedState(items: entry.items, changeCount: entry.changeCount, actionName: entry.actionName, date: entry.date)
      },
      maxBytes: maxBytes)
    if hasPinsAndBudget, let pinsField = object.field("pins") {
      // pb pins only states it holds, each once: no more than the stacks, the board and
      // the state before secrets. Counted before a pin is read: 100,000 planted pins
      // were read whole (0.64 s of CPU in a debug build) only to be refused.
      let damaged = pinsField.damaged("it names more pins than states, a pin twice, or an empty one")
      let pinFields = try pinsField.array()
      guard pinFields.count <= history.undoStack.count + history.redoStack.count + 2 else { throw damaged }
      let pins = try pinFields.map { try $0.array().map { try $0.dataFileName() } }
      guard Set(pins).count == pins.count, !pins.contains(where: \.isEmpty) else { throw damaged }
      history.pins = pins
    }
    entryTexts = texts
  }

  /// Undo and redo entries sit at this depth in every history file (see `EntryText`).
  private static let entryDepth = 2

  /// The text each entry was read with, when it is unchanged (nil for one to lay out).
  private func textsRead(_ entries: [HistoryEntry]) -> [ArraySlice<UInt8>?] {
    var next = 0
    return entries.map { entry in
      // Entries keep their order from file to file: search on from the last one found.
      for index in entryTexts.indices.dropFirst(next) where entryTexts[index].entry.changeCount == entry.changeCount {
        guard entryTexts[index].entry == entry else { break }
        next = index + 1
        return entryTexts[index].text
      }
      return nil
    }
  }

  private func text(_ entry: HistoryEntry, read: ArraySlice<UInt8>?) -> ArraySlice<UInt8> {
    read ?? StoredEntry(entry).json(sealedWith: seal).pretty(atDepth: Self.entryDepth)[...]
  }

  private func json(undo: [ArraySlice<UInt8>], redo: [ArraySlice<UInt8>]) -> JSONValue {
    .members([
      "format": .integer(format), "changeCount": .integer(changeCount), "levelsOfUndo": .integer(history.levelsOfUndo),
      "maxBytes": .integer(history.maxBytes), "pins": history.pins.isEmpty ? nil : .array(history.pins.map { .array($0.map(JSONValue.string)) }),
      "undo": .array(undo.map(JSONValue.laidOut)), "redo": .array(redo.map(JSONValue.laidOut)),
      "group": history.group.map { StoredGroup($0).json },
      // Kept as an entry so that it is checked as one.
      "beforeSecrets": history.beforeSecrets.map {
        StoredEntry(HistoryEntry(actionName: $0.actionName, date: $0.date, items: $0.items, changeCount: $0.changeCount))
          .json(sealedWith: nil)
      },
    ])
  }

  static func decode(_ bytes: [UInt8], path: String, board: Pasteboard? = nil) throws(PasteboardError) -> HistoryFile {
    try StoreJSON.decode(bytes, path: path, supported: currentFormat, what: "history", mostNodes: StoreJSON.mostNodes(ofPretty: bytes.count)) {
      try HistoryFile(json: $0, board: board)
    }
  }

  /// The encoded file; when it would pass the size limit, the oldest entries go first
  /// (redo, then undo). The newest entry of each stack is never dropped: a change is not
  /// committed without the entry that undoes it. `path` names the file in messages.
  /// Linear however many go: each entry is laid out at most once, and the ones that go
  /// not at all (dropped one at a time, the file laid out anew each time, 180,000 entries
  /// took minutes).
  mutating func encoded(path: String) throws(PasteboardError) -> [UInt8] {
    let (undoRead, redoRead) = (textsRead(history.undoStack), textsRead(history.redoStack))
    // The newest of each stack is kept whatever its size; then the undo entries, newest
    // first, while they fit, and only when all of them do, the redo entries.
    var undo = history.undoStack.last.map { [text($0, read: undoRead.last!)] } ?? []
    var redo = history.redoStack.last.map { [text($0, read: redoRead.last!)] } ?? []
    var room = Self.sizeLimit - json(undo: undo, redo: redo).pretty.count
    if room < 0 { throw .historyTooLarge(path: path, limit: Self.sizeLimit) }
    // Past the first, an entry takes its text and a separator.
    let separator = JSONValue.prettyElementSeparatorSize(depth: Self.entryDepth)
    func keep(_ entries: [HistoryEntry], read: [ArraySlice<UInt8>?], into kept: inout [ArraySlice<UInt8>]) -> Bool {
      for index in entries.indices.dropLast().reversed() {
        let laid = text(entries[index], read: read[index])
        room -= laid.count + separator
        if room < 0 { break }
        kept.append(laid)
      }
      kept.reverse()
      return room >= 0
    }
    if keep(history.undoStack, read: undoRead, into: &undo) {
      _ = keep(history.redoStack, read: redoRead, into: &redo)
    }
    history.undoStack.removeFirst(history.undoStack.count - undo.count)
    history.redoStack.removeFirst(history.redoStack.count - redo.count)
    return json(undo: undo, redo: redo).pretty
  }
}

/// An entry as stored, its fields checked as they are read.
private struct StoredEntry {
  var entry: HistoryEntry

  init(_ entry: HistoryEntry) {
    self.entry = entry
  }

  init(json object: JSONObject, reading read: inout RepresentationsRead, seals: inout SealCheck) throws {
    let name = try object.required("actionName").actionName()
    let date = try object.required("date").millisecondTimestamp()
    let count = try object.required("changeCount").changeCount()
    let items = try object.required("items").historyItems(reading: &read)
    entry = HistoryEntry(
      actionName: name, date: date, items: items, changeCount: count,
      cutFiles: try object.field("cutFiles")?.array().map { try CutFile(json: $0.object(), entryCount: count, seals: &seals) } ?? [])
  }

  /// A cut file not authenticated is written without a MAC, and so stays one.
  func json(sealedWith seal: HistorySeal?) -> JSONValue {
    let cutFiles = entry.cutFiles.map { cut in
      cut.json(seal: cut.authenticated ? seal?.seal(cut, entryCount: entry.changeCount) : nil)
    }
    return .members([
      "actionName": .string(entry.actionName), "date": .string(Timestamp.format(millisecondsSince1970: entry.date)),
      "changeCount": .integer(entry.changeCount), "items": .array(entry.items.map(\.json)),
      "cutFiles": cutFiles.isEmpty ? nil : .array(cutFiles),
    ])
  }
}

/// Checks the MACs of one history file's cut files as they are read, for its board:
/// the user's key (where the board's settings say) is read at the first one (a history
/// without cut files never needs it).
struct SealCheck {
  var board: Pasteboard?
  private var seal: HistorySeal??

  init(board: Pasteboard?) {
    self.board = board
  }

  mutating func verifies(_ cut: CutFile, entryCount count: Int, seal text: String) throws -> Bool {
    if seal == nil {
      if let board, let key = try HistoryKey.key(creating: false, settings: board.settings) {
        seal = .some(HistorySeal(key: key, board: board.name))
      } else {
        seal = .some(nil)
      }
    }
    guard case .some(.some(let seal)) = seal else { return false }
    return seal.verifies(cut, entryCount: count, seal: text)
  }

  /// The authenticated cut files read so far, by entry and data file: a MAC binds a
  /// record to both, so a repeated one is the same record planted again (a repeated
  /// entry, or a record copied within its entry), which undo would act on twice.
  private var authenticated: Set<String> = []

  mutating func isFirst(_ cut: CutFile, entryCount count: Int) -> Bool {
    authenticated.insert("\(count)/\(cut.file)").inserted
  }
}

private struct StoredGroup {
  var group: UndoGroup

  init(_ group: UndoGroup) {
    self.group = group
  }

  init(json object: JSONObject) throws {
    let name = try object.field("name")?.actionName()
    let openersField = try object.required("openers")
    let openers = try openersField.array().map { try ProcessIdentity(json: $0.object()) }
    guard !openers.isEmpty, openers.count <= 1000 else { throw openersField.damaged("a group has 1 to 1000 levels") }
    group = UndoGroup(name: name, openers: openers, hasEntry: try object.required("hasEntry").bool())
  }

  var json: JSONValue {
    .members(["name": group.name.map(JSONValue.string), "openers": .array(group.openers.map(\.json)), "hasEntry": .bool(group.hasEntry)])
  }
}

extension CutFile {
  /// A cut file is read as pb writes it, because undo and redo act outside the store on
  /// its word: an absolute, normalised path, a mode of permission bits, and, when undo
  /// put it back, a path in the same folder under the same name or `NAME.restored...`.
  /// It is authenticated only with a MAC that `seals` verifies for entry `count`.
  init(json object: JSONObject, entryCount count: Int, seals: inout SealCheck) throws {
    let pathField = try object.required("path")
    path = try pathField.string()
    guard Self.isNormalisedAbsolute(path) else { throw pathField.damaged("it is not an absolute, normalised path") }
    file = try object.required("file").dataFileName()
    let modeField = try object.required("mode")
    mode = try modeField.integer(UInt32.self)
    guard mode <= 0o7777 else { throw modeField.damaged("\(mode) is not a file mode") }
    modified = try object.required("modified").integer(Int64.self)
    if let restoredField = object.field("restored") {
      let restoredObject = try restoredField.object()
      let placeField = try restoredObject.required("path")
      let place = try placeField.string()
      guard Self.isPlaceForPuttingBack(place, of: path) else {
        throw placeField.damaged("it is not the cut file's path or a NAME.restored next to it")
      }
      restored = RestoredFile(path: place, identity: try FileIdentity(json: restoredObject.required("identity").object()))
    }
    authenticated = false
    if let sealField = object.field("seal") {
      authenticated = try seals.verifies(self, entryCount: count, seal: sealField.string())
      // pb writes each cut file once: a copy would have undo put it back again.
      if authenticated, !seals.isFirst(self, entryCount: count) {
        throw sealField.damaged("the cut file \(file) of change \(count) is named twice")
      }
    }
  }

  func json(seal: String?) -> JSONValue {
    .members([
      "path": .string(path), "file": .string(file), "mode": .integer(mode), "modified": .integer(modified),
      "restored": restored.map { .members(["path": .string($0.path), "identity": $0.identity.json]) },
      "seal": seal.map(JSONValue.string),
    ])
  }

  /// `/a/b`: absolute, shorter than PATH_MAX, no empty, `.` or `..` component, no NUL.
  static func isNormalisedAbsolute(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/"), bytes.count > 1, bytes.count < 4096, !bytes.contains(0) else { return false }
    return bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { component in
      !component.isEmpty && !component.elementsEqual([UInt8(ascii: ".")]) && !component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
    }
  }

  /// Where undo may put a cut file back: its own path, `NAME.restored`,
  /// `NAME.restored-2` ... `NAME.restored-99` in the same folder (see `placeNames`), or,
  /// when a race stopped it there, the hidden name it made the file under.
  static func isPlaceForPuttingBack(_ place: String, of path: String) -> Bool {
    if place == path { return true }
    guard isNormalisedAbsolute(place) else { return false }
    let (folder, name) = Pasteboard.split(path)
    let (placeFolder, placeName) = Pasteboard.split(place)
    return folder == placeFolder && (placeNames(for: name).contains(placeName) || Journal.Step.isTemporaryName(placeName, for: path))
  }

  /// Where a cut file goes back, in order: its own name, then beside a newcomer there as
  /// `NAME.restored`, `NAME.restored-2`... (the name shortened to keep within NAME_MAX).
  static func placeNames(for name: String) -> [String] {
    [name] + ([".restored"] + (2..<100).map { ".restored-\($0)" }).map { suffix in
      var kept = name.unicodeScalars[...]
      while PathBytes.bytes(String(kept)).count + suffix.utf8.count > Int(NAME_MAX) { kept = kept.dropLast() }
      return String(kept) + suffix
    }
  }
}

extension FileIdentity {
  init(json object: JSONObject) throws {
    device = try object.required("device").integer(UInt64.self)
    inode = try object.required("inode").integer(UInt64.self)
    let sizeField = try object.required("size")
    size = try sizeField.integer(Int64.self)
    guard size >= 0 else { throw sizeField.damaged("\(size) is not a size") }
    modified = try object.required("modified").integer(Int64.self)
    changed = try object.required("changed").integer(Int64.self)
  }

  var json: JSONValue {
    .members([
      "device": .integer(device), "inode": .integer(inode), "size": .integer(size), "modified": .integer(modified),
      "changed": .integer(changed),
    ])
  }
}

extension JSONField {
  /// An undo entry's or group's name: shown on one line, so not empty and not too long.
  func actionName() throws -> String {
    let name = try string()
    guard !name.isEmpty, name.utf8.count <= HistoryFile.longestActionName else { throw damaged("it is empty or too long") }
    return name
  }

  /// An undo entry's items: never a concealed one or one written without undo.
  func historyItems() throws -> [Item] {
    var read = RepresentationsRead()
    return try historyItems(reading: &read)
  }

  func historyItems(reading read: inout RepresentationsRead) throws -> [Item] {
    let items = try array().map { try Item(json: $0.object(), reading: &read) }
    if items.contains(where: { !$0.isRecordable }) {
      throw damaged("history holds a concealed item, or one written without undo, which it never keeps")
    }
    return items
  }
}
