import ArgumentParser
import PasteboardKit
import LinuxSystem

extension PB {
  struct Group: ParsableCommand {
    static let configuration = CommandConfiguration.pb(
      "group", abstract: "Make several changes one undo entry: begin and end a group, or run a command in one.",
      discussion: """
        Changes made while a group is open, by any process, become one entry, named by \
        the outermost group's name or else by its first action. Groups nest. A group left \
        open is closed once the process that opened it (the shell or script that ran \
        'pb group begin') has exited. Each level is its opener's: 'pb group end' closes \
        one its shell (or a process that shell runs under) opened, 'group run' its own. \
        pb undo is refused while a group is open.
        """,
      subcommands: [Begin.self, End.self, Run.self])

    struct Begin: RequestCommand {
      static let configuration = CommandConfiguration.pb(
        "begin", in: "group",
        abstract: "Open an undo group (or a level inside the open one) on a pasteboard.")

      @OptionGroup var board: LocalBoardOptions

      @Argument(help: ArgumentHelp("The name of the undo entry (default: its first action).", valueName: "name"))
      var name: String?

      var request: BeginRequest { BeginRequest(pasteboard: board.pasteboard, name: name) }
    }

    /// What `pb group begin` was asked, as plain values.
    struct BeginRequest: CommandRequest {
      var pasteboard: String?
      var name: String?

      func validate() throws {
        if let name { try ActionName.validate(name, option: "the group's NAME") }
      }

      func run() throws {
        guard let opener = ProcessIdentity.caller else {
          throw PasteboardError.usage("the process that ran pb has exited already, so no group can belong to it")
        }
        try BoardOptions.open(pasteboard, creating: true).beginGroup(named: name, openedBy: opener)
      }
    }

    struct End: RequestCommand {
      static let configuration = CommandConfiguration.pb(
        "end", in: "group",
        abstract: "Close the innermost undo group level this shell (or one it runs under) opened.")

      @OptionGroup var board: LocalBoardOptions

      var request: EndRequest { EndRequest(pasteboard: board.pasteboard) }
    }

    /// What `pb group end` was asked, as plain values.
    struct EndRequest: CommandRequest {
      var pasteboard: String?

      func run() throws {
        // The shell that runs it, as `pb group begin` records: its own levels only.
        guard let caller = ProcessIdentity.caller else {
          throw PasteboardError.usage("the process that ran pb has exited already, so no group can belong to it")
        }
        try BoardOptions.openToChange(pasteboard).endGroup(calledBy: caller)
      }
    }

    struct Run: RequestCommand {
      static let configuration = CommandConfiguration.pb(
        "run", in: "group",
        abstract: "Run a command inside an undo group, close the group however it ends, and exit with its status.",
        discussion: """
          pb ignores Ctrl-C while the command runs (the command does not), so the group is \
          closed whatever happens to the command. If pb itself is killed, the group closes \
          on its own, as pb has exited.
          """)

      @OptionGroup var board: LocalBoardOptions

      @Option(help: ArgumentHelp("The name of the undo entry (default: its first action).", valueName: "name"))
      var name: String?

      @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command and its arguments, after --.", valueName: "command"))
      var command: [String] = []

      func validate() throws {
        // Passthrough capture would take a help flag for the command to run: the help is
        // this command's, so it is asked for here, where the command is known.
        if let first = command.first, first == "-h" || first == "--help" { throw CleanExit.helpRequest(Self.self) }
        try request.validate()
      }

      var request: RunRequest { RunRequest(pasteboard: board.pasteboard, name: name, command: command) }
    }

    /// What `pb group run` was asked, as plain values.
    struct RunRequest: CommandRequest {
      var pasteboard: String?
      var name: String?
      var command: [String]

      func validate() throws {
        if let name { try ActionName.validate(name, option: "--name") }
        if commandWords.isEmpty { throw ValidationError("name a command to run in the group: pb group run -- CMD ARGS...") }
      }

      private var commandWords: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

      func run() throws {
        guard let me = ProcessIdentity.current else { throw PasteboardError.internalError("pb cannot read its own /proc entry") }
        let command = try ExternalCommand(commandWords)
        let pasteboard = try BoardOptions.open(pasteboard, creating: true)
        try pasteboard.beginGroup(named: name, openedBy: me)
        let status: Int32
        // Exactly its own level ends, whatever the command began or ended inside it.
        do {
          status = try pasteboard.runInGroup(command)
        } catch {
          _ = try? pasteboard.endGroup(openedBy: me)
          throw error
        }
        _ = try pasteboard.endGroup(openedBy: me)
        try Output.standard.flush()
        throw SilentExit.status(status)
      }
    }
  }
}
