import Foundation
import Testing

/// Archives of hostile shapes (made by Support/hostile_archive.py): each is imported or
/// refused in time and memory linear in its size, with one line and the board as it was.
@Suite("archive import bounded under hostile input")
struct ArchiveBoundsTests {
  static let maker = Sandbox.support("hostile_archive.py")

  func undoCount(_ sandbox: Sandbox) throws -> Int {
    let history = try sandbox.json(sandbox.pb("history", "--json")) as? [String: Any]
    return (history?["undo"] as? [Any])?.count ?? -1
  }

  @Test("200,000 undo entries into --levels 0: the oldest past the 64 MiB cap go at once, not one by one")
  func historyPastItsCap() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("before".utf8)).status == 0)
    #expect(try sandbox.pb("history", "--levels", "0").status == 0)
    #expect(try sandbox.shell("python3 \(Self.maker) history h.tar 200000").status == 0)
    // Dropped one at a time, each with the history laid out anew, this ran for minutes.
    let imported = try sandbox.run(Sandbox.binary, ["import", "--archive", "h.tar"], stdin: nil, environment: [:], timeLimit: 60)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("paste").text == "x", "the archive's item is the board's")
    let kept = try undoCount(sandbox)
    #expect(kept > 100_000 && kept < 200_000, "the newest entries that fit stay, the oldest went: \(kept)")
    let folder = sandbox.store.appendingPathComponent("boards/general/history").path
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int ?? 0
      #expect(size <= 64 << 20, "\(name) is \(size) bytes")
    }
    #expect(try sandbox.pb("undo").lines == ["Undo Copy"])
    #expect(try undoCount(sandbox) == kept - 1)
  }
}
