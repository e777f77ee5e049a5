import LinuxSystem

/// A transfer an owner (X11's INCR, Wayland's pipe) serves piece by piece: one that
/// moves nothing for `Desktop.transferTimeout` has a reader that has gone or hung.
protocol OwnerTransfer: AnyObject {
  var lastActivity: Int64 { get }
}

extension Array where Element: OwnerTransfer {
  /// When the oldest transfer times out, if one is under way.
  var deadline: Int64? { map(\.lastActivity).min().map { $0 + Desktop.transferTimeout } }

  mutating func dropStalled() {
    let now = SystemCall.monotonicMilliseconds()
    removeAll { now - $0.lastActivity >= Desktop.transferTimeout }
  }
}

extension Desktop {
  /// What poll is to wait for `deadline` (monotonic milliseconds): 0 once it has passed,
  /// -1 (for ever) without one.
  static func waitMilliseconds(until deadline: Int64?) -> Int32 {
    deadline.map { Int32(clamping: max(0, $0 - SystemCall.monotonicMilliseconds())) } ?? -1
  }
}
