import Foundation
import Testing

@testable import PasteboardKit

/// `pb history --list` and `--restore N` in the library: the past states, their
/// previews, and a restore that is one recorded change sharing the state's data files.
@Suite(.tags(.unit)) struct HistoryRestoreTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbkit-restore-\(UUID().uuidString)").path

  func board() throws -> Pasteboard {
    try Store.open(at: root, settings: .test(home: root), creating: true).pasteboard(named: "general", creating: true)
  }

  var dataFolder: String { root + "/boards/general/data" }

  /// Writes items, each a list of (type, bytes) representations, in one change.
  @discardableResult
  func write(
    _ items: [[(TypeIdentifier, Data)]], to board: Pasteboard, mode: Pasteboard.WriteMode = .replace,
    options: Pasteboard.WriteOptions = Pasteboard.WriteOptions()
  ) throws -> PasteboardState {
    var paths: [String] = []
    defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
    let sources = try items.map { representations in
      ItemSource(
        representations: try representations.map { type, bytes in
          let path = root + "-input-\(UUID().uuidString)"
          try bytes.write(to: URL(fileURLWithPath: path))
          paths.append(path)
          return RepresentationSource(input: .file(path), type: type)
        })
    }
    return try board.write(
      sources, mode: mode, detector: TypeDetector(sniffer: FixedSniffer("application/octet-stream")), options: options)
  }

  @discardableResult
  func write(_ text: String, to board: Pasteboard, options: Pasteboard.WriteOptions = Pasteboard.WriteOptions()) throws
    -> PasteboardState
  {
    try write([[(.utf8PlainText, Data(text.utf8))]], to: board, options: options)
  }

  /// The bytes of each representation of each item, as the data files hold them.
  func bytes(of items: [Item]) -> [[Data?]] {
    items.map { item in item.representations.map { FileManager.default.contents(atPath: dataFolder + "/" + $0.file) } }
  }

  @Test func pastStatesAreNumberedFromTheStateBeforeTheLastChangeNewestFirst() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let a = try write("alpha", to: general)
    try write("beta", to: general)
    try write("gamma", to: general)
    let listed = try general.statesToPick()
    // The present first, as 0; the empty state the board started from is left out.
    #expect(listed.map(\.number) == [0, 1, 2])
    #expect(try listed.map(general.texts) == [["gamma"], ["beta"], ["alpha"]])
    #expect(listed[2].items == a.items)
    #expect(listed.map(\.replacedBy) == [nil, "Copy", "Copy"])
    // Made by the change that left the state before it; the present when the board last changed.
    let undo = try general.stateAndHistory().1.undoStack
    #expect(listed.map(\.made) == [try general.state().modificationDate.map { Int64($0) * 1000 }, undo[1].date, undo[0].date])
    // State N is what undo N gives.
    #expect(try general.undo(2).state.items == listed[2].items)
  }

  @Test func aStateTheSameAsTheOneListedBeforeItIsLeftOutAndItsNumberSkipped() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    try write("alpha", to: general)
    try write("alpha", to: general)
    try write("beta", to: general)
    try write("beta", to: general)
    #expect(try general.statesToPick().map(\.number) == [0, 2], "the second beta and alpha are the same bytes in other files")
    #expect(try general.statesToPick().map(general.texts) == [["beta"], ["alpha"]])
    // The number listed is the one restore takes: state 2 is alpha.
    #expect(try general.restore(2).items.count == 1)
    #expect(try general.statesToPick().map(general.texts) == [["alpha"], ["beta"], ["alpha"]], "only consecutive states are one")
    // Same text, other type: not the same state.
    try write([[(TypeIdentifier("public.html"), Data("alpha".utf8))]], to: general)
    #expect(try general.statesToPick().count == 4)
  }

  @Test func aStateIsOpenedAsPasteWouldOpenIt() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    try write([[(TypeIdentifier("public.html"), Data("<b>old</b>".utf8)), (.utf8PlainText, Data("old".utf8))]], to: general)
    try write("new", to: general)
    func read(_ number: Int, _ types: [TypeIdentifier] = []) throws -> String {
      let opened = try general.openState(number, types: types)
      return try String(decoding: opened.flatMap { try $0.head(100) }, as: UTF8.self)
    }
    #expect(try read(0) == "new")
    #expect(try read(1) == "<b>old</b>", "the preferred representation, as pb paste without -t")
    #expect(try read(1, [.utf8PlainText]) == "old")
    #expect(throws: PasteboardError.noRepresentation(types: ["public.png"], board: "general")) {
      try general.openState(1, types: [TypeIdentifier("public.png")])
    }
    #expect(throws: PasteboardError.noSuchState(board: "general", number: 3, count: 2)) { try general.openState(3, types: []) }
    #expect(throws: PasteboardError.emptyState(board: "general", number: 2)) { try general.openState(2, types: []) }
  }

  @Test func textsAreWholeAndOnlyOfText() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let raw = "  first\tline\r\n\n  second \u{1B}[31mred\u{202E}evil\u{2028}end  "
    try write(raw, to: general)
    try write(String(repeating: "é", count: 100), to: general)
    try write([[(TypeIdentifier("public.png"), Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]))]], to: general)
    try write("last", to: general)
    let texts = try general.statesToPick().map(general.texts)
    #expect(texts[1] == [nil], "data that is not text has no text")
    #expect(texts[2] == [String(repeating: "é", count: 100)])
    #expect(texts[3] == [raw], "as pasted: making it one line is for the list to do")
  }

  @Test func aRestoreIsOneRecordedChangeThatUndoTakesBackAndTheStatesBetweenStay() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let a = try write("alpha", to: general)
    let b = try write("beta", to: general)
    let c = try write("gamma", to: general)
    let filesBefore = try FileManager.default.contentsOfDirectory(atPath: dataFolder).sorted()
    let restored = try general.restore(2)
    #expect(restored.changeCount == c.changeCount + 1 && restored.changeKind == .done)
    #expect(restored.items == a.items, "the state's items, sharing its data files")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dataFolder).sorted() == filesBefore, "nothing was copied")
    let history = try general.stateAndHistory().1
    #expect(history.undoActionName == "Restore")
    #expect(history.pastStates.map(\.items) == [c.items, b.items, a.items, []], "the states in between stay")
    let undone = try general.undo(1)
    #expect(undone.entries.map(\.actionName) == ["Restore"] && undone.state.items == c.items)
    #expect(try general.redo(1).state.items == a.items)
  }

  @Test func aRestoredStateOfSeveralItemsAndRepresentationsIsByteExact() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let everyByte = Data((0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) })
    let state = try write(
      [
        [
          (TypeIdentifier("public.html"), Data("<p>x</p>".utf8)), (.utf8PlainText, Data("x\n".utf8)),
          (TypeIdentifier("public.png"), everyByte),
        ],
        [(TypeIdentifier("public.data"), Data(everyByte.reversed())), (TypeIdentifier("public.jpeg"), Data())],
      ], to: general)
    try write("over it", to: general)
    try write("and over that", to: general)
    let restored = try general.restore(2)
    #expect(restored.items == state.items)
    #expect(restored.items.map(\.types) == state.items.map(\.types))
    #expect(
      bytes(of: restored.items) == [
        [Data("<p>x</p>".utf8), Data("x\n".utf8), everyByte], [Data(everyByte.reversed()), Data()],
      ])
    let listed = try general.statesToPick()
    // The present is the state restored, and state 3 the same one, as it was.
    #expect(listed.map(\.number) == [0, 1, 2, 3] && listed[0].items == state.items && listed[3].items == state.items)
    #expect(try general.texts(of: listed[3]) == ["x\n", nil], "an item's plain text is given, before its HTML; an item without text has none")
  }

  @Test func itemsThatHaveExpiredAreNeitherListedNorRestored() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let start = TimeSpec.now()
    general.clock = { start }
    try write("stays", to: general)
    let expiring = Pasteboard.WriteOptions(expires: start + 300)
    try write([[(.utf8PlainText, Data("goes".utf8))]], to: general, mode: .append, options: expiring)
    try write("now", to: general)
    #expect(try general.statesToPick().map(general.texts) == [["now"], ["stays", "goes"], ["stays"]])
    general.clock = { start + 300 }
    // Without the item that expired, state 1 is the same as state 2, and listed once.
    #expect(try general.statesToPick().map(general.texts) == [["now"], ["stays"]])
    #expect(try general.restore(1).items.count == 1)
  }

  @Test func aStateWhoseDataIsGoneIsNotRestoredAndTheBoardStays() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let a = try write("alpha", to: general)
    let current = try write("beta", to: general)
    try FileManager.default.removeItem(atPath: dataFolder + "/" + a.items[0].representations[0].file)
    do {
      _ = try general.restore(1)
      Issue.record("a state whose data is gone was restored")
    } catch {
      guard case .corruptStore(let path, _) = error else { throw error }
      #expect(path.hasSuffix(a.items[0].representations[0].file))
    }
    #expect(try general.state() == current)
  }

  @Test func aNumberThatIsNotAPastStateIsRefusedAndChangesNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    #expect(throws: PasteboardError.noSuchState(board: "general", number: 1, count: 0)) { try general.restore(1) }
    try write("alpha", to: general)
    let current = try write("beta", to: general)
    // 0 is the present: restoring it changes nothing.
    #expect(try general.restore(0) == current)
    #expect(throws: PasteboardError.changeCountMismatch(board: "general", expected: 1, found: current.changeCount)) {
      try general.restore(0, ifCount: 1)
    }
    for number in [-1, 3, Int.max] {
      #expect(throws: PasteboardError.noSuchState(board: "general", number: number, count: 2)) { try general.restore(number) }
    }
    #expect(try general.state() == current, "the board is as it was")
    #expect(try general.stateAndHistory().1.undoStack.count == 2)
  }

  @Test func aSecretIsNeverListedAndARestoreOverItLeavesNoneOfItsBytes() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    let a = try write("alpha", to: general)
    try write("hunter2", to: general, options: Pasteboard.WriteOptions(concealed: true))
    let secretFiles = try general.state().items.flatMap { $0.representations.map(\.file) }
    #expect(try general.statesToPick().map(general.texts) == [[nil], ["alpha"]], "the secret is listed, never its text")
    // Restoring from the secret goes back to the state before it, and the secret's bytes go.
    #expect(try general.restore(1).items == a.items)
    for file in secretFiles { #expect(!FileManager.default.fileExists(atPath: dataFolder + "/" + file)) }
    #expect(try general.undo(1).state.items == a.items, "undoing the restore never brings the secret back")
  }

  @Test func aHistoryNamingASecretIsDamageNeverPreviewed() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    try write("alpha", to: general)
    let secret = try write("hunter2", to: general, options: Pasteboard.WriteOptions(concealed: true)).items
    // pb never writes such a history; the store refuses it rather than show the secret.
    do {
      try general.updateHistory { history in
        history.beforeSecrets = nil
        history.undoStack.append(HistoryEntry(actionName: "Copy", date: 1, items: secret, changeCount: 2))
      }
      let listed = try general.statesToPick()
      Issue.record("a history naming a secret was listed: \(listed.map(\.number))")
    } catch {
      guard case .corruptStore = error else { throw error }
    }
  }
}
