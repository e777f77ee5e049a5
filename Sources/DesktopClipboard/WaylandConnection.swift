import PasteboardKit

import Glibc
import LinuxSystem

/// A client of a Wayland compositor, speaking the wire protocol itself: a handful of
/// requests and events of a few interfaces (wl_display, wl_registry, wl_callback,
/// wl_seat and data control), so pb needs no libwayland to link or load.
///
/// A message is the object's id, then the opcode and the message's size in bytes (16
/// bits each, in one 32-bit word), then its arguments: 32-bit integers and object ids,
/// and strings as a length (with the NUL) and the bytes padded to 4. Descriptors go
/// beside the bytes (SCM_RIGHTS), in the order of the messages that carry them.
final class WaylandConnection {
  private let socket: Descriptor
  private var nextID: UInt32 = 2
  private var input: [UInt8] = []
  private var descriptors: [Descriptor] = []
  private var deferred: [Event] = []
  /// Each global the compositor announced: its name (a number), interface and version.
  private(set) var globals: [(name: UInt32, interface: String, version: UInt32)] = []
  static let display: UInt32 = 1

  enum Argument {
    case uint(UInt32)
    case string(String)
    case descriptor(Descriptor)
  }

  struct Event {
    var object: UInt32
    var opcode: UInt16
    var arguments: [UInt8]
    /// Descriptors that came with the event, for the events that carry one.
    var descriptor: Descriptor?

    func uint(_ index: Int) -> UInt32 {
      guard arguments.count >= (index + 1) * 4 else { return 0 }
      return arguments.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
    }

    /// The string that starts at word `index`.
    func string(at index: Int) -> String {
      let length = Int(uint(index))
      let start = (index + 1) * 4
      guard length > 0, arguments.count >= start + length else { return "" }
      return String(decoding: arguments[start..<start + length - 1], as: UTF8.self)
    }
  }

  /// Connects to the compositor `WAYLAND_DISPLAY` names (a path, or a name in
  /// `XDG_RUNTIME_DIR` of `settings`) and reads its globals.
  init(display: String, settings: Settings) throws(DesktopError) {
    var path = display
    if !display.hasPrefix("/") {
      guard let runtime = settings.runtimeFolder else {
        throw .failed("WAYLAND_DISPLAY is '\(Display.value(display))' but XDG_RUNTIME_DIR is unset; set it, as the session does")
      }
      path = runtime + "/" + display
    }
    do {
      socket = try SystemCall.connectUnix(path)
    } catch {
      throw .failed("cannot connect to the Wayland compositor at \(Display.path(path)): \(error.reason)")
    }
    let registry = newID()
    send(Self.display, WaylandProtocol.Display.getRegistry, [.uint(registry)])
    try roundtrip { event in
      if event.object == registry && event.opcode == WaylandProtocol.Registry.globalEvent {
        let interface = event.string(at: 1)
        let words = 2 + (Int(event.uint(1)) + 3) / 4
        globals.append((event.uint(0), interface, event.uint(words)))
      }
    }
    self.registry = registry
  }

  private var registry: UInt32 = 0
  private var pending: [UInt8] = []
  private var pendingDescriptors: [Descriptor] = []

  /// Whether the compositor offers data control (ext's or wlroots').
  var hasDataControl: Bool {
    globals.contains { $0.interface == "ext_data_control_manager_v1" || $0.interface == "zwlr_data_control_manager_v1" }
  }

  func newID() -> UInt32 {
    defer { nextID += 1 }
    return nextID
  }

  /// Binds the global named `interface` at `version` at most; nil when there is none.
  func bind(_ interface: String, version: UInt32) -> (id: UInt32, version: UInt32)? {
    guard let global = globals.first(where: { $0.interface == interface }) else { return nil }
    let id = newID()
    let bound = min(version, global.version)
    send(registry, WaylandProtocol.Registry.bind, [.uint(global.name), .string(interface), .uint(bound), .uint(id)])
    return (id, bound)
  }

