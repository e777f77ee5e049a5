import Glibc
import LinuxSystem
import Synchronization

/// One named pasteboard: a folder of the store holding its committed states
/// (`state/<changeCount>.json`), the data files they name (`data/`), a writers' lock and
/// the writers' scratch folders (`tmp/`). See docs/store-format.md.
public final class Pasteboard {
  public let name: String
  public let path: String
  /// The open board folder; nil for a standard board that was never written.
  let directory: Directory?
  /// The `boards/` folder it was opened from: a writer checks, holding the lock, that
  /// the board is still there (not deleted meanwhile).
  let boards: Directory?
  /// Whether writers stage their data in a scratch folder, as they do by themselves on
  /// a filesystem without unnamed files; tests set it to cover that way.
  var stagesInScratchFolder = false
  /// The time expiry is decided at (milliseconds since 1970): the real clock, or a
  /// test's own, which moves on without the test waiting for it.
  var clock: @Sendable () -> Int64 = TimeSpec.now
  /// Where notices go: the store's sink.
  let notify: (Notice) -> Void
  /// The store's settings.
  let settings: Settings
  /// The board's folders opened so far, each checked once (five at most: pairs, as a
  /// dictionary's first use costs more than searching them).
  private var openedFolders: [OpenedFolder] = []

  /// A struct, not a tuple: see `Workspace.StagedFile`.
  private struct OpenedFolder {
    let name: String
    let directory: Directory
  }

  init(
    name: String, path: String, directory: Directory?, boards: Directory?, settings: Settings, notify: @escaping (Notice) -> Void
  ) {
    self.name = name
    self.path = path
    self.directory = directory
    self.boards = boards
    self.settings = settings
    self.notify = notify
  }

  /// The pasteboard used when none is named.
  public static let general = "general"
  /// The boards that always exist, written or not.
  public static let standardNames = [general, "find"]

  public static func isStandard(_ name: String) -> Bool { standardNames.contains(name) }

