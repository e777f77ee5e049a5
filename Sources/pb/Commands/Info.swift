import ArgumentParser
import PasteboardKit

extension PB {
  struct Info: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "info", abstract: "Show the pasteboard's state: name, change count and kind, items, owner, expiry, undo and redo.")

    @OptionGroup var board: BoardOptions

    @Flag(
      help: ArgumentHelp(
        "Print a JSON object with name, changeCount, changeKind, numberOfItems, modificationDate, persistent, owner, expires, defaultExpiry, path, canUndo, canRedo, undoActionName, redoActionName, levelsOfUndo and historyBytes (null when absent)."
      ))
    var json = false

    var request: InfoRequest { InfoRequest(pasteboard: board.pasteboard, json: json) }
  }
}

/// What `pb info` was asked, as plain values.
struct InfoRequest: CommandRequest {
  var pasteboard: String?
  var json: Bool

  func run() throws {
    let pasteboard = try BoardOptions.open(pasteboard, creating: false)
    let (state, history) = try pasteboard.stateAndHistory()
    let report = Report.Info(state, history: history, attributes: try pasteboard.attributes(), path: pasteboard.path)
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
    if let owner = report.owner { try output.write("owner: \(owner.pid)\(owner.command.map { " (\(Display.value($0)))" } ?? "")\n") }
    if let expires = report.expires { try output.write("expires: \(expires)\n") }
    if let defaultExpiry = report.defaultExpiry { try output.write("defaultExpiry: \(defaultExpiry)\n") }
    try output.write("canUndo: \(report.canUndo ? "yes" : "no")\n")
    if let name = report.undoActionName { try output.write("undoActionName: \(Display.value(name))\n") }
    try output.write("canRedo: \(report.canRedo ? "yes" : "no")\n")
    if let name = report.redoActionName { try output.write("redoActionName: \(Display.value(name))\n") }
    try output.write("levelsOfUndo: \(report.levelsOfUndo == 0 ? "0 (no limit)" : String(report.levelsOfUndo))\n")
    try output.write("historyBytes: \(ByteCount.format(report.historyBytes))\n")
    try output.write("path: \(Display.path(report.path, limit: Int.max))\n")
  }
}
