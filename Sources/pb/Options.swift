import ArgumentParser
import LinuxSystem
import PasteboardKit

/// `-p NAME`: the pasteboard a command works on.
struct BoardOptions: ParsableArguments {
  @Option(name: .both("p", "pasteboard"),
    help: ArgumentHelp(
      "The pasteboard to use, or HOST:NAME for one on another machine over ssh (default: $PB_PASTEBOARD, else general).",
      valueName: "name"))
  var pasteboard: String?

  /// The board a request names, or the default one.
  static func name(_ pasteboard: String?) -> String { pasteboard ?? Pasteboard.defaultName(.process) }

  /// Whether the board is there before a write that may make it: a write refused once
  /// the board is open removes it only if it made it, leaving no empty board behind.
  static func exists(_ name: String, in store: Store) -> Bool {
    Pasteboard.isStandard(name) || (try? store.pasteboard(named: name, creating: false)) != nil
  }

  /// Opens the board; writers create the store and the board as needed, and do the
  /// store's housekeeping first.
  /// A writer's `--if-count` other than 0 cannot match a board not made yet (its count
  /// is 0): it is refused before the board is made, so that a refused write leaves none.
  static func open(_ pasteboard: String?, creating: Bool, ifCount: Int? = nil) throws(PasteboardError) -> Pasteboard {
    let store = try Store.open(creating: creating)
    if creating { store.housekeeping() }
    let board = name(pasteboard)
    if creating, let ifCount, ifCount != 0, !Pasteboard.isStandard(board) {
      do throws(PasteboardError) {
        _ = try store.pasteboard(named: board, creating: false)
      } catch {
        guard case .noSuchPasteboard = error else { throw error }
        throw .changeCountMismatch(board: board, expected: ifCount, found: 0)
      }
    }
    return try store.pasteboard(named: board, creating: creating)
  }

  /// Opens a board to change it without making it (clear, undo, redo, group end: a
  /// board that does not exist has nothing for them): `general` and `find` always
  /// exist, any other board must already. The store is marked with the current format, as by
  /// every writer.
  static func openToChange(_ pasteboard: String?) throws(PasteboardError) -> Pasteboard {
    let board = name(pasteboard)
    let store = try Store.open(creating: true)
    store.housekeeping()
    return try store.pasteboard(named: board, creating: Pasteboard.isStandard(board))
  }
}

/// `-p NAME` of a command of this machine's boards alone (`RemoteCommand.reach` says why).
struct LocalBoardOptions: ParsableArguments {
  @Option(name: .both("p", "pasteboard"),
    help: ArgumentHelp(
      "The pasteboard to use, of this machine: not HOST:NAME (default: $PB_PASTEBOARD, else general).", valueName: "name"))
  var pasteboard: String?
}

/// `--if-count N`: write only if the board is still at change count N.
struct IfCountOption: ParsableArguments {
  // Unconditional, so that a negative count reaches validate() and gets its message.
  @Option(name: .customLong("if-count"), parsing: .unconditional,
    help: ArgumentHelp("Change the pasteboard only if its change count is still this (else exit 75).", valueName: "count"))
  var ifCount: Int?

  func validate() throws {
    try Self.validate(ifCount)
  }

  static func validate(_ ifCount: Int?) throws {
    if let ifCount, ifCount < 0 { throw ValidationError("--if-count takes a change count, 0 or more, not \(ifCount)") }
  }
}

/// `-i SET`: the items a reader looks at.
struct ItemSetOption: ParsableArguments {
  // Unconditional parsing, so that `-i -1` reaches the index-set parser and gets its
  // message instead of being taken for an option.
  @Option(name: .both("i", "items"), parsing: .unconditional,
    help: ArgumentHelp("The items to use: 0, 1,3, 2-4, all, -1 (0-based; negative counts from the end).", valueName: "set"))
  var items: String?

  static func itemSet(_ items: String?, default defaultSet: ItemSet) throws(PasteboardError) -> ItemSet {
    try items.map(ItemSet.parse) ?? defaultSet
  }
}

/// The name a command's undo entry has unless `--action` gives another.
protocol DefaultActionName {
  static var actionName: String { get }
}

/// `--action NAME` and `--no-undo`: how a writing command enters the board's history.
/// Generic over the command's default name, so that its help names that one.
struct UndoOptions<Default: DefaultActionName>: ParsableArguments {
  @Option(help: ArgumentHelp("Name the undo entry (default: \(Default.actionName)).", valueName: "name"))
  var action: String?

  @Flag(name: .customLong("no-undo"), help: "Do not record the change; history never keeps what it writes.")
  var noUndo = false

  func validate() throws {
    try ActionName.validate(action: action, noUndo: noUndo)
  }

  /// These with `--if-count`, as a request holds them.
  func choice(ifCount: Int?) -> WriteChoice { WriteChoice(ifCount: ifCount, action: action, noUndo: noUndo) }
}

/// `--if-count`, `--action` and `--no-undo` as plain values: how a request's write
/// enters the board and its history.
struct WriteChoice {
  var ifCount: Int?
  var action: String?
  var noUndo: Bool

  var options: Pasteboard.WriteOptions { Pasteboard.WriteOptions(ifCount: ifCount, actionName: action, recordsUndo: !noUndo) }

  /// The option groups' checks, for a request built without them (the fast path's).
  func validate() throws {
    try IfCountOption.validate(ifCount)
    try ActionName.validate(action: action, noUndo: noUndo)
  }
}

enum ActionName {
  /// An action or group name: shown on one line in history, so no control characters.
  static func validate(_ name: String, option: String) throws {
    if name.isEmpty { throw ValidationError("\(option) takes a name, not an empty string") }
    if name.utf8.count > 200 { throw ValidationError("\(option) takes a name of at most 200 bytes") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw ValidationError("\(option) takes a name without control characters")
    }
  }

  static func validate(action: String?, noUndo: Bool) throws {
    if let action { try validate(action, option: "--action") }
    if action != nil && noUndo { throw ValidationError("--action names an undo entry and --no-undo makes none; give one of them") }
  }
}

/// `-q/--quiet`: no progress line for a long transfer.
struct QuietOption: ParsableArguments {
  @Flag(
    name: .both("q", "quiet"),
    help: "Show no progress line (shown on a terminal once a transfer takes more than half a second).")
  var quiet = false

  /// Starts the progress line for a command if it is wanted; `finish` erases it.
  /// `expected` is worked out only then: it may stat every input.
  static func startProgress(quiet: Bool, expected: @autoclosure () -> Int64?) -> ProgressMeter? {
    guard ProgressMeter.wanted(quiet: quiet) else { return nil }
    let meter = ProgressMeter(expected: expected())
    ByteTransfer.observer = meter
    return meter
  }
}

/// A command's work as a plain function of plain values. ArgumentParser's command gives
/// its `request`; FastCommandLine builds the same request for a plain line without
/// constructing the command at all (its property wrappers cost more to make than the
/// command's own work).
protocol CommandRequest {
  func validate() throws
  func run() throws
}

/// A command whose work is a request.
protocol RequestCommand: ParsableCommand {
  associatedtype Request: CommandRequest
  var request: Request { get }
}

extension RequestCommand {
  func validate() throws { try request.validate() }
  func run() throws { try request.run() }
}

extension NameSpecification {
  /// `-t` and `--type`: a letter and a long name other than the property's.
  static func both(_ letter: Character, _ long: String) -> NameSpecification { [.customShort(letter), .customLong(long)] }
}

extension CommandRequest {
  /// Most requests are valid as parsed: their options' own checks are ArgumentParser's.
  func validate() throws {}
}
