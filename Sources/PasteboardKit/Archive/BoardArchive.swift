import Glibc
import LinuxSystem

/// A board as one pax tar stream (`pb export`, `pb import --archive`): a JSON manifest
/// first, then one member per data file, in the manifest's order. Documented in
/// docs/archive-format.md.
public enum BoardArchive {
  public static let format = "pb-archive"
  public static let version = 1
  public static let manifestName = "pb-archive.json"
  /// How many data files an export holds open at once before writing: all of a board's
  /// usual few, well under the usual limit of 1,024 descriptors.
  static let openedAtOnce = 256
  /// Data members are `data/<name>`, the name a file of the manifest's `files`.
  static let dataPrefix = "data/"
  /// A manifest holds at most a board's state and its history, each capped by the store.
  public static let manifestLimit = Manifest.sizeLimit + HistoryFile.sizeLimit
  /// The most JSON values and keys a manifest may hold. pb's export of the fullest board
  /// (a 16 MiB manifest and a 64 MiB history of one-representation entries, each value
  /// on a line of its own) holds about 4 million; as many numbers, `1,1,...`, fit in 8 MiB,
  /// and each costs the parser 20 bytes: past this, a manifest is refused as it is read,
  /// after 120 MB rather than 900.
  static let mostManifestNodes = 6_000_000

  /// What an export wrote.
  public struct Exported: Sendable {
    public var items: Int
    /// Concealed items not written (no `--concealed`).
    public var concealedLeftOut: Int
  }

  /// What an import stored.
  public struct Imported: Sendable {
    public var state: PasteboardState
    /// Items the archive held that had expired by the time it was read.
    public var expiredLeftOut: Int
    /// Whether the archive's history was left out (an append takes items only).
    public var historyLeftOut: Bool
    /// Whether a bridge's archive was left out as older than what the board took already.
    public var refused = false
  }

  /// The manifest as read, every field checked.
  struct Contents {
    var board: String
    var files: [(name: String, size: Int64)]
    var items: [Item]
    var undo: [HistoryEntry]?
    var redo: [HistoryEntry]?
    /// Only in a remote bridge's archives.
    var bridge: BridgeStamp?

    var json: JSONValue {
      .members([
        "format": .string(BoardArchive.format), "version": .integer(BoardArchive.version), "board": .string(board),
        "files": .array(files.map { .members(["name": .string($0.name), "size": .integer($0.size)]) }),
        "items": .array(items.map(\.json)),
        "history": undo.map { undo in
          .members(["undo": .array(undo.map(Self.entryJSON)), "redo": .array((redo ?? []).map(Self.entryJSON))])
        },
        "bridge": bridge?.json,
      ])
    }

    static func entryJSON(_ entry: HistoryEntry) -> JSONValue {
      .members([
        "actionName": .string(entry.actionName), "date": .string(Timestamp.format(millisecondsSince1970: entry.date)),
        "items": .array(entry.items.map(\.json)),
      ])
    }

    init(
      board: String, files: [(name: String, size: Int64)], items: [Item], undo: [HistoryEntry]?, redo: [HistoryEntry]?,
      bridge: BridgeStamp? = nil
    ) {
      self.board = board
      self.files = files
      self.items = items
      self.undo = undo
      self.redo = redo
      self.bridge = bridge
    }

