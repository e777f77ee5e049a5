import Glibc

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

/// Every system call pb makes goes through this module, one wrapper per call in the
/// file of its concern (Files, Directories, Processes, Sockets, Polling, Terminals,
/// Clocks, Randomness, Notifications): EINTR is retried unless the caller says not to,
/// and a failure becomes a `SystemError` that names the operation and the path.
public enum SystemCall {
  /// Runs `body` until it stops failing with EINTR (once, without `retryOnInterrupt`);
  /// -1 becomes a thrown `SystemError`.
  @discardableResult
  @inline(__always)
  static func check<Result: BinaryInteger>(
    _ operation: String, _ path: String, retryOnInterrupt: Bool = true, _ body: () -> Result
  ) throws(SystemError) -> Result {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = errno
      if code == EINTR && retryOnInterrupt { continue }
      throw SystemError(errno: code, operation: operation, path: path)
    }
  }
}
