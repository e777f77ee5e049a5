import ArgumentParser
import PasteboardKit

extension PB {
  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clear",
      abstract: "Remove every item from the pasteboard (the change count still grows).")

    @OptionGroup var board: BoardOptions
    @OptionGroup var ifCount: IfCountOption

    func run() throws {
      // general and find always exist; any other board must, or it is not created.
      let pasteboard = try board.open(creating: Pasteboard.isStandard(board.name))
      _ = try pasteboard.clear(ifCount: ifCount.ifCount)
    }
  }
}
