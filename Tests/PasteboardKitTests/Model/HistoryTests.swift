import Foundation
import Testing

@testable import PasteboardKit
import LinuxSystem

/// The undo and redo stacks, and the keep-set garbage collection takes from them.
@Suite(.tags(.unit)) struct HistoryTests {
  /// An item whose one representation is the data file `name` (16 hex digits).
  static func item(_ name: String, size: Int64 = 1, concealed: Bool = false, recorded: Bool = true) -> Item {
    Item(
      representations: [Representation(type: .utf8PlainText, file: name, size: size, typeSource: .given)],
      concealed: concealed, recorded: recorded)
  }

  static let a = item("aaaaaaaaaaaaaaaa")
  static let b = item("bbbbbbbbbbbbbbbb")
  static let c = item("cccccccccccccccc")

  /// Records the change from `before` to `after` that made count `count` (the previous one being count - 1).
  static func record(_ history: inout History, _ name: String, before: [Item], after: [Item] = [], count: Int) {
    history.recordChange(named: name, before: before, previousCount: count - 1, changeCount: count, at: Int64(count) * 1000)
    history.noteChange(from: before, previousCount: count - 1, to: after, actionName: name, recorded: true)
  }

  /// Names sort as Strings do: data file names, names alike in their first eight bytes
  /// or shorter than eight, and (sorted the slow way) names beyond ASCII.
  @Test func namesSortAsStringsDo() {
    var generator = FuzzGenerator(state: 0x5EED_50F7)
    let alphabet = Array("0123456789abcdef.txAZ~ ".utf8)
    for round in 0..<300 {
      let names = (0..<Int(generator.next() % 60)).map { _ -> String in
        let length = Int(generator.next() % 24)
        var bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        // Shared beginnings, so that many keys tie.
        if generator.next() % 2 == 0 { bytes = Array("0123456789ab".utf8) + bytes }
        return String(decoding: bytes, as: UTF8.self)
      } + (round % 10 == 0 ? ["é.txt", "e\u{301}.txt", "z"] : [])
      #expect(History.sortedNames(names) == names.sorted())
    }
  }

  @Test func undoGivesBackTheStateBeforeAndRedoTheStateAfter() {
    var history = History()
    Self.record(&history, "Copy", before: [], count: 1)
    Self.record(&history, "Copy", before: [Self.a], count: 2)
    #expect(history.undoActionName == "Copy" && history.canUndo && !history.canRedo)
    let undone = history.undo(1, current: [Self.b], changeCount: 3)
    #expect(undone.map(\.items) == [[Self.a]])
    #expect(history.canRedo && history.redoStack.last?.items == [Self.b])
    let redone = history.redo(1, current: [Self.a], changeCount: 4)
    #expect(redone.map(\.items) == [[Self.b]])
    #expect(history.undoStack.last?.items == [Self.a] && !history.canRedo)
  }

  @Test func undoingMoreThanThereIsUndoesWhatThereIs() {
    var history = History()
    Self.record(&history, "Copy", before: [], count: 1)
    Self.record(&history, "Clear", before: [Self.a], count: 2)
    let undone = history.undo(5, current: [], changeCount: 3)
    #expect(undone.map(\.actionName) == ["Clear", "Copy"])
    #expect(undone.last?.items == [])
    // Oldest first: redoing the Copy (last) comes first and gives back A.
    #expect(history.redoStack.map(\.actionName) == ["Clear", "Copy"])
    #expect(history.redoStack.map(\.items) == [[], [Self.a]])
    #expect(history.undo(1, current: [], changeCount: 4).isEmpty)
  }

  @Test func aNewChangeClearsTheRedoStack() {
    var history = History()
    Self.record(&history, "Copy", before: [], count: 1)
    _ = history.undo(1, current: [Self.a], changeCount: 2)
    #expect(history.canRedo)
    Self.record(&history, "Copy", before: [], count: 3)
    #expect(!history.canRedo)
  }

  @Test func levelsKeepTheNewestEntriesAndZeroMeansNoLimit() {
    var history = History(levelsOfUndo: 3)
    for count in 1...10 { Self.record(&history, "Copy \(count)", before: [], count: count) }
    #expect(history.undoStack.map(\.actionName) == ["Copy 8", "Copy 9", "Copy 10"])
    history.levelsOfUndo = 0
    for count in 11...100 { Self.record(&history, "Copy", before: [], count: count) }
    #expect(history.undoStack.count == 93)
    history.levelsOfUndo = 2
    history.trim()
    #expect(history.undoStack.count == 2)
  }

  @Test func undoAndRedoKeepTheLevelsAsAChangeDoes() {
    var history = History(levelsOfUndo: 4)
    for count in 1...4 { Self.record(&history, "Copy \(count)", before: [], count: count) }
    _ = history.undo(2, current: [], changeCount: 5)
    history.levelsOfUndo = 3
    history.trim()
    #expect(history.undoStack.count == 2 && history.redoStack.count == 2)
    let redone = history.redo(2, current: [], changeCount: 6)
    #expect(redone.map(\.actionName) == ["Copy 3", "Copy 4"])
    #expect(history.undoStack.map(\.actionName) == ["Copy 2", "Copy 3", "Copy 4"], "the oldest went, as after a change")
    _ = history.undo(1, current: [], changeCount: 7)
    history.levelsOfUndo = 2
    history.trim()
    #expect(history.undoStack.count == 2 && history.redoStack.count == 1)
    _ = history.undo(2, current: [], changeCount: 8)
    #expect(history.redoStack.map(\.actionName) == ["Copy 3", "Copy 2"], "the redo farthest away went")
  }

  @Test func secretsNeverStayInHistoryAndUndoingPastThemGoesToTheStateBefore() {
    var history = History()
    let secret = Self.item("5555555555555555", concealed: true)
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    Self.record(&history, "Copy", before: [Self.a], after: [secret], count: 2)
    #expect(history.beforeSecrets?.items == [Self.a])
    Self.record(&history, "Copy", before: [secret], after: [Self.b], count: 3)
    #expect(history.beforeSecrets == nil)
    #expect(history.undoStack.count == 2)
    #expect(history.undoStack.last?.items == [Self.a], "undoing B goes to the state before the secret")
    #expect(!History.referencedFiles(current: [Self.b], history: history).contains(secret.representations[0].file))
    // An undo from a state holding a secret keeps it out of the redo entry.
    _ = history.undo(1, current: [Self.b, secret], changeCount: 4)
    #expect(history.redoStack.last?.items == [Self.b])
  }

  @Test func noUndoItemsAreLeftOutOfEntries() {
    var history = History()
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    let unrecorded = Self.item("9999999999999999", recorded: false)
    // Count 2 is the --no-undo write: noted, not recorded.
    history.noteChange(from: [Self.a], previousCount: 1, to: [Self.a, unrecorded], actionName: "Copy")
    #expect(history.undoStack.count == 1)
    #expect(History.referencedFiles(current: [], history: history).contains("aaaaaaaaaaaaaaaa"), "the state before is kept")
    Self.record(&history, "Copy", before: [Self.a, unrecorded], after: [Self.b], count: 3)
    #expect(history.undoStack.map(\.items) == [[], [Self.a]], "undoing the copy goes to the state before the --no-undo write")
    // Without a saved state (the secret came before history did), secrets are left out.
    var fresh = History()
    Self.record(&fresh, "Copy", before: [Self.b, unrecorded], after: [], count: 9)
    #expect(fresh.undoStack.map(\.items) == [[Self.b]])
  }

  @Test func aGroupMakesOneEntryNamedByTheOutermostNameOrItsFirstAction() {
    let shell = ProcessIdentity(pid: 10, startTime: 1)
    var history = History()
    history.beginGroup(named: "Edit", openedBy: shell)
    history.beginGroup(named: "Inner", openedBy: shell)
    Self.record(&history, "Copy", before: [Self.a], count: 1)
    Self.record(&history, "Append", before: [Self.b], count: 2)
    let closedInner = history.endGroup()
    #expect(closedInner)
    Self.record(&history, "Clear", before: [Self.b, Self.c], count: 3)
    let closedOuter = history.endGroup()
    #expect(closedOuter)
    let closedNone = history.endGroup()
    #expect(!closedNone, "no group is open")
    #expect(history.undoStack.map(\.actionName) == ["Edit"])
    // The entry keeps the count of its first change: it was made then.
    #expect(history.undoStack.last?.items == [Self.a] && history.undoStack.last?.changeCount == 1)
    history.beginGroup(named: nil, openedBy: shell)
    Self.record(&history, "Append", before: [], count: 4)
    Self.record(&history, "Copy", before: [Self.c], count: 5)
    #expect(history.undoStack.map(\.actionName) == ["Edit", "Append"])
  }

  static let secret = item("5555555555555555", concealed: true)
  static let shell = ProcessIdentity(pid: 10, startTime: 1)

  @Test func aGroupThatEndsWithASecretStillLeadsBackToTheStateBeforeIt() {
    var history = History()
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    history.beginGroup(named: nil, openedBy: Self.shell)
    Self.record(&history, "Copy", before: [Self.a], after: [Self.b], count: 2)
    Self.record(&history, "Append", before: [Self.b], after: [Self.b, Self.secret], count: 3)
    _ = history.endGroup()
    let first = history.undo(1, current: [Self.b, Self.secret], changeCount: 4)
    #expect(first.map(\.items) == [[Self.b]], "the secret goes, and only it")
    #expect(!history.canRedo, "nothing to redo for a secret")
    let second = history.undo(1, current: [Self.b], changeCount: 5)
    #expect(second.map(\.items) == [[Self.a]], "the state before the group is still there")
    #expect(second.map(\.actionName) == ["Copy"])
    #expect(history.undo(1, current: [Self.a], changeCount: 6).map(\.items) == [[]])
  }

  @Test func aChangeAfterAGroupThatEndsWithASecretKeepsTheGroupsEntryAndItsCutFiles() {
    var history = History()
    let cut = CutFile(path: "/tmp/x", file: "dddddddddddddddd", mode: 0o644, modified: 0)
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    history.beginGroup(named: "Edit", openedBy: Self.shell)
    history.recordChange(named: "Cut", before: [Self.a], previousCount: 1, changeCount: 2, at: 2000, cutFiles: [cut])
    history.noteChange(from: [Self.a], previousCount: 1, to: [Self.b], actionName: "Cut")
    Self.record(&history, "Append", before: [Self.b], after: [Self.b, Self.secret], count: 3)
    _ = history.endGroup()
    Self.record(&history, "Copy", before: [Self.b, Self.secret], after: [Self.c], count: 4)
    #expect(history.undoStack.map(\.actionName) == ["Copy", "Edit", "Copy"])
    #expect(history.undoStack.map(\.items) == [[], [Self.a], [Self.b]])
    #expect(history.undoStack.map(\.cutFiles) == [[], [cut], []], "the cut stays with the group that made it")
    #expect(History.referencedFiles(current: [Self.c], history: history).contains(cut.file))
    let undone = history.undo(2, current: [Self.c], changeCount: 5)
    #expect(undone.map(\.items) == [[Self.b], [Self.a]] && undone.last?.cutFiles == [cut])
  }

  @Test func secretsThatComeInsideAGroupGoWithTheUndoThatDropsThemAndTheGroupGoesOn() {
    var history = History()
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    history.beginGroup(named: "Edit", openedBy: Self.shell)
    Self.record(&history, "Copy", before: [Self.a], after: [Self.b], count: 2)
    Self.record(&history, "Append", before: [Self.b], after: [Self.b, Self.secret], count: 3)
    // Still inside the group: this change grows its entry, and the secret is gone.
    Self.record(&history, "Copy", before: [Self.b, Self.secret], after: [Self.c], count: 4)
    #expect(history.undoStack.map(\.actionName) == ["Copy", "Edit"] && history.beforeSecrets == nil)
    #expect(history.undo(1, current: [Self.c], changeCount: 5).map(\.items) == [[Self.a]])
  }

  @Test func canUndoAndTheUndoStepsCountTheStepOverSecrets() {
    var history = History()
    let unrecorded = Self.item("9999999999999999", recorded: false)
    // A --no-undo write on a board with no history: undoing it gives the empty board.
    history.noteChange(from: [], previousCount: 0, to: [unrecorded], actionName: "Copy")
    #expect(history.canUndo && history.undoActionName == "Copy")
    #expect(history.undoSteps.map(\.items) == [[]])
    let moved = history.undo(1, current: [unrecorded], changeCount: 2)
    #expect(moved.map(\.actionName) == ["Copy"] && moved.last?.items == [])
    #expect(!history.canUndo && history.undoActionName == nil && !history.canRedo)
    // Over a group that ends with a secret, the step is named after the change that
    // brought it, and the group's entry comes next.
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 3)
    history.beginGroup(named: "Edit", openedBy: Self.shell)
    Self.record(&history, "Copy", before: [Self.a], after: [Self.b], count: 4)
    Self.record(&history, "Append", before: [Self.b], after: [Self.b, Self.secret], count: 5)
    #expect(history.undoActionName == "Append")
    #expect(history.undoSteps.map(\.actionName) == ["Copy", "Edit", "Append"])
    #expect(history.undoSteps.map(\.items) == [[], [Self.a], [Self.b]])
    let steps = history.undoSteps
    #expect(history.undo(3, current: [Self.b, Self.secret], changeCount: 6).map(\.items) == steps.reversed().map(\.items))
  }

  @Test func afterHistoryIsClearedASecretWrittenOverSecretsUndoesToTheBoardLessThemWithNothingToRedo() {
    let other = Self.item("6666666666666666", concealed: true)
    let unrecorded = Self.item("9999999999999999", recorded: false)
    var history = History()
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    Self.record(&history, "Append", before: [Self.a], after: [Self.a, Self.secret], count: 2)
    history.removeAllActions()
    #expect(!history.canUndo && history.undo(1, current: [Self.a, Self.secret], changeCount: 3).isEmpty)
    // Expiry brings no secret in: still nothing to undo.
    history.noteChange(from: [Self.a, Self.secret], previousCount: 2, to: [Self.a, Self.secret], actionName: "Change")
    #expect(!history.canUndo)
    // A concealed write (recorded) over the board with its old secret.
    Self.record(&history, "Append", before: [Self.a, Self.secret], after: [Self.a, Self.secret, other], count: 3)
    #expect(history.undoSteps.map(\.items) == [[Self.a]] && history.undoActionName == "Append")
    #expect(history.undo(1, current: [Self.a, Self.secret, other], changeCount: 4).map(\.items) == [[Self.a]])
    #expect(!history.canRedo, "nothing of the secrets is kept for redo")
    // A --no-undo write (not recorded) likewise.
    Self.record(&history, "Append", before: [Self.a], after: [Self.a, Self.secret], count: 5)
    history.removeAllActions()
    history.noteChange(from: [Self.a, Self.secret], previousCount: 5, to: [unrecorded], actionName: "Copy")
    #expect(history.undoActionName == "Copy")
    #expect(history.undo(1, current: [unrecorded], changeCount: 7).map(\.items) == [[Self.a]] && !history.canRedo)
  }

  @Test func aChangeNotRecordedThatTakesTheSecretsAwayLeavesWhatUndoDoesAsItWas() {
    let unrecorded = Self.item("9999999999999999", recorded: false)
    var history = History()
    Self.record(&history, "Copy", before: [], after: [Self.a], count: 1)
    Self.record(&history, "Copy", before: [Self.a], after: [Self.b], count: 2)
    // A --no-undo write over B, then its expiry (or a clear --no-undo): neither recorded.
    history.noteChange(from: [Self.b], previousCount: 2, to: [unrecorded], actionName: "Copy", at: 3000)
    let steps = history.undoSteps
    #expect(steps.map(\.items) == [[], [Self.a], [Self.b]])
    history.noteChange(from: [unrecorded], previousCount: 3, to: [], actionName: "Change", at: 4000)
    #expect(history.beforeSecrets == nil)
    #expect(history.undoSteps.map(\.items) == steps.map(\.items) && history.undoActionName == "Copy", "B is not lost")
    #expect(history.undo(1, current: [], changeCount: 5).map(\.items) == [[Self.b]])
    #expect(history.redoStack.map(\.items) == [[]], "redo gives back the board as the expiry left it")
  }

  @Test func aGroupWhoseOpenerExitedCloses() {
    let shell = ProcessIdentity(pid: 10, startTime: 1)
    let script = ProcessIdentity(pid: 11, startTime: 2)
    var history = History()
    history.beginGroup(named: "Outer", openedBy: shell)
    history.beginGroup(named: nil, openedBy: script)
    history.closeGroupsOfExitedProcesses { $0 != script }
    #expect(history.group?.depth == 1)
    history.closeGroupsOfExitedProcesses { $0 != shell }
    #expect(history.group == nil)
  }

  @Test func theKeepSetIsTheCurrentStateAndEveryEntry() {
    var history = History()
    Self.record(&history, "Copy", before: [Self.a], count: 1)
    Self.record(&history, "Copy", before: [Self.b], count: 2)
    _ = history.undo(1, current: [Self.c], changeCount: 3)
    let cut = CutFile(path: "/tmp/x", file: "dddddddddddddddd", mode: 0o644, modified: 0)
    history.recordChange(named: "Cut", before: [Self.b], previousCount: 3, changeCount: 4, at: 0, cutFiles: [cut])
    let kept = History.referencedFiles(current: [], history: history)
    #expect(kept == ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "dddddddddddddddd"], "c was only on the redo stack, cleared by the cut")
    history.levelsOfUndo = 1
    history.trim()
    #expect(History.referencedFiles(current: [], history: history) == ["bbbbbbbbbbbbbbbb", "dddddddddddddddd"])
    history.removeAllActions()
    #expect(History.referencedFiles(current: [Self.c], history: history) == ["cccccccccccccccc"])
  }

  @Test func bytesHeldOnlyByHistoryCountEachFileOnceAndNotTheCurrentOnes() {
    var history = History()
    let big = Self.item("eeeeeeeeeeeeeeee", size: 1000)
    Self.record(&history, "Copy", before: [big], count: 1)
    Self.record(&history, "Append", before: [big, Self.a], count: 2)
    #expect(history.bytesHeldOnlyByHistory(current: []) == 1001)
    #expect(history.bytesHeldOnlyByHistory(current: [big]) == 1)
    // The state a --no-undo write replaced is history's too, until the board changes.
    let unrecorded = Self.item("9999999999999999", size: 7, recorded: false)
    var saved = History()
    saved.noteChange(from: [big], previousCount: 1, to: [unrecorded], actionName: "Copy")
    #expect(saved.bytesHeldOnlyByHistory(current: [unrecorded]) == 1000)
  }

  @Test func pinnedStatesStayPastTheLevelsWhichCountTheOthers() {
    var history = History(levelsOfUndo: 2)
    Self.record(&history, "Copy", before: [Self.a], count: 1)
    history.setPinned(true, [Self.a])
    for count in 2...6 { Self.record(&history, "Copy \(count)", before: [Self.item(String(repeating: "\(count)", count: 16))], count: count) }
    #expect(history.undoStack.map(\.items) == [[Self.a], [Self.item("5555555555555555")], [Self.item("6666666666666666")]])
    #expect(history.pastStates.map(\.pinned) == [false, false, true])
    // Undone and recorded again, the state keeps its pin: it is named by its files.
    _ = history.undo(3, current: [Self.b], changeCount: 7)
    Self.record(&history, "Copy", before: [Self.a], count: 8)
    #expect(history.pastStates.first?.pinned == true)
    history.setPinned(false, [Self.a])
    #expect(history.pins.isEmpty)
  }

  @Test func theBudgetDropsTheOldestUnpinnedStatesAndKeepsTheNewestOfEachStack() {
    var history = History(maxBytes: 250)
    let states = (1...5).map { Self.item(String(repeating: "\($0)", count: 16), size: 100) }
    Self.record(&history, "Copy", before: [], count: 1)
    for (index, state) in states.dropLast().enumerated() {
      Self.record(&history, "Copy", before: [state], count: index + 2)
    }
    history.setPinned(true, [states[0]])
    #expect(history.budgetedBytes(current: [states[4]]) == 300, "the pinned state counts apart")
    #expect(history.keepWithinBudget(current: [states[4]]).isEmpty)
    #expect(history.undoStack.map(\.items) == [[states[0]], [states[2]], [states[3]]], "the empty state and state 2 went, oldest first")
    history.maxBytes = 1
    _ = history.keepWithinBudget(current: [states[4]])
    #expect(history.undoStack.map(\.items) == [[states[0]], [states[3]]], "the newest stays: the last change can be undone")
    history.maxBytes = 0
    Self.record(&history, "Copy", before: [states[4]], count: 6)
    #expect(history.keepWithinBudget(current: []).isEmpty && history.undoStack.count == 3, "0: no limit")
  }

  @Test func theBudgetHandsADroppedCutsFilesToTheNextNewerEntry() {
    var history = History(maxBytes: 150)
    let cut = CutFile(path: "/tmp/draft", file: "dddddddddddddddd", mode: 0o644, modified: 0)
    let cutState = [Self.item("dddddddddddddddd", size: 100)]
    let big = [Self.item("eeeeeeeeeeeeeeee", size: 100)], bigger = [Self.item("ffffffffffffffff", size: 100)]
    history.recordChange(named: "Cut", before: big, previousCount: 0, changeCount: 1, at: 0, cutFiles: [cut])
    Self.record(&history, "Copy", before: cutState, count: 2)
    Self.record(&history, "Copy", before: bigger, count: 3)
    #expect(history.budgetedBytes(current: []) == 200, "a cut's files count apart")
    let moved = history.keepWithinBudget(current: [])
    #expect(moved == [cut])
    #expect(history.undoStack.map(\.items) == [cutState, bigger] && history.undoStack[0].cutFiles == [cut])
    #expect(History.referencedFiles(current: [], history: history).contains(cut.file))
  }

  @Test func pinsOfStatesNobodyHoldsAreDropped() {
    var history = History()
    Self.record(&history, "Copy", before: [Self.a], count: 1)
    history.pins = [History.pinKey([Self.a]), History.pinKey([Self.b]), History.pinKey([Self.c])]
    history.dropOrphanedPins(current: [Self.b])
    #expect(history.pins == [History.pinKey([Self.a]), History.pinKey([Self.b])])
  }

  @Test func theHistoryFileRoundTripsAndRefusesWhatPbNeverWrites() throws {
    var history = History(levelsOfUndo: 7)
    Self.record(&history, "Copy", before: [Self.a], count: 1)
    history.beginGroup(named: "G", openedBy: ProcessIdentity(pid: 3, startTime: 4))
    var file = HistoryFile(changeCount: 1, history: history)
    let bytes = try file.encoded(path: "h")
    #expect(try HistoryFile.decode(bytes, path: "h").history == history)
    let text = String(decoding: bytes, as: UTF8.self)
    for (bad, field) in [
      (text.replacingOccurrences(of: "\"levelsOfUndo\" : 7", with: "\"levelsOfUndo\" : -3"), "levelsOfUndo"),
      (text.replacingOccurrences(of: "\"actionName\" : \"Copy\"", with: "\"actionName\" : \"\""), "actionName"),
      (text.replacingOccurrences(of: "aaaaaaaaaaaaaaaa", with: "../../etc/passwd"), "file"),
      (text.replacingOccurrences(of: "\"representations\"", with: "\"concealed\" : true, \"representations\""), "concealed"),
      (text.replacingOccurrences(of: "\"format\" : \(HistoryFile.currentFormat)", with: "\"format\" : 9"), "newer"),
    ] {
      #expect(bad != text, "the edit for \(field) took effect")
      #expect(throws: PasteboardError.self) { try HistoryFile.decode(Array(bad.utf8), path: "h") }
    }
  }
}
