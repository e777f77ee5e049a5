import Foundation
import Testing

@testable import DesktopClipboard
@testable import PasteboardKit
@testable import pb

/// The library gives facts and pb words them: each kind of fact becomes pb's one line
/// and exit status, and no string in the library names a pb option or writes to the
/// terminal (another front end must not inherit pb's wording).
@Suite(.tags(.unit)) struct MessagesTests {
  @Test func factsBecomePBsLineAndStatus() {
    let cases: [(PasteboardError, String, Int32)] = [
      (.cutRefused(.notAFile("d", kind: .directory)), "cannot read 'd': it is a directory; pb cut takes files (give the files inside it)", 66),
      (.cutRefused(.namedTwice("f")), "'f' is named twice; name each file once", 64),
      (.cutRefused(.stickyFolder("/tmp/x")), "cannot cut '/tmp/x': it is another user's file in a sticky folder, so it cannot be removed; nothing was cut", 73),
      (.misuse(.representationWithoutFile(spec: "png=")), "-r png= names no file; write -r TYPE=FILE", 64),
      (.misuse(.notOneItem(count: 3)), "the item set chooses 3 items; choose one, as -i 0 or -i -1", 64),
      (.historyTooLarge(path: "/s/h", limit: 64 << 20),
       "cannot create /s/h: this change's undo entry would make the history pass 64 MiB; give --no-undo, or make the change in smaller parts", 73),
    ]
    for (error, line, status) in cases {
      #expect(error.message == line)
      #expect(ExitStatus.of(error) == status, "\(error)")
    }
    let timeout = DesktopError.timeout(what: "the application", seconds: 2, limit: .callers)
    #expect(timeout.message == "the application did not answer within 2.0 s; try again, or give it longer with --timeout")
    #expect(ExitStatus.of(timeout) == 75)
    let primary = DesktopError.keptSending(what: "the application", seconds: 2, limit: .direct(selection: .primary))
    #expect(
      primary.message == "the application kept sending for 2.0 s without ending its data; try again, "
        + "or import it with a longer limit: pb import --selection primary --timeout 60s")
    #expect(ExitStatus.of(DesktopError.pasteboard(.noSuchPasteboard("x"))) == 66, "a store failure on the way keeps its status")
    #expect(WorkNote.notRemoved("/a/f", reason: "Permission denied").message == "'/a/f' was copied but not removed: Permission denied")
    #expect(
      Notice.stillLocked(board: "general", seconds: 10).message
        == "pb: pasteboard 'general' is still locked by another pb after 10.0 s; waiting, "
        + "because standard input was read and would be lost (Ctrl-C gives up)")
  }

  @Test func theLibraryNamesNoOptionAndWritesNothingToTheTerminal() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let option = try Regex(#""[^"\n]*--[a-z][^"\n]*""#)
    for target in ["Sources/PasteboardKit", "Sources/DesktopClipboard", "Sources/RemoteBoards"] {
      let folder = root.appendingPathComponent(target)
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      #expect(!files.isEmpty, "no sources under \(target)")
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          #expect(line.firstMatch(of: option) == nil, "\(target)/\(file):\(number + 1) names an option: \(line)")
          #expect(
            !line.contains("StandardStreams.printError(") && !line.contains("Descriptor.standardError.write"),
            "\(target)/\(file):\(number + 1) writes to standard error: \(line)")
        }
      }
    }
  }
}
