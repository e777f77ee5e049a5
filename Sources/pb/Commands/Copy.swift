import Glibc
import ArgumentParser
import PasteboardKit
import LinuxSystem

extension PB {
  struct Copy: RequestCommand, DefaultActionName {
    static let configuration = CommandConfiguration.pb(
      "copy", abstract: "Copy standard input or files to a pasteboard.",
      discussion: """
        With no FILE, standard input becomes one item. Each FILE becomes one item; '-' is \
        standard input. With -r, all the representations given form ONE item. Types that \
        are not given are detected from the data (libmagic, the filename extension, and a \
        text check).
        """)

    @OptionGroup var board: BoardOptions

    @Option(name: .both("t", "type"),
      help: ArgumentHelp("The type of the data instead of detecting it: a UTI, MIME type or extension.", valueName: "type"))
    var type: String?

    @Option(
      name: .both("r", "representation"),
      help: ArgumentHelp(
        "A representation of the one item to write, as [TYPE=]FILE ('-' is standard input; =FILE for a name with '='). Repeat for several.",
        valueName: "[type=]file"))
    var representations: [String] = []

    @Flag(name: .both("a", "append"), help: "Add the items after the existing ones instead of replacing them.")
    var append = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Make the items vanish after a duration (500ms, 30s, 10m, 2h, 1d) or at an ISO 8601 time.", valueName: "when"))
    var expire: String?

    @Option(
      help: ArgumentHelp(
        "Copy a color, as CSS writes it (#ff8800, #f80, rgb(255 136 0)), as one item: its text and GTK's application/x-color.",
        valueName: "color"))
    var color: String?

    @Flag(help: "Mark the items as secrets: never previewed or listed, removed as soon as they are replaced.")
    var concealed = false

    @Flag(
      name: .customLong("force-type"),
      help: "Keep a type given as text (-t, -r TYPE=) even for data that is plainly not text.")
    var forceType = false

    @Flag(
      name: .both("n", "trim-newline"),
      help: "Do not store one trailing newline of each input (git rev-parse HEAD | pb copy -n stores the hash alone).")
    var trimNewline = false

    @OptionGroup var ifCount: IfCountOption
    @OptionGroup var undo: UndoOptions<Copy>
    static let actionName = "Copy, or Append with -a"
    @OptionGroup var progress: QuietOption

    @Argument(help: ArgumentHelp("Files to copy, one item each ('-' is standard input).", valueName: "file"))
    var files: [String] = []

    @Option(
      help: ArgumentHelp(
        "Copy every item of this pasteboard, with every representation (HOST:BOARD for another machine's; with --concealed, its concealed items too).",
        valueName: "name"))
    var from: String?

    var request: CopyRequest {
      CopyRequest(
        pasteboard: board.pasteboard, type: type, representations: representations, append: append, expire: expire,
        concealed: concealed, forceType: forceType, trimNewline: trimNewline, write: undo.choice(ifCount: ifCount.ifCount),
        quiet: progress.quiet, files: files, from: from, color: color)
    }
  }
}

/// What `pb copy` was asked, as plain values.
struct CopyRequest: CommandRequest {
  var pasteboard: String?
  var type: String?
  var representations: [String]
  var append: Bool
  var expire: String?
  var concealed: Bool
  var forceType: Bool
  var trimNewline: Bool
  var write: WriteChoice
  var quiet: Bool
  var files: [String]
  var from: String? = nil
  var color: String? = nil

  func validate() throws {
    try write.validate()
    if color != nil {
      let others = [
        ("FILE arguments", !files.isEmpty), ("-r", !representations.isEmpty), ("-t", type != nil), ("--from", from != nil),
        ("--force-type", forceType), ("-n", trimNewline),
      ]
      if let given = others.first(where: \.1)?.0 {
        throw ValidationError("--color writes the color's own two representations, and takes no \(given)")
      }
    }
    if from != nil {
      let others = [
        ("FILE arguments", !files.isEmpty), ("-r", !representations.isEmpty), ("-t", type != nil), ("--expire", expire != nil),
        ("--force-type", forceType), ("-n", trimNewline), ("--if-count", write.ifCount != nil), ("--action", write.action != nil),
        ("--no-undo", write.noUndo),
      ]
      if let given = others.first(where: \.1)?.0 {
        throw ValidationError("--from copies a pasteboard's items as they are, and takes -a and --concealed only, not \(given)")
      }
    }
    if !representations.isEmpty && !files.isEmpty {
      throw ValidationError("give either FILE arguments or -r representations, not both")
    }
    if type != nil && !representations.isEmpty {
      throw ValidationError("-t does not combine with -r; give each type as -r TYPE=FILE")
    }
  }

