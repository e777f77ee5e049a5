import Foundation
import Testing

/// A password manager's copy (`x-kde-passwordManagerHint=secret`) imported with
/// `pb import` is a concealed item, stored in plain text under `data/`: it expires (30 s
/// by default, `--expire`), and then leaves the board, the disk and history.
@Suite("an imported secret expires, and leaves the disk and history when it does", .tags(.endToEnd, .desktop))
struct ImportedSecretTests {
  /// A password manager's copy of `secret` on `x`'s clipboard.
  private func password(_ sandbox: Sandbox, _ x: PrivateX, _ secret: String) throws -> Background {
    try x.offer(
      sandbox, ["UTF8_STRING=\(try sandbox.file("pw.txt", secret))", "x-kde-passwordManagerHint=\(try sandbox.file("hint", "secret"))"])
  }

  /// The files under the store that hold `bytes`.
  private func files(_ sandbox: Sandbox, holding bytes: String) -> [String] {
    let root = sandbox.store.path
    let needle = Data(bytes.utf8)
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { FileManager.default.contents(atPath: root + "/" + $0)?.range(of: needle) != nil }
  }

  /// pb's watchers of an imported secret on `x`'s display.
  private func watchers(_ x: PrivateX) -> [Int32] {
    ownerProcesses(with: "DISPLAY=\(x.display)", command: "__secret-watch")
  }

  /// Whether process `pid` has ended (a zombie has too).
  private func hasEnded(_ pid: Int32) -> Bool {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return status.isEmpty || status.split(separator: ")").last?.dropFirst().first == "Z"
  }

