import Foundation
import Testing

/// Owners that never answer, or never stop sending: an import has one time limit for the
/// whole copy (10 s by default, `--timeout`), a type that keeps sending is named so, and
/// the bridge goes on publishing pb's own changes while it reads such an owner.
@Suite("an import is bounded as a whole, and the bridge publishes while it reads", .tags(.endToEnd, .desktop, .long))
struct ImportDeadlineTests {
  /// The names of `count` types x11_late_client.py never answers.
  static func silent(_ count: Int) -> [String] {
    (0..<count).map { "application/x-silent-\($0)=never" }
  }

  @Test("an owner listing 5,000 types that never answers costs pb import its 10 s, not 100 types times 2 s")
  func silentOwner() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, Self.silent(5000))
    let started = Date()
    // Killed after 60 s: the import without a whole limit took 202 s.
    let imported = try sandbox.run(Sandbox.binary, ["import"], stdin: nil, environment: x.environment, timeLimit: 60)
    let seconds = Date().timeIntervalSince(started)
    #expect(owner.waitFor("asked application/x-silent-0").contains("asked application/x-silent-0"), "the import asked")
    #expect(imported.status == 75 && imported.stderr.contains("did not answer within 10.0 s"), "\(imported)")
    #expect(imported.stderr.split(separator: "\n").count == 1, "\(imported)")
    #expect(seconds < 14, "the import took \(seconds) s")
    #expect(try sandbox.pb("paste").text == "before", "nothing changed")
  }

  @Test("--timeout bounds the whole import: what answered is kept, the types past it are named")
  func wholeTimeout() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("a.html", "<b>kept</b>")
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, ["text/html=\(html)"] + Self.silent(300))
    let started = Date()
    let imported = try sandbox.run(Sandbox.binary, ["import", "--timeout", "3s"], stdin: nil, environment: x.environment, timeLimit: 60)
    let seconds = Date().timeIntervalSince(started)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("paste").text == "<b>kept</b>", "the import took effect")
    #expect(
      imported.stderr.hasPrefix(
        "pb: left out application/x-silent-0 (no answer in 2 s), application/x-silent-1 (no answer in 3 s), "
          + "application/x-silent-2 (past the import's 3 s), "), "\(imported)")
    #expect(imported.stderr.hasSuffix(" and 290 more; imported 1 type\n"), "\(imported)")
    #expect(seconds < 7, "the import took \(seconds) s")
    withExtendedLifetime(owner) {}

    let bad = try sandbox.pb(["import", "--timeout", "soon"], environment: x.environment)
    #expect(bad.status == 64 && bad.stderr.contains("soon"), "\(bad)")
  }

  @Test("a type that keeps sending is cut by the time limit and named as sending, not as silent")
  func endlessType() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, ["application/x-endless=endless:0.005"])
    let started = Date()
    let imported = try sandbox.run(Sandbox.binary, ["import"], stdin: nil, environment: x.environment, timeLimit: 60)
    let seconds = Date().timeIntervalSince(started)
    #expect(owner.waitFor("answered application/x-endless").contains("answered application/x-endless"), "it began to send")
    #expect(
      imported.status == 75 && imported.stderr.contains("kept sending for 2.0 s") && !imported.stderr.contains("did not answer"),
      "\(imported)")
    #expect(seconds < 8, "the import took \(seconds) s")

    let small = try sandbox.run(
      Sandbox.binary, ["import", "--max-size", "64K"], stdin: nil, environment: x.environment, timeLimit: 60)
    #expect(small.status == 69 && small.stderr.contains("application/x-endless (larger than the size limit of 64.0 KiB)"), "\(small)")
  }

  @Test("an owner that floods pb's own marks is cut at 64 KiB, not held in memory past the import's limits")
  func floodedMark() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let text = try sandbox.file("t.txt", "kept")
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, ["application/x-pb-derived=flood:255", "text/plain=\(text)"])
    let kib = sandbox.root.appendingPathComponent("import.kib").path
    // 6 s for the mark: the import held every byte of it, 800 MiB and more.
    let imported = try sandbox.run(
      "/usr/bin/time", ["-f", "%M", "-o", kib, Sandbox.binary, "import", "--timeout", "30s"], stdin: nil,
      environment: x.environment, timeLimit: 60)
    let peak = Int(try String(contentsOfFile: kib, encoding: .utf8).split(separator: "\n").last ?? "") ?? .max
    #expect(peak < 64 * 1024, "pb import's peak is \(peak) KiB")
    #expect(imported.status != 0 && imported.stderr.contains("sent more than 64 KiB for application/x-pb-derived"), "\(imported)")
    withExtendedLifetime(owner) {}

    // The bridge reads pb's mark of the board's item first.
    var environment = x.environment
    environment["PB_DIR"] = sandbox.store.path
    let bridge = try Background.bridge(sandbox, ["--timeout", "30s"], environment: environment)
    let flooding = try ImportRobustnessTests.lateOwner(sandbox, x, ["application/x-pb-item=flood:255", "text/plain=\(text)"])
    #expect(flooding.waitFor("asked application/x-pb-item").contains("asked"), "the bridge read the mark")
    let said = bridge.waitFor("for application/x-pb-item")
    #expect(said.contains("sent more than 64 KiB for application/x-pb-item"), "\(said)")
    let bridgePeak = try DerivedRepresentationTests.peakMemory(bridge.pid)
    #expect(bridgePeak < 64 << 20, "the bridge's peak is \(bridgePeak >> 20) MiB")
  }

  @Test("while the bridge reads an owner that never answers, a pb copy is on the desktop within a second")
  func bridgePublishesWhileImporting() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    var environment = x.environment
    environment["PB_DIR"] = sandbox.store.path
    let bridge = try Background.bridge(sandbox, environment: environment)
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, Self.silent(5000))
    try #require(owner.waitFor("asked application/x-silent-0").contains("asked application/x-silent-0"), "the bridge is reading it")
    try #require(try sandbox.pb(["copy"], stdin: Data("mine".utf8)).status == 0)
    let copied = Date()
    var seen = ""
    waitUntil {
      seen = (try? x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]).text) ?? ""
      return seen == "mine"
    }
    let seconds = Date().timeIntervalSince(copied)
    #expect(seen == "mine", "the desktop holds \(seen.prefix(100))")
    // A second with room for a loaded machine: the bridge blocked for minutes.
    #expect(seconds < 3, "published \(seconds) s after the copy")
    #expect(try sandbox.pb("paste").text == "mine", "the import that was under way did not replace the newer copy")
    withExtendedLifetime(bridge) {}
  }

  @Test("on Wayland, the bridge publishes a pb copy while it reads an offer that never answers")
  func waylandBridgePublishesWhileImporting() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    var environment = sway.environment
    environment["PB_DIR"] = sandbox.store.path
    let bridge = try Background.bridge(sandbox, environment: environment)
    let owner = try Background(
      sandbox, ["python3", ImportRobustnessTests.waylandLateClient, "offer"] + Self.silent(200), environment: sway.environment)
    try #require(owner.waitFor("owned").contains("owned"))
    try #require(owner.waitFor("application/x-silent-0").contains("application/x-silent-0"), "the bridge is reading it")
    try #require(try sandbox.pb(["copy"], stdin: Data("mine".utf8)).status == 0)
    let copied = Date()
    var seen = ""
    waitUntil {
      seen = (try? sway.client(sandbox, "wl-paste", ["--no-newline"]).text) ?? ""
      return seen == "mine"
    }
    let seconds = Date().timeIntervalSince(copied)
    #expect(seen == "mine", "the desktop holds \(seen.prefix(100))")
    #expect(seconds < 3, "published \(seconds) s after the copy")
    withExtendedLifetime(bridge) {}
  }
}
