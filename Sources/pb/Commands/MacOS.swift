import ArgumentParser
import PasteboardKit

/// `pbcopy` and `pbpaste`: pb under macOS's names (install.sh links them to pb), with
/// macOS's single-dash options, for the hands and scripts that know those.
enum MacOSCommand {
  /// The command a name pb was started under stands for, if it is one of macOS's.
  static func named(_ name: String) -> (any ParsableCommand.Type)? {
    // Literals, not the commands' configurations: this runs before every command.
    switch name {
    case "pbcopy": PBCopy.self
    case "pbpaste": PBPaste.self
    default: nil
    }
  }

  /// The command on a board of another machine (HOST:BOARD), which runs there as it is.
  static func remote(_ command: any ParsableCommand) throws(PasteboardError) -> RemoteCommand? {
    switch command {
    case let copy as PBCopy: try RemoteCommand.program("pbcopy", board: copy.pasteboard, words: [])
    case let paste as PBPaste: try RemoteCommand.program("pbpaste", board: paste.pasteboard, words: ["-Prefer", paste.prefer.rawValue])
    default: nil
    }
  }

  static let helpNames: NameSpecification = [.customLong("help", withSingleDash: true), .short, .long]

  /// macOS names its boards general, ruler, find and font; here any board's name goes.
  static let boardHelp = ArgumentHelp(
    "The pasteboard: general, find or any other's name, or HOST:NAME on another machine (default: $PB_PASTEBOARD, else general).", valueName: "name")
}

struct PBCopy: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pbcopy",
    abstract: "Copy standard input to a pasteboard, as macOS's pbcopy does (this is pb copy).",
    discussion: """
      The bytes are kept as they are and their type is detected, as by pb copy; see pb(1) \
      for files, types and several items.
      """,
    helpNames: MacOSCommand.helpNames)

  @Option(name: .customLong("pboard", withSingleDash: true), help: MacOSCommand.boardHelp)
  var pasteboard: String?

  func run() throws {
    // pb copy's request, made where every copy's is.
    let line = FastCommandLine.Line(given: pasteboard.map { [FastCommandLine.Given(name: "--pasteboard", value: $0)] } ?? [])
    try FastCommandLine.build("copy", line)?.run()
  }
}

struct PBPaste: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pbpaste",
    abstract: "Write a pasteboard's text to standard output, as macOS's pbpaste does.",
    discussion: """
      Writes the first item's plain text, else its PostScript, else its RTF (-Prefer puts \
      one of them first), else any other text it has, byte for byte; an item with none of \
      them writes nothing. pb paste reads every item and type.
      """,
    helpNames: MacOSCommand.helpNames)

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case txt, rtf, ps

    var type: String {
      switch self {
      case .txt: "public.plain-text"
      case .rtf: "public.rtf"
      case .ps: "com.adobe.postscript"
      }
    }
  }

  @Option(name: .customLong("pboard", withSingleDash: true), help: MacOSCommand.boardHelp)
  var pasteboard: String?

  @Option(name: .customLong("Prefer", withSingleDash: true), help: ArgumentHelp("The type to look for first.", valueName: "txt|rtf|ps"))
  var prefer: Kind = .txt

  func run() throws {
    // macOS's order: text, then PostScript, then RTF, with the preferred one first; then
    // any other text (JSON, HTML, source), which macOS's pbcopy would have stored as text
    // and pb stores under the type it detects.
    let order = [prefer] + [Kind.txt, .ps, .rtf].filter { $0 != prefer }
    do {
      let types = (order.map(\.type) + ["public.text"]).joined(separator: ",")
      let given = [FastCommandLine.Given(name: "--items", value: "0"), FastCommandLine.Given(name: "--type", value: types)]
        + (pasteboard.map { [FastCommandLine.Given(name: "--pasteboard", value: $0)] } ?? [])
      try FastCommandLine.build("paste", FastCommandLine.Line(given: given, flags: ["--force", "--quiet"]))?.run()
    } catch PasteboardError.emptyPasteboard, PasteboardError.noRepresentation {
      // As on macOS: nothing of those types (or nothing at all) writes nothing, and is no error.
    }
  }
}
