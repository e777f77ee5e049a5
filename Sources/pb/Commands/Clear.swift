import ArgumentParser
import DesktopClipboard
import PasteboardKit

extension PB {
  struct Clear: RequestCommand, DefaultActionName {
    static let configuration = CommandConfiguration.pb(
      "clear", abstract: "Remove every item from the pasteboard (the change count still grows; pb undo brings them back).",
      discussion: """
        A pb bridge of the pasteboard empties the desktop clipboard too. With --desktop, \
        only the desktop's selection is emptied, whoever holds it, and no pasteboard is \
        touched.
        """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var ifCount: IfCountOption
    @OptionGroup var undo: UndoOptions<Clear>
    static let actionName = "Clear"

    @Flag(help: "Empty the desktop clipboard's selection instead of a pasteboard.")
    var desktop = false

    @OptionGroup var desktopOptions: DesktopOptions

    var request: ClearRequest {
      ClearRequest(
        pasteboard: board.pasteboard, write: undo.choice(ifCount: ifCount.ifCount), desktop: desktop, desktopChoice: desktopOptions.choice)
    }
  }

  /// What `pb clear` was asked, as plain values.
  struct ClearRequest: CommandRequest {
    var pasteboard: String?
    var write: WriteChoice
    var desktop = false
    var desktopChoice = DesktopChoice.standard

    func validate() throws {
      if desktop { return try validateDesktop() }
      try desktopChoice.requireDesktop(false)
    }

    func run() throws {
      if desktop { return try clearDesktop() }
      let pasteboard = try BoardOptions.openToChange(pasteboard)
      _ = try pasteboard.clear(
        options: write.options)
    }
  }
}
