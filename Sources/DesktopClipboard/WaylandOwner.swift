import PasteboardKit

import Glibc
import LinuxSystem

/// Reads a Wayland selection through data control (`pb import`).
final class WaylandReader: SelectionReader {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  let clock: Desktop.ImportClock
  private var offer: UInt32 = 0
  var selectionName: String { selection.rawValue }

  init(control: WaylandDataControl, selection: Desktop.Selection, clock: Desktop.ImportClock) {
    self.control = control
    self.selection = selection
    self.clock = clock
  }

  func targets() throws(DesktopError) -> [String] {
    let (offer, types) = try control.current(selection)
    if offer == 0 { throw .empty(selection: selection.rawValue) }
    self.offer = offer
    return types
  }

  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError) -> String? {
    let (deadline, limit) = clock.read()
    try control.receive(offer, target, until: deadline, limit: limit, of: clock.timeLimit, into: sink)
    return target
  }
}

/// Holds a Wayland selection with a data source of pb's own and writes each type an
/// application asks for into the pipe it gives, several side by side without blocking;
/// done once another client sets the selection and the transfers have ended. A transfer
/// has no time limit: a reader that pauses (`wl-paste | less`) still gets every byte, and
/// one ends only when all is written or the reader closes its end (EPIPE).
final class WaylandOwner {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private let offer: DesktopOffer
  private var source: UInt32 = 0
  private var lost = false
  /// Set when the compositor cancelled the source while it held the selection (another
  /// client's copy, or a clear), not pb itself; `takeLoss` says so once.
  private var lostToDesktop = false
  /// Whether the source was destroyed.
  private var withdrawn = false
  private var transfers: [Transfer] = []
  /// Transfers of a derived target being made (`DesktopOffer.isReady`): their pipes
  /// are written once it is, every other transfer going on meanwhile.
  private var waiting: [Transfer] = []

  private final class Transfer {
    let pipe: Descriptor
    let target: Int
    var offset: Int64 = 0
    /// It has sent all that is made of a PNG still being encoded: its pipe is not
    /// watched until the encoder has finished more.
    var awaitsEncoder = false

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
  func acquire() throws(DesktopError) {
    source = try control.setSelection(selection, offering: offer.targets.map(\.name))
  }

  /// Serves until another client sets the selection and the transfers have ended, or
  /// until `watch` ends the offer, which then gives the selection up.
  func serve(_ watch: OfferWatch) throws(DesktopError) {
    let wayland = control.wayland
    var watched: [Int16] = []
    while true {
      // Withdrawn, it still finishes the transfers under way (`withdraw`).
      if !withdrawn && watch.hasEnded(watched) {
        withdraw()
      }
      while let event = try wayland.nextEvent(until: 0) { _ = handle(event) }
      // Nobody hears of a failure here: publish's owner has no terminal.
      _ = finishDerivations()
      if isDone { return }
      try wayland.flush()
      let pipes = pollEntries
      let derivations = derivationEntries
      let watching = withdrawn ? [] : watch.pollEntries
      let entries = [wayland.readable] + pipes + derivations + watching
      let ready = try DesktopError.catching {
        try SystemCall.wait(
          entries, milliseconds: withdrawn ? -1 : watch.waitMilliseconds, path: "the Wayland compositor")
      }
      serviceTransfers(Array(ready.dropFirst().prefix(pipes.count)))
      watched = Array(ready.dropFirst(1 + pipes.count + derivations.count))
    }
  }

  /// pb's source is still the selection (not cancelled, nor replaced by pb itself).
  var holdsSelection: Bool { !lost }

  /// Whether the desktop took the selection from this source since last asked.
  func takeLoss() -> Bool {
    defer { lostToDesktop = false }
    return lostToDesktop
  }

  /// Another client has the selection and every transfer has ended.
  var isDone: Bool { lost && transfers.isEmpty && waiting.isEmpty }

  /// Answers no new request (a newer offer has the selection); transfers finish, but
  /// not a secret's.
  func relinquish() {
    lost = true
    if offer.concealed {
      transfers.removeAll()
      waiting.removeAll()
    }
  }

