import ArgumentParser
import PasteboardKit

import Glibc
import LinuxSystem

/// `[N]` of `pb undo` and `pb redo`: how many entries, 1 by default. Taken as raw words so
/// that `-1` gets this message rather than "unknown option"; the usage line, which would
/// show raw words as `[<n> ...]`, says what is taken.
struct EntryCount: ParsableArguments {
  static func usage(_ command: String) -> String { "pb \(command) [--pasteboard <name>] [<n>]" }

  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("How many entries (default 1).", valueName: "n"))
  var words: [String] = []

  func validate() throws {
    _ = try Self.value(words)
  }

  static func value(_ words: [String]) throws -> Int {
    guard let word = words.first else { return 1 }
    // Raw words take options this command does not know too: name them as the parser would.
    if let option = words.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
      throw ValidationError("unknown option '\(Display.value(option))'")
    }
    if words.count > 1 { throw ValidationError("give one number of entries, not \(words.count) words") }
    guard let count = Int(word), count > 0 else {
      throw ValidationError("the number of entries is a whole number from 1 up, not '\(Display.value(word))'")
    }
    return count
  }
}

extension PB {
  struct Undo: HistoryMoveCommand {
    static let configuration = CommandConfiguration.pb(
      "undo", abstract: "Undo the last change (or the last N) of a pasteboard, and print what was undone.",
      usage: EntryCount.usage("undo"),
      discussion: """
        Each command that changes a pasteboard (copy, append, clear, cut, or a group of \
        them) is one entry of its history. Undoing is itself a change (kind 'undone'); no \
        data is copied, whatever its size. Undoing a cut puts its files back. Refused \
        (73) while an undo group is open: pb group end first.
        """)
    static let redo = false
    @OptionGroup var move: HistoryMoveOptions
  }

  struct Redo: HistoryMoveCommand {
    static let configuration = CommandConfiguration.pb(
      "redo", abstract: "Redo the last undone change (or the last N), and print what was redone.", usage: EntryCount.usage("redo"),
      discussion: "Only what was undone since the last recorded change can be redone: a recorded change clears the redo stack; a --no-undo one leaves it, and redo replaces its items.")
    static let redo = true
    @OptionGroup var move: HistoryMoveOptions
  }

