import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// The X11 side of `pb bridge`: it owns the selection itself to offer the board's item,
/// and hears of every new owner from XFixes, and of how an owner left: its window
/// destroyed or its client gone (it exited or crashed) or the selection set to None on
/// purpose (a deliberate clear, left empty).
final class X11BridgeEndpoint: BridgeEndpoint {
  private let x: X11Connection
  /// The display `x` is connected to, which each import connects to too.
  private let display: String
  private let selection: Desktop.Selection
  private let selectionAtom: xcb_atom_t
  private let ownerChanged: Int32
  /// The offers made, newest last: older ones may still finish transfers.
  private var owners: [X11Owner] = []
  /// `CLIPBOARD_MANAGER`, when pb is the clipboard manager.
  private let manager: X11ClipboardManager?
  /// The selection's owner as XFixes last told it.
  private var currentOwner: xcb_window_t
  /// The owner whose offer the board holds (`keepOwner`), while it owns the selection.
  private var keptOwner: xcb_window_t?
  let heldByAnotherAtStart: Bool

  /// With `manager`, it is the clipboard manager too, unless another client is.
  init(selection: Desktop.Selection, manager: Bool, settings: Settings) throws(DesktopError) {
    self.selection = selection
    display = try Desktop.display(settings)
    x = try X11Connection(display: display)
    selectionAtom = x.atom(selection.rawValue.uppercased())
    ownerChanged = pbx_watch_selection(x.connection, x.window, selectionAtom)
    if ownerChanged < 0 {
      throw .noXFixes
    }
    let cookie = xcb_get_selection_owner(x.connection, selectionAtom)
    let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil)
    currentOwner = reply?.pointee.owner ?? xcb_window_t(XCB_NONE)
    free(reply)
    heldByAnotherAtStart = currentOwner != xcb_window_t(XCB_NONE)
    self.manager = manager && selection == .clipboard ? try X11ClipboardManager(connection: x) : nil
  }

  var pollEntries: [SystemCall.PollRequest] {
    x.flush()
    return [x.readable] + owners.flatMap(\.pollEntries)
  }

  var waitMilliseconds: Int32 { x.hasEvents ? 0 : -1 }

  func service(_ ready: [Int16]) throws(DesktopError) -> SelectionEvents {
    var events = SelectionEvents()
    var keptOwnerWent = false
    let none = xcb_window_t(XCB_NONE)
    while let event = try x.nextEvent(until: 0) {
      if event.code == ownerChanged {
        let notify = event.as(xcb_xfixes_selection_notify_event_t.self)
        guard notify.selection == selectionAtom else {
          try manager?.selectionChanged(notify)
          continue
        }
        if notify.owner != x.window && notify.owner != none { events.taken = true }
        // Only an owner that went without a word is replaced: a SetSelectionOwner to
        // None is an application clearing the clipboard on purpose.
        let went = notify.subtype != UInt8(XCB_XFIXES_SELECTION_EVENT_SET_SELECTION_OWNER.rawValue)
        if notify.owner != none || !went {
          keptOwnerWent = false
        } else if keptOwner != nil && keptOwner == currentOwner {
          keptOwnerWent = true  // the server may tell of it twice (window, then client)
        }
        keptOwner = nil
        currentOwner = notify.owner
        continue
      }
      if manager?.handle(event) == true { continue }
      for owner in owners.reversed() where owner.handle(event) { break }
    }
    for owner in owners { events.notDerived += owner.finishDerivations() }
    // Each owner's loss is taken, so that an older offer's is not told later.
    events.offerLost = owners.map { $0.takeLoss() }.last == true
    owners.removeAll(where: \.isDone)
    // Nobody has taken the selection since (the bridge would take it from them), and
    // no other manager has replaced pb's (it keeps copies now).
    events.ownerGone = keptOwnerWent && currentOwner == none && manager?.owns == true
    if let manager, manager.saveRequested, selectionOwner() == x.window {
      // pb's own offer holds the clipboard: the board has its item already, and reading
      // it from itself would wait out the time limit for an answer only this loop gives.
      manager.answerSave(true)
    }
    events.saveRequested = manager?.saveRequested == true
    return events
  }

  /// The selection's owner now (XFixes tells of it only later).
  private func selectionOwner() -> xcb_window_t {
    let cookie = xcb_get_selection_owner(x.connection, selectionAtom)
    guard let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil) else { return xcb_window_t(XCB_NONE) }
    defer { free(reply) }
    return reply.pointee.owner
  }

  func keepOwner() {
    // Kept alive only by the clipboard manager: with another one running, that one does.
    guard manager?.owns == true, currentOwner != x.window, currentOwner != xcb_window_t(XCB_NONE) else { return }
    keptOwner = currentOwner
  }

  func answerSave(_ saved: Bool) {
    manager?.answerSave(saved)
  }

  func publish(_ offer: DesktopOffer) throws(DesktopError) {
    for owner in owners { owner.relinquish() }
    let owner = X11Owner(connection: x, selection: selection.rawValue, offer: offer)
    try owner.acquire()
    owners.append(owner)
    keptOwner = nil
  }

  func withdraw() {
    owners.last?.withdraw()
  }

  func clear() throws(DesktopError) {
    withdraw()
    keptOwner = nil
    try x.emptySelection(selection.rawValue)
  }

  var makeReader: @Sendable (Desktop.ImportClock) throws(DesktopError) -> any SelectionReader {
    let (display, selection) = (display, selection.rawValue)
    return { (clock) throws(DesktopError) in
      OneOwnerReader(X11Reader(connection: try X11Connection(display: display), selection: selection, clock: clock))
    }
  }
}

/// Reads what one owner offers, or nothing. The X server sends each request to whoever
/// owns the selection when it comes, so a copy made while another was being read (a
/// password manager's, right after) answered the rest: its secret was imported under
/// the first owner's targets, without the mark that keeps it out. An import that saw
/// the owner change fails; the new owner's copy is read next.
private final class OneOwnerReader: SelectionReader {
  private let reader: X11Reader
  private var owner: xcb_window_t?

  init(_ reader: X11Reader) {
    self.reader = reader
  }

  var selectionName: String { reader.selectionName }

  func targets() throws(DesktopError) -> [String] {
    let before = reader.owner()
    let names = try reader.targets()
    try stillOwned(by: before)
    owner = before
    return names
  }

  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError)
    -> String?
  {
    let type = try reader.read(target, into: sink)
    if let owner { try stillOwned(by: owner) }
    return type
  }

  private func stillOwned(by owner: xcb_window_t) throws(DesktopError) {
    if reader.owner() != owner {
      throw .failed("the \(selectionName) selection changed hands while it was read; the new copy is read next")
    }
  }
}
