import ArgumentParser
import PasteboardKit
import LinuxSystem

extension PB {
  struct List: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "list", abstract: "List the pasteboards: items, bytes, change count, owner or persistent, expiry.",
      discussion: """
        Temporary pasteboards whose owner has exited are removed first, and expired \
        items too, so the list shows only what is there.
        """)

    @Flag(help: "Print a JSON array of pasteboards.")
    var json = false

    @Argument(help: ArgumentHelp("List another machine's pasteboards, over ssh (see REMOTE BOARDS in pb(1)).", valueName: "host:"))
    var host: String?

    var request: ListRequest { ListRequest(json: json, host: host) }
  }

  /// What `pb list` was asked, as plain values.
  struct ListRequest: CommandRequest {
    var json: Bool
    var host: String? = nil

    func validate() throws {
      // A HOST: is listed over ssh instead of running this (RemoteCommand); anything else is a mistake.
      if let host, !host.contains(":") {
        throw ValidationError("'\(Display.value(host))' is not a machine as pb list takes one; give HOST: with its colon, as in pb list server:")
      }
    }

    func run() throws {
      let boards = try Store.open(creating: false).listBoards()
      let output = Output.standard
      if json { return try output.write(Report.json(boards.map(Report.Board.init))) }
      let rows = [["NAME", "ITEMS", "BYTES", "COUNT", "OWNER", "EXPIRES"]]
        + boards.map { summary in
          let report = Report.Board(summary)
          // The owner's name is any process's own: escaped, it cannot drive the terminal.
          let owner = report.owner.map { "\($0.pid)" + ($0.command.map { " (\(Display.value($0)))" } ?? "") } ?? "persistent"
          let expires = report.expires ?? report.defaultExpiry.map { "after \($0)" } ?? "-"
          return [
            report.name, String(report.numberOfItems), ByteCount.format(report.bytes), String(report.changeCount), owner,
            expires,
          ]
        }
      for line in Table.lines(rows) {
        try output.write(line)
      }
    }
  }

  struct Create: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "create", abstract: "Create a pasteboard; without --persistent it vanishes when its owner exits.",
      discussion: """
        A pasteboard made by create belongs to the shell or script that ran pb (a \
        subshell's, such as $(...) or a pipeline's, is the shell it was forked from; \
        --owner chooses another) and is removed once that process has exited, unless \
        --persistent. With --unique, pb makes a fresh name (PREFIX.<16 hex \
        digits>) and prints it, as mktemp does for files. Writing to a pasteboard that \
        does not exist creates it persistent.
        """)

    @Argument(
      help: ArgumentHelp(
        "The pasteboard to create (letters, digits, '.', '_', '-'), or HOST:NAME on another machine (with --persistent).",
        valueName: "name"))
    var name: String?

    @Flag(help: "Make a pasteboard with a fresh unique name, and print the name.")
    var unique = false

    @Option(help: ArgumentHelp("With --unique: how the name starts (default: pb).", valueName: "prefix"))
    var prefix: String?

    @Flag(help: "Keep the pasteboard until it is deleted, whoever exits.")
    var persistent = false

    @Option(help: ArgumentHelp("The process the pasteboard belongs to (default: the shell or script that ran pb).", valueName: "pid"))
    var owner: Int32?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("How long items copied to it live unless a copy says otherwise (30s, 10m, 2h).", valueName: "duration"))
    var expire: String?

    @Flag(name: .customLong("exist-ok"), help: "Succeed if the pasteboard exists already (leaving it as it is).")
    var existOK = false

    var request: CreateRequest {
      CreateRequest(name: name, unique: unique, prefix: prefix, persistent: persistent, owner: owner, expire: expire, existOK: existOK)
    }
  }

  /// What `pb create` was asked, as plain values.
  struct CreateRequest: CommandRequest {
    var name: String?
    var unique: Bool
    var prefix: String?
    var persistent: Bool
    var owner: Int32?
    var expire: String?
    var existOK: Bool

    func validate() throws {
      if unique == (name != nil) { throw ValidationError("give a NAME or --unique, not both and not neither") }
      if prefix != nil && !unique { throw ValidationError("--prefix goes with --unique") }
      // A name has at most 200 bytes, and the unique part adds 17 (".<16 hex digits>").
      if let prefix, prefix.utf8.count > 183 {
        throw ValidationError("--prefix is \(prefix.utf8.count) bytes long; give one of at most 183, as a unique name adds 17 to it")
      }
      if unique && existOK { throw ValidationError("--exist-ok does not go with --unique: a unique name never exists") }
      if persistent && owner != nil { throw ValidationError("a --persistent pasteboard has no --owner; give one of them") }
    }

    func run() throws {
      let defaultExpiry = try expire.map { (text) throws(PasteboardError) in
        // A copy's --expire takes a time too; a board's lasts from each copy.
        if TimeSpec.looksLikeTime(text) {
          throw .invalidTime(
            text,
            reason: "create --expire takes a duration, as in 30s or 2h: how long each item copied to the pasteboard lives "
              + "(a time goes to pb copy --expire)")
        }
        return try TimeSpec.nonZeroDuration(text)
      }
      var attributes = BoardAttributes(defaultExpiry: defaultExpiry)
      if !persistent {
        let process: ProcessIdentity
        if let owner {
          guard let running = ProcessIdentity.running(owner) else {
            throw PasteboardError.usage("no process \(owner) is running; give --owner a running process's PID, or --persistent")
          }
          process = running
        } else {
          guard let caller = ProcessIdentity.caller else {
            throw PasteboardError.usage("the process that ran pb has exited already; give --owner a running process's PID, or --persistent")
          }
          process = caller
        }
        attributes.owner = BoardAttributes.Owner(process: process, command: process.command)
      }
      let store = try Store.open(creating: true)
      store.housekeeping()
      if unique {
        let board = try store.createUniqueBoard(prefix: prefix ?? "pb", attributes: attributes)
        return try Output.standard.write(board.name + "\n")
      }
      let name = name ?? ""
      if Pasteboard.isStandard(name) {
        if existOK { return }
        throw PasteboardError.pasteboardExists(name)
      }
      try store.createBoard(named: name, attributes: attributes, existOK: existOK)
    }
  }

  struct Delete: RequestCommand, DefaultActionName {
    static let configuration = CommandConfiguration.pb(
      "delete", abstract: "Delete pasteboards with their history (general and find are emptied instead, which pb undo takes back).")

    @Argument(help: ArgumentHelp("The pasteboards to delete, or HOST:NAME on another machine.", valueName: "name"))
    var names: [String]

    @OptionGroup var ifCount: IfCountOption
    @OptionGroup var undo: UndoOptions<Delete>
    // Only general and find keep a history through a delete: they are cleared.
    static let actionName = "Delete, for general and find"

    var request: DeleteRequest { DeleteRequest(names: names, write: undo.choice(ifCount: ifCount.ifCount)) }
  }

  /// What `pb delete` was asked, as plain values.
  struct DeleteRequest: CommandRequest {
    var names: [String]
    var write: WriteChoice

    func validate() throws {
      if names.isEmpty { throw ValidationError("name the pasteboards to delete") }
      if write.ifCount != nil && names.count > 1 { throw ValidationError("--if-count goes with one pasteboard") }
    }

    /// As rm does: a name that fails is reported on a line of its own and the others
    /// are still deleted; the exit status is the first failure's. A malformed name
    /// deletes nothing, as a usage error.
    func run() throws {
      let store = try Store.open(creating: false)
      store.housekeeping()
      for name in names { try Pasteboard.validate(name: name) }
      var failure: Int32?
      for name in names {
        do {
          // The count is the board's to check before it goes, not a write's.
          var undo = write
          undo.ifCount = nil
          try store.deleteBoard(named: name, ifCount: write.ifCount, undo: undo.options)
        } catch {
          let status = PB.report(error)
          failure = failure ?? status
        }
      }
      if let failure { throw SilentExit.status(failure) }
    }
  }

  struct Count: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "count", abstract: "Print the pasteboard's change count, and nothing else.")

    @OptionGroup var board: BoardOptions

    var request: CountRequest { CountRequest(pasteboard: board.pasteboard) }
  }
}

/// What `pb count` was asked, as plain values.
struct CountRequest: CommandRequest {
  var pasteboard: String?

  func run() throws {
    try Output.standard.write("\(try BoardOptions.open(pasteboard, creating: false).changeCount())\n")
  }
}
