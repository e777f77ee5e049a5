import Foundation
import Testing

/// pb's undo history against a plain model of the board, the stacks and the files cuts
/// removed, step by step: Support/history_model.py. `PB_MODEL_STEPS` sets the number of
/// steps (300); two seeds, fixed unless `PB_TEST_SEED` gives one (Support/Seed.swift).
@Suite("history against a model", .tags(.endToEnd, .long))
struct HistoryModelTests {
  static var steps: Int { ProcessInfo.processInfo.environment["PB_MODEL_STEPS"].flatMap(Int.init) ?? 300 }
  static var seeds: [UInt32] {
    let seed = testSeed(20_261_128)
    return [seed, seed &+ 1]
  }

  @Test("random copies, appends, clears, cuts, undos, redos, restores, levels, secrets and groups agree with the model after every step")
  func agreesWithTheModel() throws {
    for seed in Self.seeds {
      let sandbox = try Sandbox()
      let result = try sandbox.run(
        "/usr/bin/python3", [Sandbox.support("history_model.py"), Sandbox.binary, sandbox.root.path, String(Self.steps), String(seed)],
        stdin: nil, environment: [:], timeLimit: 900)
      #expect(
        result.status == 0 && result.text.contains(" 0 failed"), "seed \(seed) (PB_TEST_SEED replays it): \(result.text)\(result.stderr)")
      // The man page's one rule for --no-undo and redo (UNDO AND REDO) was exercised.
      #expect(result.text.contains(/redo over a --no-undo write [1-9]/), "seed \(seed): \(result.text)")
    }
  }
}
