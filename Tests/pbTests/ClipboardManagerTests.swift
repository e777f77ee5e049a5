import Foundation
import Testing

/// Processes of `name` (xclip, wl-copy) whose environment has `variable`: the servers
/// one test's copies left behind.
private func processes(named name: String, with variable: String) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry in
    guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
      let program = command.split(separator: 0).first, String(decoding: program, as: UTF8.self).hasSuffix(name),
      let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
    else { return nil }
    return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == variable } ? pid : nil
  }
}

/// Kills `pids` as a crash would (SIGKILL: no chance to hand anything over), and waits
/// until they are gone.
private func crash(_ pids: [Int32]) {
  for pid in pids { kill(pid, SIGKILL) }
  waitUntil { !pids.contains(where: { kill($0, 0) == 0 && !isZombie($0) }) }
}

private func isZombie(_ pid: Int32) -> Bool {
  let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
  return status.split(separator: " ").dropFirst(2).first == "Z"
}

/// Debian's python, which has python3-gi (the PATH's may be another one).
private let systemPython = "/usr/bin/python3"

@Suite("pb bridge as the desktop's clipboard manager: copies outlive their application", .tags(.endToEnd, .desktop, .long))
struct ClipboardManagerTests {
  static let client = Sandbox.support("clipboard_store.py")

