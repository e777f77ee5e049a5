import CXCB
import PasteboardKit

import Glibc
import LinuxSystem

/// The desktop's selection read and cleared in place (`pb paste --desktop`, `pb types
/// --desktop`, `pb clear --desktop`): the reader `pb import` uses, but nothing written
/// to a store.
extension Desktop {
  /// A name the desktop's selection is offered under, and what pb makes of it.
  public struct OfferedName: Sendable, Equatable {
    public enum Meaning: Sendable, Equatable {
      /// Data pb reads as this type (text in any charset as UTF-8 text).
      case type(TypeIdentifier)
      /// A secret mark (the password-manager hint, CopyQ's hidden mark, nspasteboard.org's
      /// concealed or transient type): the offer is a secret, or not to be recorded.
      case secretMark
      /// pb's own mark (`DesktopTargets.pbItem`, `pbDerived`, `pbCleared`).
      case pbMark
      /// Another program's mark of who holds the selection.
      case ownerMark
      /// A name pb has no type for (X11's PIXMAP, a name without a slash).
      case unknown
    }

    public var name: String
    public var meaning: Meaning

    public var type: TypeIdentifier? {
      if case .type(let type) = meaning { return type }
      return nil
    }
  }

  /// The names an offer listed past what an import reads (`ImportLimits.typeLimit`),
  /// not looked at, and how many it did look at: what `pb import` says when it cuts.
  public struct Cut: Sendable {
    public var leftOut: [LeftOut]
    public var considered: Int
  }

  /// What the desktop's `selection` offers, in its order: every name but X11's
  /// questions about the selection (TARGETS, TIMESTAMP...), each once. Bounded as an
  /// import is: the names past its type limit are told to `cut`, not parsed (parsing
  /// each of 40,000 names took 84 s).
  public static func offeredNames(selection: Selection, route: Route, cut: (Cut) -> Void) throws(DesktopError) -> [OfferedName] {
    let names = try reader(selection: selection, route: route, limits: ImportLimits()).targets()
    let plan = DesktopTargets.importPlan(offered: names, allTypes: true)
    let past = Set(plan.pastTypeLimit)
    var seen: Set<String> = []
    // A type is parsed once, whatever the name's case (an owner may list one in many).
    var types: [String: OfferedName.Meaning] = [:]
    let offered = names.compactMap { name -> OfferedName? in
      guard !DesktopTargets.metaTargets.contains(name), !past.contains(name), seen.insert(name).inserted else { return nil }
      if let mark = mark(name) { return OfferedName(name: name, meaning: mark) }
      let key = name.lowercased()
      let type = types[key] ?? typeMeaning(of: name)
      types[key] = type
      return OfferedName(name: name, meaning: type)
    }
    if !past.isEmpty { cut(plan.cut(considered: offered.count)) }
    return offered
  }

  /// What `name` marks, if it is a mark.
  private static func mark(_ name: String) -> OfferedName.Meaning? {
    // Every mark pb honours as a secret or as "do not record", as import reads them.
    let lower = name.lowercased()
    if DesktopTargets.isSecretMark(name) || [DesktopTargets.copyQHidden, DesktopTargets.transientType].contains(where: { $0.lowercased() == lower }) {
      return .secretMark
    }
    switch name {
    case DesktopTargets.pbItem, DesktopTargets.pbDerived, DesktopTargets.pbCleared: return .pbMark
    default: break
    }
    return DesktopTargets.isOwnerMark(name) ? .ownerMark : nil
  }

  /// The type pb reads `name` as, or `.unknown`.
  private static func typeMeaning(of name: String) -> OfferedName.Meaning {
    let plan = DesktopTargets.importPlan(offered: [name], allTypes: true)
    if !plan.text.isEmpty { return .type(.utf8PlainText) }
    return plan.others.first.map { .type($0.type) } ?? .unknown
  }

  /// One type read from the desktop: the name it was offered under, the type pb reads
  /// it as, and its bytes in a memory file.
  public struct DirectRead: Sendable {
    public var name: String
    public var type: TypeIdentifier
    public var data: Descriptor
    public var size: Int64
  }

  /// The type of the desktop's offer that `pb paste -t` would choose, read within
  /// `limits`: of the first of `preferred` offered at all, the first offered type that
  /// conforms to it; without `preferred`, the first offered. Text, whatever charset it
  /// came in, is UTF-8.
  /// The names past the type limit are not chosen from, and told to `cut`.
  public static func readOffered(
    _ preferred: [TypeIdentifier], selection: Selection, route: Route, limits: ImportLimits, cut: (Cut) -> Void
  ) throws(DesktopError) -> DirectRead {
    try readChosen(preferred, from: try reader(selection: selection, route: route, limits: limits), maxSize: limits.maxSize, cut: cut)
  }

