import Glibc
import LinuxSystem

/// A file `pb cut` takes, checked before anything is read, so that a file that cannot be
/// read or removed stops the cut before it starts. No descriptor is kept: a cut of any
/// number of files needs a few at a time.
private struct CutSource {
  /// As the user gave it, for messages.
  var given: String
  /// Absolute and with no link, `.` or `..` in its folder's part, as history keeps it.
  var path: String
  var status: stat

  /// The file to read, opened again when it is read: it must still be the file checked.
  var input: OpenInput {
    let (folderPath, name) = Pasteboard.split(path)
    let open = { [path, given, status] () throws(PasteboardError) -> Descriptor in
      do throws(SystemError) {
        let descriptor = try Directory.open(path: folderPath).open(name, flags: O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK)
        let opened = try descriptor.status()
        guard opened.st_dev == status.st_dev, opened.st_ino == status.st_ino else {
          throw SystemError(errno: EAGAIN, operation: "open", path: path)
        }
        return descriptor
      } catch {
        throw error.errno == EAGAIN ? .cutRefused(.replaced(given)) : .noSuchFile(given, reason: error.reason)
      }
    }
    return OpenInput(opened: nil, open: open, path: path, fileName: OpenInput.lastComponent(of: name))
  }
}

/// What `pb cut` did, and what it could not.
public struct CutResult: Sendable {
  public var state: PasteboardState
  /// Files copied but not removed, each with the reason.
  public var failures: [WorkNote]
}

extension Pasteboard {
  /// Copies each file as an item (as `pb copy FILE...` does) and, once that change is on
  /// disk, removes the files, journaled (see `JournaledWork`): a cut killed after its
  /// commit is finished by the next command that takes the lock. Undoing the cut puts
  /// them back with their permissions and modification times. Every file is checked
  /// first: one that is not a plain readable file, or whose folder does not let it be
  /// removed, cuts nothing at all. A cut is always undoable, and its items never expire:
  /// they are the only copy of the files.
  public func cut(_ paths: [String], detector: TypeDetector, options: WriteOptions) throws(PasteboardError) -> CutResult {
    if !options.recordsUndo {
      throw .cutRefused(.withoutUndo)
    }
    let attributes = try attributes()
    if attributes.owner != nil {
      throw .cutRefused(.temporaryBoard(name))
    }
    if options.expires != nil || attributes.defaultExpiry != nil {
      throw .cutRefused(.expiringBoard(name))
    }
    // The store's own files are never cut: another board's data, a lock.
    let storeRoot = boards.flatMap { SystemCall.currentPath(of: $0.descriptor) }.map { Self.split($0).folder }
    let sources = try paths.map { (path) throws(PasteboardError) in try Self.checkCutSource(path, outside: storeRoot) }
    var seen: [String: String] = [:]  // device and inode: the name given first
    for source in sources {
      let key = "\(source.status.st_dev):\(source.status.st_ino)"
      if let earlier = seen[key] {
        throw .cutRefused(earlier == source.given ? .namedTwice(earlier) : .sameFile(earlier, source.given))
      }
      seen[key] = source.given
    }
    // Undo puts the files back only if their records are sealed with the user's key:
    // without one, nothing is cut.
    _ = try HistoryKey.key(creating: true, settings: settings)
    let items = sources.map { ItemSource(representations: [RepresentationSource(input: .file($0.path))]) }
    var cutFiles: [CutFile] = []
    var steps: [Journal.Step] = []
    // Each file is opened, copied, checked and closed before the next one.
    let (workspace, written) = try stage(items, inputs: sources.map(\.input), detector: detector, options: options) {
      (input, representation) throws(PasteboardError) in
      let source = sources[cutFiles.count]
      let now = try? input.descriptor.status()
      guard let now, now.st_size == source.status.st_size, let modified = FileIdentity.nanoseconds(now.st_mtim),
        modified == FileIdentity.nanoseconds(source.status.st_mtim)
      else {
        throw .cutRefused(.changedWhileCopied(source.path))
      }
      cutFiles.append(
        CutFile(path: source.path, file: representation.file, mode: UInt32(source.status.st_mode & 0o7777), modified: modified))
      steps.append(Journal.Step(path: source.path, file: representation.file, method: .remove, identity: FileIdentity(now)))
    }
    let outside: OutsideWork = { (current, _, _, next) throws(PasteboardError) -> JournaledWork? in
      guard let board = self.directory else { return nil }
      return try JournaledWork(starting: Journal(operation: .cut, from: current.changeCount, to: next, steps: steps), in: board)
    }
    let (state, work) = try commit(
      from: workspace, ifCount: options.ifCount, recording: options.recording("Cut", cutFiles: cutFiles), durable: true,
      outside: outside
    ) { _, _, _ in written }
    return CutResult(state: state, failures: work?.notes ?? [])
  }

  private static func checkCutSource(_ path: String, outside storeRoot: String?) throws(PasteboardError) -> CutSource {
    if path == "-" { throw .cutRefused(.standardInput) }
    let (folderPath, name) = split(path)
    if name.isEmpty || name == "." || name == ".." { throw .cutRefused(.notAFile(path, kind: .directory)) }
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
    case S_IFDIR: throw .cutRefused(.notAFile(path, kind: .directory))
    case S_IFLNK: throw .cutRefused(.notAFile(path, kind: .symbolicLink))
    default: throw .cutRefused(.notAFile(path, kind: .other))
    }
    try checkRemovable(name, status: status, in: folder, path: path)
    guard FileIdentity.nanoseconds(status.st_mtim) != nil else { throw .cutRefused(.timeOutOfRange(path)) }
    // History keeps the path undo puts the file back at: the folder's own, whatever
    // links or dots led to it, which must be short enough to be opened again.
    guard let real = SystemCall.currentPath(of: folder.descriptor), case let absolute = joined(real, name),
      CutFile.isNormalisedAbsolute(absolute)
    else {
      throw .cutRefused(.pathTooLong(path))
    }
    if let storeRoot, absolute.hasPrefix(storeRoot == "/" ? "/" : storeRoot + "/") {
      throw .cutRefused(.storeFile(path, storeRoot: storeRoot))
    }
    do throws(SystemError) {
      // Readable: opened and closed now, opened again to be read.
      _ = try folder.open(name, flags: O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK)
    } catch {
      throw .noSuchFile(path, reason: error.reason)
    }
    return CutSource(given: path, path: absolute, status: status)
  }

  /// A file is removable if its folder lets this user write and search it, and, for a
  /// sticky folder such as /tmp, if the file or the folder is the user's.
  private static func checkRemovable(_ name: String, status: stat, in folder: Directory, path: String) throws(PasteboardError) {
    do {
      try SystemCall.checkWritable(folder.descriptor)
    } catch {
      throw .cutRefused(.folderNotWritable(path, reason: error.reason))
    }
    let user = StoreTrust.user
    if user != 0, let folderStatus = try? folder.status(), folderStatus.st_mode & S_ISVTX != 0, status.st_uid != user,
      folderStatus.st_uid != user
    {
      throw .cutRefused(.stickyFolder(path))
    }
  }

  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let directory = SystemCall.workingDirectory() else { return path }
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return joined(directory, String(relative))
  }

  /// A name in a folder (`/` and `a` give `/a`), as `split` takes it apart.
  static func joined(_ folder: String, _ name: String) -> String {
    (folder == "/" ? "" : folder) + "/" + name
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
}
