import Foundation
import Testing

/// pb's undo history against a plain model of the board and the stacks, step by step:
/// Support/history_model.py. `PB_MODEL_STEPS` raises the number of steps (300).
@Suite("history against a model")
struct HistoryModelTests {
  static var steps: Int { ProcessInfo.processInfo.environment["PB_MODEL_STEPS"].flatMap(Int.init) ?? 300 }

  @Test("random copies, appends, clears, undos, redos, levels, secrets and groups agree with the model after every step")
  func agreesWithTheModel() throws {
    for _ in 0..<2 {
      let seed = UInt32.random(in: 1...1_000_000)
      let sandbox = try Sandbox()
      let result = try sandbox.run(
        "/usr/bin/python3", [Sandbox.support("history_model.py"), Sandbox.binary, sandbox.root.path, String(Self.steps), String(seed)],
        stdin: nil, environment: [:], timeLimit: 900)
      #expect(result.status == 0 && result.text.contains(" 0 failed"), "seed \(seed): \(result.text)\(result.stderr)")
    }
  }
}
