import Glibc
import LinuxSystem

/// What `pb undo` and `pb redo` did: the entries they moved, newest first, and the state
/// they made.
public struct HistoryMove: Sendable {
  public var entries: [HistoryEntry]
  public var state: PasteboardState
  /// What happened to the files of undone or redone cuts that did not simply go back
  /// where they were.
  public var notes: [WorkNote]
  /// Whether a cut file could not be put back at all (its bytes stay in history).
  public var failed: Bool
}

extension Pasteboard {
  /// The history committed with change count `count`, as read: its `history` and the
  /// text of its entries, which a writer passes back to `writeHistory` so that the next
  /// file copies the entries it keeps. An empty one when there is none (a board written
  /// before history existed, or never written).
  func storedHistory(at count: Int) throws(PasteboardError) -> HistoryFile {
    guard let folder = try folder(Folder.history) else { return HistoryFile(changeCount: count, history: History()) }
    let name = "\(count).json"
    guard let bytes = try StoreFiles.read(name, in: folder, limit: HistoryFile.sizeLimit) else {
      return HistoryFile(changeCount: count, history: History())
    }
    let path = folder.path + "/" + name
    let file = try HistoryFile.decode(bytes, path: path, board: self)
    guard file.changeCount == count else {
      throw .corruptStore(path: path, reason: "field changeCount: it says \(file.changeCount), the name says \(count)")
    }
    return file
  }

  /// Writes the history that goes with change count `count`, copying the text of the
  /// entries `read` (the history it was made from, see `storedHistory`) holds unchanged.
  /// An empty history with the default levels needs no file.
  func writeHistory(_ history: inout History, reusing read: HistoryFile, at count: Int, in folder: Directory, durable: Bool = false)
    throws(PasteboardError)
  {
    let name = "\(count).json"
    if history == History() {
      try? folder.remove(name)
      return
    }
    var file = HistoryFile(changeCount: count, history: history, entryTexts: read.entryTexts)
    // Cut files this pb made or authenticated are sealed again: their entry or record
    // may have changed (a group grew, undo put a file back).
    if (history.undoStack + history.redoStack).contains(where: { $0.cutFiles.contains(where: \.authenticated) }) {
      file.seal = try HistoryKey.key(creating: true, settings: self.settings).map { HistorySeal(key: $0, board: self.name) }
    }
    let bytes = try file.encoded(path: folder.path + "/" + name)
    history = file.history
    try PasteboardError.catching { try StoreFiles.writeAtomically(bytes, named: name, in: folder, durable: durable) }
  }

  /// The current state and its history, read consistently without the lock: a writer
  /// that commits in between removes the history read next, and the read starts over.
  /// Groups whose opener has exited show as closed.
  public func stateAndHistory() throws(PasteboardError) -> (PasteboardState, History) {
    let (state, history, _) = try stateHistoryAndVersion()
    return (state, history)
  }

  /// `stateAndHistory`, and which history file it read (a list checks it for changes).
  func stateHistoryAndVersion() throws(PasteboardError) -> (PasteboardState, History, HistoryVersion) {
    try readConsistently("read the history of") { () throws(PasteboardError) -> (PasteboardState, History, HistoryVersion)? in
      let state = try self.state()
      // History files are replaced whole (renamed into place): the same file before and
      // after the read is the one read.
      let version = try historyVersion(at: state.changeCount)
      var history = try self.storedHistory(at: state.changeCount).history
      if try changeCount() != state.changeCount { return nil }
      if try historyVersion(at: state.changeCount) != version { return nil }
      history.closeGroupsOfExitedProcesses()
      return (state, history, version)
    }
  }

  /// Undoes up to `count` entries in one change of kind `undone`: the board gets the
  /// items the last of them holds. No data is copied: the items' files are shared.
  public func undo(_ count: Int) throws(PasteboardError) -> HistoryMove {
    try move(count, kind: .undone)
  }

  /// Reapplies up to `count` undone entries in one change of kind `redone`.
  public func redo(_ count: Int) throws(PasteboardError) -> HistoryMove {
    try move(count, kind: .redone)
  }