  /// Board names are reverse-DNS-like: letters, digits, '.', '_' and '-', not starting
  /// with a dot, so that a name is always one plain folder of the store.
  public static func validate(name: String) throws(PasteboardError) {
    if name.isEmpty { throw .invalidPasteboardName(name, reason: "it is empty") }
    if name.hasPrefix(".") { throw .invalidPasteboardName(name, reason: "it starts with a dot") }
    if name.contains(":") {
      throw .invalidPasteboardName(name, reason: "HOST:BOARD names a board on another machine, which this command does not reach")
    }
    if name.utf8.count > 200 { throw .invalidPasteboardName(name, reason: "it is longer than 200 bytes") }
    if let bad = name.unicodeScalars.first(where: { !isNameScalar($0) }) {
      let shown = bad.properties.isWhitespace || bad.value < 0x20 ? "a blank or control character" : "'\(Display.value(String(bad)))'"
      throw .invalidPasteboardName(name, reason: "\(shown) is not allowed")
    }
    if name.contains("..") { throw .invalidPasteboardName(name, reason: "it contains '..'") }
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return true
    default: return false
    }
  }

  enum Folder {
    static let state = "state"
    static let data = "data"
    static let scratch = "tmp"
    static let trash = "trash"
    static let lock = "lock"
    static let history = "history"
  }

  /// Superseded data files larger than this are freed by a detached process: the
  /// kernel frees a file's blocks in time proportional to its size, and a commit
  /// should cost the same whatever the size of the data.
  static let backgroundRemovalThreshold: Int64 = 1 << 20

  func makeLayout() throws(PasteboardError) {
    for folder in [Folder.state, Folder.data, Folder.scratch, Folder.trash, Folder.history] {
      _ = try self.folder(folder, creating: true)
    }
  }

  /// One of the board's folders, opened and checked (see `openStoreFolder`); nil when
  /// it does not exist and `creating` is false.
  func folder(_ name: String, creating: Bool = false) throws(PasteboardError) -> Directory? {
    if let opened = openedFolders.first(where: { $0.name == name }) { return opened.directory }
    guard let directory, let opened = try directory.openStoreFolder(name, creating: creating) else { return nil }
    openedFolders.append(OpenedFolder(name: name, directory: opened))
    return opened
  }

  /// A folder a writer needs: made again if something removed it.
  func requiredFolder(_ name: String) throws(PasteboardError) -> Directory {
    guard let folder = try folder(name, creating: true) else {
      throw .internalError("writing to a board that was not created")
    }
    return folder
  }

  // MARK: Reading

  /// The committed state: the highest-numbered manifest. Readers take no lock; a
  /// manifest removed by a writer between listing and opening means a newer one exists,
  /// so the read starts over.
  /// A secret that has expired is not left for the next writer: the reader that finds
  /// it commits its removal (if it can write to the store).
  public func state() throws(PasteboardError) -> PasteboardState {
    let manifest = try latestManifest()
    let now = clock()
    if manifest.items.contains(where: { $0.concealed && $0.hasExpired(at: now) }), let removed = try? removeExpired() {
      return removed
    }
    // Data only history held, expired: unreachable, so it leaves the disk now.
    // A reader does not wait for it: a writer holding the lock does the same.
    if let due = manifest.historyExpires, due <= now { try? updateHistory(lockTimeout: 0) { _ in } }
    return PasteboardState(name: name, manifest: manifest, at: now)
  }

  /// The change count alone, from the names in `state/`: no manifest is read.
  public func changeCount() throws(PasteboardError) -> Int {
    guard let state = try folder(Folder.state) else { return 0 }
    do {
      return try state.entries().compactMap(Self.changeCount(ofManifestNamed:)).max() ?? 0
    } catch {
      throw .io(error)
    }
  }

  /// What the board was created with (`board.json`).
  public func attributes() throws(PasteboardError) -> BoardAttributes {
    guard let directory else { return BoardAttributes() }
    return try BoardAttributes.read(in: directory)
  }

  func latestManifest() throws(PasteboardError) -> Manifest {
    guard let state = try folder(Folder.state) else { return .empty() }
    return try readConsistently("read the state of") { () throws(PasteboardError) -> Manifest? in
      let names: [String]
      do throws(SystemError) {
        names = try state.entries()
      } catch {
        throw .io(error)
      }
      guard let newest = names.compactMap(Self.changeCount(ofManifestNamed:)).max() else { return .empty() }
      let manifestName = "\(newest).json"
      guard let bytes = try StoreFiles.read(manifestName, in: state, limit: Manifest.sizeLimit) else { return nil }
      let manifestPath = state.path + "/" + manifestName
      let manifest = try Manifest.decode(bytes, path: manifestPath)
      guard manifest.changeCount == newest else {
        throw .corruptStore(path: manifestPath, reason: "field changeCount: it says \(manifest.changeCount), the name says \(newest)")
      }
      return manifest
    }
  }

  /// How often a read without the lock starts over before the board is called busy.
  static let consistentReadAttempts = 100

  /// Reads without the lock, which a writer may overtake: `attempt` returns nil when a
  /// commit came in between and what it read is not of one state, and the read starts
  /// over. A board that changes on every attempt fails the read with EAGAIN, saying it
  /// could not `operation` the board.
  func readConsistently<Value>(
    _ operation: String, _ attempt: () throws(PasteboardError) -> Value?
  ) throws(PasteboardError) -> Value {
    for _ in 0..<Self.consistentReadAttempts {
      if let value = try attempt() { return value }
    }
    throw .io(SystemError(errno: EAGAIN, operation: operation, path: path))
  }

  /// The change count a manifest's name gives, for names exactly as pb writes them
  /// (`42.json`: no sign, no leading zero, within the counts a manifest may hold).
  static func changeCount(ofManifestNamed name: String) -> Int? {
    let bytes = Array(name.utf8)
    guard bytes.count > 5, bytes.count <= 24, name.hasSuffix(".json") else { return nil }
    let digits = bytes.dropLast(5)
    // 19 digits can pass Int.max: those are read by Int's own checked parser.
    guard digits.allSatisfy(ASCII.isDigit), digits.first != UInt8(ascii: "0") || digits.count == 1,
      let count = Int(String(decoding: digits, as: UTF8.self)), count <= Manifest.highestChangeCount
    else { return nil }
    return count
  }

  /// Opens a representation's data file for reading; nil when it is gone (a writer
  /// replaced the state since it was read). A file whose size is not the one the
  /// manifest gives is damaged.
  func openData(_ representation: Representation, manifestPath: String) throws(PasteboardError) -> Descriptor? {
    guard let data = try folder(Folder.data), let (file, status) = try data.openStoreFile(representation.file) else {
      return nil
    }
    if Int64(status.st_size) != representation.size {
      throw .corruptStore(
        path: file.path,
        reason: "it holds \(status.st_size) bytes where \(Display.path(manifestPath)) says \(representation.size)")
    }
    return file
  }

  /// Whether a representation's data file is there, checked as `openData` checks it,
  /// without opening it.
  func checkData(_ representation: Representation, in data: Directory, manifestPath: String) throws(PasteboardError) -> Bool {
    let status: stat?
    do {
      status = try data.status(of: representation.file)
    } catch {
      throw StoreTrust.refusal(error) ?? .io(error)
    }
    guard let status else { return false }
    try StoreTrust.check(status, of: data.path + "/" + representation.file, isDirectory: false)
    if Int64(status.st_size) != representation.size {
      throw .corruptStore(
        path: data.path + "/" + representation.file,
        reason: "it holds \(status.st_size) bytes where \(Display.path(manifestPath)) says \(representation.size)")
    }
    return true
  }

  // MARK: Writing

  /// Seconds a writer waits for the lock before giving up (`PB_LOCK_TIMEOUT`, checked
  /// by `Store.checkEnvironment`).
  var lockTimeout: Double {
    settings.lockTimeout ?? 10
  }

  /// Runs `body` holding the board's writer lock. The lock is held only to commit,
  /// never while data streams in, so waits are short. A writer that has already read
  /// standard input (`waitsPastTimeout`) cannot give up without losing it, so past the
  /// timeout it says why it waits and goes on waiting.
  func withLock<Result>(
    timeout: Double? = nil, waitsPastTimeout: Bool = false, _ body: (Directory) throws(PasteboardError) -> Result
  ) throws(PasteboardError) -> Result {
    guard let directory else { throw .internalError("writing to a board that was not created") }
    // No lock file can be made in a folder that was deleted and removed.
    guard let (lock, _) = try directory.openStoreFile(Folder.lock, flags: O_RDWR | O_CREAT) else {
      try checkStillInPlace(directory)
      throw .io(SystemError(errno: ENOENT, operation: "open", path: path + "/" + Folder.lock))
    }
    // Closing `lock` when this returns releases the lock; not before.
    defer { lock.keepOpenUntilHere() }
    let timeout = timeout ?? lockTimeout
    var waited = 0.0
    var pause = 0.0001
    var toldWhy = false
    while true {
      let taken: Bool
      do {
        taken = try lock.file.lock(wait: false)
      } catch {
        throw .io(error)
      }
      if taken { break }
      if waited >= timeout {
        guard waitsPastTimeout else { throw .lockTimeout(board: name, seconds: timeout) }
        if !toldWhy {
          notify(.stillLocked(board: name, seconds: timeout))
          toldWhy = true
        }
      }
      SystemCall.pause(seconds: pause)
      waited += pause
      pause = min(pause * 1.5, 0.005)
    }
    try checkStillInPlace(directory)
    try recoverInterruptedWork(in: directory)
    return try body(directory)
  }

  /// `--if-count`: a board no longer at the expected count is not changed.
  func check(_ count: Int, against expected: Int?) throws(PasteboardError) {
    if let expected, count != expected { throw .changeCountMismatch(board: name, expected: expected, found: count) }
  }

  /// Whether `boards/<name>` is still this folder: a deleter renames it away holding the
  /// lock, so a writer that opened the board before then must not commit into it.
  func checkStillInPlace(_ directory: Directory) throws(PasteboardError) {
    guard let boards else { return }
    let here = try? boards.status(of: name)
    let mine = try? directory.status()
    guard let here, let mine, here.st_ino == mine.st_ino, here.st_dev == mine.st_dev else {
      throw .pasteboardDeleted(name, whileWriting: true)
    }
  }

  /// How a user command's commit enters history: recorded under its action name, or,
  /// with `--no-undo`, not recorded (the name then tells what undoing its secrets undoes).
  /// A change with none (expiry, undo and redo themselves, which move entries in
  /// `change`) is not recorded either.
  struct Recording {
    var actionName: String
    var cutFiles: [CutFile] = []
    var records = true
  }

  /// Work outside the store that goes with a commit: given the state before, the items
  /// after, the history after and the count the commit makes, it writes its journal and
  /// begins (or throws, having undone what it began); it is finished after the commit.
  typealias OutsideWork = (_ current: Manifest, _ items: [Item], _ history: inout History, _ next: Int)
    throws(PasteboardError) -> JournaledWork?

  /// Commits a new state built from the current one, under the lock: moves the staged
  /// data files into `data/`, writes `history/<changeCount + 1>.json` and then
  /// `state/<changeCount + 1>.json` under new names (a rename onto a fresh name is atomic
  /// and cheap; the manifest's commits both), then drops what no state or history entry
  /// needs. `change` gets the items that have not expired, the whole manifest and the
  /// history, and returns the new items, or nil for no change at all (then nothing is
  /// committed).
  /// `durable` (for `pb cut`, which then removes the originals) returns only once the
  /// data, the history and the manifest are on disk. `committed` runs once the new state
  /// is, still under the lock: a record of the change is written there, never before it.
  func commit(
    from workspace: Workspace?, kind: ChangeKind = .done, ifCount: Int? = nil, recording: Recording? = nil, durable: Bool = false,
    outside: OutsideWork? = nil, committed: ((PasteboardState) throws(PasteboardError) -> Void)? = nil,
    _ change: (_ live: [Item], _ current: Manifest, _ history: inout History) throws(PasteboardError) -> [Item]?
  ) throws(PasteboardError) -> (state: PasteboardState, work: JournaledWork?) {
    var work: JournaledWork?
    let state = try withLock(waitsPastTimeout: workspace?.holdsStandardInput ?? false) { (_) throws(PasteboardError) in
      let stateFolder = try requiredFolder(Folder.state)
      let data = try requiredFolder(Folder.data)
      let historyFolder = try requiredFolder(Folder.history)
      let current = try latestManifest()
      try check(current.changeCount, against: ifCount)
      let read = try storedHistory(at: current.changeCount)
      var history = read.history
      history.closeGroupsOfExitedProcesses()
      let now = clock()
      history.dropExpired(at: now)
      guard let items = try change(current.items.filter { !$0.hasExpired(at: now) }, current, &history) else {
        return PasteboardState(name: name, manifest: current, at: now)
      }
      guard current.changeCount < Manifest.highestChangeCount else {
        throw .changeCountExhausted(board: name, path: stateFolder.path + "/\(current.changeCount).json")
      }
      if let recording, recording.records {
        history.recordChange(
          named: recording.actionName, before: current.items, previousCount: current.changeCount,
          changeCount: current.changeCount + 1, at: now, cutFiles: recording.cutFiles)
      }
      history.noteChange(
        from: current.items, previousCount: current.changeCount, to: items, actionName: recording?.actionName ?? "Change", at: now,
        recorded: recording?.records ?? false)
      keepWithinBudget(&history, current: items)
      let next = Manifest(
        format: Manifest.currentFormat, changeCount: current.changeCount + 1, date: Int(now / 1000), items: items,
        changeKind: kind, historyExpires: history.earliestExpiry)
      if let index = items.firstIndex(where: { $0.representations.count > Item.mostRepresentations }) {
        throw .cannotCreate(
          path: stateFolder.path + "/\(next.changeCount).json",
          reason: "item \(index + 1) has \(items[index].representations.count) representations, "
            + "more than the \(Item.mostRepresentations) one item holds; give it fewer types")
      }
      let encoded = next.encoded()
      // Readers refuse a larger manifest as damaged, so a writer must never make one.
      if encoded.count > Manifest.sizeLimit {
        throw .cannotCreate(
          path: stateFolder.path + "/\(next.changeCount).json",
          reason: "\(items.count) items are more than one pasteboard holds (its manifest would pass 16 MiB); clear it or use another")
      }
      work = try outside?(current, items, &history, next.changeCount)
      do throws(PasteboardError) {
        try PasteboardError.catching {
          try workspace?.name(into: data, durable: durable)
          if durable { try data.descriptor.sync() }
        }
        try writeHistory(&history, reusing: read, at: next.changeCount, in: historyFolder, durable: durable || work != nil)
        try PasteboardError.catching {
          try StoreFiles.writeAtomically(
            encoded, named: "\(next.changeCount).json", in: stateFolder, durable: durable || work != nil)
        }
      } catch {
        if let work {
          rollBack(work)
          work.end()
        }
        throw error
      }
      if let work {
        // Committed: from here on the work is finished, by this process or, if it is
        // killed, by the next one to take the lock. A history that cannot be written
        // now (a full disk) keeps the journal, for the next one to write it.
        if !finish(work) || (try? apply(work, to: &history, reusing: read, at: next.changeCount)) != nil { work.end() }
      }
      collectGarbage(
        keeping: next, history: history, replacing: current, state: stateFolder, data: data, except: workspace?.folderName)
      LastCommit.keep(read, history)
      let state = PasteboardState(name: name, manifest: next, at: now)
      try committed?(state)
      return state
    }
    emptyTrash()
    return (state, work)
  }

  /// The history a commit read and the one it wrote, kept until the next commit or the
  /// process's end. Freeing a history of 50 entries (thousands of small objects) took a
  /// commit 0.1 M instructions, 4% of a small `pb copy -t`, just before it exited; a
  /// process that commits again frees the previous ones then, so it holds one more at most.
  private enum LastCommit {
    static let values = Mutex<(read: HistoryFile, written: History)?>(nil)

    static func keep(_ read: sending HistoryFile, _ written: sending History) {
      values.withLock { $0 = (read, written) }
    }
  }

  /// Commits the removal of items whose time has come (a change of kind `expired`), if
  /// there are any; returns the new state, or nil when nothing had expired.
  @discardableResult
  public func removeExpired() throws(PasteboardError) -> PasteboardState? {
    guard directory != nil else { return nil }
    let now = clock()
    guard try latestManifest().items.contains(where: { $0.hasExpired(at: now) }) else { return nil }
    return try commit(from: nil, kind: .expired) { live, current, _ in live.count < current.items.count ? live : nil }.state
  }

  /// Removes the concealed item whose data files are `files` as if it had expired (a
  /// change of kind `expired`, which history does not record), with any that have: a
  /// secret whose copy left the desktop goes before its time. Returns the new state, or
  /// nil when the board no longer holds that secret (nothing else is ever removed).
  @discardableResult
  public func removeSecret(files: [String]) throws(PasteboardError) -> PasteboardState? {
    guard directory != nil else { return nil }
    var removed = false
    let state = try commit(from: nil, kind: .expired) { live, _, _ in
      guard let index = live.firstIndex(where: { $0.concealed && $0.representations.map(\.file) == files }) else { return nil }
      removed = true
      var items = live
      items.remove(at: index)
      return items
    }.state
    return removed ? state : nil
  }

  /// Removes older states and histories, data files neither the kept state nor its
  /// history names, and the scratch folders of writers that died. Called with the lock
  /// held; failures only leave litter behind for the next writer. Large data files go
  /// to `trash/`, freed after the lock is released; the data of items history may not
  /// keep (secrets, `--no-undo`) is removed here and now, whatever its size.
  func collectGarbage(
    keeping manifest: Manifest, history: History, replacing previous: Manifest, state: Directory, data: Directory,
    except ownScratch: String?
  ) {
    let keptState = "\(manifest.changeCount).json"
    for name in (try? state.entries()) ?? [] where name != keptState {
      try? state.remove(name)
    }
    if let historyFolder = try? folder(Folder.history) {
      for name in (try? historyFolder.entries()) ?? [] where name != keptState {
        try? historyFolder.remove(name)
      }
    }
    let trash = try? folder(Folder.trash, creating: true)
    let keptData = History.referencedFiles(current: manifest.items, history: history)
    let secrets = previous.items.filter { !$0.isRecordable }.flatMap { $0.representations.map(\.file) }.sorted()
    for name in (try? data.entries()) ?? [] where !Self.sortedNames(keptData, contain: name) {
      let size = (try? data.status(of: name)).flatMap { $0 }.map { Int64($0.st_size) } ?? 0
      if size > Self.backgroundRemovalThreshold, !Self.sortedNames(secrets, contain: name), let trash,
        (try? data.rename(name, to: name, in: trash)) != nil
      {
        continue
      }
      try? data.remove(name)
    }
    if let scratch = try? folder(Folder.scratch, creating: true) {
      for name in (try? scratch.entries()) ?? [] where name != ownScratch {
        scratch.removeIfAbandoned(name)
      }
    }
  }

  /// Whether `names`, sorted, holds `name`: a binary search, as a board may hold
  /// thousands of data files.
  private static func sortedNames(_ names: [String], contain name: String) -> Bool {
    var low = 0
    var high = names.count
    while low < high {
      let middle = (low + high) / 2
      if names[middle] < name { low = middle + 1 } else { high = middle }
    }
    return low < names.count && names[low] == name
  }

  /// Frees whatever is in `trash/` (what this commit put there, and what an emptier
  /// that died left) from a detached process; if none can be started, here.
  func emptyTrash() {
    guard let trash = try? folder(Folder.trash), let names = try? trash.entries(), !names.isEmpty else { return }
    if SystemCall.emptyInBackground(trash.descriptor) { return }
    for name in names {
      try? trash.remove(name)
    }
  }
}
