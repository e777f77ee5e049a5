import ArgumentParser
import DesktopClipboard
import PasteboardKit
import LinuxSystem

extension PB {
  struct Types: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "types", abstract: "List the types of item 0, or of the chosen items.",
      discussion: """
        Without -i, one type per line in stored order. With -i, INDEX<TAB>TYPE lines. \
        With --conforming-to, only the types conforming to TYPE; none is exit status 1. \
        With --desktop, NAME<TAB>TYPE lines of what the desktop clipboard holds, nothing \
        stored: each name it offers (a MIME type, or X11's UTF8_STRING...) with the type \
        pb reads it as, as pb paste --desktop -t chooses among them. What pb publish \
        would offer: pb publish --dry-run.
        """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Option(name: .customLong("conforming-to"),
      help: ArgumentHelp("List only the types that conform to this one (public.image lists public.png).", valueName: "type"))
    var conformingTo: String?

    @Flag(help: "List what the desktop clipboard offers, each name with the type pb reads it as, instead.")
    var desktop = false

    @Flag(help: "Print a JSON array of {index, types} (of {name, type} with --desktop).")
    var json = false

    @OptionGroup var desktopOptions: DesktopOptions

    var request: TypesRequest {
      TypesRequest(
        pasteboard: board.pasteboard, items: itemSet.items, conformingTo: conformingTo, desktop: desktop, json: json,
        desktopChoice: desktopOptions.choice)
    }
  }
}

/// What `pb types` was asked, as plain values.
struct TypesRequest: CommandRequest {
  var pasteboard: String?
  var items: String?
  var conformingTo: String?
  var desktop = false
  var json: Bool
  var desktopChoice = DesktopChoice.standard

  func validate() throws {
    try desktopChoice.requireDesktop(desktop)
    if desktop, let given = [("--pasteboard", pasteboard != nil), ("--items", items != nil)].first(where: \.1)?.0 {
      throw ValidationError("\(given) is for a pasteboard's items, and --desktop lists what the desktop holds; give one of them")
    }
  }

  func run() throws {
    if desktop { return try listDesktopOffer() }
    let parent = try conformingTo.map(TypeIdentifier.parse)
    let board = try BoardOptions.open(pasteboard, creating: false)
    let state = try board.state()
    let chosen = try ItemSetOption.itemSet(items, default: .index(0))
    // An empty board is a negative answer: --json says so with [], as items does.
    let indexes = state.items.isEmpty && json ? [] : try board.chosenIndexes(chosen, in: state)
    let listed = indexes.map { index in
      (index, state.items[index].types.filter { type in parent.map { TypeRegistry.conforms(type, to: $0) } ?? true })
    }
    let output = Output.standard
    if json {
      try output.write(Report.json(listed.map { Report.ItemTypes(index: $0.0, types: $0.1) }))
    } else {
      // A pipe gets the identifiers alone, which `pb paste -t "$(pb types)"` takes back.
      let forPeople = StandardStreams.outputIsTerminal
      for (index, types) in listed {
        for type in types {
          let shown = forPeople ? type.listed : type.rawValue
          try output.write(items == nil ? "\(shown)\n" : "\(index)\t\(shown)\n")
        }
      }
    }
    if listed.allSatisfy({ $0.1.isEmpty }) { throw SilentExit.negative }
  }
}
