import Foundation
import Testing

/// pb's history under kill -9, full disks and concurrent processes, as SQLite's crash
/// tests try a database: Support/fault_injection.py keeps a ledger of every byte the
/// user gave pb and checks, after each round, that all of it is in the user's folders
/// or in the store. `PB_FAULT_KILLS` raises the number of kills (200 by default).
@Suite("history under faults", .tags(.endToEnd, .long), .serialized)
struct HistoryFaultTests {
  static var kills: Int { ProcessInfo.processInfo.environment["PB_FAULT_KILLS"].flatMap(Int.init) ?? 200 }

  func inject(_ mode: String, _ amount: Int, seed: UInt32 = testSeed(20_261_128)) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      "/usr/bin/python3", [Sandbox.support("fault_injection.py"), Sandbox.binary, sandbox.root.path, mode, String(amount), String(seed)],
      stdin: nil, environment: [:], timeLimit: 1200)
    #expect(result.status == 0, "seed \(seed): \(result.text)\(result.stderr)")
    #expect(result.text.contains("\n0 failed") || result.text.contains(" 0 failed"), "\(result.text)")
  }

  @Test("kill -9 at random moments of cut, undo, redo, history --clear, level and budget trims and appends loses no byte")
  func killsLoseNothing() throws {
    try inject("disk", Self.kills)
  }

  // Mounting a tmpfs takes root, which CI has.
  @Test(
    "on a small tmpfs that fills during cuts, undos and redos, kills lose no byte either",
    .enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
  func fullDiskLosesNothing() throws {
    try inject("tmpfs", Self.kills)
  }

  @Test("a cut of 1000 files undone and redone while other processes copy, undo, redo and read loses nothing")
  func concurrentUndoLosesNothing() throws {
    try inject("concurrent", 24)
  }
}
