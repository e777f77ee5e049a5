import ArgumentParser
import PasteboardKit

extension PB {
  struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the types of item 0, or of the chosen items.",
      discussion: "Without -i, one type per line in stored order. With -i, INDEX<TAB>TYPE lines.")

    @OptionGroup var board: BoardOptions
    @OptionGroup var itemSet: ItemSetOption

    @Flag(help: "Print a JSON array of {index, types}.")
    var json = false

    func run() throws {
      let pasteboard = try board.open(creating: false)
      let state = try pasteboard.state()
      let indexes = try pasteboard.chosenIndexes(itemSet.itemSet(default: .index(0)), in: state)
      let output = Output.standard
      if json {
        try output.write(Report.json(indexes.map { Report.ItemTypes(index: $0, types: state.items[$0].types) }))
        return
      }
      for index in indexes {
        for type in state.items[index].types {
          try output.write(itemSet.items == nil ? "\(type)\n" : "\(index)\t\(type)\n")
        }
      }
    }
  }
}
