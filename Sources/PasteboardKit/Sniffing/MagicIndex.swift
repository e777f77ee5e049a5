import Glibc
import CMagic
import LinuxSystem

/// libmagic's compiled rules indexed (Sources/CMagic/MagicIndex.c), so that a sniff loads
/// only the groups of rules that may match its data, in libmagic's order, and gets the
/// answer the whole database gives: a small text's sniff then reads about a thousand of
/// the 15,800 rules (the binary ones that may match, and the text ones) instead of all of
/// them, twice.
///
/// Built once from the database libmagic would load, when that is one compiled file
/// (`magic_getpath`; no MAGIC, no ~/.magic, no rules in /etc/magic), and kept in the
/// user's cache folder: `$XDG_CACHE_HOME/pb/libmagic-index`, else `~/.cache/pb/`. It
/// names the database it was built from (device, inode, size, times); an index of another
/// (a `file` upgrade) is built again, and anything else libmagic loads alone. Where no
/// index can be kept, none is built: libmagic loads the whole database. So it does with a
/// libmagic other than 5.44, at compile time or at run time (`cmagic_shortcuts_available`):
/// the index copies that release's private rule layout and matcher.
final class MagicIndex: @unchecked Sendable {
  /// The index as checked, for the rest of the process (libmagic keeps pointers into its
  /// bytes).
  private let index: UnsafeMutablePointer<cmagic_index>

  static let shared: MagicIndex? = load()

  static let fileName = "libmagic-index"

  private init(index: UnsafeMutablePointer<cmagic_index>) {
    self.index = index
  }

  /// `bytes` checked as an index of the database `identity` names; nil when they are not one.
  private static func checked(_ bytes: UnsafeRawBufferPointer, identity: [UInt64]) -> UnsafeMutablePointer<cmagic_index>? {
    let index = UnsafeMutablePointer<cmagic_index>.allocate(capacity: 1)
    guard cmagic_index_check(bytes.baseAddress, bytes.count, identity, index) == 1 else {
      index.deallocate()
      return nil
    }
    return index
  }

  /// Whether the index reads as it was checked: a file truncated in place under this
  /// process reads zeros from then on (`SystemCall.mapForProcess`), and is not used again.
  var isIntact: Bool { SystemCall.mappedFilesDamaged == 0 }

  /// Room for the rules of any one sniff (pages are used only as they are written). The
  /// cookie they are loaded into points into it until its next load.
  func makeRulesBuffer() -> UnsafeMutableRawBufferPointer {
    .allocate(byteCount: cmagic_index_capacity(index), alignment: 16)
  }

  /// Loads into `cookie` the rules that may match `head` (written into `rules`, the
  /// cookie's own buffer) and the named rules; false when the whole database is needed
  /// for it (then nothing was loaded).
  func load(into cookie: OpaquePointer, rules: UnsafeMutableRawBufferPointer, for head: UnsafeRawBufferPointer) -> Bool {
    guard let data = head.baseAddress, head.count > 0 else { return false }
    return cmagic_index_load(cookie, index, data, head.count, rules.baseAddress) == 0
  }

  /// What a sniff of `head` loads with this process's index: how many rules of the first
  /// set, whether the text groups come as a list of their own, and how many rules that
  /// list has; nil when it loads the whole database. For tests, which must know the index
  /// really leaves rules out.
  static func picked(for head: UnsafeRawBufferPointer) -> (rules: Int, textsApart: Bool, textRules: Int)? {
    guard let index = shared?.index, let data = head.baseAddress, head.count > 0 else { return nil }
    let rules = UnsafeMutableRawBufferPointer.allocate(byteCount: cmagic_index_capacity(index), alignment: 16)
    defer { rules.deallocate() }
    var texts: UnsafeRawPointer?
    var textSize = 0
    let size = cmagic_index_assemble(index, data, head.count, rules.baseAddress, &texts, &textSize)
    guard size > 0 else { return nil }
    // Each list begins with a database header of one entry.
    let entry = 376
    let textRules = texts == nil ? 0 : textSize / entry - 1
    return (size / entry - 1 + textRules, texts != nil, textRules)
  }

  /// The process's own settings: libmagic takes `$MAGIC` from the process's environment
  /// whatever a caller's settings say, and its index must be of the same database.
  private static func load() -> MagicIndex? {
    guard let database = compiledDatabase(.process), let folder = Settings.process.cacheFolder else { return nil }
    return load(database: database, folder: folder)
  }

  /// The index of `database` kept in `folder`, built and kept there first if need be; nil
  /// (the whole database) when it cannot be kept there. Building costs a process more
  /// than the whole database does (16 ms against 3 for a small sniff, release build), so
  /// an index no later process can read is not built: with no home, a cache folder that
  /// cannot be made or written, or one pb refuses (another user's).
  static func load(database: String, folder: String) -> MagicIndex? {
    guard cmagic_shortcuts_available() == 1, let identity = identity(of: database) else { return nil }
    if let cached = cached(in: folder, identity: identity) { return MagicIndex(index: cached) }
    guard let directory = openFolder(folder, creating: true), (try? SystemCall.checkWritable(directory.descriptor)) != nil,
      canHoldIndex(directory), let built = build(from: database, identity: identity)
    else { return nil }
    save(built, in: directory)
    return checked(built, identity: identity).map(MagicIndex.init)
  }

  /// Whether the index's name in `directory` is free, a file or a link (which `save`
  /// replaces). A folder there, or any other kind of file, is left alone, so an index
  /// built could never be kept.
  private static func canHoldIndex(_ directory: Directory) -> Bool {
    do {
      guard let status = try directory.status(of: fileName) else { return true }
      return [S_IFREG, S_IFLNK].contains(status.st_mode & S_IFMT)
    } catch {
      return false
    }
  }

