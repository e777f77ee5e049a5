import PasteboardKit

import Glibc
import LinuxSystem

/// The data-control protocol of a Wayland compositor: a client that is not a window can
/// read and set the selection. Its ext name (KWin, newer sway) is used where offered,
/// else wlroots' (sway, Hyprland); both have the same requests and events.
final class WaylandDataControl {
  let wayland: WaylandConnection
  private let manager: UInt32
  private let device: UInt32
  /// Offers the compositor made (of the selection, the primary selection, or pb's own
  /// sources), with their MIME types.
  private var offers: [(id: UInt32, types: [String])] = []
  private var selections: [Desktop.Selection: UInt32] = [:]
  /// pb's own data sources, whose `send` events carry a descriptor.
  private var sources: [UInt32] = []
  private let hasPrimary: Bool

  init(connection: WaylandConnection) throws(DesktopError) {
    wayland = connection
    let bound = wayland.bind("ext_data_control_manager_v1", version: 1) ?? wayland.bind("zwlr_data_control_manager_v1", version: 2)
    guard let bound else {
      throw .unavailable(
        lookedFor: "the Wayland compositor offers no data-control protocol (GNOME's does not), and DISPLAY is unset (XWayland)")
    }
    let isExt = wayland.globals.contains { $0.interface == "ext_data_control_manager_v1" }
    hasPrimary = isExt || bound.version >= 2
    guard let seat = wayland.bind("wl_seat", version: 1) else { throw .failed("the Wayland compositor has no seat") }
    manager = bound.id
    device = wayland.newID()
    wayland.send(manager, WaylandProtocol.DataControlManager.getDataDevice, [.uint(device), .uint(seat.id)])
    wayland.carriesDescriptor = { [unowned self] event in sources.contains(event.object) && event.opcode == WaylandProtocol.DataControlSource.sendEvent
    }
    // The device first tells the current selections.
    try wayland.roundtrip { _ = handle($0) }
  }

  /// Takes in a device or offer event; false if it is neither.
  func handle(_ event: WaylandConnection.Event) -> Bool {
    if event.object == device {
      switch event.opcode {
      case WaylandProtocol.DataControlDevice.dataOfferEvent: offers.append((event.uint(0), []))
      case WaylandProtocol.DataControlDevice.selectionEvent: replace(.clipboard, with: event.uint(0))
      case WaylandProtocol.DataControlDevice.primarySelectionEvent: replace(.primary, with: event.uint(0))
      default: break  // finished: the seat is gone
      }
      return true
    }
    if let index = offers.firstIndex(where: { $0.id == event.object }), event.opcode == WaylandProtocol.DataControlOffer.offerEvent {
      offers[index].types.append(event.string(at: 0))
      return true
    }
    return false
  }

  /// A selection's new offer; the one it replaces is destroyed unless the other
  /// selection still holds it, so that a long bridge does not gather offers.
  private func replace(_ selection: Desktop.Selection, with offer: UInt32) {
    let old = selections[selection] ?? 0
    selections[selection] = offer
    guard old != 0, old != offer, !selections.values.contains(old) else { return }
    wayland.send(old, WaylandProtocol.DataControlOffer.destroy, [])
    offers.removeAll { $0.id == old }
  }

  /// The offer `selection` holds now (0 when empty) and its MIME types.
  func current(_ selection: Desktop.Selection) throws(DesktopError) -> (offer: UInt32, types: [String]) {
    try checkSupported(selection)
    let offer = selections[selection] ?? 0
    return (offer, offers.first { $0.id == offer }?.types ?? [])
  }

  /// Asks for `type` of `offer` and passes its data to `sink` as it comes, all of it
  /// by `deadline` (monotonic milliseconds), else a `.timeout` named by `limit`
  /// milliseconds of `timeLimit`. Whatever ends the read closes the pipe: an application still writing
  /// gets EPIPE, and the next read has a pipe of its own.
  func receive(
    _ offer: UInt32, _ type: String, until deadline: Int64, limit: Int64, of timeLimit: DesktopError.TimeLimit,
    into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void
  ) throws(DesktopError) {
    let (reader, writer) = try DesktopError.catching { try SystemCall.pipe(named: "the application's data") }
    wayland.send(offer, WaylandProtocol.DataControlOffer.receive, [.string(type), .descriptor(writer)])
    try wayland.flush()
    _ = consume writer  // the application holds the only write end now: its end of file ends the data
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let left = deadline - SystemCall.monotonicMilliseconds()
      let ready = try DesktopError.catching {
        try left > 0 && SystemCall.waitReadable(reader.file, milliseconds: Int32(clamping: left), path: "the application's data")
      }
      guard ready else { throw .timeout(what: "the application that owns the selection", seconds: Double(limit) / 1000, limit: timeLimit) }
      let count = try DesktopError.catching {
        try reader.file.read(into: buffer)
      }
      if count == 0 { return }
      try sink(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// A new data source offering `types`, made the selection; returns its id.
  func setSelection(_ selection: Desktop.Selection, offering types: [String]) throws(DesktopError) -> UInt32 {
    try checkSupported(selection)
    let source = wayland.newID()
    wayland.send(manager, WaylandProtocol.DataControlManager.createDataSource, [.uint(source)])
    for type in types { wayland.send(source, WaylandProtocol.DataControlSource.offer, [.string(type)]) }
    let request = selection == .primary
      ? WaylandProtocol.DataControlDevice.setPrimarySelection : WaylandProtocol.DataControlDevice.setSelection
    wayland.send(device, request, [.uint(source)])
    sources.append(source)
    try wayland.roundtrip { event in if !handle(event) { wayland.setAside(event) } }
    return source
  }

  /// Empties `selection` (a null source): its source is cancelled (wl-copy exits). An
  /// offer of `DesktopTargets.pbCleared` alone comes just before, so that a bridge tells
  /// the clear from its owner's exit.
  func clear(_ selection: Desktop.Selection) throws(DesktopError) {
    let mark = try setSelection(selection, offering: [DesktopTargets.pbCleared])
    let request = selection == .primary
      ? WaylandProtocol.DataControlDevice.setPrimarySelection : WaylandProtocol.DataControlDevice.setSelection
    wayland.send(device, request, [.uint(0)])
    destroy(source: mark)
    try wayland.roundtrip { event in if !handle(event) { wayland.setAside(event) } }
  }

  /// Destroys one of pb's sources: the compositor empties the selection if the source
  /// held it. Its id stays known, so that a `send` already on its way is told apart
  /// (its descriptor then closed).
  func destroy(source: UInt32) {
    wayland.send(source, WaylandProtocol.DataControlSource.destroy, [])
  }

  private func checkSupported(_ selection: Desktop.Selection) throws(DesktopError) {
    if selection == .primary && !hasPrimary {
      throw .failed(
        "this Wayland compositor's data control has no primary selection (version 1); use the clipboard selection instead")
    }
  }
}