  struct HistoryCommand: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "history",
      abstract: "List a pasteboard's undo and redo stacks or its past states, restore one, or set how many levels it keeps.",
      discussion: """
        Each entry shows its action, when it was made, and what undoing (or redoing) it \
        gives back: items, types and bytes. Secrets (--concealed) and --no-undo writes are \
        never kept. --list prints one line per state for pickers (fzf, rofi -dmenu, dmenu), \
        newest first: the present as 0, then the states the board held before. A state \
        without items, or the same as the one listed above it, is left out and its number \
        skipped: every number listed is the one --restore and --show take. --show N \
        writes state N's clip as pb paste writes the board's. --restore N makes the board \
        what it was in state N, as one new change that pb undo takes back (0, the \
        present, changes nothing).
        """)

    @OptionGroup var board: BoardOptions

    @Flag(help: "Print a JSON object with name, levelsOfUndo, undo, redo, group and historyBytes (with --list, an array of states).")
    var json = false

    @Flag(help: "Print one line per state, newest first from the present (0): N, mark, time, types and the text on one line, separated by tabs.")
    var list = false

    @Flag(name: .both("0", "null"), help: "With --list: print each state as N, a tab and its whole text, ended by a NUL byte (fzf --read0).")
    var nullTerminated = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Write state N's clip to standard output as pb paste would (0 is the present).", valueName: "n"))
    var show: String?

    @Option(name: .both("t", "type"),
      help: ArgumentHelp("With --show: preferred types, richest first, as pb paste -t takes them.", valueName: "types"))
    var types: String?

    @Flag(help: "With --show: write data that is not text to a terminal anyway.")
    var force = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Make the board what it was in state N (1 is the state before the last change; 0 changes nothing), as one undoable change.",
        valueName: "n"))
    var restore: String?

    @OptionGroup var ifCount: IfCountOption

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Keep at most N undo entries (default 50; 0 means no limit); older ones go now.", valueName: "n"))
    var levels: String?

    @Flag(help: "Remove every entry of both stacks, and the data only they held.")
    var clear = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Keep at most SIZE bytes of states only history holds (512K, 50M, 1G; default 256M; 0 means no limit); older ones go now.",
        valueName: "size"))
    var maxBytes: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Pin state N (0 is the current clip), as --list numbers them: levels and --max-bytes keep it.", valueName: "n"))
    var pin: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Unpin state N, as --list numbers them.", valueName: "n"))
    var unpin: String?

    var request: HistoryRequest {
      HistoryRequest(
        pasteboard: board.pasteboard, json: json, list: list, nullTerminated: nullTerminated, show: show, types: types, force: force,
        restore: restore, ifCount: ifCount.ifCount, levels: levels, clear: clear,
        maxBytes: maxBytes, pin: pin, unpin: unpin)
    }
  }

  /// What `pb history` was asked, as plain values.
  struct HistoryRequest: CommandRequest {
    var pasteboard: String?
    var json: Bool
    var list: Bool
    var nullTerminated: Bool
    var show: String?
    var types: String?
    var force: Bool
    var restore: String?
    /// With --restore, --pin or --unpin: only if the board is still at this count, so
    /// that a number read from --list names the same state (a copy in between renumbers
    /// them).
    var ifCount: Int?
    var levels: String?
    var clear: Bool
    var maxBytes: String?
    var pin: String?
    var unpin: String?

    func validate() throws {
      _ = try levelsValue()
      _ = try restoreValue()
      _ = try showValue()
      if show != nil && (json || list || restore != nil || ifCount != nil || levels != nil || clear) {
        throw ValidationError("--show writes one state's clip; give it without --json, --list, --restore, --if-count, --levels or --clear")
      }
      if (types != nil || force) && show == nil { throw ValidationError("-t and --force choose what --show writes: give them with --show N") }
      if nullTerminated && (!list || json) { throw ValidationError("-0 is a form of --list: give --list -0 (or --list --json), not -0 alone") }
      try IfCountOption.validate(ifCount)
      if ifCount != nil && restore == nil && pin == nil && unpin == nil {
        throw ValidationError("--if-count is for --restore, --pin and --unpin: give it with one of them, or not at all")
      }
      if restore != nil && (json || list || levels != nil || clear) {
        throw ValidationError("--restore changes the board; give it without --json, --list, --levels or --clear")
      }
      // The count guards the state's number only: the rest would be done before a refusal.
      if ifCount != nil && (levels != nil || maxBytes != nil || clear) {
        throw ValidationError("--if-count guards the number --pin or --unpin gives; give --levels, --max-bytes and --clear in another pb history")
      }
      if list && (levels != nil || clear) { throw ValidationError("--list lists the past states; give it without --levels or --clear") }
      if json && (levels != nil || clear) { throw ValidationError("--json lists the history; give it without --levels or --clear") }
      _ = try maxBytesValue()
      _ = try pinValues()
      if maxBytes != nil || pin != nil || unpin != nil, restore != nil || list || json {
        throw ValidationError("--max-bytes, --pin and --unpin change the history; give them without --restore, --list or --json")
      }
    }

    private func maxBytesValue() throws -> Int64? {
      guard let maxBytes else { return nil }
      guard let value = ByteCount.parse(maxBytes) else {
        throw ValidationError("--max-bytes takes a size such as 50M, 1G or 0 (no limit), not '\(Display.value(maxBytes))'")
      }
      return value
    }

    /// `--pin N` and `--unpin N`: each the number of a state, 0 (the current clip) or more.
    private func pinValues() throws -> (pin: Int?, unpin: Int?) {
      func number(_ text: String?, option: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else {
          throw ValidationError(
            "\(option) takes the number of a state, 0 (the current clip) or more, as pb history --list numbers them, not '\(Display.value(text))'")
        }
        return value
      }
      let values = (try number(pin, option: "--pin"), try number(unpin, option: "--unpin"))
      if values.0 != nil, values.0 == values.1 { throw ValidationError("--pin and --unpin name the same state; give one") }
      return values
    }

    private func levelsValue() throws -> Int? {
      guard let levels else { return nil }
      guard let value = Int(levels), value >= 0 else {
        throw ValidationError("--levels takes a number of entries, 0 (no limit) or more, not '\(Display.value(levels))'")
      }
      return value
    }

    private func restoreValue() throws -> Int? { try Self.stateNumber(restore, of: "--restore") }
    private func showValue() throws -> Int? { try Self.stateNumber(show, of: "--show") }

    private static func stateNumber(_ word: String?, of option: String) throws -> Int? {
      guard let word else { return nil }
      guard let value = Int(word), value >= 0 else {
        throw ValidationError(
          "\(option) takes the number of a state, 0 (the present) or more, as pb history --list numbers them, not '\(Display.value(word))'")
      }
      return value
    }

    func run() throws {
      if let number = try restoreValue() {
        _ = try BoardOptions.openToChange(pasteboard).restore(number, ifCount: ifCount)
        return
      }
      if let number = try showValue() { return try writeState(number) }
      if list { return try writeList(BoardOptions.open(pasteboard, creating: false)) }
      let levels = try levelsValue()
      let maxBytes = try maxBytesValue()
      let (pin, unpin) = try pinValues()
      let settings = levels != nil || maxBytes != nil
      let changes = settings || clear || pin != nil || unpin != nil
      // Levels and the budget are settings a board can start with, as a group can; a
      // clear or a pin needs one.
      let pasteboard =
        try settings
        ? BoardOptions.open(pasteboard, creating: true)
        : changes ? BoardOptions.openToChange(pasteboard) : BoardOptions.open(pasteboard, creating: false)
      if let levels { try pasteboard.setLevelsOfUndo(levels) }
      if let maxBytes { try pasteboard.setMaxBytes(maxBytes) }
      if let unpin { try pasteboard.setPinned(false, state: unpin, ifCount: ifCount) }
      if let pin { try pasteboard.setPinned(true, state: pin, ifCount: ifCount) }
      if clear { try pasteboard.removeAllActions() }
      if changes { return }
      let (state, history) = try pasteboard.stateAndHistory()
      let report = Report.HistoryReport(name: pasteboard.name, state: state, history: history)
      let output = Output.standard
      if json { return try output.write(Report.json(report)) }
      // Pinned entries stay past the levels: counted apart, so that "11 of at most 10" never shows.
      let pinned = report.undo.filter(\.pinned).count
      try output.write(
        "undo (newest first, \(report.undo.count - pinned) of \(levelsText(report.levelsOfUndo))"
          + (pinned == 0 ? "" : ", and \(pinned) pinned") + "):\n")
      try write(report.undo, cutFilesAre: "puts back")
      try output.write("redo (next first):\n")
      try write(report.redo, cutFilesAre: "takes")
      if let group = report.group {
        let name = group.name.map { " '\(Display.value($0))'" } ?? ""
        try output.write("group\(name) open, \(group.depth) level\(group.depth == 1 ? "" : "s")\n")
      }
      if report.historyBytes > 0 { try output.write("held only by history: \(ByteCount.format(report.historyBytes))\n") }
      try output.write("budget: \(report.maxBytes == 0 ? "no limit" : ByteCount.format(report.maxBytes)) (pinned states and cut files apart)\n")
    }

    /// `--show N`: state N's first item, chosen and written by pb paste's own path.
    private func writeState(_ number: Int) throws {
      let preferred = try types.map(TypeIdentifier.parseList) ?? []
      let opened = try BoardOptions.open(pasteboard, creating: false).openState(number, types: preferred)
      var words = ["--show", String(number)]
      if let types { words += ["-t", types] }
      try PasteRequest.write(
        opened, separator: Array("\n".utf8), force: force,
        sameBytesCommand: { [pasteboard] _ in
          (["pb history" + (pasteboard.map { Hint.option($0) } ?? "")] + words.map(Display.shellWord)).joined(separator: " ")
        }, to: Output.standard)
    }

    /// `--list`: a line per state, `N<TAB>mark<TAB>time<TAB>types<TAB>text`, for pickers
    /// (fzf, rofi, dmenu) that hand back the line chosen; with --json the same as an
    /// array with whole texts; with -0, `N<TAB>whole text` ended by NUL for `fzf --read0`.
    /// Each state's text is read, written and let go before the next: a board of large
    /// clips is listed in the memory of one.
    private func writeList(_ pasteboard: Pasteboard) throws {
      let output = Output.standard
      // States a writer drops meanwhile (a clear, the budget) are left out, not listed
      // without their text.
      var picking = try pasteboard.pickStates()
      if json {
        var array = JSONValue.ReportArray()
        while let (state, text) = try picking.next() {
          try output.write(array.adding(Report.ListedStateReport(state: state, text: text).json))
        }
        return try output.write(array.end)
      }
      let toTerminal = StandardStreams.outputIsTerminal
      if nullTerminated {
        // Whole texts are for a picker reading a pipe; a terminal gets them escaped, so
        // a clip's escape sequences cannot retitle, clear or take over the terminal.
        while let (listedState, text) = try picking.next() {
          let state = Report.ListedStateReport(state: listedState, text: text)
          let shown = state.text.map { toTerminal ? Display.line($0) : $0 } ?? state.preview
          try output.write("\(state.number)\t")
          try output.write(shown)
          try output.write("\0")
        }
        return
      }
      // Cut to the terminal's width only on a terminal: a picker reading a pipe finds a
      // word anywhere in the text. A person reading a terminal sees a clip's controls and
      // invisible characters (a right-to-left override, a zero-width space) escaped, so
      // that no line shows other text than its clip holds.
      let width = toTerminal ? SystemCall.terminalColumns(Descriptor.standardOutput.file) ?? 80 : nil
      while let (listedState, text) = try picking.next() {
        let state = Report.ListedStateReport(state: listedState, text: text, showingHidden: toTerminal)
        let types = state.types.isEmpty ? "-" : state.types.joined(separator: ",")
        let start = "\(state.number)\t\(state.mark)\t\(state.made ?? "-")\t\(types)\t"
        try output.write(start)
        try output.write(Self.fitted(state.preview, after: start, width: width))
        try output.write("\n")
      }
    }

    /// `text` cut with "…" so that the line it ends, after `start`, fits in `width`
    /// columns (tabs stopping every 8, as terminals set them); whole without a width.
    static func fitted(_ text: String, after start: String, width: Int?) -> String {
      guard let width else { return text }
      let column = start.reduce(0) { column, character in character == "\t" ? (column / 8 + 1) * 8 : column + 1 }
      let room = max(width - column, 1)
      // Cut by the cells a terminal gives each character, not by characters: a wide one
      // (Chinese, Japanese, Korean, most emoji) takes two, and a line of them cut at
      // `room` characters took twice the room and wrapped onto a second line.
      var used = 0
      var cut = text.startIndex
      var index = text.startIndex
      while index < text.endIndex {
        let cells = Self.cells(of: text[index])
        if used + cells <= room - 1 { cut = text.index(after: index) }
        used += cells
        if used > room { return String(text[..<cut]) + "…" }
        index = text.index(after: index)
      }
      return text
    }

    /// The cells a terminal gives `character`: two for East Asian wide and fullwidth
    /// characters and the emoji terminals draw wide (as wcwidth's tables have them), else one.
    static func cells(of character: Character) -> Int {
      guard let value = character.unicodeScalars.first?.value, value >= 0x1100 else { return 1 }
      switch value {
      case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD:
        return 2
      default:
        return 1
      }
    }

    private func levelsText(_ levels: Int) -> String { levels == 0 ? "no limit" : "at most \(levels)" }

    /// A cut's files in one line of the table, however many: the first few and a count
    /// of the rest (--json lists them all).
    private func filesText(_ paths: [String]) -> String {
      let shown = paths.count <= 4 ? paths : Array(paths.prefix(3))
      let names = shown.map { Display.path($0) }.joined(separator: ", ")
      return shown.count == paths.count ? names : "\(names) and \(paths.count - shown.count) more"
    }

    private func write(_ entries: [Report.HistoryReport.Entry], cutFilesAre verb: String) throws {
      let output = Output.standard
      if entries.isEmpty { return try output.write("  (none)\n") }
      let rows = entries.map { entry in
        let putsBack = (entry.cutFiles.isEmpty ? [] : ["(\(verb) \(filesText(entry.cutFiles)))"]) + (entry.pinned ? ["(pinned)"] : [])
        return [
          Display.value(entry.actionName), entry.date, entry.numberOfItems == 1 ? "1 item" : "\(entry.numberOfItems) items",
          ByteCount.format(entry.bytes), ([entry.types.map { TypeIdentifier($0).listed }.joined(separator: ", ")].filter { !$0.isEmpty } + putsBack).joined(separator: " "),
        ]
      }
      for line in Table.lines(rows, indent: "  ") {
        try output.write(line)
      }
    }
  }
}

