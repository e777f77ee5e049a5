import Glibc
import CLinuxIO
import Synchronization

// Processes: programs pb runs for the user, pb started again detached, and the signals
// that must not leave a scratch folder or a progress line behind.
extension SystemCall {
  /// Where a program run by pb reads from.
  public enum ProgramInput {
    case nullDevice
    case descriptor(Descriptor)
    /// pb's own standard input.
    case inherited
  }

  /// The file that running `name` would start, found as posix_spawnp finds it: a name
  /// with a '/' as it is, else the first in `searchPath` (PATH's value) that can be run. EACCES when only files
  /// that cannot be run are found (a directory, no execute permission), ENOENT when none.
  public static func findProgram(_ name: String, searchPath: String) throws(SystemError) -> String {
    func runnable(_ path: String) throws(SystemError) {
      let status = try status(path: path)
      let isExecutable = canExecute(path)
      guard status.st_mode & S_IFMT == S_IFREG, isExecutable else { throw SystemError(errno: EACCES, operation: "run", path: path) }
    }
    if name.contains("/") {
      try runnable(name)
      return name
    }
    var denied = false
    if !name.isEmpty {
      for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
        do {
          try runnable(candidate)
          return candidate
        } catch {
          denied = denied || error.errno == EACCES
        }
      }
    }
    throw SystemError(errno: denied ? EACCES : ENOENT, operation: "run", path: name)
  }

  /// Runs a program found in PATH with `arguments` (the first names it), standard input
  /// from `input` and `environment` added to pb's own; waits for it and returns its
  /// status as a shell reports it (128 + the signal when one ended it). With
  /// `outlivingInterrupts`, pb ignores SIGINT and SIGQUIT while the program runs (as
  /// `system()` does), so that Ctrl-C ends the program and pb still finishes its work;
  /// the program gets the dispositions pb had.
  public static func run(
    _ arguments: [String], input: ProgramInput, environment: [String: String], outlivingInterrupts: Bool = false
  ) throws(SystemError) -> Int32 {
    let (argv, envp) = commandLine(arguments, environment)
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch input {
    case .nullDevice:
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor.file.raw, STDIN_FILENO)
    case .inherited:
      break
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if outlivingInterrupts {
      var defaults = sigset_t()
      sigemptyset(&defaults)
      pb_ignore_interrupts(&defaults)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    }
    defer { if outlivingInterrupts { pb_restore_interrupts() } }
    guard let program = argv.first ?? nil else { throw SystemError(errno: EINVAL, operation: "run", path: "") }
    var pid: pid_t = 0
    // `input` (a parameter, alive until the return) keeps the descriptor the child gets open.
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    if spawned != 0 { throw SystemError(errno: spawned, operation: "run", path: arguments.first ?? "") }
    return try waitForExit(pid, name: arguments.first ?? "")
  }

  /// `arguments` and pb's environment with `added` set over it, as the C strings a spawn
  /// takes (each ending in nil); the caller frees them.
  private static func commandLine(_ arguments: [String], _ added: [String: String])
    -> (argv: [UnsafeMutablePointer<CChar>?], envp: [UnsafeMutablePointer<CChar>?])
  {
    func cString(_ text: String) -> UnsafeMutablePointer<CChar>? {
      PathBytes.withCString(text) { strdup($0) }
    }
    return (arguments.map(cString) + [nil], environmentStrings(adding: added).map(cString) + [nil])
  }

  /// pb's environment with `added` set over it, as `NAME=value` strings.
  private static func environmentStrings(adding added: [String: String]) -> [String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = PathBytes.string(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    variables.merge(added) { $1 }
    return variables.map { $0.key + "=" + $0.value }
  }

  /// Starts a program pb talks to over pipes (ssh for a remote board, pb itself under
  /// `pb serve`): `arguments[0]` found in PATH as posix_spawnp finds it (or `program`
  /// when given), `environment` set over pb's own, and its standard streams on the three
  /// descriptors; it gets default signal handling and no other descriptor of pb's.
  /// `endsWithPB`: a pb of pb's own work (a `program` path) that must not go on alone
  /// when pb is killed (SIGKILL), writing into a private folder the next pb removes; it
  /// is killed when the thread that started it ends, so start it from one that waits.
  public static func spawn(
    _ arguments: [String], program: String? = nil, environment: [String: String], standardInput: Descriptor,
    standardOutput: Descriptor, standardError: Descriptor, endsWithPB: Bool = false
  ) throws(SystemError) -> ChildProcess {
    let (argv, envp) = commandLine(arguments, environment)
    defer { (argv + envp).forEach { free($0) } }
    let name = program ?? arguments.first ?? ""
    var pid: pid_t = 0
    // The descriptors (parameters, alive until the return) stay open for the child.
    let result = PathBytes.withCString(name) { path in
      pb_spawn_streams(
        path, argv, envp, standardInput.file.raw, standardOutput.file.raw, standardError.file.raw, endsWithPB ? 1 : 0, &pid)
    }
    if result != 0 { throw SystemError(errno: result, operation: "run", path: name) }
    return ChildProcess(pid: pid, name: name)
  }

  /// Waits for a child to end; its status as a shell reports it (128 + the signal when
  /// one ended it).
  static func waitForExit(_ pid: pid_t, name: String) throws(SystemError) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { throw SystemError(errno: errno, operation: "wait for", path: name) }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }


  /// Starts pb itself again (`/proc/self/exe`) with `arguments` (after the program
  /// name) as a process of its own session, detached from pb's terminal and output,
  /// with `descriptors` as its 3, 4, ... (see `pb_spawn_detached`).
  public static func spawnSelf(_ arguments: [String], passing descriptors: [Descriptor]) throws(SystemError) -> pid_t {
    let argv = (["pb"] + arguments).map { PathBytes.withCString($0) { strdup($0) } } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    // `descriptors` (a parameter, alive until the return) keeps them open for the child.
    let result = pb_spawn_detached("/proc/self/exe", argv, descriptors.map { $0.file.raw }, Int32(descriptors.count), &pid)
    if result != 0 { throw SystemError(errno: result, operation: "start", path: "pb") }
    return pid
  }

  /// Removes a scratch folder's files and the folder if SIGINT, SIGTERM or SIGHUP ends
  /// the process before `releaseScratchFolder()`.
  public static func guardScratchFolder(_ name: String, in parent: Descriptor, opened folder: Descriptor) {
    _ = PathBytes.withCString(name) { pb_guard_scratch_folder(parent.file.raw, $0, folder.file.raw) }
  }

  public static func releaseScratchFolder() {
    pb_release_scratch_folder()
  }

  /// While a progress line is on standard error, SIGINT, SIGTERM and SIGHUP erase it
  /// before the process ends, so an interrupted transfer leaves the terminal clean.
  /// From now on, a process that dies of a fault, an abort or a trap while it cannot
  /// have more address space (ulimit -v: the Swift runtime cannot report an allocation
  /// that fails) writes `line` to standard error and exits with `status` instead; any
  /// other such death is left as it was. Exits so at once when not even 16 MiB more can
  /// be had: later, the runtime would print a line of its own first.
  public static func reportOutOfMemory(_ line: String, status: Int32) {
    _ = (line + "\n").withCString { pb_report_out_of_memory($0, status) }
  }

  /// Before memory for `bytes` is allocated at once: ends the process as
  /// `reportOutOfMemory` says when they cannot be had, so that the allocation does not
  /// fail in the Swift runtime, which reports it in lines of its own before pb's.
  public static func exitUnlessMemoryFor(bytes: Int) {
    pb_exit_unless_available(bytes)
  }

  public static func progressLineShown(_ shown: Bool) {
    pb_progress_line_shown(shown ? 1 : 0)
  }

  /// Whether this user may run the file at `path` (access with X_OK).
  public static func canExecute(_ path: String) -> Bool {
    PathBytes.withCString(path) { access($0, X_OK) } == 0
  }

  /// The effective user ID (geteuid), whose files pb trusts and makes.
  public static func effectiveUserID() -> uid_t {
    geteuid()
  }

  /// A write to a pipe whose reader has gone fails with EPIPE instead of ending the process.
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// A program `SystemCall.spawn` started. Any thread may stop it; its number is never
/// signalled once it has been waited for (when it could be another process's).
public final class ChildProcess: Sendable {
  public let pid: pid_t
  private let name: String
  private let waited = Mutex(false)

