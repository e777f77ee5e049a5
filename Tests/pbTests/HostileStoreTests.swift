import Foundation
import Testing

/// The store's files planted by someone else: every test writes a value first, plants one
/// hostile file, and checks that pb refuses with its exit code and one line naming the
/// file, reads and writes nothing outside the store, never hangs, and leaves the value.
@Suite("a store with hostile files", .tags(.endToEnd))
struct HostileStoreTests {
  static let secret = "OUTSIDE-SECRET-7f3a"

  /// A store holding "previous value" on general, and beside it a folder and a file
  /// that pb must never touch.
  final class Planted {
    let sandbox: Sandbox
    let outside: URL
    let secretFile: URL
    let board: URL
    let manifest: URL

    init() throws {
      sandbox = try Sandbox()
      outside = sandbox.root.appendingPathComponent("outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      secretFile = sandbox.root.appendingPathComponent("secret.txt")
      try Data(HostileStoreTests.secret.utf8).write(to: secretFile)
      let write = try sandbox.pb("copy", stdin: Data("previous value".utf8))
      #expect(write.status == 0, "\(write)")
      board = sandbox.store.appendingPathComponent("boards/general")
      manifest = board.appendingPathComponent("state/1.json")
      #expect(FileManager.default.fileExists(atPath: manifest.path))
    }

    var dataFile: URL {
      get throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path)
        return board.appendingPathComponent("data/" + (try #require(names.first)))
      }
    }

    /// Runs pb under a short time limit; a run that hangs fails the test.
    func pb(_ arguments: String..., stdin: Data? = Data("new value".utf8)) throws -> Result {
      let result = try sandbox.run(Sandbox.binary, arguments, stdin: stdin, environment: sandbox.environment, timeLimit: 10)
      #expect(result.status != 124 && result.status != 137, "pb hung: \(result)")
      return result
    }

    /// The refusal: its status, one line, naming `name`, nothing on stdout, and nothing
    /// of the outside world in what pb printed or in the outside folder.
    func expectRefusal(_ result: Result, status: Int32, naming name: String, _ detail: String = "") throws {
      #expect(result.status == status, "\(result)")
      #expect(result.stderr.hasPrefix("pb: ") && result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
      #expect(result.stderr.contains(name), "the message names \(name): \(result)")
      #expect(result.stderr.contains(detail), "\(result)")
      #expect(!result.text.contains(HostileStoreTests.secret) && !result.stderr.contains(HostileStoreTests.secret))
      try expectOutsideUntouched()
    }

    func expectOutsideUntouched() throws {
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "pb wrote outside the store")
      #expect(try String(contentsOf: secretFile, encoding: .utf8) == HostileStoreTests.secret)
    }

    func expectPreviousValue() throws {
      let paste = try pb("paste", stdin: nil)
      #expect(paste.status == 0 && paste.text == "previous value", "\(paste)")
    }

    func editManifest(_ pattern: String, _ replacement: String) throws {
      let text = try String(contentsOf: manifest, encoding: .utf8)
      let edited = try text.replacing(Regex(pattern), with: replacement)
      #expect(edited != text, "the edit took effect")
      try Data(edited.utf8).write(to: manifest)
    }

    /// Replaces `relative` (a folder or file of the board) by a link to the outside
    /// folder for the duration of `body`, then puts the original back.
    func withLink(at relative: String, to target: URL, _ body: () throws -> Void) throws {
      let original = board.appendingPathComponent(relative)
      let aside = sandbox.root.appendingPathComponent("aside")
      try FileManager.default.moveItem(at: original, to: aside)
      try FileManager.default.createSymbolicLink(at: original, withDestinationURL: target)
      try body()
      try FileManager.default.removeItem(at: original)
      try FileManager.default.moveItem(at: aside, to: original)
    }
  }

  @Test(
    "a manifest naming a file outside data/ is damaged (70), and nothing outside is read",
    arguments: ["../../../../secret.txt", "../../other/data/0123456789abcdef.txt", "/etc/passwd", "a/b", ".hidden", ""])
  func escapingFileName(_ name: String) throws {
    let planted = try Planted()
    try planted.editManifest("\"file\" : \"[^\"]*\"", "\"file\" : \"\(name)\"")
    for arguments in [["paste"], ["items"], ["paste", "--json"], ["types"], ["copy", "--append"]] {
      let result = try planted.sandbox.run(Sandbox.binary, arguments, stdin: Data("x".utf8), environment: planted.sandbox.environment, timeLimit: 10)
      try planted.expectRefusal(result, status: 70, naming: "state/1.json", "items[0].representations[0].file")
    }
  }