/// What `pb undo` and `pb redo` take: the board and how many entries.
struct HistoryMoveOptions: ParsableArguments {
  @OptionGroup var board: BoardOptions
  @OptionGroup var count: EntryCount
}

/// `pb undo` and `pb redo`: the same command, each way.
protocol HistoryMoveCommand: RequestCommand where Request == HistoryMoveRequest {
  static var redo: Bool { get }
  var move: HistoryMoveOptions { get }
}

extension HistoryMoveCommand {
  var request: HistoryMoveRequest {
    HistoryMoveRequest(pasteboard: move.board.pasteboard, count: move.count.words, redo: Self.redo)
  }
}

/// What `pb undo` or `pb redo` was asked: one line per entry moved, and a note when fewer
/// were there than asked for.
struct HistoryMoveRequest: CommandRequest {
  var pasteboard: String?
  var count: [String]
  var redo: Bool

  func validate() throws { _ = try EntryCount.value(count) }

  func run() throws {
    let count = try EntryCount.value(count)
    let pasteboard = try BoardOptions.openToChange(pasteboard)
    let move = redo ? try pasteboard.redo(count) : try pasteboard.undo(count)
    let output = Output.standard
    for entry in move.entries {
      try output.write("\(redo ? "Redo" : "Undo") \(Display.value(entry.actionName))\n")
    }
    for note in move.notes {
      StandardStreams.printError("pb: " + note.message)
    }
    if move.failed { throw SilentExit.filesLeft }
    if move.entries.count < count {
      let verb = redo ? "redid" : "undid"
      StandardStreams.printError(
        "pb: \(verb) \(move.entries.count) of the \(count) asked for; there is nothing more to \(redo ? "redo" : "undo")")
    }
  }
}

