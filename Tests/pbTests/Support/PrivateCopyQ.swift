import Foundation

/// CopyQ, the clipboard manager people run beside pb, on a test's private X server with
/// folders of its own in the sandbox and its debug log, which says how it took each
/// clipboard change; stopped when the test is done.
final class PrivateCopyQ {
  let environment: [String: String]
  private let sandbox: Sandbox
  private let log: String
  private let server: Background

  init(_ sandbox: Sandbox, _ x: PrivateX) throws {
    let home = sandbox.root.appendingPathComponent("copyq").path
    try FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    log = home + "/copyq.log"
    var environment = x.environment
    environment["HOME"] = home
    environment["XDG_CONFIG_HOME"] = home + "/config"
    environment["XDG_DATA_HOME"] = home + "/data"
    environment["XDG_RUNTIME_DIR"] = home + "/run"
    environment["QT_QPA_PLATFORM"] = "xcb"
    environment["COPYQ_LOG_LEVEL"] = "DEBUG"
    environment["COPYQ_LOG_FILE"] = log
    self.environment = environment
    self.sandbox = sandbox
    server = try Background(sandbox, ["copyq"], environment: environment)
    // It is up once its command line reaches it.
    waitUntil { (try? self.run(["size"]).status) == 0 }
    guard (try? run(["size"]).status) == 0 else { throw CocoaError(.featureUnsupported) }
  }

  /// `copyq ARGUMENTS`, as a user runs it beside the server.
  func run(_ arguments: [String]) throws -> Result {
    try sandbox.run("/usr/bin/env", ["copyq"] + arguments, stdin: nil, environment: environment, timeLimit: 10)
  }

  /// The text of item `index` of its history, as `copyq read` gives it.
  func read(_ index: Int) -> String? {
    try? run(["read", String(index)]).text
  }

  /// How many items its history holds.
  var size: Int? {
    (try? run(["size"]).text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { Int($0) }
  }

  /// Its log's line for each clipboard change it took in: "hidden clipboard" (a secret,
  /// not stored) or "foreign clipboard" (another application's copy).
  var changes: [String] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { $0.contains("onMonitorClipboardChanged:") }.map(String.init)
  }
}
