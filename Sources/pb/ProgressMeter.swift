import Glibc
import LinuxSystem
import PasteboardKit

/// One line on standard error for a long transfer: bytes so far, rate, and the
/// percentage when the size is known. Shown only once the transfer has run for half a
/// second, redrawn a few times a second, and erased at the end (or by SIGINT, SIGTERM or
/// SIGHUP ending the process). `ByteTransfer` reports to it after each chunk; while none
/// is active, nothing is measured at all.
final class ProgressMeter: ByteTransfer.Observer {
  /// The size of everything to move, when known.
  var expected: Int64?
  private var moved: Int64 = 0
  private let started = SystemCall.monotonicMilliseconds()
  private var drawn: Int64?
  private var lineShown = false

  static let delay: Int64 = 500
  static let interval: Int64 = 250

  init(expected: Int64? = nil) {
    self.expected = expected
  }

  /// Whether progress is wanted: standard error is a terminal, `PB_PROGRESS` is not 0,
  /// and the command was not asked to be quiet.
  static func wanted(quiet: Bool) -> Bool {
    !quiet && StandardStreams.errorIsTerminal && Settings.process.progress != "0"
  }

  func moved(_ bytes: Int64) {
    moved += bytes
    let now = SystemCall.monotonicMilliseconds()
    guard now - started >= Self.delay, now - (drawn ?? 0) >= Self.interval else { return }
    drawn = now
    draw(at: now)
  }

  private func draw(at now: Int64) {
    let seconds = Double(now - started) / 1000
    var line = "pb: " + ByteCount.format(moved)
    if let expected, expected > 0 {
      line += " of \(ByteCount.format(expected)) (\(min(100, moved * 100 / expected))%)"
    }
    line += ", \(ByteCount.format(Int64(Double(moved) / max(seconds, 0.001))))/s"
    if !lineShown { SystemCall.progressLineShown(true) }
    write("\r" + line + "\u{1B}[K")
    lineShown = true
  }

  /// Erases the line, if one was drawn.
  func finish() {
    guard lineShown else { return }
    write("\r\u{1B}[K")
    lineShown = false
    SystemCall.progressLineShown(false)
  }

  private func write(_ text: String) {
    _ = try? Descriptor.standardError.writeAll(Array(text.utf8))
  }
}