  /// Undo and redo are one commit each, and the files of the cuts they undo or redo
  /// follow it under the same lock, journaled (see `JournaledWork`): undo makes each file
  /// whole beside its place before the commit and renames it into place after; redo
  /// takes back into the store the files whose bytes only they hold before the commit
  /// and removes the others after.
  private func move(_ count: Int, kind: ChangeKind) throws(PasteboardError) -> HistoryMove {
    guard directory != nil else { throw .nothingToUndo(board: name, redo: kind == .redone) }
    var moved: [HistoryEntry] = []
    var notes: [WorkNote] = []
    var unauthenticated = false
    let outside: OutsideWork = { (current, items, history, next) throws(PasteboardError) -> JournaledWork? in
      guard let board = self.directory, let target = moved.last else { return nil }
      var cuts = moved.flatMap(\.cutFiles)
      if kind == .undone {
        try self.checkDataFiles(of: target.items, leftBy: target.actionName, at: current.changeCount)
        let data = try self.requiredFolder(Folder.data)
        cuts = cuts.filter { cut in
          // A record without a valid MAC names a path the store's word alone gave.
          guard cut.authenticated else {
            notes.append(.notAuthenticated(cut.path, undo: true, board: self.name))
            unauthenticated = true
            return false
          }
          if (try? data.status(of: cut.file)) != nil { return true }
          notes.append(Self.notInStore(cut))
          return false
        }
        guard !cuts.isEmpty else { return nil }
        // Data files that nothing but the redo stack names are linked into place, not copied.
        var withoutRedo = history
        withoutRedo.redoStack.removeAll()
        let named = History.referencedFiles(current: items, history: withoutRedo)
        let work = try JournaledWork(
          starting: self.planPutBack(cuts, keeping: named, from: current.changeCount, to: next), in: board)
        try self.makeHiddenCopies(work)
        return work
      }
      let journal = try self.planTakeBack(cuts, from: current.changeCount, to: next, notes: &notes)
      let work = try journal.map { (journal) throws(PasteboardError) in try JournaledWork(starting: journal, in: board) }
      if let work { try self.takeFiles(work) }
      do throws(PasteboardError) {
        try self.checkDataFiles(of: target.items, leftBy: target.actionName, at: current.changeCount)
      } catch {
        if let work {
          self.rollBack(work)
          work.end()
        }
        throw error
      }
      return work
    }
    let (state, work) = try commit(from: nil, kind: kind, outside: outside) { (_, current, history) throws(PasteboardError) -> [Item]? in
      // As NSUndoManager raises: undoing inside a group would leave it open, and every
      // later change from any process would go into its entry.
      if kind == .undone, history.group != nil { throw .undoInGroup(board: name) }
      moved =
        kind == .undone
        ? history.undo(count, current: current.items, changeCount: current.changeCount + 1)
        : history.redo(count, current: current.items, changeCount: current.changeCount + 1)
      guard let target = moved.last else { throw .nothingToUndo(board: name, redo: kind == .redone) }
      if kind == .redone {
        // Redone, a cut's files are in the store again (taken back, or never put back).
        for entry in history.undoStack.indices.suffix(moved.count) {
          for cut in history.undoStack[entry].cutFiles.indices { history.undoStack[entry].cutFiles[cut].restored = nil }
        }
      }
      let now = clock()
      return target.items.filter { !$0.hasExpired(at: now) }
    }
    return HistoryMove(
      entries: moved, state: state, notes: notes + (work?.notes ?? []), failed: unauthenticated || (work?.failed ?? false))
  }

  /// A state whose data files are gone, or not the size history says, cannot be
  /// restored (by undo, redo or restore): the board would name files that readers
  /// cannot open, or refuse as damaged (70, "remove it"), as every reader of a planted
  /// size did after a restore said it had worked. Checked as readers check them
  /// (`checkData`). `actionName` is the entry's that holds it.
  private func checkDataFiles(of items: [Item], leftBy actionName: String, at count: Int) throws(PasteboardError) {
    let data = try requiredFolder(Folder.data)
    let historyPath = path + "/" + Folder.history + "/\(count).json"
    for representation in items.flatMap(\.representations) {
      // Missing (false) and unreadable (an I/O error) alike; a wrong size is thrown as such.
      let present: Bool
      do throws(PasteboardError) {
        present = try checkData(representation, in: data, manifestPath: historyPath)
      } catch {
        guard case .io = error else { throw error }
        present = false
      }
      if !present {
        throw .corruptStore(
          path: data.path + "/" + representation.file,
          reason: "the data of '\(Display.value(actionName))' in \(Display.path(historyPath)) is missing")
      }
    }
  }

