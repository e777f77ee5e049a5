import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a Wayland selection through data control (`pb import`).
final class WaylandReader: SelectionReader {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private let timeout: Int64
  private var offer: UInt32 = 0
  var selectionName: String { selection.rawValue }

  init(control: WaylandDataControl, selection: Desktop.Selection, timeoutMilliseconds: Int64) {
    self.control = control
    self.selection = selection
    timeout = timeoutMilliseconds
  }

  func targets() throws(PasteboardError) -> [String] {
    let (offer, types) = try control.current(selection)
    if offer == 0 { throw .desktopEmpty(selection: selection.rawValue) }
    self.offer = offer
    return types
  }

  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(PasteboardError) -> Void) throws(PasteboardError) -> String? {
    try control.receive(offer, target, timeout: timeout, into: sink)
    return target
  }
}

/// Holds a Wayland selection with a data source of pb's own and writes each type an
/// application asks for into the pipe it gives, several side by side, each with a time
/// limit; done once another client sets the selection and the transfers have ended.
final class WaylandOwner {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private let offer: DesktopOffer
  private var source: UInt32 = 0
  private var lost = false
  private var transfers: [Transfer] = []

  private final class Transfer {
    let pipe: Descriptor
    let target: Int
    var offset: Int64 = 0
    var lastActivity = SystemCall.monotonicMilliseconds()

    init(pipe: Descriptor, target: Int) {
      self.pipe = pipe
      self.target = target
    }
  }

  init(control: WaylandDataControl, selection: Desktop.Selection, offer: DesktopOffer) {
    self.control = control
    self.selection = selection
    self.offer = offer
  }

  /// Makes pb's source the selection; the compositor's answer to the round trip after
  /// it confirms it (a refusal is an error).
  func acquire() throws(PasteboardError) {
    source = try control.setSelection(selection, offering: offer.targets.map(\.name))
  }

  func serve() throws(PasteboardError) {
    let wayland = control.wayland
    while !(lost && transfers.isEmpty) {
      while let event = try wayland.nextEvent(until: 0) { handle(event) }
      try wayland.flush()
      let oldest = transfers.map(\.lastActivity).min().map { $0 + X11Owner.transferTimeout }
      let wait = oldest.map { Int32(clamping: max(0, $0 - SystemCall.monotonicMilliseconds())) } ?? -1
      let entries = [(wayland.descriptor, Int16(POLLIN))] + transfers.map { ($0.pipe.raw, Int16(POLLOUT)) }
      let ready = try PasteboardError.catching { try SystemCall.wait(entries, milliseconds: wait, path: "the Wayland compositor") }
      for (transfer, events) in zip(transfers, ready.dropFirst()) where events != 0 { send(transfer) }
      let now = SystemCall.monotonicMilliseconds()
      transfers.removeAll { now - $0.lastActivity >= X11Owner.transferTimeout }
      if ready[0] != 0, let event = try wayland.nextEvent(until: 0) { handle(event) }
    }
  }

  private func handle(_ event: WaylandConnection.Event) {
    if control.handle(event) { return }
    guard event.object == source else { return }
    switch event.opcode {
    case 0:  // send(mime_type, fd)
      guard let pipe = event.descriptor else { return }
      let name = event.string(at: 0)
      guard let target = offer.targets.firstIndex(where: { $0.name == name }),
        (try? SystemCall.setNonBlocking(pipe.raw, path: "a pipe")) != nil
      else { return }  // closing the pipe tells the application there is nothing
      transfers.append(Transfer(pipe: pipe, target: target))
    case 1:  // cancelled: another client has the selection
      lost = true
    default:
      break
    }
  }

  /// Writes what the pipe takes now; the transfer ends when all is written (closing
  /// the pipe marks the end) or the application has gone.
  private func send(_ transfer: Transfer) {
    let size = offer.size(of: transfer.target)
    let count = Int(min(Int64(1 << 16), size - transfer.offset))
    guard count > 0, let bytes = try? offer.bytes(of: transfer.target, at: transfer.offset, count: count),
      let written = try? bytes.withUnsafeBytes({ try SystemCall.writeSome(transfer.pipe.raw, $0, path: "a pipe") })
    else {
      transfers.removeAll { $0 === transfer }
      return
    }
    transfer.offset += Int64(written)
    transfer.lastActivity = SystemCall.monotonicMilliseconds()
    if transfer.offset == size { transfers.removeAll { $0 === transfer } }
  }
}
