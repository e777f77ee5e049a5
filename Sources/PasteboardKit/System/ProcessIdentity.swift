#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A process as the kernel knows it: its PID and its start time (clock ticks after boot,
/// field 22 of /proc/PID/stat). Together they name one process for as long as the
/// machine runs: a PID reused by a later process has a later start time.
public struct ProcessIdentity: Sendable, Hashable {
  public var pid: Int32
  public var startTime: UInt64

  public init(pid: Int32, startTime: UInt64) {
    self.pid = pid
    self.startTime = startTime
  }

  /// The running process with this PID, if there is one.
  public static func running(_ pid: Int32) -> ProcessIdentity? {
    guard pid > 0, let stat = readProcFile(pid, "stat") else { return nil }
    // The command name (field 2) is in parentheses and may hold spaces and ')'.
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    // Fields from 3 on follow the name; the start time is field 22.
    guard fields.count > 19, let startTime = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
    return ProcessIdentity(pid: pid, startTime: startTime)
  }

  /// The process that ran pb: the shell or script a temporary board belongs to.
  public static var parent: ProcessIdentity? { running(getppid()) }

  /// This process (`pb group run` owns the group it opens).
  public static var current: ProcessIdentity? { running(getpid()) }

  /// Whether this very process still runs (not a later one with the same PID).
  public var isRunning: Bool { Self.running(pid) == self }

  /// The process's command name, as `ps` shows it.
  public var command: String? {
    guard let bytes = Self.readProcFile(pid, "comm") else { return nil }
    return String(decoding: bytes.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  private static func readProcFile(_ pid: Int32, _ name: String) -> [UInt8]? {
    guard let file = try? SystemCall.open("/proc/\(pid)/\(name)", flags: O_RDONLY) else { return nil }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 8)
    defer { buffer.deallocate() }
    guard let count = try? file.readFully(into: buffer) else { return nil }
    return Array(buffer[..<count])
  }
}

extension ProcessIdentity {
  init(json object: JSONObject) throws {
    pid = try object.required("pid").integer(Int32.self)
    startTime = try object.required("startTime").integer(UInt64.self)
  }

  var json: JSONValue { .members(["pid": .integer(pid), "startTime": .integer(startTime)]) }
}
