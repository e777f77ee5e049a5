import Glibc
import LinuxSystem

/// A journal being carried out, under the board's lock: its plan is on disk, and each
/// step's progress is appended as it is made.
final class JournaledWork {
  private(set) var journal: Journal
  private let board: Directory
  private var log: Descriptor?
  /// What happened to files that did not simply go where they were going.
  var notes: [WorkNote] = []
  /// Whether a file could not be put back (its bytes stay in the store).
  var failed = false
  /// Whether the plan was read from the journal file rather than made by this process:
  /// then it is a store file's word, checked before anything outside is touched.
  let resumed: Bool
  /// A resumed journal's status-change time when it was found (ns since 1970): a file
  /// the killed process changed last changed after it.
  private(set) var planChanged: Int64 = .max
  /// The user's folder the last step was in, kept open for the next step in it and
  /// synced when the work moves on (so one open folder at a time, whatever the count).
  private var openFolder: (path: String, directory: Directory)?

  /// Writes the plan, whole and on disk, before any step is made.
  init(starting journal: Journal, in board: Directory) throws(PasteboardError) {
    self.journal = journal
    self.board = board
    resumed = false
    try PasteboardError.catching {
      log = try StoreFiles.writeAtomically(journal.planLine, named: Journal.fileName, in: board, durable: true)
    }
  }

  /// Takes up a journal a killed process left.
  init(resuming journal: Journal, in board: Directory) {
    self.journal = journal
    self.board = board
    resumed = true
    if let status = try? board.status(of: Journal.fileName) { planChanged = FileIdentity.nanoseconds(status.st_ctim) ?? .max }
    log = try? board.open(Journal.fileName, flags: O_WRONLY | O_APPEND | O_NOFOLLOW)
  }

  /// Records a step's progress. Only `prepared` must reach the file (recovery finds a
  /// file put back by its inode); the others are hints that recovery checks anyway.
  func record(_ step: Int, _ progress: Journal.Progress) throws(PasteboardError) {
    journal.note(step, progress)
    guard let log else { throw .io(SystemError(errno: EBADF, operation: "write", path: board.path + "/" + Journal.fileName)) }
    try PasteboardError.catching { try log.writeAll(Journal.progressLine(step: step, progress)) }
  }

  func recordHint(_ step: Int, _ progress: Journal.Progress) {
    try? record(step, progress)
  }

  /// Puts what was recorded, and the user's folder in use, on disk.
  func sync() throws(PasteboardError) {
    try PasteboardError.catching {
      try openFolder?.directory.descriptor.sync()
      try log?.sync()
    }
  }

  /// The work is over: the journal goes.
  func end() {
    log = nil
    try? board.remove(Journal.fileName)
  }

  /// The folder a user's path is in, opened (the previous one is synced and closed).
  func folder(of path: String) throws(SystemError) -> (folder: Directory, name: String) {
    let (folderPath, name) = Pasteboard.split(path)
    if let openFolder, openFolder.path == folderPath { return (openFolder.directory, name) }
    try? openFolder?.directory.descriptor.sync()
    openFolder = nil
    let directory = try Directory.open(path: folderPath)
    openFolder = (folderPath, directory)
    return (directory, name)
  }
}

extension Pasteboard {
  // MARK: Recovery

  /// Finishes or rolls back the work of a process that was killed (or hit a full disk)
  /// between writing its journal and removing it: called by everyone who takes the lock,
  /// before anything else. The commit decides: if the board is at the journal's target
  /// count, the work is finished; if it is still at the count before, what was begun is
  /// undone.
  func recoverInterruptedWork(in board: Directory) throws(PasteboardError) {
    guard let bytes = try StoreFiles.read(Journal.fileName, in: board, limit: Journal.sizeLimit) else { return }
    let journalPath = path + "/" + Journal.fileName
    let journal = try Journal.decode(bytes, path: journalPath)
    let count = try latestManifest().changeCount
    guard count == journal.from || count == journal.to else {
      throw .corruptStore(
        path: journalPath, reason: "it is the work of change \(journal.to), but the board is at change count \(count)")
    }
    let read = try storedHistory(at: count)
    var history = read.history
    // A cut not committed touched nothing outside, and its files are in no history yet.
    if !(journal.operation == .cut && count == journal.from) {
      try Self.check(journal, against: history, path: journalPath)
    }
    let work = JournaledWork(resuming: journal, in: board)
    if count == journal.from {
      rollBack(work)
    } else if finish(work) {
      try apply(work, to: &history, reusing: read, at: count)
    }
    // What the interrupted command would have said, said now.
    for note in work.notes {
      notify(.finishedInterrupted(operation: journal.operation.rawValue, board: name, note: note))
    }
    work.end()
  }

