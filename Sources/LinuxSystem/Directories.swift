import Glibc
import CLinuxIO

// Directories: the *at calls, each relative to an open directory and never following a
// final link (`Directory` is their one user outside this file).
extension SystemCall {
  /// Opens `relative` below the directory `directory` without leaving it or passing a
  /// link (see `pb_open_beneath`).
  static func open(beneath directory: Descriptor, _ relative: String, flags: Int32, mode: mode_t) throws(SystemError)
    -> Descriptor
  {
    let path = directory.path + "/" + relative
    let fd = try check("open", path) {
      PathBytes.withCString(relative) { pb_open_beneath(directory.file.raw, $0, flags, mode) }
    }
    return Descriptor(FileDescriptor(fd, path: path))
  }

  /// Whether this user may create and remove names in a directory (`faccessat` with the
  /// effective IDs: what unlink will be allowed).
  public static func checkWritable(_ directory: Descriptor) throws(SystemError) {
    try check("write to", directory.path) { faccessat(directory.file.raw, ".", W_OK | X_OK, AT_EACCESS) }
  }

  /// `fstatat` of one name without following a link; nil when the name does not exist.
  public static func status(of name: String, in directory: Descriptor) throws(SystemError) -> stat? {
    var result = stat()
    let path = directory.path + "/" + name
    while true {
      if PathBytes.withCString(name, { fstatat(directory.file.raw, $0, &result, AT_SYMLINK_NOFOLLOW) }) == 0 { return result }
      switch errno {
      case EINTR: continue
      case ENOENT: return nil
      default: throw SystemError(errno: errno, operation: "stat", path: path)
      }
    }
  }

  /// Creates a directory (in `directory`, or as a path from the working directory);
  /// an existing one is fine.
  public static func makeDirectory(_ name: String, in directory: Descriptor? = nil, mode: mode_t) throws(SystemError) {
    let path = directory.map { $0.path + "/" + name } ?? name
    if PathBytes.withCString(name, { mkdirat(directory?.file.raw ?? AT_FDCWD, $0, mode) }) == 0 || errno == EEXIST { return }
    throw SystemError(errno: errno, operation: "mkdir", path: path)
  }

