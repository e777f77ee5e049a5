import Glibc
import CLinuxIO

// Randomness.
extension SystemCall {
  /// Random bytes for unique names. Should getrandom fail (it does not once the pool is
  /// ready), the clock and the process id still make a name no other writer picks.
  public static func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let result = bytes.withUnsafeMutableBytes { pb_getrandom($0.baseAddress, count) }
    if result != count {
      var time = timespec()
      clock_gettime(CLOCK_REALTIME, &time)
      let seed = UInt64(truncatingIfNeeded: time.tv_nsec) ^ UInt64(truncatingIfNeeded: time.tv_sec) << 30
        ^ UInt64(truncatingIfNeeded: getpid()) << 40
      for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: seed >> UInt64(index % 8 * 8)) }
    }
    return bytes
  }

  /// Random bytes for a secret (a key): the kernel's, or an error; never the clock.
  public static func secretRandomBytes(_ count: Int) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let result = bytes.withUnsafeMutableBytes { pb_getrandom($0.baseAddress, count) }
    guard result == count else { throw SystemError(errno: errno == 0 ? EIO : errno, operation: "getrandom", path: "the kernel") }
    return bytes
  }
}
