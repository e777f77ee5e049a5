#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file `pb cut` takes: checked, opened, and its folder kept open, before anything is
/// read, so that a file that cannot be read or removed stops the cut before it starts.
private struct CutSource {
  /// As the user gave it, for messages.
  var given: String
  /// Absolute, as history keeps it.
  var path: String
  var folder: Directory
  var name: String
  var input: OpenInput
  var status: stat
}

/// What `pb cut` did, and what it could not.
public struct CutResult: Sendable {
  public var state: PasteboardState
  /// Files copied but not removed, each with the reason.
  public var failures: [String]
}

extension Pasteboard {
  /// Copies each file as an item (as `pb copy FILE...` does) and, once that change is on
  /// disk, removes the files. Undoing the cut puts them back with their permissions and
  /// modification times. Every file is checked first: one that is not a plain readable
  /// file, or whose folder does not let it be removed, cuts nothing at all.
  public func cut(_ paths: [String], detector: TypeDetector, options: WriteOptions) throws(PasteboardError) -> CutResult {
    let sources = try paths.map(Self.openCutSource)
    for (index, source) in sources.enumerated() {
      if let earlier = sources[..<index].first(where: { $0.status.st_dev == source.status.st_dev && $0.status.st_ino == source.status.st_ino }) {
        throw .usage(
          earlier.given == source.given
            ? "'\(Display.path(source.given))' is named twice; name each file once"
            : "'\(Display.path(earlier.given))' and '\(Display.path(source.given))' are the same file; name it once")
      }
    }
    let items = sources.map { ItemSource(representations: [RepresentationSource(input: .file($0.path))]) }
    let (workspace, written) = try stage(items, inputs: sources.map(\.input), detector: detector, options: options)
    var cutFiles: [CutFile] = []
    for (source, item) in zip(sources, written) {
      let now = try? source.input.descriptor.status()
      guard let now, now.st_size == source.status.st_size, Self.modificationTime(now) == Self.modificationTime(source.status) else {
        throw .cannotCut(source.path, reason: "it changed while pb copied it; nothing was cut, try again")
      }
      cutFiles.append(
        CutFile(
          path: source.path, file: item.representations[0].file, mode: UInt32(source.status.st_mode & 0o7777),
          modified: Self.modificationTime(source.status)))
    }
    let state = try commit(
      from: workspace, ifCount: options.ifCount, recording: options.recording("Cut", cutFiles: cutFiles), durable: true
    ) { _, _, _ in written }
    var failures: [String] = []
    for source in sources {
      do throws(SystemError) {
        // Only the file that was copied: not one put in its place meanwhile.
        guard let still = try source.folder.status(of: source.name), still.st_dev == source.status.st_dev,
          still.st_ino == source.status.st_ino
        else {
          failures.append("'\(Display.path(source.path))' was replaced while pb cut it; left in place (its copy is on the pasteboard)")
          continue
        }
        try source.folder.remove(source.name)
      } catch {
        failures.append("'\(Display.path(source.path))' was copied but not removed: \(error.reason)")
      }
    }
    return CutResult(state: state, failures: failures)
  }

