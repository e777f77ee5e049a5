import ArgumentParser
import LinuxSystem
import PasteboardKit

extension PB {
  struct Export: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "export", abstract: "Write a pasteboard to standard output as an archive (pax tar), for pb import --archive.",
      discussion: """
        The archive holds every item with every representation, byte for byte, under \
        its type, and each item's expiry; with --history, the undo and redo stacks too. \
        Concealed items are left out (and counted on one line) unless --concealed is \
        given. It is not written to a terminal. See ARCHIVES in pb(1).
        """)

    @OptionGroup var board: BoardOptions

    @Flag(help: "Write the undo and redo stacks too, so that pb undo goes on working where the archive is imported.")
    var history = false

    @Flag(help: "Write concealed items too (they are left out by default: an archive is a plain file).")
    var concealed = false

    var request: ExportRequest { ExportRequest(pasteboard: board.pasteboard, history: history, concealed: concealed) }
  }

  /// What `pb export` was asked, as plain values.
  struct ExportRequest: CommandRequest {
    var pasteboard: String?
    var history: Bool
    var concealed: Bool

    func validate() throws {}

    func run() throws {
      // An archive is binary: on a terminal it would only garble the screen.
      if StandardStreams.outputIsTerminal {
        throw PasteboardError.usage("an archive is binary and is not written to a terminal; redirect it: pb export > board.tar")
      }
      let pasteboard = try BoardOptions.open(pasteboard, creating: false)
      let exported = try pasteboard.exportArchive(to: .standardOutput, history: history, concealed: concealed)
      if exported.concealedLeftOut > 0 {
        let count = exported.concealedLeftOut
        StandardStreams.printError(
          "pb: left out \(count) concealed item\(count == 1 ? "" : "s"); give --concealed to write \(count == 1 ? "it" : "them") too")
      }
    }
  }
}