  @Test(
    "a link anywhere in the store is never followed: writers and readers refuse it (77) and write nothing through it",
    arguments: ["", "state", "data", "tmp", "trash", "lock", "state/1.json", "DATA"])
  func links(_ relative: String) throws {
    let planted = try Planted()
    let target = relative == "lock" || relative == "state/1.json" ? planted.secretFile : planted.outside
    let path = relative == "DATA" ? "data/" + (try planted.dataFile.lastPathComponent) : relative
    let linkTarget = relative == "DATA" ? planted.secretFile : target
    if relative == "" {
      // The board folder itself.
      let aside = planted.sandbox.root.appendingPathComponent("aside")
      try FileManager.default.moveItem(at: planted.board, to: aside)
      try FileManager.default.createSymbolicLink(at: planted.board, withDestinationURL: planted.outside)
      try planted.expectRefusal(try planted.pb("copy"), status: 77, naming: "boards/general", "symbolic link")
      try planted.expectRefusal(try planted.pb("paste"), status: 77, naming: "boards/general", "symbolic link")
      try FileManager.default.removeItem(at: planted.board)
      try FileManager.default.moveItem(at: aside, to: planted.board)
    } else {
      try planted.withLink(at: path, to: linkTarget) {
        // A copy that replaces the value never opens the old data files (and removes a
        // link planted among them without following it), so only readers meet that one.
        if relative != "DATA" {
          let copy = try planted.pb("copy")
          try planted.expectRefusal(copy, status: 77, naming: path, "symbolic link")
          #expect(!copy.stderr.contains("chmod"), "one fix, and one that works: \(copy)")
        }
        if ["state", "data", "state/1.json", "DATA"].contains(relative) {
          try planted.expectRefusal(try planted.pb("paste", stdin: nil), status: 77, naming: path, "symbolic link")
          try planted.expectRefusal(try planted.pb("items", stdin: nil), status: 77, naming: path, "symbolic link")
        }
      }
    }
    try planted.expectPreviousValue()
  }

  @Test("a link in place of boards/ is refused, for reading and for writing")
  func boardsLink() throws {
    let planted = try Planted()
    let boards = planted.sandbox.store.appendingPathComponent("boards")
    let aside = planted.sandbox.root.appendingPathComponent("aside")
    try FileManager.default.moveItem(at: boards, to: aside)
    try FileManager.default.createSymbolicLink(at: boards, withDestinationURL: planted.outside)
    try planted.expectRefusal(try planted.pb("copy"), status: 77, naming: "store/boards", "symbolic link")
    try planted.expectRefusal(try planted.pb("paste"), status: 77, naming: "store/boards", "symbolic link")
    try FileManager.default.removeItem(at: boards)
    try FileManager.default.moveItem(at: aside, to: boards)
    try planted.expectPreviousValue()
  }

  @Test("a superseded large value is never moved out through a linked trash/")
  func linkedTrash() throws {
    let planted = try Planted()
    #expect(try planted.pb("copy", stdin: Data(repeating: 7, count: 2 << 20)).status == 0)
    try planted.withLink(at: "trash", to: planted.outside) {
      try planted.expectRefusal(try planted.pb("copy"), status: 77, naming: "trash", "symbolic link")
    }
    let paste = try planted.pb("paste", stdin: nil)
    #expect(paste.stdout == Data(repeating: 7, count: 2 << 20))
  }

  @Test("a FIFO as the newest manifest or as a data file makes nothing hang, and the lock stays free", arguments: ["manifest", "data"])
  func fifo(_ kind: String) throws {
    let planted = try Planted()
    let fifo = kind == "manifest" ? planted.board.appendingPathComponent("state/2.json") : try planted.dataFile
    if kind == "data" { try FileManager.default.removeItem(at: fifo) }
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let name = kind == "manifest" ? "state/2.json" : fifo.lastPathComponent
    try planted.expectRefusal(try planted.pb("paste", stdin: nil), status: 77, naming: name, "FIFO")
    try planted.expectRefusal(try planted.pb("items", stdin: nil), status: 77, naming: name, "FIFO")
    if kind == "manifest" {
      try planted.expectRefusal(try planted.pb("copy"), status: 77, naming: name, "FIFO")
      // The refused writer did not keep the lock: once the FIFO is gone, writing works at once.
      try FileManager.default.removeItem(at: fifo)
      try planted.expectPreviousValue()
      let write = try planted.sandbox.pb(["copy"], stdin: Data("after".utf8), environment: ["PB_LOCK_TIMEOUT": "0"])
      #expect(write.status == 0, "\(write)")
    }
  }

