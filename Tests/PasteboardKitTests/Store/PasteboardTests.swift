import Foundation
import LinuxSystem
import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct PasteboardTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbkit-\(UUID().uuidString)").path

  func board(_ name: String = "general") throws -> Pasteboard {
    try Store.open(at: root, settings: .test(home: root), creating: true).pasteboard(named: name, creating: true)
  }

  func write(_ text: String, to board: Pasteboard, mode: Pasteboard.WriteMode = .replace, type: TypeIdentifier? = .utf8PlainText) throws -> PasteboardState {
    let path = root + "-input-\(UUID().uuidString)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = RepresentationSource(input: .file(path), type: type)
    return try board.write([ItemSource(representations: [source])], mode: mode, detector: TypeDetector(sniffer: FixedSniffer("text/plain; charset=us-ascii")))
  }

  /// Answers text, and notes what the board's tmp/ and data/ hold each time it is asked:
  /// when the second representation is sniffed, the first (its type given) is staged.
  final class StagingWitness: TypeSniffer {
    let board: String
    var seen: [(scratchFiles: [String], dataFiles: [String])] = []
    init(board: String) { self.board = board }

    func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType {
      let files = FileManager.default
      let tmp = board + "/tmp"
      let scratch = ((try? files.contentsOfDirectory(atPath: tmp)) ?? []).flatMap { folder in
        ((try? files.contentsOfDirectory(atPath: tmp + "/" + folder)) ?? []).map { folder + "/" + $0 }
      }
      seen.append((scratch, (try? files.contentsOfDirectory(atPath: board + "/data")) ?? []))
      return SniffedType(mimeType: "text/plain", charset: "us-ascii")
    }
  }

  /// A scratch folder is asked for by the board itself, or by PB_TEST_SCRATCH_FOLDER in
  /// the settings its store was given (not the process's).
  @Test(arguments: [(false, false), (true, false), (false, true)])
  func dataIsStagedUnnamedOrInAScratchFolderAndCommittedTheSame(inScratchFolder: Bool, bySettings: Bool) throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    var variables = ["HOME": root]
    if bySettings { variables["PB_TEST_SCRATCH_FOLDER"] = "1" }
    let store = try Store.open(at: root, settings: Settings(Environment(variables)), creating: true)
    let general = try store.pasteboard(named: "general", creating: true)
    general.stagesInScratchFolder = inScratchFolder
    let inputs = try ["first", "second"].map { text in
      let path = root + "-input-\(text)"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
    defer { for path in inputs { try? FileManager.default.removeItem(atPath: path) } }
    let witness = StagingWitness(board: root + "/boards/general")
    let item = ItemSource(representations: [
      RepresentationSource(input: .file(inputs[0]), type: TypeIdentifier("public.html")), RepresentationSource(input: .file(inputs[1]), type: nil),
    ])
    let state = try general.write([item], mode: .replace, detector: TypeDetector(sniffer: witness))
    // The first representation was staged before the second was read: in a scratch
    // folder of tmp/, or as an unnamed file no listing shows.
    #expect(witness.seen.count == 1)
    let staged = witness.seen.first
    #expect(staged?.scratchFiles.count == (inScratchFolder || bySettings ? 1 : 0), "\(String(describing: staged))")
    #expect(staged?.dataFiles.isEmpty == true, "nothing is named in data/ before the commit")
    let files = state.items[0].representations.map { $0.file }
    #expect(files.count == 2)
    for (file, text) in zip(files, ["first", "second"]) {
      #expect(FileManager.default.contents(atPath: root + "/boards/general/data/" + file) == Data(text.utf8))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/tmp").isEmpty)
  }

  @Test func aHistoryLeftUnderTheNextNameIsReplaced() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    #expect(try write("a", to: general).changeCount == 1)
    // A writer that died after writing history/2.json and before manifest 2.
    let leftover = root + "/boards/general/history/2.json"
    try Data("{ not a history".utf8).write(to: URL(fileURLWithPath: leftover))
    #expect(try write("b", to: general).changeCount == 2)
    let history = try general.stateAndHistory().1
    #expect(history.undoStack.count == 2, "the history written over the leftover is read back")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/history") == ["2.json"])
  }

  @Test func everyChangeRaisesTheCountByOne() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    #expect(try general.state().changeCount == 0)
    #expect(try write("a", to: general).changeCount == 1)
    #expect(try write("b", to: general, mode: .append).changeCount == 2)
    #expect(try general.clear().changeCount == 3)
    let state = try write("c", to: general)
    #expect(state.changeCount == 4)
    #expect(state.numberOfItems == 1)
  }

  @Test func appendSharesTheExistingData() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let first = try write("first", to: general)
    let second = try write("second", to: general, mode: .append)
    #expect(second.items.first == first.items.first, "the first item's data file is reused, not copied")
    let data = try FileManager.default.contentsOfDirectory(atPath: root + "/boards/general/data")
    #expect(Set(data) == Set(second.items.flatMap { $0.representations.map(\.file) }))
  }

  @Test func readersOfAStandardBoardThatWasNeverWrittenSeeItEmpty() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let store = try Store.open(at: root, settings: .test(home: root), creating: false)
    #expect(try store.pasteboard(named: "find", creating: false).state().numberOfItems == 0)
    #expect(throws: PasteboardError.noSuchPasteboard("work")) { try store.pasteboard(named: "work", creating: false) }
    #expect(!FileManager.default.fileExists(atPath: root), "reading creates nothing")
  }

  @Test(arguments: ["", ".", "..", "a/b", ".hidden", "a..b", "with space", "tab\t", "é"])
  func rejectsBadNames(name: String) {
    #expect {
      try Pasteboard.validate(name: name)
    } throws: { error in
      if case PasteboardError.invalidPasteboardName = error { return true }
      return false
    }
  }

  @Test(arguments: ["general", "find", "com.example.notes", "work", "a_b-c.1"])
  func acceptsGoodNames(name: String) throws {
    try Pasteboard.validate(name: name)
  }

  @Test func manifestsOfANewerFormatOrDamagedAreRefused() throws {
    let newer = Array(#"{"format": 6, "changeCount": 1, "somethingNew": true}"#.utf8)
    #expect(throws: PasteboardError.newerFormat(path: "m", found: 6, supported: 5)) { try Manifest.decode(newer, path: "m") }
    #expect {
      try Manifest.decode(Array("{not json".utf8), path: "m")
    } throws: { error in
      if case PasteboardError.corruptStore(path: "m", _) = error { return true }
      return false
    }
    let current = Manifest(format: 1, changeCount: 3, date: nil, items: [])
    #expect(try Manifest.decode(current.encoded(), path: "m") == current)
  }

  @Test func readersChooseByConformance() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    _ = try write("<b>x</b>", to: general, type: TypeIdentifier("public.html"))
    let opened = try general.open(items: .all, types: [.plainText, .text])
    #expect(opened.map(\.representation.type) == [TypeIdentifier("public.html")])
    #expect(throws: PasteboardError.noRepresentation(types: ["public.image"], board: "general")) {
      try general.open(items: .all, types: [.image])
    }
    #expect(try general.contains([.text], items: .index(0), requireAll: false))
    #expect(try !general.contains([.text, .image], items: .index(0), requireAll: true))
  }
}

@Suite(.tags(.unit)) struct HomeDirectoryTests {
  @Test func theHomeOfAUserIsReadFromPasswdText() {
    let text = Array("root:x:0:0:root:/root:/bin/bash\n# comment\nbad line\nme:x:1000:1000:Me,,,:/home/me:/bin/zsh\n".utf8)
    #expect(Settings.passwdHome(text, user: 0) == "/root")
    #expect(Settings.passwdHome(text, user: 1000) == "/home/me")
    #expect(Settings.passwdHome(text, user: 1001) == nil)
  }
}
