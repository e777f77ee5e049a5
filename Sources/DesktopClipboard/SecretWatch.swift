import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// The desktop selection an imported secret came from, as the secret's watcher sees it:
/// it hears when the selection changes hands, and reads the present holder's offer.
protocol SecretSelection: AnyObject {
  /// The descriptors to wait on.
  var pollEntries: [SystemCall.PollRequest] { get }
  /// 0 when events are waiting already, else -1.
  var waitMilliseconds: Int32 { get }
  /// Takes in the desktop's events: whether the selection changed hands (or was
  /// cleared) since the last call. The desktop gone is an error.
  func changed() throws(DesktopError) -> Bool
  /// A reader of what the selection holds now, within `clock`.
  func reader(_ clock: Desktop.ImportClock) -> any SelectionReader
}

/// XFixes tells of every new owner of the selection, and of one that went.
private final class X11SecretSelection: SecretSelection {
  private let x: X11Connection
  private let selection: Desktop.Selection
  private let atom: xcb_atom_t
  private let ownerChanged: Int32

  init(selection: Desktop.Selection, settings: Settings) throws(DesktopError) {
    x = try X11Connection(display: try Desktop.display(settings))
    self.selection = selection
    atom = x.atom(selection.rawValue.uppercased())
    ownerChanged = pbx_watch_selection(x.connection, x.window, atom)
    if ownerChanged < 0 { throw .noXFixes }
  }

  var pollEntries: [SystemCall.PollRequest] {
    x.flush()
    return [x.readable]
  }

  var waitMilliseconds: Int32 { x.hasEvents ? 0 : -1 }

  func changed() throws(DesktopError) -> Bool {
    var changed = false
    while let event = try x.nextEvent(until: 0) {
      if event.code == ownerChanged, event.as(xcb_xfixes_selection_notify_event_t.self).selection == atom { changed = true }
    }
    return changed
  }

  func reader(_ clock: Desktop.ImportClock) -> any SelectionReader {
    X11Reader(connection: x, selection: selection.rawValue, clock: clock)
  }
}

/// The data-control device tells of every new offer of the selection (0: empty).
private final class WaylandSecretSelection: SecretSelection {
  private let control: WaylandDataControl
  private let selection: Desktop.Selection
  private var offer: UInt32

  init(selection: Desktop.Selection, settings: Settings) throws(DesktopError) {
    control = try Desktop.dataControl(Desktop.Route(.wayland, settings: settings))
    self.selection = selection
    offer = try control.current(selection).offer
  }

  var pollEntries: [SystemCall.PollRequest] {
    try? control.wayland.flush()
    return [control.wayland.readable]
  }

  var waitMilliseconds: Int32 { -1 }

  func changed() throws(DesktopError) -> Bool {
    while let event = try control.wayland.nextEvent(until: 0) { _ = control.handle(event) }
    let now = try control.current(selection).offer
    defer { offer = now }
    return now != offer
  }

  func reader(_ clock: Desktop.ImportClock) -> any SelectionReader {
    WaylandReader(control: control, selection: selection, clock: clock)
  }
}

extension Desktop {
  /// The hidden subcommand the watcher of an imported secret runs as.
  public static let secretWatchCommand = "__secret-watch"

  /// Starts the watcher of the secret `pb import` just stored as `item` of the board
  /// `origin` names (see `runSecretWatch`); returns once it watches, so that no
  /// withdrawal falls between the import and the watch.
  static func watchSecret(_ item: Item, origin: DesktopTargets.Origin, store: Store, selection: Selection, backend: Backend)
    throws(DesktopError)
  {
    let (reader, writer) = try DesktopError.catching { try SystemCall.pipe() }
    let settings = SecretWatchSettings(
      backend: backend, selection: selection, origin: origin, expires: item.expires, store: store.absolutePath,
      files: item.representations.map(\.file))
    _ = try DesktopError.catching { try SystemCall.spawnSelf([secretWatchCommand] + settings.words, passing: [writer]) }
    _ = consume writer
    let answer = try readAnswer(from: reader, of: "pb's watcher of the secret")
    if answer != "ok" {
      throw .failed(answer.isEmpty ? "the process that was to watch the secret ended without a word" : answer)
    }
  }

