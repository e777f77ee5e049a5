import Foundation
import Testing

@testable import PasteboardKit
import LinuxSystem

/// The journal's file, the cut-file paths history accepts, and the secret rules of the
/// stacks: what recovery and undo act on must be exactly what pb writes.
@Suite(.tags(.unit)) struct JournalTests {
  static let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5)

  static func journal() -> Journal {
    Journal(
      operation: .undo, from: 7, to: 8,
      steps: [
        Journal.Step(
          path: "/home/me/a b.txt", file: "0123456789abcdef.txt", method: .link, temporary: ".a b.txt.pb-00112233445566ff",
          mode: 0o644, modified: 9),
        Journal.Step(path: "/home/me/c", file: "0123456789abcdee", method: .remove, identity: identity),
      ])
  }

  @Test func aJournalReadsBackWithItsProgressAndATornLastLineIsNothing() throws {
    let plan = Self.journal()
    var bytes = plan.planLine + Journal.progressLine(step: 0, .prepared(inode: 42))
    bytes += Journal.progressLine(step: 0, .placed(path: "/home/me/a b.txt.restored"))
    var read = try Journal.decode(bytes, path: "j")
    #expect(read.steps == plan.steps && read.from == 7 && read.to == 8)
    #expect(read.progress == [.placed(path: "/home/me/a b.txt.restored"), nil])
    #expect(read.madeInodes == [42, nil], "the inode undo made is kept once the file is placed")
    // Killed while appending: the last line is cut short.
    let line = Journal.progressLine(step: 1, .done)
    read = try Journal.decode(bytes + line.dropLast(4), path: "j")
    #expect(read.progress[1] == nil)
    #expect(try Journal.decode(bytes + line, path: "j").progress[1] == .done)
  }

  @Test func namesBesideANewcomerKeepWithinNameMax() {
    let long = String(repeating: "é", count: 123) + ".txt"  // 250 bytes
    let names = CutFile.placeNames(for: long)
    #expect(names.count == 100 && names[0] == long)
    #expect(names.allSatisfy { PathBytes.bytes($0).count <= 255 }, "\(names.map { PathBytes.bytes($0).count })")
    #expect(names[1].hasSuffix("é.restored") && names[99].hasSuffix(".restored-99"))
    #expect(Set(names).count == 100, "each name is another")
    #expect(CutFile.placeNames(for: "a.txt")[1] == "a.txt.restored")
  }

  @Test func aJournalTakesOrRemovesOnlyWhatTheHistoryCut() throws {
    let cut = CutFile(path: "/home/me/c", file: "0123456789abcdee", mode: 0o644, modified: 1)
    let putBack = CutFile(path: "/home/me/a b.txt", file: "0123456789abcdef.txt", mode: 0o644, modified: 9)
    var history = History()
    history.undoStack = [HistoryEntry(actionName: "Cut", date: 0, items: [], changeCount: 8, cutFiles: [cut])]
    // The undo step makes a file: only at a path an authenticated cut file names.
    #expect(throws: PasteboardError.self) { try Pasteboard.check(Self.journal(), against: history, path: "j") }
    var unauthenticated = putBack
    unauthenticated.authenticated = false
    history.redoStack = [HistoryEntry(actionName: "Cut", date: 0, items: [], changeCount: 7, cutFiles: [unauthenticated])]
    #expect(throws: PasteboardError.self) { try Pasteboard.check(Self.journal(), against: history, path: "j") }
    history.redoStack = [HistoryEntry(actionName: "Cut", date: 0, items: [], changeCount: 7, cutFiles: [putBack])]
    try Pasteboard.check(Self.journal(), against: history, path: "j")
    for (path, file) in [("/home/me/victim", "0123456789abcdee"), ("/home/me/c", "0123456789abcdef"), ("/etc/c", "0123456789abcdee")] {
      let planted = Journal(
        operation: .cut, from: 7, to: 8, steps: [Journal.Step(path: path, file: file, method: .remove, identity: Self.identity)])
      #expect(throws: PasteboardError.self, "\(path) \(file)") { try Pasteboard.check(planted, against: history, path: "j") }
    }
    let besideIt = Journal(
      operation: .redo, from: 7, to: 8,
      steps: [Journal.Step(path: "/home/me/c.restored-2", file: "0123456789abcdee", method: .remove, identity: Self.identity)])
    try Pasteboard.check(besideIt, against: history, path: "j")
  }

  @Test func aJournalNamingWhatPbNeverWritesIsDamage() throws {
    let text = String(decoding: Self.journal().planLine, as: UTF8.self)
    for (bad, what) in [
      (text.replacingOccurrences(of: "/home/me/c", with: "home/me/c"), "relative path"),
      (text.replacingOccurrences(of: "/home/me/c", with: "/home/../etc/c"), "dots"),
      (text.replacingOccurrences(of: ".a b.txt.pb-00112233445566ff", with: ".bashrc"), "temporary name"),
      (text.replacingOccurrences(of: "\"mode\":420", with: "\"mode\":2541"), "setuid mode"),
      (text.replacingOccurrences(of: "\"to\":8", with: "\"to\":9"), "count"),
      (text.replacingOccurrences(of: "\"method\":\"remove\"", with: "\"method\":\"link\""), "method without what it needs"),
      (text.replacingOccurrences(of: "0123456789abcdee", with: "../../x"), "data file"),
    ] {
      #expect(bad != text, "the edit for \(what) took effect")
      #expect(throws: PasteboardError.self, "\(what)") { try Journal.decode(Array(bad.utf8), path: "j") }
    }
    let wholeBadLine = Self.journal().planLine + Array("{\"step\":5,\"done\":true}\n".utf8)
    #expect(throws: PasteboardError.self) { try Journal.decode(wholeBadLine, path: "j") }
  }

  @Test func cutPathsAreAbsoluteAndNormalisedAndPutBackOnlyBesideThemselves() {
    for good in ["/a", "/a/b c/d.txt", "/é/ñ"] { #expect(CutFile.isNormalisedAbsolute(good), "\(good)") }
    for bad in ["", "/", "a/b", "/a//b", "/a/./b", "/a/../b", "/a/", "/a\u{0}b", "/" + String(repeating: "x", count: 4096)] {
      #expect(!CutFile.isNormalisedAbsolute(bad), "\(bad)")
    }
    #expect(CutFile.isPlaceForPuttingBack("/a/n", of: "/a/n"))
    #expect(CutFile.isPlaceForPuttingBack("/a/n.restored", of: "/a/n"))
    #expect(CutFile.isPlaceForPuttingBack("/a/n.restored-99", of: "/a/n"))
    #expect(CutFile.isPlaceForPuttingBack("/a/.n.pb-0123456789abcdef", of: "/a/n"), "where a race left it")
    for bad in ["/a/m", "/a/n.restored-1", "/a/n.restored-100", "/a/n.restored-02", "/b/n", "/a/n.restoredx", "/a/n.restored/x"] {
      #expect(!CutFile.isPlaceForPuttingBack(bad, of: "/a/n"), "\(bad)")
    }
  }
}

