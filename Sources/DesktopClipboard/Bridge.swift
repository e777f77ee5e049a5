import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif
import LinuxSystem

/// One desktop's side of `pb bridge`: it offers items, says when another client has
/// taken the selection, and reads what that client offers.
protocol BridgeEndpoint: AnyObject {
  /// The descriptors to wait on, with what to wait for.
  var pollEntries: [SystemCall.PollRequest] { get }
  /// How long a wait may last before transfers under way time out (-1: no limit).
  var waitMilliseconds: Int32 { get }
  /// Acts on what the wait found (`ready`, in the order of `pollEntries`, or all 0 after
  /// a timeout); says what happened to the selection since.
  func service(_ ready: [Int16]) throws(DesktopError) -> SelectionEvents
  /// Takes the selection with `offer`; earlier offers finish their transfers (but not
  /// a secret's).
  func publish(_ offer: DesktopOffer) throws(DesktopError)
  /// Gives the selection up if pb's latest offer still holds it, and ends that offer's
  /// transfers.
  func withdraw()
  /// Whether another client held the selection when the endpoint was made.
  var heldByAnotherAtStart: Bool { get }
  /// A reader of what another client offers now.
  func reader(timeout: Int64) -> any SelectionReader
  /// The offer of the selection's present owner is now the board's item: when that
  /// owner goes without handing the selection over, `service` says `ownerGone`.
  func keepOwner()
  /// Answers a request to save the clipboard (`saveRequested`): whether it was saved.
  func answerSave(_ saved: Bool)
}

/// What became of the selection while an endpoint was serviced.
struct SelectionEvents {
  /// Another client has taken the selection.
  var taken = false
  /// The owner whose offer was imported (`keepOwner`) went without handing the
  /// selection over (it exited, crashed or was killed), and nobody holds it now; not
  /// when it cleared the selection on purpose.
  var ownerGone = false
  /// An application asks the clipboard manager to save its copy before it exits
  /// (X11's SAVE_TARGETS), and waits for `answerSave`.
  var saveRequested = false
  /// Derived targets of pb's offers that could not be made, with why (a budget an
  /// image is over).
  var notDerived: [(target: String, error: DesktopError)] = []
}

/// Keeps a board and a desktop selection in step (`pb bridge`), driven by their
/// notifications, never by polling: the board's inotify watch, and the desktop's own
/// events when the selection changes hands. It knows its own offers, so a change it
/// made on one side never comes back to it from the other. What it offers goes from
/// the desktop when the item expires (a timer), and a secret as soon as the board no
/// longer holds it.
final class DesktopBridge {
  private let store: Store
  private let board: String
  private let direction: Desktop.Direction
  private let timeout: Int64
  private let endpoint: any BridgeEndpoint
  /// The change count the last import made, which is not offered back.
  private var imported: Int?
  private var seen: Int?
  /// The item pb's latest offer holds while it may still hold the selection.
  private var served: Item?
  private let notify: (Desktop.BridgeNotice) -> Void

  init(
    store: Store, board: String, endpoint: any BridgeEndpoint, direction: Desktop.Direction, timeout: Int64,
    notify: @escaping (Desktop.BridgeNotice) -> Void
  ) {
    self.store = store
    self.board = board
    self.endpoint = endpoint
    self.direction = direction
    self.timeout = timeout
    self.notify = notify
  }

