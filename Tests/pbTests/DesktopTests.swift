import Foundation
import Testing

/// A program started in the background, its output going to a file, ended when this
/// goes. Started through bash, not Foundation's Process (whose waits a child that is
/// still running can hold up), and without the descriptors the test runner has open:
/// a pipe of another test's run held by it would keep that run waiting.
final class Background {
  /// bash that closes every descriptor above 2 it was given.
  static let closingInherited = "for fd in /proc/$$/fd/*; do fd=${fd##*/}; ((fd > 2)) && eval \"exec $fd>&-\"; done; "

  let pid: Int32
  let output: String

  /// Runs `command` (xclip -i, wl-copy), which leaves a process behind to serve what it
  /// copied: that process gets neither the test's pipes nor the runner's descriptors.
  static func leavingServer(_ sandbox: Sandbox, _ command: [String], stdin: Data?, environment: [String: String]) throws -> Result {
    let script = closingInherited + "exec \"$@\" > /dev/null 2>&1"
    return try sandbox.run("/bin/bash", ["-c", script, "bash"] + command, stdin: stdin, environment: environment, timeLimit: 30)
  }

  init(_ sandbox: Sandbox, _ command: [String], environment: [String: String] = [:]) throws {
    output = sandbox.root.appendingPathComponent("background-\(UUID().uuidString)").path
    let script = Self.closingInherited + "\"$@\" < /dev/null > \"$OUT\" 2>&1 & echo $!"
    var variables = environment
    variables["OUT"] = output
    let started = try sandbox.run("/bin/bash", ["-c", script, "bash"] + command, stdin: nil, environment: variables, timeLimit: 30)
    guard let pid = Int32(started.text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw CocoaError(.executableLoad) }
    self.pid = pid
  }

  deinit {
    kill(pid, SIGTERM)
  }

  /// Whether it has an inotify instance: a pb watch, wait or bridge is listening.
  var isWatching: Bool {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == "anon_inode:inotify" }
  }

  /// Waits (10 s at most) until the output holds `text`; returns the output.
  @discardableResult
  func waitFor(_ text: String) -> String {
    var seen = ""
    waitUntil {
      seen = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      return seen.contains(text)
    }
    return seen
  }
}

/// A desktop client's reader (`xclip -o | less`) that takes one byte and then pauses
/// until `resume`: the client blocks on its full pipe mid-transfer, and so does the owner's
/// transfer to it.
final class PausedReader {
  /// 4 MB of text: several INCR pieces on X11, many pipefuls on Wayland.
  static let largeText = Data(String(repeating: "0123456789abcde\n", count: 250_000).utf8)

  private let gate: String
  private let output: String
  private let background: Background
  private var resumed = false

