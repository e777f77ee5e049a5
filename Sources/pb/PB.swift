import ArgumentParser
import DesktopClipboard
import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif

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
      CommandGroup(name: "Pasteboard", subcommands: [List.self, Create.self, Delete.self]),
      CommandGroup(name: "Change tracking", subcommands: [Count.self, Wait.self, Watch.self]),
      CommandGroup(name: "Desktop", subcommands: [Publish.self, Import.self, Bridge.self]),
    ]
  )

  static func main() {
    // The process that holds a published selection: pb itself, under a name no user types.
    if arguments.first == Desktop.ownerCommand { Glibc.exit(Desktop.runOwner(Array(arguments.dropFirst()))) }
    StandardStreams.prepare()
    SystemCall.keepOwnerBits()
    var status: Int32 = 0
    let macOSCommand = MacOSCommand.named(programName)
    do {
      if let macOSCommand {
        var command = try macOSCommand.parseAsRoot(givenArguments)
        try Store.checkEnvironment()
        try command.run()
      } else if let request = FastCommandLine.parse(arguments) {
        try Store.checkEnvironment()
        try request.run()
      } else {
        try checkCommandWord()
        var command = try fastParse() ?? parseAsRoot(arguments)
        try Store.checkEnvironment()
        try command.run()
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

  /// Catches what the parser would only call an unexpected argument: a misspelt
  /// subcommand (with the nearest names), `help` of one that does not exist, and
  /// options typed before the subcommand (with the command line they belong in).
  private static func checkCommandWord() throws(PasteboardError) {
    guard let first = arguments.first else { return }
    let names = configuration.subcommands.map { $0._commandName }
    if first.hasPrefix("-") {
      if isRootOption(first) { return }
      guard let position = arguments.firstIndex(where: names.contains) else { return }
      let reordered = [arguments[position]] + arguments[..<position] + arguments[(position + 1)...]
      throw .usage(
        "options go after the subcommand: pb \(reordered.map { Display.value($0) }.joined(separator: " "))")
    }
    if first == "help" {
      guard arguments.count > 1, !arguments[1].hasPrefix("-"), !names.contains(arguments[1]) else { return }
      throw .usage(unknownSubcommand(arguments[1], among: names))
    }
    if !names.contains(first) { throw .usage(unknownSubcommand(first, among: names)) }
  }

  private static func unknownSubcommand(_ word: String, among names: [String]) -> String {
    let hint = Suggestion.phrase(Suggestion.nearest(to: word, among: names)) ?? "see 'pb --help' for the list"
    return "unknown subcommand '\(Display.value(word))'; \(hint)"
  }

  /// Parses a plain command line with only its subcommand's declarations: the root parse
  /// looks up protocol conformances of every subcommand, which was two thirds of a small
  /// command's instructions. Anything it does not accept (help, a usage error, a
  /// subcommand with subcommands of its own) goes to the root parse, so messages and
  /// help are the root parser's, exactly as before.
  private static func fastParse() -> (any ParsableCommand)? {
    guard let name = arguments.first,
      let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
      subcommand.configuration.subcommands.isEmpty
    else { return nil }
    let rest = Array(arguments.dropFirst())
    if rest.contains(where: isRootOption) {
      return nil
    }
    return try? subcommand.parseAsRoot(rest)
  }

  /// The arguments as the bytes the user gave: a file name that is not UTF-8 reaches
  /// the kernel unchanged (Swift's own `CommandLine.arguments` replaces such bytes).
  static let givenArguments: [String] = (1..<max(1, Int(CommandLine.argc))).compactMap { index in
    CommandLine.unsafeArgv[index].map { PathBytes.string(cString: $0) }
  }

  /// The arguments with joined short options (`-i0`) split as getopt would.
  static let arguments: [String] = JoinedOptions.split(givenArguments)

  /// The name pb was started under: `pbcopy` and `pbpaste` are pb under macOS's names.
  static let programName: String = CommandLine.unsafeArgv[0].map {
    String(PathBytes.string(cString: $0).split(separator: "/").last ?? "pb")
  } ?? "pb"

  /// Prints one line for an error (none for a quiet negative answer) and gives the
  /// exit status.
  static func report(_ error: any Error, root: any ParsableCommand.Type = PB.self) -> Int32 {
    if let error = error as? PasteboardError {
      if error == .outputClosed { return 0 }
      try? Output.standard.flush()
      StandardStreams.printError("\(programName): " + error.message)
      return ExitStatus.of(error)
    }
    if let code = error as? ExitCode {
      // A negative answer can come after output (`[]` of --json on an empty board).
      try? Output.standard.flush()
      return code.rawValue
    }
    let code = root.exitCode(for: error).rawValue
    if code == 0 {
      // --help and --version arrive as errors that are not failures.
      try? Output.standard.write(root.fullMessage(for: error) + "\n")
      try? Output.standard.flush()
      return 0
    }
    let text = sanitized(root.message(for: error))
    let help = ObjectIdentifier(root) == ObjectIdentifier(PB.self) ? "pb \(subcommandName.map { $0 + " " } ?? "")--help" : "\(programName) -help"
    StandardStreams.printError("\(programName): \(lowercasingFirst(text)); see '\(help)'")
    return code
  }

  /// The parser's message as one safe line: the arguments it echoes are shown as every
  /// pb message shows a value (escaped, cut short), then only its first line is kept.
  private static func sanitized(_ message: String) -> String {
    var text = message
    let echoed = Set(arguments.flatMap { argument in
      [argument] + (argument.firstIndex(of: "=").map { [String(argument[argument.index(after: $0)...])] } ?? [])
    })
    for argument in echoed.sorted(by: { $0.count > $1.count }) where !argument.isEmpty {
      let shown = Display.value(argument)
      if shown != argument { text = text.replacing(argument, with: shown) }
    }
    let firstLine = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "invalid usage"
    return Display.line(firstLine)
  }

  /// The subcommand named on the command line, if any, for the hint after a usage error.
  private static var subcommandName: String? {
    let names = configuration.subcommands.map { $0._commandName }
    return arguments.first(where: names.contains)
  }

  private static func lowercasingFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
