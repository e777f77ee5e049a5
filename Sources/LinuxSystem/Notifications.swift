import Glibc
import CLinuxIO

/// An inotify instance watching directories for names appearing, vanishing or being
/// renamed; closed without waiting for the kernel to tear its watches down (see
/// `pb_inotify_close_detached`).
public struct Inotify: ~Copyable {
  private let raw: Int32

  /// A new instance; `path` names what it is for in an error.
  public init(for path: String) throws(SystemError) {
    raw = pb_inotify_init()
    guard raw >= 0 else { throw SystemError(errno: errno, operation: "watch", path: path) }
  }

  deinit {
    pb_inotify_close_detached(raw)
  }

  /// Watches an open directory (and it going away).
  public borrowing func watch(_ directory: Descriptor) throws(SystemError) {
    if pb_inotify_watch(raw, directory.file.raw) < 0 {
      throw SystemError(errno: errno, operation: "watch", path: directory.path)
    }
  }

  /// Waits up to `milliseconds` (-1: for ever) for events and takes them; true when
  /// there were some.
  public borrowing func wait(milliseconds: Int32, path: String) throws(SystemError) -> Bool {
    let result = pb_inotify_wait(raw, milliseconds)
    if result < 0 { throw SystemError(errno: errno, operation: "wait for changes of", path: path) }
    return result > 0
  }

  /// What to poll to learn that events are ready; the instance must outlive the wait.
  public var readable: SystemCall.PollRequest { SystemCall.PollRequest(raw, events: Int16(POLLIN)) }
}
