import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// Reads an X11 selection as a requestor (ICCCM 2.4): its targets, then the data of
/// each, taking INCR transfers piece by piece. Each read (a target's whole transfer)
/// has the type's time limit, and all of them the import's (`Desktop.ImportClock`).
///
/// The data comes through a property of a requestor window of the reader's own, made
/// anew whenever a read is abandoned (late, or stopped by its sink): an owner that
/// answers after pb gave up, or goes on with an INCR transfer, writes to the window
/// pb no longer reads (destroyed, so the server drops it), never into the next
/// target's answer. Matching the target alone would not do: the late owner's data
/// would replace the next answer's in the shared property.
final class X11Reader {
  private let x: X11Connection
  private let selection: xcb_atom_t
  let selectionName: String
  private let property: xcb_atom_t
  private let incr: xcb_atom_t
  let clock: Desktop.ImportClock
  /// The limit of the read under way, which its lateness is named by.
  private var limit: Int64 = 0
  private var requestor: xcb_window_t = 0

  init(connection: X11Connection, selection: String, clock: Desktop.ImportClock) {
    x = connection
    selectionName = selection
    let atoms = connection.atoms([selection.uppercased(), "PB_SELECTION", "INCR"])
    self.selection = atoms[0]
    property = atoms[1]
    incr = atoms[2]
    self.clock = clock
    requestor = newRequestor()
  }

  deinit {
    xcb_destroy_window(x.connection, requestor)
    x.flush()
  }

  /// An unmapped input-only window that hears of its property changes.
  private func newRequestor() -> xcb_window_t {
    let window = xcb_generate_id(x.connection)
    let root = xcb_setup_roots_iterator(xcb_get_setup(x.connection)).data.pointee.root
    let mask: [UInt32] = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
    xcb_create_window(
      x.connection, 0, window, root, -10, -10, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), 0,
      XCB_CW_EVENT_MASK.rawValue, mask)
    return window
  }

  /// Leaves what is under way to a window pb no longer reads.
  private func abandon() {
    xcb_destroy_window(x.connection, requestor)
    requestor = newRequestor()
    x.flush()
  }

  /// The selection's owner now (None when it has none).
  func owner() -> xcb_window_t {
    let cookie = xcb_get_selection_owner(x.connection, selection)
    let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil)
    defer { free(reply) }
    return reply?.pointee.owner ?? xcb_window_t(XCB_NONE)
  }

  /// The target names the owner offers; the selection having no owner is an error.
  func targets() throws(DesktopError) -> [String] {
    if owner() == xcb_window_t(XCB_NONE) { throw .empty(selection: selectionName) }
    var list: [UInt8] = []
    // 1 MiB of atoms is 262,144 types: more is not a list of types but a flood.
    let longest = 1 << 20
    let listed = try read("TARGETS") { (bytes) throws(DesktopError) in
      list.append(contentsOf: bytes)
      if list.count > longest {
        throw .failed("the application that owns the \(selectionName) selection listed more than \(longest / 4) types")
      }
    }
    guard listed != nil else {
      throw .failed("the application that owns the \(selectionName) selection would not list its types")
    }
    let atoms = stride(from: 0, to: list.count - list.count % 4, by: 4).map { offset in
      list.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
    return x.names(of: atoms).filter { !$0.isEmpty }
  }

  /// Asks for `target` and passes its data to `sink` as it comes; returns the name of
  /// the type the owner gave it, or nil when the owner refused the target. The whole
  /// transfer must end within the time limit, else it is a `.timeout` error (an owner
  /// that keeps sending is cut there too, or by the sink's size limit). A read that
  /// fails is abandoned (see the type's comment).
  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError)
    -> String?
  {
    do {
      let (deadline, limit) = clock.read()
      self.limit = limit
      return try transfer(target, until: deadline, into: sink)
    } catch {
      abandon()
      throw error
    }
  }

  private func transfer(
    _ target: String, until deadline: Int64, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void
  ) throws(DesktopError) -> String? {
    let targetAtom = x.atom(target)
    let (window, wanted, property) = (requestor, selection, property)
    xcb_convert_selection(x.connection, window, selection, targetAtom, property, xcb_timestamp_t(XCB_CURRENT_TIME))
    let event = try x.awaitEvent(until: deadline) { event in
      let notify = event.as(xcb_selection_notify_event_t.self)
      return event.code == XCB_SELECTION_NOTIFY && notify.requestor == window && notify.selection == wanted
        && notify.target == targetAtom
    }
    guard let event else { throw timedOut() }
    let answered = event.as(xcb_selection_notify_event_t.self)
    guard answered.property != xcb_atom_t(XCB_NONE) else { return nil }
    let incr = incr
    guard
      let first = try x.takeProperty(window, answered.property, into: { (type, bytes) throws(DesktopError) in
        if type != incr { try sink(bytes) }
      })
    else { return nil }
    if first.type != incr { return x.names(of: [first.type])[0] }
    // INCR: the first property (now deleted, which asks for the first piece) held only
    // a size. Each piece arrives as a new value; an empty one ends the transfer. The
    // owner's window is watched: one killed mid-transfer is said so at once, rather than
    // waited for until the time limit.
    let owner = watchDestruction(of: owner())
    defer { if owner != xcb_window_t(XCB_NONE) { watchDestruction(of: owner, false) } }
    var received: Int64 = 0
    var pieceType = first.type
    while true {
      // Pieces that come as fast as they are taken never leave the wait for the time.
      if SystemCall.monotonicMilliseconds() >= deadline { throw timedOut() }
      let property = answered.property
      let arrived = try x.awaitEvent(until: deadline) { event in
        if event.code == XCB_DESTROY_NOTIFY { return event.as(xcb_destroy_notify_event_t.self).window == owner }
        let notify = event.as(xcb_property_notify_event_t.self)
        return event.code == XCB_PROPERTY_NOTIFY && notify.window == window && notify.atom == property
          && notify.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue)
      }
      guard let arrived else { throw timedOut() }
      if arrived.code == XCB_DESTROY_NOTIFY {
        throw .wentAwayMidTransfer(what: "the application that owns the \(selectionName) selection", received: received)
      }
      guard
        let piece = try x.takeProperty(
          window, answered.property,
          into: { (_, bytes) throws(DesktopError) in
            received += Int64(bytes.count)
            try sink(bytes)
          })
      else { continue }
      if piece.size == 0 { return x.names(of: [pieceType])[0] }
      pieceType = piece.type
    }
  }

  /// Hears (or, with `watching` false, stops hearing) of `window`'s destruction; returns it.
  @discardableResult
  private func watchDestruction(of window: xcb_window_t, _ watching: Bool = true) -> xcb_window_t {
    guard window != xcb_window_t(XCB_NONE) else { return window }
    let mask: [UInt32] = [watching ? XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue : 0]
    xcb_change_window_attributes(x.connection, window, XCB_CW_EVENT_MASK.rawValue, mask)
    x.flush()
    return window
  }

  private func timedOut() -> DesktopError {
    .timeout(what: "the application that owns the \(selectionName) selection", seconds: Double(limit) / 1000, limit: clock.timeLimit)
  }
}
