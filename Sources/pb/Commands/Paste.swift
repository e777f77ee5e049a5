import ArgumentParser
import DesktopClipboard
import PasteboardKit
import LinuxSystem

extension PB {
  struct Paste: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "paste", abstract: "Write the chosen items of a pasteboard to standard output, byte for byte.",
      discussion: """
        Each chosen item gives its first representation of the first type in -t that it \
        has (a conforming type counts; a kind such as text gives plain text before HTML), \
        or its preferred one without -t. Without -i: item 0, or with -t the first item \
        that has one of the types. Items without any of the types are skipped; -i keeps \
        the order given. Several items are separated by the delimiter (the newline is left \
        out after an item that ends in one), or saved one file each with -o (files of the \
        same name are replaced; -n keeps them).
        """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Option(name: .both("t", "type"),
      help: ArgumentHelp("Preferred types, richest first: public.html,public.plain-text.", valueName: "types"))
    var types: String?

    @Option(name: .both("d", "delimiter"),
      help: ArgumentHelp("What separates items (default: a newline; \\n, \\t, \\0 and \\\\ are understood).", valueName: "string"))
    var delimiter: String?

    @Flag(name: .both("0", "null"), help: "Separate items with NUL bytes.")
    var nullDelimited = false

    @Option(name: .both("o", "output"),
      help: ArgumentHelp("Save each item as a file in this directory (INDEX.EXT), printing the paths.", valueName: "dir"))
    var directory: String?

    @Flag(
      name: .both("n", "no-clobber"),
      help: "With -o: keep a file that exists already instead of replacing it (and say so).")
    var noClobber = false

    @Flag(help: "Report each pasted item as JSON: its index, type, size and data or file.")
    var json = false

    @Flag(help: "Write the bytes of data that is not text to a terminal (there an image is shown as a picture, other data refused).")
    var force = false

    @OptionGroup var progress: QuietOption

    @Flag(help: "Write what the desktop clipboard holds instead, one type chosen as -t chooses, without storing it.")
    var desktop = false

    @OptionGroup var desktopOptions: DesktopOptions

    var request: PasteRequest {
      PasteRequest(
        pasteboard: board.pasteboard, items: itemSet.items, types: types, delimiter: delimiter, nullDelimited: nullDelimited,
        directory: directory, noClobber: noClobber, json: json, force: force, quiet: progress.quiet, desktop: desktop,
        desktopChoice: desktopOptions.choice)
    }
  }
}

/// What `pb paste` was asked, as plain values.
struct PasteRequest: CommandRequest {
  var pasteboard: String?
  var items: String?
  var types: String?
  var delimiter: String?
  var nullDelimited: Bool
  var directory: String?
  var noClobber: Bool
  var json: Bool
  var force: Bool
  var quiet: Bool
  var desktop = false
  var desktopChoice = DesktopChoice.standard

  func validate() throws {
    if desktop { return try validateDesktop() }
    try desktopChoice.requireDesktop(false)
    if nullDelimited && delimiter != nil { throw ValidationError("give -0 or -d, not both") }
    if directory != nil && (nullDelimited || delimiter != nil) {
      throw ValidationError("-o saves one file per item, so it takes no delimiter; give -o or -0/-d, not both")
    }
    if noClobber && directory == nil { throw ValidationError("-n keeps files that -o would replace; give it with -o DIR") }
    if let delimiter { _ = try Self.unescape(delimiter) }
  }

  func run() throws {
    if desktop { return try pasteDesktop() }
    let preferred = try types.map(TypeIdentifier.parseList) ?? []
    let chosen = try items.map(ItemSet.parse)
    let pasteboard = try BoardOptions.open(pasteboard, creating: false)
    let output = Output.standard
    let pasted: [OpenRepresentation]
    do throws(PasteboardError) {
      pasted = try pasteboard.open(items: chosen, types: preferred)
    } catch {
      // A negative answer that a reader of the JSON sees too, as with items --json.
      guard json, case .emptyPasteboard = error else { throw error }
      try PastedJSON.write([], to: output)
      throw SilentExit.negative
    }
    // Not while the data itself goes to the terminal the line would be drawn on.
    let meter =
      directory != nil || !StandardStreams.outputIsTerminal
      ? QuietOption.startProgress(quiet: quiet, expected: pasted.reduce(0) { $0 + $1.representation.size }) : nil
    defer { meter?.finish() }
    if let directory {
      var saved: [(representation: OpenRepresentation, savedAs: String?)] = []
      for representation in pasted {
        let (file, written) = try representation.save(
          in: directory, as: representation.suggestedFileName, keepingExisting: noClobber)
        if !written {
          StandardStreams.printError("pb: kept the existing '\(Display.path(file))' (-n); item \(representation.index) was not saved")
          continue
        }
        saved.append((representation, file))
        if !json { try output.write(file + "\n") }
      }
      if json { try PastedJSON.write(saved, to: output) }
    } else if json {
      try PastedJSON.write(pasted.map { ($0, nil) }, to: output)
    } else {
      let separator = try nullDelimited ? [0] : Array(Self.unescape(delimiter ?? "\n").utf8)
      try Self.write(pasted, separator: separator, force: force, sameBytesCommand: { sameBytesCommand(item: $0) }, to: output)
    }
  }

