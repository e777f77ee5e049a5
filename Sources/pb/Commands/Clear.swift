import ArgumentParser
import PasteboardKit

extension PB {
  struct Clear: ParsableCommand, DefaultActionName {
    static let configuration = CommandConfiguration.pb(
      "clear", abstract: "Remove every item from the pasteboard (the change count still grows; pb undo brings them back).")

    @OptionGroup var board: BoardOptions
    @OptionGroup var ifCount: IfCountOption
    @OptionGroup var undo: UndoOptions<Clear>
    static let actionName = "Clear"

    func run() throws {
      let pasteboard = try board.openToChange()
      _ = try pasteboard.clear(
        options: undo.writeOptions(ifCount: ifCount.ifCount))
    }
  }
}