  func run() throws {
    if let from { return try copy(from: from) }
    if let color { return try copy(color: color) }
    let items = try itemSources()
    let readsTerminal = items.contains { $0.representations.contains { $0.input == .standardInput } }
      && StandardStreams.inputIsTerminal
    if readsTerminal {
      StandardStreams.printError("pb: reading what to copy from the terminal; end it with Ctrl-D (or pipe data in, or give a FILE)")
    }
    let expires = try expire.map { (text) throws(PasteboardError) in try TimeSpec.deadline(text, now: TimeSpec.now()) }
    try Self.checkFiles(items)
    let name = BoardOptions.name(pasteboard)
    let store = try Store.open(creating: true)
    let existed = BoardOptions.exists(name, in: store)
    let board = try BoardOptions.open(pasteboard, creating: true, ifCount: write.ifCount)
    var options = write.options
    options.expires = expires
    options.concealed = concealed
    options.trimsNewline = trimNewline
    options.forcesType = forceType
    options.standardInputIsWhole = ServedLine.standardInputIsWhole
    let meter = QuietOption.startProgress(
      quiet: quiet, expected: RepresentationSource.Input.regularFileSize(of: items.flatMap(\.representations).map(\.input)))
    defer { meter?.finish() }
    do {
      _ = try board.write(items, mode: append ? .append : .replace, detector: TypeDetector(), options: options)
    } catch {
      // Refused while reading (a socket, a file this user may not read, a read error): no
      // board is left made for it (unless another writer has written to it meanwhile).
      if !existed { try? store.deleteBoard(named: name, ifCount: 0) }
      throw Self.copying(error)
    }
  }

  /// A missing file or a directory is refused before the board is opened: opening makes
  /// a new board, and a copy refused after that left an empty board behind (`pb copy -p
  /// notes typo.txt`, then `pb paste -p notes` said "empty", not "no pasteboard"). stat,
  /// not open: a FIFO's open would wait for its writer. The write checks again.
  private static func checkFiles(_ items: [ItemSource]) throws(PasteboardError) {
    for case .file(let name) in items.flatMap(\.representations).map(\.input) {
      let found: stat
      do throws(SystemError) {
        found = try SystemCall.status(path: name)
      } catch {
        throw .noSuchFile(name, reason: error.reason)
      }
      if found.st_mode & S_IFMT == S_IFDIR { throw .inputIsDirectory(name, copying: true) }
    }
  }

  /// A directory named to copy gets the fixes of a copy: its files, or a tar of it.
  private static func copying(_ error: PasteboardError) -> PasteboardError {
    guard case .inputIsDirectory(let path, _) = error else { return error }
    return .inputIsDirectory(path, copying: true)
  }

  /// `--color`: one item, the color as text and as GTK's application/x-color.
  private func copy(color text: String) throws {
    let color = try Color.parse(css: text)
    let expires = try expire.map { (text) throws(PasteboardError) in try TimeSpec.deadline(text, now: TimeSpec.now()) }
    // --if-count as any copy: refused, it makes no board.
    let board = try BoardOptions.open(pasteboard, creating: true, ifCount: write.ifCount)
    var options = write.options
    options.expires = expires
    options.concealed = concealed
    _ = try board.write(color: color, mode: append ? .append : .replace, options: options)
  }

  /// `--from BOARD`: that board's items become this one's, in one change named Import,
  /// either board on this machine or another: `pb export` of the one piped into
  /// `pb import --archive -` of the other, each reaching its board as it would alone.
  private func copy(from source: String) throws {
    let target = BoardOptions.name(pasteboard)
    let (exporter, importer, importErrors) = try startCopy(from: source, to: target)
    let exported = try exporter.waitForExit()
    let said = importErrors.readRest(limit: 64 * 1024)
    let imported = try importer.waitForExit()
    // pb export said why it failed; the import then saw an archive cut short and stored
    // nothing, which is no news.
    if exported != 0 { throw SilentExit.status(exported) }
    try? Descriptor.standardError.writeAll(said)
    if imported != 0 { throw SilentExit.status(imported) }
  }

  private func startCopy(from source: String, to target: String) throws(SystemError)
    -> (exporter: ChildProcess, importer: ChildProcess, importErrors: Descriptor)
  {
    let archive = try SystemCall.pipe(named: "the archive")
    let errors = try SystemCall.pipe(named: "pb import's messages")
    let nothing = try SystemCall.open("/dev/null", flags: O_RDONLY)
    let exporter = try SystemCall.spawn(
      ["pb", "export", "--pasteboard", source] + (concealed ? ["--concealed"] : []), program: "/proc/self/exe", environment: [:],
      standardInput: nothing, standardOutput: archive.write, standardError: .standardError, endsWithPB: true)
    let importer = try SystemCall.spawn(
      ["pb", "import", "--archive", "-", "--pasteboard", target] + (append ? ["--append"] : []), program: "/proc/self/exe",
      environment: [:], standardInput: archive.read, standardOutput: .standardOutput, standardError: errors.write, endsWithPB: true)
    return (exporter, importer, errors.read)
  }

  private func itemSources() throws(PasteboardError) -> [ItemSource] {
    if !representations.isEmpty {
      let sources = try representations.map { (spec) throws(PasteboardError) in try RepresentationSource.parse(spec: spec) }
      return [ItemSource(representations: sources)]
    }
    let given = try type.map(TypeIdentifier.parse)
    let inputs: [RepresentationSource.Input] = files.isEmpty ? [.standardInput] : files.map(RepresentationSource.Input.init(argument:))
    return inputs.map { ItemSource(representations: [RepresentationSource(input: $0, type: given)]) }
  }
}
