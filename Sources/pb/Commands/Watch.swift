import ArgumentParser
import PasteboardKit

extension PB {
  struct Wait: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "wait", abstract: "Wait until the pasteboard changes, then print its change count.",
      discussion: """
        Returns as soon as the change count exceeds --since (default: the count when \
        wait started). Exit status 1 when --timeout passes first (--timeout 0 checks \
        once), 66 when the pasteboard is deleted meanwhile. Uses inotify: no polling.
        """)

    @OptionGroup var board: BoardOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Return once the change count exceeds this.", valueName: "count"))
    var since: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Give up after this long (500ms, 30s, 10m).", valueName: "duration"))
    var timeout: String?

    var request: WaitRequest { WaitRequest(pasteboard: board.pasteboard, since: since, timeout: timeout) }
  }

  /// What `pb wait` was asked, as plain values.
  struct WaitRequest: CommandRequest {
    var pasteboard: String?
    var since: Int?
    var timeout: String?

    func validate() throws {
      if let since, since < 0 { throw ValidationError("--since takes a change count, 0 or more, not \(since)") }
    }

    func run() throws {
      let limit = try timeout.map { (text) throws(PasteboardError) in try TimeSpec.duration(text) }
      let store = try Store.open(creating: true)
      let monitor = try ChangeMonitor(store: store, board: BoardOptions.name(pasteboard))
      let since = try since ?? monitor.current().state.changeCount
      guard let state = try monitor.state(after: since, timeout: limit) else { throw SilentExit.negative }
      try Output.standard.write("\(state.changeCount)\n")
    }
  }

  struct Watch: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "watch", abstract: "Print a line for each change of the pasteboard, or run a command for each.",
      discussion: """
        Each line: the change count, the change kind, the number of items and the types \
        of item 0. With --exec -- CMD ARGS..., CMD runs once per change with item 0's \
        representation (the first of -t TYPES it has, else its preferred one) on its \
        standard input and PB_CHANGE_COUNT, PB_PASTEBOARD, PB_TYPES and PB_CHANGE_KIND \
        set; one command at a time, and changes made meanwhile are coalesced into one \
        run for the latest; a command that cannot be run is refused at once (127). Ends \
        with status 66 when the pasteboard is deleted.
        """)

    @OptionGroup var board: BoardOptions

    @Flag(help: "Print one JSON object per change: changeCount, changeKind, numberOfItems, types.")
    var json = false

    @Option(name: .both("t", "type"),
      help: ArgumentHelp("With --exec: the representation to give the command, richest first.", valueName: "types"))
    var types: String?

    @Flag(help: "Run the command after -- for each change instead of printing a line.")
    var exec = false

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command for --exec, after --.", valueName: "command"))
    var command: [String] = []

    var request: WatchRequest { WatchRequest(pasteboard: board.pasteboard, json: json, types: types, exec: exec, command: command) }
  }

  /// What `pb watch` was asked, as plain values.
  struct WatchRequest: CommandRequest {
    var pasteboard: String?
    var json: Bool
    var types: String?
    var exec: Bool
    var command: [String]

    func validate() throws {
      if exec && command.isEmpty { throw ValidationError("--exec needs a command after --, as in: pb watch --exec -- wc -c") }
      if !exec && !command.isEmpty { throw ValidationError("a command after -- needs --exec") }
      if types != nil && !exec { throw ValidationError("-t chooses what --exec gets; give --exec too") }
    }

    func run() throws {
      let preferred = try types.map(TypeIdentifier.parseList) ?? []
      // A command that cannot run is said at once, not at the first change.
      let command = exec ? try ExternalCommand(self.command) : nil
      let store = try Store.open(creating: true)
      let monitor = try ChangeMonitor(store: store, board: BoardOptions.name(pasteboard))
      var seen = try monitor.current().state.changeCount
      let output = Output.standard
      while true {
        guard let state = try monitor.state(after: seen, timeout: nil) else { continue }
        seen = state.changeCount
        if let command {
          _ = try monitor.current().pasteboard.run(command, for: state, types: preferred)
        } else if json {
          try output.write(Report.jsonLine(Report.Change(state)))
        } else {
          let count = state.numberOfItems
          let types = state.items.first?.types.map(\.rawValue).joined(separator: ", ") ?? "-"
          try output.write("\(state.changeCount)\t\(state.changeKind.rawValue)\t\(count) item\(count == 1 ? "" : "s")\t\(types)\n")
        }
        try output.flush()
      }
    }
  }
}
