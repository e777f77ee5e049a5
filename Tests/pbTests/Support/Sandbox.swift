import Foundation
import Testing

/// What one run of `pb` gave back.
struct Result: CustomStringConvertible {
  var arguments: [String]
  var status: Int32
  var stdout: Data
  var stderr: String

  var text: String { String(decoding: stdout, as: UTF8.self) }
  var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

  var description: String {
    "pb \(arguments.joined(separator: " ")) exited \(status)\n--- stdout (\(stdout.count) bytes)\n\(text.prefix(2000))\n--- stderr\n\(stderr)"
  }
}

/// A fresh store in a temporary directory, and a runner for the built `pb` binary with
/// every `PB_*` variable cleared and `PB_DIR` pointing at the store.
final class Sandbox: Sendable {
  let root: URL
  let store: URL

  init() throws {
    // pb may exit before reading all of its stdin; the write must fail, not kill us.
    signal(SIGPIPE, SIG_IGN)
    root = FileManager.default.temporaryDirectory.appendingPathComponent("pb-test-\(UUID().uuidString)")
    store = root.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// The binary under test: `PB_TEST_BINARY`, else `pb` beside the test bundle.
  static var binary: String {
    if let path = ProcessInfo.processInfo.environment["PB_TEST_BINARY"] { return path }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("pb").path
  }

  /// A helper script of Tests/pbTests/Support.
  static func support(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name).path
  }

  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PB_") }
    environment["PB_DIR"] = store.path
    environment["NO_COLOR"] = "1"
    // pb's history key lives outside the store: each sandbox has its own.
    environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
    return environment
  }

  /// Starts `process` as a shell starts it, with no signal blocked: the test runner's
  /// threads block most signals, and a spawned process inherits the spawning thread's mask.
  static func start(_ process: Process) throws {
    var none = sigset_t()
    var runnerMask = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &runnerMask)
    defer { pthread_sigmask(SIG_SETMASK, &runnerMask, nil) }
    try process.run()
  }

  /// Runs `pb` with `arguments`, feeding `stdin` through a pipe (or /dev/null).
  @discardableResult
  func pb(_ arguments: String..., stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> Result {
    try run(Self.binary, arguments, stdin: stdin, environment: extra)
  }

  @discardableResult
  func pb(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> Result {
    try run(Self.binary, arguments, stdin: stdin, environment: extra)
  }

  /// PATH with the binary under test first, for shells that run `pb`.
  static var pathWithPB: String {
    let directory = URL(fileURLWithPath: binary).deletingLastPathComponent().path
    return directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// Runs a bash script with `pb` on its PATH, for pipelines and odd descriptors; the
  /// script can use the functions of `shellWaiting`.
  @discardableResult
  func shell(_ script: String, stdin: Data? = nil, timeLimit: Int = 120) throws -> Result {
    try run(
      "/bin/bash", ["-c", Self.shellWaiting + script], stdin: stdin, environment: ["PATH": Self.pathWithPB], timeLimit: timeLimit)
  }

  /// The shell's twin of `waitUntil(seconds:_:)`, and the events a script waits on:
  /// `wait_until 'CONDITION' [SECONDS]` evaluates CONDITION every 20 ms until it holds
  /// (10 s at most, or SECONDS; then fails); `blocked PID WORD` holds while PID sleeps
  /// in the kernel at a place named WORD (its wchan: pipe for a read of an empty pipe or
  /// FIFO, poll, locks_lock_inode_wait for a lock); `listening PID` once a pb watch,
  /// wait or bridge has set its inotify watches and sleeps in poll(2), so that a change
  /// made now reaches it; `child PID` prints PID's first child (the pb `timeout` runs).
  static let shellWaiting = #"""
    wait_until() { local i; for ((i = 0; i < ${2:-10} * 50; i++)); do eval "$1" && return 0; sleep 0.02; done; eval "$1"; }
    blocked() { local wchan; wchan=$(cat "/proc/$1/wchan" 2>/dev/null) && [[ $wchan == *"$2"* ]]; }
    listening() { blocked "$1" poll && grep -qs '^inotify wd:' /proc/"$1"/fdinfo/*; }
    child() { local all; all=$(cat "/proc/$1/task/$1/children" 2>/dev/null) && [ -n "$all" ] && echo "${all%% *}"; }

    """#

  /// Runs `executable`; one that takes more than `timeLimit` seconds is killed (status 124 or 137).
  func run(
    _ executable: String, _ arguments: [String], stdin: Data?, environment extra: [String: String], timeLimit: Int = 120
  ) throws -> Result {
    let process = Process()
    // No run may hang the suite: timeout kills the whole process group it leads, so
    // children that hold our pipes open go too.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["--kill-after=5", String(timeLimit), executable] + arguments
    process.environment = environment.merging(extra) { $1 }
    process.currentDirectoryURL = root
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : input
    try Self.start(process)
    // Feed and drain on other threads, so that large data cannot deadlock the pipes.
    let group = DispatchGroup()
    nonisolated(unsafe) var stdoutData = Data()
    nonisolated(unsafe) var stderrData = Data()
    Self.onThreadOfItsOwn(group) { stdoutData = output.fileHandleForReading.readDataToEndOfFile() }
    Self.onThreadOfItsOwn(group) { stderrData = errors.fileHandleForReading.readDataToEndOfFile() }
    if let stdin {
      Self.onThreadOfItsOwn(group) {
        try? input.fileHandleForWriting.write(contentsOf: stdin)
        try? input.fileHandleForWriting.close()
      }
    }
    process.waitUntilExit()
    group.wait()
    return Result(
      arguments: arguments, status: process.terminationStatus, stdout: stdoutData,
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  /// Runs `work` on a new thread, not on Dispatch's global queue: on Linux that queue's
  /// threads are also the ones the tests run on and block in (waiting for a process, or
  /// in `waitUntil`), so a pipe fed there could wait for a free thread while the process
  /// waited for its input (xclip -i until its time limit killed it).
  private static func onThreadOfItsOwn(_ group: DispatchGroup, _ work: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
      work()
      group.leave()
    }.start()
  }

  /// Whether process `pid` (a pb watch, wait or bridge) has set its inotify watches and
  /// sleeps in poll(2), having read the count: a change made now reaches it. The shell's
  /// `listening`.
  static func isListening(_ pid: Int32) -> Bool {
    guard let wchan = try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8), wchan.contains("poll") else { return false }
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo")) ?? []
    return descriptors.contains {
      ((try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\($0)", encoding: .utf8)) ?? "").contains("inotify wd:")
    }
  }

  /// Writes a file in the sandbox and returns its path.
  func file(_ name: String, _ contents: Data) throws -> String {
    let url = root.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: url)
    return url.path
  }

  func file(_ name: String, _ text: String) throws -> String {
    try file(name, Data(text.utf8))
  }

  /// The change count `pb info --json` reports.
  func changeCount(_ board: String = "general") throws -> Int {
    let result = try pb("info", "--json", "-p", board)
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return object?["changeCount"] as? Int ?? -1
  }

  func json(_ result: Result) throws -> Any {
    try JSONSerialization.jsonObject(with: result.stdout)
  }
}

/// Real files of common formats: CPython's test images, kept in the corpus so the tests
/// do not depend on which Python is installed, and shared-mime-info's PDF spec (.ci/run
/// installs it); a missing one fails the test that asks for it.
enum SystemSamples {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus/samples").path

  static var png: String { corpus + "/python.png" }
  static var jpeg: String { corpus + "/python.jpg" }
  static var gif: String { corpus + "/python.gif" }
  static var tiff: String { corpus + "/python.tiff" }
  static var pdf: String { "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf" }

  static func contents(_ path: String) throws -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
      Issue.record("sample file \(path) is missing; install it (see .ci/run)")
      throw CocoaError(.fileNoSuchFile)
    }
    return data
  }
}

/// The values concurrent-writer tests write: `PREFIX-...-<pad of x>-end`. A read is whole
/// when it is one such value with its full pad, or one of the values `also` allows.
struct WrittenValues {
  let pattern: Regex<AnyRegexOutput>
  let pad: String

  init(_ prefix: String, padding: Int) throws {
    pattern = try Regex("^\(prefix)-(x+)-end$")
    pad = String(repeating: "x", count: padding)
  }

  func isWhole(_ text: String, also allowed: Set<String> = []) -> Bool {
    if allowed.contains(text) { return true }
    guard let match = try? pattern.wholeMatch(in: text) else { return false }
    return match.output[1].substring.map(String.init) == pad
  }

  /// Every file of `folder` as one whole value; `expected` files in all.
  func checkReads(in folder: URL, expected: Int, also allowed: Set<String> = []) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count == expected)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(isWhole(text, also: allowed), "read \(file) is not one whole value: \(text.prefix(80))…(\(text.count) chars)")
    }
  }
}
