import PasteboardKit

import Glibc
import LinuxSystem

/// What reads a desktop selection, whatever the backend: the names of the types it
/// offers, and the data of one of them.
protocol SelectionReader {
  var selectionName: String { get }
  func targets() throws(DesktopError) -> [String]
  /// Passes the data of `target` to `sink` as it comes; returns the name of the type it
  /// came as, or nil when the owner refused it.
  func read(_ target: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError) -> String?
}

extension SelectionReader {
  /// A mark of pb's (`DesktopTargets.pbItem`, `pbDerived`) as the owner gives it: a few
  /// bytes when another pb wrote it. More than `markLimit` is no pb's mark but an owner
  /// that keeps sending (it sent gigabytes, all held in memory, past the import's size
  /// limit, which the marks are read before): the read stops there, and fails.
  func readMark(_ target: String) throws(DesktopError) -> [UInt8] {
    try readMarkIfServed(target) ?? []
  }

  /// The mark's content, or nil when the owner refused to serve it.
  func readMarkIfServed(_ target: String) throws(DesktopError) -> [UInt8]? {
    var mark: [UInt8] = []
    let served = try read(target) { (bytes) throws(DesktopError) in
      guard mark.count + bytes.count <= DesktopTargets.markLimit else {
        throw .failed(
          "the application that owns the \(selectionName) selection sent more than \(DesktopTargets.markLimit >> 10) KiB "
            + "for \(target), which pb writes in a few bytes")
      }
      mark.append(contentsOf: bytes)
    }
    return served == nil ? nil : mark
  }

  /// The plan of an import of what the owner offers, its secret marks settled: CopyQ's
  /// hidden mark makes a secret when its content is "1" (CopyQ's own rule; spaces and
  /// a NUL around it too). An owner that fails to answer for it fails the import; one
  /// that lists it but refuses it makes a secret, as an unread KDE hint does: a mark
  /// pb could not read never lets a password into history.
  func importPlan(allTypes: Bool = false) throws(DesktopError) -> DesktopTargets.ImportPlan {
    var plan = DesktopTargets.importPlan(offered: try targets(), allTypes: allTypes)
    if plan.listsCopyQHidden && !plan.concealed {
      guard let content = try readMarkIfServed(DesktopTargets.copyQHidden) else {
        plan.concealed = true
        return plan
      }
      let padding: Set<UInt8> = [0, 0x09, 0x0A, 0x0D, 0x20]
      plan.concealed = Array(content.drop(while: padding.contains).reversed().drop(while: padding.contains)) == [0x31]
    }
    return plan
  }
}

extension X11Reader: SelectionReader {}

/// What holds a desktop selection with an offer, whatever the backend.
protocol SelectionOwner {
  /// Takes the selection; returns once the desktop has confirmed it.
  func acquire() throws(DesktopError)
  /// Serves the offer until another client takes the selection and the transfers
  /// under way have ended, or until `watch` ends the offer: then the selection is
  /// given up.
  func serve(_ watch: OfferWatch) throws(DesktopError)
}

extension X11Owner: SelectionOwner {}
extension WaylandOwner: SelectionOwner {}

/// The desktop clipboard, reached through one of its backends: `pb publish` offers an
/// item there, `pb import` makes an item of what is there.
public enum Desktop {
  /// How pb reaches the desktop clipboard.
  public enum Backend: String, CaseIterable, Sendable {
    /// The Wayland compositor named by WAYLAND_DISPLAY, through its data-control
    /// protocol (sway, Hyprland, KWin; not GNOME).
    case wayland
    /// The X server named by DISPLAY (also XWayland's, as on GNOME).
    case x11
    /// An escape sequence to the terminal, which sets its host's clipboard (over SSH).
    case osc52
  }

  /// X11's two selections: what Ctrl-C copies, and what selecting text copies.
  public enum Selection: String, CaseIterable, Sendable {
    case clipboard
    case primary
  }

  /// Which way `pb bridge` carries changes.
  public enum Direction: Sendable {
    case both
    case toDesktop
    case fromDesktop
  }

