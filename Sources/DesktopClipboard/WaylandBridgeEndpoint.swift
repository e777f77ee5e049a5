import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif
import LinuxSystem

/// The Wayland side of `pb bridge`: data control tells of every new selection; while
/// pb's own source is the selection (until it is cancelled), the selection is its own.
final class WaylandBridgeEndpoint: BridgeEndpoint {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private var owners: [WaylandOwner] = []
  private var lastOffer: UInt32

  init(control: WaylandDataControl, selection: Desktop.Selection) throws(DesktopError) {
    self.selection = selection
    self.control = control
    lastOffer = try control.current(selection).offer
  }

  var pollEntries: [SystemCall.PollRequest] {
    // A failed send shows as the connection's end when it is next read.
    try? control.wayland.flush()
    return [control.wayland.readable] + owners.flatMap(\.pollEntries)
  }

  var waitMilliseconds: Int32 {
    owners.map(\.waitMilliseconds).filter { $0 >= 0 }.min() ?? -1
  }

  func service(_ ready: [Int16]) throws(DesktopError) -> Bool {
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

  func publish(_ offer: DesktopOffer) throws(DesktopError) {
    for owner in owners { owner.relinquish() }
    let owner = WaylandOwner(control: control, selection: selection, offer: offer)
    try owner.acquire()
    owners.append(owner)
    lastOffer = try control.current(selection).offer
  }

  func withdraw() {
    owners.last?.withdraw()
  }

  func reader(timeout: Int64) -> any SelectionReader {
    WaylandReader(control: control, selection: selection, timeoutMilliseconds: timeout)
  }
}
