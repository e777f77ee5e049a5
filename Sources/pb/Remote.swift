import Glibc
import LinuxSystem
import PasteboardKit
import RemoteBoards

/// A command line whose board is on another machine (`-p HOST:BOARD`, `PB_PASTEBOARD`, or
/// `pb list HOST:`), and how it travels there: the same line with the board's own name,
/// run by `pb serve` over ssh, the files it names sent in the stream.
struct RemoteCommand {
  /// What a command does with a board on another machine. The one table that decides:
  /// `pb serve` runs the commands that go there, and the others refuse HOST:BOARD however
  /// it is given (-p, PB_PASTEBOARD), saying why and what to do instead.
  enum Reach {
    /// Runs there, with the board named by -p or PB_PASTEBOARD.
    case there
    /// Runs there, with the boards (or the host, for list) named as its arguments.
    case thereByArgument
    /// Runs there under its own name (pbcopy, pbpaste), with macOS's -pboard.
    case thereAsProgram
    /// Works on this machine's boards only: why, worded for the board named (HOST:BOARD)
    /// and its host.
    case hereOnly(@Sendable (_ named: String, _ host: String) -> String)
  }

  static let reach: KeyValuePairs<String, Reach> = [
    "copy": .there, "paste": .there, "items": .there, "types": .there, "contains": .there, "info": .there, "count": .there,
    "clear": .there, "undo": .there, "redo": .there, "history": .there, "wait": .there, "watch": .there, "export": .there,
    "import": .there, "list": .thereByArgument, "create": .thereByArgument, "delete": .thereByArgument,
    "pbcopy": .thereAsProgram, "pbpaste": .thereAsProgram,
    "cut": .hereOnly { named, _ in
      "an undo puts cut files back on the machine of the board, and these are this machine's; "
        + "copy them there, then remove them: pb copy -p \(named) FILE && rm FILE"
    },
    "group": .hereOnly { _, host in
      "a group belongs to the shell that opened it, which is not on the board's machine; "
        + "group the commands there: ssh \(host) pb group run -- COMMAND"
    },
    "publish": .hereOnly { named, _ in
      "it offers this machine's boards to its desktop; bring the board here first: "
        // -p general both times: with PB_PASTEBOARD=HOST:BOARD, a line without -p would
        // copy the board onto itself and publish would refuse again.
        + "pb copy -p general --from \(named) && pb publish -p general"
    },
    "bridge": .hereOnly { named, _ in
      "it joins this machine's boards with its desktop; join the other machine's board with one here, and that one with "
        + "the desktop: pb bridge --remote \(named) -p BOARD & pb bridge -p BOARD"
    },
  ]

  /// The commands `pb serve` runs.
  static var commands: [String] {
    reach.compactMap {
      if case .hereOnly = $0.value { return nil }
      return $0.key
    }
  }

  /// The commands run under their own names there, not as `pb COMMAND`.
  static var programs: [String] {
    reach.compactMap {
      guard case .thereAsProgram = $0.value else { return nil }
      return $0.key
    }
  }

  let host: String
  let request: RemoteRequest
  /// The local files the request's file words stand for, in order.
  let localFiles: [String]
  /// `paste -o DIR`, which saves files here: the board (HOST:BOARD) is copied into a
  /// private store of this machine first, and the line runs on that.
  var savesFiles: (board: String, words: [String])? = nil