  /// The hidden subcommand the owner of a published selection runs as: pb itself, so
  /// that there is one executable.
  public static let ownerCommand = "__desktop-owner"

  /// A backend chosen, with the Wayland connection the choice opened, which the command
  /// then uses rather than connecting again, and the settings that name the displays.
  public struct Route {
    public let backend: Backend
    let wayland: WaylandConnection?
    let settings: Settings

    init(_ backend: Backend, settings: Settings, wayland: WaylandConnection? = nil) {
      self.backend = backend
      self.settings = settings
      self.wayland = wayland
    }
  }

  /// The backend to use: the one given (`--backend`, else `PB_DESKTOP`), else Wayland
  /// when WAYLAND_DISPLAY names a compositor that offers data control, else X11 when
  /// DISPLAY is set (GNOME's XWayland), else OSC 52 for a publish from an SSH session.
  public static func route(given: Backend?, publishing: Bool, settings: Settings) throws(DesktopError) -> Route {
    var probed: WaylandConnection?
    let backend = try backend(given: given, publishing: publishing, settings: settings, probed: &probed)
    return Route(backend, settings: settings, wayland: probed)
  }

  private static func backend(
    given: Backend?, publishing: Bool, settings: Settings, probed: inout WaylandConnection?
  ) throws(DesktopError) -> Backend {
    if let given { return given }
    if let chosen = settings.desktopBackend {
      guard let backend = Backend(rawValue: chosen) else {
        throw .invalidEnvironment(
          variable: "PB_DESKTOP", value: chosen, reason: "it names no backend (\(Backend.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      return backend
    }
    var lookedFor = ""
    if let wayland = settings.waylandDisplay {
      let connection = try? WaylandConnection(display: wayland, settings: settings)
      if connection?.hasDataControl == true {
        probed = connection
        return .wayland
      }
      lookedFor = "the Wayland compositor offers no data-control protocol (GNOME's does not), and "
    }
    if settings.display != nil { return .x11 }
    if publishing && settings.isSSHSession { return .osc52 }
    lookedFor += settings.waylandDisplay == nil ? "DISPLAY and WAYLAND_DISPLAY are unset" : "DISPLAY is unset"
    lookedFor += publishing ? ", and this is not an SSH session (SSH_TTY, SSH_CONNECTION)" : ""
    throw .unavailable(lookedFor: lookedFor)
  }

  /// Data control over the route's connection, or a new one.
  static func dataControl(_ route: Route) throws(DesktopError) -> WaylandDataControl {
    if let connection = route.wayland { return try WaylandDataControl(connection: connection) }
    return try WaylandDataControl(
      connection: try WaylandConnection(display: try waylandDisplay(route.settings), settings: route.settings))
  }

  /// The Wayland compositor to connect to.
  static func waylandDisplay(_ settings: Settings) throws(DesktopError) -> String {
    guard let display = settings.waylandDisplay else { throw .unavailable(lookedFor: "WAYLAND_DISPLAY is unset") }
    return display
  }

  /// The X display to connect to.
  static func display(_ settings: Settings) throws(DesktopError) -> String {
    guard let display = settings.display else { throw .unavailable(lookedFor: "DISPLAY is unset") }
    return display
  }

  // MARK: Publishing

  /// Offers `item`, whose representations are open in `data`, on the desktop: returns
  /// once the desktop has it. On X11 and Wayland a process of pb's own holds the
  /// selection and serves it until another application takes it, or until the item
  /// expires, or, for a secret, until its pasteboard in `store` no longer holds it; it
  /// is started detached, so that `$(pb publish)` returns at once.
  public static func publish(
    _ item: Item, data: [Descriptor], origin: DesktopTargets.Origin, store: Store, selection: Selection, route: Route
  ) throws(DesktopError) {
    let backend = route.backend
    switch backend {
    case .osc52:
      try OSC52.publish(item, data: data, origin: origin, selection: selection, settings: route.settings)
    case .x11, .wayland:
      _ = try backend == .x11 ? display(route.settings) : waylandDisplay(route.settings)
      // The owner checks the offer itself; making it here first reports a problem
      // with the item before a process is started.
      _ = try DesktopOffer(types: item.types, data: data, concealed: item.concealed, origin: origin)
      let (reader, writer) = try DesktopError.catching { try SystemCall.pipe() }
      // The owner runs in /, so a store given relative to here is passed from /.
      let settings = OwnerSettings(
        backend: backend, selection: selection, concealed: item.concealed, origin: origin, expires: item.expires,
        store: store.absolutePath, types: item.types, files: item.representations.map(\.file))
      _ = try DesktopError.catching { try SystemCall.spawnSelf([ownerCommand] + settings.words, passing: [writer] + data) }
      // Only the owner holds the write end now: its end of file means it is gone.
      _ = consume writer
      let answer = try readAnswer(from: reader, of: "pb's owner process")
      if answer != "ok" {
        throw .failed(answer.isEmpty ? "the process that was to own the selection ended without taking it" : answer)
      }
    }
  }

  /// What a detached process of pb's (`what`) reports on its status pipe: "ok", or why
  /// it failed.
  static func readAnswer(from pipe: Descriptor, of what: String) throws(DesktopError) -> String {
    var answer: [UInt8] = []
    let deadline = SystemCall.monotonicMilliseconds() + 10_000
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      let left = deadline - SystemCall.monotonicMilliseconds()
      let ready = try DesktopError.catching {
        try SystemCall.waitReadable(pipe.file, milliseconds: Int32(max(0, left)), path: what)
      }
      guard left > 0, ready else { throw .timeout(what: what, seconds: 10, limit: .fixed) }
      let count = try DesktopError.catching { try buffer.withUnsafeMutableBytes { try pipe.file.readFully(into: $0) } }
      answer += buffer[..<count]
      if count < buffer.count { break }
    }
    return String(decoding: answer, as: UTF8.self).trimmingNewline()
  }

  /// The owner process: `arguments` are what `publish` passed after the command name (its
  /// `OwnerSettings`); descriptor 3 is the status pipe, 4 and on the representations'
  /// data; a failure goes back on it in the words `describe` gives, and pb picks the exit
  /// status from how it ended.
  public static func runOwner(
    _ arguments: [String], settings processSettings: Settings, describe: (DesktopError) -> String
  ) -> HiddenCommandEnd {
    var status: Descriptor? = Descriptor(.inherited(0, path: "the status pipe"))
    func fail(_ error: DesktopError) -> HiddenCommandEnd {
      try? status?.writeAll(Array(describe(error).utf8))
      return .failed
    }
    // A reader that goes away mid-transfer must not end the owner (EPIPE is enough).
    SystemCall.ignoreBrokenPipes()
    guard let settings = OwnerSettings(arguments), settings.backend != .osc52
    else { return fail(.hiddenCommandArguments(.owner)) }
    let data = settings.types.indices.map { Descriptor(.inherited(1 + $0, path: "representation \($0)")) }
    do throws(DesktopError) {
      let offer = try DesktopOffer(types: settings.types, data: data, concealed: settings.concealed, origin: settings.origin)
      // A secret is served only while its pasteboard holds it: watched from before
      // the selection is taken, so that no change falls between.
      let monitor =
        settings.concealed
        ? try DesktopError.inStore { () throws(PasteboardError) in
          try ChangeMonitor(
            store: try Store.open(at: settings.store, settings: processSettings, creating: false), board: settings.origin.board)
        } : nil
      let watch = OfferWatch(expires: settings.expires, board: monitor.map { ($0, settings.files) })
      let owner: any SelectionOwner =
        settings.backend == .wayland
        ? WaylandOwner(control: try dataControl(Route(.wayland, settings: processSettings)), selection: settings.selection, offer: offer)
        : X11Owner(
          connection: try X11Connection(display: try display(processSettings)), selection: settings.selection.rawValue, offer: offer)
      try owner.acquire()
      try? status?.writeAll(Array("ok".utf8))
      status = nil  // closed: publish returns
      try owner.serve(watch)
      return .done
    } catch {
      return fail(error)
    }
  }

  /// Why import and bridge have no desktop through OSC 52.
  static let osc52WriteOnly = "OSC 52 only sends to the terminal's clipboard, and pb cannot read it back"

  // MARK: Bridging

  /// Keeps `board` and the desktop's selection in step, in the foreground, until the
  /// board is deleted or the desktop goes: each new item 0 of the board is offered, and
  /// each new copy in an application becomes the board's item (an undoable Import), but
  /// never a password, and never the board's own item coming back. Both ways, it is the
  /// desktop's clipboard manager too (see `DesktopBridge`).
  public static func bridge(
    store: Store, board: String, selection: Selection, route: Route, direction: Direction, timeout: Int64,
    notify: @escaping (BridgeNotice) -> Void
  ) throws(DesktopError) {
    if route.backend == .osc52 { throw .unavailable(lookedFor: osc52WriteOnly) }
    // One bridge per board, selection and desktop, taken before the desktop is touched:
    // a second would import every copy twice. Closing the lock (the process ending,
    // however it ends) frees it.
    let desktop =
      "the \(selection.rawValue) selection of "
      + (route.backend == .wayland ? "Wayland display \(try waylandDisplay(route.settings))" : "X display \(try display(route.settings))")
    let lockName = try bridgeLockName(route.backend, selection: selection, settings: route.settings)
    let lock = try DesktopError.inStore { () throws(PasteboardError) in
      try store.pasteboard(named: board, creating: true).takeProcessLock(lockName)
    }
    let held: Descriptor
    switch lock {
    case .held(let descriptor): held = descriptor
    case .heldByAnother(let pid): throw .bridgeRunning(board: board, desktop: desktop, pid: pid)
    }
    defer { held.keepOpenUntilHere() }
    let endpoint: any BridgeEndpoint
    switch route.backend {
    case .osc52:
      throw .unavailable(lookedFor: osc52WriteOnly)
    case .wayland:
      endpoint = try WaylandBridgeEndpoint(
        control: try dataControl(route), selection: selection, persists: direction == .both, settings: route.settings)
    case .x11:
      endpoint = try X11BridgeEndpoint(selection: selection, manager: direction == .both, settings: route.settings)
    }
    try DesktopBridge(store: store, board: board, endpoint: endpoint, direction: direction, timeout: timeout, notify: notify).run()
  }

  /// The board's file a bridge of `selection` on this desktop holds locked while it
  /// runs (`bridge-<backend>-<selection>-<display>`), the display as its variable names
  /// it (an X display without its screen number, which does not change the clipboard; a
  /// Wayland socket by its path), with `%` and `/` escaped.
  static func bridgeLockName(_ backend: Backend, selection: Selection, settings: Settings) throws(DesktopError) -> String {
    var display = backend == .wayland ? try waylandDisplay(settings) : try display(settings)
    // A compositor named by its socket's name or by its path is one compositor.
    if backend == .wayland, !display.hasPrefix("/"), let runtime = settings.runtimeFolder {
      display = runtime + "/" + display
    }
    if backend == .x11, let colon = display.lastIndex(of: ":"), let dot = display[colon...].firstIndex(of: ".") {
      display = String(display[..<dot])
    }
    let escaped = display.map { $0 == "%" ? "%25" : $0 == "/" ? "%2F" : String($0) }.joined()
    return "bridge-\(backend.rawValue)-\(selection.rawValue)-\(escaped)"
  }

  // MARK: Importing

  /// The limits of one import: all of it within `timeout` milliseconds, each type
  /// within `typeTimeout` of them, and all types within `maxSize` bytes; with
  /// `allTypes`, the image types a toolkit makes on request are read too (see
  /// `DesktopTargets.toolkitImageTypes`).
  public struct ImportLimits: Sendable {
    public var timeout: Int64
    public var maxSize: Int64
    public var allTypes: Bool

    /// 10 s for a whole import: an owner that lists thousands of types and answers none
    /// held `pb import` for 202 s (100 types, 2 s each), and the bridge's imports as
    /// long, while an answering one is read in well under a second.
    public static let defaultTimeout: Int64 = 10_000
    /// 2 s a type, or a fifth of a longer `timeout`: an application that answers at all
    /// sends a type in well under that, including one that makes it on request (Qt's
    /// PNG of a 1920x1080 noise photo: 0.3 s on an idle machine, 1 s on a busy one), but
    /// not the slowest of those (its XPM of the same photo takes 10 s), which are not
    /// read when the original is. A fifth leaves room for the rest when one type is late.
    public static let shortestTypeTimeout: Int64 = 2000
    /// 256 MiB for a whole import: a 24-megapixel photo as uncompressed 32-bit pixels
    /// is 96 MiB, and what one copy holds is kept in memory until it is stored.
    public static let defaultMaxSize: Int64 = 256 << 20
    /// At most 100 types of an offer are read (applications offer a few dozen; see
    /// `DesktopTargets.importPlan`, which names the rest without parsing them): each
    /// read is a memory file held open until the item is stored, and 1,024 descriptors
    /// (the usual limit) ran out at about 1,000 types, losing the whole copy.
    public static let typeLimit = 100

    public init(timeout: Int64 = defaultTimeout, maxSize: Int64 = defaultMaxSize, allTypes: Bool = false) {
      self.timeout = timeout
      self.maxSize = maxSize
      self.allTypes = allTypes
    }

    /// How long one type may take.
    public var typeTimeout: Int64 { max(Self.shortestTypeTimeout, timeout / 5) }

    /// The clock of an import under these limits, started now; a direct read's
    /// `timeLimit` is fixed.
    func started(_ timeLimit: DesktopError.TimeLimit = .callers) -> ImportClock {
      ImportClock(typeTimeout: typeTimeout, timeout: timeout, timeLimit: timeLimit)
    }
  }

  /// The time an import's reads have: each within `typeTimeout`, all of them by
  /// `deadline` (monotonic milliseconds), `timeout` after the import began.
  struct ImportClock: Sendable {
    let typeTimeout: Int64
    let timeout: Int64
    let deadline: Int64
    /// Who can lengthen these limits, for a read that passes them to say.
    let timeLimit: DesktopError.TimeLimit

    init(typeTimeout: Int64, timeout: Int64, timeLimit: DesktopError.TimeLimit) {
      self.typeTimeout = typeTimeout
      self.timeout = timeout
      self.timeLimit = timeLimit
      deadline = SystemCall.monotonicMilliseconds() &+ timeout
    }

    /// When a read begun now must end, and the limit its lateness is named by: the
    /// type's own, or the whole import's when that ends first.
    func read() -> (until: Int64, limit: Int64) {
      let end = SystemCall.monotonicMilliseconds() &+ typeTimeout
      return end <= deadline ? (end, typeTimeout) : (deadline, timeout)
    }

    /// Whether the whole import's time is up.
    var isOver: Bool { SystemCall.monotonicMilliseconds() >= deadline }
  }

  /// A type an import left out, and why.
  public struct LeftOut: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
      /// The type did not come, or not all of it, within `milliseconds` (the owner had
      /// begun to send it when `begun`).
      case late(milliseconds: Int64, begun: Bool)
      /// The owner offered the type, then would not give it.
      case refused
      /// The type did not fit in the `room` bytes the size limit (`maxSize`) had left.
      case tooLarge(room: Int64, maxSize: Int64)
      /// The offer listed more types than an import reads (`ImportLimits.typeLimit`).
      case pastTypeLimit(Int)
      /// The whole import's `milliseconds` (`ImportLimits.timeout`) were up before it.
      case pastTimeout(milliseconds: Int64)
    }