  /// The watcher of an imported secret, detached: `arguments` are what `watchSecret`
  /// passed after the command name (its `SecretWatchSettings`); descriptor 3 is the
  /// status pipe. It removes the secret from the board (as its expiry would) once the
  /// selection no longer holds the copy it came from, or pb's own offer of it (`pb
  /// publish`, `pb bridge`: their mark names the board and the import's change count),
  /// or once it expires, whichever is first; it ends as soon as the board no longer
  /// holds the secret, never removing anything else. With the desktop gone, the expiry
  /// alone is waited for. It holds no lock while it waits; killed, it leaves the secret
  /// to the store's expiry (the next writer, list or watch).
  public static func runSecretWatch(
    _ arguments: [String], settings processSettings: Settings, describe: (DesktopError) -> String
  ) -> HiddenCommandEnd {
    var status: Descriptor? = Descriptor(.inherited(0, path: "the status pipe"))
    func fail(_ error: DesktopError) -> HiddenCommandEnd {
      try? status?.writeAll(Array(describe(error).utf8))
      return .failed
    }
    guard let settings = SecretWatchSettings(arguments), settings.backend != .osc52
    else { return fail(.hiddenCommandArguments(.secretWatch)) }
    let (backend, selection, origin, files) = (settings.backend, settings.selection, settings.origin, settings.files)
    do throws(DesktopError) {
      // The board, then the desktop, are watched before either is looked at: no change
      // falls between.
      let monitor = try DesktopError.inStore { () throws(PasteboardError) in
        try ChangeMonitor(store: try Store.open(at: settings.store, settings: processSettings, creating: false), board: origin.board)
      }
      let watch = OfferWatch(expires: settings.expires, board: (monitor, files))
      var desktop: (any SecretSelection)? =
        backend == .wayland
        ? try WaylandSecretSelection(selection: selection, settings: processSettings)
        : try X11SecretSelection(selection: selection, settings: processSettings)
      var held = desktop.map { holdsSecret($0, origin: origin, atStart: true) } ?? false
      try? status?.writeAll(Array("ok".utf8))
      status = nil
      var ready: [Int16] = []
      while !watch.hasEnded(ready) && held {
        let entries = desktop?.pollEntries ?? []
        let found = try DesktopError.catching {
          try SystemCall.wait(
            entries + watch.pollEntries, milliseconds: Desktop.soonest(desktop?.waitMilliseconds ?? -1, watch.waitMilliseconds),
            path: "the desktop and the board")
        }
        ready = Array(found.dropFirst(entries.count))
        guard let selection = desktop else { continue }
        do {
          if try selection.changed() { held = holdsSecret(selection, origin: origin, atStart: false) }
        } catch {
          desktop = nil  // the desktop went: the expiry still comes
        }
      }
      // Ended by the board no longer holding it, this finds nothing to remove.
      _ = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current().pasteboard.removeSecret(files: files) }
      return .done
    } catch {
      return fail(error)
    }
  }

  /// Whether the selection holds the secret still: pb's own offer of it (its mark names
  /// `origin`), or, `atStart`, an offer marked as a password, the copy just imported. An
  /// owner that does not answer in time does not hold it.
  private static func holdsSecret(_ desktop: any SecretSelection, origin: DesktopTargets.Origin, atStart: Bool) -> Bool {
    let reader = desktop.reader(ImportLimits(timeout: ImportLimits.shortestTypeTimeout).started())
    guard let targets = try? reader.targets() else { return false }
    if atStart && DesktopTargets.listsSecretMark(targets) { return true }
    guard targets.contains(DesktopTargets.pbItem) else { return false }
    var mark: [UInt8] = []
    guard (try? reader.read(DesktopTargets.pbItem, into: { mark.append(contentsOf: $0) })) != nil else { return false }
    return DesktopTargets.Origin(bytes: mark) == origin
  }
}
