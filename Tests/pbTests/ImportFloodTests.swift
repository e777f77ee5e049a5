import Foundation
import Testing

/// `pb import` against an owner that lists far more types than any application offers:
/// the first `typeLimit` (100) are read, the rest named as left out, and the note stays
/// one readable line.
@Suite("import of an offer of hundreds of types: 100 read, the rest named, whatever the descriptor limit", .tags(.endToEnd, .desktop, .long))
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
}