    /// The name the desktop offered it under.
    public var name: String
    public var reason: Reason

    public var explanation: String {
      switch reason {
      case .late(let milliseconds, let begun): (begun ? "not all sent in " : "no answer in ") + Self.seconds(milliseconds)
      case .refused: "refused"
      case .tooLarge(let room, let maxSize):
        room == maxSize
          ? "larger than the size limit of \(ByteCount.format(maxSize))"
          : "larger than the \(ByteCount.format(room)) left of the size limit of \(ByteCount.format(maxSize))"
      case .pastTypeLimit(let limit): "past the \(limit) types an import reads"
      case .pastTimeout(let milliseconds): "past the import's \(Self.seconds(milliseconds))"
      }
    }

    /// "2 s", "0.5 s".
    static func seconds(_ milliseconds: Int64) -> String {
      milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }

    /// How many left-out types a note names; the rest are counted, so that an offer of
    /// thousands of types makes a line one can read.
    static let namedInPhrase = 10

    /// "a (why) and b (why)": the types of `list`, each with why it was left out (the
    /// first `namedInPhrase`, then how many more).
    public static func phrase(_ list: [LeftOut]) -> String {
      var parts = list.prefix(namedInPhrase).map { "\(Display.value($0.name)) (\($0.explanation))" }
      if list.count > namedInPhrase { parts.append("\(list.count - namedInPhrase) more") }
      guard let last = parts.last else { return "" }
      return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
  }