  @Test("X11: xclip killed, and an application killed mid-offer: every target still pastes, byte for byte")
  func ownerKilled() throws {
    let sandbox = try Sandbox()
    let (x, bridge) = try PrivateX.bridged(sandbox)
    let paste = { (target: String) in try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", target]) }

    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("from xclip ☃".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "from xclip ☃" }
    try #require(try sandbox.pb("paste").text == "from xclip ☃", "the bridge did not import: \(bridge.waitFor(""))")
    let servers = processes(named: "xclip", with: "DISPLAY=\(x.display)")
    try #require(!servers.isEmpty, "xclip left no server")
    let count = try sandbox.changeCount()
    crash(servers)
    try waitUntil { try paste("UTF8_STRING").status == 0 }
    #expect(try paste("UTF8_STRING").stdout == Data("from xclip ☃".utf8))
    #expect(try paste("text/plain;charset=utf-8").stdout == Data("from xclip ☃".utf8))
    #expect(try sandbox.changeCount() == count, "offering it again is not a change of the board")

    // Several targets, one binary, from an application that is killed.
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    png += Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
    let files = [
      "UTF8_STRING": try sandbox.file("t.txt", "caption"), "text/html": try sandbox.file("t.html", "<i>caption</i>"),
      "image/png": try sandbox.file("t.png", png),
    ]
    let application = try x.offer(sandbox, files.map { "\($0.key)=\($0.value)" })
    try waitUntil { (try? sandbox.pb("types").lines.contains("public.png")) == true }
    try #require(try sandbox.pb("types").lines.contains("public.png"), "the bridge did not import: \(bridge.waitFor(""))")
    crash([application.pid])
    try waitUntil { try paste("image/png").status == 0 }
    for (target, path) in files {
      #expect(try paste(target).stdout == (try Data(contentsOf: URL(fileURLWithPath: path))), "\(target)")
    }
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("X11: the bridge is the clipboard manager: a GTK application stores its text and its image, exits, and both paste")
  func gtkStore() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let noManager = try x.client(sandbox, systemPython, [Self.client, "gtk-text", "alone"])
    try #require(noManager.status == 0, "\(noManager)")
    #expect(noManager.text.contains("persistence=False"), "a clipboard manager before the bridge: \(noManager)")

    let bridge = try Background.bridge(sandbox, environment: x.environment)
    let paste = { (target: String) in try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", target]) }
    let text = try x.client(sandbox, systemPython, [Self.client, "gtk-text", "stored by GTK"])
    #expect(text.status == 0 && text.text.contains("persistence=True") && text.text.contains("stored in"), "\(text)")
    // The bridge answered SAVE_TARGETS (GTK waits 10 s for a manager that does not).
    let seconds = text.lines.first { $0.hasPrefix("stored in ") }.flatMap { Double($0.split(separator: " ")[2]) } ?? 99
    #expect(seconds < 5, "\(text)")
    try waitUntil { try paste("UTF8_STRING").status == 0 }
    #expect(try paste("UTF8_STRING").text == "stored by GTK")
    #expect(try sandbox.pb("paste").text == "stored by GTK")
    #expect(try sandbox.pb("history").lines.dropFirst().first?.contains("Import") == true)

    // A 40x30 PNG (its size in the header) that GTK loads and offers as image/png.
    let image = try sandbox.file("small.png", Data(base64Encoded: Self.smallPNG)!)
    let stored = try x.client(sandbox, systemPython, [Self.client, "gtk-image", image])
    #expect(stored.status == 0 && stored.text.contains("persistence=True"), "\(stored)")
    try waitUntil { (try? paste("TARGETS").text.contains("application/x-pb-item")) == true }
    let png = try paste("image/png")
    #expect(png.status == 0 && png.stdout.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(png)")
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    let size = png.stdout.count >= 24 ? (png.stdout[16..<20].reduce(0) { $0 << 8 | Int($1) }, png.stdout[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
    #expect(size == (40, 30))
    #expect(try sandbox.pb("paste", "-t", "public.png", "--force").stdout == png.stdout, "the board holds what is served")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  /// 40x30, one colour.
  static let smallPNG =
    "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAK0lEQVR42u3NMQ0AAAgDsHnCE55wiww4mvRvqudExGKxWCwWi8VisVj8N14ClJqsavTFdQAAAABJRU5ErkJggg=="

  @Test("X11: a secret is not kept alive after its owner dies, and a deliberate clear stays empty")
  func exclusions() throws {
    let sandbox = try Sandbox()
    let (x, bridge) = try PrivateX.bridged(sandbox)
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }

    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("ordinary".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "ordinary" }
    try #require(try sandbox.pb("paste").text == "ordinary")
    let secret = try sandbox.file("pw.txt", "hunter2")
    let hint = try sandbox.file("hint", "secret")
    let password = try x.offer(sandbox, ["UTF8_STRING=\(secret)", "x-kde-passwordManagerHint=\(hint)"])
    try #require(try paste().text == "hunter2")
    crash([password.pid])
    try waitUntil { try paste().status != 0 }
    // Neither the secret nor the copy before it comes back, once the bridge has seen the owner go.
    try Self.bridgeHasCaughtUp(sandbox, x)
    let afterDeath = try paste()
    #expect(afterDeath.status != 0 && afterDeath.stdout.isEmpty, "served after the secret's owner died: \(afterDeath)")

    let signal = sandbox.root.appendingPathComponent("clear-now").path
    let clearing = try Background(sandbox, ["python3", Self.client, "clear", "to be cleared", signal], environment: x.environment)
    try #require(clearing.waitFor("owned").contains("owned"))
    try waitUntil { (try? sandbox.pb("paste").text) == "to be cleared" }
    try #require(try sandbox.pb("paste").text == "to be cleared", "the bridge did not import: \(bridge.waitFor(""))")
    FileManager.default.createFile(atPath: signal, contents: nil)
    try #require(clearing.waitFor("cleared").contains("cleared"))
    try waitUntil { try paste().status != 0 }
    try Self.bridgeHasCaughtUp(sandbox, x)
    let afterClear = try paste()
    #expect(afterClear.status != 0 && afterClear.stdout.isEmpty, "served after a deliberate clear: \(afterClear)")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("X11: an owner killed while the bridge reads its copy: no report of a copy nobody holds, and the next copy is imported")
  func ownerKilledMidRead() throws {
    let sandbox = try Sandbox()
    let (x, bridge) = try PrivateX.bridged(sandbox)
    let dying = try ImportRobustnessTests.lateOwner(sandbox, x, ["UTF8_STRING=never"])
    try #require(dying.waitFor("asked UTF8_STRING").contains("asked UTF8_STRING"), "the bridge reads the copy")
    crash([dying.pid])
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("next".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "next" }
    #expect(try sandbox.pb("paste").text == "next", "the next copy was not imported: \(bridge.waitFor(""))")
    // The killed owner's read ended before the next copy's was stored: any report is out.
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("X11: persistence is left to a clipboard manager already running, and to nobody by a one-way bridge")
  func notTheManager() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    let manager = { (try? x.client(sandbox, "python3", ["-c", Self.managerOwner]).text) ?? "" }
    for arguments in [["bridge", "--from-desktop"], ["bridge"]] {
      let other = arguments == ["bridge"] ? try Background(sandbox, ["python3", Self.client, "manager"], environment: x.environment) : nil
      if let other { try #require(other.waitFor("owned").contains("owned")) }
      let before = manager()
      let bridge = try Background(sandbox, [Sandbox.binary] + arguments, environment: x.environment)
      try waitUntil { bridge.isWatching }
      let text = "copied for \(arguments)"
      try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data(text.utf8)).status == 0)
      try waitUntil { (try? sandbox.pb("paste").text) == text }
      try #require(try sandbox.pb("paste").text == text, "the bridge did not import: \(bridge.waitFor(""))")
      #expect(manager() == before, "\(arguments) took CLIPBOARD_MANAGER")
      crash(processes(named: "xclip", with: "DISPLAY=\(x.display)"))
      try waitUntil { try paste().status != 0 }
      let after = try paste()
      #expect(after.status != 0 && after.stdout.isEmpty, "\(arguments) offered the copy again: \(after)")
      // An application's next copy, taken in after the bridge saw the owner go: still the
      // application's, not taken by an offer of the copy before.
      let next = "next for \(arguments)"
      try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data(next.utf8)).status == 0)
      try waitUntil { (try? sandbox.pb("paste").text) == next }
      #expect(try paste().text == next, "\(arguments) offered the copy again")
      #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
      withExtendedLifetime(other) {}
    }
  }

  /// Prints the window that owns CLIPBOARD_MANAGER (0 for none).
  static let managerOwner = """
    from Xlib import display
    d = display.Display()
    owner = d.get_selection_owner(d.intern_atom("CLIPBOARD_MANAGER"))
    print(owner.id if owner else 0)
    """

  /// Asks CLIPBOARD_MANAGER for TARGETS twice, one after the other, and prints each answer
  /// ("answered", or "refused" when nobody answers as a manager).
  static let askManagerTwice = """
    from Xlib import X, display
    d = display.Display()
    window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    manager, targets = d.intern_atom("CLIPBOARD_MANAGER"), d.intern_atom("TARGETS")
    for _ in range(2):
        window.convert_selection(manager, targets, d.intern_atom("PB_TEST"), X.CurrentTime)
        d.flush()
        while (e := d.next_event()).type != X.SelectionNotify:
            pass
        print("answered" if e.property != X.NONE else "refused", flush=True)
    """

  /// Waits until pb bridge, the clipboard manager on `x`, has acted on every event the
  /// X server sent it so far. It handles its events in order and acts on a batch of them
  /// before it waits again: its answer to the first question comes after the events
  /// before it, the second after what it did about them.
  static func bridgeHasCaughtUp(_ sandbox: Sandbox, _ x: PrivateX) throws {
    let owner = { (try? x.client(sandbox, "python3", ["-c", managerOwner]).lines.first).flatMap { Int($0) } ?? 0 }
    try #require(waitUntil { owner() != 0 }, "no clipboard manager")
    let asked = try x.client(sandbox, "python3", ["-c", askManagerTwice])
    try #require(asked.lines == ["answered", "answered"], "the bridge did not answer as clipboard manager: \(asked)")
  }

  @Test("X11: CopyQ beside the bridge: an application killed, the copy kept, and one change for each copy after it")
  func besideCopyQ() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let copyq = try PrivateCopyQ(sandbox, x)

    let bridge = try Background.bridge(sandbox, environment: x.environment)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("watched twice".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "watched twice" }
    try #require(try sandbox.pb("paste").text == "watched twice")
    let copyqSaw = { copyq.read(0) }
    try waitUntil { copyqSaw() == "watched twice" }
    #expect(copyqSaw() == "watched twice", "CopyQ did not see the copy")
    crash(processes(named: "xclip", with: "DISPLAY=\(x.display)"))
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try waitUntil { try paste().status == 0 }
    #expect(try paste().text == "watched twice")
    // Two more copies, each waited for until both have it: a loop between the two
    // managers would go on through the second and count more than its one change.
    for (index, text) in ["once more", "and again"].enumerated() {
      let count = try sandbox.changeCount()
      try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data(text.utf8)).status == 0)
      try waitUntil { (try? sandbox.pb("paste").text) == text && copyqSaw() == text }
      #expect(copyqSaw() == text, "CopyQ did not see the copy")
      if index == 1 { #expect(try sandbox.changeCount() == count + 1, "the board keeps changing: a loop with CopyQ") }
    }
    #expect(try paste().text == "and again")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
    withExtendedLifetime(copyq) {}
  }

