#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import CLinuxIO
import FoundationEssentials

/// One named pasteboard: a folder of the store holding its committed states
/// (`state/<changeCount>.json`), the data files they name (`data/`), a writers' lock and
/// the writers' scratch folders (`tmp/`). See docs/store-format.md.
public final class Pasteboard {
  public let name: String
  public let path: String
  /// The open board folder; nil for a standard board that was never written.
  let descriptor: Int32?

  init(name: String, path: String, descriptor: Int32?) {
    self.name = name
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    if let descriptor { SystemCall.close(descriptor) }
  }

  /// The pasteboard used when none is named.
  public static let general = "general"
  /// The boards that always exist, written or not.
  public static let standardNames = [general, "find"]

  static func isStandard(_ name: String) -> Bool { standardNames.contains(name) }

  /// Board names are reverse-DNS-like: letters, digits, '.', '_' and '-', not starting
  /// with a dot, so that a name is always one plain folder of the store.
  public static func validate(name: String) throws(PasteboardError) {
    if name.isEmpty { throw .invalidPasteboardName(name, reason: "it is empty") }
    if name.hasPrefix(".") { throw .invalidPasteboardName(name, reason: "it starts with a dot") }
    if name.utf8.count > 200 { throw .invalidPasteboardName(name, reason: "it is longer than 200 bytes") }
    if let bad = name.unicodeScalars.first(where: { !isNameScalar($0) }) {
      let shown = bad.properties.isWhitespace || bad.value < 0x20 ? "a blank or control character" : "'\(bad)'"
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
  }

  /// Superseded data files larger than this are freed by a detached process: the
  /// kernel frees a file's blocks in time proportional to its size, and a commit
  /// should cost the same whatever the size of the data.
  static let backgroundRemovalThreshold: Int64 = 1 << 20

  func makeLayout() throws(SystemError) {
    guard let descriptor else { return }
    for folder in [Folder.state, Folder.data, Folder.scratch, Folder.trash] {
      try SystemCall.makeDirectory(folder, in: descriptor, mode: 0o700, path: path + "/" + folder)
    }
  }

  // MARK: Reading

  /// The committed state: the highest-numbered manifest. Readers take no lock; a
  /// manifest removed by a writer between listing and opening means a newer one exists,
  /// so the read starts over.
  public func state() throws(PasteboardError) -> PasteboardState {
    let manifest = try latestManifest()
    return PasteboardState(name: name, manifest: manifest)
  }

  func latestManifest() throws(PasteboardError) -> Manifest {
    guard let descriptor else { return .empty() }
    for _ in 0..<100 {
      let names: [String]
      do {
        names = try SystemCall.directoryEntries(Folder.state, in: descriptor, path: path + "/state")
      } catch where error.errno == ENOENT {
        return .empty()
      } catch {
        throw .io(error)
      }
      guard let newest = names.compactMap(Self.changeCount(ofManifestNamed:)).max() else { return .empty() }
      let manifestPath = "\(path)/state/\(newest).json"
      let bytes: [UInt8]
      do {
        bytes = try FileIO.readSmallFile("state/\(newest).json", in: descriptor, path: manifestPath)
      } catch where error.errno == ENOENT {
        continue
      } catch {
        throw .io(error)
      }
      let manifest = try Manifest.decode(bytes, path: manifestPath)
      guard manifest.changeCount == newest else {
        throw .corruptStore(path: manifestPath, reason: "it says change count \(manifest.changeCount)")
      }
      return manifest
    }
    throw .io(SystemError(errno: EAGAIN, operation: "read the state of", path: path))
  }

  static func changeCount(ofManifestNamed name: String) -> Int? {
    guard name.hasSuffix(".json") else { return nil }
    let digits = name.dropLast(5)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits)
  }

  /// Opens a representation's data file for reading. ENOENT means a writer replaced the
  /// state since it was read.
  func openData(_ representation: Representation) throws(SystemError) -> Int32 {
    guard let descriptor else { throw SystemError(errno: ENOENT, operation: "open", path: path) }
    return try SystemCall.open(
      Folder.data + "/" + representation.file, in: descriptor, flags: O_RDONLY | O_NOFOLLOW,
      path: path + "/data/" + representation.file)
  }

  // MARK: Writing

  /// Seconds a writer waits for the lock before giving up (`PB_LOCK_TIMEOUT`).
  static var lockTimeout: Double {
    Store.environment("PB_LOCK_TIMEOUT").flatMap(Double.init).map { max(0, $0) } ?? 10
  }

