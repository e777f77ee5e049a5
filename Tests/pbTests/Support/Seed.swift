import Foundation

/// The seed of a test that draws at random: `fixed` unless `PB_TEST_SEED` says otherwise,
/// so that every run (CI's too) tries the same cases; `PB_TEST_SEED=random` draws a new
/// one, `PB_TEST_SEED=N` replays the seed a failure named. A test names its seed in
/// every failure message.
func testSeed(_ fixed: UInt32) -> UInt32 {
  switch ProcessInfo.processInfo.environment["PB_TEST_SEED"] {
  case "random": UInt32.random(in: 1...1_000_000)
  case let text?: UInt32(text) ?? fixed
  case nil: fixed
  }
}
