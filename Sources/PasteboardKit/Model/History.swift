import LinuxSystem
/// One undoable change, as NSUndoManager keeps them: its action name, when it was made,
/// and the board's items on the other side of it (before the change for an entry of
/// the undo stack, after it for one of the redo stack). Entries hold references to data
/// files, never data: an undo is a commit of an entry's items.
public struct HistoryEntry: Sendable, Equatable {
  public var actionName: String
  /// When the change was made, in ms since 1970.
  public var date: Int64
  public var items: [Item]
  /// The change count of the state this entry leads away from: for an undo entry, the
  /// state its change made; for a group's entry, the state its first change made (the
  /// entry keeps it as later changes in the group grow it). An undo entry whose count
  /// is past `beforeSecrets`' was made since the secrets came.
  public var changeCount: Int
  /// The files a cut removed, put back by undoing it.
  public var cutFiles: [CutFile]

  public init(actionName: String, date: Int64, items: [Item], changeCount: Int, cutFiles: [CutFile] = []) {
    self.actionName = actionName
    self.date = date
    self.items = items
    self.changeCount = changeCount
    self.cutFiles = cutFiles
  }
}

/// A file `pb cut` removed: where it was, how it was, and the data file holding its bytes.
public struct CutFile: Sendable, Equatable {
  /// The absolute path it had.
  public var path: String
  /// The data file in the board's `data/` holding its bytes.
  public var file: String
  public var mode: UInt32
  /// Its modification time, in ns since 1970.
  public var modified: Int64
  /// Where undo put it back and the very file it made there; nil while its bytes are in
  /// the store (not undone, or undo could not put it back).
  public var restored: RestoredFile?
  /// Whether undo and redo may act on its path: true for a record this pb made, and for
  /// one read back whose MAC the user's key verifies (`HistorySeal`). Undoing one that is
  /// not leaves its bytes in the store.
  public var authenticated: Bool

  public init(path: String, file: String, mode: UInt32, modified: Int64, restored: RestoredFile? = nil, authenticated: Bool = true) {
    self.path = path
    self.file = file
    self.mode = mode
    self.modified = modified
    self.restored = restored
    self.authenticated = authenticated
  }
}

/// A file undo put back: its path (the cut file's own, or `NAME.restored` next to a
/// newcomer) and its identity right after, which redo checks before it takes the file.
public struct RestoredFile: Sendable, Equatable {
  public var path: String
  public var identity: FileIdentity

  public init(path: String, identity: FileIdentity) {
    self.path = path
    self.identity = identity
  }
}

/// What tells one file from any other and from itself changed: device and inode, size,
/// and the modification and status-change times (ns since 1970). Nobody can set a
/// file's status-change time, so a file with the same identity is the same file, unchanged.
public struct FileIdentity: Sendable, Equatable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var modified: Int64
  public var changed: Int64

  public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }
}

/// A state the board held before its present one, as `pb history --list` shows it.
public struct PastState: Sendable, Equatable {
  /// 1 for the state before the last change, counting back.
  public var number: Int
  public var items: [Item]
  /// When the board came to hold it, in ms since 1970: the date of the change that left
  /// the state before it. Nil for the oldest state history holds (what made it is no
  /// longer recorded).
  public var made: Int64?
  /// The change that left it (as `pb history` names it), and when, in ms since 1970.
  public var replacedBy: String
  public var replaced: Int64
  /// Whether it is pinned (`pb history --pin`): levels and the budget leave it.
  public var pinned = false
}

/// A group of changes open on a board (`pb group begin`): the changes made while it is
/// open, by any process, become one undo entry.
public struct UndoGroup: Sendable, Equatable {
  /// The outermost group's name; nil names the entry after its first action.
  public var name: String?
  /// The process that opened each nesting level, outermost first. A level whose
  /// process has exited is closed (only that level: the others may be other processes').
  public var openers: [ProcessIdentity]
  /// Whether the top undo entry is this group's (a change was made inside it).
  public var hasEntry: Bool

  public var depth: Int { openers.count }
}

