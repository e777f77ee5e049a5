import ArgumentParser
import PasteboardKit

extension PB {
  struct Types: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "types", abstract: "List the types of item 0, or of the chosen items.",
      discussion: """
        Without -i, one type per line in stored order. With -i, INDEX<TAB>TYPE lines. \
        With --conforming-to, only the types conforming to TYPE; none is exit status 1.
        """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Option(name: .customLong("conforming-to"),
      help: ArgumentHelp("List only the types that conform to this one (public.image lists public.png).", valueName: "type"))
    var conformingTo: String?

    @Flag(help: "Print a JSON array of {index, types}.")
    var json = false

    var request: TypesRequest {
      TypesRequest(pasteboard: board.pasteboard, items: itemSet.items, conformingTo: conformingTo, json: json)
    }
  }
}

/// What `pb types` was asked, as plain values.
struct TypesRequest: CommandRequest {
  var pasteboard: String?
  var items: String?
  var conformingTo: String?
  var json: Bool

  func run() throws {
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
      for (index, types) in listed {
        for type in types {
          try output.write(items == nil ? "\(type)\n" : "\(index)\t\(type)\n")
        }
      }
    }
    if listed.allSatisfy({ $0.1.isEmpty }) { throw Outcome.negative }
  }
}
