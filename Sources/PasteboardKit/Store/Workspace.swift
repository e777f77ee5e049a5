#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A writer's private scratch folder, `tmp/<random>`, where data streams in before it is
/// committed. The writer holds a lock on the folder for as long as it lives; a folder
/// whose lock can be taken belongs to a writer that died, and the next writer removes it.
/// While it exists, SIGINT, SIGTERM and SIGHUP remove it before the process ends, so an
/// interrupted `pb copy` leaves none of its bytes behind.
final class Workspace {
  let name: String
  let folder: Directory
  private let scratch: Directory
  /// Whether standard input has been read into this workspace: then giving up on the
  /// commit would lose data the user cannot give again.
  var holdsStandardInput = false
  /// Data files written here, named as they will be in `data/`.
  private(set) var stagedFiles: [String] = []

  /// Makes the folder. It is made and locked under the board's lock, so that no other
  /// writer's clean-up can mistake it for an abandoned one in between.
  init(for pasteboard: Pasteboard) throws(PasteboardError) {
    let name = StoreFiles.uniqueName()
    let scratch = try pasteboard.requiredFolder(Pasteboard.Folder.scratch)
    folder = try pasteboard.withLock { (_) throws(PasteboardError) in
      do throws(SystemError) {
        try scratch.makeDirectory(name, mode: 0o700)
        let folder = try scratch.openDirectory(name)
        _ = try SystemCall.lock(folder.descriptor.raw, wait: false, path: folder.path)
        return folder
      } catch {
        try? scratch.remove(name, isDirectory: true)
        throw .io(error)
      }
    }
    self.name = name
    self.scratch = scratch
    SystemCall.guardScratchFolder(name, in: scratch.descriptor, opened: folder.descriptor)
  }

  deinit {
    for file in (try? folder.entries()) ?? [] {
      try? folder.remove(file)
    }
    try? scratch.remove(name, isDirectory: true)
    SystemCall.releaseScratchFolder()
  }

  /// Creates a data file to stream into; it is moved to `data/` on commit. An extension
  /// that would not make a name pb accepts back from a manifest is left off.
  func createDataFile(extension ext: String?) throws(SystemError) -> (name: String, descriptor: Descriptor) {
    let base = StoreFiles.uniqueName()
    let file = ext.map { base + "." + $0 }.flatMap { StoreFiles.isDataFileName($0) ? $0 : nil } ?? base
    // Readable too: `--trim-newline` looks at the last byte written.
    let descriptor = try folder.open(file, flags: O_RDWR | O_CREAT | O_EXCL, mode: 0o600)
    stagedFiles.append(file)
    return (file, descriptor)
  }

}

extension Directory {
  /// Removes a folder whose maker (a writer's scratch folder, a board being created)
  /// is gone: such folders are flocked for as long as their maker lives. Anything that
  /// is not a folder is removed too: pb never puts one there.
  func removeIfAbandoned(_ name: String) {
    guard let folder = try? openDirectory(name) else {
      try? remove(name)
      return
    }
    let isFree = (try? SystemCall.lock(folder.descriptor.raw, wait: false, path: folder.path)) == true
    // The flock is held until the tree is gone, so no new maker can take the folder.
    withExtendedLifetime(folder) {
      if isFree { try? removeTree(name) }
    }
  }
}
