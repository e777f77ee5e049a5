import Glibc
import CLinuxIO

/// Moves bytes between descriptors the cheapest way the kernel offers for the pair:
/// `copy_file_range` between regular files, `splice` from a pipe, `sendfile` from a
/// regular file, and a plain read/write loop with a cat-sized buffer otherwise.
public enum ByteTransfer {
  /// The buffer of the read/write fallback: 128 KiB matches `cat`; larger is slower.
  public static let bufferSize = 128 * 1024
  public static let smallBufferSize = 16 * 1024
  /// The most one kernel call is asked to move (Linux caps sendfile and friends near 2 GiB).
  private static let chunk = 1 << 30

  /// Told of the bytes moved after each chunk (pb's progress line).
  public protocol Observer: AnyObject {
    func moved(_ bytes: Int64)
  }

  /// The observer of the running command, if it shows progress; while none is set,
  /// nothing is measured at all.
  nonisolated(unsafe) public static var observer: Observer?
  /// While an observer is set, kernel copies move this much per call, so it hears often.
  public static let observedChunk = 16 << 20

  /// Copies from the source's current offset to its end; returns the number of bytes.
  @discardableResult
  public static func copy(from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor) throws(SystemError)
    -> Int64
  {
    let sourceKind = try source.status().st_mode & S_IFMT
    let destinationKind = try destination.status().st_mode & S_IFMT
    var total: Int64 = 0
    let chunk = observer == nil ? Self.chunk : observedChunk
    // A kernel copy that reports the end may be wrong: on kernels 5.3 to 5.18,
    // copy_file_range copies nothing from procfs and sysfs files (their size reads as
    // 0), so the buffered loop below always reads on until read itself says the end.
    if sourceKind == S_IFREG {
      var copied = false
      if destinationKind == S_IFREG {
        copied = try kernelCopy(&total, source, destination, { pb_copy_file_range($0.raw, $1.raw, chunk) })
      }
      if !copied {
        _ = try kernelCopy(&total, source, destination, { SystemCall.sendfile(from: $0, to: $1, count: chunk) })
      }
    } else if sourceKind == S_IFIFO {
      if try kernelCopy(&total, source, destination, { pb_splice($0.raw, $1.raw, chunk) }) {
        return total
      }
    }
    _ = try copy(&total, from: source, to: destination, rejecting: { _ in false })
    return total
  }

  /// Runs one kernel copy call until the end of input. Returns false, having copied
  /// nothing, when the kernel does not support it for this pair of descriptors.
  private static func kernelCopy(
    _ total: inout Int64, _ source: borrowing FileDescriptor, _ destination: borrowing FileDescriptor,
    _ call: (borrowing FileDescriptor, borrowing FileDescriptor) -> Int
  ) throws(SystemError) -> Bool {
    while true {
      let moved = call(source, destination)
      if moved > 0 {
        total += Int64(moved)
        observer?.moved(Int64(moved))
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

  /// Copies through a buffer, showing each chunk to `reject` before writing it; stops
  /// early, returning false, at the first chunk `reject` returns true for.
  public static func copy(
    _ total: inout Int64, from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor,
    rejecting reject: (UnsafeRawBufferPointer) -> Bool
  ) throws(SystemError) -> Bool {
    // A small buffer first: most inputs are a line, and a large buffer is a mapping of
    // its own to make and unmake. A read that fills it moves on to the large one.
    var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: smallBufferSize, alignment: 4096)
    defer { buffer.deallocate() }
    while true {
      let count = try source.read(into: buffer)
      if count == 0 { return true }
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      if reject(chunk) { return false }
      try destination.writeAll(chunk)
      total += Int64(count)
      if count == buffer.count && buffer.count < bufferSize {
        buffer.deallocate()
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 4096)
      }
      observer?.moved(Int64(count))
    }
  }

  /// Whether the bytes of `prefix` begin the bytes of `whole` (all of them, if the sizes
  /// are equal): before pb removes a file on the word of a store file, its bytes must be
  /// the store's.
  public static func isPrefix(_ prefix: borrowing FileDescriptor, of whole: borrowing FileDescriptor) throws(SystemError) -> Bool {
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

// Moving a known number of bytes out of a pipe.
extension ByteTransfer {
  /// Moves up to `count` bytes from the pipe `source` to `destination` with splice, so
  /// that they never pass through this process: how many moved (0: the pipe is empty and
  /// its writers are gone), or nil, having moved nothing, where the kernel cannot splice
  /// the pair (a terminal, a file opened for appending, a source that is no pipe).
  public static func splice(from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor, upTo count: Int)
    throws(SystemError) -> Int?
  {
    while true {
      let moved = pb_splice(source.raw, destination.raw, min(count, chunk))
      if moved >= 0 { return moved }
      switch errno {
      case EINTR, EAGAIN: continue
      case EINVAL, ENOSYS, EXDEV, EOPNOTSUPP, EBADF: return nil
      case EPIPE, ENOSPC, EDQUOT, EFBIG: throw SystemError(errno: errno, operation: "write", path: destination.path)
      default: throw SystemError(errno: errno, operation: "read", path: source.path)
      }
    }
  }

  /// Moves exactly `count` bytes from the pipe `source` to `destination`: spliced where
  /// the kernel can, through a buffer otherwise. A pipe that ends first is an error (the
  /// caller has said how many bytes follow).
  public static func move(_ count: Int, fromPipe source: borrowing FileDescriptor, to destination: borrowing FileDescriptor)
    throws(SystemError)
  {
    var left = count
    var buffer: UnsafeMutableRawBufferPointer?
    defer { buffer?.deallocate() }
    while left > 0 {
      if buffer == nil, let moved = try splice(from: source, to: destination, upTo: left) {
        guard moved > 0 else { throw SystemError(errno: EIO, operation: "read all \(count) bytes of", path: source.path) }
        left -= moved
        continue
      }
      let through = buffer ?? UnsafeMutableRawBufferPointer.allocate(byteCount: min(bufferSize, count), alignment: 4096)
      buffer = through
      let read = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: through[..<min(left, through.count)]))
      guard read > 0 else { throw SystemError(errno: EIO, operation: "read all \(count) bytes of", path: source.path) }
      try destination.writeAll(UnsafeRawBufferPointer(rebasing: through[..<read]))
      left -= read
    }
  }
}
