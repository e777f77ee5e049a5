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
}
