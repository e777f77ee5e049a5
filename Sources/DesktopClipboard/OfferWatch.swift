import PasteboardKit

import Glibc
import LinuxSystem

/// What ends a published offer before another client copies: its item's expiry, and,
/// for a secret, its pasteboard no longer holding it (replaced, cleared, undone, the
/// pasteboard deleted). The owner waits on it beside the desktop, so the offer goes at
/// that moment, with no other event needed.
final class OfferWatch {
  /// When the item expires (ms since 1970); nil for never.
  private let expires: Int64?
  /// The secret's pasteboard, watched for changes, and the data files of the item.
  private let board: (monitor: ChangeMonitor, files: [String])?
  /// Whether the pasteboard may have changed since it was last looked at.
  private var boardChanged = true

  init(expires: Int64?, board: (monitor: ChangeMonitor, files: [String])? = nil) {
    self.expires = expires
    self.board = board
  }

  /// The descriptors to wait on beside the desktop's: the pasteboard's changes.
  var pollEntries: [SystemCall.PollRequest] {
    board.map { [$0.monitor.readable] } ?? []
  }

  /// How long a wait may last before the item expires (-1: it never does).
  var waitMilliseconds: Int32 {
    expires.map { Int32(clamping: max(0, $0 - TimeSpec.now())) } ?? -1
  }

  /// Whether the offer must go now; `ready` is what the last wait found of
  /// `pollEntries` (empty before the first).
  func hasEnded(_ ready: [Int16]) -> Bool {
    if let expires, expires <= TimeSpec.now() { return true }
    guard let board else { return false }
    if ready.contains(where: { $0 != 0 }) { boardChanged = true }
    guard boardChanged else { return false }
    boardChanged = false
    do {
      // Events taken before the state is read: a change after the read wakes the next wait.
      try board.monitor.drain()
      let state = try board.monitor.current().state
      return !state.items.contains { $0.representations.map(\.file) == board.files }
    } catch {
      return true  // the pasteboard deleted, or unreadable: a secret is not served on trust
    }
  }
}

extension Desktop {
  /// The shortest of waits in milliseconds, -1 standing for no limit.
  static func soonest(_ waits: Int32...) -> Int32 {
    waits.filter { $0 >= 0 }.min() ?? -1
  }
}
