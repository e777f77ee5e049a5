#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import CLinuxIO

/// Moves bytes between descriptors the cheapest way the kernel offers for the pair:
/// `copy_file_range` between regular files, `splice` from a pipe, `sendfile` from a
/// regular file, and a plain read/write loop with a cat-sized buffer otherwise.
enum ByteTransfer {
  /// The buffer of the read/write fallback: 128 KiB matches `cat`; larger is slower.
  static let bufferSize = 128 * 1024
  static let smallBufferSize = 16 * 1024
  /// The most one kernel call is asked to move (Linux caps sendfile and friends near 2 GiB).
  private static let chunk = 1 << 30

  struct Endpoint {
    let fd: Int32
    let path: String
  }

  /// Copies between two open files (the caller keeps them open meanwhile).
  @discardableResult
  static func copy(from source: Descriptor, to destination: Descriptor) throws(SystemError) -> Int64 {
    try withExtendedLifetime((source, destination)) { () throws(SystemError) -> Int64 in
      try copy(from: Endpoint(fd: source.raw, path: source.path), to: Endpoint(fd: destination.raw, path: destination.path))
    }
  }

  /// Copies from the source's current offset to its end; returns the number of bytes.
  @discardableResult
  static func copy(from source: Endpoint, to destination: Endpoint) throws(SystemError) -> Int64 {
    let sourceKind = try SystemCall.status(source.fd, path: source.path).st_mode & S_IFMT
    let destinationKind = try SystemCall.status(destination.fd, path: destination.path).st_mode & S_IFMT
    var total: Int64 = 0
    let chunk = TransferProgress.observer == nil ? Self.chunk : TransferProgress.chunk
    // A kernel copy that reports the end may be wrong: on kernels 5.3 to 5.18,
    // copy_file_range copies nothing from procfs and sysfs files (their size reads as
    // 0), so the buffered loop below always reads on until read itself says the end.
    if sourceKind == S_IFREG {
      var copied = false
      if destinationKind == S_IFREG {
        copied = try kernelCopy(&total, source, destination, { pb_copy_file_range($0, $1, chunk) })
      }
      if !copied {
        _ = try kernelCopy(&total, source, destination, { SystemCall.sendfile(from: $0, to: $1, count: chunk) })
      }
    } else if sourceKind == S_IFIFO {
      if try kernelCopy(&total, source, destination, { pb_splice($0, $1, chunk) }) {
        return total
      }
    }
    try bufferedCopy(&total, source, destination)
    return total
  }

  /// Runs one kernel copy call until the end of input. Returns false, having copied
  /// nothing, when the kernel does not support it for this pair of descriptors.
  private static func kernelCopy(
    _ total: inout Int64, _ source: Endpoint, _ destination: Endpoint,
    _ call: (Int32, Int32) -> Int
  ) throws(SystemError) -> Bool {
    while true {
      let moved = call(source.fd, destination.fd)
      if moved > 0 {
        total += Int64(moved)
        TransferProgress.observer?(Int64(moved))
        continue
      }
      if moved == 0 { return true }
      let unsupported = [EINVAL, ENOSYS, EXDEV, EOPNOTSUPP, EBADF].contains(errno)
      if unsupported && total == 0 { return false }
      switch errno {
      case EINTR, EAGAIN:
        continue
      case EPIPE, ENOSPC, EDQUOT, EFBIG:
        throw SystemError(errno: errno, operation: "write", path: destination.path)
      default:
        throw SystemError(errno: errno, operation: "read", path: source.path)
      }
    }
  }

  private static func bufferedCopy(_ total: inout Int64, _ source: Endpoint, _ destination: Endpoint)
    throws(SystemError)
  {
    _ = try copy(&total, source, destination, rejecting: { _ in false })
  }

  /// Copies through a buffer, showing each chunk to `reject` before writing it; stops
  /// early, returning false, at the first chunk `reject` returns true for.
  static func copy(
    _ total: inout Int64, _ source: Endpoint, _ destination: Endpoint,
    rejecting reject: (UnsafeRawBufferPointer) -> Bool
  ) throws(SystemError) -> Bool {
    // A small buffer first: most inputs are a line, and a large buffer is a mapping of
    // its own to make and unmake. A read that fills it moves on to the large one.
    var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: smallBufferSize, alignment: 4096)
    defer { buffer.deallocate() }
    while true {
      let count = try SystemCall.read(source.fd, into: buffer, path: source.path)
      if count == 0 { return true }
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      if reject(chunk) { return false }
      try SystemCall.writeAll(destination.fd, chunk, path: destination.path)
      total += Int64(count)
      if count == buffer.count && buffer.count < bufferSize {
        buffer.deallocate()
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 4096)
      }
      TransferProgress.observer?(Int64(count))
    }
  }

  /// Whether the bytes of `prefix` begin the bytes of `whole` (all of them, if the sizes
  /// are equal): before pb removes a file on the word of a store file, its bytes must be
  /// the store's.
  static func isPrefix(_ prefix: Descriptor, of whole: Descriptor) throws(SystemError) -> Bool {
    let first = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 4096)
    let second = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 4096)
    defer {
      first.deallocate()
      second.deallocate()
    }
    var offset: Int64 = 0
    while true {
      let count = try prefix.readFully(into: first, at: offset)
      if count == 0 { return true }
      guard try whole.readFully(into: UnsafeMutableRawBufferPointer(rebasing: second[..<count]), at: offset) == count,
        memcmp(first.baseAddress!, second.baseAddress!, count) == 0
      else { return false }
      offset += Int64(count)
    }
  }
}

/// Bytes moved, told to a front end that shows progress after each chunk; while no one
/// listens, nothing is measured at all.
public enum TransferProgress {
  nonisolated(unsafe) public static var observer: ((Int64) -> Void)?
  /// While someone listens, kernel copies move this much per call, so a meter can redraw.
  static let chunk = 16 << 20
}
