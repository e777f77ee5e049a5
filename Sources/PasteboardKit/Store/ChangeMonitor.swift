import Glibc
import LinuxSystem

/// Waits for the changes of one board with inotify, never polling: it watches the
/// board's `state/` folder (a commit renames a manifest into it) and `boards/` (the board
/// created or deleted). Watches are set before the count is read, so no change falls
/// between the two. A board that is deleted ends the wait with `pasteboardDeleted`.
/// A store removed (and made again) is followed: the monitor watches the nearest folder
/// above it that exists until it is back, and then opens the new one, whose counts
/// start again from 0.
public final class ChangeMonitor {
  private var store: Store
  /// How many times the store was found removed or made again: counts before and
  /// after are of different stores.
  private var storeGeneration = 0
  /// Whether the store's `boards/` is watched (a store made again may not have it yet).
  private var watchesBoards = false
  /// The `boards/` folder watched: one removed (the store being removed, file by file)
  /// or made again starts the counts over as a store made again does.
  private var watchedBoards: (device: UInt64, inode: UInt64)?
  public let name: String
  private let inotify: Inotify
  /// The board folder being watched, to tell a deleted (or deleted and re-made) board.
  private var watchedBoard: (device: UInt64, inode: UInt64)?

  public init(store: Store, board name: String) throws(PasteboardError) {
    self.store = store
    self.name = name
    do {
      inotify = try Inotify(for: store.path)
    } catch {
      // EMFILE is the per-process limit on descriptors too, which pb, opening few, is far from.
      throw error.errno == EMFILE ? .watchLimit(setting: .instances) : .io(error)
    }
    guard let boards = try store.boardsFolder(creating: true) else { throw .internalError("the store was not created") }
    // The store folder too: its `boards/` going or coming wakes the monitor.
    if let directory = store.directory { try watch(directory) }
    try watch(boards)
    watchesBoards = true
    watchedBoards = Self.identity(of: boards)
    _ = try current()
  }

  /// The board and its state now, watching its folders; a board deleted since the
  /// monitor started is an error.
  public func current() throws(PasteboardError) -> (pasteboard: Pasteboard, state: PasteboardState) {
    // A store being removed (`rm -rf`, file by file) can take a board's folders away
    // between finding the board and reading its state: that is looked at again, for a
    // few seconds at most (by then the store is gone, and followed), not an error.
    var removalsSeen = 0
    while true {
      do {
        return try boardAndState()
      } catch .io(let error) where error.errno == ENOENT && removalsSeen < 50 {
        removalsSeen += 1
        _ = try waitForEvent(until: SystemCall.monotonicMilliseconds() + 100)
      }
    }
  }

  private func boardAndState() throws(PasteboardError) -> (pasteboard: Pasteboard, state: PasteboardState) {
    try followStore()
    let board: Pasteboard
    do {
      // Once watched, a board is there until its folder goes: a temporary board whose
      // owner dies meanwhile ends the watch when housekeeping removes it, so a wait's
      // timeout stays a timeout (readers do not reap).
      board =
        watchedBoard == nil ? try store.pasteboard(named: name, creating: false) : try store.board(named: name, creating: false)
    } catch .noSuchPasteboard {
      throw watchedBoard == nil ? .noSuchPasteboard(name) : .pasteboardDeleted(name, whileWriting: false)
    }
    if let directory = board.directory {
      let status: stat
      do {
        status = try directory.status()
      } catch {
        throw .io(error)
      }
      let identity = (UInt64(status.st_dev), UInt64(status.st_ino))
      let isNew = watchedBoard.map { $0 != identity } ?? true
      if isNew && watchedBoard != nil && !Pasteboard.isStandard(name) { throw .pasteboardDeleted(name, whileWriting: false) }
      if isNew {
        if let state = try board.folder(Pasteboard.Folder.state) { try watch(state) }
        watchedBoard = identity
      }
    }
    return (board, try board.state())
  }

  /// What to wait on beside other things (with `poll`): readable when something changed.
  public var readable: SystemCall.PollRequest { inotify.readable }

  /// Takes the events `readable` has ready, without waiting.
  public func drain() throws(PasteboardError) {
    _ = try waitForEvent(until: 0)
  }

  /// Blocks until something changes in the watched folders or `deadline` (monotonic
  /// milliseconds) passes; true if something changed.
  public func waitForEvent(until deadline: Int64?) throws(PasteboardError) -> Bool {
    let timeout: Int32
    if let deadline {
      timeout = Int32(clamping: max(0, deadline - SystemCall.monotonicMilliseconds()))
    } else {
      timeout = -1
    }
    do {
      return try inotify.wait(milliseconds: timeout, path: store.path)
    } catch {
      throw .io(error)
    }
  }

