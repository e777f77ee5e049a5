import CXCB
import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif

/// The X11 side of `pb bridge`: it owns the selection itself to offer the board's item,
/// and hears of every new owner from XFixes.
final class X11BridgeEndpoint: BridgeEndpoint {
  private let x: X11Connection
  private let selection: Desktop.Selection
  private let selectionAtom: xcb_atom_t
  private let ownerChanged: Int32
  /// The offers made, newest last: older ones may still finish transfers.
  private var owners: [X11Owner] = []

  init(selection: Desktop.Selection) throws(PasteboardError) {
    self.selection = selection
    x = try X11Connection(display: try Desktop.display())
    selectionAtom = x.atom(selection.rawValue.uppercased())
    ownerChanged = pbx_watch_selection(x.connection, x.window, selectionAtom)
    if ownerChanged < 0 {
      throw .desktopFailed("the X server lacks the XFixes extension, which pb bridge needs to hear of new copies")
    }
  }

  var pollEntries: [(fd: Int32, events: Int16)] {
    x.flush()
    return [(x.descriptor, Int16(POLLIN))]
  }

  var waitMilliseconds: Int32 {
    x.hasEvents ? 0 : owners.compactMap(\.deadline).min().map { Int32(clamping: max(0, $0 - SystemCall.monotonicMilliseconds())) } ?? -1
  }

  func service(_ ready: [Int16]) throws(PasteboardError) -> Bool {
    var taken = false
    while let event = try x.nextEvent(until: 0) {
      if event.code == ownerChanged {
        let notify = event.as(xcb_xfixes_selection_notify_event_t.self)
        if notify.selection == selectionAtom && notify.owner != x.window && notify.owner != xcb_window_t(XCB_NONE) { taken = true }
        continue
      }
      for owner in owners.reversed() where owner.handle(event) { break }
    }
    for owner in owners { owner.dropStalledTransfers() }
    owners.removeAll(where: \.isDone)
    return taken
  }

  func publish(_ offer: DesktopOffer) throws(PasteboardError) {
    for owner in owners { owner.relinquish() }
    let owner = X11Owner(connection: x, selection: selection.rawValue, offer: offer)
    try owner.acquire()
    owners.append(owner)
  }

  func reader(timeout: Int64) -> any SelectionReader {
    X11Reader(connection: x, selection: selection.rawValue, timeoutMilliseconds: timeout)
  }
}

/// The Wayland side of `pb bridge`: data control tells of every new selection; while
/// pb's own source is the selection (until it is cancelled), the selection is its own.
final class WaylandBridgeEndpoint: BridgeEndpoint {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private var owners: [WaylandOwner] = []
  private var lastOffer: UInt32

  init(selection: Desktop.Selection) throws(PasteboardError) {
    self.selection = selection
    control = try WaylandDataControl(display: try Desktop.waylandDisplay())
    lastOffer = try control.current(selection).offer
  }

  var pollEntries: [(fd: Int32, events: Int16)] {
    // A failed send shows as the connection's end when it is next read.
    try? control.wayland.flush()
    return [(control.wayland.descriptor, Int16(POLLIN))] + owners.flatMap(\.pollEntries)
  }

  var waitMilliseconds: Int32 {
    owners.map(\.waitMilliseconds).filter { $0 >= 0 }.min() ?? -1
  }

  func service(_ ready: [Int16]) throws(PasteboardError) -> Bool {
    // `ready` follows `pollEntries`: the connection, then each owner's pipes in turn.
    var index = 1
    for owner in owners {
      let count = owner.pollEntries.count
      owner.serviceTransfers(Array(ready.dropFirst(index).prefix(count)))
      index += count
    }
    while let event = try control.wayland.nextEvent(until: 0) {
      if !owners.reversed().contains(where: { $0.handle(event) }) { _ = control.handle(event) }
    }
    owners.removeAll(where: \.isDone)
    let offer = try control.current(selection).offer
    defer { lastOffer = offer }
    // A new selection while none of pb's own sources holds it: another client's.
    return offer != lastOffer && offer != 0 && !owners.contains(where: \.holdsSelection)
  }

  func publish(_ offer: DesktopOffer) throws(PasteboardError) {
    for owner in owners { owner.relinquish() }
    let owner = WaylandOwner(control: control, selection: selection, offer: offer)
    try owner.acquire()
    owners.append(owner)
    lastOffer = try control.current(selection).offer
  }

  func reader(timeout: Int64) -> any SelectionReader {
    WaylandReader(control: control, selection: selection, timeoutMilliseconds: timeout)
  }
}