  /// `pb history --restore N`: makes the board what it was in past state `number` (see
  /// `History.pastStates`), as one new change named "Restore", recorded like any other:
  /// the states in between stay, and undoing it gives back the board as it was before.
  /// The items share the state's data files, as undo's do: nothing is copied, and the
  /// commit is the store's one atomic step, so a kill leaves the board before or after.
  /// With `ifCount`, only if the board is still at that change count: the numbers of a
  /// list read at that count still name the same states.
  /// State 0 is the present: restoring it changes nothing (a picker's user who chose the
  /// clip already on the board has it), and records nothing to undo.
  public func restore(_ number: Int, ifCount: Int? = nil) throws(PasteboardError) -> PasteboardState {
    if number == 0 {
      let present = try state()
      try check(present.changeCount, against: ifCount)
      return present
    }
    guard directory != nil else { throw .noSuchState(board: name, number: number, count: 0) }
    let recording = Recording(actionName: Self.restoreActionName)
    return try commit(from: nil, ifCount: ifCount, recording: recording) { (_, current, history) throws(PasteboardError) -> [Item]? in
      // History's expired items are gone already (the commit dropped them).
      let state = try pastState(number, in: history)
      try checkDataFiles(of: state.items, leftBy: state.replacedBy, at: current.changeCount)
      return state.items
    }.state
  }

  /// The undo entry a restore makes is named so, whatever state it restored.
  public static let restoreActionName = "Restore"

  /// Changes the history without changing the board (levels, removing entries, groups):
  /// under the lock, rewrites the current history and frees the data only dropped
  /// entries held. The change count stays: the contents are the same.
  @discardableResult
  public func updateHistory<Result>(
    lockTimeout: Double? = nil, _ update: (inout History) throws(PasteboardError) -> Result
  ) throws(PasteboardError) -> Result {
    try updateHistory(lockTimeout: lockTimeout) { (history, _) throws(PasteboardError) in try update(&history) }
  }

  /// `updateHistory`, given the board's current items too; with `ifCount`, only if the
  /// board is still at that change count.
  func updateHistory<Result>(
    lockTimeout: Double? = nil, ifCount: Int? = nil, _ update: (inout History, _ current: [Item]) throws(PasteboardError) -> Result
  ) throws(PasteboardError) -> Result {
    let result = try withLock(timeout: lockTimeout) { (_) throws(PasteboardError) -> Result in
      let stateFolder = try requiredFolder(Folder.state)
      let data = try requiredFolder(Folder.data)
      let historyFolder = try requiredFolder(Folder.history)
      let current = try latestManifest()
      try check(current.changeCount, against: ifCount)
      let read = try storedHistory(at: current.changeCount)
      var history = read.history
      history.closeGroupsOfExitedProcesses()
      history.dropExpired(at: clock())
      let result = try update(&history, current.items)
      keepWithinBudget(&history, current: current.items)
      try writeHistory(&history, reusing: read, at: current.changeCount, in: historyFolder)
      if history.earliestExpiry != current.historyExpires {
        // The same state, so the same count: only when history's items expire changed.
        var manifest = current
        manifest.historyExpires = history.earliestExpiry
        try PasteboardError.catching {
          try StoreFiles.writeAtomically(manifest.encoded(), named: "\(manifest.changeCount).json", in: stateFolder)
        }
      }
      collectGarbage(keeping: current, history: history, replacing: current, state: stateFolder, data: data, except: nil)
      return result
    }
    emptyTrash()
    return result
  }

  /// `pb history --levels N`: keeps at most `levels` undo entries (0: no limit).
  public func setLevelsOfUndo(_ levels: Int) throws(PasteboardError) {
    try updateHistory { (history) throws(PasteboardError) in
      let before = history
      history.levelsOfUndo = levels
      history.trim()
      try Self.checkKeepsFilesNotPutBack(before, after: history, board: self.name)
    }
  }

  /// `pb history --max-bytes N`: keeps history within `bytes` (0: no limit); older
  /// states go now.
  public func setMaxBytes(_ bytes: Int64) throws(PasteboardError) {
    try updateHistory { history in history.maxBytes = bytes }
  }

