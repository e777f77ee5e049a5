import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// Owns an X11 selection and answers requests for it (ICCCM 2): `TARGETS`, `TIMESTAMP`,
/// `MULTIPLE`, and every offered target, in pieces (INCR) when it is larger than one
/// property may be. Transfers run side by side, so a requestor that dies or stalls in
/// the middle of one holds up nobody else. An INCR transfer has no time limit (ICCCM
/// sets none): a requestor slow to delete the property, as `xclip -o | less` is while
/// less waits, still gets every piece; one ends when all is sent or the requestor's
/// window is destroyed (its client gone).
final class X11Owner {
  private let x: X11Connection
  private let selection: xcb_atom_t
  private let offer: DesktopOffer
  /// Each target's atom, in the order of `offer.targets`.
  private let targetAtoms: [xcb_atom_t]
  private let meta: (targets: xcb_atom_t, timestamp: xcb_atom_t, multiple: xcb_atom_t, incr: xcb_atom_t, atomPair: xcb_atom_t)
  private let utf8String: xcb_atom_t
  private var acquired: xcb_timestamp_t = 0
  /// Set when another client takes the selection: transfers under way still finish.
  private var lost = false
  /// Set when the desktop took the selection from this offer while it held it (another
  /// client's copy, or a clear), not pb itself; `takeLoss` says so once.
  private var lostToDesktop = false
  private var transfers: [Transfer] = []
  /// Requests for a derived target being made (`DesktopOffer.isReady`), answered when
  /// it is: meanwhile every other request is answered at once.
  private var waiting: [xcb_selection_request_event_t] = []

  /// An INCR transfer under way: the next piece goes when the requestor deletes the
  /// property, or, when it deleted it before the piece was made (a PNG still being
  /// encoded), once the encoder has finished more.
  private final class Transfer {
    let requestor: xcb_window_t
    let property: xcb_atom_t
    let type: xcb_atom_t
    let target: Int
    var offset: Int64 = 0
    var sentLast = false
    var awaitsEncoder = false

    init(requestor: xcb_window_t, property: xcb_atom_t, type: xcb_atom_t, target: Int) {
      self.requestor = requestor
      self.property = property
      self.type = type
      self.target = target
    }
  }

