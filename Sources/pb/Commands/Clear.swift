import ArgumentParser
import PasteboardKit

extension PB {
  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clear",
      abstract: "Remove every item from the pasteboard (the change count still grows).")

    @OptionGroup var board: BoardOptions

    func run() throws {
      _ = try board.open(creating: true).clear()
    }
  }
}