    /// Reads a manifest as untrusted input: the format and version first, then every field
    /// as the store reads its own (types, file names, sizes, timestamps), and the files
    /// against the items: each listed once, each named by an item, of the size it says.
    init(json object: JSONObject) throws {
      let formatField = try object.required("format")
      guard (try? formatField.string()) == BoardArchive.format else { throw JSONError.whole("it is not a pb archive") }
      let versionField = try object.required("version")
      let version = try versionField.integer(Int.self)
      guard version == BoardArchive.version else { throw VersionMismatch(found: version) }
      board = try object.required("board").string()
      var sizes: [String: Int64] = [:]
      files = try object.required("files").array().map { field in
        let file = try field.object()
        let name = try file.required("name").dataFileName()
        let sizeField = try file.required("size")
        let size = try sizeField.integer(Int64.self)
        guard size >= 0 else { throw sizeField.damaged("\(size) is not a size") }
        guard sizes.updateValue(size, forKey: name) == nil else { throw field.damaged("'\(name)' is listed twice") }
        return (name, size)
      }
      var named: Set<String> = []
      func checked(_ items: [Item], at field: JSONField) throws -> [Item] {
        for (index, item) in items.enumerated() where item.representations.count > Item.mostRepresentations {
          throw PastLimit(
            reason: "item \(index + 1) of \(field.path) holds \(item.representations.count) representations, "
              + "more than the \(Item.mostRepresentations) one item holds")
        }
        for item in items {
          // A set, not a search of the representations before: an item may hold a great many.
          var types: Set<TypeIdentifier> = []
          for representation in item.representations {
            guard let size = sizes[representation.file] else {
              throw field.damaged("'\(representation.file)' is not among the files")
            }
            guard size == representation.size else {
              throw field.damaged("'\(representation.file)' is \(representation.size) bytes there and \(size) among the files")
            }
            guard types.insert(representation.type).inserted else {
              throw field.damaged("an item holds \(representation.type) twice")
            }
            named.insert(representation.file)
          }
        }
        return items
      }
      let itemsField = try object.required("items")
      items = try checked(try itemsField.array().map { try Item(json: $0.object()) }, at: itemsField)
      if let history = try object.field("history")?.object() {
        func entries(_ key: StaticString) throws -> [HistoryEntry] {
          try history.required(key).array().map { field in
            let entry = try field.object()
            let name = try entry.required("actionName").actionName()
            let itemsField = try entry.required("items")
            let items = try checked(try itemsField.historyItems(), at: itemsField)
            return HistoryEntry(
              actionName: name, date: try entry.required("date").millisecondTimestamp(), items: items, changeCount: 0)
          }
        }
        undo = try entries("undo")
        redo = try entries("redo")
      }
      bridge = try object.field("bridge").map { try BridgeStamp(json: $0.object()) }
      if let unnamed = files.first(where: { !named.contains($0.name) }) {
        throw JSONError(field: "files", reason: "'\(unnamed.name)' is named by no item")
      }
    }
  }

  struct VersionMismatch: Error {
    var found: Int
  }

  /// A manifest that holds more than a board does.
  struct PastLimit: Error {
    var reason: String
  }

  /// Reads and checks a manifest's bytes; failures name the source and what is wrong.
  static func decode(_ bytes: [UInt8], source: String) throws(PasteboardError) -> Contents {
    do {
      guard let object = try StoreJSON.topObject(bytes, mostNodes: mostManifestNodes) else {
        throw JSONError.whole("it is not a pb archive")
      }
      return try Contents(json: object)
    } catch let error as VersionMismatch {
      throw .badArchive(
        source: source,
        reason: "it is a pb archive of version \(error.found), and this pb reads version \(version) only "
          + "(import it with a pb that reads version \(error.found))")
    } catch let error as PastLimit {
      throw .badArchive(source: source, reason: error.reason)
    } catch let error as JSONError {
      throw .badArchive(source: source, reason: "its manifest is damaged: \(error.message)")
    } catch {
      throw .badArchive(source: source, reason: "its manifest is not valid JSON")
    }
  }
}

