#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The directory holding every pasteboard: `$PB_DIR`, or
/// `${XDG_DATA_HOME:-$HOME/.local/share}/pb`. It is private to its owner (mode 0700);
/// nothing inside it is reached through a symbolic link.
public final class Store {
  public static let formatVersion = 1

  public let path: String
  /// The open store directory; nil when it does not exist and was opened only to read.
  let descriptor: Int32?

  private init(path: String, descriptor: Int32?) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    if let descriptor { SystemCall.close(descriptor) }
  }

  /// Where the store lives, from the environment.
  public static var defaultPath: String {
    if let dir = environment("PB_DIR") { return dir }
    if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") { return data + "/pb" }
    return homeDirectory + "/.local/share/pb"
  }

  private static var homeDirectory: String {
    if let home = environment("HOME") { return home }
    if let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
    return "/"
  }

  /// A non-empty environment variable.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// Opens the store; `creating` makes it (and its parents) when it is missing.
  public static func open(at path: String = defaultPath, creating: Bool) throws(PasteboardError) -> Store {
    if creating { try makeDirectories(path) }
    let fd: Int32
    do {
      fd = try SystemCall.open(path, flags: O_RDONLY | O_DIRECTORY)
    } catch {
      switch error.errno {
      case ENOENT where !creating:
        return Store(path: path, descriptor: nil)
      case ENOTDIR:
        throw .storeNotCreatable(path: path, reason: "it is not a directory")
      default:
        throw .storeNotCreatable(path: path, reason: error.reason)
      }
    }
    let store = Store(path: path, descriptor: fd)
    try store.checkOwnership()
    try store.checkFormat(creating: creating)
    if creating {
      do {
        try SystemCall.makeDirectory("boards", in: fd, mode: 0o700, path: path + "/boards")
      } catch {
        throw .storeNotCreatable(path: path + "/boards", reason: error.reason)
      }
    }
    return store
  }

  private static func makeDirectories(_ path: String) throws(PasteboardError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    let components = path.split(separator: "/")
    for (position, component) in components.enumerated() {
      prefix += "/" + component
      let isStore = position == components.count - 1
      do {
        try SystemCall.makeDirectory(prefix, mode: isStore ? 0o700 : 0o755, path: prefix)
      } catch {
        let reason = error.errno == ENOTDIR ? "\(prefix) is not a directory" : error.reason
        throw .storeNotCreatable(path: path, reason: reason)
      }
    }
  }

  private func checkOwnership() throws(PasteboardError) {
    guard let descriptor else { return }
    let status: stat
    do {
      status = try SystemCall.status(descriptor, path: path)
    } catch {
      throw .io(error)
    }
    if status.st_uid != geteuid() {
      throw .insecureStore(path: path, reason: "it belongs to user \(status.st_uid), not to you")
    }
    if status.st_mode & 0o022 != 0 {
      throw .insecureStore(path: path, reason: "others can write to it")
    }
  }

  /// Reads the store's format number; a new store gets the current one.
  private func checkFormat(creating: Bool) throws(PasteboardError) {
    guard let descriptor else { return }
    let formatPath = path + "/format"
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readSmallFile("format", in: descriptor, path: formatPath)
    } catch where error.errno == ENOENT {
      guard creating else { return }
      do {
        try FileIO.writeFileAtomically(Array("\(Self.formatVersion)\n".utf8), named: "format", in: descriptor, path: formatPath)
      } catch {
        throw .storeNotCreatable(path: formatPath, reason: error.reason)
      }
      return
    } catch {
      throw .io(error)
    }
    guard let found = Int(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }) else {
      throw .corruptStore(path: formatPath, reason: "it does not hold a format number")
    }
    if found > Self.formatVersion {
      throw .newerFormat(path: path, found: found, supported: Self.formatVersion)
    }
  }

  /// A pasteboard of the store. `creating` makes a missing one; otherwise a missing
  /// `general` or `find` reads as empty and any other missing name is an error.
  public func pasteboard(named name: String, creating: Bool) throws(PasteboardError) -> Pasteboard {
    try Pasteboard.validate(name: name)
    let boardPath = path + "/boards/" + name
    guard let descriptor else {
      if Pasteboard.isStandard(name) { return Pasteboard(name: name, path: boardPath, descriptor: nil) }
      throw .noSuchPasteboard(name)
    }
    if creating {
      do {
        try SystemCall.makeDirectory("boards/" + name, in: descriptor, mode: 0o700, path: boardPath)
      } catch {
        throw .storeNotCreatable(path: boardPath, reason: error.reason)
      }
    }
    let fd: Int32
    do {
      fd = try SystemCall.open("boards/" + name, in: descriptor, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, path: boardPath)
    } catch {
      switch error.errno {
      case ENOENT where Pasteboard.isStandard(name):
        return Pasteboard(name: name, path: boardPath, descriptor: nil)
      case ENOENT:
        throw .noSuchPasteboard(name)
      case ELOOP, ENOTDIR:
        throw .insecureStore(path: boardPath, reason: "it is not a plain directory (a link planted there?); remove it")
      default:
        throw .io(error)
      }
    }
    let board = Pasteboard(name: name, path: boardPath, descriptor: fd)
    if creating {
      do {
        try board.makeLayout()
      } catch {
        throw .storeNotCreatable(path: boardPath, reason: error.reason)
      }
    }
    return board
  }
}