  /// Keeps `history` within its budget after a change to `current`, telling of cut
  /// files kept past it, and forgets the pins of states no longer held.
  func keepWithinBudget(_ history: inout History, current: [Item]) {
    let kept = history.keepWithinBudget(current: current)
    if !kept.isEmpty { notify(.cutFilesKeptPastBudget(board: name, paths: kept.map(\.path), maxBytes: history.maxBytes)) }
    history.dropOrphanedPins(current: current)
  }

  /// `pb history --pin N` and `--unpin N`: pins (or unpins) past state `number`, as
  /// `--restore` numbers them, or the board's current state for 0. With `ifCount`, as
  /// `restore`: only while the number names the state a list at that count showed.
  public func setPinned(_ pinned: Bool, state number: Int, ifCount: Int? = nil) throws(PasteboardError) {
    guard directory != nil else { throw .noSuchState(board: name, number: number, count: 0) }
    try updateHistory(ifCount: ifCount) { (history, current) throws(PasteboardError) in
      let items = number == 0 ? current : try pastState(number, in: history).items
      // A secret is never kept, so never pinned; an empty board has nothing to keep.
      if pinned, items.isEmpty || !items.allSatisfy(\.isRecordable) { throw .nothingToPin(board: name, number: number) }
      history.setPinned(pinned, items)
    }
  }

  /// Past state `number` as `pb history --list` numbers them.
  private func pastState(_ number: Int, in history: History) throws(PasteboardError) -> PastState {
    let states = history.pastStates
    guard number >= 1, number <= states.count else { throw .noSuchState(board: name, number: number, count: states.count) }
    return states[number - 1]
  }

  /// `pb history --clear`: removes every entry and the data only they held.
  public func removeAllActions() throws(PasteboardError) {
    try updateHistory { (history) throws(PasteboardError) in
      let before = history
      history.removeAllActions()
      try Self.checkKeepsFilesNotPutBack(before, after: history, board: self.name)
    }
  }

  /// Files an undo could not put back have their bytes only in the redo stack (pb said
  /// so, and how to have them): forgetting history does not take them.
  private static func checkKeepsFilesNotPutBack(_ before: History, after: History, board: String) throws(PasteboardError) {
    let kept = History.referencedFiles(current: [], history: after)
    for cut in before.filesNotPutBack where !kept.contains(cut.file) {
      throw .holdsFileNotPutBack(cut.path, board: board)
    }
  }

  /// Opens a group (or a level inside the open one) for `opener`.
  public func beginGroup(named name: String?, openedBy opener: ProcessIdentity) throws(PasteboardError) {
    try updateHistory { history in history.beginGroup(named: name, openedBy: opener) }
  }

  /// `pb group end`: closes the innermost level that `caller` (the shell that runs it)
  /// or a process it runs under opened: a script may end its shell's group, a command
  /// its `pb group run`'s, but no process one that an unrelated process (another shell,
  /// a background job, a `pb group run` it started) opened. Fails when none is open, or
  /// when every open level is such another process's.
  public func endGroup(calledBy caller: ProcessIdentity) throws(PasteboardError) {
    let lineage = caller.lineage
    // Nil when it closed one; else how many levels others hold open.
    let othersOpen = try updateHistory { history -> Int? in
      history.endGroup(openedByAnyOf: lineage) ? nil : history.group?.depth ?? 0
    }
    guard let othersOpen else { return }
    throw othersOpen == 0 ? .noOpenGroup(board: name) : .groupOpenedElsewhere(board: name, levels: othersOpen)
  }

  /// Closes the level `opener` opened (`pb group run`'s own), and no other's; false
  /// when it has none open.
  @discardableResult
  public func endGroup(openedBy opener: ProcessIdentity) throws(PasteboardError) -> Bool {
    try updateHistory { history in history.endGroup(openedBy: opener) }
  }

  /// Runs `command` for `pb group run`: pb's own standard streams, and its exit status
  /// (127 when it cannot be started, as a shell says).
  public func runInGroup(_ command: ExternalCommand) throws(PasteboardError) -> Int32 {
    try command.run(input: .inherited, environment: [:], outlivingInterrupts: true)
  }
}