  /// A journal acts only on files the history names with a MAC (authenticated): each
  /// step's data file must be a cut file's of an entry of either stack, and its path, for
  /// a step that takes or removes a file, that cut file's own, where undo put it back, or
  /// a name undo puts it back under beside it; for one that makes a file (undo), the cut
  /// file's own path. A planted journal alone can then make, take or remove nothing a
  /// cut did not.
  static func check(_ journal: Journal, against history: History, path: String) throws(PasteboardError) {
    let cuts = (history.undoStack + history.redoStack).flatMap(\.cutFiles).filter(\.authenticated)
    for step in journal.steps {
      let named = cuts.contains { cut in
        guard cut.file == step.file else { return false }
        if step.method == .take || step.method == .remove {
          return cut.restored?.path == step.path || CutFile.isPlaceForPuttingBack(step.path, of: cut.path)
        }
        return cut.path == step.path
      }
      if !named {
        throw .corruptStore(path: path, reason: "it names '\(Display.path(step.path))', which no cut in the board's history does")
      }
    }
  }

  /// Undoes what a work began before its commit, which did not happen.
  func rollBack(_ work: JournaledWork) {
    switch work.journal.operation {
    case .cut: break  // nothing outside the store is touched before a cut's commit
    case .undo: removeHiddenCopies(work)
    case .redo: giveBackTakenFiles(work)
    }
  }

  /// Carries out a work's steps after its commit; true when history must learn where
  /// undo put files back.
  func finish(_ work: JournaledWork) -> Bool {
    switch work.journal.operation {
    case .cut, .redo:
      removeFiles(work)
      return false
    case .undo:
      placeHiddenCopies(work)
      return true
    }
  }

  /// Writes the history again once undo knows where it put each file back and what
  /// that file is: redo takes only that very file.
  /// `read`: the history `history` was made from (see `writeHistory`).
  func apply(_ work: JournaledWork, to history: inout History, reusing read: HistoryFile, at count: Int) throws(PasteboardError) {
    let data = try requiredFolder(Folder.data)
    var restored: [String: RestoredFile] = [:]
    for (index, step) in work.journal.steps.enumerated() {
      let stored = try? data.status(of: step.file)
      let isLinked = { (status: stat) in stored.map { $0.st_dev == status.st_dev && $0.st_ino == status.st_ino } ?? false }
      guard case .placed(let placed) = work.journal.progress[index], let (folder, name) = try? work.folder(of: placed),
        let status = try? folder.status(of: name), status.st_mode & S_IFMT == S_IFREG,
        work.journal.madeInodes[index].map({ $0 == UInt64(status.st_ino) }) ?? isLinked(status)
      else {
        // Not where it was placed (moved by its user meanwhile): a link the store made
        // of it goes all the same, so that no data file shares an inode with a user's
        // file; its bytes are under the user's other name.
        if let stored, stored.st_nlink > 1, let temporary = step.temporary, let (folder, _) = try? work.folder(of: step.path),
          (try? folder.status(of: temporary)) == nil
        {
          try? data.remove(step.file)
        }
        continue
      }
      // A journal read back is a store file's word: the file there is recorded as the one
      // undo put back (which redo may take) only if it is a link of the data file or a
      // copy of its bytes, or, when the killed process had already removed the data
      // file's name (which changed the file's status time), if it changed after the
      // journal last did (a status-change time no one can set).
      if work.resumed && !isLinked(status) {
        let isOurs =
          stored != nil
          ? holdsSameBytes(folder, name, as: step.file)
          : (FileIdentity.nanoseconds(status.st_ctim) ?? .min) >= work.planChanged
        if !isOurs { continue }
      }
      // The store's name for the same file goes (a link made by undo): the store keeps
      // no name for a file the user can edit.
      if isLinked(status) { try? data.remove(step.file) }
      // Taken after that removal, which changes the file's status-change time.
      guard let after = try? folder.status(of: name) else { continue }
      restored[step.path + "\u{0}" + step.file] = RestoredFile(path: placed, identity: FileIdentity(after))
    }
    try? data.descriptor.sync()
    for entry in history.redoStack.indices {
      for cut in history.redoStack[entry].cutFiles.indices {
        let key = history.redoStack[entry].cutFiles[cut].path + "\u{0}" + history.redoStack[entry].cutFiles[cut].file
        if let place = restored[key] { history.redoStack[entry].cutFiles[cut].restored = place }
      }
    }
    let historyFolder = try requiredFolder(Folder.history)
    try writeHistory(&history, reusing: read, at: count, in: historyFolder, durable: true)
  }

