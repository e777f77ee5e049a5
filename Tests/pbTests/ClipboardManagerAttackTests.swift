import Foundation
import Testing

/// Attacks on `pb bridge` as the desktop's clipboard manager: hostile X clients and
/// requests the clipboard manager specification does not expect.
@Suite("pb bridge as clipboard manager, attacked", .tags(.endToEnd, .desktop))
struct ClipboardManagerAttackTests {
  /// Asks CLIPBOARD_MANAGER for SAVE_TARGETS N times, as an application does before it
  /// exits; prints "ok", "refused" or "timeout" and the seconds each answer took.
  static let saveRequests = """
    import select, sys, time
    from Xlib import X, display
    d = display.Display()
    manager, save = d.intern_atom("CLIPBOARD_MANAGER"), d.intern_atom("SAVE_TARGETS")
    for _ in range(int(sys.argv[1])):
        w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        w.convert_selection(manager, save, d.intern_atom("PB_SAVE"), X.CurrentTime)
        d.flush()
        started, answer = time.time(), "timeout"
        while answer == "timeout" and time.time() < started + 10:
            while d.pending_events():
                e = d.next_event()
                if e.type == X.SelectionNotify and e.requestor == w:
                    answer = "ok" if e.property else "refused"
            if answer == "timeout":
                select.select([d], [], [], started + 10 - time.time())
        print(answer, "%.2f" % (time.time() - started), flush=True)
        w.destroy()
    """

