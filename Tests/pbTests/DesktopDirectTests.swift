import Foundation
import Testing

/// The desktop's clipboard read, listed and cleared in place, as `xclip -o`, `wl-paste
/// -l` and `wl-copy --clear` do, against real owners (xclip, wl-copy, an X client
/// offering several targets): nothing stored, and a bridged board's clear reaching the
/// desktop.
@Suite("the desktop directly: pb paste, types and clear --desktop on X11 and Wayland", .tags(.endToEnd, .desktop))
struct DesktopDirectTests {
  /// Text with characters past ASCII and no final newline, to be read byte for byte.
  static let text = "café ☃ au lait"
  /// Bytes that are no text, 200 KB: past X11's single-property size, so xclip sends INCR.
  static let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 131 >> 5) })

  /// Every file under the store, with its size, to see that nothing was written.
  static func storeFiles(_ sandbox: Sandbox) -> [String] {
    let walker = FileManager.default.enumerator(atPath: sandbox.store.path)
    var files: [String] = []
    while let path = walker?.nextObject() as? String {
      let size = (try? FileManager.default.attributesOfItem(atPath: sandbox.store.appendingPathComponent(path).path)[.size]) as? Int
      files.append("\(path) \(size ?? -1)")
    }
    return files.sorted()
  }

  /// A board with an item, its change count and the store's files, taken before a
  /// command that must not write.
  static func seededStore(_ sandbox: Sandbox) throws -> (count: Int, files: [String]) {
    try #require(try sandbox.pb(["copy"], stdin: Data("on the board".utf8)).status == 0)
    return (try sandbox.changeCount(), storeFiles(sandbox))
  }

  @Test("X11: paste --desktop writes xclip's text and image byte for byte, and stores nothing")
  func pasteFromXclip() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let before = try Self.seededStore(sandbox)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data(Self.text.utf8)).status == 0)
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]).text == Self.text, "xclip owns the text")
    let text = try sandbox.pb(["paste", "--desktop"], environment: x.environment)
    #expect(text.status == 0 && text.stdout == Data(Self.text.utf8), "\(text)")

    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-t", "image/png", "-i"], stdin: Self.image).status == 0)
    let image = try sandbox.pb(["paste", "--desktop"], environment: x.environment)
    #expect(image.status == 0 && image.stdout == Self.image, "\(image)")
    let chosen = try sandbox.pb(["paste", "--desktop", "-t", "public.image"], environment: x.environment)
    #expect(chosen.stdout == Self.image, "\(chosen)")
    // The primary selection is its own.
    try #require(try x.xclipCopy(sandbox, ["-selection", "primary", "-i"], stdin: Data("selected".utf8)).status == 0)
    #expect(try sandbox.pb(["paste", "--desktop", "--selection", "primary"], environment: x.environment).text == "selected")

    #expect(try sandbox.changeCount() == before.count)
    #expect(Self.storeFiles(sandbox) == before.files)
    #expect(try sandbox.pb("paste").text == "on the board")
  }

  @Test("X11: -t chooses among an owner's targets as paste -t does; one not offered is exit 1 naming what is")
  func chooseFromOffer() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("page.html", "<b>café</b>")
    let plain = try sandbox.file("page.txt", "café")
    let offer = try x.offer(sandbox, ["text/html=\(html)", "UTF8_STRING=\(plain)", "application/x-copyq-owner=\(plain)"])
    #expect(try sandbox.pb(["paste", "--desktop"], environment: x.environment).text == "<b>café</b>", "the first offered")
    #expect(try sandbox.pb(["paste", "--desktop", "-t", "public.plain-text"], environment: x.environment).text == "café")
    let both = try sandbox.pb(["paste", "--desktop", "-t", "public.png,public.utf8-plain-text,public.html"], environment: x.environment)
    #expect(both.text == "café", "the first preferred type offered wins: \(both)")

    let missing = try sandbox.pb(["paste", "--desktop", "-t", "public.png"], environment: x.environment)
    #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing)")
    #expect(missing.stderr == "pb: the desktop's clipboard selection offers no public.png; it offers text/html, UTF8_STRING\n", "\(missing)")

    let listed = try sandbox.pb(["types", "--desktop"], environment: x.environment)
    #expect(
      listed.lines == ["text/html\tpublic.html", "UTF8_STRING\tpublic.utf8-plain-text", "application/x-copyq-owner\t(mark of who holds it)"],
      "\(listed)")
    let text = try sandbox.pb(["types", "--desktop", "--conforming-to", "public.text", "--json"], environment: x.environment)
    let json = try #require(try sandbox.json(text) as? [[String: Any]], "\(text)")
    #expect(json.map { $0["name"] as? String } == ["text/html", "UTF8_STRING"])
    #expect(json.map { $0["type"] as? String } == ["public.html", "public.utf8-plain-text"])
    #expect(try sandbox.pb(["types", "--desktop", "--conforming-to", "public.image"], environment: x.environment).status == 1)
    _ = offer
  }

  @Test("X11: types --desktop names every secret mark pb honours as one, not as a name without a type")
  func everySecretMarkListed() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let plain = try sandbox.file("secret.txt", "hunter2")
    let marks = ["x-kde-passwordManagerHint", "application/x-copyq-hidden", "org.nspasteboard.ConcealedType", "org.nspasteboard.TransientType"]
    let offer = try x.offer(sandbox, ["UTF8_STRING=\(plain)"] + marks.map { "\($0)=\(plain)" })
    let listed = try sandbox.pb(["types", "--desktop"], environment: x.environment)
    #expect(listed.status == 0 && listed.lines.first == "UTF8_STRING\tpublic.utf8-plain-text", "\(listed)")
    #expect(Array(listed.lines.dropFirst()) == marks.map { "\($0)\t(mark of a secret)" }, "\(listed)")
    _ = offer
  }

  @Test("X11: types --desktop lists xclip's offer; clear --desktop leaves xclip -o nothing, and the store as it was")
  func listAndClearXclip() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let before = try Self.seededStore(sandbox)
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-t", "image/png", "-i"], stdin: Self.image).status == 0)
    let listed = try sandbox.pb(["types", "--desktop"], environment: x.environment)
    #expect(listed.status == 0 && listed.lines == ["image/png\tpublic.png"], "\(listed)")

    let cleared = try sandbox.pb(["clear", "--desktop"], environment: x.environment)
    #expect(cleared.status == 0 && cleared.stderr.isEmpty, "\(cleared)")
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"])
    #expect(read.status != 0 && read.stdout.isEmpty, "\(read)")
    let empty = try sandbox.pb(["paste", "--desktop"], environment: x.environment)
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(empty.status == 1 && empty.status == imported.status && empty.stderr == imported.stderr, "\(empty)\n\(imported)")
    #expect(try sandbox.changeCount() == before.count)
    #expect(Self.storeFiles(sandbox) == before.files)
  }

  @Test("with no desktop, paste, types and clear --desktop fail as pb import does")
  func noDesktop() throws {
    let sandbox = try Sandbox()
    let none = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]
    let imported = try sandbox.pb(["import"], environment: none)
    #expect(imported.status == 69 && imported.stderr.hasPrefix("pb: no desktop clipboard: "), "\(imported)")
    for command in [["paste", "--desktop"], ["types", "--desktop"], ["clear", "--desktop"]] {
      let result = try sandbox.pb(command, environment: none)
      #expect(result.status == imported.status && result.stderr == imported.stderr, "\(result)")
    }
    #expect(try sandbox.pb(["paste", "--desktop", "--if-available"], environment: none).status == 0)
  }

  @Test("publish --dry-run lists what a publish would offer, derived names marked, with no desktop to reach")
  func publishDryRun() throws {
    let sandbox = try Sandbox()
    let html = try sandbox.file("page.html", "<p>Tea &amp; cake</p>")
    try #require(try sandbox.pb("copy", "-t", "public.html", html).status == 0)
    let none = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]
    let listed = try sandbox.pb(["publish", "--dry-run"], environment: none)
    #expect(listed.status == 0, "\(listed)")
    #expect(listed.lines.first == "text/html\tpublic.html", "\(listed)")
    #expect(listed.lines.contains("UTF8_STRING\tderived from public.html"), "\(listed)")
    let report = try sandbox.pb(["publish", "--dry-run", "--json"], environment: none)
    let json = try #require(try sandbox.json(report) as? [[String: Any]], "\(report)")
    #expect(json.first?["name"] as? String == "text/html" && json.first?["derived"] as? Bool == false)
    #expect(json.contains { $0["name"] as? String == "UTF8_STRING" && $0["derived"] as? Bool == true }, "\(report)")
  }

  @Test("the desktop options are refused where they choose nothing, and board options with --desktop")
  func usage() throws {
    let sandbox = try Sandbox()
    for line in [
      ["paste", "--selection", "primary"], ["types", "--backend", "x11"], ["clear", "--if-available"],
      ["paste", "--desktop", "-p", "work"], ["paste", "--desktop", "-o", "out"], ["paste", "--desktop", "--json"],
      ["types", "--desktop", "-i", "1"], ["clear", "--desktop", "--no-undo"], ["publish", "--json"],
      ["publish", "--dry-run", "--osc52"],
    ] {
      let result = try sandbox.pb(line)
      #expect(result.status == 64 && result.stderr.contains("give"), "\(result)")
    }
  }

  @Test("X11: pb clear of a bridged board empties the desktop, whether pb's offer or an application's held it")
  func bridgedClearOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try Self.checkBridgedClear(
      sandbox, environment: x.environment,
      desktop: { try? x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) },
      applicationCopy: { try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data($0.utf8)) })
  }

  @Test("Wayland: paste --desktop writes wl-copy's text and image byte for byte, -t chooses, nothing stored")
  func pasteFromWlCopy() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let before = try Self.seededStore(sandbox)
    try #require(try sway.copy(sandbox, ["-n"], stdin: Data(Self.text.utf8)).status == 0)
    #expect(try sway.client(sandbox, "wl-paste", ["-n"]).text == Self.text, "wl-copy owns the text")
    let text = try sandbox.pb(["paste", "--desktop"], environment: sway.environment)
    #expect(text.status == 0 && text.stdout == Data(Self.text.utf8), "\(text)")

    try #require(try sway.copy(sandbox, ["-t", "image/png"], stdin: Self.image).status == 0)
    let image = try sandbox.pb(["paste", "--desktop", "-t", "public.png"], environment: sway.environment)
    #expect(image.status == 0 && image.stdout == Self.image, "\(image)")
    let missing = try sandbox.pb(["paste", "--desktop", "-t", "public.html"], environment: sway.environment)
    #expect(missing.status == 1 && missing.stderr == "pb: the desktop's clipboard selection offers no public.html; it offers image/png\n", "\(missing)")
    let listed = try sandbox.pb(["types", "--desktop"], environment: sway.environment)
    #expect(listed.status == 0 && listed.lines == ["image/png\tpublic.png"], "\(listed)")

    try #require(try sway.copy(sandbox, ["-p", "selected"]).status == 0)
    #expect(try sandbox.pb(["paste", "--desktop", "--selection", "primary"], environment: sway.environment).text == "selected")
    #expect(try sandbox.changeCount() == before.count)
    #expect(Self.storeFiles(sandbox) == before.files)
  }

  @Test("Wayland: types --desktop lists wl-copy's offer as wl-paste -l does; clear --desktop leaves wl-paste nothing")
  func listAndClearWlCopy() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let before = try Self.seededStore(sandbox)
    try #require(try sway.copy(sandbox, [Self.text]).status == 0)
    let offered = try sway.client(sandbox, "wl-paste", ["-l"]).lines
    let listed = try sandbox.pb(["types", "--desktop"], environment: sway.environment)
    #expect(listed.status == 0 && listed.lines.map { $0.split(separator: "\t").first.map(String.init) } == offered, "\(listed)")
    #expect(listed.lines.allSatisfy { $0.hasSuffix("\tpublic.utf8-plain-text") }, "\(listed)")

    let cleared = try sandbox.pb(["clear", "--desktop"], environment: sway.environment)
    #expect(cleared.status == 0 && cleared.stderr.isEmpty, "\(cleared)")
    let read = try sway.client(sandbox, "wl-paste", ["-n"])
    #expect(read.status != 0 && read.stdout.isEmpty, "\(read)")
    #expect(try sandbox.pb(["paste", "--desktop"], environment: sway.environment).status == 1)
    #expect(try sandbox.changeCount() == before.count)
    #expect(Self.storeFiles(sandbox) == before.files)
  }

  @Test("Wayland: pb clear of a bridged board empties the desktop, whether pb's offer or wl-copy's held it")
  func bridgedClearOnWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    try Self.checkBridgedClear(
      sandbox, environment: sway.bridgeEnvironment,
      desktop: { try? sway.client(sandbox, "wl-paste", ["-n"]) }, applicationCopy: { try sway.copy(sandbox, [$0]) })
  }

  @Test("Wayland: clear --desktop with a bridge running stays cleared: the bridge does not put back the copy it kept")
  func clearBesideBridgeOnWayland() throws {
    let sandbox = try Sandbox()
    let (sway, bridge) = try PrivateSway.bridged(sandbox)
    let environment = sway.bridgeEnvironment
    // Every selection in turn, as the desktop's clients see them.
    let watcher = try Background(sandbox, ["wl-paste", "--watch", "sh", "-c", "cat; echo ' |'"], environment: environment)
    try #require(try sway.copy(sandbox, ["-n", "copied"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "copied" }
    try #require(try sandbox.pb("paste").text == "copied", "the bridge imports wl-copy's copy: \(bridge.waitFor(""))")
    try #require(watcher.waitFor("copied |").contains("copied |"))

    let cleared = try sandbox.pb(["clear", "--desktop"], environment: environment)
    #expect(cleared.status == 0 && cleared.stderr.isEmpty, "\(cleared)")
    #expect(try sway.client(sandbox, "wl-paste", ["-n"]).status != 0, "the clipboard is empty")
    // A copy after the clear, once the bridge has taken it in, follows the clear's events:
    // by then a copy put back would have come between.
    try #require(try sway.copy(sandbox, ["-n", "after"]).status == 0)
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    try #require(try sandbox.pb("paste").text == "after", "the bridge imports the next copy: \(bridge.waitFor(""))")
    let seen = watcher.waitFor("after |")
    let between = seen.range(of: "copied |").map { seen[$0.upperBound...] } ?? ""
    #expect(seen.contains("after |") && !between.contains("copied"), "the cleared copy came back: \(seen)")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }

  /// With a bridge running on the desktop of `environment`, `pb clear` leaves `desktop`
  /// (the clipboard as a client reads it) nothing, first when pb's offer of the board's
  /// item holds it, then when an application's copy (`applicationCopy`) that the bridge
  /// imported does.
  static func checkBridgedClear(
    _ sandbox: Sandbox, environment: [String: String], desktop: () -> Result?, applicationCopy: (String) throws -> Result
  ) throws {
    try #require(try sandbox.pb(["copy"], stdin: Data("start".utf8)).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: environment)
    waitUntil(seconds: 30) { desktop()?.text == "start" }
    #expect(desktop()?.text == "start", "the bridge offers the board's item: \(bridge.waitFor(""))")
    try #require(try sandbox.pb("clear").status == 0)
    waitUntil(seconds: 30) { desktop()?.status != 0 }
    #expect(desktop()?.status != 0 && desktop()?.stdout.isEmpty == true, "pb's offer withdrawn")

    try #require(try applicationCopy("from app").status == 0)
    waitUntil(seconds: 30) { (try? sandbox.pb("paste").text) == "from app" }
    #expect(try sandbox.pb("paste").text == "from app", "the bridge imports the application's copy")
    try #require(try sandbox.pb("clear").status == 0)
    waitUntil(seconds: 30) { desktop()?.status != 0 }
    #expect(desktop()?.status != 0 && desktop()?.stdout.isEmpty == true, "the application's copy gone: \(String(describing: desktop()))")
    withExtendedLifetime(bridge) {}
  }

  @Test("X11: an owner killed in the middle of an INCR transfer is said to have gone away, not to have kept sending")
  func ownerKilledMidTransfer() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try Background(sandbox, ["python3", DesktopTests.client, "midway", "image/png"], environment: x.environment)
    try #require(owner.waitFor("owned").contains("owned"))
    // It kills itself once its first piece is sent: pb hears of it at once, well within
    // the 2 s a type has, and so never waits long enough to call it late.
    let pasted = try sandbox.pb(["paste", "--desktop", "-t", "public.png"], environment: x.environment)
    #expect(pasted.status == 75 && pasted.stdout.isEmpty, "\(pasted)")
    #expect(
      pasted.stderr == "pb: the application that owns the clipboard selection went away after sending 64.0 KiB, before the end of its data; "
        + "copy again in the application, then try again\n", "\(pasted.stderr)")
  }

  @Test("X11: -t of a type listed past the first 100 says pb read only those, not that the owner offers none")
  func wantedPastTypeLimit() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("page.html", "<b>late</b>")
    let offer = try x.offer(sandbox, (0..<120).map { "application/x-many-\($0)=" } + ["text/html=\(html)"])
    #expect(try sandbox.pb(["types", "--desktop"], environment: x.environment).lines.count == 100, "the offer took effect")
    let pasted = try sandbox.pb(["paste", "--desktop", "-t", "html"], environment: x.environment)
    #expect(pasted.status == 1 && pasted.stdout.isEmpty, "\(pasted)")
    #expect(
      pasted.stderr.hasSuffix(
        "pb: only the first 100 of the 121 types the desktop's clipboard selection offers are read, and public.html is not "
          + "among them; no pb command reads further\n"), "\(pasted.stderr)")
    _ = offer
  }

  @Test("X11: a type late or without end tells paste --desktop's user to import it with a longer --timeout, which paste lacks")
  func lateTypeNamesImport() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let fix = "; try again, or import it with a longer limit: pb import --timeout 60s\n"
    let endless = try ImportRobustnessTests.lateOwner(sandbox, x, ["application/x-endless=endless:0.005"])
    let sending = try sandbox.pb(["paste", "--desktop"], environment: x.environment)
    #expect(endless.waitFor("answered application/x-endless").contains("answered application/x-endless"), "it began to send")
    #expect(sending.status == 75 && sending.stdout.isEmpty, "\(sending)")
    #expect(
      sending.stderr == "pb: the application that owns the clipboard selection kept sending for 2.0 s without ending its data" + fix,
      "\(sending.stderr)")
    let silent = try ImportRobustnessTests.lateOwner(sandbox, x, ["application/x-silent=never"])
    let late = try sandbox.pb(["paste", "--desktop"], environment: x.environment)
    #expect(silent.waitFor("asked application/x-silent").contains("asked application/x-silent"), "it was asked")
    #expect(late.status == 75 && late.stderr == "pb: the application that owns the clipboard selection did not answer within 2.0 s" + fix, "\(late)")
    // The option the hint names is import's, and paste has none.
    #expect(try sandbox.pb(["import", "--help"]).text.contains("--timeout") == true)
    #expect(try sandbox.pb(["paste", "--help"]).text.contains("--timeout") == false)
  }
}