/// A board's undo and redo stacks, as NSUndoManager's: named entries, groups, and a
/// bounded number of levels. Pure: the store reads and writes it with each commit.
public struct History: Sendable, Equatable {
  public static let defaultLevels = 50
  public static let defaultMaxBytes: Int64 = 256 << 20

  /// How many undo entries are kept; 0 means no limit.
  public var levelsOfUndo: Int
  /// The most bytes history may hold (see `keepWithinBudget`); 0 means no limit.
  public var maxBytes: Int64
  /// The pinned states, each named by the data files of its items in order (`pinKey`):
  /// a state is pinned wherever it is, in either stack or on the board, and it keeps its
  /// pin as undo and redo move it. Only states history or the board holds are pinned
  /// (`dropOrphanedPins`), so there are never more pins than states.
  public var pins: [[String]]
  /// Oldest first: the last entry is the next to undo.
  public var undoStack: [HistoryEntry]
  /// Oldest first: the last entry is the next to redo.
  public var redoStack: [HistoryEntry]
  public var group: UndoGroup?
  /// While the board holds items history may not keep, the last state before them
  /// (a saved state whose change count is the one it had): undoing the change that
  /// replaces them goes back there.
  public var beforeSecrets: SavedState?

  /// A state of the board as history keeps it, and the action that left it.
  public struct SavedState: Sendable, Equatable {
    public var items: [Item]
    public var changeCount: Int
    /// The change that brought the secrets: undoing them is undoing it.
    public var actionName: String
    /// When that change was made, in ms since 1970 (0 when not known).
    public var date: Int64

    public init(items: [Item], changeCount: Int, actionName: String, date: Int64 = 0) {
      self.items = items
      self.changeCount = changeCount
      self.actionName = actionName
      self.date = date
    }
  }

  public init(
    levelsOfUndo: Int = defaultLevels, undoStack: [HistoryEntry] = [], redoStack: [HistoryEntry] = [], group: UndoGroup? = nil,
    beforeSecrets: SavedState? = nil, maxBytes: Int64 = defaultMaxBytes, pins: [[String]] = []
  ) {
    self.levelsOfUndo = levelsOfUndo
    self.maxBytes = maxBytes
    self.pins = pins
    self.undoStack = undoStack
    self.redoStack = redoStack
    self.group = group
    self.beforeSecrets = beforeSecrets
  }

  /// Whether `undo` has a step to take: an entry, or the step back over secrets.
  public var canUndo: Bool { !undoStack.isEmpty || beforeSecrets != nil }
  /// Cut files of the redo stack that an undo could not put back: their bytes are only
  /// in the store, named only here.
  var filesNotPutBack: [CutFile] { redoStack.flatMap(\.cutFiles).filter { $0.restored == nil } }

  public var canRedo: Bool { !redoStack.isEmpty }
  public var undoActionName: String? { undoSteps.last?.actionName }
  public var redoActionName: String? { redoStack.last?.actionName }

  /// The undo stack as `undo` takes it, oldest first. While the board holds secrets, the
  /// entries made since they came give way to one step back to the state before them,
  /// named after the oldest of those entries (or after the change that brought the
  /// secrets), with the files of their cuts.
  public var undoSteps: [HistoryEntry] {
    guard let saved = beforeSecrets else { return undoStack }
    let since = undoStack[firstEntrySinceSecrets...]
    let step = HistoryEntry(
      actionName: since.first?.actionName ?? saved.actionName, date: since.first?.date ?? saved.date, items: saved.items,
      changeCount: saved.changeCount, cutFiles: since.flatMap(\.cutFiles))
    return undoStack[..<firstEntrySinceSecrets] + [step]
  }