  /// What an import made: the board's new state; the text it left out, if the offer's
  /// text came only in charsets pb could not convert; the types it left out (late,
  /// refused, or over the size limit), and how many representations it kept; for a
  /// secret whose watcher could not be started, why (it then leaves the disk only
  /// once expired, at the next pb command that reads the board).
  public struct Imported: Sendable {
    public var state: PasteboardState
    public var unconverted: UnconvertedText?
    public var leftOut: [LeftOut] = []
    public var kept = 0
    public var unwatched: DesktopError?
  }

  /// Reads the types the desktop's selection offers into one new item of `pasteboard`
  /// (after its items with `append`), an undoable change named Import, within `limits`.
  /// A secret is watched by a process left behind (`watchSecret`), which removes it
  /// from `store` once the desktop no longer holds it, or once it expires.
  public static func importItem(
    into pasteboard: Pasteboard, store: Store, selection: Selection, route: Route, append: Bool, limits: ImportLimits,
    options: Pasteboard.WriteOptions
  ) throws(DesktopError) -> Imported {
    var imported = try readItem(into: pasteboard, selection: selection, route: route, append: append, limits: limits, options: options)
    guard let item = append ? imported.state.items.last : imported.state.items.first, item.concealed else { return imported }
    do {
      let origin = DesktopTargets.Origin(board: pasteboard.name, changeCount: imported.state.changeCount)
      try watchSecret(item, origin: origin, store: store, selection: selection, backend: route.backend)
    } catch {
      imported.unwatched = error
    }
    return imported
  }

