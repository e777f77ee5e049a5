import Glibc
import CLinuxIO

// Files: opening by path, their status, the umask, links, pipes and files in memory.
extension SystemCall {
  /// Opens a path outside the store as the user named it (bytes, see `PathBytes`).
  public static func open(_ path: String, flags: Int32, mode: mode_t = 0o600, retryOnInterrupt: Bool = true) throws(SystemError)
    -> Descriptor
  {
    let fd = try check("open", path, retryOnInterrupt: retryOnInterrupt) {
      PathBytes.withCString(path) { Glibc.open($0, flags | O_CLOEXEC, mode) }
    }
    return Descriptor(FileDescriptor(fd, path: path))
  }

  /// `stat` of a path outside the store, following links as the user's paths do.
  public static func status(path: String) throws(SystemError) -> stat {
    var result = stat()
    try check("stat", path) { PathBytes.withCString(path) { stat($0, &result) } }
    return result
  }

  /// The working directory, as bytes (see `PathBytes`); nil when it cannot be named.
  public static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
  }

  /// The umask pb was started with, when `keepOwnerBits` has narrowed the process's own.
  nonisolated(unsafe) private static var startingMask: mode_t?

  /// The file creation mask (umask) the user gave pb, which files it makes for the user
  /// (put back by undo) get. Read without changing it for good: pb is single-threaded
  /// where it asks.
  public static func fileCreationMask() -> mode_t {
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

  /// What the symbolic link at `path` holds (readlink), its bytes kept; nil when it is
  /// no link or its target is PATH_MAX or longer.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = PathBytes.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
    guard count > 0, count < Int(PATH_MAX) else { return nil }
    buffer[count] = 0
    return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
  }

  /// The path an open directory has now, with no link, `.` or `..` in it (what
  /// /proc/self/fd says); nil when it has none (removed) or it is PATH_MAX or longer.
  public static func currentPath(of directory: Descriptor) -> String? {
    guard let path = linkTarget("/proc/self/fd/\(directory.file.raw)"), path.hasPrefix("/") else { return nil }
    // A removed directory reads as "PATH (deleted)": the path must lead to it still.
    guard let named = try? status(path: path), let opened = try? directory.status(), named.st_dev == opened.st_dev,
      named.st_ino == opened.st_ino
    else { return nil }
    return path
  }

  /// The first `size` bytes of an open file, mapped for the rest of the process: for data
  /// every later call reads and none outlives (libmagic's rules), so once in use it is never
  /// unmapped. Pages are read as they are touched. Should the file be truncated in place
  /// meanwhile, the mapping reads as zeros from then on rather than killing the process
  /// (SIGBUS), and `mappedFilesDamaged` grows: its reader must then distrust what it read.
  /// `copyOnWrite` maps it writable, each page written becoming the process's own (the file
  /// never changes): for a reader that may write where it reads (libmagic byte-swaps rules
  /// in place when the file, written over meanwhile, says they are of the other order).
  /// nil when it cannot be mapped (or guarded).
  public static func mapForProcess(_ file: Descriptor, size: Int, copyOnWrite: Bool = false) -> UnsafeRawBufferPointer? {
    let protection = copyOnWrite ? PROT_READ | PROT_WRITE : PROT_READ
    guard size > 0, let address = mmap(nil, size, protection, MAP_PRIVATE, file.file.raw, 0), address != MAP_FAILED else {
      return nil
    }
    guard pb_guard_mapping(address, size) == 0 else {
      munmap(address, size)
      return nil
    }
    return UnsafeRawBufferPointer(start: address, count: size)
  }

  /// Unmaps what `mapForProcess` mapped, when it is not needed after all.
  public static func unmapForProcess(_ mapped: UnsafeRawBufferPointer) {
    guard let address = mapped.baseAddress else { return }
    pb_unguard_mapping(UnsafeMutableRawPointer(mutating: address))
    munmap(UnsafeMutableRawPointer(mutating: address), mapped.count)
  }

  /// How many mappings of `mapForProcess` were zeroed because their file was truncated.
  public static var mappedFilesDamaged: Int { Int(pb_damaged_mappings()) }

  /// sendfile(2) of up to `count` bytes from the source's offset; what the kernel returns.
  static func sendfile(from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor, count: Int) -> Int {
    Glibc.sendfile(destination.raw, source.raw, nil, count)
  }

  /// A pipe, both ends close-on-exec; `name` is what messages call it.
  public static func pipe(named name: String = "a pipe") throws(SystemError) -> (read: Descriptor, write: Descriptor) {
    var ends: [Int32] = [-1, -1]
    try check("make", "a pipe") { pb_pipe(&ends) }
    return (Descriptor(FileDescriptor(ends[0], path: name)), Descriptor(FileDescriptor(ends[1], path: name)))
  }

  /// A file in memory (memfd), for data that arrives in pieces and is then read back.
  public static func memoryFile(named name: String) throws(SystemError) -> Descriptor {
    Descriptor(FileDescriptor(try check("make", name) { pb_memory_file(name) }, path: name))
  }
}

// Pipes: what one holds, and how much it can.
extension FileDescriptor {
  /// How many bytes the pipe holds now, unread (FIONREAD).
  public borrowing func unreadBytes() throws(SystemError) -> Int {
    Int(try SystemCall.check("measure", path) { pb_pipe_unread(raw) })
  }

  /// Asks for the pipe to hold `bytes` (F_SETPIPE_SZ: a whole number of pages, at most
  /// /proc/sys/fs/pipe-max-size unless privileged); the capacity it has now.
  @discardableResult
  public borrowing func setPipeCapacity(_ bytes: Int) throws(SystemError) -> Int {
    Int(try SystemCall.check("resize", path) { pb_set_pipe_capacity(raw, Int32(clamping: bytes)) })
  }
}