  /// Runs `command` (a shell line) into the paused reader; returns once its first byte came.
  init(_ sandbox: Sandbox, _ command: String, environment: [String: String]) throws {
    gate = sandbox.root.appendingPathComponent("gate-\(UUID().uuidString)").path
    output = gate + ".out"
    guard mkfifo(gate, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let script = command + " | { dd bs=1 count=1 status=none; echo started >&2; read -r _ < \"$1\"; cat; } > \"$2\"; echo \"exit ${PIPESTATUS[0]}\""
    background = try Background(sandbox, ["/bin/bash", "-c", script, "bash", gate, output], environment: environment)
    try #require(background.waitFor("started").contains("started"), "\(command) sent nothing: \(background.waitFor(""))")
  }

  deinit {
    if !resumed { openGate() }
  }

  /// Lets the reader read on; the client's exit status once it has ended (nil: it hangs).
  func resume() -> Int32? {
    resumed = true
    waitUntil { openGate() }
    var status: Int32?
    waitUntil(seconds: 60) {
      let seen = (try? String(contentsOfFile: background.output, encoding: .utf8)) ?? ""
      status = seen.split(separator: "\n").first { $0.hasPrefix("exit ") }.flatMap { Int32($0.dropFirst(5)) }
      return status != nil
    }
    return status
  }

  /// What the client wrote.
  var received: Data { (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data() }

  /// Writes the line the reader waits for, if it has the gate open.
  private func openGate() -> Bool {
    let descriptor = open(gate, O_WRONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return [UInt8(ascii: "\n")].withUnsafeBytes { write(descriptor, $0.baseAddress, 1) } == 1
  }
}

/// An X server of the test's own (Xvfb, which picks a free display with -displayfd),
/// stopped when the test is done: never another one. pb's owner processes end with it.
final class PrivateX {
  let display: String
  private let server: Background

  init(_ sandbox: Sandbox) throws {
    let server = try Background(sandbox, ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"])
    self.server = server
    // It writes the display's number on a line of its own (its warnings go there too).
    var number: String?
    waitUntil {
      number = server.waitFor("").split(separator: "\n").first { Int($0) != nil }.map(String.init)
      return number != nil
    }
    guard let number else { throw CocoaError(.featureUnsupported) }
    display = ":" + number
    // Announced, it should take clients at once; a client that cannot connect yet (a
    // loaded machine, another test run's X servers starting beside) would fail the test
    // for the server's sake: wait until one does.
    let reachable = waitUntil {
      let probe = try? sandbox.run(
        "/usr/bin/env", ["xclip", "-selection", "clipboard", "-o"], stdin: nil, environment: ["DISPLAY": ":" + number],
        timeLimit: 30)
      return probe.map { !$0.stderr.contains("Can't open display") } ?? false
    }
    guard reachable else { throw CocoaError(.featureUnsupported) }
  }

  /// Copies with xclip, which then serves the selection from a background process.
  func xclipCopy(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try Background.leavingServer(sandbox, ["xclip"] + arguments, stdin: stdin, environment: environment)
  }

  var environment: [String: String] { ["DISPLAY": display] }

  /// Owns the clipboard with the python client, offering each TARGET=FILE; returns once
  /// it owns it. It serves until another client copies, or until it goes.
  func offer(_ sandbox: Sandbox, _ targets: [String]) throws -> Background {
    let offer = try Background(sandbox, ["python3", DesktopTests.client, "offer"] + targets, environment: environment)
    try #require(offer.waitFor("owned").contains("owned"))
    return offer
  }

  /// Runs an X client (xclip, xsel, python) against this server.
  func client(_ sandbox: Sandbox, _ command: String, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try sandbox.run("/usr/bin/env", [command] + arguments, stdin: stdin, environment: environment, timeLimit: 30)
  }

  /// pb's owner processes serving this display.
  func owners() -> [Int32] {
    ownerProcesses(with: "DISPLAY=\(display)")
  }

}

/// pb's owner processes (`pb __desktop-owner`, or another of its hidden `command`s)
/// whose environment has `variable` (`DISPLAY=:3`): those serving one test's display.
func ownerProcesses(with variable: String, command hidden: String = "__desktop-owner") -> [Int32] {
  let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return processes.compactMap { name in
    guard let pid = Int32(name), let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
      String(decoding: command, as: UTF8.self).contains(hidden),
      let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ")
    else { return nil }
    return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == variable } ? pid : nil
  }
}

/// A headless sway of the test's own (wlroots' data control), run as nobody when the
/// tests run as root (sway refuses root), in a runtime folder of its own; stopped when
/// the test is done.
final class PrivateSway {
  let socket: String
  private let runtime: String
  private let server: Background

  init(_ sandbox: Sandbox) throws {
    let runtime = "/tmp/pb-sway-\(UUID().uuidString)"
    self.runtime = runtime
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    var command = [
      "env", "-i", "HOME=\(runtime)", "XDG_RUNTIME_DIR=\(runtime)", "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1",
      "WLR_RENDERER=pixman", "PATH=/usr/bin:/bin", "sway", "-c", "/dev/null",
    ]
    if geteuid() == 0 {
      chown(runtime, 65534, 65534)
      command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
    }
    server = try Background(sandbox, command)
    var found: String?
    waitUntil {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
      found = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
      return found != nil
    }
    guard let found else { throw CocoaError(.featureUnsupported) }
    socket = runtime + "/" + found
  }

  deinit {
    try? FileManager.default.removeItem(atPath: runtime)
  }

  /// Clients reach it by the socket's path; no X server is there to fall back to.
  var environment: [String: String] { ["WAYLAND_DISPLAY": socket, "DISPLAY": ""] }

  func client(_ sandbox: Sandbox, _ command: String, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try sandbox.run("/usr/bin/env", ["-u", "DISPLAY", command] + arguments, stdin: stdin, environment: environment, timeLimit: 30)
  }

  /// Copies with wl-copy, which then serves the selection from a background process.
  func copy(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try Background.leavingServer(sandbox, ["wl-copy"] + arguments, stdin: stdin, environment: environment)
  }
}

@Suite("the desktop clipboard on Wayland: pb publish and pb import against a private headless sway", .tags(.endToEnd, .desktop))
struct WaylandTests {
  @Test("publish offers every representation to wl-paste, byte for byte, a 4 MB image too; wl-copy ends the owner")
  func publish() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let html = try sandbox.file("page.html", "<b>café</b>")
    let text = try sandbox.file("page.txt", "café au lait")
    try #require(try sandbox.pb("copy", "-r", "public.html=\(html)", "-r", text).status == 0)
    let published = try sandbox.pb(["publish"], environment: sway.environment)
    #expect(published.status == 0 && published.stderr.isEmpty, "\(published)")
    let types = try sway.client(sandbox, "wl-paste", ["-l"]).lines
    for name in ["text/html", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"] {
      #expect(types.contains(name), "\(types)")
    }
    #expect(try sway.client(sandbox, "wl-paste", ["-n", "-t", "text/html"]).text == "<b>café</b>")
    #expect(try sway.client(sandbox, "wl-paste", ["-n"]).text == "café au lait")

    var bytes = [UInt8](repeating: 0, count: 4_000_000)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 11) }
    let image = try sandbox.file("big.png", Data(bytes))
    try #require(try sandbox.pb("copy", "-t", "public.png", image).status == 0)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    #expect(try sway.client(sandbox, "wl-paste", ["-t", "image/png"]).stdout == Data(bytes))

    try #require(try sway.copy(sandbox, ["theirs"]).status == 0)
    #expect(try sway.client(sandbox, "wl-paste", ["-n"]).text == "theirs")
    waitUntil { ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)").isEmpty }
    #expect(ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)").isEmpty, "the owner exits once another client copies")
  }