  /// The remote form of a command line (split as `CommandLineTokens` splits it), or nil when
  /// its board is this machine's. Cheap enough for every command line: words are only
  /// compared until one names a board.
  static func parse(_ arguments: [String], settings: Settings = .process) throws(PasteboardError) -> RemoteCommand? {
    guard let command = arguments.first, let reach = reach.first(where: { $0.key == command })?.value else { return nil }
    if asksForHelp(arguments) { return nil }
    switch reach {
    case .there: break
    case .thereByArgument: return command == "list" ? try listing(arguments) : try byArgument(arguments)
    case .thereAsProgram: return nil
    case .hereOnly(let why):
      try refuse(arguments, why: why, settings: settings)
      return nil
    }
    guard let options = CommandLineTokens.options(command) else { return nil }
    var rest: [String] = []
    var board: String?
    var fileWords: [(index: Int, prefix: String, path: String)] = []
    var readsInput = false
    var savesFiles = false
    var exec = false
    var archive = false
    var color = false
    var desktop = false
    var positionals = 0
    var representations = 0
    func representation(_ spec: String) {
      representations += 1
      let (prefix, file) = spec.firstIndex(of: "=").map { (String(spec[...$0]), String(spec[spec.index(after: $0)...])) } ?? ("", spec)
      if file == "-" { readsInput = true } else if !file.isEmpty { fileWords.append((rest.count, prefix, file)) }
      rest.append(spec)
    }
    var tokens = CommandLineTokens(arguments.dropFirst())
    while let token = tokens.next() {
      switch token {
      case .positional(let word):
        if command == "copy" {
          positionals += 1
          if word == "-" { readsInput = true } else { fileWords.append((rest.count, "", word)) }
        }
        rest.append(word)
      case .terminator:
        rest.append("--")
      case .option(let name, let attached, let word):
        if name == "-p" || name == "--pasteboard" {
          guard let value = attached ?? tokens.value() else { return nil }  // the parser says what is missing
          board = value
        } else if command == "import", name == "--archive" {
          archive = true
          rest.append("--archive")
          if let value = attached ?? tokens.value() {
            if value == "-" { readsInput = true } else { fileWords.append((rest.count, "", value)) }
            rest.append(value)
          }
        } else if command == "copy", name == "--from" {
          // copy --from reaches both boards itself (pb export piped into pb import), from here.
          return nil
        } else if command == "copy", name == "--representation", let attached {
          rest.append("--representation")
          representation(attached)
        } else {
          let takesValue = attached == nil && options.takesValue(word)
          rest.append(word)
          if takesValue, let value = tokens.value() {
            if command == "copy" && (word == "-r" || word == "--representation") {
              representation(value)
            } else {
              rest.append(value)
            }
          }
          if command == "watch" && word == "--exec" { exec = true }
          if command == "copy" && name == "--color" { color = true }
          if name == "--desktop" { desktop = true }
          if command == "paste" && (name == "-o" || name == "--output") { savesFiles = true }
        }
      }
    }
    // --desktop reads this machine's desktop, not a board: PB_PASTEBOARD=HOST:BOARD sent
    // it there, with a --pasteboard the line never had, and it was refused for it.
    if desktop && board == nil { return nil }
    guard let name = board ?? settings.pasteboard, let remote = try RemoteBoard.parse(name) else { return nil }
    // The fixes name the board as the user did, as every hint does.
    let named = Display.shellWord(name)
    if exec {
      throw .usage(
        "pb watch --exec runs its command where the board is; for a board on another machine, read its lines here: "
          + "pb watch -p \(named) --json | while read -r change; do ...; done")
    }
    if command == "import" && !archive {
      throw .usage(
        "pb import reads the desktop of the machine it runs on; for a board on another machine, give --archive FILE, "
          + "or copy between boards: pb copy -p \(named) --from BOARD")
    }
    // copy --color writes the color given, and reads nothing: on a terminal, reading
    // standard input waited for a Ctrl-D that a local copy --color never asks for.
    if command == "copy" && positionals == 0 && representations == 0 && !color { readsInput = true }
    // The board goes first, by its name there: the line keeps its words, `--` among them.
    let words = [command, "--pasteboard", remote.board] + rest
    let shift = 3
    let files = fileWords.map { RemoteRequest.FileWord.at($0.index + shift, prefix: $0.prefix, name: Self.fileName($0.path)) }
    return RemoteCommand(
      host: remote.host, request: RemoteRequest(words: words, files: files, input: readsInput, terminals: terminals, host: remote.host),
      localFiles: fileWords.map(\.path), savesFiles: savesFiles ? (name, words) : nil)
  }

