#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's standard streams, as a Unix filter needs them.
public enum StandardStreams {
  /// Call first thing. A write to a closed pipe becomes an EPIPE error instead of a
  /// signal, so `pb paste | head -c1` can end quietly; and a closed standard descriptor
  /// is reopened on /dev/null so that no file `pb` opens can take its number (a closed
  /// stdin then reads as empty, a closed stdout fails to write).
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let replacement = open("/dev/null", O_RDONLY)
      if replacement >= 0 && replacement != fd {
        dup2(replacement, fd)
        close(replacement)
      }
    }
  }

  public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  public static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes one line to stderr; a failure to report is not reported.
  public static func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = try? SystemCall.writeAll(STDERR_FILENO, bytes, path: "standard error")
  }
}

/// Buffered writes to a descriptor (stdout by default), and pasted data sent straight
/// from the store by the kernel. Not thread-safe: `pb` writes from one thread.
public final class Output: @unchecked Sendable {
  private let descriptor: Int32
  private let path: String
  private var buffer: [UInt8] = []

  public init(descriptor: Int32 = STDOUT_FILENO, path: String = "standard output") {
    self.descriptor = descriptor
    self.path = path
  }

  public static let standard = Output()

  /// Writes text; a path in it is written as the bytes it stands for (see `PathBytes`).
  public func write(_ text: String) throws(PasteboardError) {
    buffer += PathBytes.bytes(text)
    if buffer.count >= ByteTransfer.bufferSize { try flush() }
  }

  public func write(_ bytes: [UInt8]) throws(PasteboardError) {
    buffer += bytes
    if buffer.count >= ByteTransfer.bufferSize { try flush() }
  }

  public func flush() throws(PasteboardError) {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    do {
      try SystemCall.writeAll(descriptor, buffer, path: path)
    } catch {
      throw PasteboardError(error)
    }
  }

  /// Sends a representation's bytes, after anything buffered.
  public func send(_ representation: OpenRepresentation) throws(PasteboardError) {
    try flush()
    let data = try representation.descriptor
    do {
      try SystemCall.seek(data.raw, to: 0, path: representation.path)
      try ByteTransfer.copy(from: .init(fd: data.raw, path: representation.path), to: .init(fd: descriptor, path: path))
    } catch {
      throw PasteboardError(error)
    }
  }
}