  @Test("wl-paste into a reader that pauses longer than the owner ever waited gets every byte of 4 MB, and others are served meanwhile")
  func pausedReader() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let text = PausedReader.largeText
    try #require(try sandbox.pb(["copy"], stdin: text).status == 0)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    let reader = try PausedReader(sandbox, "wl-paste -n", environment: sway.environment.filter { !$0.value.isEmpty })
    let other = try sway.client(sandbox, "wl-paste", ["-n"])
    #expect(other.status == 0 && other.stdout == text, "a second reader meanwhile: \(other.status), \(other.stdout.count) bytes")
    // Past the 5 s after which the owner once dropped a quiet transfer: an owner with no
    // timer shows no event to wait for, so the pause is the clock's.
    Thread.sleep(forTimeInterval: 6)
    #expect(reader.resume() == 0)
    #expect(reader.received == text, "the paused reader got \(reader.received.count) of \(text.count) bytes")
  }

  @Test("pb clear with the bridge running while wl-paste is mid-transfer: wl-paste still gets every byte")
  func clearDuringTransfer() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    try DesktopTests.checkClearDuringTransfer(
      sandbox, environment: sway.environment.filter { !$0.value.isEmpty }, reader: "wl-paste -n",
      desktop: { try? sway.client(sandbox, "wl-paste", ["-l"]) })
  }

  @Test("import keeps an image's type and bytes from wl-copy, and reads the primary selection")
  func importFromWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
    let image = try sandbox.file("shot.png", bytes)
    try #require(try sway.copy(sandbox, ["-t", "image/png"], stdin: try Data(contentsOf: URL(fileURLWithPath: image))).status == 0)
    let imported = try sandbox.pb(["import"], environment: sway.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("types").lines == ["public.png"])
    #expect(try sandbox.pb("paste", "--force").stdout == bytes)
    try #require(try sway.copy(sandbox, ["-p", "selected words"]).status == 0)
    #expect(try sandbox.pb(["import", "--selection", "primary"], environment: sway.environment).status == 0)
    #expect(try sandbox.pb("paste").text == "selected words")
    #expect(try sandbox.pb("history").lines.dropFirst().first?.contains("Import") == true)
  }

  @Test("import converts text offered only as UTF-16 to UTF-8, and leaves out CopyQ's owner marker, on Wayland too")
  func importCharsetAndMarkerFromWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let words = "héllo ☃"
    let bytes = Data([0xFF, 0xFE] + words.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    try #require(try sway.copy(sandbox, ["-t", "text/plain;charset=utf-16"], stdin: bytes).status == 0)
    let imported = try sandbox.pb(["import"], environment: sway.environment)
    #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
    #expect(try sandbox.pb("paste").text == words)
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text"])
    // An offer of nothing but the marker is nothing to keep: refused, nothing changed.
    let count = try sandbox.changeCount()
    try #require(try sway.copy(sandbox, ["-t", "application/x-copyq-owner"], stdin: Data("1".utf8)).status == 0)
    let marker = try sandbox.pb(["import"], environment: sway.environment)
    #expect(marker.status == 69 && marker.stderr.contains("offers no type pb can keep"), "\(marker)")
    #expect(try sandbox.changeCount() == count)
  }

  @Test("bridge carries each change across once, both ways, on Wayland too")
  func bridge() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("start".utf8)).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: sway.bridgeEnvironment)
    let desktop = { (try? sway.client(sandbox, "wl-paste", ["-n"]).text) ?? "" }
    try waitUntil { desktop() == "start" }
    #expect(desktop() == "start", "the board's item is offered when the bridge starts")
    try #require(try sandbox.pb(["copy"], stdin: Data("from pb".utf8)).status == 0)
    try waitUntil { desktop() == "from pb" }
    #expect(desktop() == "from pb")
    try #require(try sway.copy(sandbox, ["from app"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "from app" }
    #expect(try sandbox.pb("paste").text == "from app")
    let count = try sandbox.changeCount()
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    #expect(desktop() == "from app")
    // An application's copy after the publish: the bridge takes it in after it has seen
    // the publish's offer, which must have brought no change of its own.
    try #require(try sway.copy(sandbox, ["after publish"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after publish" }
    #expect(try sandbox.changeCount() == count + 1, "a change came back")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("publish and bridge withdraw a secret on Wayland when it expires, and when the pasteboard replaces it")
  func secretWithdrawn() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let clipboard = { try sway.client(sandbox, "wl-paste", ["-n"]) }
    let owners = { ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)") }
    for change in [["copy", "--expire", "15s", "--concealed"], ["copy", "--concealed"]] {
      try #require(try sandbox.pb(change, stdin: Data("secret".utf8)).status == 0)
      let published = try sandbox.pb(["publish"], environment: sway.environment)
      #expect(published.status == 0 && published.stderr.isEmpty, "\(published)")
      let before = try clipboard()
      try #require(before.status == 0 && before.text == "secret", "the secret was not served: \(before)")
      if !change.contains("--expire") { try #require(try sandbox.pb(["copy"], stdin: Data("other".utf8)).status == 0) }
      try waitUntil(seconds: 45) { try clipboard().status != 0 }
      let after = try clipboard()
      #expect(after.status != 0 && !after.text.contains("secret"), "served after \(change): \(after)")
      try waitUntil { owners().isEmpty }
      #expect(owners().isEmpty, "the owner exits once it has withdrawn the secret")
    }

    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: sway.bridgeEnvironment)
    for change in [["expire"], ["clear"]] {
      let expiry = change == ["expire"] ? ["--expire", "15s"] : []
      try #require(try sandbox.pb(["copy", "--concealed"] + expiry, stdin: Data("secret".utf8)).status == 0)
      try waitUntil(seconds: 14) { try clipboard().text == "secret" }
      try #require(try clipboard().text == "secret", "the bridge did not offer the secret")
      if change == ["clear"] { try #require(try sandbox.pb(change).status == 0) }
      try waitUntil(seconds: 45) { try clipboard().status != 0 }
      let after = try clipboard()
      #expect(after.status != 0 && !after.text.contains("secret"), "served after \(change[0]): \(after)")
    }
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("$(pb publish) returns at once on Wayland too")
  func publishInCommandSubstitution() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("value".utf8)).status == 0)
    let result = try sandbox.shell(
      "unset DISPLAY; export WAYLAND_DISPLAY=\(sway.socket) PB_DIR=\(sandbox.store.path); out=$(pb publish) && echo \"done[$out]\"",
      timeLimit: 20)
    #expect(result.text == "done[]\n", "\(result)")
    #expect(try sway.client(sandbox, "wl-paste", ["-n"]).text == "value")
  }

}

@Suite("the desktop clipboard: pb publish and pb import against a private X server", .tags(.endToEnd, .desktop))
struct DesktopTests {
  static let client = Sandbox.support("x11_client.py")

