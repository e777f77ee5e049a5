import Glibc

/// An open directory and the one way to what is inside it. Opening goes through
/// `pb_open_beneath` (openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
/// RESOLVE_NO_MAGICLINKS), so no path can leave the directory or pass through a link;
/// creating, renaming, listing and removing take one plain name and act relative to
/// this descriptor, and none of them follows a final link.
public final class Directory {
  public let descriptor: Descriptor
  public var path: String { descriptor.path }

  public init(_ descriptor: Descriptor) {
    self.descriptor = descriptor
  }

  /// Opens a directory the user named (the store itself): links in the path the user
  /// gave are theirs to choose.
  public static func open(path: String) throws(SystemError) -> Directory {
    Directory(try SystemCall.open(path, flags: O_RDONLY | O_DIRECTORY))
  }

  /// Opens `relative` (one or more components) below this directory.
  public func open(_ relative: String, flags: Int32, mode: mode_t = 0o600) throws(SystemError) -> Descriptor {
    try SystemCall.open(beneath: descriptor, relative, flags: flags, mode: mode)
  }

  public func openDirectory(_ relative: String) throws(SystemError) -> Directory {
    Directory(try open(relative, flags: O_RDONLY | O_DIRECTORY))
  }

  /// A new file without a name in this directory (O_TMPFILE), readable and writable,
  /// gone when closed unless `linkUnnamed` names it first; nil where the filesystem has
  /// no unnamed files (EOPNOTSUPP, or EISDIR and EINVAL from kernels before them).
  public func openUnnamedFile() throws(SystemError) -> Descriptor? {
    do {
      return try SystemCall.openUnnamed(in: descriptor, mode: 0o600)
    } catch {
      guard [EOPNOTSUPP, EISDIR, EINVAL].contains(error.errno) else { throw error }
      return nil
    }
  }

  /// Names an unnamed file here; an existing `name` fails with EEXIST.
  public func linkUnnamed(_ file: Descriptor, as name: String) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try SystemCall.linkUnnamed(file, to: name, in: descriptor)
  }

  public func makeDirectory(_ name: String, mode: mode_t) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try SystemCall.makeDirectory(name, in: descriptor, mode: mode)
  }

  public func rename(_ name: String, to newName: String, in destination: Directory) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try Self.checkPlain(newName, in: destination)
    try SystemCall.rename(name, in: descriptor, to: newName, in: destination.descriptor)
  }

  public func link(_ name: String, to newName: String, in destination: Directory) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try Self.checkPlain(newName, in: destination)
    try SystemCall.link(name, in: descriptor, to: newName, in: destination.descriptor)
  }

  public func renameWithoutReplacing(_ name: String, to newName: String, in destination: Directory) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try Self.checkPlain(newName, in: destination)
    try SystemCall.renameWithoutReplacing(name, in: descriptor, to: newName, in: destination.descriptor)
  }

  /// Removes a folder and everything in it, never following a link (a link is removed
  /// as the name it is); a missing one is fine.
  public func removeTree(_ name: String, depth: Int = 8) throws(SystemError) {
    let folder: Directory
    do {
      folder = try openDirectory(name)
    } catch where error.errno == ENOENT {
      return
    } catch where error.errno == ENOTDIR || error.errno == ELOOP {
      try remove(name)
      return
    }
    for entry in try folder.entries() {
      let isFolder = (try folder.status(of: entry)).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
      if isFolder && depth > 0 {
        try folder.removeTree(entry, depth: depth - 1)
      } else {
        try folder.remove(entry)
      }
    }
    try remove(name, isDirectory: true)
  }

  /// Removes a file or an empty directory; a missing one is fine.
  public func remove(_ name: String, isDirectory: Bool = false) throws(SystemError) {
    try Self.checkPlain(name, in: self)
    try SystemCall.remove(name, in: descriptor, isDirectory: isDirectory)
  }

  public func entries() throws(SystemError) -> [String] {
    try SystemCall.directoryEntries(of: descriptor)
  }

  /// The status of a name without following a link; nil when it does not exist.
  public func status(of name: String) throws(SystemError) -> stat? {
    try Self.checkPlain(name, in: self)
    return try SystemCall.status(of: name, in: descriptor)
  }

  public func status() throws(SystemError) -> stat {
    try descriptor.status()
  }

  /// Whether `name` is one plain component: the *at calls resolve every component but
  /// the last, so a name with a slash could pass through a link.
  public static func isPlain(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
  }

  private static func checkPlain(_ name: String, in directory: Directory) throws(SystemError) {
    if !isPlain(name) { throw SystemError(errno: EINVAL, operation: "use the name", path: directory.path + "/" + name) }
  }
}
