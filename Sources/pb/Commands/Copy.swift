import ArgumentParser
import PasteboardKit

extension PB {
  struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "copy",
      abstract: "Copy standard input or files to a pasteboard.",
      discussion: """
        With no FILE, standard input becomes one item. Each FILE becomes one item; '-' is \
        standard input. With -r, all the representations given form ONE item. Types that \
        are not given are detected from the data (libmagic, the filename extension, and a \
        text check).
        """)

    @OptionGroup var board: BoardOptions

    @Option(
      name: [.customShort("t"), .customLong("type")],
      help: ArgumentHelp("The type of the data instead of detecting it: a UTI, MIME type or extension.", valueName: "type"))
    var type: String?

    @Option(
      name: [.customShort("r"), .customLong("representation")],
      help: ArgumentHelp(
        "A representation of the one item to write, as [TYPE=]FILE ('-' is standard input; =FILE for a name with '='). Repeat for several.",
        valueName: "[type=]file"))
    var representations: [String] = []

    @Flag(name: [.customShort("a"), .customLong("append")], help: "Add the items after the existing ones instead of replacing them.")
    var append = false

    @Argument(help: ArgumentHelp("Files to copy, one item each ('-' is standard input).", valueName: "file"))
    var files: [String] = []

    func validate() throws {
      if !representations.isEmpty && !files.isEmpty {
        throw ValidationError("give either FILE arguments or -r representations, not both")
      }
      if type != nil && !representations.isEmpty {
        throw ValidationError("-t does not combine with -r; give each type as -r TYPE=FILE")
      }
    }

    func run() throws {
      let items = try itemSources()
      let readsTerminal = items.contains { $0.representations.contains { $0.input == .standardInput } }
        && StandardStreams.inputIsTerminal
      if readsTerminal {
        StandardStreams.printError("pb: reading what to copy from the terminal; end it with Ctrl-D (or pipe data in, or give a FILE)")
      }
      let pasteboard = try board.open(creating: true)
      _ = try pasteboard.write(items, mode: append ? .append : .replace, detector: TypeDetector())
    }

    private func itemSources() throws(PasteboardError) -> [ItemSource] {
      if !representations.isEmpty {
        let sources = try representations.map { (spec) throws(PasteboardError) in try Self.representation(spec) }
        return [ItemSource(representations: sources)]
      }
      let given = try type.map(TypeIdentifier.parse)
      let inputs: [RepresentationSource.Input] = files.isEmpty ? [.standardInput] : files.map(Self.input)
      return inputs.map { ItemSource(representations: [RepresentationSource(input: $0, type: given)]) }
    }

    private static func input(_ file: String) -> RepresentationSource.Input {
      file == "-" ? .standardInput : .file(file)
    }

    /// `[TYPE=]FILE`: the part before the first '=' is the type; an empty one (`=FILE`)
    /// means detect it.
    private static func representation(_ spec: String) throws(PasteboardError) -> RepresentationSource {
      guard let equals = spec.firstIndex(of: "=") else { return RepresentationSource(input: input(spec)) }
      let typeText = String(spec[..<equals])
      let file = String(spec[spec.index(after: equals)...])
      if file.isEmpty { throw .usage("-r \(spec) names no file; write -r TYPE=FILE") }
      let type = typeText.isEmpty ? nil : try TypeIdentifier.parse(typeText)
      return RepresentationSource(input: input(file), type: type)
    }
  }
}
