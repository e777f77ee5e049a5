import CXCB
import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif
import LinuxSystem

/// Reads an X11 selection as a requestor (ICCCM 2.4): its targets, then the data of
/// each, taking INCR transfers piece by piece. Every wait has the same time limit.
final class X11Reader {
  private let x: X11Connection
  private let selection: xcb_atom_t
  let selectionName: String
  private let property: xcb_atom_t
  private let incr: xcb_atom_t
  private let timeout: Int64

  init(connection: X11Connection, selection: String, timeoutMilliseconds: Int64) {
    x = connection
    selectionName = selection
    let atoms = connection.atoms([selection.uppercased(), "PB_SELECTION", "INCR"])
    self.selection = atoms[0]
    property = atoms[1]
    incr = atoms[2]
    timeout = timeoutMilliseconds
  }

  /// The target names the owner offers; the selection having no owner is an error.
  func targets() throws(DesktopError) -> [String] {
    let cookie = xcb_get_selection_owner(x.connection, selection)
    let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil)
    let owner = reply?.pointee.owner ?? xcb_window_t(XCB_NONE)
    free(reply)
    if owner == xcb_window_t(XCB_NONE) { throw .empty(selection: selectionName) }
    var list: [UInt8] = []
    guard try read("TARGETS", into: { list.append(contentsOf: $0) }) != nil else {
      throw .failed("the application that owns the \(selectionName) selection would not list its types")
    }
    let atoms = stride(from: 0, to: list.count - list.count % 4, by: 4).map { offset in
      list.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
    return x.names(of: atoms).filter { !$0.isEmpty }
  }

  /// Asks for `target` and passes its data to `sink` as it comes; returns the name of
  /// the type the owner gave it, or nil when the owner refused the target.
  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError)
    -> String?
  {
    let targetAtom = x.atom(target)
    xcb_convert_selection(x.connection, x.window, selection, targetAtom, property, xcb_timestamp_t(XCB_CURRENT_TIME))
    let (window, wanted) = (x.window, selection)
    let event = try x.awaitEvent(until: SystemCall.monotonicMilliseconds() + timeout) { event in
      let notify = event.as(xcb_selection_notify_event_t.self)
      return event.code == XCB_SELECTION_NOTIFY && notify.requestor == window && notify.selection == wanted
        && notify.target == targetAtom
    }
    guard let event else { throw timedOut() }
    let answered = event.as(xcb_selection_notify_event_t.self)
    guard answered.property != xcb_atom_t(XCB_NONE) else { return nil }
    let incr = incr
    guard
      let first = try x.takeProperty(x.window, answered.property, into: { (type, bytes) throws(DesktopError) in
        if type != incr { try sink(bytes) }
      })
    else { return nil }
    if first.type != incr { return x.names(of: [first.type])[0] }
    // INCR: the first property (now deleted, which asks for the first piece) held only
    // a size. Each piece arrives as a new value; an empty one ends the transfer.
    var pieceType = first.type
    while true {
      let property = answered.property
      let arrived = try x.awaitEvent(until: SystemCall.monotonicMilliseconds() + timeout) { event in
        let notify = event.as(xcb_property_notify_event_t.self)
        return event.code == XCB_PROPERTY_NOTIFY && notify.window == window && notify.atom == property
          && notify.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue)
      }
      if arrived == nil { throw timedOut() }
      guard let piece = try x.takeProperty(x.window, answered.property, into: { (_, bytes) throws(DesktopError) in try sink(bytes) })
      else { continue }
      if piece.size == 0 { return x.names(of: [pieceType])[0] }
      pieceType = piece.type
    }
  }

  private func timedOut() -> DesktopError {
    .timeout(what: "the application that owns the \(selectionName) selection", seconds: Double(timeout) / 1000, adjustable: true)
  }
}
