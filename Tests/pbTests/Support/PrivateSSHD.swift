import Foundation
import Testing

/// An OpenSSH server of the test's own on 127.0.0.1 (Debian's openssh-server), for remote
/// boards: its own host key, client key, port and configuration in a temporary folder, and
/// a client configuration that reaches it as `pbtest`. The remote side runs the `pb` under
/// test with a store of its own (`remoteStore`), never the local sandbox's. Stopped, with
/// its sessions, when this goes; if the test runner dies first, within a second of it.
final class PrivateSSHD {
  static let daemon = "/usr/sbin/sshd"
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: daemon) }

  /// The alias of this server in `configFile`.
  let host = "pbtest"
  /// An alias whose port is bound by nobody listening: ssh exits 255, "Connection refused".
  let unreachableHost = "pbtest-unreachable"
  /// An alias that offers a key the server does not accept: 255, "Permission denied".
  let refusedKeyHost = "pbtest-refused"

  let directory: URL
  private(set) var port = 0
  /// The remote side's `PB_DIR`.
  let remoteStore: URL
  /// The client configuration, for `ssh -F`.
  let configFile: String
  /// For `PB_SSH_COMMAND`.
  var sshCommand: String { "ssh -F " + configFile }
  /// What the local pb needs to reach this server: `PB_SSH_COMMAND`, and an
  /// `XDG_RUNTIME_DIR` of its own for any control socket.
  var environment: [String: String] { ["PB_SSH_COMMAND": sshCommand, "XDG_RUNTIME_DIR": localRuntime] }
  let localRuntime: String
  /// sshd's log (-e): connections, refusals, its own errors.
  var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

  private let sandbox: Sandbox
  private let logFile: String
  /// The listening sshd.
  private(set) var pid: Int32 = 0
  /// Holds `unreachableHost`'s port: bound, never listening, so nobody else takes it.
  private var closedPort: Int32 = -1

  /// Starts the server. The remote PATH is `pathBefore` (folders of fake pb programs: an
  /// old version, one that sends garbage), the built pb's folder unless `pbOnPath` is
  /// false (for "pb missing on the remote": /usr/bin:/bin have none), then /usr/bin:/bin.
  /// PAM is used only where the account needs it (`passwordLocked`) unless `pam` says.
  init(_ sandbox: Sandbox, pbOnPath: Bool = true, pathBefore: [String] = [], pam: Bool? = nil) throws {
    self.sandbox = sandbox
    // Short: control sockets live under it and a socket's path has 107 bytes at most.
    directory = URL(fileURLWithPath: "/tmp/pb-sshd-" + UUID().uuidString.prefix(8))
    remoteStore = directory.appendingPathComponent("remote-store")
    configFile = directory.appendingPathComponent("ssh_config").path
    localRuntime = directory.appendingPathComponent("local-runtime").path
    logFile = directory.appendingPathComponent("sshd.log").path
    let remoteHome = directory.appendingPathComponent("remote-home").path
    let remoteRuntime = directory.appendingPathComponent("remote-runtime").path
    // From here on, a throw runs deinit, which stops and removes what was made.
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: false)
    for folder in [localRuntime, remoteRuntime] {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    }
    try manager.createDirectory(atPath: remoteHome, withIntermediateDirectories: false)
    closedPort = try Self.boundSocket()
    // Where sshd as root chroots its unprivileged child; Debian makes it only at boot.
    if geteuid() == 0 { mkdir("/run/sshd", 0o755) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    for key in ["host_key", "client_key", "refused_key"] {
      let made = try sandbox.run(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", key, "-f", path(key)], stdin: nil, environment: [:],
        timeLimit: 30)
      guard made.status == 0 else { throw HarnessError("ssh-keygen failed: \(made)") }
    }
    let publicKey = { (name: String) in
      try String(contentsOfFile: path(name + ".pub"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try (publicKey("client_key") + "\n").write(toFile: path("authorized_keys"), atomically: true, encoding: .utf8)
    // The host key is known from the start, under one name for every alias.
    let hostKey = try publicKey("host_key").split(separator: " ").prefix(2).joined(separator: " ")
    try "\(host) \(hostKey)\n".write(toFile: path("known_hosts"), atomically: true, encoding: .utf8)

    let pbDirectory = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path
    let remotePath = (pathBefore + (pbOnPath ? [pbDirectory] : []) + ["/usr/bin", "/bin"]).joined(separator: ":")
    // A free port is only free until someone binds it: a server that loses the race
    // tries another.
    let penalties = try hasPenalties()
    var lastLog = ""
    for _ in 0..<5 {
      let port = try Self.freePort()
      // SetEnv overrides what sshd sets itself (PATH, HOME). HOME matters: the login
      // user's bash reads $HOME/.bashrc when sshd starts it, and root's here prepends
      // to PATH.
      var config = """
        ListenAddress 127.0.0.1
        Port \(port)
        HostKey \(path("host_key"))
        AuthorizedKeysFile \(path("authorized_keys"))
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        PermitRootLogin prohibit-password
        StrictModes no
        UsePAM \((pam ?? Self.passwordLocked) ? "yes" : "no")
        PrintMotd no
        PrintLastLog no
        MaxStartups 100
        MaxSessions 100
        PidFile \(path("sshd.pid"))
        SetEnv "PB_DIR=\(remoteStore.path)" "PATH=\(remotePath)" "HOME=\(remoteHome)" "XDG_RUNTIME_DIR=\(remoteRuntime)"

        """
      // From 9.8 a source that fails to log in (the refused key) is locked out a while.
      if penalties { config += "PerSourcePenalties no\n" }
      try config.write(toFile: path("sshd_config"), atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(atPath: logFile)
      pid = try Self.start([Self.daemon, "-D", "-e", "-f", path("sshd_config")], log: logFile, folder: directory, sandbox: sandbox)
      waitUntil { !Self.isRunning(pid) || log.contains("Server listening on") }
      lastLog = log
      if lastLog.contains("Server listening on") {
        self.port = port
        try clientConfig(identity: path("client_key"), refused: path("refused_key"), knownHosts: path("known_hosts"))
          .write(toFile: configFile, atomically: true, encoding: .utf8)
        return
      }
      stop()
      if !lastLog.contains("Address already in use") { break }
    }
    throw HarnessError("sshd did not start; its log:\n\(lastLog)")
  }

  deinit {
    stop()
    if closedPort >= 0 { close(closedPort) }
    try? FileManager.default.removeItem(at: directory)
  }

  private func clientConfig(identity: String, refused: String, knownHosts: String) throws -> String {
    // ssh takes each option's first value, so the aliases come before what they share.
    return """
      Host \(host)
        Port \(port)
        IdentityFile \(identity)
      Host \(refusedKeyHost)
        Port \(port)
        IdentityFile \(refused)
      Host \(unreachableHost)
        Port \(try Self.localPort(of: closedPort))
        IdentityFile \(identity)
      Host *
        HostName 127.0.0.1
        User \(Self.user)
        HostKeyAlias \(host)
        UserKnownHostsFile \(knownHosts)
        GlobalKnownHostsFile /dev/null
        StrictHostKeyChecking yes
        IdentitiesOnly yes
        IdentityAgent none
        BatchMode yes
        LogLevel ERROR
        ControlMaster no
        ControlPath none

      """
  }

  /// Runs `ssh -F configFile DESTINATION COMMAND` (the remote shell runs COMMAND).
  func ssh(_ command: String, host destination: String? = nil, stdin: Data? = nil) throws -> Result {
    try sandbox.run(
      "/usr/bin/ssh", ["-F", configFile, destination ?? host, command], stdin: stdin, environment: [:], timeLimit: 60)
  }

  /// Stops the server and the sessions it serves, and waits until they have gone.
  private func stop() {
    guard pid > 0 else { return }
    // Its children serve the connections, and what runs there outlives them; none
    // would end with the server.
    let processes = [pid] + Self.descendants(of: pid)
    for process in processes { kill(process, SIGTERM) }
    waitUntil(seconds: 5) { !processes.contains(where: Self.isRunning) }
    for process in processes where Self.isRunning(process) { kill(process, SIGKILL) }
    pid = 0
  }

  /// Starts `command` in the background, its output to `log`, without the runner's
  /// descriptors (see `Background`). A watcher ends it, and removes `folder`, if the test
  /// runner goes first (a crash, a kill); it ends itself once the server has ended.
  private static func start(_ command: [String], log: String, folder: URL, sandbox: Sandbox) throws -> Int32 {
    let script =
      Background.closingInherited + """
        "$@" < /dev/null > "$OUT" 2>&1 & server=$!
        echo $server
        running() { read -r stat < /proc/$server/stat && [[ $stat != *") Z "* ]]; }
        { while kill -0 "$RUNNER" && running; do sleep 0.5; done; kill $server; kill -0 "$RUNNER" || rm -rf "$FOLDER"; } \\
          < /dev/null > /dev/null 2>&1 &
        """
    let started = try sandbox.run(
      "/bin/bash", ["-c", script, "bash"] + command, stdin: nil,
      environment: ["OUT": log, "RUNNER": String(getpid()), "FOLDER": folder.path], timeLimit: 30)
    guard let pid = Int32(started.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw HarnessError("could not start \(command[0]): \(started)")
    }
    return pid
  }

  /// Whether `pid` is alive: neither gone nor a zombie (pid 1 may be slow to reap).
  static func isRunning(_ pid: Int32) -> Bool {
    guard let state = status(of: pid) else { return false }
    return state.state != "Z"
  }

  private static func status(of pid: Int32) -> (state: Character, parent: Int32)? {
    // The command's name, in parentheses, may hold spaces: the fields follow its last ')'.
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
    return (state, parent)
  }

  private static func descendants(of ancestor: Int32) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    let parents = names.compactMap { name in Int32(name).flatMap { pid in status(of: pid).map { (pid, $0.parent) } } }
    var found: [Int32] = []
    var generation = [ancestor]
    while !generation.isEmpty {
      generation = parents.filter { generation.contains($0.1) }.map(\.0)
      found += generation
    }
    return found
  }

  /// A TCP socket bound to a port of 127.0.0.1 the kernel picks.
  private static func boundSocket() throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw HarnessError("socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      close(socket)
      throw HarnessError("bind: errno \(errno)")
    }
    return socket
  }

  private static func localPort(of socket: Int32) throws -> Int {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    guard named == 0 else { throw HarnessError("getsockname: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func freePort() throws -> Int {
    let socket = try boundSocket()
    defer { close(socket) }
    return try localPort(of: socket)
  }

  /// Who runs the tests, and logs in.
  static var user: String { getpwuid(geteuid()).flatMap { String(validatingCString: $0.pointee.pw_name) } ?? "root" }

  /// Whether the user's password is locked ('!' in /etc/shadow, as on some fresh
  /// machines for root). Without PAM sshd refuses such an account even a key; with PAM
  /// (slower: its session modules run) it lets the key in.
  private static var passwordLocked: Bool {
    guard let shadow = try? String(contentsOfFile: "/etc/shadow", encoding: .utf8) else { return false }
    let entry = shadow.split(separator: "\n").first { $0.hasPrefix(user + ":") }
    return entry?.split(separator: ":", omittingEmptySubsequences: false).dropFirst().first?.hasPrefix("!") ?? false
  }

  /// Whether this sshd knows PerSourcePenalties (OpenSSH 9.8 and later).
  private func hasPenalties() throws -> Bool {
    let probe = try sandbox.run(Self.daemon, ["-V"], stdin: nil, environment: [:], timeLimit: 30)
    let version = probe.text + probe.stderr
    guard let match = version.firstMatch(of: /OpenSSH_(\d+)\.(\d+)/), let major = Int(match.1), let minor = Int(match.2) else {
      return false
    }
    return (major, minor) >= (9, 8)
  }
}

struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