  // MARK: Undo: putting cut files back

  /// Plans putting `cuts` back: each is made whole under a hidden name in its folder
  /// before the commit, and renamed into place after it. A data file nothing else will
  /// name is linked there (no copy, whatever its size); one that stays named is copied,
  /// so the store keeps no name for a file the user can edit.
  func planPutBack(_ cuts: [CutFile], keeping named: [String], from: Int, to: Int) -> Journal {
    let mask = UInt32(SystemCall.fileCreationMask())
    let kept = Set(named)
    let steps = cuts.map { cut in
      Journal.Step(
        path: cut.path, file: cut.file, method: kept.contains(cut.file) ? .copy : .link,
        temporary: Journal.Step.temporaryName(for: cut.path), mode: cut.mode & 0o777 & ~mask, modified: cut.modified)
    }
    return Journal(operation: .undo, from: from, to: to, steps: steps)
  }

  /// Renames `name` in `source` to the first free place for `path`: its own name, else
  /// beside a newcomer there (`CutFile.placeNames`), never replacing anything. Returns the
  /// path it went to and whether that is beside a newcomer.
  static func renameIntoPlace(_ name: String, in source: Directory, for path: String, folder: Directory) throws(SystemError)
    -> (path: String, beside: Bool)
  {
    let folderPath = split(path).folder
    for (attempt, target) in CutFile.placeNames(for: split(path).name).enumerated() {
      do {
        try source.renameWithoutReplacing(name, to: target, in: folder)
        return (joined(folderPath, target), attempt > 0)
      } catch where error.errno == EEXIST {
        continue
      }
    }
    throw SystemError(errno: EEXIST, operation: "rename", path: path)
  }

  /// A cut file whose bytes are neither in `data/` nor recorded as put back: an undo put
  /// it back and its user moved it before the undo had recorded it (its bytes are
  /// there). Undo and redo go on without it.
  static func notInStore(_ cut: CutFile) -> WorkNote {
    .movedSinceUndo(cut.path)
  }

  /// Makes every file whole under its hidden name; if one cannot be made, removes those
  /// made and throws: nothing is undone.
  /// Each must also have a free name to go to (its own, or one beside it), so that what
  /// follows the commit is a rename that nothing but a race can stop.
  func makeHiddenCopies(_ work: JournaledWork) throws(PasteboardError) {
    var claimed: Set<String> = []  // the places earlier steps go to
    for index in work.journal.steps.indices {
      do throws(PasteboardError) {
        let step = work.journal.steps[index]
        let inode = try makeHiddenCopy(step, work: work)
        try work.record(index, .prepared(inode: inode))
        try claimPlace(for: step, work: work, claimed: &claimed)
      } catch {
        removeHiddenCopies(work)
        work.end()
        throw error
      }
    }
    try work.sync()
  }

  private func claimPlace(for step: Journal.Step, work: JournaledWork, claimed: inout Set<String>) throws(PasteboardError) {
    let folderPath = Pasteboard.split(step.path).folder
    do throws(SystemError) {
      let (folder, name) = try work.folder(of: step.path)
      for candidate in CutFile.placeNames(for: name) where !claimed.contains(folderPath + "/" + candidate) {
        if try folder.status(of: candidate) == nil {
          claimed.insert(folderPath + "/" + candidate)
          return
        }
      }
    } catch {
      throw .cannotPutBack(step.path, reason: error.reason, board: name)
    }
    throw .cannotPutBack(
      step.path, reason: "it and every name pb puts a file back under beside it (NAME.restored to NAME.restored-99) exist; "
        + "move some of them away", board: name)
  }