  /// The compiled database libmagic loads (with the flags pb gives it), when it loads
  /// that one file and nothing else.
  static func compiledDatabase(_ settings: Settings) -> String? {
    guard !settings.magicIsSet, let path = magic_getpath(nil, 0).map({ String(cString: $0) }) else { return nil }
    var compiled: String?
    for component in path.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
      // libmagic's order: `NAME.mime.mgc` (for MIME answers), then `NAME.mgc`, then the
      // rules in NAME as text.
      if exists(component + ".mime.mgc") || component.isEmpty { return nil }
      if exists(component + ".mgc") {
        if compiled != nil { return nil }
        compiled = component + ".mgc"
      } else if !holdsNoRules(component) {
        return nil
      }
    }
    return compiled
  }

  /// Whether the folder at `path` belongs to the user ("" is the root folder).
  private static func isOwn(_ path: String) -> Bool {
    (try? SystemCall.status(path: path.isEmpty ? "/" : path))?.st_uid == SystemCall.effectiveUserID()
  }

  private static func exists(_ path: String) -> Bool {
    (try? SystemCall.status(path: path)) != nil
  }

  /// Whether the rules file at `path` adds nothing: it is missing, or a file of comments
  /// and blank lines only (Debian's /etc/magic).
  private static func holdsNoRules(_ path: String) -> Bool {
    guard let file = try? SystemCall.open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY) else {
      return !exists(path)
    }
    guard let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG, status.st_size <= 65536 else { return false }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(status.st_size) + 1, alignment: 1)
    defer { buffer.deallocate() }
    guard let count = try? file.readFully(into: buffer), count <= Int(status.st_size) else { return false }
    // Each line empty or a comment.
    var lineStart = true
    for index in 0..<count {
      let byte = buffer[index]
      if lineStart && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "#") { return false }
      lineStart = byte == UInt8(ascii: "\n")
    }
    return true
  }

  private static func identity(of database: String) -> [UInt64]? {
    guard let status = try? SystemCall.status(path: database) else { return nil }
    return identity(of: status)
  }

  private static func identity(of status: stat) -> [UInt64] {
    [
      UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size), UInt64(bitPattern: Int64(status.st_mtim.tv_sec)),
      UInt64(status.st_mtim.tv_nsec), UInt64(bitPattern: Int64(status.st_ctim.tv_sec)), UInt64(status.st_ctim.tv_nsec),
    ]
  }

  /// The cache folder, opened as the store opens its folders (StoreTrust): never through
  /// a link, and only when it is the user's and nobody else can write to it. The index is
  /// compiled rules libmagic trusts as they are: another user's folder (a shared
  /// XDG_CACHE_HOME such as /tmp) must not hand it theirs. `creating` makes it first, but
  /// only in a folder of the user's own: `sudo pb` keeping the user's HOME would leave
  /// root's folder in theirs, one they could neither use nor remove.
  private static func openFolder(_ folder: String, creating: Bool) -> Directory? {
    guard let slash = folder.lastIndex(of: "/") else { return nil }
    let parent = slash == folder.startIndex ? "/" : String(folder[..<slash])
    if creating {
      if !exists(parent) {
        guard isOwn(String(parent[..<(parent.lastIndex(of: "/") ?? parent.startIndex)])) else { return nil }
        _ = try? SystemCall.makeDirectory(parent, mode: 0o700)
      }
      guard isOwn(parent) else { return nil }
    }
    guard let directory = try? Directory.open(path: parent) else { return nil }
    return (try? directory.openStoreFolder(String(folder[folder.index(after: slash)...]), creating: creating)) ?? nil
  }

  /// The index kept in `folder`, when it is whole, the user's own, and built from the
  /// database `identity` names.
  private static func cached(in folder: String, identity: [UInt64]) -> UnsafeMutablePointer<cmagic_index>? {
    guard let directory = openFolder(folder, creating: false),
      let (file, status) = (try? directory.openStoreFile(fileName)) ?? nil, status.st_size <= largest,
      let mapped = SystemCall.mapForProcess(file, size: Int(status.st_size), copyOnWrite: true)
    else { return nil }
    guard let index = checked(mapped, identity: identity) else {
      SystemCall.unmapForProcess(mapped)
      return nil
    }
    return index
  }

  /// The largest database (and index) read: Debian's is 8 MB.
  private static let largest = 64 << 20

  private static func build(from database: String, identity: [UInt64]) -> UnsafeRawBufferPointer? {
    guard let file = try? SystemCall.open(database, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY),
      let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG, status.st_size <= largest,
      // The database read must be the one named.
      Self.identity(of: status).elementsEqual(identity)
    else { return nil }
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(status.st_size), alignment: 16)
    defer { bytes.deallocate() }
    guard let count = try? file.readFully(into: bytes), count == bytes.count else { return nil }
    var built: UnsafeMutableRawPointer?
    let size = identity.withUnsafeBufferPointer { cmagic_index_build(bytes.baseAddress, count, $0.baseAddress, &built) }
    guard size > 0, let built else { return nil }
    return UnsafeRawBufferPointer(start: built, count: size)
  }

  /// Keeps the index for later processes; a cache that cannot be written is no error.
  /// The stale index goes first, so that the new one is linked in whole (an unnamed file)
  /// rather than renamed from a named temporary, and the temporaries of writers killed
  /// before their rename (megabytes each) go with it.
  private static func save(_ index: UnsafeRawBufferPointer, in directory: Directory) {
    for name in (try? directory.entries()) ?? [] where name == fileName || name.hasPrefix("." + fileName + ".") {
      _ = try? directory.remove(name)
    }
    _ = try? StoreFiles.writeAtomically(Array(index), named: fileName, in: directory)
  }
}
