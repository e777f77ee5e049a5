import Foundation
import Testing

/// `pb bridge --remote`: a board here and one on another machine (a private sshd on
/// loopback) kept in step both ways, no change carried back, secrets kept at home.
@Suite(
  "pb bridge --remote", .tags(.endToEnd, .remote),
  .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd: scripts/install-dependencies.sh --tests installs openssh-server"))
struct RemoteBridgeTests {
  /// pb run on the remote machine's store directly, as a user logged in there would.
  private func there(_ sandbox: Sandbox, _ sshd: PrivateSSHD, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try sandbox.pb(arguments, stdin: stdin, environment: ["PB_DIR": sshd.remoteStore.path])
  }

  private func actions(_ result: Result) -> [String] {
    result.lines.dropFirst().prefix { !$0.hasPrefix("redo") }.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) }
  }

  @Test("changes cross both ways, each imported once as Bridge and never sent back")
  func bothWays() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    #expect(try sandbox.pb(["copy", "-p", "clips"], stdin: Data("from here".utf8)).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge", "--remote", "\(sshd.host):clips", "-p", "clips"],
      environment: sshd.environment.merging(["PB_DIR": sandbox.store.path]) { $1 })

    // What this side held goes there first.
    try waitUntil { try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "from here" }
    #expect(try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "from here", "\(bridge.waitFor("never"))")

    // A copy there comes here, with every representation.
    let html = try sandbox.file("page.html", "<b>bold</b>")
    let text = try sandbox.file("page.txt", "bold")
    #expect(try there(sandbox, sshd, ["copy", "-p", "clips", "-r", "public.html=" + html, "-r", "public.utf8-plain-text=" + text]).status == 0)
    try waitUntil { try sandbox.pb(["paste", "-p", "clips", "-t", "public.html"]).text == "<b>bold</b>" }
    #expect(try sandbox.pb(["paste", "-p", "clips", "-t", "public.html"]).text == "<b>bold</b>")
    #expect(try sandbox.pb(["paste", "-p", "clips", "-t", "public.utf8-plain-text"]).text == "bold")

    // A copy here goes there.
    #expect(try sandbox.pb(["copy", "-p", "clips"], stdin: Data("back again".utf8)).status == 0)
    try waitUntil { try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "back again" }
    #expect(try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "back again")

    // Settled: no change goes on bouncing between the two. One more copy there crosses
    // after anything sent back would have, and adds one change to each side.
    let counts = { (try sandbox.changeCount("clips"), try there(sandbox, sshd, ["count", "-p", "clips"]).text) }
    let settled = try counts()
    #expect(settled.0 == 3 && settled.1 == "3\n", "\(settled)")
    #expect(try there(sandbox, sshd, ["copy", "-p", "clips"], stdin: Data("last".utf8)).status == 0)
    try waitUntil { try sandbox.pb(["paste", "-p", "clips"]).text == "last" }
    let later = try counts()
    #expect(later.0 == 4 && later.1 == "4\n", "the counts went on from \(settled) to \(later)")
    // Each side: its own copies, and one Bridge entry for each change of the other's.
    #expect(actions(try sandbox.pb(["history", "-p", "clips"])) == ["Bridge", "Copy", "Bridge", "Copy"])
    #expect(actions(try there(sandbox, sshd, ["history", "-p", "clips"])) == ["Copy", "Bridge", "Copy", "Bridge"])
  }

  @Test("a change holding a concealed item stays on its side, unless --concealed")
  func concealedStays() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    let environment = sshd.environment.merging(["PB_DIR": sandbox.store.path]) { $1 }
    var bridge: Background? = try Background(sandbox, [Sandbox.binary, "bridge", "--remote", sshd.host + ":"], environment: environment)
    #expect(try sandbox.pb(["copy"], stdin: Data("plain".utf8)).status == 0)
    try waitUntil { try there(sandbox, sshd, ["paste"]).text == "plain" }
    #expect(try there(sandbox, sshd, ["paste"]).text == "plain")
    let before = try there(sandbox, sshd, ["count"]).text
    #expect(try sandbox.pb(["copy", "--concealed"], stdin: Data("secret".utf8)).status == 0)
    #expect(try sandbox.pb(["copy", "-a"], stdin: Data("after".utf8)).status == 0)
    // A plain copy next crosses after them: it is the one change there.
    #expect(try sandbox.pb(["copy"], stdin: Data("next".utf8)).status == 0)
    try waitUntil { try there(sandbox, sshd, ["paste"]).text == "next" }
    #expect(try there(sandbox, sshd, ["count"]).text == "\((Int(before.trimmingCharacters(in: .newlines)) ?? -2) + 1)\n")
    let leaked = try sandbox.shell("grep -rlE 'secret|after' '\(sshd.remoteStore.path)' || true")
    #expect(leaked.text.isEmpty, "the secret, and what came with it, stayed here: \(leaked)")
    _ = bridge
    bridge = nil
    #expect(try sandbox.pb(["copy", "--concealed"], stdin: Data("secret".utf8)).status == 0)
    #expect(try sandbox.pb(["copy", "-a"], stdin: Data("after".utf8)).status == 0)

    bridge = try Background(sandbox, [Sandbox.binary, "bridge", "--remote", sshd.host, "--concealed"], environment: environment)
    try waitUntil { try there(sandbox, sshd, ["items", "-i", "all"]).lines.count == 2 }
    let items = try there(sandbox, sshd, ["items", "-i", "all", "--json"])
    #expect(items.text.contains("\"concealed\" : true"), "\(items)")
    #expect(try there(sandbox, sshd, ["paste", "-i", "-1"]).text == "after")
    _ = bridge
  }
}