  init(connection: X11Connection, selection: String, offer: DesktopOffer) {
    x = connection
    self.offer = offer
    let names = ["TARGETS", "TIMESTAMP", "MULTIPLE", "INCR", "ATOM_PAIR", "UTF8_STRING", selection.uppercased()]
    let atoms = connection.atoms(names + offer.targets.map(\.name))
    meta = (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4])
    utf8String = atoms[5]
    self.selection = atoms[6]
    targetAtoms = Array(atoms[names.count...])
  }

  /// Takes the selection; true once the server confirms pb's window owns it.
  func acquire() throws(DesktopError) {
    acquired = try x.serverTime()
    xcb_set_selection_owner(x.connection, x.window, selection, acquired)
    let cookie = xcb_get_selection_owner(x.connection, selection)
    guard let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil) else {
      throw .failed("the X server did not say who owns the selection")
    }
    defer { free(reply) }
    if reply.pointee.owner != x.window { throw .failed("another client took the selection at once; try again") }
  }

  /// Answers requests until another client takes the selection and the transfers
  /// under way are done (or the server goes), or until `watch` ends the offer, which
  /// then gives the selection up.
  func serve(_ watch: OfferWatch) throws(DesktopError) {
    var ready: [Int16] = []
    var withdrawn = false
    while !isDone {
      // Withdrawn, it still finishes the transfers under way (`withdraw`).
      if !withdrawn && watch.hasEnded(ready) {
        withdraw()
        withdrawn = true
      }
      while let event = try x.nextEvent(until: 0) { _ = handle(event) }
      // Nobody hears of a failure here: publish's owner has no terminal.
      _ = finishDerivations()
      if isDone { break }
      x.flush()
      let derivations = offer.pollEntries
      let watching = withdrawn ? [] : watch.pollEntries
      let found = try DesktopError.catching {
        try SystemCall.wait(
          [x.readable] + derivations + watching,
          milliseconds: x.hasEvents ? 0 : (withdrawn ? -1 : watch.waitMilliseconds), path: "the X server")
      }
      ready = Array(found.dropFirst(1 + derivations.count))
    }
    x.flush()
  }

  /// Answers no new request (a newer offer has the selection); transfers under way
  /// still finish, but a secret's end now: INCR's empty last piece replaces the piece
  /// the requestor has not read yet, so it ends short when it reads on, and the owner
  /// does not wait for its deletion. A paused requestor (`xclip -o | less`) held the
  /// owner, and the removed secret's open data file, for as long as it paused.
  func relinquish() {
    lost = true
    guard offer.concealed else { return }
    refuseWaiting()
    for transfer in transfers where !transfer.sentLast {
      x.setProperty(transfer.requestor, transfer.property, type: transfer.type, bytes: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    transfers.removeAll()
  }

  /// Gives the selection up (the item expired, the board was cleared, or the secret left
  /// its pasteboard): the selection then has no owner, unless another client has taken
  /// it meanwhile. Nothing new is answered; transfers under way end as after
  /// `relinquish`.
  func withdraw() {
    let held = !lost
    relinquish()
    guard held, owner() == x.window else { return }
    // With the time pb took it, the server also ignores the request if another
    // client took the selection between the question and the request.
    xcb_set_selection_owner(x.connection, xcb_window_t(XCB_NONE), selection, acquired)
    // A round trip: requests the server sent before it took the selection back are
    // then here, to be refused rather than left waiting.
    _ = owner()
  }

  /// The window that owns the selection now.
  private func owner() -> xcb_window_t {
    let cookie = xcb_get_selection_owner(x.connection, selection)
    guard let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil) else { return xcb_window_t(XCB_NONE) }
    defer { free(reply) }
    return reply.pointee.owner
  }

  /// Whether the desktop took the selection from this offer since last asked.
  func takeLoss() -> Bool {
    defer { lostToDesktop = false }
    return lostToDesktop
  }

  /// Another client has the selection and every transfer has ended.
  var isDone: Bool { lost && transfers.isEmpty && waiting.isEmpty }

  /// What to wait on beside the X server: the derivations under way.
  var pollEntries: [SystemCall.PollRequest] { offer.pollEntries }

  /// Answers the requests that waited for a derivation now done; returns the derived
  /// targets that could not be made, with why, for a front end to tell.
  func finishDerivations() -> [(target: String, error: DesktopError)] {
    let (finished, failed) = offer.collect()
    guard finished else { return failed }
    let requests = waiting
    waiting = []
    // They came while the selection was pb's: answered even if it has gone since.
    for request in requests { answer(request, waited: true) }
    for transfer in transfers where transfer.awaitsEncoder { continueTransfer(transfer) }
    return failed
  }

  /// Answers the requests waiting for a derivation with a refusal.
  private func refuseWaiting() {
    for request in waiting {
      pbx_send_selection_notify(
        x.connection, request.requestor, request.selection, request.target, xcb_atom_t(XCB_NONE), request.time)
    }
    waiting.removeAll()
  }

  /// Acts on an event if it is one of the owner's; false if it is not.
  func handle(_ event: X11Event) -> Bool {
    switch event.code {
    case XCB_SELECTION_REQUEST:
      let request = event.as(xcb_selection_request_event_t.self)
      guard request.owner == x.window, request.selection == selection else { return false }
      answer(request)
    case XCB_SELECTION_CLEAR:
      // One from before this offer took the selection is an older offer's (withdrawn
      // on the same window): not a loss of this one. Server times wrap after 49 days.
      let clear = event.as(xcb_selection_clear_event_t.self)
      guard clear.owner == x.window, clear.selection == selection, Int32(bitPattern: clear.time &- acquired) >= 0 else { return false }
      if !lost { lostToDesktop = true }
      lost = true
    case XCB_PROPERTY_NOTIFY:
      let notify = event.as(xcb_property_notify_event_t.self)
      guard let transfer = transfers.first(where: { $0.requestor == notify.window && $0.property == notify.atom }) else {
        return false
      }
      if notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue) { continueTransfer(transfer) }
    case XCB_DESTROY_NOTIFY:
      // A requestor's window gone (its client exited or was killed): nobody to send to.
      let destroyed = event.as(xcb_destroy_notify_event_t.self)
      guard transfers.contains(where: { $0.requestor == destroyed.window }) else { return false }
      transfers.removeAll { $0.requestor == destroyed.window }
    case 0:
      // An error: a requestor's window gone mid-transfer (BadWindow) ends its transfers.
      let error = event.as(xcb_generic_error_t.self)
      guard error.error_code == 3, transfers.contains(where: { $0.requestor == error.resource_id }) else { return false }
      transfers.removeAll { $0.requestor == error.resource_id }
    default:
      return false
    }
    return true
  }

  private func answer(_ request: xcb_selection_request_event_t, waited: Bool = false) {
    // An obsolete client names no property: the answer goes in the target's name.
    let property = request.property == xcb_atom_t(XCB_NONE) ? request.target : request.property
    let refused = (lost && !waited) || request.selection != selection
      || (request.time != xcb_timestamp_t(XCB_CURRENT_TIME) && request.time < acquired)
    if !refused && !isReady(request, property) {
      waiting.append(request)
      return
    }
    var answered = false
    if !refused {
      if request.target == meta.multiple {
        answered = answerMultiple(request.requestor, property)
      } else {
        answered = convert(request.target, for: request.requestor, into: property)
      }
    }
    pbx_send_selection_notify(
      x.connection, request.requestor, request.selection, request.target, answered ? property : xcb_atom_t(XCB_NONE),
      request.time)
  }

  /// Whether every target `request` asks for can be converted now; derived ones not
  /// asked for before start being made.
  private func isReady(_ request: xcb_selection_request_event_t, _ property: xcb_atom_t) -> Bool {
    var asked = [request.target]
    if request.target == meta.multiple {
      let pairs = x.propertyValues(request.requestor, property)
      asked = stride(from: 0, to: pairs.count - pairs.count % 2, by: 2).map { pairs[$0] }
    }
    // Every one is looked at (not only up to the first not ready), so all start now.
    let ready = asked.compactMap { targetAtoms.firstIndex(of: $0) }.map { offer.isReady($0) }
    return !ready.contains(false)
  }

  /// MULTIPLE: the property lists (target, property) pairs; each is converted, and a
  /// pair that cannot be has its property replaced by None.
  private func answerMultiple(_ requestor: xcb_window_t, _ property: xcb_atom_t) -> Bool {
    var pairs = x.propertyValues(requestor, property)
    guard !pairs.isEmpty, pairs.count % 2 == 0 else { return false }
    for index in stride(from: 0, to: pairs.count, by: 2) {
      let target = pairs[index]
      if target == meta.multiple || !convert(target, for: requestor, into: pairs[index + 1]) {
        pairs[index + 1] = xcb_atom_t(XCB_NONE)
      }
    }
    x.setProperty(requestor, property, type: meta.atomPair, values: pairs)
    return true
  }

  private func convert(_ target: xcb_atom_t, for requestor: xcb_window_t, into property: xcb_atom_t) -> Bool {
    if property == xcb_atom_t(XCB_NONE) { return false }
    if target == meta.targets {
      let list = [meta.targets, meta.timestamp, meta.multiple] + targetAtoms
      x.setProperty(requestor, property, type: xcb_atom_t(XCB_ATOM_ATOM.rawValue), values: list)
      return true
    }
    if target == meta.timestamp {
      x.setProperty(requestor, property, type: xcb_atom_t(XCB_ATOM_INTEGER.rawValue), values: [acquired])
      return true
    }
    guard let index = targetAtoms.firstIndex(of: target) else { return false }
    // TEXT asks for text in whatever encoding the owner likes: pb's is UTF-8.
    let type = offer.targets[index].name == "TEXT" ? utf8String : target
    // A derived target is made, or its first chunk is, before its request is answered
    // (`isReady`); one that could not be (a damaged image, one over its budget) is
    // refused, and the other targets are served as before.
    guard let (size, whole) = try? offer.available(of: index) else { return false }
    if whole && size <= Int64(x.chunkSize) {
      guard let bytes = try? offer.bytes(of: index, at: 0, count: Int(size)) else { return false }
      bytes.withUnsafeBytes { x.setProperty(requestor, property, type: type, bytes: $0) }
      return true
    }
    // Too large for one property (or not all made yet): announce INCR with a lower bound
    // of the size, and send pieces as the requestor deletes the property (it must see
    // those deletions, and its window's end).
    transfers.removeAll { $0.requestor == requestor && $0.property == property }
    let events: [UInt32] = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue]
    xcb_change_window_attributes(x.connection, requestor, XCB_CW_EVENT_MASK.rawValue, events)
    x.setProperty(requestor, property, type: meta.incr, values: [UInt32(clamping: size)])
    transfers.append(Transfer(requestor: requestor, property: property, type: type, target: index))
    return true
  }

  private func continueTransfer(_ transfer: Transfer) {
    transfer.awaitsEncoder = false
    if transfer.sentLast {
      transfers.removeAll { $0 === transfer }
      return
    }
    // A conversion that fails mid-stream ends the transfer at once with the empty last
    // piece, so that the requestor does not wait for ever: what it has is a PNG without
    // its IEND, which no decoder takes for a whole one.
    guard let (size, whole) = try? offer.available(of: transfer.target),
      let bytes = try? offer.bytes(of: transfer.target, at: transfer.offset, count: Int(min(Int64(x.chunkSize), size - transfer.offset)))
    else {
      transfer.sentLast = true
      x.setProperty(transfer.requestor, transfer.property, type: transfer.type, bytes: UnsafeRawBufferPointer(start: nil, count: 0))
      return
    }
    if bytes.isEmpty && !whole {
      transfer.awaitsEncoder = true
      return
    }
    // The last piece is an empty one.
    transfer.sentLast = bytes.isEmpty
    transfer.offset += Int64(bytes.count)
    bytes.withUnsafeBytes { x.setProperty(transfer.requestor, transfer.property, type: transfer.type, bytes: $0) }
  }
}
