import ArgumentParser
import PasteboardKit

extension PB {
  struct Contains: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "contains", abstract: "Exit 0 if the chosen items hold any of the types (every type, with --all), 1 if not.",
      discussion: "Prints nothing. A representation conforming to a type counts (public.png answers public.image). Without -i, some item must qualify (the one paste -t takes); with -i, every chosen item.")

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Flag(help: "Require every given type instead of any one.")
    var all = false

    @Argument(help: ArgumentHelp("Types to look for: UTIs, MIME types or extensions.", valueName: "type"))
    var types: [String]

    var request: ContainsRequest {
      ContainsRequest(pasteboard: board.pasteboard, items: itemSet.items, all: all, types: types)
    }
  }
}

/// What `pb contains` was asked, as plain values.
struct ContainsRequest: CommandRequest {
  var pasteboard: String?
  var items: String?
  var all: Bool
  var types: [String]

  func run() throws {
    let wanted = try types.map(TypeIdentifier.parse)
    let board = try BoardOptions.open(pasteboard, creating: false)
    let found = try board.contains(wanted, items: items.map(ItemSet.parse), requireAll: all)
    if !found { throw SilentExit.negative }
  }
}