  /// Queues a request; `flush` sends what is queued.
  func send(_ object: UInt32, _ opcode: UInt16, _ arguments: [Argument]) {
    var body: [UInt8] = []
    func word(_ value: UInt32) {
      withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }
    for argument in arguments {
      switch argument {
      case .uint(let value):
        word(value)
      case .string(let text):
        let bytes = Array(text.utf8) + [0]
        word(UInt32(bytes.count))
        body += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
      case .descriptor(let fd):
        pendingDescriptors.append(fd)
      }
    }
    var header: [UInt8] = []
    withUnsafeBytes(of: object.littleEndian) { header.append(contentsOf: $0) }
    withUnsafeBytes(of: (UInt32(body.count + 8) << 16 | UInt32(opcode)).littleEndian) { header.append(contentsOf: $0) }
    pending += header + body
  }

  func flush() throws(DesktopError) {
    guard !pending.isEmpty else { return }
    do {
      try SystemCall.send(socket, pending, passing: pendingDescriptors)
    } catch {
      throw .failed("the Wayland compositor closed the connection (\(error.reason))")
    }
    pending = []
    pendingDescriptors = []
  }

  /// The socket to wait on, once what was queued is sent (`flush`).
  var readable: SystemCall.PollRequest { SystemCall.PollRequest(socket, events: Int16(POLLIN)) }

  /// The next event (one set aside by `roundtrip` first), waiting until `deadline`
  /// (monotonic milliseconds; nil: for as long as it takes); nil when the time ran out.
  /// The compositor's error event is thrown.
  func nextEvent(until deadline: Int64?) throws(DesktopError) -> Event? {
    if !deferred.isEmpty { return deferred.removeFirst() }
    return try receive(until: deadline)
  }

  /// Sends what is queued and a wl_display.sync, and passes every event before its
  /// answer to `each` (they are not kept for `nextEvent`).
  func roundtrip(_ each: (Event) -> Void = { _ in }) throws(DesktopError) {
    let callback = newID()
    send(Self.display, WaylandProtocol.Display.sync, [.uint(callback)])
    let deadline = SystemCall.monotonicMilliseconds() + 10_000
    while true {
      guard let event = try receive(until: deadline) else { throw .timeout(what: "the Wayland compositor", seconds: 10, limit: .fixed) }
      if event.object == callback && event.opcode == WaylandProtocol.Callback.doneEvent { return }
      each(event)
    }
  }

  /// Puts an event back, for `nextEvent`.
  func setAside(_ event: Event) {
    deferred.append(event)
  }

  private func receive(until deadline: Int64?) throws(DesktopError) -> Event? {
    try flush()
    while true {
      if let event = try parse() { return event }
      // Past the deadline, what has already arrived is still read.
      let wait = Desktop.waitMilliseconds(until: deadline)
      let ready = try DesktopError.catching {
        try SystemCall.waitReadable(socket.file, milliseconds: wait, path: "the Wayland compositor")
      }
      if !ready {
        if wait == 0 { return nil }
        continue
      }
      let (bytes, received) = try DesktopError.catching {
        try SystemCall.receive(socket, capacity: 1 << 16, naming: "a descriptor from the Wayland compositor")
      }
      descriptors += received
      if bytes.isEmpty { throw .failed("the Wayland compositor closed the connection") }
      input += bytes
    }
  }

  /// One whole message from `input`, if one has arrived.
  private func parse() throws(DesktopError) -> Event? {
    guard input.count >= 8 else { return nil }
    let object = input.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self) }
    let word = input.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) }
    let size = Int(word >> 16)
    guard size >= 8 else { throw .failed("the Wayland compositor sent a malformed message") }
    guard input.count >= size else { return nil }
    var event = Event(object: object, opcode: UInt16(word & 0xFFFF), arguments: Array(input[8..<size]), descriptor: nil)
    input.removeFirst(size)
    if object == Self.display && event.opcode == WaylandProtocol.Display.errorEvent {
      throw .failed("the Wayland compositor refused a request: \(event.string(at: 2))")
    }
    if carriesDescriptor(event), !descriptors.isEmpty { event.descriptor = descriptors.removeFirst() }
    return event
  }

  /// Events whose arguments include a descriptor: a data source's `send`.
  var carriesDescriptor: (Event) -> Bool = { _ in false }
}
