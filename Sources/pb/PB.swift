import ArgumentParser
import DesktopClipboard
import PasteboardKit
import RemoteBoards

import Glibc
import LinuxSystem

@main
struct PB: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pb",
    abstract: "A command-line pasteboard: typed, multi-item, multi-representation.",
    discussion: """
      Boards live in $PB_DIR (default ${XDG_DATA_HOME:-$HOME/.local/share}/pb). \
      See pb(1) for the store, types, index sets and exit codes.
      """,
    version: "0.1.0",
    groupedSubcommands: [
      CommandGroup(name: "Copy and paste", subcommands: [Copy.self, Paste.self, Cut.self, Clear.self]),
      CommandGroup(name: "Reading", subcommands: [Items.self, Types.self, Contains.self, Info.self, TypeInfo.self]),
      CommandGroup(name: "Undo", subcommands: [Undo.self, Redo.self, HistoryCommand.self, Group.self]),
      CommandGroup(name: "Pasteboard", subcommands: [List.self, Create.self, Delete.self, Export.self, Serve.self]),
      CommandGroup(name: "Change tracking", subcommands: [Count.self, Wait.self, Watch.self]),
      CommandGroup(name: "Desktop", subcommands: [Publish.self, Import.self, Bridge.self]),
    ]
  )

  static func main() {
    // Before anything else can fail to allocate.
    SystemCall.reportOutOfMemory("\(shownName): " + OutOfMemory.message, status: ExitStatus.outOfMemory)
    // The process that holds a published selection: pb itself, under a name no user types.
    if arguments.first == Desktop.ownerCommand {
      Glibc.exit(ExitStatus.of(Desktop.runOwner(Array(arguments.dropFirst()), settings: .process, describe: \.message)))
    }
    // The process that removes an imported secret once the desktop lets it go.
    if arguments.first == Desktop.secretWatchCommand {
      Glibc.exit(ExitStatus.of(Desktop.runSecretWatch(Array(arguments.dropFirst()), settings: .process, describe: \.message)))
    }
    // The far end of pb bridge --remote, as pb serve starts it.
    if arguments.first == RemoteBridgeEnd.command { Glibc.exit(BridgeRemote.runEnd(Array(arguments.dropFirst()))) }
    StandardStreams.prepare()
    SystemCall.keepOwnerBits()
    var status: Int32 = 0
    let macOSCommand = MacOSCommand.named(programName)
    // The ways a line is parsed, each kept for what it alone does:
    // - pbcopy and pbpaste are a root of their own, with macOS's single-dash options;
    // - FastCommandLine takes the hot commands' plain lines without ArgumentParser, whose
    //   reflection and conformance scans were most of a small paste's cost;
    // - parseSubcommand gives the messages the parser cannot (a misspelt subcommand with
    //   the nearest names, options before the subcommand), and parses any other plain
    //   line with its subcommand's declarations only;
    // - the root parse answers the rest: help, usage errors, group's subcommands.
    // Every command then runs the same way: its request's run.
    do {
      if let macOSCommand {
        var command = try macOSCommand.parseAsRoot(givenArguments)
        if let remote = try MacOSCommand.remote(command) {
          let remoteStatus = try remote.run()
          if remoteStatus != 0 { throw SilentExit.status(remoteStatus) }
        } else {
          try Store.checkEnvironment(.process)
          try command.run()
        }
      } else {
        // A board on another machine: the line is parsed here (its usage errors are
        // this pb's), then runs there.
        let remote = try RemoteCommand.parse(arguments)
        let run: () throws -> Void
        if let request = FastCommandLine.parse(arguments) {
          try ServedLine.check(request, remote: remote != nil)
          run = request.run
        } else {
          var command = try parseSubcommand() ?? parseAsRoot(arguments)
          try ServedLine.check((command as? any RequestCommand)?.request, remote: remote != nil)
          run = { try command.run() }
        }
        if let remote {
          let remoteStatus = try remote.run()
          if remoteStatus != 0 { throw SilentExit.status(remoteStatus) }
        } else {
          try Store.checkEnvironment(.process)
          try run()
        }
      }
      try Output.standard.flush()
    } catch {
      status = report(error, root: macOSCommand ?? PB.self)
    }
    Glibc.exit(status)
  }

  /// The words only the root parser answers (help, version, completion scripts, the
  /// dump of the command line), wherever they stand.
  private static func isRootOption(_ word: String) -> Bool {
    ["-h", "--help", "-help", "--version", "--experimental-dump-help"].contains(word)
      || word.hasPrefix("--generate-completion-script") || word.hasPrefix("---")
  }

  /// The command a line names, parsed with only its own declarations when it is a plain
  /// subcommand; nil for the root parse. One step over the words, with the subcommand
  /// tables (CommandLineTables.swift): it first catches what the parser would only call
  /// an unexpected argument, or take silently: a misspelt subcommand (with the nearest
  /// names), `help` of one that does not exist, options typed before the subcommand (with
  /// the command line they belong in), and words after `--version`.
  ///
  /// The root parse looks up protocol conformances of every subcommand, which was two
  /// thirds of a small command's instructions. Anything the subcommand's own parse does
  /// not accept (help, a usage error, a subcommand with subcommands of its own) goes to
  /// the root parse, so messages and help are the root parser's, exactly as before.
  private static func parseSubcommand() throws(PasteboardError) -> (any ParsableCommand)? {
    guard let first = arguments.first else { return nil }
    if first.hasPrefix("-") {
      if first == "--version" && arguments.count > 1 { throw .usage("--version takes no arguments; give 'pb --version' alone") }
      if isRootOption(first) { return nil }
      let names = CommandLineTokens.subcommands(of: "")
      guard let position = arguments.firstIndex(where: names.contains) else { return nil }
      let reordered = [arguments[position]] + arguments[..<position] + arguments[(position + 1)...]
      throw .usage(
        "options go after the subcommand: pb \(reordered.map { Display.value($0) }.joined(separator: " "))")
    }
    if first == "help" {
      try checkSubcommands(arguments.dropFirst(), help: true)
      return nil
    }
    let path = try checkSubcommands(arguments[...], help: false)
    guard path.count == 1, CommandLineTokens.subcommands(of: first).isEmpty else { return nil }
    guard !arguments.dropFirst().contains(where: isRootOption),
      let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == first })
    else { return nil }
    return try? alone(subcommand).parseAsRoot(arguments)
  }

  /// pb with only `Command`: parsed under it, a subcommand's own help (`pb redo -h=x`)
  /// names it `pb NAME`, without the root's --version.
  private struct Alone<Command: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "pb", subcommands: [Command.self]) }
  }

  private static func alone<Command: ParsableCommand>(_ command: Command.Type) -> any ParsableCommand.Type { Alone<Command>.self }

  /// Each word names a subcommand of the one before, down to a command without any: the
  /// parser would call a misspelt one an unexpected argument, and its `help` shows the
  /// deepest one it knows and ignores the words after it. `help` is one of the root's
  /// (the parser's own), without subcommands. Help takes no options, so they are skipped
  /// there; elsewhere the first one ends the subcommands. Returns the subcommands named.
  @discardableResult
  private static func checkSubcommands(_ words: ArraySlice<String>, help: Bool) throws(PasteboardError) -> [String] {
    var path: [String] = []
    var names = CommandLineTokens.subcommands(of: "") + ["help"]
    for word in words {
      if word.hasPrefix("-") {
        if help { continue }
        return path
      }
      if names.isEmpty {
        guard help else { return path }
        let shown = path.joined(separator: " ")
        throw .usage("pb \(shown) has no subcommands; give 'pb help \(shown)'")
      }
      guard names.contains(word) else { throw .usage(unknownSubcommand(word, among: names, of: path)) }
      path.append(word)
      names = CommandLineTokens.subcommands(of: path.joined(separator: " "))
    }
    return path
  }

  private static func unknownSubcommand(_ word: String, among names: [String], of path: [String]) -> String {
    let parent = path.isEmpty ? "" : " of pb " + path.joined(separator: " ")
    let list = path.isEmpty ? "see 'pb --help' for the list" : "see 'pb help \(path.joined(separator: " "))' for the list"
    // `pb version` and `pb help`-like words mean the root's own options.
    let rootOption = path.isEmpty ? Suggestion.nearest(to: "--" + word, among: ["--help", "--version"]).map { "pb " + $0 } : []
    let nearest = Suggestion.phrase(Suggestion.nearest(to: word, among: names)) ?? Suggestion.phrase(rootOption)
    return "unknown subcommand '\(Display.value(word))'\(parent); \(nearest ?? list)"
  }

  /// The arguments as the bytes the user gave: a file name that is not UTF-8 reaches
  /// the kernel unchanged (Swift's own `CommandLine.arguments` replaces such bytes).
  static let givenArguments: [String] = (1..<max(1, Int(CommandLine.argc))).compactMap { index in
    CommandLine.unsafeArgv[index].map { PathBytes.string(cString: $0) }
  }

  /// The arguments with joined short options (`-i0`) split as getopt would.
  static let arguments: [String] = CommandLineTokens.split(givenArguments)

  /// The name pb was started under: `pbcopy` and `pbpaste` are pb under macOS's names.
  static let programName: String = CommandLine.unsafeArgv[0].map {
    String(PathBytes.string(cString: $0).split(separator: "/").last ?? "pb")
  } ?? "pb"

  /// The name as messages start with it: escaped, as any name a user chose (a link named
  /// with a line break or an escape sequence must not break or colour the message).
  static var shownName: String { Display.value(programName, limit: 40) }

  /// Prints one line for an error (none for a quiet negative answer) and gives the
  /// exit status.
  static func report(_ error: any Error, root: any ParsableCommand.Type = PB.self) -> Int32 {
    // A store failure met on the way to the desktop is reported as the store's own.
    var error = error
    if case .pasteboard(let inner)? = error as? DesktopError { error = inner }
    let failure: (message: String, status: Int32)? =
      switch error {
      case let error as PasteboardError: (error.message, ExitStatus.of(error))
      case let error as DesktopError: (error.message, ExitStatus.of(error))
      case let error as RemoteFailure: (error.message, ExitStatus.of(error))
      default: nil
      }
    if let failure {
      // A closed output (`pb paste | head -c1`) is a quiet success.
      guard failure.status != 0 else { return 0 }
      try? Output.standard.flush()
      StandardStreams.printError("\(shownName): " + failure.message)
      return failure.status
    }
    if let outcome = error as? SilentExit {
      // A negative answer can come after output (`[]` of --json on an empty board).
      try? Output.standard.flush()
      return ExitStatus.of(outcome)
    }
    let code = root.exitCode(for: error).rawValue
    if code == 0 {
      // --help and --version arrive as errors that are not failures.
      try? Output.standard.write(root.fullMessage(for: error) + "\n")
      try? Output.standard.flush()
      return 0
    }
    let help = ObjectIdentifier(root) == ObjectIdentifier(PB.self) ? "pb \(commandPath.map { $0 + " " }.joined())--help" : "\(shownName) -help"
    let builtIn = ObjectIdentifier(root) != ObjectIdentifier(PB.self) ? [] : commandPath.isEmpty ? ["--help", "--version"] : ["--help"]
    let message = ParserMessage.sentence(escapingArguments(root.message(for: error)), help: "see '\(help)'", builtIn: builtIn)
    StandardStreams.printError("\(shownName): " + Display.line(message))
    return code
  }

  /// The parser's message with the arguments it echoes shown as every pb message shows a
  /// value (escaped, cut short), so that a line break in one does not end the message.
  private static func escapingArguments(_ message: String) -> String {
    var text = message
    let echoed = Set(arguments.flatMap { argument in
      [argument] + (argument.firstIndex(of: "=").map { [String(argument[argument.index(after: $0)...])] } ?? [])
    })
    for argument in echoed.sorted(by: { $0.count > $1.count }) where !argument.isEmpty {
      let shown = Display.value(argument)
      if shown != argument { text = text.replacing(argument, with: shown) }
    }
    return text
  }

  /// The subcommands named on the command line (`group begin`), for the hint after a
  /// usage error.
  private static var commandPath: [String] {
    var path: [String] = []
    var names = CommandLineTokens.subcommands(of: "")
    let root = names
    for word in arguments.drop(while: { !root.contains($0) }) {
      guard names.contains(word) else { break }
      path.append(word)
      names = CommandLineTokens.subcommands(of: path.joined(separator: " "))
    }
    return path
  }
}
