import Foundation
import LinuxSystem
import Testing

@testable import PasteboardKit

/// Housekeeping is a step a writer asks for: a reader opens the store without writing,
/// and does not show what housekeeping would remove.
@Suite(.tags(.unit)) struct HousekeepingTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbkit-\(UUID().uuidString)").path

  /// A board owned by a process that has exited: this process's PID with another start time.
  func makeOrphan(_ name: String) throws {
    let store = try Store.open(at: root, settings: .test(home: root), creating: true)
    let gone = ProcessIdentity(pid: getpid(), startTime: 1)
    #expect(!gone.isRunning)
    try store.createBoard(named: name, attributes: BoardAttributes(owner: .init(process: gone, command: nil)), existOK: false)
  }

  func onDisk(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + path)) ?? []
  }

  @Test("a reader writes nothing, and a board whose owner has exited is missing for it")
  func readerSeesNoOrphan() throws {
    try makeOrphan("orphan")
    let store = try Store.open(at: root, settings: .test(home: root), creating: false)
    #expect(throws: PasteboardError.noSuchPasteboard("orphan")) { try store.pasteboard(named: "orphan", creating: false) }
    #expect(onDisk("boards").contains("orphan"), "the reader removed nothing")
    #expect(onDisk("owned").count == 1)
  }

  @Test("housekeeping deletes a board whose owner has exited, and its owned/ entry")
  func housekeepingReaps() throws {
    try makeOrphan("orphan")
    let store = try Store.open(at: root, settings: .test(home: root), creating: true)
    #expect(onDisk("boards").contains("orphan"), "opening the store reaps nothing by itself")
    store.housekeeping()
    #expect(!onDisk("boards").contains("orphan"))
    #expect(onDisk("owned").isEmpty)
  }

  @Test("an owned/ entry naming a board that another owner's board.json names does not hide it")
  func plantedEntry() throws {
    try makeOrphan("orphan")
    let owned = root + "/owned"
    let entry = try #require(onDisk("owned").first)
    let parts = entry.split(separator: ".", maxSplits: 2)
    // The entry now names a persistent board: its board.json names no owner.
    try FileManager.default.moveItem(atPath: owned + "/" + entry, toPath: owned + "/\(parts[0]).\(parts[1]).kept")
    let store = try Store.open(at: root, settings: .test(home: root), creating: true)
    try store.createBoard(named: "kept", existOK: false)
    #expect(try store.pasteboard(named: "kept", creating: false).name == "kept")
    store.housekeeping()
    #expect(onDisk("boards").contains("kept"))
  }

  @Test("a reader of an older store leaves its format as it is; a writer marks it")
  func formatMarkedByWriterOnly() throws {
    _ = try Store.open(at: root, settings: .test(home: root), creating: true)
    try Data("3\n".utf8).write(to: URL(fileURLWithPath: root + "/format"))
    _ = try Store.open(at: root, settings: .test(home: root), creating: false)
    #expect(try String(contentsOfFile: root + "/format", encoding: .utf8) == "3\n")
    _ = try Store.open(at: root, settings: .test(home: root), creating: true)
    #expect(try String(contentsOfFile: root + "/format", encoding: .utf8) == "\(Store.formatVersion)\n")
  }
}