  private static func readChosen(_ preferred: [TypeIdentifier], from reader: some ClockedReader, maxSize: Int64, cut: (Cut) -> Void)
    throws(DesktopError) -> DirectRead
  {
    // One type is read, so a toolkit's image made on request costs only when asked for.
    let plan = DesktopTargets.importPlan(offered: try reader.targets(), allTypes: true)
    if !plan.pastTypeLimit.isEmpty { cut(plan.cut(considered: plan.others.count + (plan.text.isEmpty ? 0 : 1))) }
    var choices = plan.others.map { (names: [$0.name], type: $0.type) }
    if !plan.text.isEmpty { choices.insert((plan.text, .utf8PlainText), at: min(plan.textPosition, choices.count)) }
    let chosen =
      preferred.isEmpty
      ? choices.first
      : preferred.lazy.compactMap { wanted in choices.first { TypeRegistry.conforms($0.type, to: wanted) } }.first
    guard let chosen else {
      if !plan.pastTypeLimit.isEmpty {
        throw .notAmongTypesRead(
          wanted: preferred.map(\.rawValue), selection: reader.selectionName, limit: ImportLimits.typeLimit,
          listed: choices.count + plan.pastTypeLimit.count)
      }
      throw .notOffered(wanted: preferred.map(\.rawValue), selection: reader.selectionName, offered: choices.map(\.names[0]))
    }
    let file = try DesktopError.catching { try SystemCall.memoryFile(named: "the desktop's \(chosen.names[0])") }
    var reading = BudgetedReading(reader: reader, maxSize: maxSize, clock: reader.clock)
    var size: Int64 = 0
    var unconverted: UnconvertedText?
    var read = false
    if chosen.type == .utf8PlainText {
      let text: [UInt8]?
      (text, unconverted) = try reading.text(chosen.names)
      if let text {
        try DesktopError.catching { try file.file.writeAll(text) }
        size = Int64(text.count)
        read = true
      }
    } else {
      read = try reading.read(chosen.names[0]) { (bytes) throws(DesktopError) in
        try DesktopError.catching { try file.file.writeAll(bytes) }
        size += Int64(bytes.count)
      }
    }
    guard read else {
      if let late = reading.lateError { throw late }
      let why =
        unconverted.map { "its text comes only as \(Display.value($0.name)), and \($0.reason)" }
        ?? "left out \(LeftOut.phrase(reading.leftOut))"
      throw .failed("the desktop's \(reader.selectionName) selection gave nothing pb can write: \(why)")
    }
    try DesktopError.catching { try file.file.rewind() }
    return DirectRead(name: chosen.names[0], type: chosen.type, data: file, size: size)
  }

  /// Empties the desktop's `selection`: its owner, whoever it is, is told it lost it,
  /// and nobody holds it after.
  public static func clear(selection: Selection, route: Route) throws(DesktopError) {
    switch route.backend {
    case .osc52:
      throw .unavailable(lookedFor: osc52WriteOnly)
    case .wayland:
      try dataControl(route).clear(selection)
    case .x11:
      try X11Connection(display: try display(route.settings)).emptySelection(selection.rawValue)
    }
  }

  /// A reader of the selection on the route's backend, its clock started now.
  private static func reader(selection: Selection, route: Route, limits: ImportLimits) throws(DesktopError)
    -> any ClockedReader
  {
    switch route.backend {
    case .osc52:
      throw .unavailable(lookedFor: osc52WriteOnly)
    case .wayland:
      let control = try dataControl(route)
      return WaylandReader(control: control, selection: selection, clock: limits.started(.direct(selection: selection)))
    case .x11:
      let connection = try X11Connection(display: try display(route.settings))
      return X11Reader(connection: connection, selection: selection.rawValue, clock: limits.started(.direct(selection: selection)))
    }
  }
}

/// A reader with the clock its reads run under.
protocol ClockedReader: SelectionReader {
  var clock: Desktop.ImportClock { get }
}

extension X11Reader: ClockedReader {}
extension WaylandReader: ClockedReader {}

extension X11Connection {
  /// Takes `selection` and gives it up at once, so that nobody holds it: the owner it
  /// had hears it lost it (xclip and wl-copy's X11 side exit). With a time of the
  /// server's, as ICCCM asks, so that a later owner is never undone.
  func emptySelection(_ selection: String) throws(DesktopError) {
    let atom = atom(selection.uppercased())
    let time = try serverTime()
    xcb_set_selection_owner(connection, window, atom, time)
    xcb_set_selection_owner(connection, xcb_window_t(XCB_NONE), atom, time)
    // A round trip: both requests are done when it returns.
    let cookie = xcb_get_selection_owner(connection, atom)
    free(xcb_get_selection_owner_reply(connection, cookie, nil))
  }
}