extension Pasteboard {
  /// Writes the board as an archive to `output`: its items (concealed ones only with
  /// `concealed`) and, with `history`, its undo and redo stacks (without cut files, which
  /// name places on this machine), every data file they name once. The state and the
  /// history are of one change count; a writer that takes a data file away while it is
  /// written makes the export fail (75) rather than write another state's bytes.
  /// `stamped` (a remote bridge's) says which change the archive carries.
  public func exportArchive(to output: Descriptor, history withHistory: Bool, concealed: Bool, stamped: Bool = false)
    throws(PasteboardError) -> BoardArchive.Exported
  {
    try readConsistently("read the state of") { () throws(PasteboardError) -> BoardArchive.Exported? in
      let (state, history) = withHistory ? try stateAndHistory() : (try state(), History())
      let now = TimeSpec.now()
      var kept = history
      kept.dropExpired(at: now)
      let items = state.items.filter { concealed || !$0.concealed }
      let undo = withHistory ? kept.undoSteps : nil
      let redo = withHistory ? kept.redoStack : nil
      var files: [Representation] = []
      var listed: Set<String> = []
      let all = items + (undo ?? []).flatMap(\.items) + (redo ?? []).flatMap(\.items)
      for representation in all.flatMap(\.representations) where listed.insert(representation.file).inserted {
        files.append(representation)
      }
      let manifestPath = path + "/" + Folder.state + "/\(state.changeCount).json"
      // Every file is opened (or, past `openedAtOnce`, checked) before a byte is written:
      // a state replaced meanwhile is read again rather than failing half-written, and an
      // open file stays readable when a writer lets go of it.
      var opened: [Descriptor] = []
      var present = true
      for file in files.prefix(BoardArchive.openedAtOnce) {
        guard let data = try openData(file, manifestPath: manifestPath) else {
          present = false
          break
        }
        opened.append(data)
      }
      if present, files.count > opened.count {
        if let data = try folder(Folder.data) {
          for file in files.dropFirst(opened.count) where try !checkData(file, in: data, manifestPath: manifestPath) { present = false }
        } else {
          present = false
        }
      }
      if !present { return nil }
      let contents = BoardArchive.Contents(
        board: name, files: files.map { ($0.file, $0.size) }, items: items, undo: undo, redo: redo,
        bridge: stamped ? try bridgeStamp(of: state) : nil)
      let writer = TarWriter(to: output, modified: now / 1000)
      func writing(_ body: () throws(SystemError) -> Void) throws(PasteboardError) {
        do { try body() } catch { throw PasteboardError(error) }
      }
      try writing { () throws(SystemError) in try writer.writeMember(named: BoardArchive.manifestName, bytes: contents.json.pretty) }
      for (index, file) in files.enumerated() {
        // Gone since it was checked: a writer replaced the state and let go of it.
        guard let data = index < opened.count ? opened[index] : try openData(file, manifestPath: manifestPath) else {
          throw .changedWhileReading(board: name, changeCount: state.changeCount)
        }
        try writing { () throws(SystemError) in
          try writer.writeMember(named: BoardArchive.dataPrefix + file.file, size: file.size, from: data)
        }
      }
      try writing { () throws(SystemError) in try writer.finish() }
      return BoardArchive.Exported(items: items.count, concealedLeftOut: state.items.count - items.count)
    }
  }

  /// Reads an archive into the board as one change, named Import: each data member
  /// streams into a new data file of the store (member names are never paths), checked
  /// against the manifest as it comes; anything wrong, or the stream cut short, stores
  /// nothing. `append` adds the items after the board's; otherwise they replace them and,
  /// when the archive holds history, its undo entries go on top of the entry that undoes
  /// the import and its redo entries become the redo stack (see docs/archive-format.md).
  public func importArchive(from input: RepresentationSource.Input, append: Bool) throws(PasteboardError) -> BoardArchive.Imported {
    let opened = try OpenInput(input)
    let source = opened.isStandardInput ? "standard input" : opened.path
    return try importArchive(
      reading: TarReader(from: try opened.descriptor), source: source, holdsStandardInput: opened.isStandardInput, append: append)
  }