extension Report {
  /// A state as `pb history --list` shows it. Every field but `text` is one line
  /// without tabs: types and names escaped as messages escape them, the text on one line.
  struct ListedStateReport: JSONReport {
    /// 0 for the present, then past states as --restore and --show take them.
    var number: Int
    /// Whether the state is pinned: kept past levels and the budget.
    var pinned: Bool
    /// When the board came to hold it; null when history no longer knows (every key is
    /// there, as in `pb info --json`).
    var made: String?
    /// The change that left it, and when; null for the present.
    var replacedBy: String?
    var replaced: String?
    var numberOfItems: Int
    /// Every type of its items, in order, each once.
    var types: [String]
    var bytes: Int64
    /// The first item's text on one line, or what it holds in brackets.
    var preview: String
    /// The first item's whole text, as pb paste of it writes it; null without text.
    var text: String?

    /// The mark column of the list: empty unless the state is marked (pinned).
    var mark: String { pinned ? "pinned" : "" }

    var json: JSONValue {
      .members([
        "number": .integer(number), "pinned": .bool(pinned), "made": made.map(JSONValue.string) ?? .null,
        "replacedBy": replacedBy.map(JSONValue.string) ?? .null, "replaced": replaced.map(JSONValue.string) ?? .null,
        "numberOfItems": .integer(numberOfItems), "types": .array(types.map(JSONValue.string)), "bytes": .integer(bytes),
        "preview": .string(preview), "text": text.map(JSONValue.string) ?? .null,
      ])
    }