  /// Runs `body` holding the board's writer lock. The lock is held only to commit,
  /// never while data streams in, so waits are short.
  func withLock<Result>(_ body: (Int32) throws(PasteboardError) -> Result) throws(PasteboardError) -> Result {
    guard let descriptor else { throw .internalError("writing to a board that was not created") }
    let lockPath = path + "/lock"
    let fd: Int32
    do {
      fd = try SystemCall.open(Folder.lock, in: descriptor, flags: O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600, path: lockPath)
    } catch {
      throw .io(error)
    }
    defer { SystemCall.close(fd) }  // closing releases the lock
    let timeout = Self.lockTimeout
    var waited = 0.0
    var pause = 0.0001
    while true {
      let taken: Bool
      do {
        taken = try SystemCall.lock(fd, wait: false, path: lockPath)
      } catch {
        throw .io(error)
      }
      if taken { break }
      if waited >= timeout { throw .lockTimeout(board: name, seconds: timeout) }
      usleep(UInt32(pause * 1_000_000))
      waited += pause
      pause = min(pause * 1.5, 0.005)
    }
    return try body(descriptor)
  }

  /// Commits a new state built from the current one, under the lock: moves the staged
  /// data files into `data/`, writes `state/<changeCount + 1>.json` under a new name (a
  /// rename onto a fresh name is atomic and cheap), then drops what no state needs.
  func commit(
    from workspace: Workspace, _ change: (Manifest) throws(PasteboardError) -> [Item]
  ) throws(PasteboardError) -> PasteboardState {
    let (state, trashed) = try withLock { (board) throws(PasteboardError) in
      let current = try latestManifest()
      let items = try change(current)
      let next = Manifest(format: Manifest.currentFormat, changeCount: current.changeCount + 1, date: Int(Date().timeIntervalSince1970), items: items)
      let manifestName = "\(next.changeCount).json"
      try PasteboardError.catching {
        for file in workspace.stagedFiles {
          try SystemCall.rename(file, in: workspace.descriptor, to: Folder.data + "/" + file, in: board, path: path + "/data/" + file)
        }
        try workspace.writeFile("manifest", try next.encoded())
        try SystemCall.rename("manifest", in: workspace.descriptor, to: Folder.state + "/" + manifestName, in: board, path: path + "/state/" + manifestName)
      }
      let trashed = collectGarbage(keeping: next, in: board, except: workspace.name)
      let state = PasteboardState(name: name, manifest: next)
      return (state, trashed)
    }
    if trashed { emptyTrash() }
    return state
  }

  /// Removes older states, data files no kept state names, and the scratch folders of
  /// writers that died. Called with the lock held; failures only leave litter behind
  /// for the next writer. Returns whether large files were moved to `trash/`.
  private func collectGarbage(keeping manifest: Manifest, in board: Int32, except ownScratch: String) -> Bool {
    let keptState = "\(manifest.changeCount).json"
    for name in (try? SystemCall.directoryEntries(Folder.state, in: board, path: path)) ?? [] where name != keptState {
      try? SystemCall.remove(Folder.state + "/" + name, in: board, path: path)
    }
    var trashed = false
    let keptData = Set(manifest.items.flatMap { $0.representations.map(\.file) })
    for name in (try? SystemCall.directoryEntries(Folder.data, in: board, path: path)) ?? [] where !keptData.contains(name) {
      let relative = Folder.data + "/" + name
      let size = (try? SystemCall.status(of: relative, in: board, path: path)).flatMap { $0 }.map { Int64($0.st_size) } ?? 0
      if size > Self.backgroundRemovalThreshold,
        (try? SystemCall.rename(relative, in: board, to: Folder.trash + "/" + name, in: board, path: path)) != nil
      {
        trashed = true
      } else {
        try? SystemCall.remove(relative, in: board, path: path)
      }
    }
    for name in (try? SystemCall.directoryEntries(Folder.scratch, in: board, path: path)) ?? [] where name != ownScratch {
      Workspace.removeIfAbandoned(Folder.scratch + "/" + name, in: board, path: path + "/tmp/" + name)
    }
    return trashed
  }

  /// Frees the files in `trash/` from a detached process; if none can be started, here.
  private func emptyTrash() {
    guard let descriptor,
      let trash = try? SystemCall.open(Folder.trash, in: descriptor, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, path: path + "/trash")
    else { return }
    defer { SystemCall.close(trash) }
    if pb_empty_directory_in_background(trash) == 0 { return }
    for name in (try? SystemCall.directoryEntries(".", in: trash, path: path + "/trash")) ?? [] {
      try? SystemCall.remove(name, in: trash, path: path + "/trash")
    }
  }
}
