import Glibc
import LinuxSystem

extension Pasteboard {
  /// A lock on one of the board's files that a long-running process (`pb bridge`) holds
  /// for as long as it runs: an flock, which the kernel releases when the process ends,
  /// however it ends (a kill -9 included), so a stale lock never blocks the next one.
  public enum ProcessLock: Sendable {
    /// Taken: the lock lasts while this descriptor is open.
    case held(Descriptor)
    /// Another process holds it: its pid, as it wrote it (nil if it has not yet).
    case heldByAnother(pid: Int32?)
  }

  /// Takes the lock on the board's file `name` without waiting, and writes this
  /// process's pid into it for the one refused to name.
  public func takeProcessLock(_ name: String) throws(PasteboardError) -> ProcessLock {
    guard let directory else { throw .internalError("locking a board that was not created") }
    guard let (lock, _) = try directory.openStoreFile(name, flags: O_RDWR | O_CREAT) else {
      try checkStillInPlace(directory)
      throw .io(SystemError(errno: ENOENT, operation: "open", path: path + "/" + name))
    }
    do {
      guard try lock.file.lock(wait: false) else { return .heldByAnother(pid: Self.pid(in: lock)) }
      try lock.file.truncate(to: 0)
      try lock.file.writeAll(Array("\(getpid())\n".utf8))
    } catch {
      throw .io(error)
    }
    return .held(lock)
  }

  /// The pid a holder wrote: it writes it just after taking the lock, so it may not be
  /// there yet for a moment.
  private static func pid(in lock: Descriptor) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 16)
    for _ in 0..<20 {
      let count = (try? bytes.withUnsafeMutableBytes { (buffer) throws(SystemError) in try lock.readFully(into: buffer, at: 0) }) ?? 0
      let text = String(decoding: bytes.prefix(count), as: UTF8.self)
      if text.hasSuffix("\n"), let pid = Int32(text.dropLast()), pid > 0 { return pid }
      SystemCall.pause(seconds: 0.005)
    }
    return nil
  }
}