  @Test("publish offers every representation, byte for byte, and text under every text name")
  func publishEveryRepresentation() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("page.html", "<b>café</b>")
    let text = try sandbox.file("page.txt", "café au lait")
    try #require(try sandbox.pb("copy", "-r", "public.html=\(html)", "-r", text).status == 0)
    let publish = try sandbox.pb(["publish"], environment: x.environment)
    #expect(publish.status == 0 && publish.stderr.isEmpty, "\(publish)")
    let targets = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    for name in ["TARGETS", "TIMESTAMP", "MULTIPLE", "text/html", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"] {
      #expect(targets.contains(name), "\(targets)")
    }
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "text/html"]).text == "<b>café</b>")
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "café au lait")
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "STRING"]).stdout == Data("caf\u{E9} au lait".unicodeScalars.map { UInt8($0.value) }))
    // MULTIPLE: several targets in one request, each answered in its own property.
    let multiple = try x.client(sandbox, "python3", [Self.client, "multiple", "text/html", "UTF8_STRING", "image/png"])
    #expect(multiple.lines == ["text/html text/html 12", "UTF8_STRING UTF8_STRING 13", "image/png refused"], "\(multiple)")
  }

  @Test("a 4 MB image goes through INCR byte for byte, and a requestor stalled mid-transfer holds up no other")
  func incrementalTransfer() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    var bytes = [UInt8](repeating: 0, count: 4_000_000)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
    let image = try sandbox.file("big.png", Data(bytes))
    try #require(try sandbox.pb("copy", "-t", "public.png", image).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    // A requestor that takes the first piece and then stops reading.
    let staller = try Background(sandbox, ["python3", Self.client, "stall", "image/png"], environment: x.environment)
    let line = staller.waitFor("stalled")
    try #require(line.contains("stalled"), "the stalling requestor did not get an INCR transfer: \(line)")
    let started = Date()
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(read.status == 0, "\(read)")
    #expect(read.stdout == Data(bytes))
    // The stalled transfer stays open (transfers have no time limit): the next reader must not wait on it.
    #expect(Date().timeIntervalSince(started) < 4)
    // One killed in the middle of a transfer (its window gone) holds up nobody either.
    let killed = try Background(sandbox, ["python3", Self.client, "stall", "image/png"], environment: x.environment)
    try #require(killed.waitFor("stalled").contains("stalled"))
    kill(killed.pid, SIGKILL)
    let afterKill = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(afterKill.stdout == Data(bytes), "\(afterKill)")
    withExtendedLifetime(staller) {}
  }

  @Test("pb clear with the bridge running while a requestor is paused mid-INCR: it reads on and gets every byte")
  func clearDuringTransfer() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let text = PausedReader.largeText
    try #require(try sandbox.pb(["copy"], stdin: text).status == 0)
    let bridge = try Background.bridge(sandbox, [], environment: x.environment)
    func desktop() -> Result? { try? x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]) }
    waitUntil(seconds: 30) { desktop()?.status == 0 }
    try #require(desktop()?.status == 0, "the bridge offers the board's item: \(bridge.waitFor(""))")
    // xclip takes the whole INCR transfer before it writes a byte, so a paused pipe never
    // pauses it: this requestor stops after the first piece itself, and reads on later.
    let received = sandbox.root.appendingPathComponent("received").path
    let go = sandbox.root.appendingPathComponent("go").path
    guard mkfifo(go, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let reader = try Background(sandbox, ["python3", Self.client, "stall", "UTF8_STRING", received, go], environment: x.environment)
    try #require(reader.waitFor("stalled").contains("stalled"), "the requestor did not get an INCR transfer")
    try #require(try sandbox.pb("clear").status == 0)
    waitUntil(seconds: 30) { desktop()?.status != 0 }
    try #require(desktop()?.status != 0, "the clear emptied the desktop: \(bridge.waitFor(""))")
    // Opening the FIFO waits for the requestor, which opens it once stalled; closing it
    // lets the requestor read on.
    try #require(FileHandle(forWritingAtPath: go) != nil)
    #expect(waitUntil(seconds: 60) { reader.waitFor("").contains("resumed") })
    #expect(reader.waitFor("resumed").contains("resumed \(text.count)"), "\(reader.waitFor(""))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: received)) == text)
    withExtendedLifetime(bridge) {}
  }

  @Test("pb clear of a published secret while a requestor is stalled mid-INCR: the owner exits at once, not at the requestor's next deletion")
  func clearSecretDuringStalledTransfer() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy", "--concealed"], stdin: PausedReader.largeText).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    // Takes the first piece and then deletes no property (a requestor paused, as under less).
    let staller = try Background(sandbox, ["python3", Self.client, "stall", "UTF8_STRING"], environment: x.environment)
    try #require(staller.waitFor("stalled").contains("stalled"), "the requestor did not get an INCR transfer")
    try #require(try sandbox.pb("clear").status == 0)
    // It had waited for the stalled requestor, the removed secret's data file open all the while.
    waitUntil(seconds: 10) { x.owners().isEmpty }
    #expect(x.owners().isEmpty, "the secret's owner is gone while its requestor is stalled")
    withExtendedLifetime(staller) {}
  }

  /// With a bridge offering a 4 MB text on the desktop of `environment`, `pb clear` while
  /// `reader` (a shell line) is paused mid-transfer empties the desktop (as `desktop`, a
  /// client's listing of it, sees), and the reader then still gets every byte, exit 0.
  static func checkClearDuringTransfer(_ sandbox: Sandbox, environment: [String: String], reader command: String, desktop: () -> Result?) throws {
    let text = PausedReader.largeText
    try #require(try sandbox.pb(["copy"], stdin: text).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: environment)
    waitUntil(seconds: 30) { desktop()?.status == 0 }
    try #require(desktop()?.status == 0, "the bridge offers the board's item: \(bridge.waitFor(""))")
    let reader = try PausedReader(sandbox, command, environment: environment)
    try #require(try sandbox.pb("clear").status == 0)
    waitUntil(seconds: 30) { desktop()?.status != 0 }
    try #require(desktop()?.status != 0, "the clear emptied the desktop: \(bridge.waitFor(""))")
    #expect(reader.resume() == 0, "the reader ended: \(bridge.waitFor(""))")
    #expect(reader.received == text, "the reader got \(reader.received.count) of \(text.count) bytes")
    withExtendedLifetime(bridge) {}
  }

  @Test("the owner serves a snapshot, is replaced by a new publish, and is gone once another client copies")
  func ownerLifetime() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("first".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let first = x.owners()
    try #require(first.count == 1)
    try #require(try sandbox.pb(["copy"], stdin: Data("second".utf8)).status == 0)
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "first")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "second")
    try waitUntil { x.owners().count == 1 && x.owners() != first }
    #expect(x.owners().count == 1 && x.owners() != first, "a new publish replaces the old owner")
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("theirs".utf8)).status == 0)
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "theirs")
    try waitUntil { x.owners().isEmpty }
    #expect(x.owners().isEmpty, "the owner exits once another client copies")
  }

  @Test("publish: an item leaves the desktop when it expires, a secret too, and its owner exits")
  func publishedItemExpires() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let clipboard = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    for (text, options) in [("secret", ["--concealed"]), ("plain", [])] {
      // Long enough for the publish and the read before it to fit on a loaded machine.
      try #require(try sandbox.pb(["copy", "--expire", "10s"] + options, stdin: Data(text.utf8)).status == 0)
      let published = try sandbox.pb(["publish"], environment: x.environment)
      #expect(published.status == 0 && published.stderr.isEmpty, "\(published)")
      let before = try clipboard()
      try #require(before.status == 0 && before.text == text, "not served before it expired: \(before)")
      try waitUntil(seconds: 45) { try clipboard().status != 0 }
      let after = try clipboard()
      #expect(after.status != 0 && after.stdout.isEmpty, "still served after it expired: \(after)")
      try waitUntil { x.owners().isEmpty }
      #expect(x.owners().isEmpty, "the owner exits once the item expired")
    }
  }

  @Test("publish: a secret leaves the desktop once the pasteboard no longer holds it; another item stays a snapshot")
  func publishedSecretReplaced() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let clipboard = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    // The owner runs in /: a store named relative to the caller's folder still reaches it.
    let publish =
      "cd \(sandbox.store.deletingLastPathComponent().path) && DISPLAY=\(x.display) PB_DIR=\(sandbox.store.lastPathComponent) pb publish"
    for change in [["copy"], ["clear"]] {
      try #require(try sandbox.pb(["copy", "--concealed"], stdin: Data("secret".utf8)).status == 0)
      let published = try sandbox.shell(publish, timeLimit: 20)
      #expect(published.status == 0 && published.stderr.isEmpty, "\(published)")
      let before = try clipboard()
      try #require(before.text == "secret", "the secret was not served: \(before)")
      // Another item after it leaves it on the pasteboard, and on the desktop.
      try #require(try sandbox.pb(["copy", "-a"], stdin: Data("after".utf8)).status == 0)
      // The owner looks at the pasteboard's change before it answers a request that
      // came after it (its loop checks the board first), so this answer is its verdict.
      #expect(try clipboard().text == "secret", "withdrawn while the pasteboard still holds it")
      try #require(try sandbox.pb(change, stdin: Data("other".utf8)).status == 0)
      try waitUntil { try clipboard().status != 0 }
      let after = try clipboard()
      #expect(after.status != 0 && !after.text.contains("secret"), "served after \(change[0]): \(after)")
      try waitUntil { x.owners().isEmpty }
      #expect(x.owners().isEmpty)
    }
    try #require(try sandbox.pb(["copy"], stdin: Data("plain".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    try #require(try sandbox.pb(["clear"]).status == 0)
    // Answered after the owner has seen the clear, were it watching the board (as above).
    #expect(try clipboard().text == "plain", "an item not concealed is served as published")
  }

  @Test("$(pb publish) returns at once: the owner keeps none of the caller's output")
  func publishInCommandSubstitution() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("value".utf8)).status == 0)
    let started = Date()
    let result = try sandbox.shell(
      "export DISPLAY=\(x.display) PB_DIR=\(sandbox.store.path); out=$(pb publish) && echo \"done[$out]\"", timeLimit: 20)
    #expect(result.text == "done[]\n", "\(result)")
    #expect(Date().timeIntervalSince(started) < 10, "the substitution waited for the owner")
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "value")
  }

  @Test("import keeps an image's type and bytes, reads the primary selection, and is undoable")
  func importFromApplications() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
    let image = try sandbox.file("shot.png", bytes)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-t", "image/png", "-i", image]).status == 0)
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("types").lines == ["public.png"])
    #expect(try sandbox.pb("paste", "--force").stdout == bytes)
    #expect(try sandbox.pb("undo").text == "Undo Import\n")
    #expect(try sandbox.pb("paste").text == "before")
    try #require(try x.xclipCopy(sandbox, ["-selection", "primary", "-i"], stdin: Data("selected words".utf8)).status == 0)
    #expect(try sandbox.pb(["import", "--selection", "primary", "-a"], environment: x.environment).status == 0)
    #expect(try sandbox.pb("paste", "-i", "all", "-d", "|").text == "before|selected words")
    #expect(try sandbox.pb("types", "-i", "1").lines == ["1\tpublic.utf8-plain-text"])
  }

  @Test("import takes every type an application offers, keeps unknown MIME types, and conceals a password")
  func importEveryType() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("a.html", "<i>x</i>")
    let text = try sandbox.file("a.txt", "x")
    let fancy = try sandbox.file("a.fancy", "FANCY")
    let offer = try Background(
      sandbox, ["python3", Self.client, "offer", "text/html=\(html)", "UTF8_STRING=\(text)", "application/x-fancy=\(fancy)"],
      environment: x.environment)
    try #require(offer.waitFor("owned").contains("owned"))
    #expect(try sandbox.pb(["import"], environment: x.environment).status == 0)
    let types = try sandbox.pb("types").lines
    #expect(types.count == 3 && types[0] == "public.html" && types[1] == "public.utf8-plain-text", "\(types)")
    #expect(try sandbox.pb("paste", "-t", types[2]).text == "FANCY")
    // Published again, the unknown type goes back under its MIME type.
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "application/x-fancy"]).text == "FANCY")
    withExtendedLifetime(offer) {}

    let secret = try sandbox.file("pw.txt", "hunter2")
    let hint = try sandbox.file("hint", "secret")
    let password = try Background(
      sandbox, ["python3", Self.client, "offer", "UTF8_STRING=\(secret)", "x-kde-passwordManagerHint=\(hint)"], environment: x.environment)
    try #require(password.waitFor("owned").contains("owned"))
    #expect(try sandbox.pb(["import"], environment: x.environment).status == 0)
    #expect(try sandbox.pb("paste").text == "hunter2")
    #expect(try sandbox.pb("items").text.contains("<concealed>"))
    #expect(!(try sandbox.pb("history").text.contains("hunter2")))
    withExtendedLifetime(password) {}
  }

  @Test("import leaves out who-owns-it markers (CopyQ's, Klipper's, pb's), so a publish does not offer them back")
  func importDropsOwnerMarkers() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("a.html", "<i>mine</i>")
    let text = try sandbox.file("a.txt", "mine")
    let marker = try sandbox.file("marker", "1")
    let markers = [
      "application/x-copyq-owner", "application/x-copyq-owner-window-title", "application/x-copyq-clipboard-mode",
      "application/x-kde-onlyReplaceEmpty", "application/x-kde-syncselection",
    ]
    let offer = try x.offer(sandbox, ["text/html=\(html)", "UTF8_STRING=\(text)"] + markers.map { "\($0)=\(marker)" })
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
    #expect(try sandbox.pb("paste").text == "<i>mine</i>", "the import took effect")
    #expect(try sandbox.pb("types").lines == ["public.html", "public.utf8-plain-text"])
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let targets = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    #expect(targets.contains("text/html") && targets.contains("UTF8_STRING"), "\(targets)")
    for name in markers { #expect(!targets.contains(name), "\(targets)") }
    withExtendedLifetime(offer) {}
  }

  @Test("import converts text offered only in UTF-16 or Latin-1 charsets to UTF-8, and says so of one it cannot")
  func importConvertsCharsets() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let words = "héllo ☃ wörld"
    func utf16(littleEndian: Bool, mark: Bool) -> Data {
      var bytes: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
      for unit in words.utf16 { bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
      return Data(bytes)
    }
    let cases: [(String, Data, String)] = [
      ("text/plain;charset=utf-16", utf16(littleEndian: true, mark: true), words),
      ("text/plain;charset=utf-16", utf16(littleEndian: false, mark: true), words),
      ("text/plain;charset=utf-16", utf16(littleEndian: true, mark: false), words),
      ("text/plain;charset=UTF-16LE", utf16(littleEndian: true, mark: false), words),
      ("text/plain;charset=utf-16be", utf16(littleEndian: false, mark: false), words),
      ("text/plain;charset=iso-8859-1", Data([0x63, 0x61, 0x66, 0xE9]), "café"),
      ("text/plain; charset=\"windows-1252\"", Data([0x80, 0x20, 0x93, 0x71, 0x94]), "€ “q”"),
    ]
    for (index, (name, bytes, expected)) in cases.enumerated() {
      let file = try sandbox.file("text\(index)", bytes)
      let offer = try x.offer(sandbox, ["\(name)=\(file)"])
      let imported = try sandbox.pb(["import"], environment: x.environment)
      #expect(imported.status == 0 && imported.stderr.isEmpty, "\(name): \(imported)")
      #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text"], "\(name)")
      #expect(try sandbox.pb("paste").text == expected, "\(name) \(index)")
      withExtendedLifetime(offer) {}
    }

    // Text pb cannot convert: said in one line; the rest of the offer is kept, and an
    // offer of nothing else is refused with nothing changed.
    let html = try sandbox.file("a.html", "<i>kept</i>")
    let odd = try sandbox.file("odd", Data([0xC1, 0xC2]))
    let oddUTF16 = try sandbox.file("odd16", Data([0x41, 0x00, 0x42]))
    let both = try x.offer(sandbox, ["text/html=\(html)", "text/plain;charset=koi8-r=\(odd)"])
    let partial = try sandbox.pb(["import"], environment: x.environment)
    #expect(partial.status == 0, "\(partial)")
    #expect(try sandbox.pb("types").lines == ["public.html"], "the import took effect")
    #expect(partial.stderr.contains("koi8-r") && partial.stderr.split(separator: "\n").count == 1, "\(partial)")
    withExtendedLifetime(both) {}
    let count = try sandbox.changeCount()
    for (name, file) in [("text/plain;charset=koi8-r", odd), ("text/plain;charset=utf-16le", oddUTF16)] {
      let only = try x.offer(sandbox, ["\(name)=\(file)"])
      let refused = try sandbox.pb(["import"], environment: x.environment)
      #expect(refused.status != 0 && refused.stderr.contains(name) && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
      withExtendedLifetime(only) {}
    }
    #expect(try sandbox.changeCount() == count, "a refused import changed nothing")
  }

  @Test("an empty selection, a missing display and --if-available")
  func noDesktop() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("value".utf8)).status == 0)
    let empty = try sandbox.pb(["import"], environment: x.environment)
    #expect(empty.status == 1 && empty.stderr == "pb: the desktop's clipboard selection is empty; copy something in an application first\n", "\(empty)")
    let unset = ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SSH_TTY", "-u", "SSH_CONNECTION", "-u", "PB_DESKTOP"]
    for command in ["publish", "import"] {
      let missing = try sandbox.run("/usr/bin/env", unset + [Sandbox.binary, command], stdin: nil, environment: sandbox.environment)
      #expect(missing.status == 69, "\(missing)")
      #expect(missing.stderr.hasPrefix("pb: no desktop clipboard: DISPLAY and WAYLAND_DISPLAY are unset"), "\(missing)")
      #expect(missing.stderr.split(separator: "\n").count == 1)
      let quiet = try sandbox.run(
        "/usr/bin/env", unset + [Sandbox.binary, command, "--if-available"], stdin: nil, environment: sandbox.environment)
      #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet)")
    }
    #expect(try sandbox.pb("paste").text == "value", "import that found no desktop changed nothing")
  }

  @Test("each desktop command's message offers only fixes it has: --osc52 for publish alone, none once it was given")
  func fixesThatApply() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.pb(["copy"], stdin: Data("value".utf8)).status == 0)
    let unset = ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SSH_TTY", "-u", "SSH_CONNECTION", "-u", "PB_DESKTOP"]
    // setsid: no controlling terminal, as under cron or a service.
    func run(_ arguments: [String], variables: [String] = []) throws -> Result {
      try sandbox.run(
        "/usr/bin/setsid", ["-w", "/usr/bin/env"] + unset + variables + [Sandbox.binary] + arguments, stdin: nil,
        environment: sandbox.environment)
    }
    for command in ["import", "bridge"] {
      for arguments in [[command], [command, "--backend", "osc52"], [command, "--backend", "x11"]] {
        let result = try run(arguments)
        #expect(result.status == 69 && result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(!result.stderr.contains("--osc52") && result.stderr.contains("--if-available"), "\(result)")
      }
      let named = try run([command, "--backend", "osc52"])
      #expect(named.stderr.contains("cannot read it back") && named.stderr.contains("without --backend osc52"), "\(named)")
      let chosen = try run([command], variables: ["PB_DESKTOP=osc52"])
      #expect(chosen.status == 69 && chosen.stderr.contains("PB_DESKTOP"), "\(chosen)")
      #expect(!chosen.stderr.contains("--osc52") && !chosen.stderr.contains("--backend osc52"), "\(chosen)")
    }
    let publish = try run(["publish"])
    #expect(publish.status == 69 && publish.stderr.contains("--osc52") && publish.stderr.contains("--if-available"), "\(publish)")
    for arguments in [["publish", "--osc52"], ["publish", "--backend", "osc52"]] {
      let result = try run(arguments)
      #expect(result.status == 69 && result.stderr.contains("no terminal"), "\(result)")
      #expect(!result.stderr.contains("pass --osc52") && !result.stderr.contains("DISPLAY is unset"), "\(result)")
      #expect(result.stderr.contains("without \(arguments.dropFirst().joined(separator: " "))"), "\(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }
    // kitty's protocol waits for the terminal's answer 5 s; publish has no --timeout.
    let kitty = try sandbox.run(
      "/usr/bin/env",
      ["python3", Sandbox.support("terminal.py"), "--", "env"] + unset + ["-u", "TMUX", "TERM=xterm-kitty", Sandbox.binary, "publish", "--osc52"],
      stdin: nil, environment: sandbox.environment)
    #expect(kitty.status == 75 && kitty.text.contains("did not answer within 5"), "\(kitty)")
    #expect(!kitty.text.contains("--timeout"), "\(kitty)")
    #expect(try sandbox.pb("paste").text == "value")
  }

  @Test("OSC 52 goes to the terminal byte for byte; non-text and text above 768 KiB are refused")
  func osc52() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.pb(["copy"], stdin: Data("héllo\n".utf8)).status == 0)
    // A terminal of its own, in an SSH session without a display: what pb writes there.
    func publish(_ options: String..., terminal: [String] = ["TERM=xterm-256color"], answering: [String] = []) throws -> Result {
      let command = ["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "PB_DESKTOP", "-u", "TMUX", "SSH_CONNECTION=10.0.0.1 50000 10.0.0.2 22"]
      return try sandbox.run(
        "/usr/bin/env",
        ["python3", Sandbox.support("terminal.py")] + answering + ["--"] + command + terminal + [Sandbox.binary, "publish"] + options,
        stdin: nil, environment: sandbox.environment)
    }
    let published = try publish()
    #expect(published.status == 0, "\(published)")
    #expect(published.stdout == Data("\u{1B}]52;c;aMOpbGxvCg==\u{07}".utf8), "\(published)")
    let primary = try publish("--osc52", "--selection", "primary")
    #expect(primary.stdout == Data("\u{1B}]52;p;aMOpbGxvCg==\u{07}".utf8), "\(primary)")

    let large = try sandbox.file("large.txt", String(repeating: "a", count: 768 * 1024 + 1))
    try #require(try sandbox.pb("copy", large).status == 0)
    let refused = try publish()
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.text.contains("tmux drops longer sequences") && refused.text.contains("set-clipboard on"), "\(refused)")
    #expect(!refused.text.contains("\u{1B}]52"))
    try #require(try sandbox.pb("copy", "-t", "public.png", large).status == 0)
    let image = try publish()
    #expect(image.status == 65 && image.text.contains("OSC 52 carries text only"), "\(image)")
  }

  @Test("in kitty, publish sends every representation with OSC 5522 and waits for the terminal's answer")
  func kitty() throws {
    let sandbox = try Sandbox()
    let html = try sandbox.file("page.html", "<b>hi</b>")
    let text = try sandbox.file("page.txt", "hi")
    try #require(try sandbox.pb("copy", "-r", "public.html=\(html)", "-r", text).status == 0)
    func publish(answer: String) throws -> Result {
      let command = [
        "env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "PB_DESKTOP", "-u", "TMUX", "TERM=xterm-kitty",
        "SSH_CONNECTION=10.0.0.1 50000 10.0.0.2 22",
      ]
      let answering = ["--answer", "\\x1b]5522;type=wdata\\x1b\\\\", answer]
      return try sandbox.run(
        "/usr/bin/env", ["python3", Sandbox.support("terminal.py")] + answering + ["--"] + command + [Sandbox.binary, "publish"],
        stdin: nil, environment: sandbox.environment)
    }
    let published = try publish(answer: "\\x1b]5522;type=write:status=DONE\\x1b\\\\")
    #expect(published.status == 0, "\(published)")
    func packet(_ body: String) -> String { "\u{1B}]5522;" + body + "\u{1B}\\" }
    func data(_ mime: String, _ bytes: String) -> String {
      packet("type=wdata:mime=" + Data(mime.utf8).base64EncodedString() + ";" + Data(bytes.utf8).base64EncodedString())
    }
    let expected = packet("type=write") + data("text/html", "<b>hi</b>") + data("text/plain;charset=utf-8", "hi")
      + data("text/plain", "hi") + packet("type=wdata")
    #expect(published.text == expected, "\(published)")
    let refused = try publish(answer: "\\x1b]5522;type=write:status=EPERM\\x1b\\\\")
    #expect(refused.status == 69 && refused.text.contains("the terminal refused the copy (EPERM)"), "\(refused)")
  }

  @Test("bridge carries each change across once, both ways: no loop, no password, not its own item back")
  func bridge() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("start".utf8)).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    let desktop = { (try? x.client(sandbox, "xsel", ["-b", "-o"]).text) ?? "" }
    try waitUntil { desktop() == "start" }
    #expect(desktop() == "start", "the board's item is offered when the bridge starts")
    try #require(try sandbox.pb(["copy"], stdin: Data("from pb".utf8)).status == 0)
    try waitUntil { desktop() == "from pb" }
    #expect(desktop() == "from pb")
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("from app".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "from app" }
    #expect(try sandbox.pb("paste").text == "from app")
    #expect(try sandbox.pb("history").lines.dropFirst().first?.contains("Import") == true)
    let count = try sandbox.changeCount()
    // The import must not be offered back (that would take the selection from the
    // application), nor a publish of this board be imported again.
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let secret = try sandbox.file("pw.txt", "hunter2")
    let hint = try sandbox.file("hint", "secret")
    let password = try Background(
      sandbox, ["python3", Self.client, "offer", "UTF8_STRING=\(secret)", "x-kde-passwordManagerHint=\(hint)"], environment: x.environment)
    try #require(password.waitFor("owned").contains("owned"))
    try #require(desktop() == "hunter2")
    // An application's copy after both: the bridge takes it in after it has seen the
    // publish and the password, which must have brought no change of their own.
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("after both".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after both" }
    #expect(try sandbox.changeCount() == count + 1, "a change came back, or a password was imported")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
    withExtendedLifetime(password) {}
  }

  @Test("bridge withdraws what it offered when it expires, and a secret the pasteboard no longer holds")
  func bridgeWithdraws() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let clipboard = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    // Long enough for the bridge to offer it on a loaded machine before it expires.
    try #require(try sandbox.pb(["copy", "--concealed", "--expire", "30s"], stdin: Data("secret".utf8)).status == 0)
    try waitUntil(seconds: 28) { try clipboard().text == "secret" }
    try #require(try clipboard().text == "secret", "the bridge did not offer the secret")
    try waitUntil(seconds: 45) { try clipboard().status != 0 }
    let expired = try clipboard()
    #expect(expired.status != 0 && expired.stdout.isEmpty, "served after it expired: \(expired)")
    #expect(try sandbox.pb("info", "--json").text.contains("\"expired\""), "the bridge removed it from the pasteboard too")

    // Expired, the first of two items goes, and the next one is offered.
    try #require(try sandbox.pb(["copy", "--expire", "30s"], stdin: Data("brief".utf8)).status == 0)
    try #require(try sandbox.pb(["copy", "-a"], stdin: Data("lasting".utf8)).status == 0)
    try waitUntil(seconds: 28) { try clipboard().text == "brief" }
    try #require(try clipboard().text == "brief")
    try waitUntil(seconds: 45) { try clipboard().text == "lasting" }
    #expect(try clipboard().text == "lasting")

    for change in [["copy"], ["clear"]] {
      try #require(try sandbox.pb(["copy", "--concealed"], stdin: Data("secret".utf8)).status == 0)
      try waitUntil { try clipboard().text == "secret" }
      try #require(try clipboard().text == "secret", "the bridge did not offer the secret")
      try #require(try sandbox.pb(change, stdin: Data("other".utf8)).status == 0)
      try waitUntil { try clipboard().text != "secret" }
      let after = try clipboard()
      #expect(!after.text.contains("secret"), "served after \(change[0]): \(after)")
      #expect(change == ["copy"] ? after.text == "other" : after.status != 0, "\(after)")
    }
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("bridge --from-desktop leaves the desktop alone, --to-desktop the board")
  func bridgeOneWay() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("board".utf8)).status == 0)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("app".utf8)).status == 0)
    // It is listening once it watches the board: nothing else shows it, as it offers nothing.
    let fromDesktop = try Background.bridge(sandbox, ["--from-desktop"], environment: x.environment)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("app again".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "app again" }
    #expect(try sandbox.pb("paste").text == "app again")
    let owners = try Background(sandbox, ["python3", Self.client, "owners"], environment: x.environment)
    try #require(owners.waitFor("watching").contains("watching"))
    try #require(try sandbox.pb(["copy"], stdin: Data("board again".utf8)).status == 0)
    // An application's copy after the board's: once the bridge has carried it, it had
    // seen the board's change first, and had it published that, the clipboard would have
    // had an owner between xclip and this one.
    let text = try sandbox.file("third.txt", "app third")
    let third = try x.offer(sandbox, ["UTF8_STRING=\(text)"])
    let window = try #require(third.waitFor("owned").split(separator: "\n").first { $0.hasPrefix("owned ") }?.dropFirst("owned ".count))
    try waitUntil { (try? sandbox.pb("paste").text) == "app third" }
    #expect(try sandbox.pb("paste").text == "app third", "the bridge carried the application's copy")
    let changes = owners.waitFor("owner \(window)").split(separator: "\n").dropFirst()
    #expect(changes.first == "owner \(window)", "the clipboard's owners after the board's copy: \(changes)")
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == "app third")
    withExtendedLifetime(fromDesktop) {}
  }

  @Test("import -p and bridge -p create a pasteboard that does not exist yet, as copy -p does")
  func writersCreateTheBoard() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("app".utf8)).status == 0)
    let imported = try sandbox.pb(["import", "-p", "clips"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("paste", "-p", "clips").text == "app")
    let bridge = try Background.bridge(sandbox, ["-p", "desk"], environment: x.environment)
    try #require(try sandbox.pb("count", "-p", "desk").status == 0, "the bridge did not make the board: \(bridge.waitFor(""))")
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("app again".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste", "-p", "desk").text) == "app again" }
    #expect(try sandbox.pb("paste", "-p", "desk").text == "app again")
    #expect(bridge.waitFor("pb").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  /// Whether a bridge is listening: it watches the board (after asking the X server for
  /// selection events) once it holds an inotify descriptor.
}
