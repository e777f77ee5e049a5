import Foundation
import Testing

/// `pb import` against an owner that lists far more types than any application offers:
/// the first `typeLimit` (100) are read, the rest named as left out, and the note stays
/// one readable line; `types --desktop` and `paste --desktop` look no further, and say so.
@Suite("an offer of thousands of types: 100 read, the rest named, whatever the descriptor limit", .tags(.endToEnd, .desktop, .long))
struct ImportFloodTests {
  @Test("300 types each answered, under ulimit -n 256: the first 100 kept, the rest counted on one line, exit 0")
  func manyTypesFewDescriptors() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let data = try sandbox.file("data", "flood")
    let names = (0..<300).map { "application/x-flood-\($0)" }
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, names.map { "\($0)=\(data)" })
    var environment = x.environment
    environment["PATH"] = Sandbox.pathWithPB
    // Each type read is a memory file open until the item is stored: 300 of them ran
    // out of descriptors and lost the whole copy (exit 74, "Too many open files").
    let imported = try sandbox.run("/bin/bash", ["-c", "ulimit -n 256 && exec pb import"], stdin: nil, environment: environment)
    #expect(imported.status == 0, "\(imported)")
    let types = try sandbox.pb("types").lines
    #expect(types.count == 100, "\(types.count) types")
    #expect(try sandbox.pb("paste", "-t", types.first ?? "-", "--force").text == "flood")
    #expect(imported.stderr.hasPrefix("pb: left out application/x-flood-100 (past the 100 types an import reads), "), "\(imported)")
    #expect(imported.stderr.hasSuffix(" and 190 more; imported 100 types\n"), "\(imported)")
    #expect(imported.stderr.filter { $0 == "\n" }.count == 1 && imported.stderr.count < 1000, "\(imported)")
    // The owner was asked for the first 100 types only.
    let asked = owner.waitFor("asked application/x-flood-99\n")
    #expect(asked.contains("asked application/x-flood-99\n") && !asked.contains("asked application/x-flood-100\n"), "\(asked)")
  }

  /// `types --desktop` and `paste --desktop` against `owner`'s offer of "UTF8_STRING"
  /// ("flooded") and then `flooded` names: only what an import reads is looked at, the
  /// rest named as import names it, in seconds (parsing every name took 84 s for 40,000).
  func expectCutAsImportCuts(_ sandbox: Sandbox, environment: [String: String], flooded: Int) throws {
    let started = Date()
    let listed = try sandbox.pb(["types", "--desktop"], environment: environment)
    let took = Date().timeIntervalSince(started)
    #expect(listed.status == 0, "\(listed.status) \(listed.stderr)")
    let names = listed.lines.map { $0.prefix { $0 != "\t" } }
    #expect(names.first == "UTF8_STRING" && names.count == 101, "\(names.prefix(3)) ... \(names.count) names")
    #expect(names.last == "application/x-flood-99", "\(names.suffix(3))")
    let cut = "pb: left out application/x-flood-100 (past the 100 types an import reads), "
    #expect(listed.stderr.hasPrefix(cut), "\(listed.stderr)")
    #expect(listed.stderr.hasSuffix(" and \(flooded - 110) more; listed 101 names\n"), "\(listed.stderr)")
    #expect(took < 30, "types --desktop took \(took) s")

    let pasted = try sandbox.pb(["paste", "--desktop"], environment: environment)
    #expect(pasted.status == 0 && pasted.text == "flooded", "\(pasted.status) \(pasted.stderr)")
    #expect(pasted.stderr.hasPrefix(cut) && pasted.stderr.hasSuffix(" more; chose among 101 types\n"), "\(pasted.stderr)")
    #expect(pasted.stderr.filter { $0 == "\n" }.count == 1 && pasted.stderr.count < 1000, "\(pasted.stderr)")
  }

  /// The owner's specs, in a file: 40,000 names are more than a command line holds.
  static func floodSpecs(_ sandbox: Sandbox, count: Int) throws -> String {
    let text = try sandbox.file("text", "flooded")
    let lines = ["UTF8_STRING=\(text)"] + (0..<count).map { "application/x-flood-\($0)=refuse" }
    return "@" + (try sandbox.file("specs", lines.joined(separator: "\n")))
  }

  @Test("X11: types and paste --desktop of an owner listing 40,000 types look at the first 100, and say so as import does")
  func desktopDirectOfAHugeList() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try ImportRobustnessTests.lateOwner(sandbox, x, [try Self.floodSpecs(sandbox, count: 40_000)])
    try expectCutAsImportCuts(sandbox, environment: x.environment, flooded: 40_000)
    withExtendedLifetime(owner) {}
  }

  // 2,000: the compositor sends each client every type of an offer at once, and
  // libwayland 1.21 drops a client those fill the socket of (40,000 did, the owner too).
  @Test("Wayland: types and paste --desktop of an owner listing 2,000 types look at the first 100, and say so as import does")
  func waylandDesktopDirectOfAHugeList() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let owner = try Background(
      sandbox, ["python3", ImportRobustnessTests.waylandLateClient, "offer", try Self.floodSpecs(sandbox, count: 2_000)],
      environment: sway.environment)
    try #require(owner.waitFor("owned").contains("owned"), "\(owner.waitFor("owned"))")
    try expectCutAsImportCuts(sandbox, environment: sway.environment, flooded: 2_000)
    withExtendedLifetime(owner) {}
  }
}
