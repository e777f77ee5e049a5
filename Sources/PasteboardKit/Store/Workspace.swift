#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A writer's private scratch folder, `tmp/<random>`, where data streams in before it is
/// committed. The writer holds a lock on the folder for as long as it lives; a folder
/// whose lock can be taken belongs to a writer that died, and the next writer removes it.
final class Workspace {
  let name: String
  let path: String
  let descriptor: Int32
  private let board: Int32
  /// Data files written here, named as they will be in `data/`.
  private(set) var stagedFiles: [String] = []

  /// Makes the folder. It is made and locked under the board's lock, so that no other
  /// writer's clean-up can mistake it for an abandoned one in between.
  init(for pasteboard: Pasteboard) throws(PasteboardError) {
    let name = FileIO.uniqueName()
    let relative = Pasteboard.Folder.scratch + "/" + name
    let path = pasteboard.path + "/" + relative
    let descriptor = try pasteboard.withLock { (board) throws(PasteboardError) in
      do throws(SystemError) {
        try SystemCall.makeDirectory(relative, in: board, mode: 0o700, path: path)
        let fd = try SystemCall.open(relative, in: board, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, path: path)
        _ = try SystemCall.lock(fd, wait: false, path: path)
        return fd
      } catch {
        throw .io(error)
      }
    }
    self.name = name
    self.path = path
    self.descriptor = descriptor
    self.board = pasteboard.descriptor ?? -1
  }

  deinit {
    for file in (try? SystemCall.directoryEntries(".", in: descriptor, path: path)) ?? [] {
      try? SystemCall.remove(file, in: descriptor, path: path)
    }
    try? SystemCall.remove(Pasteboard.Folder.scratch + "/" + name, in: board, isDirectory: true, path: path)
    SystemCall.close(descriptor)
  }

  /// Creates a data file to stream into; it is moved to `data/` on commit.
  func createDataFile(extension ext: String?) throws(SystemError) -> (name: String, descriptor: Int32) {
    let file = FileIO.uniqueName() + (ext.map { "." + $0 } ?? "")
    let fd = try SystemCall.open(file, in: descriptor, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600, path: path + "/" + file)
    stagedFiles.append(file)
    return (file, fd)
  }

  func writeFile(_ file: String, _ bytes: [UInt8]) throws(SystemError) {
    let fd = try SystemCall.open(file, in: descriptor, flags: O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, mode: 0o600, path: path + "/" + file)
    defer { SystemCall.close(fd) }
    try SystemCall.writeAll(fd, bytes, path: path + "/" + file)
  }

  /// Removes a scratch folder whose writer is gone (its lock is free).
  static func removeIfAbandoned(_ relative: String, in board: Int32, path: String) {
    guard let fd = try? SystemCall.open(relative, in: board, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, path: path) else {
      try? SystemCall.remove(relative, in: board, path: path)
      return
    }
    defer { SystemCall.close(fd) }
    guard (try? SystemCall.lock(fd, wait: false, path: path)) == true else { return }
    for file in (try? SystemCall.directoryEntries(".", in: fd, path: path)) ?? [] {
      try? SystemCall.remove(file, in: fd, path: path)
    }
    try? SystemCall.remove(relative, in: board, isDirectory: true, path: path)
  }
}