  /// A command of this machine's boards given one on another machine: refused, saying why.
  /// Whether the line asks for help, which is this pb's to give whatever board it names:
  /// sent there, a copy waited for its standard input first; publish, cut, bridge, group,
  /// create, delete and list refused or dialled instead of saying what they do.
  private static func asksForHelp(_ arguments: [String]) -> Bool {
    let (key, start) = CommandLineTokens.command(arguments)
    guard let options = CommandLineTokens.options(key) else { return false }
    var tokens = CommandLineTokens(arguments[start...])
    while let token = tokens.next() {
      guard case .option(let name, let attached, let word) = token else {
        if case .terminator = token { return false }
        continue
      }
      if name == "-h" || name == "--help" { return true }
      if attached == nil, options.takesValue(word) { _ = tokens.value() }
    }
    return false
  }

  private static func refuse(
    _ arguments: [String], why: (_ named: String, _ host: String) -> String, settings: Settings
  ) throws(PasteboardError) {
    let (key, start) = CommandLineTokens.command(arguments)
    guard let options = CommandLineTokens.options(key) else { return }
    var board: String?
    var tokens = CommandLineTokens(arguments[start...])
    while let token = tokens.next() {
      guard case .option(let name, let attached, let word) = token else {
        if case .terminator = token { break }
        continue
      }
      if name == "-p" || name == "--pasteboard" {
        board = attached ?? tokens.value()
      } else if attached == nil, options.takesValue(word) {
        _ = tokens.value()
      }
    }
    guard let named = board ?? settings.pasteboard, let remote = try RemoteBoard.parse(named) else { return }
    throw .usage("pb \(key) works on this machine's boards, not '\(Display.value(named))': \(why(Display.shellWord(named), Display.shellWord(remote.host)))")
  }

  /// `pb create HOST:BOARD`, `pb delete HOST:BOARD...`: the boards are the arguments, all
  /// of one machine.
  private static func byArgument(_ arguments: [String]) throws(PasteboardError) -> RemoteCommand? {
    guard let command = arguments.first, let options = CommandLineTokens.options(command) else { return nil }
    var rest: [String] = []
    var host: String?
    var local = false
    var persistent = false
    var tokens = CommandLineTokens(arguments.dropFirst())
    while let token = tokens.next() {
      switch token {
      case .positional(let word):
        if let remote = try RemoteBoard.parse(word) {
          if host != nil && host != remote.host { local = true }
          host = remote.host
          rest.append(remote.board)
        } else {
          local = true
          rest.append(word)
        }
      case .terminator:
        rest.append("--")
      case .option(let name, let attached, let word):
        rest.append(word)
        if name == "--persistent" { persistent = true }
        if name == "--owner" || name == "--unique" { local = true }
        if attached == nil, options.takesValue(word), let value = tokens.value() { rest.append(value) }
      }
    }
    guard let host else { return nil }
    // A board that belongs to a process would belong to one there that ends with the command.
    let refusal =
      local
      ? "pb \(command) works on the boards of one machine at a time, named by their names alone; give those of "
        + "\(Display.value(host)) as HOST:BOARD in a command of their own"
      : command == "create" && !persistent
        ? "a board pb create makes on another machine would belong to a process there that ends at once; "
          + "give --persistent, and pb delete it when done" : nil
    if let refusal { throw .usage(refusal) }
    return RemoteCommand(
      host: host, request: RemoteRequest(words: [command] + rest, terminals: terminals, host: host), localFiles: [])
  }

  /// `pbcopy` or `pbpaste` (`program`) of a board on another machine (HOST:BOARD, by
  /// -pboard or PB_PASTEBOARD): the same command there, on that machine's board.
  static func program(_ program: String, board named: String?, words: [String], settings: Settings = .process)
    throws(PasteboardError) -> RemoteCommand?
  {
    guard let named = named ?? settings.pasteboard, let remote = try RemoteBoard.parse(named) else { return nil }
    try ServedLine.check(nil, remote: true, settings: settings)
    return RemoteCommand(
      host: remote.host,
      request: RemoteRequest(
        words: [program, "-pboard", remote.board] + words, input: program == "pbcopy", terminals: terminals, host: remote.host),
      localFiles: [])
  }

