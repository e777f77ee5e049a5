import Foundation
import Testing

@testable import PasteboardKit

/// The history a sniffing copy decodes on a second thread is taken only for the very
/// bytes the commit reads under the lock.
@Suite struct HistoryAheadTests {
  func history(_ count: Int) -> History {
    History(
      undoStack: (1...count).map { number in
        let representation = Representation(
          type: .utf8PlainText, file: String(format: "%016x.txt", number), size: Int64(number), typeSource: .given)
        return HistoryEntry(
          actionName: "Copy", date: 1_700_000_000_000 + Int64(number), items: [Item(representations: [representation])],
          changeCount: number)
      })
  }

  func bytes(_ history: History, at count: Int) throws -> [UInt8] {
    var file = HistoryFile(changeCount: count, history: history)
    return try file.encoded(path: "h")
  }

  /// A board folder with `history/<count>.json` for each given count.
  func board(_ files: [Int: [UInt8]]) throws -> String {
    let board = FileManager.default.temporaryDirectory.appendingPathComponent("pb-ahead-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: board + "/history", withIntermediateDirectories: true)
    for (count, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: board + "/history/\(count).json")) }
    return board
  }

  @Test func theNewestHistoryIsDecodedAheadAndTakenForTheSameBytesOnce() throws {
    let older = try bytes(history(5), at: 5)
    let newest = try bytes(history(6), at: 6)
    let board = try board([5: older, 6: newest])
    defer { try? FileManager.default.removeItem(atPath: board) }

    let ahead = HistoryAhead(boardPath: board)
    let taken = try #require(ahead.file(decoding: newest))
    #expect(taken.history == (try HistoryFile.decode(newest, path: "h")).history)
    #expect(taken.entryTexts.count == 6)
    #expect(ahead.file(decoding: newest) == nil, "taken once")
  }

  @Test func otherBytesAreDecodedByTheCommitItself() throws {
    let newest = try bytes(history(6), at: 6)
    let board = try board([6: newest])
    defer { try? FileManager.default.removeItem(atPath: board) }

    // The history was replaced between the thread's read and the commit's.
    #expect(HistoryAhead(boardPath: board).file(decoding: try bytes(history(7), at: 7)) == nil)
    // A board without history, or one whose history does not decode.
    #expect(HistoryAhead(boardPath: board + "/missing").file(decoding: newest) == nil)
    let damaged = try self.board([6: Array("{\"format\": 5".utf8)])
    defer { try? FileManager.default.removeItem(atPath: damaged) }
    #expect(HistoryAhead(boardPath: damaged).file(decoding: Array("{\"format\": 5".utf8)) == nil)
  }
}
