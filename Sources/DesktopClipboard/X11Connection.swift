import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// A connection to an X server with a window of pb's own: never mapped, so it never
/// appears or takes the focus, but it can own a selection and receive properties.
final class X11Connection {
  let connection: OpaquePointer
  let window: xcb_window_t
  /// The screen's root window, where a manager announces itself.
  let root: xcb_window_t
  /// The most bytes pb puts in one property: larger data goes in pieces (INCR). Below
  /// the server's own limit, and small enough that a transfer shows progress.
  let chunkSize: Int
  private var atoms: [String: xcb_atom_t] = [:]
  /// Events that came while pb waited for a particular one, kept for `nextEvent`.
  private var deferred: [X11Event] = []

  init(display: String) throws(DesktopError) {
    var screenNumber: Int32 = 0
    let connection: OpaquePointer = xcb_connect(display, &screenNumber)
    if xcb_connection_has_error(connection) != 0 {
      xcb_disconnect(connection)
      throw .failed(
        "cannot connect to the X display '\(Display.value(display))'; check DISPLAY, and that the server lets you in (xauth list)")
    }
    self.connection = connection
    var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
    for _ in 0..<max(0, Int(screenNumber)) where screens.rem > 1 { xcb_screen_next(&screens) }
    let screen = screens.data.pointee
    root = screen.root
    window = xcb_generate_id(connection)
    let mask: [UInt32] = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
    xcb_create_window(
      connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.root, -10, -10, 1, 1, 0,
      UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.root_visual, XCB_CW_EVENT_MASK.rawValue, mask)
    // In bytes; a ChangeProperty request has 24 bytes of its own.
    let serverLimit = Int(xcb_get_maximum_request_length(connection)) * 4 - 24
    chunkSize = min(serverLimit, 1 << 20)
  }

  deinit {
    xcb_disconnect(connection)
  }

  /// The atoms of `names`, asked for together (one round trip for all of them).
  func atoms(_ names: [String]) -> [xcb_atom_t] {
    let missing = names.filter { atoms[$0] == nil }
    let cookies = missing.map { name in
      name.withCString { xcb_intern_atom(connection, 0, UInt16(strlen($0)), $0) }
    }
    for (name, cookie) in zip(missing, cookies) {
      guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { continue }
      atoms[name] = reply.pointee.atom
      free(reply)
    }
    return names.map { atoms[$0] ?? xcb_atom_t(XCB_NONE) }
  }

  func atom(_ name: String) -> xcb_atom_t {
    atoms([name])[0]
  }

  /// The names of `list`, asked for together; an atom the server does not know is "".
  func names(of list: [xcb_atom_t]) -> [String] {
    let cookies = list.map { xcb_get_atom_name(connection, $0) }
    return cookies.map { cookie in
      guard let reply = xcb_get_atom_name_reply(connection, cookie, nil) else { return "" }
      defer { free(reply) }
      let length = Int(xcb_get_atom_name_name_length(reply))
      let start = UnsafeRawPointer(xcb_get_atom_name_name(reply)!)
      return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
  }

  /// The next event (one set aside by `awaitEvent` first), waiting until `deadline`
  /// (monotonic milliseconds; nil: for as long as it takes); nil when the time ran
  /// out. A broken connection is an error.
  func nextEvent(until deadline: Int64?) throws(DesktopError) -> X11Event? {
    if !deferred.isEmpty { return deferred.removeFirst() }
    return try receive(until: deadline)
  }

  /// Waits until `deadline` for the event `wanted` accepts, setting the others aside
  /// for `nextEvent`; nil when the time ran out.
  func awaitEvent(until deadline: Int64, _ wanted: (X11Event) -> Bool) throws(DesktopError) -> X11Event? {
    while let event = try receive(until: deadline) {
      if wanted(event) { return event }
      deferred.append(event)
    }
    return nil
  }

  /// Whether events are waiting to be taken, without reading the server: those set
  /// aside, and those libxcb has read but not handed out. A flush reads too (libxcb
  /// takes in what the server sent while it waits to write), so after one the socket
  /// may say nothing while a request waits in libxcb's queue: a wait on `readable`
  /// must not begin then, or that request is answered only when another comes.
  var hasEvents: Bool {
    if deferred.isEmpty, let queued = xcb_poll_for_queued_event(connection) { deferred.append(X11Event(queued)) }
    return !deferred.isEmpty
  }

  /// The connection's descriptor (libxcb's), to wait on with others once requests made
  /// are sent (`flush`).
  var readable: SystemCall.PollRequest { SystemCall.PollRequest(foreign: xcb_get_file_descriptor(connection), events: Int16(POLLIN)) }

  func flush() {
    xcb_flush(connection)
  }

  private func receive(until deadline: Int64?) throws(DesktopError) -> X11Event? {
    xcb_flush(connection)
    while true {
      if let event = xcb_poll_for_event(connection) { return X11Event(event) }
      if xcb_connection_has_error(connection) != 0 { throw .failed("the X server closed the connection") }
      var wait: Int32 = -1
      if let deadline {
        let left = deadline - SystemCall.monotonicMilliseconds()
        if left <= 0 { return nil }
        wait = Int32(min(left, Int64(Int32.max)))
      }
      do {
        _ = try SystemCall.wait([readable], milliseconds: wait, path: "the X server")
      } catch {
        throw .io(error)
      }
    }
  }

  /// A time from the server's clock (for taking a selection, as ICCCM asks): the time
  /// of a property change on pb's own window.
  func serverTime() throws(DesktopError) -> xcb_timestamp_t {
    let property = atom("PB_TIME")
    xcb_change_property(
      connection, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, property, xcb_atom_t(XCB_ATOM_STRING.rawValue), 8, 0, nil)
    let event = try awaitEvent(until: SystemCall.monotonicMilliseconds() + 5000) { event in
      let notify = event.as(xcb_property_notify_event_t.self)
      return event.code == XCB_PROPERTY_NOTIFY && notify.window == window && notify.atom == property
    }
    guard let event else { throw .timeout(what: "the X server", seconds: 5, limit: .fixed) }
    return event.as(xcb_property_notify_event_t.self).time
  }

  /// Replaces a property of `window` with `bytes` (format 8) or 32-bit values.
  func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, bytes: UnsafeRawBufferPointer) {
    xcb_change_property(
      connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8, UInt32(bytes.count), bytes.baseAddress)
  }