  @Test("Wayland: wl-copy killed, wl-paste still gives the copy, text and an image byte for byte; a secret is not kept")
  func waylandOwnerKilled() throws {
    let sandbox = try Sandbox()
    let (sway, bridge) = try PrivateSway.bridged(sandbox)
    let environment = sway.bridgeEnvironment
    let paste = { (type: String) in try sway.client(sandbox, "wl-paste", ["-n", "-t", type]) }
    let servers = { processes(named: "wl-copy", with: "WAYLAND_DISPLAY=\(sway.socket)") }

    try #require(try sway.copy(sandbox, ["from wl-copy"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "from wl-copy" }
    try #require(try sandbox.pb("paste").text == "from wl-copy", "the bridge did not import: \(bridge.waitFor(""))")
    try #require(!servers().isEmpty, "wl-copy left no server")
    crash(servers())
    try waitUntil { try paste("text/plain").status == 0 }
    #expect(try paste("text/plain").text == "from wl-copy")
    #expect(try paste("text/plain;charset=utf-8").text == "from wl-copy")

    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 >> 2) })
    try #require(try sway.copy(sandbox, ["-t", "image/png"], stdin: png).status == 0)
    try waitUntil { (try? sandbox.pb("types").lines) == ["public.png"] }
    try #require(try sandbox.pb("types").lines == ["public.png"])
    crash(servers())
    try waitUntil { try paste("image/png").status == 0 }
    #expect(try paste("image/png").stdout == png)

    // A secret (pb's own offer of a concealed item, marked with the password hint) is
    // not imported, and not replaced by the copy before it when its owner is killed.
    try #require(try sandbox.pb(["copy", "-p", "vault", "--concealed"], stdin: Data("hunter2".utf8)).status == 0)
    try #require(try sandbox.pb(["publish", "-p", "vault"], environment: environment).status == 0)
    try #require(try paste("text/plain").text == "hunter2")
    let owners = ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)")
    try #require(!owners.isEmpty)
    crash(owners)
    try waitUntil { try paste("text/plain").status != 0 && paste("image/png").status != 0 }
    let afterDeath = try sway.client(sandbox, "wl-paste", ["-l"])
    #expect(afterDeath.status != 0 && afterDeath.stdout.isEmpty, "served after the secret's owner died: \(afterDeath)")
    #expect(try sandbox.pb("types").lines == ["public.png"], "the secret was imported")
    // The next copy, taken in after the bridge saw the secret's owner go: still wl-copy's,
    // not taken by an offer of the copy before, and the secret never came in.
    let count = try sandbox.changeCount()
    try #require(try sway.copy(sandbox, ["after the secret"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after the secret" }
    #expect(try paste("text/plain").text == "after the secret", "the copy before the secret was offered again")
    #expect(try sandbox.changeCount() == count + 1, "the secret was imported")

    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  @Test("X11: a bridge started while an application holds the clipboard imports that copy and leaves it there; with nobody holding it, it offers the board's item")
  func startsWhileHeld() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("older, on the board".utf8)).status == 0)
    let text = try sandbox.file("copy.txt", "the application's copy")
    let application = try x.offer(sandbox, ["UTF8_STRING=\(text)"])
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try #require(try paste().text == "the application's copy")

    // At login, or when systemd restarts a bridge that crashed. Before: the bridge
    // offered the board's older item over the application's copy.
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    try waitUntil { (try? sandbox.pb("paste").text) == "the application's copy" }
    #expect(try sandbox.pb("paste").text == "the application's copy", "not imported: \(bridge.waitFor(""))")
    // The board's item, offered over it at start, would be served now: the offer comes
    // before the import ends.
    #expect(try paste().text == "the application's copy")
    #expect(try sandbox.changeCount() == 2, "one import")
    // It is the clipboard manager of that copy too: it outlives its application.
    crash([application.pid])
    try waitUntil { try paste().status == 0 }
    #expect(try paste().text == "the application's copy")
    #expect(try sandbox.changeCount() == 2)
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")

    // Nobody holds the clipboard of another display: the board's item is offered there.
    let empty = try PrivateX(sandbox)
    let second = try Background(sandbox, [Sandbox.binary, "bridge"], environment: empty.environment)
    let pasteEmpty = { try empty.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try waitUntil { (try? pasteEmpty().text) == "the application's copy" }
    #expect(try pasteEmpty().text == "the application's copy", "\(second.waitFor(""))")
    #expect(try sandbox.changeCount() == 2)
  }

  @Test("X11: a bridge started while a password is on the clipboard neither imports nor replaces it")
  func startsWhileSecretHeld() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("older, on the board".utf8)).status == 0)
    let secret = try sandbox.file("pw.txt", "hunter2")
    let hint = try sandbox.file("hint", "secret")
    let password = try x.offer(sandbox, ["UTF8_STRING=\(secret)", "x-kde-passwordManagerHint=\(hint)"])
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try #require(try paste().text == "hunter2")

    let bridge = try Background.bridge(sandbox, environment: x.environment)
    try Self.bridgeHasCaughtUp(sandbox, x)
    // The user pastes the password where it goes, after the bridge has started: it is
    // still there (before, the board's older item had replaced it).
    #expect(try paste().text == "hunter2")
    #expect(try sandbox.pb("paste").text == "older, on the board", "the password was imported")
    // The bridge runs: the next ordinary copy is imported, after whatever it read at start.
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("after".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    #expect(try sandbox.pb("paste").text == "after", "\(bridge.waitFor(""))")
    #expect(try sandbox.changeCount() == 2, "the password was imported")
    withExtendedLifetime(password) {}
  }

  @Test("Wayland: a bridge started while wl-copy holds a copy imports it, and wl-paste still gives it; a password held at start stays, untouched")
  func waylandStartsWhileHeld() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let environment = sway.bridgeEnvironment
    try #require(try sandbox.pb(["copy"], stdin: Data("older, on the board".utf8)).status == 0)
    try #require(try sway.copy(sandbox, ["from wl-copy"]).status == 0)
    let paste = { try sway.client(sandbox, "wl-paste", ["-n", "-t", "text/plain"]) }
    try #require(try paste().text == "from wl-copy")

    var bridge: Background? = try Background(sandbox, [Sandbox.binary, "bridge"], environment: environment)
    try waitUntil { (try? sandbox.pb("paste").text) == "from wl-copy" }
    #expect(try sandbox.pb("paste").text == "from wl-copy", "not imported: \(bridge?.waitFor("") ?? "")")
    // The board's item, offered over it at start, would be served now: the offer comes
    // before the import ends.
    #expect(try paste().text == "from wl-copy")
    #expect(try sandbox.changeCount() == 2, "one import")
    #expect(bridge?.waitFor("pb bridge").isEmpty == true, "the bridge reported: \(bridge?.waitFor("") ?? "")")
    if let pid = bridge?.pid { crash([pid]) }
    bridge = nil

    // A password manager's copy (pb's offer of a concealed item, with the password
    // hint) on the clipboard when the bridge starts again.
    try #require(try sandbox.pb(["copy", "-p", "vault", "--concealed"], stdin: Data("hunter2".utf8)).status == 0)
    try #require(try sandbox.pb(["publish", "-p", "vault"], environment: environment).status == 0)
    try #require(try paste().text == "hunter2")
    let again = try Background.bridge(sandbox, environment: environment)
    #expect(try paste().text == "hunter2")
    // The next copy is taken in after what the bridge read at start: had it imported the
    // password, the count would show.
    try #require(try sway.copy(sandbox, ["after"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    #expect(try sandbox.pb("paste").text == "after", "\(again.waitFor(""))")
    #expect(try sandbox.changeCount() == 3, "the password was imported")
  }
}