  /// Runs until the board is deleted or the desktop goes.
  func run() throws(DesktopError) {
    let monitor = try DesktopError.inStore { () throws(PasteboardError) in try ChangeMonitor(store: store, board: board) }
    if direction != .toDesktop, endpoint.heldByAnotherAtStart, !holdsThisBoardsItem() {
      // An application's copy is the clipboard now (the bridge starts at login, or
      // again after a crash): it is newer than the board's item, so it is imported
      // under the usual rules (a secret is left alone, on the clipboard), and the
      // board's item is not offered over it.
      seen = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current().state.changeCount }
      try importAndKeep()
    }
    try boardChanged(monitor)
    var ready = [Int16](repeating: 0, count: endpoint.pollEntries.count)
    while true {
      let events = try endpoint.service(ready)
      for (target, error) in events.notDerived { notify(.notDerived(target: target, error)) }
      if events.taken {
        served = nil  // another client's now
        if direction != .toDesktop { try importAndKeep() }
      }
      if events.saveRequested {
        // The copy was usually imported when it was made; if not (it failed), now.
        if !keepsOwner { try importAndKeep() }
        endpoint.answerSave(keepsOwner)
      }
      if events.ownerGone { try offerImported(monitor) }
      if let expires = served?.expires, expires <= TimeSpec.now() {
        endpoint.withdraw()
        served = nil
        // The board drops it too (a change of kind expired), and its next item is offered.
        _ = try? monitor.current().pasteboard.removeExpired()
        try boardChanged(monitor)
        // The desktop is serviced again before the wait: withdrawing may have set its
        // events aside.
        ready = []
        continue
      }
      let entries = endpoint.pollEntries
      let expiry = served?.expires.map { Int32(clamping: max(0, $0 - TimeSpec.now())) } ?? -1
      let found = try DesktopError.catching {
        try SystemCall.wait(
          entries + [monitor.readable], milliseconds: Desktop.soonest(endpoint.waitMilliseconds, expiry),
          path: "the desktop and the board")
      }
      ready = Array(found.dropLast())
      if found.last != 0 {
        try DesktopError.inStore { () throws(PasteboardError) in try monitor.drain() }
        try boardChanged(monitor)
      }
    }
  }

  /// Whether the selection's holder offers an item of this board (a `pb publish` still
  /// serving): one that may be older than the board's item 0, which is offered instead.
  private func holdsThisBoardsItem() -> Bool {
    let reader = endpoint.reader(timeout: timeout)
    guard let targets = try? reader.targets(), targets.contains(DesktopTargets.pbItem) else { return false }
    var mark: [UInt8] = []
    guard (try? reader.read(DesktopTargets.pbItem, into: { mark.append(contentsOf: $0) })) != nil else { return false }
    return DesktopTargets.Origin(bytes: mark)?.board == board
  }

  /// Whether the present owner's offer is the board's item, kept alive by the bridge
  /// when that owner goes.
  private var keepsOwner = false

  /// Imports what another client offers; when that made the board's item, the bridge
  /// keeps it alive after its owner goes (as clipboard manager, both directions only).
  private func importAndKeep() throws(DesktopError) {
    let before = imported
    keepsOwner = false
    try importOffer()
    if imported != before, direction == .both {
      keepsOwner = true
      endpoint.keepOwner()
    }
  }

  /// The item last imported, offered with every representation now that its owner
  /// has gone, while it is still the board's newest change (a later change on the board
  /// has been offered already).
  private func offerImported(_ monitor: ChangeMonitor) throws(DesktopError) {
    keepsOwner = false
    guard direction == .both, let imported else { return }
    let (pasteboard, state) = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current() }
    guard state.changeCount == imported, let item = state.items.first, !item.concealed else { return }
    do {
      try offer(pasteboard)
    } catch .failed {
      // Another client took the selection first (another clipboard manager): theirs.
    }
  }

  /// Takes the selection with the board's item 0, every representation.
  private func offer(_ pasteboard: Pasteboard) throws(DesktopError) {
    let (item, changeCount, data) = try DesktopError.inStore { () throws(PasteboardError) in try pasteboard.openItem(.index(0)) }
    try endpoint.publish(
      try DesktopOffer(
        types: item.types, data: try DesktopError.inStore { () throws(PasteboardError) in try data.map { (data) throws(PasteboardError) in try data.descriptor } }, concealed: item.concealed,
        origin: DesktopTargets.Origin(board: board, changeCount: changeCount)))
    served = item
    keepsOwner = false
  }

  /// The board's item 0, offered when the board has changed (not by an import of ours);
  /// a secret offered that the board no longer holds (cleared, undone) is withdrawn.
  private func boardChanged(_ monitor: ChangeMonitor) throws(DesktopError) {
    let (pasteboard, state) = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current() }
    if state.changeCount != seen {
      seen = state.changeCount
      if direction != .fromDesktop, state.changeCount != imported, !state.items.isEmpty {
        try offer(pasteboard)
        return
      }
    }
    if let served, served.concealed, !state.items.contains(where: { $0.representations == served.representations }) {
      endpoint.withdraw()
      self.served = nil
    }
  }

  /// What another application copied, made the board's new item 0; an application's
  /// failure to answer is reported and skipped, not fatal.
  private func importOffer() throws(DesktopError) {
    let reader = endpoint.reader(timeout: timeout)
    do throws(DesktopError) {
      let plan = DesktopTargets.importPlan(offered: try reader.targets())
      if plan.concealed { return }  // a password: never kept
      if plan.fromPB {
        var mark: [UInt8] = []
        _ = try reader.read(DesktopTargets.pbItem) { mark.append(contentsOf: $0) }
        if DesktopTargets.Origin(bytes: mark)?.board == board { return }  // this board's own item
      }
      let pasteboard = try DesktopError.inStore { () throws(PasteboardError) in try store.pasteboard(named: board, creating: false) }
      let result = try Desktop.importOffer(
        plan, from: reader, into: pasteboard, append: false, maxSize: Desktop.ImportLimits.defaultMaxSize,
        options: Pasteboard.WriteOptions())
      imported = result.state.changeCount
      if let text = result.unconverted { notify(.importedWithoutText(text)) }
      if !result.leftOut.isEmpty { notify(.importedLeavingOut(result.leftOut, kept: result.kept)) }
    } catch {
      switch error {
      case .empty, .timeout, .failed: notify(.notImported(error))
      default: throw error
      }
    }
  }
}

extension Desktop {
  /// What the bridge has to tell as it runs that does not end it: a front end shows each.
  public enum BridgeNotice: Sendable, Equatable {
    /// An import kept the offer without its text, which came only in a charset pb
    /// cannot convert.
    case importedWithoutText(UnconvertedText)
    /// An import kept `kept` representations, and left out these types.
    case importedLeavingOut([LeftOut], kept: Int)
    /// What another application copied was not imported: it did not answer in time,
    /// or offered nothing pb can keep.
    case notImported(DesktopError)
    /// A derived target of the board's item (image/png from a JPEG) could not be made:
    /// the application that asked got nothing for it.
    case notDerived(target: String, DesktopError)
  }
}
