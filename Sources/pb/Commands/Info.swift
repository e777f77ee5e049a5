import ArgumentParser
import PasteboardKit

extension PB {
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Show the pasteboard's state: name, change count, number of items.")

    @OptionGroup var board: BoardOptions

    @Flag(help: "Print a JSON object with name, changeCount, numberOfItems, modificationDate and path.")
    var json = false

    func run() throws {
      let pasteboard = try board.open(creating: false)
      let report = Report.Info(try pasteboard.state(), path: pasteboard.path)
      let output = Output.standard
      if json {
        try output.write(Report.json(report))
        return
      }
      try output.write("name: \(report.name)\n")
      try output.write("changeCount: \(report.changeCount)\n")
      try output.write("numberOfItems: \(report.numberOfItems)\n")
      if let date = report.modificationDate { try output.write("modified: \(date)\n") }
      try output.write("path: \(report.path)\n")
    }
  }
}