  @Test("X11: SAVE_TARGETS while pb's own offer holds the clipboard is answered at once, not read from itself")
  func saveWhileOwnOfferHolds() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("the board's own".utf8)).status == 0)
    let bridge = try Background.bridge(sandbox, environment: x.environment)
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try waitUntil { (try? paste().text) == "the board's own" }
    try #require(try paste().text == "the board's own", "the bridge did not offer the board's item")

    let saves = try x.client(sandbox, "python3", ["-c", Self.saveRequests, "3"])
    try #require(saves.status == 0, "\(saves)")
    #expect(saves.lines.count == 3, "\(saves)")
    for line in saves.lines {
      let seconds = Double(line.split(separator: " ").last ?? "") ?? 99
      // Before the fix: the bridge asked itself for the clipboard and waited out its
      // 2 s time limit, then refused.
      #expect(line.hasPrefix("ok ") && seconds < 1, "\(saves)")
    }
    #expect(try paste().text == "the board's own")
    #expect(try sandbox.changeCount() == 1, "a save of pb's own offer is no change")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  /// install.sh copied beside stand-ins for its build and dependency steps (the
  /// installed pb is the one under test): what it writes, without a release build.
  static func stagedInstaller(_ sandbox: Sandbox) throws -> String {
    let tree = sandbox.root.appendingPathComponent("installer").path
    let repository = DocsTests.repository.path
    let setup = try sandbox.shell(
      """
      set -e
      mkdir -p '\(tree)/scripts' '\(tree)/man' '\(tree)/completions' '\(tree)/docs'
      cp '\(repository)/install.sh' '\(repository)/README.md' '\(tree)/'
      cp '\(repository)/man/pb.1' '\(tree)/man/'
      cp '\(repository)/docs/'*.md '\(tree)/docs/'
      cp '\(repository)/completions/pb.bash' '\(repository)/completions/_pb' '\(repository)/completions/pb.fish' '\(tree)/completions/'
      printf '#!/bin/sh\\nexit 0\\n' > '\(tree)/scripts/install-dependencies.sh'
      printf '#!/bin/sh\\necho %s\\n' '\(Sandbox.binary)' > '\(tree)/scripts/build-release.sh'
      chmod +x '\(tree)/scripts/'*.sh
      """)
    try #require(setup.status == 0, "\(setup)")
    return tree
  }

  @Test("install.sh: a PREFIX with a space, %, $ and ` gives a unit and an autostart entry that run the installed pb; one systemd cannot run is refused")
  func installOddPrefix() throws {
    let sandbox = try Sandbox()
    let tree = try Self.stagedInstaller(sandbox)
    let prefix = sandbox.root.appendingPathComponent("my apps/100% $HOME `x`").path
    let environment = ["PREFIX": prefix, "AUTOSTART_DIR": prefix + "/autostart", "DESTDIR": ""]
    let install = try sandbox.run(tree + "/install.sh", [], stdin: nil, environment: environment)
    try #require(install.status == 0, "\(install)")
    let unitPath = prefix + "/share/systemd/user/pb-bridge.service"
    let unit = (try? String(contentsOfFile: unitPath, encoding: .utf8)) ?? ""
    // systemd splits a command line at spaces outside quotes and expands % there; it
    // ran "/.../my" before.
    let escaped = (prefix + "/bin/pb").replacingOccurrences(of: "%", with: "%%")
    #expect(unit.split(separator: "\n").contains("ExecStart=\"\(escaped)\" bridge"), "\(unit)")
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
      let verify = try sandbox.run("/usr/bin/systemd-analyze", ["verify", unitPath], stdin: nil, environment: [:])
      #expect(!verify.stderr.contains("ExecStart") && !verify.stderr.contains("not executable") && !verify.stderr.contains("special characters"), "\(verify)")
    }
    // The entry as GLib reads it: the string's escapes, then the shell-like quoting of
    // Exec, then %% as %.
    let entry = prefix + "/autostart/pb-bridge.desktop"
    let parse = """
      import sys
      from gi.repository import GLib
      k = GLib.KeyFile()
      k.load_from_file(sys.argv[1], 0)
      print("\\n".join(a.replace("%%", "%") for a in GLib.shell_parse_argv(k.get_string("Desktop Entry", "Exec"))[1]))
      """
    let argv = try sandbox.run("/usr/bin/python3", ["-c", parse, entry], stdin: nil, environment: [:])
    #expect(argv.status == 0 && argv.lines == [prefix + "/bin/pb", "bridge"], "\(argv)")
    let uninstall = try sandbox.run(tree + "/install.sh", ["--uninstall"], stdin: nil, environment: environment)
    #expect(uninstall.status == 0 && uninstall.lines.contains("removed \(unitPath)") && uninstall.lines.contains("removed \(entry)"), "\(uninstall)")
    #expect(!FileManager.default.fileExists(atPath: unitPath) && !FileManager.default.fileExists(atPath: entry))

    // systemd refuses a command whose path has a quote or a backslash; a relative
    // PREFIX would name a path relative to wherever the unit starts.
    for odd in [sandbox.root.path + "/it's", sandbox.root.path + "/say \"hi\"", sandbox.root.path + "/back\\slash", "relative/pb"] {
      let refused = try sandbox.run(tree + "/install.sh", [], stdin: nil, environment: ["PREFIX": odd, "AUTOSTART_DIR": sandbox.root.path + "/autostart"])
      #expect(refused.status == 64 && refused.stderr.hasPrefix("install.sh: PREFIX "), "\(odd): \(refused)")
      #expect(!FileManager.default.fileExists(atPath: odd + "/share/systemd/user/pb-bridge.service"), "\(odd)")
    }
  }

  /// An application's window owns the clipboard with "username"; as soon as it has
  /// answered TARGETS, a password manager's window of the same client takes the
  /// clipboard with "hunter2" and the password hint (a user copying a login, then its
  /// password). Prints "owned", then "secret copied"; serves both for 30 s.
  static let copiesDuringRead = """
    import select, sys, time
    from Xlib import X, Xatom, display
    from Xlib.protocol import event

    d = display.Display()
    root = d.screen().root
    A = d.intern_atom
    clip, targets, utf8, hint = A("CLIPBOARD"), A("TARGETS"), A("UTF8_STRING"), A("x-kde-passwordManagerHint")
    wa = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    wb = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    wa.set_selection_owner(clip, X.CurrentTime)
    d.flush()
    print("owned", flush=True)
    secret_taken = False
    end = time.time() + 30
    while time.time() < end:
        while d.pending_events():
            e = d.next_event()
            if e.type != X.SelectionRequest:
                continue
            prop = e.property or e.target
            mine_b = e.owner == wb
            if e.target == targets:
                e.requestor.change_property(prop, Xatom.ATOM, 32, [targets, utf8] + ([hint] if mine_b else []))
            elif e.target == utf8:
                e.requestor.change_property(prop, utf8, 8, b"hunter2" if mine_b else b"username")
            elif e.target == hint and mine_b:
                e.requestor.change_property(prop, utf8, 8, b"secret")
            else:
                prop = X.NONE
            e.requestor.send_event(event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=prop))
            d.flush()
            if e.target == targets and not mine_b and not secret_taken:
                wb.set_selection_owner(clip, X.CurrentTime)  # the password manager copies now
                d.flush()
                secret_taken = True
                print("secret copied", flush=True)
        select.select([d], [], [], max(0, end - time.time()))
    """

  @Test("X11: a password copied while the bridge reads the copy before it is never imported as that copy")
  func secretCopiedMidRead() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("seed".utf8)).status == 0)
    let bridge = try Background.bridge(sandbox, environment: x.environment)
    let clients = try Background(sandbox, ["python3", "-c", Self.copiesDuringRead], environment: x.environment)
    try #require(clients.waitFor("secret copied").contains("secret copied"), "\(clients.waitFor(""))")
    // Once an ordinary copy after them is imported, the bridge has dealt with both.
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("after".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    try #require(try sandbox.pb("paste").text == "after", "the bridge did not import: \(bridge.waitFor(""))")
    // Before: the username's targets were read from the application and the text from
    // the password manager, so "hunter2" was imported as an ordinary item (kept in
    // history, offered unmarked by the next bridge that starts).
    let history = try sandbox.pb("history").text
    #expect(try sandbox.changeCount() == 2, "\(history)")
    #expect(try sandbox.pb("undo").status == 0)
    #expect(try sandbox.pb("paste").text == "seed")
    withExtendedLifetime(clients) {}
  }

  /// Prints the window that owns CLIPBOARD_MANAGER (0 for none).
  static let managerOwner = """
    from Xlib import display
    d = display.Display()
    owner = d.get_selection_owner(d.intern_atom("CLIPBOARD_MANAGER"))
    print(owner.id if owner else 0)
    """

  @Test("X11: a clipboard manager that replaced the bridge's and then quit leaves the bridge the manager again")
  func managerComesBack() throws {
    let sandbox = try Sandbox()
    let (x, bridge) = try PrivateX.bridged(sandbox)
    let manager = { (try? x.client(sandbox, "python3", ["-c", Self.managerOwner]).text) ?? "" }
    try waitUntil { manager() != "0\n" }
    let bridges = manager()
    try #require(bridges != "0\n" && !bridges.isEmpty, "the bridge did not take CLIPBOARD_MANAGER")

    // Another manager replaces it (as ICCCM lets one), runs a while, and quits.
    let other = try Background(sandbox, ["python3", ClipboardManagerTests.client, "manager"], environment: x.environment)
    try #require(other.waitFor("owned").contains("owned"))
    try #require(manager() != bridges)
    kill(other.pid, SIGKILL)
    // Before: nobody was the manager from then on, and no copy outlived its application.
    try waitUntil { manager() == bridges }
    #expect(manager() == bridges)

    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("kept again".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "kept again" }
    try #require(try sandbox.pb("paste").text == "kept again", "the bridge did not import: \(bridge.waitFor(""))")
    let servers = try sandbox.run("/usr/bin/env", ["pgrep", "-x", "xclip"], stdin: nil, environment: [:]).lines.compactMap { Int32($0) }
      .filter { pid in
        let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
        return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "DISPLAY=\(x.display)" }
      }
    try #require(!servers.isEmpty, "xclip left no server")
    for pid in servers { kill(pid, SIGKILL) }
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try waitUntil { try paste().text == "kept again" }
    #expect(try paste().text == "kept again")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  /// A second `pb bridge` of the board on the same desktop, run in the foreground: it
  /// must end at once (before: it ran, and every copy was imported twice).
  private func secondBridge(_ sandbox: Sandbox, _ environment: [String: String]) throws -> Result {
    try sandbox.run(Sandbox.binary, ["bridge"], stdin: nil, environment: environment, timeLimit: 10)
  }

  @Test("X11: a second bridge of the board on the display is refused, naming the first; one started after the first was killed with -9 runs")
  func secondBridgeRefused() throws {
    let sandbox = try Sandbox()
    let (x, first) = try PrivateX.bridged(sandbox)
    let second = try secondBridge(sandbox, x.environment)
    #expect(second.status == 75, "\(second)")
    #expect(second.stderr.split(separator: "\n").count == 1 && second.stderr.hasPrefix("pb: "), "\(second)")
    #expect(second.stderr.contains("pid \(first.pid)") && second.stderr.contains("kill \(first.pid)"), "\(second)")
    // It names the board and the desktop the two would share.
    #expect(second.stderr.contains("'general'") && second.stderr.contains("X display \(x.display)"), "\(second)")

    // One copy, one import.
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("once".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "once" }
    try #require(try sandbox.pb("paste").text == "once", "\(first.waitFor(""))")
    // A second copy, imported after anything more the first brought: one change each.
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("once more".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "once more" }
    #expect(try sandbox.changeCount() == 2, "\((try? sandbox.pb("history").text) ?? "")")

    // A bridge killed with -9 leaves no lock behind.
    kill(first.pid, SIGKILL)
    try waitUntil { !first.isWatching }  // its descriptors closed: it is gone
    let next = try Background.bridge(sandbox, environment: x.environment)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("twice".utf8)).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "twice" }
    #expect(try sandbox.pb("paste").text == "twice", "\(next.waitFor(""))")
    #expect(next.waitFor("pb bridge").isEmpty, "the bridge reported: \(next.waitFor(""))")
    let refused = try secondBridge(sandbox, x.environment)
    #expect(refused.status == 75 && refused.stderr.contains("pid \(next.pid)"), "\(refused)")
  }

  @Test("Wayland: a second bridge of the board on the compositor is refused; each copy is imported once")
  func secondWaylandBridgeRefused() throws {
    let sandbox = try Sandbox()
    let (sway, first) = try PrivateSway.bridged(sandbox)
    let environment = sway.bridgeEnvironment
    let second = try secondBridge(sandbox, environment)
    #expect(second.status == 75 && second.stderr.contains("pid \(first.pid)"), "\(second)")
    #expect(second.stderr.split(separator: "\n").count == 1, "\(second)")
    // The same compositor named as systemd and login sessions name it: by its socket's
    // name in XDG_RUNTIME_DIR.
    let socket = URL(fileURLWithPath: sway.socket)
    var byName = environment
    byName["WAYLAND_DISPLAY"] = socket.lastPathComponent
    byName["XDG_RUNTIME_DIR"] = socket.deletingLastPathComponent().path
    let named = try secondBridge(sandbox, byName)
    #expect(named.status == 75 && named.stderr.contains("pid \(first.pid)"), "\(named)")
    try #require(try sway.copy(sandbox, ["once"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "once" }
    try #require(try sandbox.pb("paste").text == "once", "\(first.waitFor(""))")
    // A second copy, imported after anything more the first brought: one change each.
    try #require(try sway.copy(sandbox, ["once more"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "once more" }
    #expect(try sandbox.changeCount() == 2, "\((try? sandbox.pb("history").text) ?? "")")
    #expect(first.waitFor("pb bridge").isEmpty, "the bridge reported: \(first.waitFor(""))")
  }

  @Test("X11: a bridge started while an older item of its own pasteboard is published offers the pasteboard's item 0; --to-desktop offers it over an application's copy")
  func startsOverOwnOlderItem() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("published before".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    try #require(try sandbox.pb(["copy"], stdin: Data("copied since".utf8)).status == 0)
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try #require(try paste().text == "published before")
    // pb's own offer is no application's copy to keep: the board's newer item replaces it.
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    try waitUntil { (try? paste().text) == "copied since" }
    #expect(try paste().text == "copied since", "\(bridge.waitFor(""))")
    #expect(try sandbox.changeCount() == 2)
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")

    // --to-desktop only offers: over an application's copy too, as before.
    kill(bridge.pid, SIGKILL)
    try waitUntil { !bridge.isWatching }
    let text = try sandbox.file("copy.txt", "the application's copy")
    let application = try x.offer(sandbox, ["UTF8_STRING=\(text)"])
    try #require(try paste().text == "the application's copy")
    let offering = try Background(sandbox, [Sandbox.binary, "bridge", "--to-desktop"], environment: x.environment)
    try waitUntil { (try? paste().text) == "copied since" }
    #expect(try paste().text == "copied since", "\(offering.waitFor(""))")
    #expect(try sandbox.changeCount() == 2)
    withExtendedLifetime(application) {}
  }
}
