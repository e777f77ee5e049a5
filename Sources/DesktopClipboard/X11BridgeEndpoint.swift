import CXCB
import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif
import LinuxSystem

/// The X11 side of `pb bridge`: it owns the selection itself to offer the board's item,
/// and hears of every new owner from XFixes.
final class X11BridgeEndpoint: BridgeEndpoint {
  private let x: X11Connection
  private let selection: Desktop.Selection
  private let selectionAtom: xcb_atom_t
  private let ownerChanged: Int32
  /// The offers made, newest last: older ones may still finish transfers.
  private var owners: [X11Owner] = []

  init(selection: Desktop.Selection) throws(DesktopError) {
    self.selection = selection
    x = try X11Connection(display: try Desktop.display())
    selectionAtom = x.atom(selection.rawValue.uppercased())
    ownerChanged = pbx_watch_selection(x.connection, x.window, selectionAtom)
    if ownerChanged < 0 {
      throw .noXFixes
    }
  }

  var pollEntries: [SystemCall.PollRequest] {
    x.flush()
    return [x.readable]
  }

  var waitMilliseconds: Int32 {
    x.hasEvents ? 0 : Desktop.waitMilliseconds(until: owners.compactMap(\.deadline).min())
  }

  func service(_ ready: [Int16]) throws(DesktopError) -> Bool {
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

  func publish(_ offer: DesktopOffer) throws(DesktopError) {
    for owner in owners { owner.relinquish() }
    let owner = X11Owner(connection: x, selection: selection.rawValue, offer: offer)
    try owner.acquire()
    owners.append(owner)
  }

  func withdraw() {
    owners.last?.withdraw()
  }

  func reader(timeout: Int64) -> any SelectionReader {
    X11Reader(connection: x, selection: selection.rawValue, timeoutMilliseconds: timeout)
  }
}
