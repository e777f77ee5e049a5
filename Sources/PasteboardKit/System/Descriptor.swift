#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import CLinuxIO

/// An open file descriptor with exactly one owner, closed when that owner goes away, so
/// that no error path can leak it. `path` is what messages call it.
public final class Descriptor: Sendable {
  public let raw: Int32
  public let path: String
  private let closesOnDeinit: Bool

  public init(_ raw: Int32, path: String) {
    self.raw = raw
    self.path = path
    self.closesOnDeinit = true
  }

  private init(borrowing raw: Int32, path: String) {
    self.raw = raw
    self.path = path
    self.closesOnDeinit = false
  }

  /// Standard input, which belongs to the process and is never closed here.
  static let standardInput = Descriptor(borrowing: STDIN_FILENO, path: "standard input")

  deinit {
    if closesOnDeinit { SystemCall.close(raw) }
  }

  public func status() throws(SystemError) -> stat {
    try SystemCall.status(raw, path: path)
  }

  // Reading and writing through methods keeps the descriptor open for the whole call.

  /// Reads until `buffer` is full or the input ends; returns how many bytes were read.
  func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try SystemCall.readFully(raw, into: buffer, path: path)
  }

  /// The same from `offset`, without moving the descriptor's own offset.
  public func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
    try SystemCall.readFully(raw, into: buffer, at: offset, path: path)
  }

  public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    try SystemCall.writeAll(raw, bytes, path: path)
  }

  /// Cuts the file to `size` bytes.
  func truncate(to size: Int64) throws(SystemError) {
    try SystemCall.check("truncate", path) { ftruncate(raw, off_t(size)) }
  }

  /// Waits until the file's data and metadata are on disk (for a directory: its entries).
  func sync() throws(SystemError) {
    try SystemCall.check("sync", path) { fsync(raw) }
  }

  /// Waits until everything written to the filesystem this file is on is on disk
  /// (syncfs): for many files, one wait instead of one each.
  func syncFilesystem() throws(SystemError) {
    try SystemCall.check("sync the filesystem of", path) { pb_syncfs(raw) }
  }

  /// Sets the permission bits and the modification time (ns since 1970), as a restored
  /// file had them.
  func setModeAndModificationTime(mode: mode_t, modified: Int64) throws(SystemError) {
    try SystemCall.check("chmod", path) { fchmod(raw, mode) }
    let (seconds, nanoseconds) = Timestamp.floorDivision(Int(modified), 1_000_000_000)
    var times = [
      timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1),  // UTIME_NOW for the access time
      timespec(tv_sec: seconds, tv_nsec: nanoseconds),
    ]
    try SystemCall.check("set the times of", path) { futimens(raw, &times) }
  }
}

