import Foundation

/// xorshift64*, seeded, so that a failure of a test that damages its input at random can
/// be replayed.
struct FuzzGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }

  /// `fixed` unless `PB_TEST_SEED` gives another (a number, or `random` for a new one),
  /// as in pbTests' Support/Seed.swift: the test names the seed in its failures.
  static func seed(_ fixed: UInt64) -> UInt64 {
    switch ProcessInfo.processInfo.environment["PB_TEST_SEED"] {
    case "random": UInt64.random(in: 1...UInt64(UInt32.max))
    case let text?: UInt64(text) ?? fixed
    case nil: fixed
    }
  }
}