  /// `pb paste -o DIR -p HOST:BOARD`: the board, every item, into a private store here
  /// (`pb copy --from`), then the line on that store, so that the files are saved here
  /// by the rules of `-o` and its index set means what it means there.
  private static func savingFiles(from board: String, words: [String]) throws(PasteboardError) -> Int32 {
    let folder: String
    // The board may hold secrets: a paste killed (SIGKILL) leaves its copy in a folder
    // named after it, which the next one removes.
    SystemCall.removeAbandonedTemporaryDirectories(prefix: "pb-paste", in: Settings.process.temporaryFolder)
    do {
      folder = try SystemCall.makeOwnedTemporaryDirectory(prefix: "pb-paste", in: Settings.process.temporaryFolder)
    } catch {
      throw .io(error)
    }
    defer { SystemCall.removeTemporaryDirectory(folder) }
    let store = ["PB_DIR": folder + "/store"]
    do throws(SystemError) {
      let nothing = try SystemCall.open("/dev/null", flags: O_RDONLY)
      let copied = try SystemCall.spawn(
        ["pb", "copy", "--pasteboard", words[2], "--from", board, "--concealed"], program: "/proc/self/exe", environment: store,
        standardInput: nothing, standardOutput: .standardError, standardError: .standardError, endsWithPB: true
      ).waitForExit()
      if copied != 0 { return copied }
      return try SystemCall.spawn(
        ["pb"] + words, program: "/proc/self/exe", environment: store, standardInput: .standardInput,
        standardOutput: .standardOutput, standardError: .standardError, endsWithPB: true
      ).waitForExit()
    } catch {
      throw .io(error)
    }
  }

  /// `pb list HOST:` (with any options): the host's boards.
  private static func listing(_ arguments: [String]) throws(PasteboardError) -> RemoteCommand? {
    guard let position = arguments.indices.dropFirst().first(where: { !arguments[$0].hasPrefix("-") && arguments[$0].contains(":") })
    else { return nil }
    guard let remote = try RemoteBoard.parse(arguments[position]) else { return nil }
    if !arguments[position].hasSuffix(":") {
      throw .usage("pb list lists a machine's boards; give the machine alone, as HOST: (pb list \(Display.value(remote.host)):)")
    }
    var words = arguments
    words.remove(at: position)
    return RemoteCommand(host: remote.host, request: RemoteRequest(words: words, terminals: terminals, host: remote.host), localFiles: [])
  }

  private static var terminals: RemoteRequest.Terminals {
    var terminals: RemoteRequest.Terminals = []
    if StandardStreams.inputIsTerminal { terminals.insert(.input) }
    if StandardStreams.outputIsTerminal { terminals.insert(.output) }
    if StandardStreams.errorIsTerminal { terminals.insert(.error) }
    return terminals
  }

  /// The name a file has there: its last component here, as type detection reads it.
  private static func fileName(_ path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? ""
    return ["", ".", ".."].contains(last) ? "file" : last
  }

  /// Runs the command there; its status, once its output and messages are relayed.
  func run() throws -> Int32 {
    if let savesFiles { return try Self.savingFiles(from: savesFiles.board, words: savesFiles.words) }
    // A folder given to copy gets copy's fixes (its files, or a tar of it), as here.
    let copying = request.words.first == "copy"
    let files = try localFiles.map { (path) throws(PasteboardError) in
      do throws(PasteboardError) {
        return try RepresentationSource.Input.file(path).openForReading()
      } catch {
        guard copying, case .inputIsDirectory(let folder, _) = error else { throw error }
        throw .inputIsDirectory(folder, copying: true)
      }
    }
    try Output.standard.flush()
    let connection = try RemoteConnection(host: host, settings: .process)
    let status = try connection.run(
      request, files: files, input: request.input ? .standardInput : nil, output: .standardOutput,
      errors: RelayedErrors.toStandardError())
    Self.sayIfKilled(status, host: host)
    return status
  }

  /// A status past 128 is a signal that ended the command there (pb never exits so of its
  /// own accord), which the command itself could not say.
  static func sayIfKilled(_ status: Int32, host: String) {
    guard status > 128 && status < 160 else { return }
    StandardStreams.printError(
      "\(PB.shownName): the command on '\(Display.value(host))' was ended by signal \(status - 128) there; nothing more was done")
  }
}