/// Undo and redo when the board holds secrets.
@Suite(.tags(.unit)) struct SecretHistoryTests {
  static let p = HistoryTests.item("aaaaaaaaaaaaaaaa")
  static let q = HistoryTests.item("bbbbbbbbbbbbbbbb")
  static let secret = HistoryTests.item("5555555555555555", concealed: true)

  @Test func undoOverASecretGivesExactlyTheStateBeforeItAndNothingToRedo() {
    var history = History()
    HistoryTests.record(&history, "Copy", before: [], after: [Self.p], count: 1)
    HistoryTests.record(&history, "Copy", before: [Self.p], after: [Self.q], count: 2)
    // A --no-undo write of the secret: noted, not recorded.
    history.noteChange(from: [Self.q], previousCount: 2, to: [Self.secret], actionName: "Copy")
    let moved = history.undo(1, current: [Self.secret], changeCount: 4)
    #expect(moved.map(\.actionName) == ["Copy"] && moved.last?.items == [Self.q])
    #expect(history.redoStack.isEmpty, "the secret is not kept for redo")
    #expect(history.undoStack.count == 2, "the entries before the secret stay")
  }

  @Test func entriesMadeWhileASecretWasThereGoWithTheStepAndKeepTheirCutFiles() {
    var history = History()
    HistoryTests.record(&history, "Copy", before: [], after: [Self.p], count: 1)
    history.recordChange(named: "Copy", before: [Self.p], previousCount: 1, changeCount: 2, at: 2)
    history.noteChange(from: [Self.p], previousCount: 1, to: [Self.secret], actionName: "Copy")
    let cut = CutFile(path: "/x", file: "cccccccccccccccc", mode: 0o644, modified: 1)
    history.recordChange(named: "Cut", before: [Self.secret], previousCount: 2, changeCount: 3, at: 3, cutFiles: [cut])
    history.noteChange(from: [Self.secret], previousCount: 2, to: [Self.secret, Self.q], actionName: "Cut")
    let moved = history.undo(1, current: [Self.secret, Self.q], changeCount: 4)
    #expect(moved.count == 1 && moved[0].items == [Self.p] && moved[0].cutFiles == [cut], "\(moved)")
    #expect(history.undoStack.count == 1 && history.redoStack.isEmpty)
  }

  @Test func expiredItemsLeaveEveryEntry() {
    var history = History()
    let expiring = Item(representations: Self.p.representations, expires: 100)
    HistoryTests.record(&history, "Copy", before: [expiring, Self.q], count: 1)
    #expect(history.earliestExpiry == 100)
    history.dropExpired(at: 99)
    #expect(history.undoStack[0].items.count == 2)
    history.dropExpired(at: 100)
    #expect(history.undoStack[0].items == [Self.q] && history.earliestExpiry == nil)
  }
}
