import Glibc

// Clocks.
extension SystemCall {
  /// Milliseconds since 1970.
  public static func realTimeMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Waits `seconds` (usleep), as when retrying a lock.
  public static func pause(seconds: Double) {
    usleep(UInt32(seconds * 1_000_000))
  }

  /// Milliseconds of a clock that never jumps, for measuring waits.
  public static func monotonicMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }
}
