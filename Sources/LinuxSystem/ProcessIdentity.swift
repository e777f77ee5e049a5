import Glibc

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
    // The start time is field 22 of /proc/PID/stat.
    guard pid > 0, let startTime = statField(22, of: pid) else { return nil }
    return ProcessIdentity(pid: pid, startTime: startTime)
  }

  /// The shell or script that ran pb, which a temporary board and an undo group belong to.
  /// That is the parent process unless the parent is a subshell, a copy of its own parent
  /// forked without starting a program (a command substitution, a pipeline's part or a
  /// `( )` in bash, zsh or dash): a subshell ends with its line, so the process it was
  /// forked from is meant, going up as long as that is a subshell too. A script started
  /// from a shell is a program started anew, so the walk never passes it. Only a shell's
  /// copy is a subshell: a worker that a server (cron, a preforking server, a Python
  /// program) forked to run a job ends with the job, so the job's boards go with it, not
  /// with the server that lives on.
  /// pb orphaned (its parent is init, which never exits) or run from outside its PID
  /// namespace (0) has no caller: a board owned by init would never go away.
  public static var caller: ProcessIdentity? {
    var pid = getppid()
    guard pid > 1 else { return nil }
    while let parent = statField(4, of: pid).flatMap(Int32.init(exactly:)), parent > 1, isShell(pid),
      isForkedCopy(pid, of: parent)
    {
      pid = parent
    }
    return running(pid)
  }

  /// Whether `pid` is `parent` forked and nothing since: the same program file, and byte
  /// for byte the same arguments, environment and auxiliary vector (whose addresses a
  /// program started anew gets at random). Anything unreadable counts as different.
  private static func isForkedCopy(_ pid: Int32, of parent: Int32) -> Bool {
    guard let program = try? SystemCall.status(path: "/proc/\(pid)/exe"),
      let parentProgram = try? SystemCall.status(path: "/proc/\(parent)/exe"),
      program.st_dev == parentProgram.st_dev, program.st_ino == parentProgram.st_ino
    else { return false }
    return ["cmdline", "environ", "auxv"].allSatisfy { name in
      guard let own = readProcFile(pid, name, limit: 1 << 20) else { return false }
      return own == readProcFile(parent, name, limit: 1 << 20)
    }
  }

  /// The shells whose subshells are forked copies of themselves.
  public static let shells: Set<String> = [
    "sh", "ash", "bash", "rbash", "dash", "zsh", "ksh", "ksh93", "mksh", "lksh", "pdksh", "oksh", "yash", "posh", "busybox",
  ]

  /// Whether the program `pid` runs is a shell, by the name of its file.
  private static func isShell(_ pid: Int32) -> Bool {
    guard var path = SystemCall.linkTarget("/proc/\(pid)/exe") else { return false }
    // A shell whose file was replaced (an upgrade) since it started.
    if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
    return shells.contains(String(path.split(separator: "/").last ?? ""))
  }

  /// Field `number` (counted from 1, as proc(5) does) of /proc/PID/stat, from field 3 on.
  private static func statField(_ number: Int, of pid: Int32) -> UInt64? {
    guard let stat = readProcFile(pid, "stat") else { return nil }
    // The command name (field 2) is in parentheses and may hold spaces and ')'.
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard number >= 3, fields.count > number - 3 else { return nil }
    return UInt64(String(decoding: fields[number - 3], as: UTF8.self))
  }

  /// This process (`pb group run` owns the group it opens).
  public static var current: ProcessIdentity? { running(getpid()) }

  /// This process and those it runs under: its parent, that one's parent... up to but
  /// not including init (at most 64), as they run now.
  public var lineage: [ProcessIdentity] {
    var chain = [self]
    while chain.count < 64, let last = chain.last, let parent = Self.statField(4, of: last.pid).flatMap(Int32.init(exactly:)),
      parent > 1, let running = Self.running(parent), running.startTime <= last.startTime
    {
      chain.append(running)
    }
    return chain
  }

  /// Whether this very process still runs (not a later one with the same PID).
  public var isRunning: Bool { Self.running(pid) == self }

  /// The process's command name, as `ps` shows it.
  public var command: String? {
    guard let bytes = Self.readProcFile(pid, "comm") else { return nil }
    return String(decoding: bytes.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  /// The first `limit` bytes of /proc/PID/NAME, nil if it cannot be read.
  private static func readProcFile(_ pid: Int32, _ name: String, limit: Int = 1024) -> [UInt8]? {
    guard let file = try? SystemCall.open("/proc/\(pid)/\(name)", flags: O_RDONLY) else { return nil }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: limit, alignment: 8)
    defer { buffer.deallocate() }
    guard let count = try? file.readFully(into: buffer) else { return nil }
    return Array(buffer[..<count])
  }
}
