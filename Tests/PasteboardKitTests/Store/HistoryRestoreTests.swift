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
    let listed = try general.pastStatesWithPreviews(characters: 60)
    #expect(listed.map(\.state.number) == [1, 2, 3])
    #expect(listed.map(\.previews) == [["beta"], ["alpha"], []])
    #expect(listed[1].state.items == a.items)
    #expect(listed.map(\.state.replacedBy) == ["Copy", "Copy", "Copy"])
    // Made by the change that left the state before it; the oldest one's making is not recorded.
    let undo = try general.stateAndHistory().1.undoStack
    #expect(listed.map(\.state.made) == [undo[1].date, undo[0].date, nil])
    // State N is what undo N gives.
    #expect(try general.undo(2).state.items == listed[1].state.items)
  }

  @Test func previewsAreOneLineWithoutTabsControlsOrInvisibleCharactersAndCutShort() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let general = try board()
    try write("  first\tline\r\n\n  second \u{1B}[31mred\u{202E}evil\u{2028}end  ", to: general)
    try write(String(repeating: "é", count: 100), to: general)
    try write([[(TypeIdentifier("public.png"), Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]))]], to: general)
    try write("last", to: general)
    let previews = try general.pastStatesWithPreviews(characters: 10).map(\.previews)
    #expect(previews[0] == [nil], "data that is not text has no text preview")
    #expect(previews[1] == [String(repeating: "é", count: 10) + "…"])
    #expect(try general.pastStatesWithPreviews(characters: 60)[2].previews == ["first line second [31mredevil end"])
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
    let listed = try general.pastStatesWithPreviews(characters: 60)
    #expect(listed[1].state.items.count == 1 && listed[2].state.items == state.items)
    #expect(listed[2].previews == ["x", nil], "an item's plain text is previewed, before its HTML; an item without text is not")
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
    #expect(try general.pastStatesWithPreviews(characters: 60).map(\.previews) == [["stays", "goes"], ["stays"], []])
    general.clock = { start + 300 }
    #expect(try general.pastStatesWithPreviews(characters: 60).map(\.previews) == [["stays"], ["stays"], []])
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
    for number in [0, -1, 3, Int.max] {
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
    #expect(try general.pastStatesWithPreviews(characters: 60).map(\.previews) == [["alpha"], []])
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
      let listed = try general.pastStatesWithPreviews(characters: 60)
      Issue.record("a history naming a secret was listed: \(listed.map(\.previews))")
    } catch {
      guard case .corruptStore = error else { throw error }
    }
  }
}
