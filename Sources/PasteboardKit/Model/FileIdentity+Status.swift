import Glibc

extension FileIdentity {
  /// A time past what ns since 1970 can hold (after 2262, before 1678) stands as the
  /// nearest one it can: device and inode still tell the file.
  init(_ status: stat) {
    self.init(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
      modified: Self.nanoseconds(status.st_mtim) ?? (status.st_mtim.tv_sec < 0 ? .min : .max),
      changed: Self.nanoseconds(status.st_ctim) ?? (status.st_ctim.tv_sec < 0 ? .min : .max))
  }

  /// A file's time in ns since 1970; nil when it is too far from 1970 to be one Int64.
  static func nanoseconds(_ time: timespec) -> Int64? {
    let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowAgain) = seconds.addingReportingOverflow(Int64(time.tv_nsec))
    return overflow || overflowAgain ? nil : total
  }
}