  private func makeHiddenCopy(_ step: Journal.Step, work: JournaledWork) throws(PasteboardError) -> UInt64 {
    guard let temporary = step.temporary, let mode = step.mode, let modified = step.modified else {
      throw .internalError("an undo step without its hidden name")
    }
    let data = try requiredFolder(Folder.data)
    guard let stored = try? data.status(of: step.file) else {
      throw .corruptStore(path: data.path + "/" + step.file, reason: "the data of the cut file '\(Display.path(step.path))' is missing")
    }
    do throws(SystemError) {
      let (folder, _) = try work.folder(of: step.path)
      var linked = false
      // A plan read back from the journal is a store file's word: whether the data file
      // is named elsewhere is not taken from it, and a copy is always safe. A data file
      // with another name (planted as a link of a user's file) is copied too: setting
      // the mode and time below must never reach anyone else's file.
      if step.method == .link && !work.resumed && stored.st_nlink == 1 {
        do {
          try data.link(step.file, to: temporary, in: folder)
          linked = true
        } catch where [EXDEV, EPERM, EMLINK].contains(error.errno) {}
      }
      if !linked {
        let source = try data.open(step.file, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        let copy = try folder.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        try ByteTransfer.copy(from: source.file, to: copy.file)
        try copy.sync()
      }
      let made = try folder.open(temporary, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
      // The umask of whoever makes it holds, whatever the plan says.
      let allowed = mode & 0o777 & ~UInt32(SystemCall.fileCreationMask())
      let (seconds, nanoseconds) = Timestamp.floorDivision(Int(modified), 1_000_000_000)
      try made.changeMode(mode_t(allowed))
      try made.setModificationTime(seconds: seconds, nanoseconds: nanoseconds)
      return UInt64(try made.status().st_ino)
    } catch {
      throw .cannotPutBack(step.path, reason: error.reason, board: name)
    }
  }

  /// Removes the hidden files undo made: their bytes are all in `data/` still. Only a
  /// file that is certainly one undo made goes: the inode it recorded, a link of the data
  /// file, or a copy cut short whose bytes begin the data file's.
  private func removeHiddenCopies(_ work: JournaledWork) {
    let data = try? folder(Folder.data)
    for (index, step) in work.journal.steps.enumerated() {
      guard let temporary = step.temporary, let (folder, _) = try? work.folder(of: step.path),
        let made = try? folder.status(of: temporary), made.st_mode & S_IFMT == S_IFREG, made.st_uid == StoreTrust.user,
        let stored = try? data?.status(of: step.file)
      else { continue }
      let isOurs: Bool
      if let inode = work.journal.madeInodes[index] {
        isOurs = UInt64(made.st_ino) == inode
      } else if made.st_dev == stored.st_dev && made.st_ino == stored.st_ino {
        isOurs = true
      } else if made.st_size <= stored.st_size, let copy = try? folder.open(temporary, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK),
        let original = try? data?.open(step.file, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
      {
        isOurs = (try? ByteTransfer.isPrefix(copy.file, of: original.file)) ?? false
      } else {
        isOurs = false
      }
      if isOurs { try? folder.remove(temporary) }
    }
    try? work.sync()
  }

  /// Renames each hidden file into place without replacing anything (next to a file
  /// that appeared since, as `NAME.restored`); one that cannot be stays whole under its
  /// hidden name, recorded there.
  private func placeHiddenCopies(_ work: JournaledWork) {
    for (index, step) in work.journal.steps.enumerated() {
      let inode: UInt64
      switch work.journal.progress[index] {
      case .placed, .failed, .done: continue
      case .prepared(let made): inode = made
      case nil:
        // Killed before this step was made: the commit comes after every step is made,
        // so this is a journal of an older kind; make it now.
        do throws(PasteboardError) {
          inode = try makeHiddenCopy(step, work: work)
        } catch {
          work.recordHint(index, .failed(error.reason))
          work.notes.append(.notPutBack(step.path, reason: error.reason, board: name))
          work.failed = true
          continue
        }
      }
      guard let temporary = step.temporary, let (folder, name) = try? work.folder(of: step.path) else {
        work.recordHint(index, .failed("its folder is gone"))
        work.notes.append(.notPutBack(step.path, reason: "its folder is gone", board: name))
        work.failed = true
        continue
      }
      let folderPath = Pasteboard.split(step.path).folder
      let candidates = CutFile.placeNames(for: name)
      guard let made = try? folder.status(of: temporary), UInt64(made.st_ino) == inode else {
        // Renamed into place before the progress was written: find it by its inode.
        if let found = candidates.first(where: { (try? folder.status(of: $0))?.map { UInt64($0.st_ino) == inode } ?? false }) {
          work.recordHint(index, .placed(path: Pasteboard.joined(folderPath, found)))
        } else {
          work.recordHint(index, .failed("it went before it was recorded"))
        }
        continue
      }
      var outcome: Journal.Progress
      do throws(SystemError) {
        let (placed, beside) = try Self.renameIntoPlace(temporary, in: folder, for: step.path, folder: folder)
        outcome = .placed(path: placed)
        if beside { work.notes.append(.putBackBeside(step.path, placed: placed)) }
      } catch {
        outcome = .failed(error.reason)
      }
      if case .failed(let reason) = outcome {
        // Only a race (a folder made unwritable, names taken since the check before the
        // commit) comes here. The file stays whole under its hidden name, which history
        // records as where it was put back: nothing else names its bytes now.
        let hidden = Pasteboard.joined(folderPath, temporary)
        work.notes.append(.leftHidden(step.path, reason: reason, hidden: hidden))
        work.failed = true
        outcome = .placed(path: hidden)
      }
      work.recordHint(index, outcome)
    }
    try? work.sync()
  }

  // MARK: Redo: taking put-back files again

  /// Plans taking again the files undo put back: each must still be the very file undo
  /// made (same device, inode, size and times). One whose bytes the store no longer has
  /// is renamed into `data/` before the commit; one it has is removed after it. A file
  /// changed since is left alone when the store has its bytes, and otherwise the redo is
  /// refused.
  func planTakeBack(_ cuts: [CutFile], from: Int, to: Int, notes: inout [WorkNote]) throws(PasteboardError) -> Journal? {
    let data = try requiredFolder(Folder.data)
    var steps: [Journal.Step] = []
    for cut in cuts {
      let stored = (try? data.status(of: cut.file)) != nil
      guard let restored = cut.restored else {
        if !stored { notes.append(Self.notInStore(cut)) }
        continue
      }
      guard cut.authenticated else {
        // Its bytes may be only at the path the record names: not taken, so not redone.
        if !stored {
          throw .cannotCut(
            restored.path,
            reason: "its record in the history is not authenticated by your key, and the store kept no other copy of it; "
              + "nothing was redone")
        }
        notes.append(.notAuthenticated(restored.path, undo: false, board: name))
        continue
      }
      let (folderPath, name) = Self.split(restored.path)
      let status = (try? Directory.open(path: folderPath)).flatMap { try? $0.status(of: name) }
      if let status, Self.isUntouched(status, since: restored.identity) {
        steps.append(Journal.Step(path: restored.path, file: cut.file, method: stored ? .remove : .take, identity: restored.identity))
      } else if stored {
        notes.append(.changedSinceUndo(restored.path))
      } else {
        throw .cannotCut(
          restored.path,
          reason: "it changed or went since undo put it back, and the store kept no other copy of it; nothing was redone")
      }
    }
    return steps.isEmpty ? nil : Journal(operation: .redo, from: from, to: to, steps: steps)
  }

  /// Renames the files to take into `data/`; if one cannot be, gives back those taken
  /// and throws: nothing is redone.
  func takeFiles(_ work: JournaledWork) throws(PasteboardError) {
    let data = try requiredFolder(Folder.data)
    for (index, step) in work.journal.steps.enumerated() where step.method == .take {
      do throws(SystemError) {
        let (folder, name) = try work.folder(of: step.path)
        guard let status = try folder.status(of: name), let identity = step.identity, Self.isUntouched(status, since: identity) else {
          throw SystemError(errno: ESTALE, operation: "take", path: step.path)
        }
        try folder.renameWithoutReplacing(name, to: step.file, in: data)
        work.recordHint(index, .done)
      } catch {
        giveBackTakenFiles(work)
        work.end()
        let reason = error.errno == ESTALE ? "it changed since undo put it back" : error.reason
        throw .cannotCut(step.path, reason: "\(reason); nothing was redone")
      }
    }
    try? data.descriptor.sync()
  }

  /// Renames taken files back where they were (the redo's commit did not happen); next
  /// to a file that appeared there since, as undo puts a file back. Only a file that is
  /// the one taken goes out of the store: the user's own, with its identity and no
  /// special permission bits (a put-back file never has them).
  private func giveBackTakenFiles(_ work: JournaledWork) {
    guard let data = try? folder(Folder.data) else { return }
    var keptInStore: [Journal.Step] = []
    defer { recordKeptInStore(keptInStore, work: work) }
    for step in work.journal.steps where step.method == .take {
      guard let identity = step.identity, let (folder, _) = try? work.folder(of: step.path),
        let stored = try? data.status(of: step.file), stored.st_mode & S_IFMT == S_IFREG, stored.st_uid == StoreTrust.user,
        stored.st_mode & 0o7000 == 0, UInt64(stored.st_dev) == identity.device, UInt64(stored.st_ino) == identity.inode
      else { continue }
      do throws(SystemError) {
        let (placed, beside) = try Self.renameIntoPlace(step.file, in: data, for: step.path, folder: folder)
        if beside {
          work.notes.append(.givenBackBeside(step.path, placed: placed))
        }
      } catch {
        work.notes.append(.notGivenBack(step.path, reason: error.reason))
        keptInStore.append(step)
      }
    }
    try? work.sync()
  }

  /// The redo entries at the count before a redo that did not happen say where undo put
  /// back files that are in `data/` again: they are told so (no `restored`), so that the
  /// bytes stay named when the redo stack goes (see `History.recordChange`).
  private func recordKeptInStore(_ steps: [Journal.Step], work: JournaledWork) {
    guard !steps.isEmpty, let historyFolder = try? folder(Folder.history), let read = try? storedHistory(at: work.journal.from)
    else { return }
    var history = read.history
    for entry in history.redoStack.indices {
      for cut in history.redoStack[entry].cutFiles.indices {
        let record = history.redoStack[entry].cutFiles[cut]
        if steps.contains(where: { $0.file == record.file && $0.path == record.restored?.path }) {
          history.redoStack[entry].cutFiles[cut].restored = nil
        }
      }
    }
    try? writeHistory(&history, reusing: read, at: work.journal.from, in: historyFolder, durable: true)
  }

  // MARK: Cut and redo: removing files

  /// Removes each file of a `remove` step that is still the very file named (same
  /// device, inode, size and times); any other is left, with a note.
  func removeFiles(_ work: JournaledWork) {
    for (index, step) in work.journal.steps.enumerated() where step.method == .remove && work.journal.progress[index] != .done {
      do throws(SystemError) {
        let (folder, name) = try work.folder(of: step.path)
        guard let status = try folder.status(of: name) else { continue }  // gone already
        // Its bytes are compared with the store's even when the plan is this process's
        // own: a write through a shared mapping, or on a filesystem with whole-second
        // times, changes bytes and leaves the identity as it was.
        guard let identity = step.identity, Self.isUntouched(status, since: identity), holdsSameBytes(folder, name, as: step.file)
        else {
          work.notes.append(work.journal.operation == .cut ? .changedWhileCut(step.path) : .changedSinceUndo(step.path))
          continue
        }
        try folder.remove(name)
        work.recordHint(index, .done)
      } catch {
        work.notes.append(
          work.journal.operation == .cut
            ? .notRemoved(step.path, reason: error.reason) : .notRemovedAgain(step.path, reason: error.reason))
      }
    }
    try? work.sync()
  }

  /// Whether a file is still the very one recorded: a regular file of this user, with its
  /// only name, and every part of its identity the same.
  static func isUntouched(_ status: stat, since identity: FileIdentity) -> Bool {
    status.st_mode & S_IFMT == S_IFREG && status.st_uid == StoreTrust.user && status.st_nlink == 1
      && FileIdentity(status) == identity
  }

  /// Whether a user's file holds exactly the bytes of a data file: a store file's word
  /// removes a file only if the store has every byte of it.
  private func holdsSameBytes(_ userFolder: Directory, _ name: String, as file: String) -> Bool {
    guard let data = try? folder(Folder.data), let original = try? data.open(file, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK),
      let copy = try? userFolder.open(name, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK),
      let originalStatus = try? original.status(), let copyStatus = try? copy.status(),
      originalStatus.st_size == copyStatus.st_size
    else { return false }
    return (try? ByteTransfer.isPrefix(copy.file, of: original.file)) ?? false
  }
}