  private static func date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  @Test("an imported password expires 30 s after the import by default")
  func defaultExpiry() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try password(sandbox, x, "hunter2")
    let before = Date()
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("paste").text == "hunter2", "the import took effect")
    #expect(try sandbox.pb("items").text.contains("<concealed>"))
    let info = try sandbox.json(try sandbox.pb("info", "--json")) as? [String: Any]
    let expires = (info?["expires"] as? String).flatMap(Self.date)
    #expect(expires != nil, "\(String(describing: info))")
    if let expires {
      let after = expires.timeIntervalSince(before)
      #expect(after > 25 && after <= 31, "expires \(after) s after the import")
    }

    // Not a password: no expiry of its own.
    let plain = try x.offer(sandbox, ["UTF8_STRING=\(try sandbox.file("plain.txt", "words"))"])
    #expect(try sandbox.pb(["import"], environment: x.environment).status == 0)
    #expect(try sandbox.pb("paste").text == "words", "the second import took effect")
    let second = try sandbox.json(try sandbox.pb("info", "--json")) as? [String: Any]
    #expect(second?["expires"] is NSNull, "\(String(describing: second))")
    withExtendedLifetime((owner, plain)) {}
  }

  @Test("--expire: once the secret expires it is gone from the board, from every file of the store and from undo")
  func expiredSecretLeavesDiskAndHistory() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let owner = try password(sandbox, x, "correct horse battery staple")
    // Long enough that the checks below see the secret stored on a loaded machine.
    let imported = try sandbox.pb(["import", "--expire", "5s"], environment: x.environment)
    try #require(imported.status == 0, "\(imported)")
    // The import took effect: the secret is the board's item, in plain text on disk.
    #expect(try sandbox.pb("paste").text == "correct horse battery staple")
    #expect(!files(sandbox, holding: "correct horse battery staple").isEmpty, "the secret is stored")
    waitUntil(seconds: 30) { (try? sandbox.pb("paste").status) == 1 }
    #expect(try sandbox.pb("paste").status == 1, "expired")
    #expect(files(sandbox, holding: "correct horse battery staple") == [], "no file holds the secret")
    let undone = try sandbox.pb("undo")
    #expect(undone.status == 0, "\(undone)")
    #expect(try sandbox.pb("paste").text == "before", "undo gives the state before the import")
    #expect(files(sandbox, holding: "correct horse battery staple") == [], "undo brought no secret back")
    #expect(!(try sandbox.pb("history").text.contains("correct horse")))
    withExtendedLifetime(owner) {}

    let bad = try sandbox.pb(["import", "--expire", "soon"], environment: x.environment)
    #expect(bad.status == 64 && bad.stderr.contains("soon"), "\(bad)")
    #expect(try sandbox.pb("paste").text == "before", "a bad --expire changes nothing")
  }

  /// How a password manager lets its copy go: it exits (KeePassXC closed), clears the
  /// clipboard (after its 10 s), or another application copies.
  enum Withdrawal: String, CaseIterable {
    case exits, clears, replaced
  }

  private func withdraw(_ how: Withdrawal, _ owner: Background, _ sandbox: Sandbox, _ x: PrivateX) throws {
    switch how {
    case .exits: kill(owner.pid, SIGKILL)
    case .clears: try #require(try x.client(sandbox, "xsel", ["--clipboard", "--clear"]).status == 0)
    case .replaced: try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("other".utf8)).status == 0)
    }
  }

  @Test("the copy withdrawn from the desktop, the imported secret leaves the disk with no pb command run", arguments: Withdrawal.allCases)
  func withdrawnSecretLeavesDisk(_ how: Withdrawal) throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try password(sandbox, x, "withdrawn hunter2")
    let imported = try sandbox.pb(["import"], environment: x.environment)
    try #require(imported.status == 0, "\(imported)")
    try #require(!files(sandbox, holding: "withdrawn hunter2").isEmpty, "the secret is stored")
    try withdraw(how, owner, sandbox, x)
    // Only the store's files are read from here on: no pb command removes it.
    waitUntil { files(sandbox, holding: "withdrawn hunter2").isEmpty }
    #expect(files(sandbox, holding: "withdrawn hunter2") == [], "no file holds the secret once the desktop let it go")
    waitUntil { watchers(x).isEmpty }
    #expect(watchers(x).isEmpty, "the watcher ends with the secret")
    #expect(try sandbox.pb("paste").status == 1, "the board is empty")
    #expect(!(try sandbox.pb("history").text.contains("hunter2")))
    withExtendedLifetime(owner) {}
  }

  @Test("--expire: the secret leaves the disk when it expires, the copy still on the desktop, with no pb command run")
  func expiresWithNoCommand() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try password(sandbox, x, "expiring hunter2")
    // Long enough that the check below sees the secret stored on a loaded machine.
    let imported = try sandbox.pb(["import", "--expire", "5s"], environment: x.environment)
    try #require(imported.status == 0, "\(imported)")
    try #require(!files(sandbox, holding: "expiring hunter2").isEmpty, "the secret is stored")
    waitUntil(seconds: 30) { files(sandbox, holding: "expiring hunter2").isEmpty }
    #expect(files(sandbox, holding: "expiring hunter2") == [], "no file holds the secret once expired")
    #expect(!hasEnded(owner.pid), "the password manager still holds its copy")
    waitUntil { watchers(x).isEmpty }
    #expect(watchers(x).isEmpty, "the watcher ends with the secret")
    withExtendedLifetime(owner) {}
  }

  @Test("the watcher leaves a later copy alone, and ends as soon as the secret is replaced")
  func laterCopyLeftAlone() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try password(sandbox, x, "replaced hunter2")
    try #require(try sandbox.pb(["import"], environment: x.environment).status == 0)
    try #require(!watchers(x).isEmpty, "a watcher watches the imported secret")
    try #require(try sandbox.pb(["copy"], stdin: Data("later".utf8)).status == 0)
    waitUntil { watchers(x).isEmpty }
    #expect(watchers(x).isEmpty, "the watcher ended once the board no longer held the secret")
    try withdraw(.exits, owner, sandbox, x)
    #expect(try sandbox.pb("paste").text == "later", "the later copy stays")
    #expect(files(sandbox, holding: "replaced hunter2") == [])
    withExtendedLifetime(owner) {}
  }

  @Test("pb bridge offering the imported secret: the desktop clearing its offer takes the secret off the disk")
  func bridgedSecretLeavesDisk() throws {
    let sandbox = try Sandbox()
    let (x, bridge) = try PrivateX.bridged(sandbox)
    let owner = try password(sandbox, x, "bridged hunter2")
    let imported = try sandbox.pb(["import"], environment: x.environment)
    try #require(imported.status == 0, "\(imported)")
    // The bridge alone is tested: the import's watcher is gone (as after kill -9).
    for pid in watchers(x) { kill(pid, SIGKILL) }
    // The bridge offers the board's new item, taking the clipboard from the password manager.
    waitUntil { hasEnded(owner.pid) }
    try #require(hasEnded(owner.pid), "the bridge took the clipboard with the secret")
    try #require(try x.client(sandbox, "xsel", ["--clipboard", "--output"]).text == "bridged hunter2")
    try #require(!files(sandbox, holding: "bridged hunter2").isEmpty, "the secret is stored")
    // The password manager clears the clipboard once its time is up.
    try #require(try x.client(sandbox, "xsel", ["--clipboard", "--clear"]).status == 0)
    waitUntil { files(sandbox, holding: "bridged hunter2").isEmpty }
    #expect(files(sandbox, holding: "bridged hunter2") == [], "no file holds the secret once the desktop dropped it")
    #expect(!hasEnded(bridge.pid), "the bridge runs on")
    withExtendedLifetime((owner, bridge)) {}
  }

  @Test("Wayland: the password manager's copy replaced, or its application killed, the imported secret leaves the disk", arguments: [true, false])
  func waylandWithdrawal(_ replaced: Bool) throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let owner = try Background(
      sandbox,
      [
        "python3", ImportRobustnessTests.waylandLateClient, "offer", "text/plain=\(try sandbox.file("pw.txt", "wayland hunter2"))",
        "x-kde-passwordManagerHint=\(try sandbox.file("hint", "secret"))",
      ], environment: sway.environment)
    try #require(owner.waitFor("owned").contains("owned"), "\(owner.waitFor("owned"))")
    let imported = try sandbox.pb(["import"], environment: sway.environment)
    try #require(imported.status == 0, "\(imported)")
    try #require(!files(sandbox, holding: "wayland hunter2").isEmpty, "the secret is stored")
    let watchers = { ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)", command: "__secret-watch") }
    if replaced {
      try #require(try sway.copy(sandbox, ["other"]).status == 0)
    } else {
      kill(owner.pid, SIGKILL)
    }
    waitUntil { files(sandbox, holding: "wayland hunter2").isEmpty }
    #expect(files(sandbox, holding: "wayland hunter2") == [], "no file holds the secret once the desktop let it go")
    waitUntil { watchers().isEmpty }
    #expect(watchers().isEmpty, "the watcher ends with the secret")
    withExtendedLifetime(owner) {}
  }
}
