import Glibc
import LinuxSystem

/// Where a writer's data streams in before it is committed.
///
/// Each data file starts as an unnamed file in `data/` itself (O_TMPFILE), and the commit
/// names it there: a writer that dies, however it dies, leaves nothing behind, and no
/// folder is made and removed for every copy (on a filesystem mounted with `discard`,
/// freeing a removed folder's block waits for the disk).
///
/// Where the filesystem has no unnamed files (some network and FUSE filesystems), and
/// for the files of a write past its first `unnamedLimit` (an unnamed file stays open
/// until the commit names it, and a write of thousands of files must not need thousands
/// of open files), the files go to a private scratch folder `tmp/<random>` instead. The writer
/// holds a lock on the folder for as long as it lives; a folder whose lock can be taken
/// belongs to a writer that died, and the next writer removes it. While it exists,
/// SIGINT, SIGTERM and SIGHUP remove it before the process ends, so an interrupted
/// `pb copy` leaves none of its bytes behind either way.
final class Workspace {
  private let pasteboard: Pasteboard
  /// `data/`, while unnamed files are used.
  private var unnamedIn: Directory?
  private var scratch: (name: String, folder: Directory, parent: Directory)?
  /// Whether standard input has been read into this workspace: then giving up on the
  /// commit would lose data the user cannot give again.
  var holdsStandardInput = false
  /// Data files written here, named as they will be in `data/`, each with its unnamed
  /// file (kept open until it is named) or nil for one in the scratch folder.
  private var staged: [StagedFile] = []

  /// A struct, not a tuple: an array of tuples has its type's metadata built at run time
  /// from its mangled name on first use, tens of thousands of instructions of a small copy.
  private struct StagedFile {
    var name: String
    var unnamed: Descriptor?
  }

  /// Unnamed files one write keeps open at most; the rest go to the scratch folder.
  static let unnamedLimit = 16

  init(for pasteboard: Pasteboard) throws(PasteboardError) {
    self.pasteboard = pasteboard
    // For tests only: `PB_TEST_SCRATCH_FOLDER=1` makes every writer stage in the scratch
    // folder, as on a filesystem without unnamed files, so that the end-to-end tests
    // cover that way (and its signal guard) on a filesystem that has them.
    if !pasteboard.stagesInScratchFolder && !pasteboard.settings.forcesScratchFolder {
      unnamedIn = try pasteboard.requiredFolder(Pasteboard.Folder.data)
    }
  }

  deinit {
    guard let scratch else { return }
    // Its files were moved out on commit: the folder is then removed at once.
    if (try? scratch.parent.remove(scratch.name, isDirectory: true)) == nil {
      for file in (try? scratch.folder.entries()) ?? [] {
        try? scratch.folder.remove(file)
      }
      try? scratch.parent.remove(scratch.name, isDirectory: true)
    }
    SystemCall.releaseScratchFolder()
  }

  /// The scratch folder's name in `tmp/`, when one was made: a writer's clean-up spares it.
  var folderName: String? { scratch?.name }

  /// Creates a data file to stream into; the commit names it in `data/`. An extension
  /// that would not make a name pb accepts back from a manifest is left off.
  func createDataFile(extension ext: String?) throws -> (name: String, descriptor: Descriptor) {
    let base = StoreFiles.uniqueName()
    let file = ext.map { base + "." + $0 }.flatMap { StoreFiles.isDataFileName($0) ? $0 : nil } ?? base
    // Readable too: `--trim-newline` looks at the last byte written.
    if let data = unnamedIn, staged.count < Self.unnamedLimit {
      if let descriptor = try data.openUnnamedFile() {
        staged.append(StagedFile(name: file, unnamed: descriptor))
        return (file, descriptor)
      }
      unnamedIn = nil  // this filesystem has none
    }
    let folder = try scratchFolder()
    let descriptor = try folder.open(file, flags: O_RDWR | O_CREAT | O_EXCL, mode: 0o600)
    staged.append(StagedFile(name: file, unnamed: nil))
    return (file, descriptor)
  }

  /// A data file written here, opened to be read before the commit names it; nil for
  /// one never written here.
  func openStaged(_ name: String) -> Descriptor? {
    guard let file = staged.first(where: { $0.name == name }) else { return nil }
    return file.unnamed ?? (try? scratch?.folder.open(name, flags: O_RDONLY))
  }

  /// Gives every data file its name in `data/`; called with the board's lock held.
  /// `durable`: each file's bytes reach the disk before it is named.
  func name(into data: Directory, durable: Bool) throws {
    // Each fsync waits for a journal commit of its own: past a few files, one sync of
    // the filesystem puts them all on disk at once.
    let syncsEach = durable && staged.count <= Self.unnamedLimit
    if durable && !syncsEach { try data.descriptor.syncFilesystem() }
    for file in staged {
      let name = file.name
      if let unnamed = file.unnamed {
        if syncsEach { try unnamed.sync() }
        try data.linkUnnamed(unnamed, as: name)
      } else if let scratch {
        if syncsEach { try scratch.folder.open(name, flags: O_RDONLY).sync() }
        try scratch.folder.rename(name, to: name, in: data)
      }
    }
    staged.removeAll()
  }

  /// Makes the scratch folder on first use, locked from the start so that no other
  /// writer's clean-up takes it for an abandoned one.
  private func scratchFolder() throws(PasteboardError) -> Directory {
    if let scratch { return scratch.folder }
    let parent = try pasteboard.requiredFolder(Pasteboard.Folder.scratch)
    let (name, folder) = try Store.makeLockedFolder(prefix: "", in: parent)
    scratch = (name, folder, parent)
    SystemCall.guardScratchFolder(name, in: parent.descriptor, opened: folder.descriptor)
    return folder
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
    let isFree = (try? folder.descriptor.file.lock(wait: false)) == true
    if isFree { try? removeTree(name) }
    // The flock is held until the tree is gone, so no new maker can take the folder.
    folder.descriptor.keepOpenUntilHere()
  }
}