  private static func openCutSource(_ path: String) throws(PasteboardError) -> CutSource {
    if path == "-" { throw .usage("pb cut takes files, not standard input; use pb copy to copy standard input") }
    let (folderPath, name) = split(absolute(path))
    if name.isEmpty || name == "." || name == ".." {
      throw .noSuchFile(path, reason: "it is a directory; pb cut takes files (give the files inside it)")
    }
    let folder: Directory
    let found: stat?
    do {
      folder = try Directory.open(path: folderPath)
      found = try folder.status(of: name)
    } catch {
      throw .noSuchFile(path, reason: error.reason)
    }
    guard let status = found else { throw .noSuchFile(path, reason: "no such file") }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .noSuchFile(path, reason: "it is a directory; pb cut takes files (give the files inside it)")
    case S_IFLNK: throw .noSuchFile(path, reason: "it is a symbolic link; cut the file it points to")
    default: throw .noSuchFile(path, reason: "it is not a regular file; pb cut takes files")
    }
    try checkRemovable(name, status: status, in: folder, path: path)
    let descriptor: Descriptor
    do throws(SystemError) {
      descriptor = try folder.open(name, flags: O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK)
      let opened = try descriptor.status()
      guard opened.st_dev == status.st_dev, opened.st_ino == status.st_ino else {
        throw SystemError(errno: EAGAIN, operation: "open", path: path)
      }
    } catch {
      throw .noSuchFile(path, reason: error.reason)
    }
    return CutSource(
      given: path, path: absolute(path), folder: folder, name: name,
      input: OpenInput(opened: descriptor, filenameExtension: FilenameExtension.of(path: name)), status: status)
  }

  /// A file is removable if its folder lets this user write and search it, and, for a
  /// sticky folder such as /tmp, if the file or the folder is the user's.
  private static func checkRemovable(_ name: String, status: stat, in folder: Directory, path: String) throws(PasteboardError) {
    do {
      try SystemCall.checkWritable(folder.descriptor)
    } catch {
      throw .cannotCut(path, reason: "its folder does not let it be removed (\(error.reason)); nothing was cut")
    }
    let user = StoreTrust.user
    if user != 0, let folderStatus = try? folder.status(), folderStatus.st_mode & S_ISVTX != 0, status.st_uid != user,
      folderStatus.st_uid != user
    {
      throw .cannotCut(path, reason: "it is another user's file in a sticky folder, so it cannot be removed; nothing was cut")
    }
  }

  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let directory = SystemCall.workingDirectory() else { return path }
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (directory == "/" ? "" : directory) + "/" + relative
  }

  /// The folder and the last name of a path (`/a/b` gives `/a` and `b`).
  static func split(_ path: String) -> (folder: String, name: String) {
    var trimmed = Substring(path)
    let hadSlash = trimmed.hasSuffix("/")
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", hadSlash ? "" : String(trimmed)) }
    let folder = trimmed[..<slash]
    // A trailing slash names a directory: give no file name.
    return (folder.isEmpty ? "/" : String(folder), hadSlash ? "" : String(trimmed[trimmed.index(after: slash)...]))
  }

  static func modificationTime(_ status: stat) -> Int64 {
    Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  // MARK: Undoing and redoing a cut

  /// Whether a file at a cut file's path is the one undo put back: a regular file with
  /// the modification time undo gave it and, when known, the size of the stored bytes.
  private static func isAsUndoLeftIt(_ status: stat, _ cut: CutFile, size: Int64?) -> Bool {
    status.st_mode & S_IFMT == S_IFREG && modificationTime(status) == cut.modified
      && (size.map { $0 == Int64(status.st_size) } ?? true)
  }

  /// The folder a cut file was in, opened, and its name there.
  private static func folder(of cut: CutFile) throws(SystemError) -> (folder: Directory, name: String) {
    let (folderPath, name) = split(cut.path)
    return (try Directory.open(path: folderPath), name)
  }

  /// Puts a cut file back where it was, with its mode and modification time, under a
  /// temporary name renamed into place without replacing anything; if a file is there
  /// now, the original goes next to it (`NAME.restored`, `NAME.restored-2`, ...). When
  /// nothing but the redo stack still names its data file (`movable`), the data file
  /// itself is renamed out of the store, so a cut of any size is undone at the cost of
  /// a rename; otherwise, or across filesystems, it is copied. Either way the store
  /// keeps no name for the restored file, so editing it cannot reach history. Returns a
  /// note for the user, if any, and whether it failed.
  func putBack(_ cut: CutFile, movable: Bool) -> (note: String?, failed: Bool) {
    let (folderPath, name) = Self.split(cut.path)
    let shown = Display.path(cut.path)
    let folder: Directory
    do {
      folder = try Directory.open(path: folderPath)
    } catch {
      return ("could not put back '\(shown)': \(error.reason) (its bytes stay in history: pb redo, then pb paste)", true)
    }
    guard let data = try? self.folder(Folder.data), (try? data.status(of: cut.file)) != nil else {
      return ("could not put back '\(shown)': its data is gone from the store", true)
    }
    let temporary = name.utf8.count > 200 ? ".pb-\(StoreFiles.uniqueName())" : ".\(name).pb-\(StoreFiles.uniqueName())"
    var moved = false
    do throws(SystemError) {
      if movable {
        do {
          try data.rename(cut.file, to: temporary, in: folder)
          moved = true
        } catch where error.errno == EXDEV {}
      }
      if !moved {
        guard let (source, _) = try? data.openStoreFile(cut.file) else { throw SystemError(errno: ENOENT, operation: "open", path: cut.file) }
        let file = try folder.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        try ByteTransfer.copy(from: source, to: file)
      }
      try folder.open(temporary, flags: O_RDONLY | O_NOFOLLOW).setModeAndModificationTime(mode: mode_t(cut.mode), modified: cut.modified)
      for attempt in 0..<100 {
        let target = attempt == 0 ? name : name + (attempt == 1 ? ".restored" : ".restored-\(attempt)")
        do {
          try folder.renameWithoutReplacing(temporary, to: target, in: folder)
          if attempt == 0 { return (nil, false) }
          return ("'\(shown)' exists, so the cut file was put back next to it as '\(Display.path(folderPath + "/" + target))'", false)
        } catch where error.errno == EEXIST {
          continue
        }
      }
      throw SystemError(errno: EEXIST, operation: "find a free name next to", path: cut.path)
    } catch {
      // Moved out of the store, the bytes are only in the temporary file: it stays.
      if moved {
        return ("could not put back '\(shown)': \(error.reason); its bytes are in '\(Display.path(folderPath + "/" + temporary))'", true)
      }
      try? folder.remove(temporary)
      return ("could not put back '\(shown)': \(error.reason) (its bytes stay in history: pb redo, then pb paste)", true)
    }
  }

  /// Before redoing a cut whose data file undo moved out of the store: gives the file
  /// at its path a name in `data/` again (a hard link; a copy across filesystems or for
  /// another user's file), if it is still as undo left it (same size and modification
  /// time). A file changed since cannot be taken back, and the redo is refused.
  func takeBackForRedo(_ cut: CutFile, size: Int64?) throws(PasteboardError) {
    let data = try requiredFolder(Folder.data)
    if (try? data.status(of: cut.file)) != nil { return }
    guard let (folder, name) = try? Self.folder(of: cut), let status = try? folder.status(of: name),
      Self.isAsUndoLeftIt(status, cut, size: size)
    else {
      throw .cannotCut(
        cut.path, reason: "it changed or went since undo put it back, and the store kept no other copy of it; nothing was redone")
    }
    do throws(SystemError) {
      if status.st_uid == StoreTrust.user {
        do {
          try folder.link(name, to: cut.file, in: data)
          return
        } catch where error.errno == EXDEV || error.errno == EPERM {}
      }
      let source = try folder.open(name, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
      let file = try data.open(cut.file, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      try ByteTransfer.copy(from: source, to: file)
    } catch {
      try? data.remove(cut.file)
      throw .io(error)
    }
  }

  /// Redoing a cut removes the file undo put back, if it is still as undo left it (same
  /// size and modification time); a file changed since is left alone.
  func takeAwayAgain(_ cut: CutFile) -> String? {
    guard let (folder, name) = try? Self.folder(of: cut), let status = try? folder.status(of: name) else { return nil }
    let stored = (try? self.folder(Folder.data))?.flatMap { try? $0.status(of: cut.file) }
    guard let stored, Self.isAsUndoLeftIt(status, cut, size: Int64(stored.st_size)) else {
      return "left '\(Display.path(cut.path))' in place: it changed since undo put it back"
    }
    do throws(SystemError) {
      try folder.remove(name)
      return nil
    } catch {
      return "could not remove '\(Display.path(cut.path))' again: \(error.reason)"
    }
  }
}