  private static func readItem(
    into pasteboard: Pasteboard, selection: Selection, route: Route, append: Bool, limits: ImportLimits,
    options: Pasteboard.WriteOptions
  ) throws(DesktopError) -> Imported {
    switch route.backend {
    case .osc52:
      throw .unavailable(lookedFor: osc52WriteOnly)
    case .wayland:
      let control = try dataControl(route)
      let clock = limits.started()
      let reader = WaylandReader(control: control, selection: selection, clock: clock)
      let plan = try reader.importPlan(allTypes: limits.allTypes)
      let read = try readOffer(plan, from: reader, maxSize: limits.maxSize, clock: clock)
      return try store(read, into: pasteboard, append: append, options: options)
    case .x11:
      let connection = try X11Connection(display: try display(route.settings))
      let clock = limits.started()
      let reader = X11Reader(connection: connection, selection: selection.rawValue, clock: clock)
      let plan = try reader.importPlan(allTypes: limits.allTypes)
      let read = try readOffer(plan, from: reader, maxSize: limits.maxSize, clock: clock)
      return try store(read, into: pasteboard, append: append, options: options)
    }
  }

  /// How long an imported secret (an offer marked as a password) lives unless the
  /// import says otherwise: 30 s, as long as password managers leave one on the
  /// clipboard (KeePassXC 10 s, pass 45 s).
  public static let importedSecretExpiry: Int64 = 30_000

