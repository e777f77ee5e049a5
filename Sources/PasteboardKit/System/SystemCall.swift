#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import CLinuxIO

/// A failed system call: the operation, the path it concerned and the errno value.
public struct SystemError: Error, Sendable, Equatable {
  public let errno: Int32
  public let operation: String
  public let path: String

  public init(errno: Int32, operation: String, path: String) {
    self.errno = errno
    self.operation = operation
    self.path = path
  }

  /// The C library's text for `errno`, such as "No such file or directory".
  public var reason: String { String(cString: strerror(errno)) }
}

/// Every system call the library makes goes through here (and the desktop bridge's,
/// through the public ones): EINTR is retried and a failure becomes a `SystemError`
/// that names the path.
public enum SystemCall {
  /// Runs `body` until it stops failing with EINTR; -1 becomes a thrown `SystemError`.
  @discardableResult
  static func check<Result: BinaryInteger>(
    _ operation: String, _ path: String, _ body: () -> Result
  ) throws(SystemError) -> Result {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = errno
      if code == EINTR { continue }
      throw SystemError(errno: code, operation: operation, path: path)
    }
  }

  /// Opens a path outside the store as the user named it (bytes, see `PathBytes`).
  public static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(SystemError) -> Descriptor {
    let fd = try check("open", path) { PathBytes.withCString(path) { Glibc.open($0, flags | O_CLOEXEC, mode) } }
    return Descriptor(fd, path: path)
  }

  /// Opens `relative` below the directory `directory` without leaving it or passing a
  /// link (see `pb_open_beneath`).
  static func open(beneath directory: Descriptor, _ relative: String, flags: Int32, mode: mode_t) throws(SystemError)
    -> Descriptor
  {
    let path = directory.path + "/" + relative
    let fd = try check("open", path) {
      PathBytes.withCString(relative) { pb_open_beneath(directory.raw, $0, flags, mode) }
    }
    return Descriptor(fd, path: path)
  }

  static func close(_ fd: Int32) {
    // A close that fails after EINTR must not be retried on Linux: the descriptor is gone.
    _ = Glibc.close(fd)
  }

  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
    throws(SystemError) -> Int
  {
    try check("read", path) { Glibc.read(fd, buffer.baseAddress, buffer.count) }
  }

  /// Reads until `buffer` is full or the input ends; returns how many bytes were read.
  public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
    throws(SystemError) -> Int
  {
    var filled = 0
    while filled < buffer.count {
      let count = try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: path)
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String)
    throws(SystemError)
  {
    var written = 0
    while written < bytes.count {
      written += try check("write", path) {
        Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
      }
    }
  }

  public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { (buffer) -> SystemError? in
      do throws(SystemError) {
        try writeAll(fd, buffer, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  static func status(_ fd: Int32, path: String) throws(SystemError) -> stat {
    var result = stat()
    try check("stat", path) { fstat(fd, &result) }
    return result
  }

  /// `stat` of a path outside the store, following links as the user's paths do.
  static func status(path: String) throws(SystemError) -> stat {
    var result = stat()
    try check("stat", path) { PathBytes.withCString(path) { stat($0, &result) } }
    return result
  }

  /// Whether this user may create and remove names in a directory (`faccessat` with the
  /// effective IDs: what unlink will be allowed).
  static func checkWritable(_ directory: Descriptor) throws(SystemError) {
    try check("write to", directory.path) { faccessat(directory.raw, ".", W_OK | X_OK, AT_EACCESS) }
  }

  /// The working directory, as bytes (see `PathBytes`); nil when it cannot be named.
  static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
  }

  /// The umask pb was started with, when `keepOwnerBits` has narrowed the process's own.
  nonisolated(unsafe) private static var startingMask: mode_t?

  /// The file creation mask (umask) the user gave pb, which files it makes for the user
  /// (put back by undo) get. Read without changing it for good: pb is single-threaded
  /// where it asks.
  static func fileCreationMask() -> mode_t {
    if let startingMask { return startingMask }
    let mask = umask(0o077)
    umask(mask)
    return mask
  }

  /// A umask that takes the owner's own bits (0377, 0777) would make the store's files
  /// and folders unreadable to the very pb that wrote them: the process keeps only the
  /// group and other bits of it. Called once, at start.
  public static func keepOwnerBits() {
    let mask = umask(0o077)
    startingMask = mask
    umask(mask & 0o077)
  }

  /// The path an open directory has now, with no link, `.` or `..` in it (what
  /// /proc/self/fd says); nil when it has none (removed) or it is PATH_MAX or longer.
  static func currentPath(of directory: Descriptor) -> String? {
    guard let path = linkTarget("/proc/self/fd/\(directory.raw)"), path.hasPrefix("/") else { return nil }
    // A removed directory reads as "PATH (deleted)": the path must lead to it still.
    guard let named = try? status(path: path), let opened = try? directory.status(), named.st_dev == opened.st_dev,
      named.st_ino == opened.st_ino
    else { return nil }
    return path
  }

  /// What the symbolic link at `path` holds (readlink), its bytes kept; nil when it is
  /// no link or its target is PATH_MAX or longer.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = PathBytes.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
    guard count > 0, count < Int(PATH_MAX) else { return nil }
    buffer[count] = 0
    return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
  }

  /// `fstatat` of one name without following a link; nil when the name does not exist.
  static func status(of name: String, in directory: Descriptor) throws(SystemError) -> stat? {
    var result = stat()
    let path = directory.path + "/" + name
    while true {
      if PathBytes.withCString(name, { fstatat(directory.raw, $0, &result, AT_SYMLINK_NOFOLLOW) }) == 0 { return result }
      switch errno {
      case EINTR: continue
      case ENOENT: return nil
      default: throw SystemError(errno: errno, operation: "stat", path: path)
      }
    }
  }

  /// Creates a directory (in `directory`, or as a path from the working directory);
  /// an existing one is fine.
  static func makeDirectory(_ name: String, in directory: Descriptor? = nil, mode: mode_t) throws(SystemError) {
    let path = directory.map { $0.path + "/" + name } ?? name
    if PathBytes.withCString(name, { mkdirat(directory?.raw ?? AT_FDCWD, $0, mode) }) == 0 || errno == EEXIST { return }
    throw SystemError(errno: errno, operation: "mkdir", path: path)
  }

  static func rename(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("rename", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in PathBytes.withCString(newName) { renameat(directory.raw, old, newDirectory.raw, $0) } }
    }
  }

  /// Renames without replacing: an existing `newName` fails with EEXIST.
  static func renameWithoutReplacing(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("rename", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in
        PathBytes.withCString(newName) { pb_rename_noreplace(directory.raw, old, newDirectory.raw, $0) }
      }
    }
  }

  /// Gives a file a second name (a hard link, never following a link); both names
  /// must be on one filesystem (else EXDEV).
  static func link(_ name: String, in directory: Descriptor, to newName: String, in newDirectory: Descriptor)
    throws(SystemError)
  {
    try check("link", directory.path + "/" + name) {
      PathBytes.withCString(name) { old in PathBytes.withCString(newName) { linkat(directory.raw, old, newDirectory.raw, $0, 0) } }
    }
  }

  /// A new unnamed file (O_TMPFILE) in `directory`, opened for reading and writing.
  static func openUnnamed(in directory: Descriptor, mode: mode_t) throws(SystemError) -> Descriptor {
    let fd = try check("create an unnamed file in", directory.path) { pb_open_unnamed(directory.raw, mode) }
    return Descriptor(fd, path: directory.path + "/(unnamed)")
  }

  /// Names an unnamed file (O_TMPFILE) in `directory`; an existing `name` fails with EEXIST.
  static func linkUnnamed(_ file: Descriptor, to name: String, in directory: Descriptor) throws(SystemError) {
    try check("link", directory.path + "/" + name) {
      PathBytes.withCString(name) { pb_link_unnamed(file.raw, directory.raw, $0) }
    }
  }

  /// Removes a file (or an empty directory); a missing one is fine.
  static func remove(_ name: String, in directory: Descriptor, isDirectory: Bool = false) throws(SystemError) {
    let result = PathBytes.withCString(name) { unlinkat(directory.raw, $0, isDirectory ? AT_REMOVEDIR : 0) }
    if result == 0 || errno == ENOENT { return }
    throw SystemError(errno: errno, operation: "remove", path: directory.path + "/" + name)
  }

  /// Takes an exclusive advisory lock; false when `wait` is false and another process holds it.
  static func lock(_ fd: Int32, wait: Bool, path: String) throws(SystemError) -> Bool {
    while true {
      if flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) == 0 { return true }
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      default: throw SystemError(errno: errno, operation: "lock", path: path)
      }
    }
  }

  /// The names in a directory, without `.` and `..`, read through a descriptor of its
  /// own (a listing moves the offset of the descriptor it reads) with getdents64: the C
  /// library's directory streams add a status and two fcntl calls to every listing.
  static func directoryEntries(of directory: Descriptor) throws(SystemError) -> [String] {
    let fd = try check("open", directory.path) { openat(directory.raw, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    defer { close(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 * 1024, alignment: 8)
    defer { buffer.deallocate() }
    var names: [String] = []
    while true {
      let count = try check("list", directory.path) { pb_getdents64(fd, buffer.baseAddress, buffer.count) }
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

  /// Reads at an offset, without moving the descriptor's own.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, path: String)
    throws(SystemError) -> Int
  {
    try check("read", path) { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Reads from `offset` until `buffer` is full or the data ends; returns the count read.
  public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, path: String)
    throws(SystemError) -> Int
  {
    var filled = 0
    while filled < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
      let count = try read(fd, into: rest, at: offset + Int64(filled), path: path)
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  static func seek(_ fd: Int32, to offset: Int64, path: String) throws(SystemError) {
    try check("seek", path) { lseek(fd, off_t(offset), SEEK_SET) }
  }

  static func sendfile(from source: Int32, to destination: Int32, count: Int) -> Int {
    Glibc.sendfile(destination, source, nil, count)
  }

  /// Milliseconds since 1970.
  static func realTimeMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Milliseconds of a clock that never jumps, for measuring waits.
  public static func monotonicMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Where a program run by pb reads from.
  enum ProgramInput {
    case nullDevice
    case descriptor(Descriptor)
    /// pb's own standard input.
    case inherited
  }

  /// The file that running `name` would start, found as posix_spawnp finds it: a name
  /// with a '/' as it is, else the first in PATH that can be run. EACCES when only files
  /// that cannot be run are found (a directory, no execute permission), ENOENT when none.
  static func findProgram(_ name: String) throws(SystemError) -> String {
    func runnable(_ path: String) throws(SystemError) {
      let status = try status(path: path)
      let isExecutable = PathBytes.withCString(path) { access($0, X_OK) } == 0
      guard status.st_mode & S_IFMT == S_IFREG, isExecutable else { throw SystemError(errno: EACCES, operation: "run", path: path) }
    }
    if name.contains("/") {
      try runnable(name)
      return name
    }
    var denied = false
    if !name.isEmpty {
      // posix_spawnp's own search path when PATH is unset.
      let path = getenv("PATH").map { String(cString: $0) } ?? "/bin:/usr/bin"
      for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
        do {
          try runnable(candidate)
          return candidate
        } catch {
          denied = denied || error.errno == EACCES
        }
      }
    }
    throw SystemError(errno: denied ? EACCES : ENOENT, operation: "run", path: name)
  }

  /// Runs a program found in PATH with `arguments` (the first names it), standard input
  /// from `input` and `environment` added to pb's own; waits for it and returns its
  /// status as a shell reports it (128 + the signal when one ended it). With
  /// `outlivingInterrupts`, pb ignores SIGINT and SIGQUIT while the program runs (as
  /// `system()` does), so that Ctrl-C ends the program and pb still finishes its work;
  /// the program gets the dispositions pb had.
  static func run(
    _ arguments: [String], input: ProgramInput, environment: [String: String], outlivingInterrupts: Bool = false
  ) throws(SystemError) -> Int32 {
    func cString(_ text: String) -> UnsafeMutablePointer<CChar>? {
      PathBytes.withCString(text) { strdup($0) }
    }
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = PathBytes.string(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    variables.merge(environment) { $1 }
    let argv = arguments.map(cString) + [nil]
    let envp = variables.map { cString($0.key + "=" + $0.value) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var inputDescriptor: Descriptor?
    switch input {
    case .nullDevice:
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    case .descriptor(let descriptor):
      inputDescriptor = descriptor
      posix_spawn_file_actions_adddup2(&actions, descriptor.raw, STDIN_FILENO)
    case .inherited:
      break
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if outlivingInterrupts {
      var defaults = sigset_t()
      sigemptyset(&defaults)
      pb_ignore_interrupts(&defaults)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    }
    defer { if outlivingInterrupts { pb_restore_interrupts() } }
    guard let program = argv.first ?? nil else { throw SystemError(errno: EINVAL, operation: "run", path: "") }
    var pid: pid_t = 0
    let spawned = withExtendedLifetime(inputDescriptor) { posix_spawnp(&pid, program, &actions, &attributes, argv, envp) }
    if spawned != 0 { throw SystemError(errno: spawned, operation: "run", path: arguments.first ?? "") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { throw SystemError(errno: errno, operation: "wait for", path: arguments.first ?? "") }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// A pipe, both ends close-on-exec.
  public static func pipe() throws(SystemError) -> (read: Descriptor, write: Descriptor) {
    var ends: [Int32] = [-1, -1]
    try check("make", "a pipe") { pb_pipe(&ends) }
    return (Descriptor(ends[0], path: "a pipe"), Descriptor(ends[1], path: "a pipe"))
  }

  /// A file in memory (memfd), for data that arrives in pieces and is then read back.
  public static func memoryFile(named name: String) throws(SystemError) -> Descriptor {
    Descriptor(try check("make", name) { pb_memory_file(name) }, path: name)
  }

  /// Waits until `fd` can be read (or has hung up) for at most `milliseconds` (-1: for
  /// ever); false when the time ran out.
  public static func waitReadable(_ fd: Int32, milliseconds: Int32, path: String) throws(SystemError) -> Bool {
    try waitReadable([fd], milliseconds: milliseconds, path: path)[0]
  }

  /// The same for several descriptors at once: which of them can be read.
  public static func waitReadable(_ fds: [Int32], milliseconds: Int32, path: String) throws(SystemError) -> [Bool] {
    try wait(fds.map { ($0, Int16(POLLIN)) }, milliseconds: milliseconds, path: path).map { $0 != 0 }
  }

  /// poll(2): waits until one of the descriptors has one of its `events` (POLLIN,
  /// POLLOUT) or `milliseconds` pass; returns what each has.
  public static func wait(_ entries: [(fd: Int32, events: Int16)], milliseconds: Int32, path: String) throws(SystemError)
    -> [Int16]
  {
    var list = entries.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    try check("wait for", path) { poll(&list, nfds_t(list.count), milliseconds) }
    return list.map(\.revents)
  }

  /// Moves a file's offset back to its start, to read what was written.
  public static func rewind(_ file: Descriptor) throws(SystemError) {
    try check("rewind", file.path) { lseek(file.raw, 0, SEEK_SET) }
  }

  /// A write to a pipe whose reader has gone fails with EPIPE instead of ending the process.
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Makes writes to `fd` return at once when they would wait (`writeSome`).
  public static func setNonBlocking(_ fd: Int32, path: String) throws(SystemError) {
    let flags = try check("set up", path) { fcntl(fd, F_GETFL) }
    try check("set up", path) { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
  }

  /// Writes what a non-blocking descriptor takes now of `bytes`: 0 when it takes
  /// nothing yet.
  public static func writeSome(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(SystemError) -> Int {
    while true {
      let written = Glibc.write(fd, bytes.baseAddress, bytes.count)
      if written >= 0 { return written }
      if errno == EINTR { continue }
      if errno == EAGAIN { return 0 }
      throw SystemError(errno: errno, operation: "write to", path: path)
    }
  }

  /// Puts the terminal `fd` in raw mode (no echo, no line editing) and returns its
  /// settings before, for `restoreTerminal`: what it answers is read, not shown.
  public static func makeRaw(_ fd: Int32, path: String) throws(SystemError) -> termios {
    var saved = termios()
    try check("set up", path) { tcgetattr(fd, &saved) }
    var raw = saved
    cfmakeraw(&raw)
    try check("set up", path) { tcsetattr(fd, TCSANOW, &raw) }
    return saved
  }

  public static func restoreTerminal(_ fd: Int32, _ settings: termios) {
    var settings = settings
    _ = tcsetattr(fd, TCSANOW, &settings)
  }

  /// A stream socket connected to the Unix socket at `path`.
  public static func connectUnix(_ path: String) throws(SystemError) -> Descriptor {
    Descriptor(try check("connect to", path) { PathBytes.withCString(path) { pb_connect_unix($0) } }, path: path)
  }

  /// Sends all of `bytes` on a socket, with `fds` attached to the first part.
  public static func send(_ socket: Descriptor, _ bytes: [UInt8], passing fds: [Int32]) throws(SystemError) {
    var offset = 0
    var attached = fds
    while offset < bytes.count || !attached.isEmpty {
      let sent = try check("send to", socket.path) {
        bytes[offset...].withUnsafeBytes { part in
          pb_send_with_fds(socket.raw, part.baseAddress, part.count, attached, Int32(attached.count))
        }
      }
      attached = []
      offset += sent
    }
  }

  /// Receives what a socket has (at most `capacity` bytes), and descriptors sent with it
  /// (which the caller then owns); no bytes means the other end closed.
  public static func receive(_ socket: Descriptor, capacity: Int) throws(SystemError) -> (bytes: [UInt8], fds: [Int32]) {
    var fds = [Int32](repeating: -1, count: 28)
    var count: Int32 = 28
    var bytes = [UInt8](repeating: 0, count: capacity)
    let received = try check("receive from", socket.path) {
      bytes.withUnsafeMutableBytes { buffer in pb_receive_with_fds(socket.raw, buffer.baseAddress, capacity, &fds, &count) }
    }
    return (Array(bytes[..<received]), Array(fds[..<Int(count)]))
  }

  /// Starts pb itself again (`/proc/self/exe`) with `arguments` (after the program
  /// name) as a process of its own session, detached from pb's terminal and output,
  /// with `descriptors` as its 3, 4, ... (see `pb_spawn_detached`).
  public static func spawnSelf(_ arguments: [String], passing descriptors: [Descriptor]) throws(SystemError) -> pid_t {
    let argv = (["pb"] + arguments).map { PathBytes.withCString($0) { strdup($0) } } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = withExtendedLifetime(descriptors) {
      pb_spawn_detached("/proc/self/exe", argv, descriptors.map(\.raw), Int32(descriptors.count), &pid)
    }
    if result != 0 { throw SystemError(errno: result, operation: "start", path: "pb") }
    return pid
  }

  /// Empties a directory from a detached process; false when none could be started.
  static func emptyInBackground(_ directory: Descriptor) -> Bool {
    pb_empty_directory_in_background(directory.raw) == 0
  }

  /// Removes a scratch folder's files and the folder if SIGINT, SIGTERM or SIGHUP ends
  /// the process before `releaseScratchFolder()`.
  static func guardScratchFolder(_ name: String, in parent: Descriptor, opened folder: Descriptor) {
    _ = PathBytes.withCString(name) { pb_guard_scratch_folder(parent.raw, $0, folder.raw) }
  }

  static func releaseScratchFolder() {
    pb_release_scratch_folder()
  }

  /// While a progress line is on standard error, SIGINT, SIGTERM and SIGHUP erase it
  /// before the process ends, so an interrupted transfer leaves the terminal clean.
  public static func progressLineShown(_ shown: Bool) {
    pb_progress_line_shown(shown ? 1 : 0)
  }

  /// Random bytes for unique names. Should getrandom fail (it does not once the pool is
  /// ready), the clock and the process id still make a name no other writer picks.
  static func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let result = bytes.withUnsafeMutableBytes { pb_getrandom($0.baseAddress, count) }
    if result != count {
      var time = timespec()
      clock_gettime(CLOCK_REALTIME, &time)
      let seed = UInt64(truncatingIfNeeded: time.tv_nsec) ^ UInt64(truncatingIfNeeded: time.tv_sec) << 30
        ^ UInt64(truncatingIfNeeded: getpid()) << 40
      for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: seed >> UInt64(index % 8 * 8)) }
    }
    return bytes
  }
}
