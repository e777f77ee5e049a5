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

    @Flag(help: "Show each image item as a picture under its line (in Unicode blocks when not on a terminal).")
    var pictures = false

    var request: ItemsRequest {
      ItemsRequest(pasteboard: board.pasteboard, items: itemSet.items, json: json, pictures: pictures)
    }
  }

  /// What `pb items` was asked, as plain values.
  struct ItemsRequest: CommandRequest {
    var pasteboard: String?
    var items: String?
    var json: Bool
    var pictures: Bool

    func validate() throws {
      if json && pictures { throw ValidationError("--json reports items as data and --pictures draws them; give one of them") }
    }

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
      let indexes = try pasteboard.chosenIndexes(chosen, in: state)
      let images = pictures ? imageRepresentations(of: pasteboard, among: indexes, in: state) : [:]
      for index in indexes {
        let item = state.items[index]
        let types = item.representations.map { "\($0.type.listed) (\(ByteCount.format($0.size)))" }.joined(separator: ", ")
        let preview = item.concealed ? "\t<concealed>" : previews[index].map { "\t\"\($0)\"" } ?? ""
        try output.write("\(index)\t\(types)\(preview)\n")
        if let image = images[index] {
          let command = "pb paste\(board) -i \(index) -t \(Display.shellWord(image.representation.type.rawValue))"
          try TerminalPicture.write(image, to: output, sameBytesCommand: command)
          image.close()
        }
      }
    }
  }
}

extension PB.ItemsRequest {
  /// The first image representation of each of the items at `indexes` that has one and
  /// is not concealed, by index, its data file opened when drawn.
  fileprivate func imageRepresentations(of pasteboard: Pasteboard, among indexes: [Int], in state: PasteboardState)
    -> [Int: OpenRepresentation]
  {
    var images: [Int: OpenRepresentation] = [:]
    for index in indexes where !state.items[index].concealed && state.items[index].representation(preferring: [.image]) != nil {
      guard let opened = try? pasteboard.open(items: .index(index), types: [.image]).first else { continue }
      images[index] = opened
    }
    return images
  }

  /// ` -p BOARD` for the hint of a picture that cannot be drawn, as the user named it.
  fileprivate var board: String { pasteboard.map { " -p " + Display.shellWord($0) } ?? "" }
}