  /// A new private directory (mkdtemp, mode 0700) in `parent` (the temporary folder): its path.
  public static func makeTemporaryDirectory(prefix: String, in parent: String) throws(SystemError) -> String {
    // Through PathBytes, as every path: a folder whose name is not UTF-8 keeps its bytes.
    var template = PathBytes.withCString(parent + "/" + prefix + ".XXXXXX") {
      Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1))
    }
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw SystemError(errno: errno, operation: "make a folder in", path: parent)
    }
    return template.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
  }

  /// A new private directory as `makeTemporaryDirectory` makes one, its name saying which
  /// process made it (`PREFIX.PID.STARTTIME.XXXXXX`, as `ProcessIdentity` names one), so
  /// that once that process has gone without removing it (SIGKILL), whoever calls
  /// `removeAbandonedTemporaryDirectories` next removes it. Without /proc, a plain one.
  public static func makeOwnedTemporaryDirectory(prefix: String, in parent: String) throws(SystemError) -> String {
    guard let me = ProcessIdentity.current else { return try makeTemporaryDirectory(prefix: prefix, in: parent) }
    return try makeTemporaryDirectory(prefix: "\(prefix).\(me.pid).\(me.startTime)", in: parent)
  }

  /// Removes the folders `makeOwnedTemporaryDirectory(prefix:in:)` made in `folder` (the
  /// temporary folder) whose process has ended. Only what has their shape goes: a name of that form, a
  /// folder (not a link: nothing is followed) of this user's that no one else may enter;
  /// one whose process still runs (the same PID and start time) stays. Failures are left
  /// for the next call.
  public static func removeAbandonedTemporaryDirectories(prefix: String, in folder: String) {
    guard let parent = try? Directory.open(path: folder), let names = try? parent.entries() else { return }
    func isNumber(_ text: Substring) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    for name in names where name.hasPrefix(prefix + ".") {
      let parts = name.dropFirst(prefix.count + 1).split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, isNumber(parts[0]), isNumber(parts[1]), let pid = Int32(parts[0]), let startTime = UInt64(parts[1]),
        parts[2].utf8.count == 6, parts[2].unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }),
        let status = try? parent.status(of: name), status.st_mode & S_IFMT == S_IFDIR, status.st_uid == SystemCall.effectiveUserID(),
        status.st_mode & 0o077 == 0, !ProcessIdentity(pid: pid, startTime: startTime).isRunning
      else { continue }
      try? parent.removeTree(name)
    }
  }

  /// Removes a folder `makeTemporaryDirectory` made, and everything in it, never
  /// following a link; a failure is not reported (what is left is in the temporary folder).
  public static func removeTemporaryDirectory(_ path: String) {
    guard let slash = path.lastIndex(of: "/"), let parent = try? Directory.open(path: String(path[..<slash])) else { return }
    try? parent.removeTree(String(path[path.index(after: slash)...]))
  }

  static func rename(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("rename", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in
        PathBytes.withCString(newName) { renameat(directory.file.raw, old, newDirectory.file.raw, $0) }
      }
    }
  }

  /// Renames without replacing: an existing `newName` fails with EEXIST.
  static func renameWithoutReplacing(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("rename", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in
        PathBytes.withCString(newName) { pb_rename_noreplace(directory.file.raw, old, newDirectory.file.raw, $0) }
      }
    }
  }

  /// Gives a file a second name (a hard link, never following a link); both names
  /// must be on one filesystem (else EXDEV).
  static func link(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("link", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in
        PathBytes.withCString(newName) { linkat(directory.file.raw, old, newDirectory.file.raw, $0, 0) }
      }
    }
  }

  /// A new unnamed file (O_TMPFILE) in `directory`, opened for reading and writing.
  static func openUnnamed(in directory: Descriptor, mode: mode_t) throws(SystemError) -> Descriptor {
    let fd = try check("create an unnamed file in", directory.path) { pb_open_unnamed(directory.file.raw, mode) }
    return Descriptor(FileDescriptor(fd, path: directory.path + "/(unnamed)"))
  }

  /// Names an unnamed file (O_TMPFILE) in `directory`; an existing `name` fails with EEXIST.
  static func linkUnnamed(_ file: Descriptor, to name: String, in directory: Descriptor) throws(SystemError) {
    try check("link", directory.path + "/" + name) {
      PathBytes.withCString(name) { pb_link_unnamed(file.file.raw, directory.file.raw, $0) }
    }
  }

  /// Removes a file (or an empty directory); a missing one is fine.
  static func remove(_ name: String, in directory: Descriptor, isDirectory: Bool = false) throws(SystemError) {
    let result = PathBytes.withCString(name) { unlinkat(directory.file.raw, $0, isDirectory ? AT_REMOVEDIR : 0) }
    if result == 0 || errno == ENOENT { return }
    throw SystemError(errno: errno, operation: "remove", path: directory.path + "/" + name)
  }

  /// The names in a directory, without `.` and `..`, read through a descriptor of its
  /// own (a listing moves the offset of the descriptor it reads) with getdents64: the C
  /// library's directory streams add a status and two fcntl calls to every listing.
  static func directoryEntries(of directory: Descriptor) throws(SystemError) -> [String] {
    let listing = FileDescriptor(
      try check("open", directory.path) { openat(directory.file.raw, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) },
      path: directory.path)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 * 1024, alignment: 8)
    defer { buffer.deallocate() }
    var names: [String] = []
    while true {
      let count = try check("list", directory.path) { pb_getdents64(listing.raw, buffer.baseAddress, buffer.count) }
      if count == 0 { return names }
      var offset = 0
      while offset < count {
        // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), name.
        let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
        guard length > 19, offset + length <= count else {
          throw SystemError(errno: EIO, operation: "list", path: directory.path)
        }
        let name = (buffer.baseAddress! + offset + 19).withMemoryRebound(to: CChar.self, capacity: length - 19) {
          PathBytes.string(cString: $0)
        }
        if name != "." && name != ".." { names.append(name) }
        offset += length
      }
    }
  }

  /// Empties a directory from a detached process; false when none could be started.
  public static func emptyInBackground(_ directory: Descriptor) -> Bool {
    pb_empty_directory_in_background(directory.file.raw) == 0
  }
}