  /// What an import read from an offer, not yet stored: the representations in memory
  /// files, in order, and what `Imported` tells of them.
  struct ReadOffer: Sendable {
    var representations: [(type: TypeIdentifier, data: Descriptor, name: String)]
    var concealed: Bool
    /// Marked transient: stored as a `--no-undo` write is, out of history.
    var transient: Bool
    var unconverted: UnconvertedText?
    var leftOut: [LeftOut]
  }

  /// Stores what `readOffer` read as one new item of `pasteboard` (after its items with
  /// `append`), an undoable change named Import.
  static func store(_ read: ReadOffer, into pasteboard: Pasteboard, append: Bool, options: Pasteboard.WriteOptions)
    throws(DesktopError) -> Imported
  {
    var options = options
    if read.concealed {
      options.concealed = true
      // Stored in plain text under data/ until it expires: not for longer than a
      // password manager leaves it on the clipboard.
      if options.expires == nil { options.expires = TimeSpec.now() + importedSecretExpiry }
    }
    if read.transient { options.recordsUndo = false }
    let state = try DesktopError.inStore { () throws(PasteboardError) in
      try pasteboard.write(opened: read.representations, mode: append ? .append : .replace, options: options)
    }
    return Imported(state: state, unconverted: read.unconverted, leftOut: read.leftOut, kept: read.representations.count)
  }