    /// `text`: the first item's whole text (`StatePicking.next`); `showingHidden`: the
    /// preview shows controls and invisible characters escaped (`Display.oneLine`).
    init(state: ListedState, text: String?, showingHidden: Bool = false) {
      number = state.number
      made = state.made.map { Timestamp.format(secondsSince1970: Int($0 / 1000)) }
      replacedBy = state.replacedBy.map { Display.value($0) }
      replaced = state.replaced.map { Timestamp.format(secondsSince1970: Int($0 / 1000)) }
      numberOfItems = state.items.count
      var seen = Set<String>()
      types = state.items.flatMap(\.types).map { Display.value($0.rawValue) }.filter { seen.insert($0).inserted }
      bytes = state.items.reduce(0) { $0 + $1.size }
      self.text = text
      preview = Self.preview(of: state.items, text: text, showingHidden: showingHidden)
      pinned = state.pinned
    }

    /// The first item's text on one line, or its type and size in brackets
    /// (`[image/png 12.0 KiB]`), and how many items follow; a secret is never shown,
    /// only said to be one.
    static func preview(of items: [Item], text: String?, showingHidden: Bool = false) -> String {
      guard let first = items.first else { return "[no items]" }
      var shown: String
      if first.concealed {
        shown = "<concealed>"
      } else if let text, case let line = Display.oneLine(text, showingHidden: showingHidden), !line.isEmpty {
        shown = line
      } else if let representation = first.representations.first {
        let type = TypeRegistry.preferredMIMEType(for: representation.type) ?? representation.type.rawValue
        shown = "[\(Display.value(type)) \(ByteCount.format(representation.size))]"
      } else {
        shown = "[no data]"
      }
      if items.count > 1 { shown += " (and \(items.count - 1) more item\(items.count == 2 ? "" : "s"))" }
      return shown
    }
  }
}
