import Glibc
import LinuxSystem

/// The store's own files are untrusted input: anyone who can plant a file in it (a synced
/// folder, a restored backup, a second account) must not be able to make pb read or
/// write outside it, hang, or trust what others can change. Every file and folder of
/// the store is opened through these two functions. See docs/store-format.md.
extension Directory {
  /// Opens a file of the store, never through a link and never blocking (a FIFO opens
  /// at once with O_NONBLOCK), and refuses it unless it is a regular file owned by the
  /// user. Nil when it does not exist.
  func openStoreFile(_ relative: String, flags: Int32 = O_RDONLY, mode: mode_t = 0o600) throws(PasteboardError)
    -> (descriptor: Descriptor, status: stat)?
  {
    try openChecked(relative, flags: flags | O_NONBLOCK | O_NOCTTY, mode: mode, isDirectory: false)
  }

  /// Opens a folder of the store (making it first with `creating`), never through a
  /// link, and refuses it unless it is a directory owned by the user that nobody else
  /// can write to, as the store itself. Nil when it does not exist.
  func openStoreFolder(_ name: String, creating: Bool) throws(PasteboardError) -> Directory? {
    // The folder exists nearly always: it is made only when opening finds nothing.
    if let opened = try openChecked(name, flags: O_RDONLY | O_DIRECTORY, mode: 0, isDirectory: true) {
      return Directory(opened.descriptor)
    }
    guard creating else { return nil }
    do {
      // Another writer making it in between is no failure (EEXIST counts as made).
      try makeDirectory(name, mode: 0o700)
    } catch {
      throw .storeNotCreatable(path: path + "/" + name, reason: error.reason)
    }
    return try openChecked(name, flags: O_RDONLY | O_DIRECTORY, mode: 0, isDirectory: true).map { Directory($0.descriptor) }
  }

  private func openChecked(_ relative: String, flags: Int32, mode: mode_t, isDirectory: Bool) throws(PasteboardError)
    -> (descriptor: Descriptor, status: stat)?
  {
    let opened: Descriptor
    let status: stat
    do {
      opened = try open(relative, flags: flags, mode: mode)
      status = try opened.status()
    } catch where error.errno == ENOENT {
      return nil
    } catch {
      // Another user's folder or file that this one cannot open: its owner says why.
      if error.errno == EACCES, !relative.contains("/"), let status = try? SystemCall.status(of: relative, in: descriptor) {
        try StoreTrust.checkOwner(status, of: error.path)
      }
      throw StoreTrust.refusal(error) ?? .io(error)
    }
    try StoreTrust.check(status, of: opened.path, isDirectory: isDirectory)
    return (opened, status)
  }
}

enum StoreTrust {
  static let removeIt = "remove it: pb never follows links or reads such files inside its store"

  /// The refusal for an open that failed because of what is at the path.
  static func refusal(_ error: SystemError) -> PasteboardError? {
    switch error.errno {
    case ELOOP: .insecureStore(path: error.path, reason: "it is (or passes through) a symbolic link", fix: removeIt)
    case EXDEV: .insecureStore(path: error.path, reason: "it leads outside the store", fix: removeIt)
    case ENOTDIR: .insecureStore(path: error.path, reason: "it is not a directory", fix: removeIt)
    case ENXIO: .insecureStore(path: error.path, reason: "it is a FIFO or a device, not a regular file", fix: removeIt)
    default: nil
    }
  }

  /// Refuses what pb would not have made: the wrong kind of file, a foreign owner, a
  /// folder others can write to.
  static func check(_ status: stat, of path: String, isDirectory: Bool) throws(PasteboardError) {
    let kind = status.st_mode & S_IFMT
    let expected = isDirectory ? S_IFDIR : S_IFREG
    if kind != expected {
      let what = isDirectory ? "a directory" : "a regular file"
      throw .insecureStore(path: path, reason: "it is \(describe(kind)), not \(what)", fix: removeIt)
    }
    try checkOwner(status, of: path)
    if isDirectory && status.st_mode & 0o022 != 0 {
      throw .insecureStore(path: path, reason: "others can write to it", fix: "fix it with: chmod go-w \(Display.path(path))")
    }
  }

  /// The effective user, asked once: pb never changes it, and every store file is
  /// checked against it.
  static let user = SystemCall.effectiveUserID()

  static func checkOwner(_ status: stat, of path: String) throws(PasteboardError) {
    if status.st_uid != user {
      throw .insecureStore(
        path: path, reason: "it belongs to user \(status.st_uid), not to you (user \(user))",
        fix: "choose another PB_DIR, or take it over with: chown -R \(user) \(Display.path(path))")
    }
  }

  private static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "a directory"
    case S_IFREG: "a regular file"
    case S_IFIFO: "a FIFO"
    case S_IFLNK: "a symbolic link"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "an unknown kind of file"
    }
  }
}