  /// Reads what `plan` names, the text first: a type that is late, refused or larger
  /// than what is left of `maxSize`, or not read before `clock` runs out, is left out,
  /// and the others kept. Nothing kept is an error: the owner's lateness when every type
  /// was late, else that the offer has nothing pb can keep.
  static func readOffer(
    _ plan: DesktopTargets.ImportPlan, from reader: some SelectionReader, maxSize: Int64, clock: ImportClock
  ) throws(DesktopError) -> ReadOffer {
    // What another pb derived for its offer (image/png from a JPEG) is not kept.
    var derived: [UInt8] = []
    if plan.listsDerived { derived = try reader.readMark(DesktopTargets.pbDerived) }
    let plan = plan.leavingOut(derived: derived)
    var reading = BudgetedReading(reader: reader, maxSize: maxSize, clock: clock)
    var representations: [(type: TypeIdentifier, data: Descriptor, name: String)] = []
    let (text, unconverted) = try reading.text(plan.text)
    // The text's place among what is kept: before what came after it in the offer.
    var textSlot: Int?
    for (index, (name, type)) in plan.others.enumerated() {
      if index == plan.textPosition { textSlot = representations.count }
      let file = try DesktopError.catching { try SystemCall.memoryFile(named: name) }
      let offered = try reading.read(name) { (bytes) throws(DesktopError) in
        try DesktopError.catching { try file.file.writeAll(bytes) }
      }
      if offered {
        try DesktopError.catching { try file.file.rewind() }
        representations.append((type, file, "the desktop's \(name)"))
      }
    }
    reading.leftOut += plan.cut(considered: 0).leftOut
    if let text {
      let file = try DesktopError.catching { try SystemCall.memoryFile(named: "text") }
      try DesktopError.catching { try file.file.writeAll(text) }
      try DesktopError.catching { try file.file.rewind() }
      representations.insert((.utf8PlainText, file, "the desktop's text"), at: textSlot ?? representations.count)
    }
    let leftOut = reading.leftOut
    if representations.isEmpty {
      // Every type read was late (those past the type limit were not asked for).
      let lateOnly = leftOut.allSatisfy { leftOut in
        switch leftOut.reason {
        case .late, .pastTypeLimit, .pastTimeout: true
        default: false
        }
      }
      let pastTimeout = leftOut.contains { $0.reason == .pastTimeout(milliseconds: clock.timeout) }
      let wholeTimeout = DesktopError.timeout(
        what: "the application that owns the \(reader.selectionName) selection", seconds: Double(clock.timeout) / 1000, limit: clock.timeLimit)
      // The import's whole time spent says more than the first type's share of it,
      // unless that type kept sending.
      var late = reading.lateError
      if pastTimeout, case .timeout? = late { late = wholeTimeout }
      if let late = late ?? (pastTimeout ? wholeTimeout : nil), lateOnly {
        throw late
      }
      let why =
        unconverted.map { ": its text comes only as \(Display.value($0.name)), and \($0.reason)" }
        ?? (leftOut.isEmpty ? "" : ": left out \(LeftOut.phrase(leftOut))")
      throw .failed("the desktop's \(reader.selectionName) selection offers no type pb can keep\(why)")
    }
    return ReadOffer(representations: representations, concealed: plan.concealed, transient: plan.transient, unconverted: unconverted, leftOut: leftOut)
  }