  /// The states the board held before, newest first, numbered from 1 as
  /// `pb history --list` shows them: the state each step of `undoSteps` gives back, so
  /// that state N is what `pb undo N` would leave (`restore` makes it a new change
  /// instead). States of the redo stack are not among them: they came after the board's
  /// present, not before it, and a number must not change meaning when one is redone.
  public var pastStates: [PastState] {
    let steps = undoSteps
    let pinned = Set(pins)
    return steps.indices.reversed().map { index in
      PastState(
        number: steps.count - index, items: steps[index].items, made: index > 0 ? steps[index - 1].date : nil,
        replacedBy: steps[index].actionName, replaced: steps[index].date,
        pinned: !pinned.isEmpty && pinned.contains(Self.pinKey(steps[index].items)))
    }
  }

  /// Where the undo entries made since the secrets came begin (the stack's end when
  /// there are no secrets): entries are in the order of their counts, and those made
  /// since have counts past the saved state's.
  private var firstEntrySinceSecrets: Int {
    guard let saved = beforeSecrets else { return undoStack.endIndex }
    return (undoStack.lastIndex { $0.changeCount <= saved.changeCount } ?? -1) + 1
  }

  /// What history may hold of a state: secrets and items written with `--no-undo`
  /// never stay behind in it.
  static func recordable(_ items: [Item]) -> [Item] {
    items.filter(\.isRecordable)
  }

  /// Notes any change of the board, `recorded` (after `recordChange`) or not (expiry,
  /// `--no-undo`, undo, redo), made at `date`: when it brings in items history may not
  /// keep, the state before them is saved with the change's name; when it leaves none,
  /// the saved state is dropped. Every commit notes its change, so a saved state means
  /// the board holds secrets: `undo`, `canUndo` and `undoSteps` go by it alone.
  /// A change not recorded that takes the secrets away (they expired, or a `--no-undo`
  /// write replaced them) leaves the steps of undo as they were: when no entry made
  /// since the secrets leads back to the saved state, it becomes the entry that does.
  /// A board may hold secrets with no saved state (`history --clear` forgot it, or an
  /// older `pb` wrote them): new secrets over it save the board less the old ones, so
  /// that undoing them goes back there and leaves nothing to redo, as over any state.
  /// Undo, redo and expiry never bring secrets in.
  public mutating func noteChange(
    from before: [Item], previousCount: Int, to after: [Item], actionName: String, at date: Int64 = 0, recorded: Bool = false
  ) {
    if after.allSatisfy(\.isRecordable) {
      if !recorded, beforeSecrets != nil, firstEntrySinceSecrets == undoStack.endIndex, let step = undoSteps.last {
        undoStack.append(step)
        group?.hasEntry = false
        trim()
      }
      beforeSecrets = nil
      return
    }
    guard beforeSecrets == nil else { return }
    // Each write makes new data files: a secret is new if its files are. A board holds
    // old secrets only after `history --clear`, so `held` is nearly always empty.
    let held = before.filter { !$0.isRecordable }.flatMap { $0.representations.map(\.file) }
    if after.contains(where: { item in !item.isRecordable && !item.representations.contains { held.contains($0.file) } }) {
      beforeSecrets = SavedState(items: Self.recordable(before), changeCount: previousCount, actionName: actionName, date: date)
    }
  }

  /// What a change from `current` records as the state before it: `current` itself, or,
  /// while it holds secrets, the state before them (without one, `current` less them).
  func recordableState(of current: [Item]) -> [Item] {
    beforeSecrets?.items ?? Self.recordable(current)
  }

  /// While the board holds secrets, the undo entries made since they came all lead back
  /// to the state before them: takes them off the stack and returns their cut files,
  /// which the entry that replaces them must keep (the files are still cut).
  mutating func dropEntriesSinceSecrets() -> [CutFile] {
    let since = firstEntrySinceSecrets
    let cutFiles = undoStack[since...].flatMap(\.cutFiles)
    undoStack.removeSubrange(since...)
    return cutFiles
  }

