import LinuxSystem

extension Desktop {
  /// What poll is to wait for `deadline` (monotonic milliseconds): 0 once it has passed,
  /// -1 (for ever) without one.
  static func waitMilliseconds(until deadline: Int64?) -> Int32 {
    deadline.map { Int32(clamping: max(0, $0 - SystemCall.monotonicMilliseconds())) } ?? -1
  }
}