  /// What to wait on beside the compositor and the pipes: the derivations under way.
  var derivationEntries: [SystemCall.PollRequest] { offer.pollEntries }

  /// Starts the transfers that waited for a derivation now done (one that failed ends
  /// at its first write); returns the derived targets that could not be made, with
  /// why, for a front end to tell. Called after `serviceTransfers`, whose `ready`
  /// follows the `pollEntries` of before.
  func finishDerivations() -> [(target: String, error: DesktopError)] {
    let (finished, failed) = offer.collect()
    guard finished else { return failed }
    for transfer in transfers where transfer.awaitsEncoder { transfer.awaitsEncoder = false }
    for transfer in waiting where offer.isReady(transfer.target) { transfers.append(transfer) }
    waiting.removeAll { offer.isReady($0.target) }
    return failed
  }

  /// Gives the selection up (the item expired, the board was cleared, or the secret left
  /// its pasteboard): pb's source is destroyed, which empties the selection if it still
  /// held it and leaves another client's alone. Transfers under way finish, as after
  /// `relinquish`, so no reader has a short clip that looks whole; a secret's end at
  /// once (its readers get a short read: closing the pipe is all Wayland has to say so).
  func withdraw() {
    relinquish()
    if source != 0 && !withdrawn {
      control.destroy(source: source)
      withdrawn = true
    }
    lost = true
  }

  /// The pipes to wait on to write more, with `serviceTransfers` taking what `poll` says of them.
  var pollEntries: [SystemCall.PollRequest] { writable.map { SystemCall.PollRequest($0.pipe, events: Int16(POLLOUT)) } }

  private var writable: [Transfer] { transfers.filter { !$0.awaitsEncoder } }

  /// Writes to the pipes that can take more (`ready`, in the order of `pollEntries`); one
  /// whose reader has gone reports an error, and its write ends the transfer.
  func serviceTransfers(_ ready: [Int16]) {
    for (transfer, events) in zip(writable, ready) where events != 0 { send(transfer) }
  }

  /// Acts on an event of pb's source (or the device's); false if it is neither.
  func handle(_ event: WaylandConnection.Event) -> Bool {
    if control.handle(event) { return true }
    guard event.object == source else { return false }
    switch event.opcode {
    case WaylandProtocol.DataControlSource.sendEvent:  // (mime_type, fd)
      guard let pipe = event.descriptor else { return true }
      let name = event.string(at: 0)
      guard !lost, let target = offer.targets.firstIndex(where: { $0.name == name }),
        (try? pipe.file.setNonBlocking()) != nil
      else { return true }  // closing the pipe tells the application there is nothing
      let transfer = Transfer(pipe: pipe, target: target)
      if offer.isReady(target) { transfers.append(transfer) } else { waiting.append(transfer) }
    case WaylandProtocol.DataControlSource.cancelledEvent:  // another client has the selection
      if !lost { lostToDesktop = true }
      lost = true
    default:
      break
    }
    return true
  }

  /// Writes what the pipe takes now; the transfer ends when all is written (closing
  /// the pipe marks the end) or the application has gone.
  private func send(_ transfer: Transfer) {
    // A derived target was made, or its first chunk was, before its transfer began; one
    // that could not be (a damaged image, one over its budget) ends its transfer with
    // nothing written, and the other targets are served as before. One that fails
    // mid-stream ends it short, without the PNG's end.
    guard let (size, whole) = try? offer.available(of: transfer.target) else {
      transfers.removeAll { $0 === transfer }
      return
    }
    let count = Int(min(Int64(1 << 16), size - transfer.offset))
    if count == 0 && !whole {
      transfer.awaitsEncoder = true
      return
    }
    guard count > 0, let bytes = try? offer.bytes(of: transfer.target, at: transfer.offset, count: count),
      let written = try? bytes.withUnsafeBytes({ try transfer.pipe.file.writeSome($0) })
    else {
      transfers.removeAll { $0 === transfer }
      return
    }
    transfer.offset += Int64(written)
    if whole && transfer.offset == size { transfers.removeAll { $0 === transfer } }
  }
}