  @Test("a history file that is damaged, a FIFO or a link is refused by writers and by undo, and readers still read")
  func hostileHistory() throws {
    for plant in ["damaged", "fifo", "link", "foreign data"] {
      let planted = try Planted()
      let history = planted.board.appendingPathComponent("history/1.json")
      #expect(FileManager.default.fileExists(atPath: history.path), "the copy wrote its history")
      let name = "history/1.json"
      var status: Int32 = 77
      var detail = ""
      switch plant {
      case "damaged":
        try Data("{\"format\": 3, \"changeCount\": 1, \"levelsOfUndo\": -1, \"undo\": [], \"redo\": []}".utf8).write(to: history)
        status = 70
        detail = "levelsOfUndo"
      case "fifo":
        try FileManager.default.removeItem(at: history)
        #expect(mkfifo(history.path, 0o600) == 0)
        detail = "FIFO"
      case "link":
        try FileManager.default.removeItem(at: history)
        try FileManager.default.createSymbolicLink(at: history, withDestinationURL: planted.secretFile)
        detail = "symbolic link"
      default:
        // An entry naming a file outside data/ is damaged, not followed.
        try Data(#"""
          {"format": 3, "changeCount": 1, "levelsOfUndo": 50, "redo": [], "undo": [{"actionName": "Copy", "changeCount": 1,
            "date": "2026-11-22T10:00:00.000Z", "items": [{"representations": [{"file": "../../../secret.txt", "size": 19,
            "type": "public.utf8-plain-text", "typeSource": "text"}]}]}]}
          """#.utf8).write(to: history)
        status = 70
        detail = "not a data file name"
      }
      try planted.expectRefusal(try planted.pb("undo", stdin: nil), status: status, naming: name, detail)
      try planted.expectRefusal(try planted.pb("copy"), status: status, naming: name, detail)
      try planted.expectRefusal(try planted.pb("history", stdin: nil), status: status, naming: name, detail)
      try planted.expectPreviousValue()
    }
  }

  @Test("a change count at its limit refuses writes with a message instead of trapping, and keeps the value")
  func countAtLimit() throws {
    let planted = try Planted()
    let highest = "9223372036854775806"
    try planted.editManifest("\"changeCount\" : 1", "\"changeCount\" : \(highest)")
    let renamed = planted.board.appendingPathComponent("state/\(highest).json")
    try FileManager.default.moveItem(at: planted.manifest, to: renamed)
    try planted.expectRefusal(try planted.pb("copy"), status: 70, naming: "state/\(highest).json", "cannot change any more")
    try planted.expectRefusal(try planted.pb("clear"), status: 70, naming: "state/\(highest).json", "cannot change any more")
    try planted.expectPreviousValue()
    // One more is beyond what a manifest may hold at all.
    let text = try String(contentsOf: renamed, encoding: .utf8).replacing(highest, with: "9223372036854775807")
    try Data(text.utf8).write(to: renamed)
    try planted.expectRefusal(try planted.pb("paste", stdin: nil), status: 70, naming: "state/\(highest).json", "changeCount")
    try planted.expectRefusal(try planted.pb("copy"), status: 70, naming: "state/\(highest).json", "changeCount")
  }

  @Test("a negative size, or a size that is not the file's, is damage (70) for every reader", arguments: ["-5", "3"])
  func badSize(_ size: String) throws {
    let planted = try Planted()
    try planted.editManifest("\"size\" : 14", "\"size\" : \(size)")
    let named = size == "-5" ? "state/1.json" : try planted.dataFile.lastPathComponent
    for arguments in [["paste"], ["paste", "--json"], ["items"]] {
      let result = try planted.sandbox.run(Sandbox.binary, arguments, stdin: nil, environment: planted.sandbox.environment, timeLimit: 10)
      try planted.expectRefusal(result, status: 70, naming: named, size == "-5" ? "-5 is not a size" : "holds 14 bytes")
      #expect(!result.stderr.contains("(-5 B)"))
    }
  }

  @Test("a data file gone from under its manifest is named, not reported as a temporary failure")
  func missingData() throws {
    let planted = try Planted()
    let data = try planted.dataFile
    try FileManager.default.removeItem(at: data)
    let result = try planted.pb("paste", stdin: nil)
    try planted.expectRefusal(result, status: 70, naming: data.lastPathComponent, "missing")
    #expect(!result.stderr.contains("temporarily"))
  }

  @Test("a board folder others can write to is refused with a chmod that fixes it")
  func worldWritableBoard() throws {
    let planted = try Planted()
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: planted.board.path)
    let result = try planted.pb("paste", stdin: nil)
    try planted.expectRefusal(result, status: 77, naming: "boards/general", "others can write to it; fix it with: chmod go-w")
    try planted.expectRefusal(try planted.pb("copy"), status: 77, naming: "boards/general", "others can write")
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: planted.board.path)
    try planted.expectPreviousValue()
  }

  @Test(
    "a store, board or file owned by someone else is refused with a fix that can work (chown or another PB_DIR)",
    .enabled(if: geteuid() == 0, "only root can give a file to another user"),
    arguments: ["store", "board", "manifest", "data"])
  func foreignOwner(_ what: String) throws {
    let planted = try Planted()
    let target: URL =
      switch what {
      case "store": planted.sandbox.store
      case "board": planted.board
      case "manifest": planted.manifest
      default: try planted.dataFile
      }
    #expect(chown(target.path, 65534, 65534) == 0)
    let result = try planted.pb("paste", stdin: nil)
    try planted.expectRefusal(result, status: 77, naming: target.lastPathComponent, "belongs to user 65534")
    #expect(result.stderr.contains("chown") && result.stderr.contains("PB_DIR") && !result.stderr.contains("chmod"), "\(result)")
    #expect(chown(target.path, 0, 0) == 0)
    try planted.expectPreviousValue()
  }
}
