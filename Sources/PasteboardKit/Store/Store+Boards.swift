import Glibc
import LinuxSystem

/// Boards as a whole: created complete or not at all, deleted so that no writer can
/// commit into a removed folder, listed, and reaped once the process a temporary
/// board belongs to has exited.
///
/// Temporary boards are registered in `owned/` by an empty file named
/// `<pid>.<startTime>.<board>`, so that a command finds the boards that may be due with
/// one directory listing (none at all while there are no temporary boards).
extension Store {
  static let ownedFolder = "owned"
  /// Prefixes of the hidden names in `boards/` (board names never start with a dot): a
  /// board being laid out, and a board being removed.
  static let newBoardPrefix = ".new-"
  static let goneBoardPrefix = ".gone-"

  func boardsFolder(creating: Bool) throws(PasteboardError) -> Directory? {
    guard let directory else { return nil }
    return try directory.openStoreFolder(Self.boardsFolder, creating: creating)
  }

  /// The names of the boards in the store, with `general` and `find`, sorted.
  public func boardNames() throws(PasteboardError) -> [String] {
    var names = Set(Pasteboard.standardNames)
    if let boards = try boardsFolder(creating: false) {
      do {
        for name in try boards.entries() where (try? Pasteboard.validate(name: name)) != nil {
          names.insert(name)
        }
      } catch {
        throw .io(error)
      }
    }
    return names.sorted()
  }

  /// Creates a board, laid out under a hidden name and renamed into place without
  /// replacing anything: a reader never sees half a board. An existing board is an
  /// error unless `existOK`, and is then left as it is.
  @discardableResult
  public func createBoard(named name: String, attributes: BoardAttributes = BoardAttributes(), existOK: Bool)
    throws(PasteboardError) -> Pasteboard
  {
    try Pasteboard.validate(name: name)
    guard let boards = try boardsFolder(creating: true) else { throw .internalError("the store was not created") }
    let (scratch, folder) = try Self.makeLockedFolder(prefix: Self.newBoardPrefix, in: boards)
    defer { try? boards.removeTree(scratch) }  // nothing is left there once it is renamed
    let layout = Pasteboard(name: name, path: folder.path, directory: folder, boards: nil, settings: settings, notify: notify)
    try layout.makeLayout()
    if attributes != BoardAttributes() {
      try PasteboardError.catching {
        try StoreFiles.writeAtomically(attributes.encoded(), named: BoardAttributes.fileName, in: folder)
      }
    }
    var registered: String?
    if let owner = attributes.owner {
      registered = try register(name, ownedBy: owner.process)
    }
    do {
      try boards.renameWithoutReplacing(scratch, to: name, in: boards)
    } catch {
      if let registered { try? ownedFolder(creating: false)?.remove(registered) }
      guard error.errno == EEXIST else { throw .cannotCreate(path: boards.path + "/" + name, reason: error.reason) }
      guard existOK else { throw .pasteboardExists(name) }
    }
    return try board(named: name, creating: false)
  }

  /// A new, empty folder in `parent` (a board being laid out, a writer's scratch folder),
  /// under a fresh name, with its lock held so that a cleaner (`removeIfAbandoned`) does
  /// not take it for abandoned. Between the folder's making and its locking another
  /// command's cleaner may take it and remove it: the folder is then gone, or being
  /// removed under the cleaner's lock, and another is made. No board lock is needed.
  static func makeLockedFolder(prefix: String, in parent: Directory) throws(PasteboardError) -> (name: String, folder: Directory) {
    for _ in 0..<16 {
      let scratch = prefix + StoreFiles.uniqueName()
      guard let folder = try parent.openStoreFolder(scratch, creating: true) else { continue }
      let locked = (try? folder.descriptor.file.lock(wait: false)) == true
      // A cleaner that held the lock first has removed the folder by now (no links left).
      guard locked, let status = try? folder.status(), status.st_nlink > 0 else { continue }
      return (scratch, folder)
    }
    throw .internalError("every new folder in \(parent.path) was taken by a cleaner")
  }

  /// Creates a board with a fresh name, `PREFIX.<16 hex digits>`, and returns it.
  public func createUniqueBoard(prefix: String, attributes: BoardAttributes) throws(PasteboardError) -> Pasteboard {
    try Pasteboard.validate(name: prefix)
    for _ in 0..<8 {
      do {
        return try createBoard(named: prefix + "." + StoreFiles.uniqueName(), attributes: attributes, existOK: false)
      } catch .pasteboardExists {
        continue
      }
    }
    throw .internalError("no unique board name could be made")
  }

  /// Deletes a board: under its lock the folder is renamed out of `boards/`, so a writer
  /// that opened it before finds it gone when it takes the lock and commits nothing.
  /// `general` and `find` always exist: they are emptied instead. With `ownedBy`, only
  /// a board still belonging to that process is deleted (the reaper's case). Emptying
  /// `general` or `find` is an undoable change, as `clear` is, recorded as `undo` says;
  /// a deleted board's history goes with it.
  public func deleteBoard(
    named name: String, ifCount: Int? = nil, ownedBy owner: ProcessIdentity? = nil, lockTimeout: Double? = nil,
    undo: Pasteboard.WriteOptions = Pasteboard.WriteOptions()
  ) throws(PasteboardError) {
    let board = try self.board(named: name, creating: false)
    // general and find are never temporary: an owned/ entry naming them was planted.
    if owner != nil && Pasteboard.isStandard(name) { return }
    if Pasteboard.isStandard(name) {
      var options = undo
      options.ifCount = ifCount
      options.actionName = undo.actionName ?? "Delete"
      if board.directory != nil { _ = try board.clear(options: options) }
      return
    }
    guard let boards = try boardsFolder(creating: false) else { throw .noSuchPasteboard(name) }
    let gone = Self.goneBoardPrefix + StoreFiles.uniqueName()
    let deleted = try board.withLock(timeout: lockTimeout) { (folder) throws(PasteboardError) -> Bool in
      if let owner, try BoardAttributes.read(in: folder).owner?.process != owner { return false }
      if ifCount != nil { try board.check(board.latestManifest().changeCount, against: ifCount) }
      do throws(SystemError) {
        try boards.rename(name, to: gone, in: boards)
      } catch {
        throw .io(error)
      }
      return true
    }
    guard deleted else { return }
    try? unregister(name)
    try? boards.removeTree(gone)
  }

