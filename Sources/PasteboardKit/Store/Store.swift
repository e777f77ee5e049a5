import Glibc
import LinuxSystem

/// The directory holding every pasteboard: `$PB_DIR`, or
/// `${XDG_DATA_HOME:-$HOME/.local/share}/pb`. It is private to its owner (mode 0700);
/// nothing inside it is reached through a symbolic link.
public final class Store {
  /// 2 added board descriptions (`board.json`), `owned/`, and manifest format 2; 3 added
  /// each board's history (`history/`) and manifest format 3; 4 added each board's
  /// `journal` and where undo put cut files back (which a format 3 pb would not keep).
  public static let formatVersion = 5

  public let path: String
  /// The open store directory; nil when it does not exist and was opened only to read.
  let directory: Directory?
  /// Where the notices of work on its boards go, as they come (a lock still waited on
  /// is told while it is waited on).
  public let notify: (Notice) -> Void
  /// What the process was given (the lock timeout, where the history key is...), handed
  /// to each board.
  public let settings: Settings

  private init(path: String, directory: Directory?, settings: Settings, notify: @escaping (Notice) -> Void) {
    self.path = path
    self.directory = directory
    self.settings = settings
    self.notify = notify
  }

  /// The store's path from `/`, for a process that runs elsewhere (the desktop owner).
  public var absolutePath: String { Pasteboard.absolute(path) }

  /// Checks every environment variable pb reads that can be wrong, so that a typo in a
  /// shell profile is reported (exit 78) instead of silently ignored.
  public static func checkEnvironment(_ settings: Settings) throws(PasteboardError) {
    if let timeout = settings.lockTimeoutSetting, settings.lockTimeout == nil {
      throw .invalidEnvironment(
        variable: "PB_LOCK_TIMEOUT", value: timeout, reason: "it is a number of seconds from 0 to 86400, such as 10 or 0.5")
    }
    if let progress = settings.progress, progress != "0", progress != "1" {
      throw .invalidEnvironment(variable: "PB_PROGRESS", value: progress, reason: "it is 0 (no progress line) or 1")
    }
    // HOST:BOARD (a board on another machine) is checked where a board is used: a command
    // that runs there parses it, one of this machine's boards alone refuses it saying
    // why. pb list, type, create, delete and help use no default board, and failed
    // (78) for it, as pbpaste and cut once did.
    if let name = settings.pasteboard, !name.contains(":") {
      do {
        try Pasteboard.validate(name: name)
      } catch {
        guard case .invalidPasteboardName(_, let reason) = error else { throw error }
        throw .invalidEnvironment(variable: "PB_PASTEBOARD", value: name, reason: "not a pasteboard name: \(reason)")
      }
    }
  }

  /// Opens the store. `creating` is a writer's: it makes the store (and its parents)
  /// when it is missing and marks it with the current format. A reader (not `creating`)
  /// writes nothing: the housekeeping writers ask for (`housekeeping()`) is not done here.
  /// Notices go to `notify`; by default nowhere.
  public static func open(
    at path: String, settings: Settings, creating: Bool, notify: @escaping (Notice) -> Void = { _ in }
  )
    throws(PasteboardError) -> Store
  {
    // The store exists nearly always: its parents are made only when it does not.
    let existing = creating ? try? Directory.open(path: path) : nil
    if creating && existing == nil { try makeDirectories(path) }
    let directory: Directory
    do throws(SystemError) {
      if let existing { directory = existing } else { directory = try Directory.open(path: path) }
    } catch {
      switch error.errno {
      case ENOENT where !creating:
        return Store(path: path, directory: nil, settings: settings, notify: notify)
      case ENOTDIR:
        throw .storeNotCreatable(path: path, reason: "it is not a directory")
      case EACCES:
        // Another user's store as pb makes it (0700) cannot be opened at all: its owner
        // says why, as it does for one that can.
        if let status = try? SystemCall.status(path: path) { try StoreTrust.checkOwner(status, of: path) }
        throw .storeNotCreatable(path: path, reason: error.reason)
      default:
        throw .storeNotCreatable(path: path, reason: error.reason)
      }
    }
    let store = Store(path: path, directory: directory, settings: settings, notify: notify)
    try store.checkOwnership(directory)
    try store.checkFormat(directory, creating: creating)
    return store
  }