  /// Writes the chosen representations, `separator` between them, as pb paste does: the
  /// bytes; but to a terminal an image as its picture (TerminalPicture), and other data
  /// that is not text refused, unless `force`. pb history --show writes a clip here too.
  /// `sameBytesCommand` is made only when a message names it: joining its words costs a
  /// paste a third of its start-up (the generic join's metadata). It is given the item to
  /// save when the paste writes several.
  static func write(
    _ pasted: [OpenRepresentation], separator: [UInt8], force: Bool, sameBytesCommand: (_ item: Int?) -> String,
    to output: Output
  ) throws {
    let several = pasted.contains { $0.index != pasted[0].index }
    let toTerminal = !force && StandardStreams.outputIsTerminal
    func isPicture(_ type: TypeIdentifier) -> Bool {
      toTerminal && !TypeRegistry.conforms(type, to: .text) && TerminalPicture.shows(type)
    }
    // Raw binary on a terminal garbles it until `reset`: say what it is instead.
    if toTerminal,
      let binary = pasted.first(where: {
        !TypeRegistry.conforms($0.representation.type, to: .text) && !isPicture($0.representation.type)
      })
    {
      throw PasteboardError.binaryToTerminal(
        index: binary.index, type: binary.representation.type.rawValue, size: binary.representation.size,
        filenameExtension: binary.suggestedExtension, command: sameBytesCommand(several ? binary.index : nil))
    }
    // The newline between items is left out after one that ends in its own, so that
    // lines of text come out as `cat` gives them; -d and -0 separate items exactly.
    var endedLine = false
    for (position, representation) in pasted.enumerated() {
      if position > 0 && !(endedLine && separator == [0x0A]) { try output.write(separator) }
      if isPicture(representation.representation.type) {
        try TerminalPicture.write(representation, to: output, sameBytesCommand: sameBytesCommand(several ? representation.index : nil))
        endedLine = false
      } else {
        try output.send(representation)
        endedLine = try position + 1 < pasted.count && separator == [0x0A] && representation.endsWithNewline()
      }
      representation.close()
    }
  }

  /// This paste again, with every option that chose the bytes it writes, for a hint to
  /// save them: `pb paste -i 1 > file.png` must save item 1, not item 0. `item`, of a
  /// paste of several items, is the one to save: a file of it alone.
  func sameBytesCommand(item: Int?) -> String {
    var words: [String] = []
    if let item { words += ["-i", String(item)] } else if let items { words += ["-i", items] }
    if let types { words += ["-t", types] }
    if item == nil, let delimiter { words += ["-d", delimiter] }
    if item == nil, nullDelimited { words.append("-0") }
    return (["pb paste" + (pasteboard.map { Hint.option($0) } ?? "")] + words.map(Display.shellWord)).joined(separator: " ")
  }

  /// Reads the escapes a shell user types in `-d`: \n, \t, \0 and \\. Any other, or a
  /// backslash at the end, is refused: a typo must not become the delimiter unnoticed.
  static func unescape(_ text: String) throws -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "0": result.append("\0")
        case "\\": result.append("\\")
        default: throw Self.badEscape("unknown escape '\\\(Display.value(String(character)))'")
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { throw Self.badEscape("'\\' ends it without an escape") }
    return result
  }

  private static func badEscape(_ problem: String) -> ValidationError {
    ValidationError("-d: \(problem); it understands \\n, \\t, \\0 and \\\\ (a backslash itself)")
  }
}
