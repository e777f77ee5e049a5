import ArgumentParser
import DesktopClipboard
import PasteboardKit

extension PB {
  struct Types: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "types", abstract: "List the types of item 0, or of the chosen items.",
      discussion: """
        Without -i, one type per line in stored order. With -i, INDEX<TAB>TYPE lines. \
        With --conforming-to, only the types conforming to TYPE; none is exit status 1. \
        With --desktop, NAME<TAB>SOURCE lines: the names pb publish offers the item \
        under, each with the stored type it comes from, "derived from TYPE" for one \
        made on request and never stored (image/png from a JPEG, text from HTML).
        """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Option(name: .customLong("conforming-to"),
      help: ArgumentHelp("List only the types that conform to this one (public.image lists public.png).", valueName: "type"))
    var conformingTo: String?

    @Flag(help: "List the names pb publish offers the item under on the desktop, derived ones marked.")
    var desktop = false

    @Flag(help: "Print a JSON array of {index, types} (of {name, type, derived} with --desktop).")
    var json = false

    var request: TypesRequest {
      TypesRequest(pasteboard: board.pasteboard, items: itemSet.items, conformingTo: conformingTo, desktop: desktop, json: json)
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

  func validate() throws {
    if desktop && conformingTo != nil {
      throw ValidationError("--desktop lists every name the item is offered under; give it without --conforming-to")
    }
  }

  func run() throws {
    if desktop { return try listDesktopTargets() }
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
    if listed.allSatisfy({ $0.1.isEmpty }) { throw SilentExit.negative }
  }
}

extension TypesRequest {
  /// `--desktop`: what `pb publish` would offer of the one chosen item.
  func listDesktopTargets() throws {
    let pasteboard = try BoardOptions.open(self.pasteboard, creating: false)
    let (item, changeCount, data) = try pasteboard.openItem(try ItemSetOption.itemSet(items, default: .index(0)))
    let offer = try DesktopOffer(
      types: item.types, data: try data.map { (data) throws(PasteboardError) in try data.descriptor }, concealed: item.concealed,
      origin: DesktopTargets.Origin(board: pasteboard.name, changeCount: changeCount))
    let listed = offer.targets.map { target in Report.DesktopTarget(target, types: item.types) }
    let output = Output.standard
    if json {
      try output.write(Report.json(listed))
    } else {
      for target in listed { try output.write("\(target.name)\t\(target.source)\n") }
    }
  }
}

extension Report {
  /// A name `pb publish` offers an item under, and what its bytes are.
  struct DesktopTarget: JSONReport {
    var name: String
    /// The stored type the bytes come from (nil for a mark pb adds).
    var type: String?
    var derived: Bool
    /// What `pb types --desktop` prints of where the bytes come from.
    var source: String

    init(_ target: DesktopTargets.Target, types: [TypeIdentifier]) {
      name = target.name
      derived = target.isDerived
      switch target.conversion {
      case .constant:
        type = nil
        source =
          switch name {
          case DesktopTargets.pbItem: "pb's mark (board and change count)"
          case DesktopTargets.pbDerived: "pb's list of the derived names"
          default: "mark of a secret"
          }
      case .latin1:
        type = types[target.representation].rawValue
        source = "\(types[target.representation].rawValue) as Latin-1"
      case .stored, .png, .textFromHTML:
        type = types[target.representation].rawValue
        source = derived ? "derived from \(types[target.representation].rawValue)" : types[target.representation].rawValue
      }
    }

    var json: JSONValue {
      .members(["name": .string(name), "type": type.map(JSONValue.string) ?? .null, "derived": .bool(derived)])
    }
  }
}
