import PasteboardKit

import Glibc
import LinuxSystem

/// The Wayland side of `pb bridge`: data control tells of every new selection; while
/// pb's own source is the selection (until it is cancelled), the selection is its own.
///
/// Data control says only that the selection became empty, not why: the source's
/// client went (exited, crashed) or a client cleared it on purpose (`wl-copy --clear`)
/// look the same. The bridge takes an empty selection right after an offer it kept
/// (`keepOwner`) as its source having gone, as wl-clip-persist does; an application
/// that clears its own copy gets it back. A secret (a password manager's) is never
/// kept, so clearing one leaves the clipboard empty. A pb's clear (`pb clear --desktop`)
/// offers `DesktopTargets.pbCleared` first: the empty selection after it is not a
/// source gone, and stays empty.
final class WaylandBridgeEndpoint: BridgeEndpoint {
  private let control: WaylandDataControl
  /// The compositor `control` is connected to, which each import connects to too.
  private let display: String
  /// Where a display given by name is (its runtime folder), for each import's connection.
  private let settings: Settings
  private let selection: Desktop.Selection
  private var owners: [WaylandOwner] = []
  private var lastOffer: UInt32
  /// The selection's offer as of the last event taken in.
  private var currentOffer: UInt32
  /// The offer whose data the board holds (`keepOwner`), while it is the selection.
  private var keptOffer: UInt32 = 0
  /// Whether it keeps offers alive (the bridge carries both ways, on the clipboard).
  private let persists: Bool
  let heldByAnotherAtStart: Bool

  init(control: WaylandDataControl, selection: Desktop.Selection, persists: Bool, settings: Settings) throws(DesktopError) {
    display = try Desktop.waylandDisplay(settings)
    self.settings = settings
    self.selection = selection
    self.control = control
    self.persists = persists && selection == .clipboard
    // The device's first `selection` event, taken in as data control was set up.
    lastOffer = try control.current(selection).offer
    currentOffer = lastOffer
    heldByAnotherAtStart = lastOffer != 0
  }

  var pollEntries: [SystemCall.PollRequest] {
    // A failed send shows as the connection's end when it is next read.
    try? control.wayland.flush()
    // The derivations' after every pipe: `service` counts the pipes from the start.
    return [control.wayland.readable] + owners.flatMap(\.pollEntries) + owners.flatMap(\.derivationEntries)
  }

  var waitMilliseconds: Int32 { -1 }

  func service(_ ready: [Int16]) throws(DesktopError) -> SelectionEvents {
    // `ready` follows `pollEntries`: the connection, then each owner's pipes in turn.
    var index = 1
    for owner in owners {
      let count = owner.pollEntries.count
      owner.serviceTransfers(Array(ready.dropFirst(index).prefix(count)))
      index += count
    }
    var keptOfferWent = false
    while let event = try control.wayland.nextEvent(until: 0) {
      if !owners.reversed().contains(where: { $0.handle(event) }) { _ = control.handle(event) }
      // Each change of offer in turn: a kept offer replaced by nothing is one whose
      // source went; any new offer after that means somebody holds the selection.
      let offer = try control.current(selection).offer
      guard offer != currentOffer else { continue }
      keptOfferWent = offer == 0 && keptOffer != 0 && keptOffer == currentOffer
      keptOffer = 0
      currentOffer = offer
    }
    var events = SelectionEvents()
    for owner in owners { events.notDerived += owner.finishDerivations() }
    // Each owner's loss is taken, so that an older offer's is not told later.
    events.offerLost = owners.map { $0.takeLoss() }.last == true
    owners.removeAll(where: \.isDone)
    let offer = try control.current(selection).offer
    defer { lastOffer = offer }
    // A new selection while none of pb's own sources holds it: another client's, unless
    // it is a pb's clear, which empties it next (nobody's copy).
    let clearing = try control.current(selection).types == [DesktopTargets.pbCleared]
    events.taken = offer != lastOffer && offer != 0 && !clearing && !owners.contains(where: \.holdsSelection)
    events.ownerGone = keptOfferWent && offer == 0
    return events
  }

  func keepOwner() {
    let offer = (try? control.current(selection).offer) ?? 0
    guard persists, offer != 0, !owners.contains(where: \.holdsSelection) else { return }
    keptOffer = offer
  }

  /// Wayland has no request to save a copy: its applications never ask.
  func answerSave(_ saved: Bool) {}

  func publish(_ offer: DesktopOffer) throws(DesktopError) {
    for owner in owners { owner.relinquish() }
    let owner = WaylandOwner(control: control, selection: selection, offer: offer)
    try owner.acquire()
    owners.append(owner)
    lastOffer = try control.current(selection).offer
    keptOffer = 0
  }

  func withdraw() {
    owners.last?.withdraw()
  }

  func clear() throws(DesktopError) {
    withdraw()
    // Emptied on purpose: not an owner gone whose copy the bridge puts back.
    keptOffer = 0
    try control.clear(selection)
  }

  var makeReader: @Sendable (Desktop.ImportClock) throws(DesktopError) -> any SelectionReader {
    let (display, selection, settings) = (display, selection, settings)
    return { (clock) throws(DesktopError) in
      WaylandReader(control: try WaylandDataControl(connection: try WaylandConnection(display: display, settings: settings)), selection: selection,
        clock: clock)
    }
  }
}
