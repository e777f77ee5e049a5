import ArgumentParser
import PasteboardKit

extension PB {
  struct Items: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "items", abstract: "Show each item (or the chosen ones): its index, its types with their sizes, and a preview of its text.")

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Flag(help: "Print a JSON array of items with their representations (type, size, how the type was chosen).")
    var json = false

    var request: ItemsRequest { ItemsRequest(pasteboard: board.pasteboard, items: itemSet.items, json: json) }
  }

  /// What `pb items` was asked, as plain values.
  struct ItemsRequest: CommandRequest {
    var pasteboard: String?
    var items: String?
    var json: Bool

    func run() throws {
      let pasteboard = try BoardOptions.open(pasteboard, creating: false)
      let (state, previews) = try pasteboard.stateWithPreviews()
      let output = Output.standard
      let chosen = try ItemSetOption.itemSet(items, default: .all)
      if json {
        let indexes = state.items.isEmpty ? [] : try pasteboard.chosenIndexes(chosen, in: state)
        let reports = indexes.map { Report.ItemInfo(index: $0, item: state.items[$0], preview: previews[$0]) }
        try output.write(Report.json(reports))
        if state.items.isEmpty { throw SilentExit.negative }
        return
      }
      for index in try pasteboard.chosenIndexes(chosen, in: state) {
        let item = state.items[index]
        let types = item.representations.map { "\($0.type) (\(ByteCount.format($0.size)))" }.joined(separator: ", ")
        let preview = item.concealed ? "\t<concealed>" : previews[index].map { "\t\"\($0)\"" } ?? ""
        try output.write("\(index)\t\(types)\(preview)\n")
      }
    }
  }
}
