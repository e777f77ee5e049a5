import Testing

@testable import PasteboardKit

/// A history written again after a change copies the text of the entries it read, and
/// the file is what laying every entry out anew gives.
@Suite(.tags(.unit)) struct HistoryFileTests {
  func entry(_ number: Int, name: String = "Copy") -> HistoryEntry {
    let representation = Representation(
      type: .utf8PlainText, file: String(format: "%016x.txt", number), size: Int64(number), typeSource: .given)
    return HistoryEntry(
      actionName: name, date: 1_700_000_000_000 + Int64(number), items: [Item(representations: [representation])],
      changeCount: number)
  }

  func written(_ history: History, at count: Int, reusing texts: [HistoryFile.EntryText] = []) throws -> [UInt8] {
    var file = HistoryFile(changeCount: count, history: history, entryTexts: texts)
    return try file.encoded(path: "h")
  }

  @Test func rewritingAfterAChangeGivesWhatWritingAnewGives() throws {
    let first = History(undoStack: (1...50).map { entry($0) }, redoStack: [entry(60), entry(61)])
    let read = try HistoryFile.decode(try written(first, at: 50), path: "history/50.json")
    #expect(read.history == first)
    #expect(read.entryTexts.count == 52, "every undo and redo entry keeps its text")

    // A copy: the oldest entry goes, one comes, the redo stack is dropped; and an entry
    // in the middle changes, so its old text must not be copied.
    var next = first
    next.undoStack.removeFirst()
    next.undoStack.append(entry(51))
    next.undoStack[20].actionName = "Renamed"
    next.redoStack = []
    let reused = try written(next, at: 51, reusing: read.entryTexts)
    #expect(reused == (try written(next, at: 51)))
    #expect(try HistoryFile.decode(reused, path: "history/51.json").history == next)
    #expect(String(decoding: reused, as: UTF8.self).contains("\"Renamed\""))

    // The texts are copied: marked (with white space JSON ignores), an unchanged entry's
    // mark shows up in the file, and the changed entry's does not.
    var marked = read.entryTexts
    for index in [21, 26] {
      marked[index].text = Array("{ ".utf8) + marked[index].text.dropFirst()
    }
    let text = String(decoding: try written(next, at: 51, reusing: marked), as: UTF8.self)
    #expect(text.components(separatedBy: "{ ").count == 2, "only the unchanged entry's text is copied")
    #expect(try HistoryFile.decode(Array(text.utf8), path: "history/51.json").history == next)
  }
}