  static let boardsFolder = "boards"

  private static func makeDirectories(_ path: String) throws(PasteboardError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    let components = path.split(separator: "/")
    for (position, component) in components.enumerated() {
      prefix += "/" + component
      let isStore = position == components.count - 1
      do {
        try SystemCall.makeDirectory(prefix, mode: isStore ? 0o700 : 0o755)
      } catch {
        let reason = error.errno == ENOTDIR ? "\(Display.path(prefix)) is not a directory" : error.reason
        throw .storeNotCreatable(path: path, reason: reason)
      }
    }
  }

  private func checkOwnership(_ directory: Directory) throws(PasteboardError) {
    let status: stat
    do {
      status = try directory.status()
    } catch {
      throw .io(error)
    }
    try StoreTrust.checkOwner(status, of: path)
    if status.st_mode & 0o022 != 0 {
      throw .insecureStore(path: path, reason: "others can write to it", fix: "fix it with: chmod 700 \(Display.path(path))")
    }
  }

  /// Reads the store's format number; a new store gets the current one.
  private func checkFormat(_ directory: Directory, creating: Bool) throws(PasteboardError) {
    let formatPath = path + "/format"
    // A writer marks the store with the current format, so that an older pb, which
    // might misread what this one writes, refuses it.
    func writeCurrentFormat() throws(PasteboardError) {
      do {
        try StoreFiles.writeAtomically(Array("\(Self.formatVersion)\n".utf8), named: "format", in: directory)
      } catch {
        throw .storeNotCreatable(path: formatPath, reason: error.reason)
      }
    }
    guard let bytes = try StoreFiles.read("format", in: directory, limit: 64) else {
      if creating { try writeCurrentFormat() }
      return
    }
    let digits = bytes.filter { $0 != UInt8(ascii: "\n") }
    guard digits.count < 10, let found = ASCII.decimal(digits, 0..<digits.count) else {
      throw .corruptStore(path: formatPath, reason: "it does not hold a format number")
    }
    if found > Self.formatVersion {
      throw .newerFormat(path: path, found: found, supported: Self.formatVersion)
    }
    if found < Self.formatVersion && creating { try writeCurrentFormat() }
  }

  /// A pasteboard of the store. `creating` makes a missing one; otherwise a missing
  /// `general` or `find` reads as empty and any other missing name is an error, as is a
  /// temporary board whose owner has exited (housekeeping removes it; a reader does
  /// not, and does not show it either).
  public func pasteboard(named name: String, creating: Bool) throws(PasteboardError) -> Pasteboard {
    let pasteboard = try board(named: name, creating: creating)
    if !creating, isReapable(pasteboard) { throw .noSuchPasteboard(name) }
    return pasteboard
  }

  /// A pasteboard of the store, temporary or not, its owner running or not.
  func board(named name: String, creating: Bool) throws(PasteboardError) -> Pasteboard {
    try Pasteboard.validate(name: name)
    let boardPath = path + "/" + Self.boardsFolder + "/" + name
    guard let boards = try boardsFolder(creating: creating), let board = try boards.openStoreFolder(name, creating: false) else {
      if creating { return try createBoard(named: name, existOK: true) }
      if Pasteboard.isStandard(name) { return Pasteboard(name: name, path: boardPath, directory: nil, boards: nil, settings: settings, notify: notify) }
      throw .noSuchPasteboard(name)
    }
    let pasteboard = Pasteboard(name: name, path: boardPath, directory: board, boards: boards, settings: settings, notify: notify)
    // Folders removed by hand come back for a writer.
    if creating { try pasteboard.makeLayout() }
    return pasteboard
  }
}