  /// Records a change by a user command: `before` is the board before it (at change
  /// count `previousCount`), `changeCount` the state the change made. A change clears
  /// the redo stack. Inside an open group that already has its entry, the entry grows
  /// to cover this change, with its cut files; it keeps the count its first change made,
  /// so secrets that come later in the group never make it an entry made since them
  /// (which would drop it, and the state before the group with it). A change from a
  /// state holding secrets or `--no-undo` items records instead the state before them
  /// (entries made since then go: undoing goes past the secrets in one step); without
  /// one, the secrets are left out. Call it before `noteChange` for the same change.
  public mutating func recordChange(
    named actionName: String, before: [Item], previousCount: Int, changeCount: Int, at date: Int64, cutFiles: [CutFile] = []
  ) {
    // Files an undo could not put back have their bytes only in the redo stack: the new
    // entry keeps them (undoing it tries again), as the redo stack goes.
    let cutFiles = filesNotPutBack + cutFiles
    redoStack.removeAll()
    if group?.hasEntry == true, !undoStack.isEmpty {
      undoStack[undoStack.count - 1].cutFiles += cutFiles
      return
    }
    let items = recordableState(of: before)
    let cut = dropEntriesSinceSecrets() + cutFiles
    undoStack.append(
      HistoryEntry(actionName: group?.name ?? actionName, date: date, items: items, changeCount: changeCount, cutFiles: cut))
    if group != nil { group?.hasEntry = true }
    trim()
  }

  /// Takes up to `count` steps of `undoSteps`, newest first, and puts the states they
  /// leave onto the redo stack. Returns the entries undone (the items to restore
  /// are the last one's); none when there is nothing to undo. The redo stack then keeps
  /// at most `levelsOfUndo` entries, as after a change.
  /// While the board holds secrets, the first step goes back to the state before them
  /// (with the cut files of every entry made since) and leaves nothing to redo: the
  /// secrets are never kept.
  public mutating func undo(_ count: Int, current: [Item], changeCount: Int) -> [HistoryEntry] {
    guard count > 0 else { return [] }
    var moved: [HistoryEntry] = []
    var items = current
    if beforeSecrets != nil, let step = undoSteps.last {
      _ = dropEntriesSinceSecrets()
      moved.append(step)
      items = step.items
      beforeSecrets = nil
      group?.hasEntry = false
    }
    moved += Self.move(count - moved.count, from: &undoStack, to: &redoStack, current: items, changeCount: changeCount, group: &group)
    trim()
    return moved
  }

  /// Takes up to `count` entries off the redo stack and puts the states they leave back
  /// onto the undo stack (from a board holding secrets, the state before them). The undo
  /// stack then keeps at most `levelsOfUndo` entries, as after a change.
  public mutating func redo(_ count: Int, current: [Item], changeCount: Int) -> [HistoryEntry] {
    guard count > 0, !redoStack.isEmpty else { return [] }
    let items = recordableState(of: current)
    let cutFiles = dropEntriesSinceSecrets()
    let moved = Self.move(count, from: &redoStack, to: &undoStack, current: items, changeCount: changeCount, group: &group)
    // The cut files of the entries that went stay with the first one redone: undoing it
    // puts them back.
    if !cutFiles.isEmpty {
      let first = undoStack.count - moved.count
      undoStack[first].cutFiles = cutFiles + undoStack[first].cutFiles
    }
    trim()
    return moved
  }

  private static func move(
    _ count: Int, from source: inout [HistoryEntry], to destination: inout [HistoryEntry], current: [Item], changeCount: Int,
    group: inout UndoGroup?
  ) -> [HistoryEntry] {
    var moved: [HistoryEntry] = []
    var items = current
    while moved.count < count, let entry = source.popLast() {
      destination.append(
        HistoryEntry(
          actionName: entry.actionName, date: entry.date, items: recordable(items), changeCount: changeCount,
          cutFiles: entry.cutFiles))
      items = entry.items
      moved.append(entry)
    }
    // A group still open goes on, but its next change starts a new entry: the one it
    // had is no longer on top.
    if !moved.isEmpty { group?.hasEntry = false }
    return moved
  }

  /// Drops the oldest entries past `levelsOfUndo`. Pinned states count apart: they stay,
  /// and the levels are of the others.
  public mutating func trim() {
    guard levelsOfUndo > 0 else { return }
    undoStack = keepingPinned(undoStack, andNewest: levelsOfUndo)
    redoStack = keepingPinned(redoStack, andNewest: levelsOfUndo)
  }