  /// Reads the next archive of `reader` (one of several in a row, as a remote bridge sends
  /// them) into the board, as `importArchive(from:append:)` does, as one change named
  /// `actionName`.
  /// With `skippingIdentical`, an archive that holds just what the board holds makes no
  /// change (a bridge's: an archive sent back, or two bridges of one pair, then settle
  /// instead of echoing for ever). With `orderedAs`, a stamped archive older than what the
  /// board took already makes no change either (see `BridgeOrder`).
  public func importArchive(
    reading reader: TarReader, source: String, holdsStandardInput: Bool, append: Bool, actionName: String = "Import",
    skippingIdentical: Bool = false, orderedAs end: BridgeEnd? = nil
  ) throws(PasteboardError) -> BoardArchive.Imported {
    func failing<Result>(_ body: () throws -> Result) throws(PasteboardError) -> Result {
      do {
        return try body()
      } catch let error as Tar.Failure {
        throw .badArchive(source: source, reason: error.reason)
      } catch let error as SystemError {
        throw .io(error)
      } catch let error as PasteboardError {
        throw error
      } catch {
        throw .internalError("\(error)")
      }
    }
    guard let first = try failing({ try reader.next() }) else { throw .badArchive(source: source, reason: "it holds nothing") }
    guard first.name == BoardArchive.manifestName else {
      throw .badArchive(
        source: source, reason: "its first member is '\(Display.value(first.name))', not the manifest \(BoardArchive.manifestName)")
    }
    guard first.size <= Int64(BoardArchive.manifestLimit) else {
      throw .badArchive(source: source, reason: "its manifest is \(first.size) bytes, more than the \(BoardArchive.manifestLimit) a pb archive has")
    }
    SystemCall.exitUnlessMemoryFor(bytes: Int(first.size) * StoreFiles.memoryPerByteRead)
    let contents = try BoardArchive.decode(try failing { try reader.readBody(limit: BoardArchive.manifestLimit) }, source: source)
    let workspace = try Workspace(for: self)
    workspace.holdsStandardInput = holdsStandardInput
    var renamed: [String: String] = [:]
    for file in contents.files {
      let expected = BoardArchive.dataPrefix + file.name
      guard let member = try failing({ try reader.next() }) else {
        throw .badArchive(source: source, reason: "it ends before \(expected), which its manifest lists (it was cut short)")
      }
      guard member.name == expected else {
        throw .badArchive(
          source: source, reason: "member '\(Display.value(member.name))' is not the next file its manifest lists, \(expected)")
      }
      guard member.size == file.size else {
        throw .badArchive(source: source, reason: "member \(expected) holds \(member.size) bytes where its manifest says \(file.size)")
      }
      let ext = file.name.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init)
      try failing {
        let (name, data) = try workspace.createDataFile(extension: ext)
        try reader.readBody { chunk in try data.file.writeAll(chunk) }
        renamed[file.name] = name
      }
    }
    if let extra = try failing({ try reader.next() }) {
      throw .badArchive(source: source, reason: "member '\(Display.value(extra.name))' is not in its manifest")
    }
    let now = TimeSpec.now()
    let defaultExpiry = try attributes().defaultExpiry
    func stored(_ items: [Item], defaultingExpiry: Bool) -> [Item] {
      items.filter { !$0.hasExpired(at: now) }.map { item in
        var item = item
        for index in item.representations.indices { item.representations[index].file = renamed[item.representations[index].file]! }
        if defaultingExpiry, item.expires == nil, let defaultExpiry { item.expires = now + defaultExpiry }
        return item
      }
    }
    let items = stored(contents.items, defaultingExpiry: true)
    let takesHistory = !append && contents.undo != nil
    var refused = false
    // The record of an import taken, written once its change is committed: written
    // before, a kill between the two left a change never made recorded as taken, and
    // the sender's next sending of it was refused as older.
    var record: (BridgeOrder, Directory)?
    let state = try commit(
      from: workspace, recording: Recording(actionName: actionName, records: false),
      committed: { _ throws(PasteboardError) in if let (order, directory) = record { try order.write(in: directory) } }
    ) { (live, current, history) throws(PasteboardError) in
      // Decided at the commit, under the lock: the two ends of this side of two bridges
      // of one pair take turns here.
      var order: (BridgeOrder, BridgeStamp, Directory)?
      if let end, let stamp = contents.bridge, !append, let directory, var read = try BridgeOrder.read(in: directory) {
        // Only a board copied with its store (a backup restored, a home cloned) has this
        // board's identity: every change of either would be refused as the other's own,
        // silently. Said, so that one side's record is removed.
        if stamp.sender == read.board {
          throw .badArchive(
            source: source,
            reason: "it comes from a board with this board's bridge identity \(read.board) (a copy of this store?); "
              + "remove \(BridgeOrder.fileName) from the folder of the board on one side")
        }
        if !read.takes(stamp, over: current.changeCount, holding: live, at: end) {
          try read.write(in: directory)
          refused = true
          return nil
        }
        order = (read, stamp, directory)
      }
      // Looked at under the lock, against the board as the commit finds it: of two bridges
      // of one pair importing one archive at once, the second finds the first's change.
      if skippingIdentical && !append && holdsJust(contents.items, staged: renamed, in: workspace, as: live) {
        if let (read, _, directory) = order { try read.write(in: directory) }
        return nil
      }
      if let (taken, stamp, directory) = order {
        var read = taken
        read.imported(stamp, replacing: current.changeCount, holding: live, as: current.changeCount + 1, holding: items)
        record = (read, directory)
      }
      // Recorded here rather than by `commit`, so that the archive's entries go on top.
      history.recordChange(
        named: actionName, before: current.items, previousCount: current.changeCount, changeCount: current.changeCount + 1, at: now)
      if takesHistory {
        // Entries are in the order of their counts: the archive's all lead away from the
        // state the import makes.
        let count = current.changeCount + 1
        func entries(_ list: [HistoryEntry]?) -> [HistoryEntry] {
          (list ?? []).map { entry in
            var entry = entry
            entry.items = stored(entry.items, defaultingExpiry: false)
            entry.changeCount = count
            return entry
          }
        }
        var undo = entries(contents.undo)
        // The archive's oldest entries give way, never the entry that undoes the import:
        // trimmed as the oldest, it would take what the board held beyond any undo.
        if history.levelsOfUndo > 0 { undo = Array(undo.suffix(max(0, history.levelsOfUndo - 1))) }
        // A present history may not keep (--no-undo, --concealed) has the archive's newest
        // step (the step back over it) as the state before it here too: else undo would go
        // past the import and the whole archive at once.
        if !items.allSatisfy(\.isRecordable), let step = undo.popLast() {
          history.beforeSecrets = History.SavedState(items: step.items, changeCount: count, actionName: step.actionName, date: step.date)
        }
        history.undoStack += undo
        history.redoStack = entries(contents.redo)
        history.group?.hasEntry = false
        history.trim()
      }
      return append ? live + items : items
    }.state
    return BoardArchive.Imported(
      state: state, expiredLeftOut: contents.items.count - items.count, historyLeftOut: append && contents.undo != nil,
      refused: refused)
  }

  /// Whether `items` (an archive's, whose data files `workspace` staged under the names
  /// `staged` gives) are `live`, the board's, but for the names of their data files, each
  /// of which holds the board's bytes. Called with the board's lock held.
  private func holdsJust(_ items: [Item], staged: [String: String], in workspace: Workspace, as live: [Item]) -> Bool {
    let now = TimeSpec.now()
    let incoming = items.filter { !$0.hasExpired(at: now) }
    guard live.count == incoming.count, let data = try? folder(Folder.data) else { return false }
    var files: [String: String] = [:]
    for (liveItem, item) in zip(live, incoming) {
      guard item.representations.count == liveItem.representations.count else { return false }
      var renamed = item
      for index in item.representations.indices {
        let theirs = item.representations[index].file
        let ours = liveItem.representations[index].file
        guard files[theirs] == nil else { return false }
        files[theirs] = ours
        renamed.representations[index].file = ours
      }
      guard renamed == liveItem else { return false }
    }
    for (theirs, ours) in files {
      guard let name = staged[theirs], let incoming = workspace.openStaged(name), let stored = try? data.open(ours, flags: O_RDONLY),
        let incomingStatus = try? incoming.status(), let storedStatus = try? stored.status(),
        incomingStatus.st_size == storedStatus.st_size, (try? ByteTransfer.isPrefix(incoming.file, of: stored.file)) == true
      else { return false }
    }
    return true
  }
}
