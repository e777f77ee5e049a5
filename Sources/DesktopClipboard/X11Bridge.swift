import CXCB
import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a board and an X11 selection in step (`pb bridge`), driven by their
/// notifications, never by polling: the board's inotify watch, and XFixes events when
/// the selection changes owner. It owns the selection itself to offer the board's item
/// 0, and knows its own offers, so a change it made on one side never comes back to it
/// from the other.
final class X11Bridge {
  private let store: Store
  private let board: String
  private let selection: Desktop.Selection
  private let direction: Desktop.Direction
  private let timeout: Int64
  private let x: X11Connection
  private let selectionAtom: xcb_atom_t
  private let ownerChanged: Int32
  /// The offers made, newest last: older ones may still finish transfers.
  private var owners: [X11Owner] = []
  /// The change count the last import made, which is not offered back.
  private var imported: Int?
  private var seen: Int?

  init(
    store: Store, board: String, selection: Desktop.Selection, direction: Desktop.Direction, timeout: Int64
  ) throws(PasteboardError) {
    self.store = store
    self.board = board
    self.selection = selection
    self.direction = direction
    self.timeout = timeout
    x = try X11Connection(display: try Desktop.display())
    selectionAtom = x.atom(selection.rawValue.uppercased())
    ownerChanged = pbx_watch_selection(x.connection, x.window, selectionAtom)
    if ownerChanged < 0 {
      throw .desktopFailed("the X server lacks the XFixes extension, which pb bridge needs to hear of new copies")
    }
  }

  /// Runs until the board is deleted or the X server goes.
  func run() throws(PasteboardError) {
    let monitor = try ChangeMonitor(store: store, board: board)
    try boardChanged(monitor)
    while true {
      while x.hasEvents, let event = try x.nextEvent(until: 0) { try handle(event) }
      let deadline = owners.compactMap(\.deadline).min()
      let wait = deadline.map { Int32(clamping: max(0, $0 - SystemCall.monotonicMilliseconds())) } ?? -1
      x.flush()
      let ready = try PasteboardError.catching {
        try SystemCall.waitReadable([x.descriptor, monitor.descriptor], milliseconds: wait, path: "the X server and the board")
      }
      if ready[0] {
        while let event = try x.nextEvent(until: 0) { try handle(event) }
      }
      if ready[1] {
        try monitor.drain()
        try boardChanged(monitor)
      }
      for owner in owners { owner.dropStalledTransfers() }
      owners.removeAll(where: \.isDone)
    }
  }

  private func handle(_ event: X11Event) throws(PasteboardError) {
    if event.code == ownerChanged {
      let notify = event.as(xcb_xfixes_selection_notify_event_t.self)
      if notify.selection == selectionAtom && notify.owner != x.window && notify.owner != xcb_window_t(XCB_NONE)
        && direction != .toDesktop
      {
        try importOffer()
      }
      return
    }
    for owner in owners.reversed() where owner.handle(event) { return }
  }

  /// The board's item 0, offered when the board has changed (not by an import of ours).
  private func boardChanged(_ monitor: ChangeMonitor) throws(PasteboardError) {
    let (pasteboard, state) = try monitor.current()
    guard state.changeCount != seen else { return }
    seen = state.changeCount
    guard direction != .fromDesktop, state.changeCount != imported, !state.items.isEmpty else { return }
    let (item, changeCount, data) = try pasteboard.openItem(.index(0))
    let offer = try DesktopOffer(
      types: item.types, data: data.map(\.descriptor), concealed: item.concealed,
      origin: DesktopTargets.Origin(board: board, changeCount: changeCount))
    for owner in owners { owner.relinquish() }
    let owner = X11Owner(connection: x, selection: selection.rawValue, offer: offer)
    try owner.acquire()
    owners.append(owner)
  }

  /// What another application copied, made the board's new item 0; an application's
  /// failure to answer is reported and skipped, not fatal.
  private func importOffer() throws(PasteboardError) {
    let reader = X11Reader(connection: x, selection: selection.rawValue, timeoutMilliseconds: timeout)
    do throws(PasteboardError) {
      let plan = DesktopTargets.importPlan(offered: try reader.targets())
      if plan.concealed { return }  // a password: never kept
      if plan.fromPB {
        var mark: [UInt8] = []
        _ = try reader.read(DesktopTargets.pbItem) { mark.append(contentsOf: $0) }
        if DesktopTargets.Origin(bytes: mark)?.board == board { return }  // this board's own item
      }
      let pasteboard = try store.pasteboard(named: board, creating: false)
      imported = try Desktop.importOffer(plan, from: reader, into: pasteboard, append: false, options: Pasteboard.WriteOptions())
        .changeCount
    } catch {
      switch error {
      case .desktopEmpty, .desktopTimeout, .desktopFailed: StandardStreams.printError("pb bridge: not imported: " + error.message)
      default: throw error
      }
    }
  }
}