  private func keepingPinned(_ entries: [HistoryEntry], andNewest count: Int) -> [HistoryEntry] {
    guard entries.count > count else { return entries }
    if pins.isEmpty { return Array(entries.suffix(count)) }
    let pinned = Set(pins)
    var unpinnedLeft = count
    var kept: [HistoryEntry] = []
    for entry in entries.reversed() {
      if pinned.contains(Self.pinKey(entry.items)) {
        kept.append(entry)
      } else if unpinnedLeft > 0 {
        unpinnedLeft -= 1
        kept.append(entry)
      }
    }
    return kept.reversed()
  }

  // MARK: Pins and the budget

  /// What a pin names a state by: the data files of its items, in order. Every write
  /// makes new data files and undo shares them, so the same files are the same state.
  public static func pinKey(_ items: [Item]) -> [String] {
    items.flatMap { $0.representations.map(\.file) }
  }

  /// Pins (or unpins) the state holding `items`.
  public mutating func setPinned(_ pinned: Bool, _ items: [Item]) {
    let key = Self.pinKey(items)
    pins.removeAll { $0 == key }
    if pinned { pins.append(key) }
  }

  /// Drops the pins of states that are neither `current` nor held by history any more
  /// (a new change cleared the redo stack that held one, or its items expired).
  public mutating func dropOrphanedPins(current: [Item]) {
    guard !pins.isEmpty else { return }
    var held: Set<[String]> = [Self.pinKey(current)]
    for entry in undoStack + redoStack { held.insert(Self.pinKey(entry.items)) }
    if let saved = beforeSecrets { held.insert(Self.pinKey(saved.items)) }
    pins.removeAll { !held.contains($0) }
  }

  /// The bytes the budget counts: the data files that only unpinned history states
  /// hold, each once, less those of cut files (the only copy of a user's file, never
  /// dropped for room).
  public func budgetedBytes(current: [Item]) -> Int64 {
    Budget(self, current: current).total
  }

  /// Keeps the bytes `budgetedBytes` counts within `maxBytes`: drops unpinned entries,
  /// oldest first (the redo stack's, then the undo stack's, as the file's size cap
  /// does). The newest entry of each stack stays, as the file's size cap keeps it: the
  /// last change can always be undone (and its bytes may be the only copy of a cut's
  /// files whose record `--clear` forgot). So does the state before secrets. A dropped
  /// entry's cut files whose bytes are only in the store go to the next newer entry of
  /// its stack, which undoing then puts them back with. Returns the cut files moved so,
  /// for a notice.
  public mutating func keepWithinBudget(current: [Item]) -> [CutFile] {
    guard maxBytes > 0, namedBytesExceed(maxBytes) else { return [] }
    var budget = Budget(self, current: current)
    guard budget.total > maxBytes else { return [] }
    var moved: [CutFile] = []
    for stack in [\History.redoStack, \History.undoStack] {
      let entries = self[keyPath: stack]
      var kept: [HistoryEntry] = []
      var carried: [CutFile] = []
      for index in entries.indices {
        var entry = entries[index]
        entry.cutFiles = carried + entry.cutFiles
        carried = []
        guard budget.total > maxBytes, !budget.isPinned(entry.items), index < entries.count - 1 else {
          kept.append(entry)
          continue
        }
        budget.drop(entry.items)
        carried = entry.cutFiles.filter { $0.restored == nil }
        moved += carried
      }
      self[keyPath: stack] = kept
    }
    // A file carried on past several dropped entries is told once.
    var told: Set<String> = []
    return moved.filter { told.insert($0.file).inserted }
  }

  /// Whether every entry's bytes, shared ones as often as they are named, pass `limit`:
  /// they are at least what the budget counts, and are summed without a table or an
  /// array, so that a commit within its budget (nearly every one) pays no more than that.
  private func namedBytesExceed(_ limit: Int64) -> Bool {
    var total: Int64 = 0
    func add(_ items: [Item]) -> Bool {
      for item in items {
        for representation in item.representations {
          total += Self.budgeted(representation.size)
          if total > limit { return true }
        }
      }
      return false
    }
    for entry in undoStack where add(entry.items) { return true }
    for entry in redoStack where add(entry.items) { return true }
    return add(beforeSecrets?.items ?? [])
  }