  /// Waits until the count exceeds `since` and returns the new state, handling expiry
  /// with a timer meanwhile (an expiry is a change); nil when `timeout` (milliseconds)
  /// passes first.
  public func state(after since: Int, timeout: Int64?) throws(PasteboardError) -> PasteboardState? {
    let deadline = timeout.map { SystemCall.monotonicMilliseconds() + $0 }
    let startGeneration = storeGeneration
    while true {
      let (board, state) = try current()
      if state.changeCount > since || (storeGeneration != startGeneration && Self.isChange(state.changeCount, since: since)) {
        return state
      }
      let now = SystemCall.monotonicMilliseconds()
      if let deadline, now >= deadline { return nil }
      var wake = deadline
      if let expiry = state.nextExpiry {
        let due = now + max(0, expiry - TimeSpec.now())
        wake = min(wake ?? due, due)
      }
      // While the store or the board is missing or half made (removed, or being made
      // again by a writer), a folder may appear between looking and watching it: look
      // again every tenth of a second until the board's folders are watched.
      if !watchesBoards || watchedBoard == nil { wake = min(wake ?? now + 100, now + 100) }
      if try !waitForEvent(until: wake), let expiry = state.nextExpiry, expiry <= TimeSpec.now() {
        try board.removeExpired()
      }
    }
  }

  /// Whether a board in a store made again, at `count`, is a change from one last seen at
  /// `since`: its counts start over, so any other count is one, and so is any change at
  /// all, even one that brought it back to the count last seen (the watcher woke only
  /// after it). Only an unchanged board, at 0, is the same as one last seen at 0.
  private static func isChange(_ count: Int, since: Int) -> Bool {
    count != since || count > 0
  }

  /// Notices the store folder gone or replaced: while it is gone, watches the nearest
  /// folder above it that exists (to wake when it is made again); once it is back,
  /// opens it and watches its `boards/`.
  private func followStore() throws(PasteboardError) {
    let here = try? SystemCall.status(path: store.path)
    let held = try? store.directory?.status()
    if let here, let held, here.st_dev == held.st_dev, here.st_ino == held.st_ino {
      let present = (try? store.directory?.status(of: "boards")).flatMap { $0 }.map { (UInt64($0.st_dev), UInt64($0.st_ino)) }
      if watchesBoards, let present, let watched = watchedBoards, present == watched { return }
      if watchesBoards {
        // `boards/` went (or was replaced) under a store still in place.
        storeGeneration += 1
        watchedBoard = nil
        watchesBoards = false
        watchedBoards = nil
      }
      if present != nil, let boards = try store.boardsFolder(creating: false) {
        try watch(boards)
        watchesBoards = true
        watchedBoards = Self.identity(of: boards)
      }
      return
    }
    if here == nil && held == nil { return }  // gone, and already known to be
    storeGeneration += 1
    watchedBoard = nil
    watchesBoards = false
    guard here != nil else {
      store = try Store.open(at: store.path, settings: store.settings, creating: false, notify: store.notify)
      var path = store.path
      while true {
        path = Pasteboard.split(path).folder
        if let folder = try? Directory.open(path: path) {
          try watch(folder)
          return
        }
        if path == "/" || path == "." { return }
      }
    }
    store = try Store.open(at: store.path, settings: store.settings, creating: false, notify: store.notify)
    guard let directory = store.directory else { return }
    try watch(directory)
    if let boards = try store.boardsFolder(creating: false) {
      try watch(boards)
      watchesBoards = true
      watchedBoards = Self.identity(of: boards)
    }
  }

  private static func identity(of directory: Directory) -> (device: UInt64, inode: UInt64)? {
    (try? directory.status()).map { (UInt64($0.st_dev), UInt64($0.st_ino)) }
  }

  private func watch(_ directory: Directory) throws(PasteboardError) {
    do {
      try inotify.watch(directory.descriptor)
    } catch {
      throw error.errno == ENOSPC ? .watchLimit(setting: .watches) : .io(error)
    }
  }
}

extension Pasteboard {
  /// Runs `command` for a change, as `pb watch --exec` does: item 0's representation (of
  /// the first of `types` it has, else its preferred one) on its standard input, and
  /// `PB_CHANGE_COUNT`, `PB_PASTEBOARD`, `PB_TYPES` and `PB_CHANGE_KIND` in its
  /// environment. Returns its exit status.
  public func run(_ command: ExternalCommand, for state: PasteboardState, types: [TypeIdentifier]) throws(PasteboardError) -> Int32 {
    var input: OpenRepresentation?
    if !state.items.isEmpty {
      input = try? open(items: .index(0), types: types).first
    }
    let environment = [
      "PB_CHANGE_COUNT": String(state.changeCount),
      "PB_PASTEBOARD": name,
      "PB_TYPES": state.items.first.map { $0.types.map(\.rawValue).joined(separator: ",") } ?? "",
      "PB_CHANGE_KIND": state.changeKind.rawValue,
    ]
    let data = try? input?.descriptor
    return try command.run(input: data.map { .descriptor($0) } ?? .nullDevice, environment: environment)
  }
}
