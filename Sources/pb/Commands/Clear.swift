import ArgumentParser
import PasteboardKit

extension PB {
  struct Clear: RequestCommand, DefaultActionName {
    static let configuration = CommandConfiguration.pb(
      "clear", abstract: "Remove every item from the pasteboard (the change count still grows; pb undo brings them back).")

    @OptionGroup var board: BoardOptions
    @OptionGroup var ifCount: IfCountOption
    @OptionGroup var undo: UndoOptions<Clear>
    static let actionName = "Clear"

    var request: ClearRequest {
      ClearRequest(pasteboard: board.pasteboard, write: undo.choice(ifCount: ifCount.ifCount))
    }
  }

  /// What `pb clear` was asked, as plain values.
  struct ClearRequest: CommandRequest {
    var pasteboard: String?
    var write: WriteChoice

    func run() throws {
      let pasteboard = try BoardOptions.openToChange(pasteboard)
      _ = try pasteboard.clear(
        options: write.options)
    }
  }
}