  /// The housekeeping a command that writes asks for before its work, and `pb list`
  /// before it lists: deletes the temporary boards whose owner has exited (checked by
  /// PID and start time, so a reused PID does not keep a board alive). Readers write
  /// nothing, so they leave it to the next writer, and meanwhile do not show such a
  /// board (see `isReapable`). Failures are left for the next command: housekeeping
  /// never fails the command that does it.
  public func housekeeping() {
    guard let owned = try? ownedFolder(creating: false), let entries = try? owned.entries() else { return }
    var running: [ProcessIdentity: Bool] = [:]  // one look at /proc per owner, however many boards
    for entry in entries {
      guard let (owner, name) = Self.parseOwnedEntry(entry) else {
        try? owned.remove(entry)
        continue
      }
      let isRunning = running[owner] ?? owner.isRunning
      running[owner] = isRunning
      if isRunning { continue }
      do {
        try deleteBoard(named: name, ownedBy: owner, lockTimeout: 0)
      } catch .noSuchPasteboard {
      } catch {
        continue  // locked or damaged: the next command tries again
      }
      try? owned.remove(entry)
    }
  }

  /// Whether the reaper would delete `board`: a temporary board registered in `owned/`
  /// whose owner has exited, and that its `board.json` says that owner owns (an entry
  /// naming another board was planted, and is only removed). Nothing is written: a
  /// reader asks this where a writer reaps. general and find are never temporary.
  func isReapable(_ board: Pasteboard) -> Bool {
    guard !Pasteboard.isStandard(board.name), let owned = try? ownedFolder(creating: false),
      let entries = try? owned.entries()
    else { return false }
    for entry in entries {
      guard let (owner, name) = Self.parseOwnedEntry(entry), name == board.name, !owner.isRunning else { continue }
      if (try? board.attributes().owner?.process) == owner { return true }
    }
    return false
  }

  /// Removes what creators and deleters that died left in `boards/`.
  func removeAbandonedBoardFolders() {
    guard let boards = try? boardsFolder(creating: false), let names = try? boards.entries() else { return }
    for name in names where name.hasPrefix(Self.goneBoardPrefix) {
      try? boards.removeTree(name)
    }
    for name in names where name.hasPrefix(Self.newBoardPrefix) {
      boards.removeIfAbandoned(name)
    }
  }

  private func ownedFolder(creating: Bool) throws(PasteboardError) -> Directory? {
    guard let directory else { return nil }
    return try directory.openStoreFolder(Self.ownedFolder, creating: creating)
  }

  /// Registers a temporary board; returns the entry's name, or nil if it was there.
  private func register(_ name: String, ownedBy owner: ProcessIdentity) throws(PasteboardError) -> String? {
    guard let owned = try ownedFolder(creating: true) else { throw .internalError("the store was not created") }
    let entry = "\(owner.pid).\(owner.startTime).\(name)"
    do {
      _ = try owned.open(entry, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      return entry
    } catch where error.errno == EEXIST {
      return nil
    } catch {
      throw .io(error)
    }
  }

  private func unregister(_ name: String) throws(PasteboardError) {
    guard let owned = try ownedFolder(creating: false) else { return }
    do {
      for entry in try owned.entries() where Self.parseOwnedEntry(entry)?.board == name {
        try owned.remove(entry)
      }
    } catch {
      throw .io(error)
    }
  }

  static func parseOwnedEntry(_ entry: String) -> (owner: ProcessIdentity, board: String)? {
    let parts = entry.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let pid = Int32(parts[0]), let startTime = UInt64(parts[1]),
      (try? Pasteboard.validate(name: String(parts[2]))) != nil
    else { return nil }
    return (ProcessIdentity(pid: pid, startTime: startTime), String(parts[2]))
  }
}

/// One board as `pb list` shows it.
public struct BoardSummary: Sendable {
  public var name: String
  public var state: PasteboardState
  public var attributes: BoardAttributes

  /// Bytes held by the items readers see.
  public var bytes: Int64 { state.items.reduce(0) { $0 + $1.size } }
}

extension Store {
  /// Every board with what it holds. Temporary boards whose owner has exited are reaped
  /// and expired items removed first (each removal a change), so nothing dead shows.
  public func listBoards() throws(PasteboardError) -> [BoardSummary] {
    housekeeping()
    removeAbandonedBoardFolders()
    var summaries: [BoardSummary] = []
    for name in try boardNames() {
      let board: Pasteboard
      do {
        board = try pasteboard(named: name, creating: false)
      } catch .noSuchPasteboard {
        continue  // deleted since it was listed
      }
      let state: PasteboardState
      if let afterExpiry = try board.removeExpired() { state = afterExpiry } else { state = try board.state() }
      summaries.append(BoardSummary(name: name, state: state, attributes: try board.attributes()))
    }
    return summaries
  }
}