  /// Reads of one import, each type on its own: what is late, refused or does not fit
  /// in what is left of the size limit is noted in `leftOut` and the next type read.
  struct BudgetedReading<Reader: SelectionReader> {
    let reader: Reader
    let maxSize: Int64
    let clock: ImportClock
    var room: Int64
    var leftOut: [LeftOut] = []
    /// The error of the first type that was late, for an import that kept nothing.
    var lateError: DesktopError?

    init(reader: Reader, maxSize: Int64, clock: ImportClock) {
      self.reader = reader
      self.maxSize = maxSize
      self.clock = clock
      room = maxSize
    }

    enum TypeReadResult {
      case read(String)
      case refused
      case leftOut
    }

    /// Reads `name` into `sink`, which sees no more than the room left.
    mutating func attempt(_ name: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError)
      -> TypeReadResult
    {
      var received: Int64 = 0
      var overflowed = false
      let room = room
      if clock.isOver {
        leftOut.append(LeftOut(name: name, reason: .pastTimeout(milliseconds: clock.timeout)))
        return .leftOut
      }
      do {
        guard
          let type = try reader.read(
            name,
            into: { (bytes) throws(DesktopError) in
              received += Int64(bytes.count)
              if received > room {
                overflowed = true
                // Only to stop the read: the reader abandons it.
                throw .failed("over the size limit")
              }
              try sink(bytes)
            })
        else { return .refused }
        self.room -= received
        return .read(type)
      } catch {
        if overflowed {
          leftOut.append(LeftOut(name: name, reason: .tooLarge(room: room, maxSize: maxSize)))
          return .leftOut
        }
        guard case .timeout(let what, let seconds, let limit) = error else { throw error }
        // An owner that began to send and never ended did answer: said so.
        lateError = lateError ?? (received > 0 ? .keptSending(what: what, seconds: seconds, limit: limit) : error)
        leftOut.append(LeftOut(name: name, reason: .late(milliseconds: Int64((seconds * 1000).rounded()), begun: received > 0)))
        return .leftOut
      }
    }

    /// Reads `name` into `sink`; false when it was left out (refused too, and said so).
    mutating func read(_ name: String, into sink: (UnsafeRawBufferPointer) throws(DesktopError) -> Void) throws(DesktopError)
      -> Bool
    {
      switch try attempt(name, into: sink) {
      case .read: return true
      case .refused:
        leftOut.append(LeftOut(name: name, reason: .refused))
        return false
      case .leftOut: return false
      }
    }

    /// The text of the first alias the owner gives that converts to UTF-8; else what kept
    /// the first one given from converting. An alias refused is followed by the next
    /// (each is the same text); one late or too large ends the text's reading.
    mutating func text(_ aliases: [String]) throws(DesktopError) -> (text: [UInt8]?, unconverted: UnconvertedText?) {
      var unconverted: UnconvertedText?
      var answered = false
      for alias in aliases {
        var bytes: [UInt8] = []
        let outcome = try attempt(alias, into: { bytes.append(contentsOf: $0) })
        guard case .read(let type) = outcome else {
          if case .leftOut = outcome { return (nil, unconverted) }
          continue
        }
        answered = true
        let charset = TextCharset.of(type)
        switch TextCharset.utf8(bytes, charset: charset) {
        case .success(let text): return (text, nil)
        case .failure(let problem):
          room += Int64(bytes.count)  // not kept
          unconverted = unconverted ?? UnconvertedText(name: type, charset: charset, problem: problem)
        }
      }
      if !answered, let first = aliases.first { leftOut.append(LeftOut(name: first, reason: .refused)) }
      return (nil, unconverted)
    }
  }
}

extension String {
  fileprivate func trimmingNewline() -> String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
