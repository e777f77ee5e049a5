import Foundation
import Testing

/// Undo and redo act outside the store only on cut files whose record carries a MAC made
/// with the user's key, kept outside the store: a planted history, or one an older pb
/// wrote, undoes inside the store and touches no path outside.
@Suite("history sealed with the user's key", .tags(.endToEnd))
struct HistorySealTests {
  /// The board whose history `plant` edits.
  var board = "general"

  func currentHistory(_ sandbox: Sandbox) throws -> (url: URL, object: [String: Any]) {
    let history = sandbox.store.appendingPathComponent("boards/\(board)/history")
    let url = history.appendingPathComponent("\(try sandbox.changeCount(board)).json")
    return (url, try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:])
  }

  /// Edits every cut file of the top entry of `stack` in the board's current history, and
  /// the file itself.
  func plant(_ sandbox: Sandbox, stack: String, file: (inout [String: Any]) -> Void = { _ in }, _ edit: (inout [String: Any]) -> Void)
    throws
  {
    var (url, object) = try currentHistory(sandbox)
    var entries = object[stack] as? [[String: Any]] ?? []
    var cuts = entries.last?["cutFiles"] as? [[String: Any]] ?? []
    try #require(!cuts.isEmpty, "the history holds a cut to plant into: \(object)")
    for index in cuts.indices { edit(&cuts[index]) }
    entries[entries.count - 1]["cutFiles"] = cuts
    object[stack] = entries
    file(&object)
    try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
  }

  /// A folder outside the sandbox, as a victim's.
  func outsideFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pb-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  @Test("a genuine cut is put back by undo; the same entry planted to name a path outside undoes inside only (73) and makes nothing there")
  func plantedOutsidePath() throws {
    let sandbox = try Sandbox()
    let outside = try outsideFolder()
    defer { try? FileManager.default.removeItem(at: outside) }
    try sandbox.pb("copy", stdin: Data("before".utf8))
    let path = try sandbox.file("notes.txt", "mine")
    #expect(try sandbox.pb("cut", "notes.txt").status == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
    // The genuine entry puts the file back: the planted one below differs only in its path.
    let genuine = try sandbox.pb("undo")
    #expect(genuine.status == 0 && genuine.stderr.isEmpty, "\(genuine)")
    #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8), "undo put the genuine cut back")
    #expect(try sandbox.pb("redo").status == 0)
    #expect(!FileManager.default.fileExists(atPath: path), "redo took it again")
    let victim = outside.appendingPathComponent("planted.txt").path
    try plant(sandbox, stack: "undo") { $0["path"] = victim }
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 73 && undo.text == "Undo Cut\n", "\(undo)")
    let lines = undo.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].contains("not authenticated") && lines[0].contains(victim), "\(undo)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [], "nothing was made outside")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try sandbox.pb("paste").text == "before", "the undo happened inside the store")
    #expect(try sandbox.pb("redo").status == 0)
    #expect(try sandbox.pb("paste").text == "mine", "the cut's bytes stay in the store")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
  }

  @Test("a planted undo journal naming a path outside is refused (70) before anything is made there")
  func plantedUndoJournal() throws {
    let sandbox = try Sandbox()
    let outside = try outsideFolder()
    defer { try? FileManager.default.removeItem(at: outside) }
    #expect(try sandbox.pb("copy", stdin: Data("store bytes".utf8)).status == 0)
    let board = sandbox.store.appendingPathComponent("boards/general")
    let data = try #require(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path).first)
    let victim = outside.appendingPathComponent("planted.txt").path
    // An undo's work after its commit, as if pb had been killed there: make the file.
    let step: [String: Any] = [
      "path": victim, "file": data, "method": "copy", "temporary": ".planted.txt.pb-0123456789abcdef", "mode": 0o644, "modified": 1,
    ]
    let count = try sandbox.changeCount()
    let plan: [String: Any] = ["format": 4, "operation": "undo", "from": count - 1, "to": count, "steps": [step]]
    var bytes = try JSONSerialization.data(withJSONObject: plan, options: [.sortedKeys])
    bytes.append(0x0A)
    try bytes.write(to: board.appendingPathComponent("journal"))
    let copy = try sandbox.pb("copy", stdin: Data("next".utf8))
    #expect(copy.status == 70 && copy.stderr.contains("journal") && copy.stderr.split(separator: "\n").count == 1, "\(copy)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [], "nothing was made outside")
  }

  @Test("a history an older pb wrote (format 5, no MAC) undoes inside the store only, saying so")
  func olderHistoryIsInsideOnly() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("notes.txt", "mine")
    #expect(try sandbox.pb("cut", "notes.txt").status == 0)
    try plant(sandbox, stack: "undo", file: { $0["format"] = 5 }) { $0["seal"] = nil }
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 73 && undo.stderr.contains("not authenticated"), "\(undo)")
    #expect(!FileManager.default.fileExists(atPath: path), "an unauthenticated record puts nothing back")
    #expect(try sandbox.pb("redo").status == 0)
    #expect(try sandbox.pb("paste").text == "mine", "its bytes are still the store's")
  }

  @Test("on a named board, the hints after an undo that put a cut file back nowhere name it: pb redo -p work, pb paste -p work")
  func hintsNameTheBoard() throws {
    let sandbox = try Sandbox()
    var work = self
    work.board = "work"
    let path = try sandbox.file("notes.txt", "mine")
    #expect(try sandbox.pb("cut", "-p", "work", "notes.txt").status == 0)
    #expect(!FileManager.default.fileExists(atPath: path), "the cut took the file")
    try work.plant(sandbox, stack: "undo", file: { $0["format"] = 5 }) { $0["seal"] = nil }
    let undo = try sandbox.pb("undo", "-p", "work")
    #expect(undo.status == 73 && undo.stderr.hasSuffix("its bytes stay in the store: pb redo -p work, then pb paste -p work\n"), "\(undo)")
    let clear = try sandbox.pb("history", "--clear", "-p", "work")
    #expect(
      clear.status == 73 && clear.stderr.contains("have it with pb redo -p work, then pb paste -p work, before clearing history"),
      "\(clear)")
    // What the hints say gives the file's bytes.
    #expect(try sandbox.pb("redo", "-p", "work").status == 0)
    #expect(try sandbox.pb("paste", "-p", "work").text == "mine")
  }

  @Test("the key is made once, 0600 in a 0700 folder of XDG_STATE_HOME (else ~/.local/state), by concurrent first cuts alike")
  func theKeyFile() throws {
    let sandbox = try Sandbox()
    let state = sandbox.root.appendingPathComponent("state")
    // Eight first uses at once: each undo then finds its entry sealed with the one key.
    let result = try sandbox.shell(
      """
      cd \(sandbox.root.path) && export PB_DIR=\(sandbox.store.path) XDG_STATE_HOME=\(state.path)
      for i in 1 2 3 4 5 6 7 8; do echo $i > f$i; done
      for i in 1 2 3 4 5 6 7 8; do pb cut -q -p b$i f$i & done; wait
      for i in 1 2 3 4 5 6 7 8; do pb undo -p b$i > /dev/null || echo "undo $i failed"; done
      cat f1 f2 f3 f4 f5 f6 f7 f8 | tr -d '\\n'; echo
      stat -c '%a %F' state/pb state/pb/key; ls -a state/pb | tr '\\n' ' '; echo
      """)
    #expect(result.lines == ["12345678", "700 directory", "600 regular file", ". .. key "], "\(result)")
    #expect(try Data(contentsOf: state.appendingPathComponent("pb/key")).count == 32)
    // Without XDG_STATE_HOME, under HOME.
    let home = sandbox.root.appendingPathComponent("home")
    let fallback = try sandbox.shell(
      """
      cd \(sandbox.root.path) && export PB_DIR=\(sandbox.store.path) HOME=\(home.path) && unset XDG_STATE_HOME
      echo x > g && pb cut -q g && pb undo > /dev/null && cat g && stat -c '%a' home/.local/state/pb/key
      """)
    #expect(fallback.lines == ["x", "600"], "\(fallback)")
  }

  @Test("a key file others can read, or that is not a plain file, is refused (77) before a cut removes anything")
  func anInsecureKeyIsRefused() throws {
    let sandbox = try Sandbox()
    let key = sandbox.root.appendingPathComponent("state/pb/key")
    let path = try sandbox.file("notes.txt", "mine")
    let environment = ["XDG_STATE_HOME": sandbox.root.appendingPathComponent("state").path]
    #expect(try sandbox.pb("cut", path, environment: environment).status == 0, "the key is made")
    #expect(try sandbox.pb("undo", environment: environment).status == 0)
    chmod(key.path, 0o644)
    let refused = try sandbox.pb("cut", path, environment: environment)
    #expect(refused.status == 77 && refused.stderr.contains(key.path) && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
    #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8), "nothing was cut")
    try FileManager.default.removeItem(at: key)
    try FileManager.default.createSymbolicLink(atPath: key.path, withDestinationPath: path)
    let link = try sandbox.pb("cut", path, environment: environment)
    #expect(link.status == 77 && link.stderr.contains(key.path), "\(link)")
    #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8))
  }
  @Test("a key folder inside the store (XDG_STATE_HOME there, or a link into it) is refused (77) before a cut removes anything")
  func aKeyInsideTheStoreIsRefused() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("notes.txt", "mine")
    let link = sandbox.root.appendingPathComponent("state-link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: sandbox.store.path)
    #expect(try sandbox.pb("copy", stdin: Data("before".utf8)).status == 0, "the store exists")
    for state in [sandbox.store.path, sandbox.store.appendingPathComponent("boards/general").path, link.path] {
      let refused = try sandbox.pb("cut", path, environment: ["XDG_STATE_HOME": state])
      #expect(refused.status == 77 && refused.stderr.contains("inside the store"), "\(state): \(refused)")
      #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8), "nothing was cut")
    }
  }
  @Test("a sealed cut file planted twice (its record repeated in the entry, or the entry repeated) is refused (70); nothing is made outside")
  func repeatedSealedRecordsAreRefused() throws {
    for repeatEntry in [false, true] {
      let sandbox = try Sandbox()
      try sandbox.pb("copy", stdin: Data("before".utf8))
      let path = try sandbox.file("notes.txt", "mine")
      #expect(try sandbox.pb("cut", "notes.txt").status == 0)
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      var (url, object) = try currentHistory(sandbox)
      var undo = object["undo"] as? [[String: Any]] ?? []
      if repeatEntry {
        undo.append(try #require(undo.last))
      } else {
        let cuts = undo[undo.count - 1]["cutFiles"] as? [[String: Any]] ?? []
        undo[undo.count - 1]["cutFiles"] = cuts + cuts
      }
      object["undo"] = undo
      try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
      for _ in 0..<2 {
        let refused = try sandbox.pb("undo")
        #expect(refused.status == 70 && refused.stderr.contains("twice"), "repeated entry \(repeatEntry): \(refused)")
      }
      let made = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("notes.txt") }
      #expect(made == [], "repeated entry \(repeatEntry): nothing put back, let alone twice: \(made)")
    }
  }
}
