import Glibc
import CLinuxIO

/// An open file descriptor with exactly one owner, closed when that owner goes away (or
/// by `close()`, which consumes it), so that no error path can leak it and nothing can use
/// it once closed. Its number never leaves this module: the system layer takes the
/// descriptor itself. `path` is what messages call it.
public struct FileDescriptor: ~Copyable, Sendable {
  let raw: Int32
  public let path: String

  init(_ raw: Int32, path: String) {
    self.raw = raw
    self.path = path
  }

  /// Descriptors 3, 4, ... that a parent passed to this process at start (see
  /// `SystemCall.spawnSelf`), now owned here.
  public static func inherited(_ index: Int, path: String) -> FileDescriptor {
    FileDescriptor(Int32(3 + index), path: path)
  }

  deinit {
    // A close that fails after EINTR must not be retried on Linux: the descriptor is gone.
    _ = Glibc.close(raw)
  }

  public consuming func close() {
    // deinit closes it.
  }

  public borrowing func status() throws(SystemError) -> stat {
    var result = stat()
    try SystemCall.check("stat", path) { fstat(raw, &result) }
    return result
  }

  /// read(2): what is there now, at most `buffer.count` bytes; 0 at the end.
  public borrowing func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true)
    throws(SystemError) -> Int
  {
    try SystemCall.check("read", path, retryOnInterrupt: retryOnInterrupt) { Glibc.read(raw, buffer.baseAddress, buffer.count) }
  }

  /// pread(2): reads at an offset, without moving the descriptor's own.
  public borrowing func read(fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
    -> Int
  {
    try SystemCall.check("read", path) { pread(raw, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Reads until `buffer` is full or the input ends; returns how many bytes were read.
  public borrowing func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    var filled = 0
    while filled < buffer.count {
      let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// The same from `offset`, without moving the descriptor's own offset.
  public borrowing func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
    var filled = 0
    while filled < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
      let count = try read(fromAbsoluteOffset: offset + Int64(filled), into: rest)
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Writes all of `bytes`, as many write(2) calls as it takes.
  public borrowing func writeAll(_ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      written += try SystemCall.check("write", path, retryOnInterrupt: retryOnInterrupt) {
        Glibc.write(raw, bytes.baseAddress! + written, bytes.count - written)
      }
    }
  }

  public borrowing func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { (buffer) -> SystemError? in
      do throws(SystemError) {
        try writeAll(buffer)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Writes what a non-blocking descriptor takes now of `bytes`: 0 when it takes
  /// nothing yet.
  public borrowing func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    while true {
      let written = Glibc.write(raw, bytes.baseAddress, bytes.count)
      if written >= 0 { return written }
      if errno == EINTR { continue }
      if errno == EAGAIN { return 0 }
      throw SystemError(errno: errno, operation: "write to", path: path)
    }
  }

  /// lseek(2) from the start of the file.
  public borrowing func seek(to offset: Int64) throws(SystemError) {
    try SystemCall.check("seek", path) { lseek(raw, off_t(offset), SEEK_SET) }
  }

  /// The offset reads and writes are at (lseek(2) by 0 from it).
  public borrowing func offset() throws(SystemError) -> Int64 {
    Int64(try SystemCall.check("seek", path) { lseek(raw, 0, SEEK_CUR) })
  }

  /// Moves the offset back to the start, to read what was written.
  public borrowing func rewind() throws(SystemError) {
    try SystemCall.check("rewind", path) { lseek(raw, 0, SEEK_SET) }
  }

  /// Cuts the file to `size` bytes.
  public borrowing func truncate(to size: Int64) throws(SystemError) {
    try SystemCall.check("truncate", path) { ftruncate(raw, off_t(size)) }
  }

  /// Waits until the file's data and metadata are on disk (for a directory: its entries).
  public borrowing func sync() throws(SystemError) {
    try SystemCall.check("sync", path) { fsync(raw) }
  }

  /// Waits until everything written to the filesystem this file is on is on disk
  /// (syncfs): for many files, one wait instead of one each.
  public borrowing func syncFilesystem() throws(SystemError) {
    try SystemCall.check("sync the filesystem of", path) { pb_syncfs(raw) }
  }

  /// fchmod(2): sets the permission bits.
  public borrowing func changeMode(_ mode: mode_t) throws(SystemError) {
    try SystemCall.check("chmod", path) { fchmod(raw, mode) }
  }

  /// futimens(2): sets the modification time (seconds since 1970 and the nanoseconds
  /// after them), and the access time to now.
  public borrowing func setModificationTime(seconds: Int, nanoseconds: Int) throws(SystemError) {
    var times = [
      timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1),  // UTIME_NOW for the access time
      timespec(tv_sec: seconds, tv_nsec: nanoseconds),
    ]
    try SystemCall.check("set the times of", path) { futimens(raw, &times) }
  }

  /// Takes an exclusive advisory lock (flock); false when `wait` is false and another
  /// process holds it.
  public borrowing func lock(wait: Bool) throws(SystemError) -> Bool {
    while true {
      if flock(raw, LOCK_EX | (wait ? 0 : LOCK_NB)) == 0 { return true }
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      default: throw SystemError(errno: errno, operation: "lock", path: path)
      }
    }
  }

  /// Makes writes return at once when they would wait (`writeSome`).
  public borrowing func setNonBlocking() throws(SystemError) {
    let flags = try SystemCall.check("set up", path) { fcntl(raw, F_GETFL) }
    try SystemCall.check("set up", path) { fcntl(raw, F_SETFL, flags | O_NONBLOCK) }
  }
}

/// A descriptor more than one value refers to (a list of a representation's files, a
/// directory that several objects use): the one owner is this object, closed with it.
public final class Descriptor: Sendable {
  public let file: FileDescriptor
  public var path: String { file.path }

  public init(_ file: consuming FileDescriptor) {
    self.file = file
  }

  /// Standard input, output and error, which belong to the process: borrowed views,
  /// since a static is never released and so never closed.
  public static let standardInput = Descriptor(FileDescriptor(STDIN_FILENO, path: "standard input"))
  public static let standardOutput = Descriptor(FileDescriptor(STDOUT_FILENO, path: "standard output"))
  public static let standardError = Descriptor(FileDescriptor(STDERR_FILENO, path: "standard error"))

  /// Marks where the descriptor must still be open (a flock on it held, a folder kept
  /// from reuse): an object's life otherwise ends at its last use.
  public func keepOpenUntilHere() {
    withExtendedLifetime(self) {}
  }

  // The calls the owners make most, through the one owner.
  public func status() throws(SystemError) -> stat { try file.status() }
  public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int { try file.readFully(into: buffer) }
  public func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
    try file.readFully(into: buffer, at: offset)
  }
  public func writeAll(_ bytes: [UInt8]) throws(SystemError) { try file.writeAll(bytes) }

  /// What is left to read, up to `limit` bytes (a program's short output or messages); a
  /// read that fails ends it.
  public func readRest(limit: Int) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: limit, alignment: 8)
    defer { buffer.deallocate() }
    return Array(buffer[0..<((try? file.readFully(into: buffer)) ?? 0)])
  }
  public func truncate(to size: Int64) throws(SystemError) { try file.truncate(to: size) }
  public func sync() throws(SystemError) { try file.sync() }
  public func syncFilesystem() throws(SystemError) { try file.syncFilesystem() }
  public func changeMode(_ mode: mode_t) throws(SystemError) { try file.changeMode(mode) }
  public func setModificationTime(seconds: Int, nanoseconds: Int) throws(SystemError) {
    try file.setModificationTime(seconds: seconds, nanoseconds: nanoseconds)
  }
}
