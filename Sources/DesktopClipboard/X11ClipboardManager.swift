import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// `pb bridge` as the X11 clipboard manager of freedesktop.org's clipboard manager
/// specification: it owns the `CLIPBOARD_MANAGER` selection (a manager selection, ICCCM
/// 2.8), which is how applications know a manager runs (GTK's
/// `gdk_display_supports_clipboard_persistence`). Before it exits, an application that
/// owns the clipboard asks it for `SAVE_TARGETS` and waits for the answer
/// (`gtk_clipboard_store`, Qt on exit): the bridge imports the copy, then answers.
final class X11ClipboardManager {
  private let x: X11Connection
  private let selection: xcb_atom_t
  private let atoms: (targets: xcb_atom_t, saveTargets: xcb_atom_t, timestamp: xcb_atom_t, null: xcb_atom_t)
  /// `MANAGER`, the message a new manager sends.
  private let managerMessage: xcb_atom_t
  private var acquired: xcb_timestamp_t = 0
  /// Whether pb still owns `CLIPBOARD_MANAGER` (another manager may replace it).
  private(set) var owns = false
  /// SAVE_TARGETS requests waiting for `answerSave`.
  private var pending: [xcb_selection_request_event_t] = []

  /// Takes `CLIPBOARD_MANAGER` unless another client (a desktop's own manager, another
  /// bridge) has it: that one is left alone, as ICCCM asks of managers, until it goes
  /// (`selectionChanged`).
  init(connection: X11Connection) throws(DesktopError) {
    x = connection
    let names = connection.atoms(["CLIPBOARD_MANAGER", "TARGETS", "SAVE_TARGETS", "TIMESTAMP", "NULL", "MANAGER"])
    selection = names[0]
    atoms = (names[1], names[2], names[3], names[4])
    managerMessage = names[5]
    // XFixes tells when the other manager goes (the bridge's endpoint watches it too).
    _ = pbx_watch_selection(x.connection, x.window, selection)
    try take()
  }

  /// Another manager that had `CLIPBOARD_MANAGER` has gone (or cleared it): pb takes it
  /// back, or copies were never kept again until the bridge restarted.
  func selectionChanged(_ notify: xcb_xfixes_selection_notify_event_t) throws(DesktopError) {
    guard notify.selection == selection, notify.owner == xcb_window_t(XCB_NONE), !owns else { return }
    try take()
  }

  private func take() throws(DesktopError) {
    guard currentOwner() == xcb_window_t(XCB_NONE) else { return }
    acquired = try x.serverTime()
    xcb_set_selection_owner(x.connection, x.window, selection, acquired)
    owns = currentOwner() == x.window
    guard owns else { return }
    // ICCCM 2.8: a new manager tells the root window's listeners.
    var event = xcb_client_message_event_t()
    event.response_type = UInt8(XCB_CLIENT_MESSAGE)
    event.format = 32
    event.window = x.root
    event.type = managerMessage
    event.data.data32 = (acquired, selection, x.window, 0, 0)
    withUnsafeBytes(of: &event) { bytes in
      _ = xcb_send_event(
        x.connection, 0, x.root, XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue, bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
    }
    x.flush()
  }

  private func currentOwner() -> xcb_window_t {
    let cookie = xcb_get_selection_owner(x.connection, selection)
    guard let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil) else { return xcb_window_t(XCB_NONE) }
    defer { free(reply) }
    return reply.pointee.owner
  }

  /// Acts on an event if it is about `CLIPBOARD_MANAGER`; false if it is not. A save
  /// request is kept for `answerSave` (`saveRequested` is then true).
  func handle(_ event: X11Event) -> Bool {
    switch event.code {
    case XCB_SELECTION_REQUEST:
      let request = event.as(xcb_selection_request_event_t.self)
      guard request.owner == x.window, request.selection == selection else { return false }
      if owns && request.target == atoms.saveTargets {
        pending.append(request)
      } else if owns && request.target == atoms.targets && request.property != xcb_atom_t(XCB_NONE) {
        x.setProperty(
          request.requestor, request.property, type: xcb_atom_t(XCB_ATOM_ATOM.rawValue),
          values: [atoms.targets, atoms.saveTargets, atoms.timestamp])
        notify(request, answered: true)
      } else if owns && request.target == atoms.timestamp && request.property != xcb_atom_t(XCB_NONE) {
        x.setProperty(request.requestor, request.property, type: xcb_atom_t(XCB_ATOM_INTEGER.rawValue), values: [acquired])
        notify(request, answered: true)
      } else {
        notify(request, answered: false)
      }
    case XCB_SELECTION_CLEAR:
      let clear = event.as(xcb_selection_clear_event_t.self)
      guard clear.owner == x.window, clear.selection == selection else { return false }
      // Another manager replaced pb: it saves copies now.
      owns = false
      answerSave(false)
    default:
      return false
    }
    return true
  }

  var saveRequested: Bool { !pending.isEmpty }

  /// Answers every waiting save request: the application may exit now.
  func answerSave(_ saved: Bool) {
    for request in pending { notify(request, answered: saved) }
    pending = []
    x.flush()
  }

  /// A side-effect target's answer (ICCCM 2.6.3): a zero-length property of type NULL
  /// when it succeeded, or None; a requestor that named no property gets the target's.
  private func notify(_ request: xcb_selection_request_event_t, answered: Bool) {
    var property = xcb_atom_t(XCB_NONE)
    if answered {
      property = request.property == xcb_atom_t(XCB_NONE) ? request.target : request.property
      if request.target == atoms.saveTargets {
        xcb_change_property(
          x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property, atoms.null, 32, 0, nil)
      }
    }
    pbx_send_selection_notify(x.connection, request.requestor, request.selection, request.target, property, request.time)
  }
}
