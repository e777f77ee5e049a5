import Foundation
import Testing

/// Past states whose data is not what history says (a planted or damaged history file):
/// restoring one must not make a board every reader refuses, and the list for pickers
/// must still be read.
@Suite("history --restore and --list with a past state's data not the size history says", .tags(.endToEnd))
struct HistoryDamageTests {
  @Test("a past state whose data is not the size history says: --list still lists it; restore, undo refuse (70) and the board stays")
  func wrongSize() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("one\n".utf8))
    try sandbox.pb("copy", stdin: Data("two\n".utf8))
    let history = sandbox.store.appendingPathComponent("boards/general/history/2.json")
    let text = try String(contentsOf: history, encoding: .utf8)
    try #require(text.contains("\"size\" : 4,"))
    try text.replacingOccurrences(of: "\"size\" : 4,", with: "\"size\" : 2,").write(to: history, atomically: false, encoding: .utf8)

    let list = try sandbox.pb("history", "--list")
    #expect(list.status == 0, "\(list)")
    #expect(list.lines.count == 2 && list.lines.last?.hasPrefix("1\t") == true && list.lines.last?.contains("one") == false, "\(list)")

    for command in [["history", "--restore", "1"], ["undo"]] {
      let refused = try sandbox.pb(command)
      #expect(refused.status == 70, "\(command): \(refused)")
      #expect(refused.stderr.contains("holds 4 bytes where") && refused.stderr.contains("history/2.json says 2"), "\(refused)")
      #expect(refused.stderr.filter { $0 == "\n" }.count == 1, "\(refused)")
    }
    // Before, the restore said it had worked and every read of the board was refused.
    let paste = try sandbox.pb("paste")
    #expect(paste.status == 0 && paste.text == "two\n", "\(paste)")
    #expect(try sandbox.pb("count").text == "2\n")
  }
}