  func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, values: [UInt32]) {
    _ = values.withUnsafeBytes { bytes in
      xcb_change_property(
        connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 32, UInt32(values.count), bytes.baseAddress)
    }
  }

  /// A property's whole value, passed to `sink` with its type in pieces and then
  /// deleted; nil when it is not there.
  func takeProperty(
    _ window: xcb_window_t, _ property: xcb_atom_t,
    into sink: (xcb_atom_t, UnsafeRawBufferPointer) throws(DesktopError) -> Void
  ) throws(DesktopError) -> (type: xcb_atom_t, size: Int)?
  {
    var offset: UInt32 = 0
    var size = 0
    while true {
      let cookie = xcb_get_property(
        connection, 0, window, property, xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue), offset, UInt32(chunkSize / 4))
      guard let reply = xcb_get_property_reply(connection, cookie, nil) else {
        throw .failed("the X server did not answer a request for a property")
      }
      defer { free(reply) }
      let type = reply.pointee.type
      if type == xcb_atom_t(XCB_NONE) { return nil }
      let length = Int(xcb_get_property_value_length(reply))
      if length > 0 {
        try sink(type, UnsafeRawBufferPointer(start: xcb_get_property_value(reply), count: length))
      }
      size += length
      offset += UInt32(length / 4)
      if reply.pointee.bytes_after == 0 || length == 0 {
        xcb_delete_property(connection, window, property)
        return (type, size)
      }
    }
  }

  /// A small property's 32-bit values (MULTIPLE's list of pairs), left in place.
  func propertyValues(_ window: xcb_window_t, _ property: xcb_atom_t) -> [UInt32] {
    let cookie = xcb_get_property(
      connection, 0, window, property, xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, 1 << 16)
    guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return [] }
    defer { free(reply) }
    guard reply.pointee.format == 32 else { return [] }
    let count = Int(xcb_get_property_value_length(reply)) / 4
    let values = UnsafeRawPointer(xcb_get_property_value(reply)!)
    return (0..<count).map { values.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
  }
}

/// One event from the server, freed when it goes.
final class X11Event {
  private let pointer: UnsafeMutablePointer<xcb_generic_event_t>

  init(_ pointer: UnsafeMutablePointer<xcb_generic_event_t>) {
    self.pointer = pointer
  }

  deinit {
    free(pointer)
  }

  /// The event's code (0 for an error).
  var code: Int32 { Int32(pbx_event_code(pointer)) }

  func `as`<Event>(_ type: Event.Type) -> Event {
    UnsafeRawPointer(pointer).load(as: Event.self)
  }
}