  init(pid: pid_t, name: String) {
    self.pid = pid
    self.name = name
  }

  /// Sends `signal` unless the process has been waited for; one that has ended is no error.
  public func signal(_ signal: Int32 = SIGTERM) {
    waited.withLock { waited in
      if !waited { _ = kill(pid, signal) }
    }
  }

  /// Sends `signal` to it and to the processes it started, first: a shell that runs a
  /// command line (`sh -c 'ssh ...'`, as PB_SSH_COMMAND is run) dies of it alone and
  /// leaves the command running, holding the pipes it was given.
  public func signalWithChildren(_ signal: Int32 = SIGTERM) {
    waited.withLock { waited in
      guard !waited else { return }
      for child in Self.children(of: pid) { _ = kill(child, signal) }
      _ = kill(pid, signal)
    }
  }

  /// The children of a single-threaded process, from /proc/PID/task/PID/children.
  private static func children(of pid: pid_t) -> [pid_t] {
    guard let file = try? SystemCall.open("/proc/\(pid)/task/\(pid)/children", flags: O_RDONLY) else { return [] }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
    defer { buffer.deallocate() }
    guard let count = try? file.readFully(into: buffer) else { return [] }
    return buffer[..<count].split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
      .compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }.filter { $0 > 1 }
  }

  /// Waits for it to end; its status as a shell reports it (128 + the signal that ended it).
  public func waitForExit() throws(SystemError) -> Int32 {
    // Waited for without being reaped first, so that a signal sent meanwhile still
    // reaches this process (or its zombie), never a new one of the same number.
    var information = siginfo_t()
    while waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) < 0 {
      if errno != EINTR { throw SystemError(errno: errno, operation: "wait for", path: name) }
    }
    waited.withLock { $0 = true }
    return try SystemCall.waitForExit(pid, name: name)
  }
}
