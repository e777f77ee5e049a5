import Foundation
import LinuxSystem
import Testing

@testable import PasteboardKit

/// Archives read as untrusted input: whatever is wrong, nothing is stored, and the
/// reason names it.
@Suite(.tags(.unit)) struct BoardArchiveTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbkit-archive-\(UUID().uuidString)").path

  func board(_ name: String = "general") throws -> Pasteboard {
    try Store.open(at: root, settings: .test(home: root), creating: true).pasteboard(named: name, creating: true)
  }

  func write(_ text: String, to board: Pasteboard) throws {
    let input = try TemporaryFile(Array(text.utf8))
    let source = RepresentationSource(input: .file(input.path), type: .utf8PlainText)
    _ = try board.write([ItemSource(representations: [source])], mode: .replace, detector: TypeDetector())
  }

  static let fileA = "0123456789abcdef.txt"
  static let fileB = "fedcba9876543210"

  /// A manifest naming `files` (name and size), one item holding them all.
  static func manifest(_ files: [(String, Int)], version: Int = 1, extra: String = "") -> [UInt8] {
    let listed = files.map { "{\"name\": \"\($0.0)\", \"size\": \($0.1)}" }.joined(separator: ", ")
    let types = ["public.utf8-plain-text", "public.data", "public.html"]
    let representations = files.enumerated().map { index, file in
      "{\"file\": \"\(file.0)\", \"size\": \(file.1), \"type\": \"\(types[index % 3])\", \"typeSource\": \"given\"}"
    }.joined(separator: ", ")
    return Array(
      """
      {"format": "pb-archive", "version": \(version), "board": "general", "files": [\(listed)],
       "items": [{"representations": [\(representations)]}]\(extra)}
      """.utf8)
  }

  static let good =
    TarBytes.member("pb-archive.json", manifest([(fileA, 5), (fileB, 3)])) + TarBytes.member("data/" + fileA, Array("hello".utf8))
    + TarBytes.member("data/" + fileB, [0, 1, 2]) + TarBytes.end

  /// Imports `bytes` into a board that holds "before"; returns the refusal's reason, and
  /// checks that nothing was stored: the same state, no data file but the one it had.
  func refusal(_ bytes: [UInt8], sourceLine: SourceLocation = #_sourceLocation) throws -> String? {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    try write("before", to: general)
    let dataBefore = try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/data")
    let file = try TemporaryFile(bytes)
    var reason: String?
    do {
      _ = try general.importArchive(from: .file(file.path), append: false)
    } catch {
      guard case .badArchive(_, let why) = error else {
        Issue.record("not refused as a bad archive: \(error)", sourceLocation: sourceLine)
        return nil
      }
      reason = why
    }
    let state = try general.state()
    #expect(state.changeCount == 1, "nothing was committed", sourceLocation: sourceLine)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/data") == dataBefore, "no data file stays",
      sourceLocation: sourceLine)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/tmp").isEmpty, sourceLocation: sourceLine)
    return reason
  }

  @Test func aWellFormedArchiveIsStoredByteForByteUnderNewNames() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let file = try TemporaryFile(Self.good)
    let imported = try general.importArchive(from: .file(file.path), append: false)
    #expect(imported.state.items.count == 1)
    let representations = try #require(imported.state.items.first?.representations)
    #expect(representations.map(\.type.rawValue) == ["public.utf8-plain-text", "public.data"])
    #expect(!representations.contains { [Self.fileA, Self.fileB].contains($0.file) }, "the store names its own files")
    let data = root + "/boards/general/data/"
    #expect(FileManager.default.contents(atPath: data + representations[0].file) == Data("hello".utf8))
    #expect(FileManager.default.contents(atPath: data + representations[1].file) == Data([0, 1, 2]))
  }

  @Test func exportAndImportGiveTheSameItemsAndHistory() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = try board("source")
    for text in ["one", "two", "three"] { try write(text, to: source) }
    _ = try source.undo(1)
    let archive = try TemporaryFile()
    _ = try source.exportArchive(to: try archive.open(writing: true), history: true, concealed: false)
    let target = try board("target")
    try write("already here", to: target)
    let imported = try target.importArchive(from: .file(archive.path), append: false)
    let (sourceState, sourceHistory) = try source.stateAndHistory()
    let (_, targetHistory) = try target.stateAndHistory()
    #expect(imported.state.items.map(\.types) == sourceState.items.map(\.types))
    // The board's own entries, then the import's (undoing through the archive's history
    // ends where the board was), then the archive's entries; its redo stack as it was.
    #expect(targetHistory.undoStack.map(\.actionName) == ["Copy", "Import"] + sourceHistory.undoStack.map(\.actionName))
    #expect(targetHistory.redoStack.map(\.items.count) == sourceHistory.redoStack.map(\.items.count))
    #expect(targetHistory.redoStack.count == 1)
    #expect(targetHistory.undoStack[1].items.count == 1, "the import's entry gives back what the board held")
  }

  /// An archive whose history fills the board's levels of undo takes its newest entries
  /// only: the entry that undoes the import stays, so what the board held is never lost.
  /// It was trimmed away as the oldest, and the board's items went beyond any undo.
  @Test func anArchiveOfFullHistoryKeepsTheEntryThatUndoesTheImport() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = try board("source")
    try source.setLevelsOfUndo(3)
    for text in ["one", "two", "three", "four", "five"] { try write(text, to: source) }
    let archive = try TemporaryFile()
    _ = try source.exportArchive(to: try archive.open(writing: true), history: true, concealed: false)
    let target = try board("target")
    try target.setLevelsOfUndo(3)
    try write("precious", to: target)
    _ = try target.importArchive(from: .file(archive.path), append: false)
    let (_, history) = try target.stateAndHistory()
    #expect(history.undoStack.count == 3)
    #expect(history.undoStack.first?.actionName == "Import", "\(history.undoStack.map(\.actionName))")
    _ = try target.undo(3)
    let data = root + "/boards/target/data/"
    let (state, _) = try target.stateAndHistory()
    let file = try #require(state.items.first?.representations.first?.file)
    #expect(FileManager.default.contents(atPath: data + file) == Data("precious".utf8), "undo gives back what the board held")
  }

  @Test func aLyingSizeIsRefused() throws {
    let stream =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)])) + TarBytes.member("data/" + Self.fileA, Array("hello, world".utf8))
      + TarBytes.end
    #expect(try refusal(stream)?.contains("holds 12 bytes where its manifest says 5") == true)
  }

  @Test func aManifestThatIsNotFirstIsRefused() throws {
    let stream =
      TarBytes.member("data/" + Self.fileA, Array("hello".utf8)) + TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)]))
      + TarBytes.end
    #expect(try refusal(stream)?.contains("not the manifest") == true)
  }

  @Test func dotDotNamesAreRefusedAndNeverUsedAsPaths() throws {
    let stream =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)])) + TarBytes.member("../../escaped", Array("hello".utf8))
      + TarBytes.end
    #expect(try refusal(stream)?.contains("is not the next file its manifest lists") == true)
    #expect(!FileManager.default.fileExists(atPath: root + "/../escaped"))
    // In the manifest itself, a name of any form but pb's is damage.
    let named = TarBytes.member("pb-archive.json", Self.manifest([("../../x", 5)])) + TarBytes.end
    #expect(try refusal(named)?.contains("is not a data file name pb writes") == true)
  }

  @Test func duplicateAndExtraMembersAreRefused() throws {
    let duplicate =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)])) + TarBytes.member("data/" + Self.fileA, Array("hello".utf8))
      + TarBytes.member("data/" + Self.fileA, Array("hello".utf8)) + TarBytes.end
    #expect(try refusal(duplicate)?.contains("is not in its manifest") == true)
    let extra =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)])) + TarBytes.member("data/" + Self.fileA, Array("hello".utf8))
      + TarBytes.member("notes.txt", [1]) + TarBytes.end
    #expect(try refusal(extra)?.contains("'notes.txt' is not in its manifest") == true)
    let listedTwice = TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5), (Self.fileA, 5)])) + TarBytes.end
    #expect(try refusal(listedTwice)?.contains("listed twice") == true)
  }

  @Test func aMemberOutOfOrderOrMissingIsRefused() throws {
    let swapped =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5), (Self.fileB, 3)])) + TarBytes.member("data/" + Self.fileB, [0, 1, 2])
      + TarBytes.member("data/" + Self.fileA, Array("hello".utf8)) + TarBytes.end
    #expect(try refusal(swapped)?.contains("is not the next file") == true)
    let missing =
      TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5), (Self.fileB, 3)]))
      + TarBytes.member("data/" + Self.fileA, Array("hello".utf8)) + TarBytes.end
    #expect(try refusal(missing)?.contains("ends before data/\(Self.fileB)") == true)
  }

  @Test func anArchiveCutShortStoresNothing() throws {
    for length in stride(from: 100, to: Self.good.count, by: 256) {
      #expect(try refusal(Array(Self.good[..<length])) != nil, "cut at \(length)")
    }
  }

  @Test func anotherVersionIsRefusedNamingBoth() throws {
    let stream = TarBytes.member("pb-archive.json", Self.manifest([(Self.fileA, 5)], version: 2)) + TarBytes.end
    let reason = try refusal(stream)
    #expect(reason?.contains("version 2") == true && reason?.contains("version 1") == true, "\(reason ?? "")")
  }

  @Test func manifestFieldsAreCheckedAsTheStoreChecksItsOwn() throws {
    let cases: [([UInt8], String)] = [
      (Array("not json".utf8), "not valid JSON"),
      (Array("{\"format\": \"zip\", \"version\": 1}".utf8), "not a pb archive"),
      (Self.manifest([(Self.fileA, -1)]), "is not a size"),
      (Self.manifest([(Self.fileA, 5)], extra: ", \"items\": []"), "not valid JSON"),  // a key twice
      (
        Array(String(decoding: Self.manifest([(Self.fileA, 5)]), as: UTF8.self).replacingOccurrences(of: "public.utf8-plain-text", with: "no type!").utf8),
        "is not a type identifier"
      ),
      (
        Array(String(decoding: Self.manifest([(Self.fileA, 5)]), as: UTF8.self).replacingOccurrences(of: "\"size\": 5}]", with: "\"size\": 4}]").utf8),
        "among the files"
      ),
      (
        Self.manifest(
          [(Self.fileA, 5)],
          extra: ", \"history\": {\"undo\": [{\"actionName\": \"Copy\", \"date\": \"2026-01-01T00:00:00.000Z\", \"items\": [{\"concealed\": true, \"representations\": [{\"file\": \"\(Self.fileA)\", \"size\": 5, \"type\": \"public.data\", \"typeSource\": \"given\"}]}]}], \"redo\": []}"
        ),
        "concealed"
      ),
    ]
    for (manifest, expected) in cases {
      let stream = TarBytes.member("pb-archive.json", manifest) + TarBytes.member("data/" + Self.fileA, Array("hello".utf8)) + TarBytes.end
      let reason = try refusal(stream)
      #expect(reason?.contains(expected) == true, "\(reason ?? "accepted"): expected \(expected)")
    }
    let unnamed = TarBytes.member("pb-archive.json", Array(String(decoding: Self.manifest([(Self.fileA, 5)]), as: UTF8.self)
      .replacingOccurrences(of: "\"files\": [", with: "\"files\": [{\"name\": \"\(Self.fileB)\", \"size\": 0}, ").utf8)) + TarBytes.end
    #expect(try refusal(unnamed)?.contains("named by no item") == true)
  }

  /// An item of many types is checked for a type twice in time linear in them: 40,000
  /// representations (a 3 MiB manifest, far under its cap) took minutes when each was
  /// compared with all those before it. An item now holds at most 10,000
  /// (`Item.mostRepresentations`, which refuses 40,000 before this check): as many, checked
  /// that way, take about 9 s.
  @Test func anItemOfManyTypesIsCheckedQuickly() throws {
    let count = Item.mostRepresentations
    func manifest(lastType: String) -> [UInt8] {
      let representations = (0..<count).map { index in
        "{\"file\":\"\(Self.fileA)\",\"size\":5,\"type\":\"\(index == count - 1 ? lastType : "public.t\(index)")\",\"typeSource\":\"given\"}"
      }.joined(separator: ",")
      return Array(
        """
        {"format":"pb-archive","version":1,"board":"general","files":[{"name":"\(Self.fileA)","size":5}],
         "items":[{"representations":[\(representations)]}]}
        """.utf8)
    }
    let clock = ContinuousClock()
    let started = clock.now
    let contents = try BoardArchive.decode(manifest(lastType: "public.last"), source: "test")
    #expect(contents.items.first?.representations.count == count)
    #expect(clock.now - started < .seconds(3), "decoding \(count) representations took \(clock.now - started)")
    do {
      _ = try BoardArchive.decode(manifest(lastType: "public.t0"), source: "test")
      Issue.record("an item holding public.t0 twice was accepted")
    } catch {
      guard case .badArchive(_, let reason) = error else { throw error }
      #expect(reason.contains("public.t0 twice"), "\(reason)")
    }
  }
}