  /// A size as the budget adds it: a history file names fewer than 2^23 representations,
  /// so sums of sizes held to 1 TiB never overflow, whatever sizes a planted one gives.
  static func budgeted(_ size: Int64) -> Int64 { min(size, 1 << 40) }

  /// The counts `keepWithinBudget` goes by: which entries hold each budgeted data file.
  private struct Budget {
    var total: Int64 = 0
    private var holders: [String: Int] = [:]
    private var sizes: [String: Int64] = [:]
    private let pinned: Set<[String]>

    init(_ history: History, current: [Item]) {
      pinned = Set(history.pins)
      var apart = Set(Self.files(current))
      for entry in history.undoStack + history.redoStack {
        for cut in entry.cutFiles { apart.insert(cut.file) }
        if pinned.contains(History.pinKey(entry.items)) { apart.formUnion(Self.files(entry.items)) }
      }
      // Counted, but held for good: it is never dropped.
      if let saved = history.beforeSecrets { add(saved.items, apart: apart) }
      for entry in history.undoStack + history.redoStack where !pinned.contains(History.pinKey(entry.items)) {
        add(entry.items, apart: apart)
      }
    }

    func isPinned(_ items: [Item]) -> Bool { !pinned.isEmpty && pinned.contains(History.pinKey(items)) }

    private static func files(_ items: [Item]) -> [String] { History.pinKey(items) }

    private mutating func add(_ items: [Item], apart: Set<String>) {
      for representation in items.flatMap(\.representations) where !apart.contains(representation.file) {
        if holders[representation.file] == nil {
          sizes[representation.file] = History.budgeted(representation.size)
          total += History.budgeted(representation.size)
        }
        holders[representation.file, default: 0] += 1
      }
    }

    mutating func drop(_ items: [Item]) {
      for representation in items.flatMap(\.representations) {
        guard let count = holders[representation.file] else { continue }
        if count > 1 {
          holders[representation.file] = count - 1
        } else {
          holders[representation.file] = nil
          total -= sizes[representation.file] ?? 0
        }
      }
    }
  }

  /// Removes every entry (NSUndoManager's removeAllActions). An open group stays open.
  public mutating func removeAllActions() {
    undoStack.removeAll()
    redoStack.removeAll()
    beforeSecrets = nil
    group?.hasEntry = false
  }

  // MARK: Groups

  /// Opens a group, or a level inside the open one. Only the outermost name counts.
  public mutating func beginGroup(named name: String?, openedBy opener: ProcessIdentity) {
    if var open = group {
      open.openers.append(opener)
      group = open
    } else {
      group = UndoGroup(name: name, openers: [opener], hasEntry: false)
    }
  }

  /// Closes the innermost level; false when no group is open.
  public mutating func endGroup() -> Bool {
    guard var open = group else { return false }
    open.openers.removeLast()
    group = open.openers.isEmpty ? nil : open
    return true
  }

  /// Closes the innermost level `opener` opened, and no other: processes share one stack
  /// of levels, so a level above it may be another's (a shell's, while a background
  /// `pb group run` goes on). Levels its command left open close as their openers exit.
  /// False when it has none open.
  public mutating func endGroup(openedBy opener: ProcessIdentity) -> Bool {
    endGroup(openedByAnyOf: [opener])
  }

  /// Closes the innermost level any of `openers` opened (`pb group end`: its shell and
  /// the processes that shell runs under), and no other.
  public mutating func endGroup(openedByAnyOf openers: [ProcessIdentity]) -> Bool {
    guard var open = group, let level = open.openers.lastIndex(where: openers.contains) else { return false }
    open.openers.remove(at: level)
    group = open.openers.isEmpty ? nil : open
    return true
  }

