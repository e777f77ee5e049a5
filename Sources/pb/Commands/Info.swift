import ArgumentParser
import PasteboardKit

extension PB {
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Show the pasteboard's state: name, change count and kind, items, owner, expiry.")

    @OptionGroup var board: BoardOptions

    @Flag(help: "Print a JSON object with name, changeCount, changeKind, numberOfItems, modificationDate, persistent, owner, expires and path.")
    var json = false

    func run() throws {
      let pasteboard = try board.open(creating: false)
      let report = Report.Info(try pasteboard.state(), attributes: try pasteboard.attributes(), path: pasteboard.path)
      let output = Output.standard
      if json {
        try output.write(Report.json(report))
        return
      }
      try output.write("name: \(report.name)\n")
      try output.write("changeCount: \(report.changeCount)\n")
      try output.write("changeKind: \(report.changeKind)\n")
      try output.write("numberOfItems: \(report.numberOfItems)\n")
      if let date = report.modificationDate { try output.write("modified: \(date)\n") }
      try output.write("persistent: \(report.persistent ? "yes" : "no")\n")
      if let owner = report.owner { try output.write("owner: \(owner.pid)\(owner.command.map { " (\($0))" } ?? "")\n") }
      if let expires = report.expires { try output.write("expires: \(expires)\n") }
      if let defaultExpiry = report.defaultExpiry { try output.write("defaultExpiry: \(defaultExpiry)\n") }
      try output.write("path: \(report.path)\n")
    }
  }
}