  /// Closes every level whose opener has exited (each alone, as `endGroup(openedBy:)`).
  public mutating func closeGroupsOfExitedProcesses(isRunning: (ProcessIdentity) -> Bool = { $0.isRunning }) {
    guard var open = group else { return }
    let running = open.openers.filter(isRunning)
    guard running.count < open.openers.count else { return }
    open.openers = running
    group = running.isEmpty ? nil : open
  }

  // MARK: Data

  /// Removes from every entry, and from the saved state, the items that have expired at
  /// `time`: undoing could not give them back, so their data must not stay.
  public mutating func dropExpired(at time: Int64) {
    func live(_ items: [Item]) -> [Item] { items.filter { !$0.hasExpired(at: time) } }
    for index in undoStack.indices { undoStack[index].items = live(undoStack[index].items) }
    for index in redoStack.indices { redoStack[index].items = live(redoStack[index].items) }
    if let saved = beforeSecrets { beforeSecrets?.items = live(saved.items) }
  }

  /// The earliest time an item history holds expires, if any does.
  public var earliestExpiry: Int64? {
    (undoStack + redoStack).flatMap(\.items).compactMap(\.expires).min().map { first in
      min(first, beforeSecrets?.items.compactMap(\.expires).min() ?? first)
    } ?? beforeSecrets?.items.compactMap(\.expires).min()
  }

  /// The data files that must stay in the board's `data/`: those of the current state
  /// and of every entry of both stacks, with the files cuts removed (undoing a cut puts
  /// them back from there). Garbage collection removes every other one.
  /// Sorted, each once. A sorted list rather than a Set: every commit asks, and a Set's
  /// first use costs a scan of the binary's conformance records.
  public static func referencedFiles(current: [Item], history: History) -> [String] {
    // Appended one by one: an array made per item and entry cost a commit more than
    // the names themselves.
    var files: [String] = []
    func add(_ items: [Item]) {
      for item in items {
        for representation in item.representations { files.append(representation.file) }
      }
    }
    add(current)
    for stack in [history.undoStack, history.redoStack] {
      for entry in stack {
        add(entry.items)
        for cut in entry.cutFiles { files.append(cut.file) }
      }
    }
    add(history.beforeSecrets?.items ?? [])
    var unique: [String] = []
    for file in sortedNames(files) where file != unique.last { unique.append(file) }
    return unique
  }

  /// `names.sorted()`, for the ASCII names data files have, in a fraction of the time:
  /// their order is their bytes', and the first eight bytes read as one number settle
  /// nearly every comparison (Strings compared cost a commit 0.1 M instructions).
  static func sortedNames(_ names: [String]) -> [String] {
    // Ints, not UInt64s (an array of those would have its type built at run time): an
    // ASCII first byte leaves the top bit clear, so the order is the same.
    var keys: [Int] = []
    keys.reserveCapacity(names.count)
    for name in names {
      var text = name
      let key = text.withUTF8 { bytes -> Int? in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var key = 0
        for index in 0..<8 { key = key << 8 | Int(index < bytes.count ? bytes[index] : 0) }
        return key
      }
      guard let key else { return names.sorted() }
      keys.append(key)
    }
    var order = Array(names.indices)
    // Equal keys (names alike in their first eight bytes, or shorter) compare as Strings.
    order.sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : names[$0] < names[$1] }
    return order.map { names[$0] }
  }

  /// The bytes only history holds: data files no current item shares, named by an
  /// entry or by the state before secrets.
  public func bytesHeldOnlyByHistory(current: [Item]) -> Int64 {
    let currentFiles = Set(current.flatMap { $0.representations.map(\.file) })
    var sizes: [String: Int64] = [:]
    for items in (undoStack + redoStack).map(\.items) + [beforeSecrets?.items ?? []] {
      for representation in items.flatMap(\.representations) where !currentFiles.contains(representation.file) {
        sizes[representation.file] = representation.size
      }
    }
    // Saturating: a planted history may name sizes whose sum passes Int64.
    return sizes.values.reduce(0) { total, size in total > Int64.max - size ? .max : total + size }
  }
}
