import Foundation
import Testing

@Suite("the store under concurrency and crashes", .tags(.endToEnd))
struct StoreTests {
  @Test("4 writers of 100 copies each raise the change count by exactly 400, and every paste meanwhile is one whole written value")
  func concurrentWriters() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("start".utf8))
    let before = try sandbox.changeCount()
    // Each value is 96 KiB, larger than the sniffed head, so a torn read would show.
    let script = """
      pad=$(head -c 98304 /dev/zero | tr '\\0' 'x')
      writer() { for i in $(seq 100); do printf 'writer-%s-value-%s-%s-end' "$1" "$i" "$pad" | pb copy || echo "copy failed" >&2; done; }
      reader() { for i in $(seq 150); do pb paste > "reads/$i" || echo "paste failed" >&2; done; }
      mkdir -p reads
      writer 1 & writer 2 & writer 3 & writer 4 & reader &
      wait
      """
    let result = try sandbox.shell("cd \(sandbox.root.path) && " + script)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(try sandbox.changeCount() == before + 400)
    let values = try WrittenValues("writer-[1-4]-value-[0-9]+", padding: 98304)
    try values.checkReads(in: sandbox.root.appendingPathComponent("reads"), expected: 150, also: ["start"])
    // Only the newest state, its history, and the data they name are left behind: the
    // current value and the 50 values the 50 undo levels give back.
    let board = sandbox.store.appendingPathComponent("boards/general")
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("state").path).count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("history").path).count == 1)
    let history = try sandbox.json(sandbox.pb("history", "--json")) as? [String: Any]
    #expect((history?["undo"] as? [Any])?.count == 50, "\(String(describing: history))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path).count == 51)
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("tmp").path).isEmpty)
  }

  @Test("a writer killed mid-stream leaves the last contents intact and nothing of its own, and the next writer cleans up litter")
  func killedWriter() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("committed".utf8))
    let board = sandbox.store.appendingPathComponent("boards/general")
    let dataBefore = try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path)
    // The writer's staged bytes are an unnamed file in data/: seen through /proc before
    // the kill, nowhere after it.
    let script = """
      mkfifo feed
      pb copy < feed &
      writer=$!
      exec 3> feed
      head -c 200000 /dev/urandom >&3
      wait_until 'blocked $writer pipe'
      staged=0
      for fd in /proc/$writer/fd/*; do
        case "$(readlink "$fd")" in *"/boards/general/data/"*"(deleted)") staged=$((staged + 1)) ;; esac
      done
      echo "staged: $staged"
      kill -9 $writer
      wait $writer 2>/dev/null
      exec 3>&-
      echo "tmp: $(ls "$PB_DIR/boards/general/tmp" | wc -l)"
      """
    let result = try sandbox.shell("cd \(sandbox.root.path) && export PB_DIR=\(sandbox.store.path) && " + script)
    #expect(result.lines.contains("staged: 1"), "the writer was streaming into an unnamed file: \(result)")
    #expect(result.lines.contains("tmp: 0"), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path) == dataBefore)
    #expect(try sandbox.pb("paste").text == "committed")
    #expect(try sandbox.changeCount() == 1)
    // Litter a crash could leave: an orphan data file, an older state, the scratch folder
    // of a writer that had none of unnamed files (its lock free: its writer is gone).
    _ = try sandbox.file("store/boards/general/data/orphan.bin", "orphan")
    _ = try sandbox.file("store/boards/general/tmp/0123456789abcdef/0123456789abcdef.txt", "staged by a dead writer")
    try sandbox.pb("copy", stdin: Data("next".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("tmp").path).isEmpty)
    let data = try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path)
    #expect(data.count == 2 && !data.contains("orphan.bin"), "the new value and the one undo gives back: \(data)")
    #expect(try sandbox.pb("paste").text == "next")
    #expect(try sandbox.changeCount() == 2)
  }

  @Test("the store is created private, and its files are plain and readable with cat")
  func layout() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("inspect me".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.store.path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
    #expect(try String(contentsOf: sandbox.store.appendingPathComponent("format"), encoding: .utf8) == "5\n")
    let board = sandbox.store.appendingPathComponent("boards/general")
    let data = try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path)
    #expect(data.count == 1 && data[0].hasSuffix(".txt"))
    #expect(try String(contentsOf: board.appendingPathComponent("data/" + data[0]), encoding: .utf8) == "inspect me")
    let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: board.appendingPathComponent("state/1.json"))) as? [String: Any]
    #expect(manifest?["format"] as? Int == 5)
    #expect(manifest?["changeCount"] as? Int == 1)
  }

  @Test("large superseded data is freed in the background, small data at once")
  func largeDataIsFreedInTheBackground() throws {
    let sandbox = try Sandbox()
    let board = sandbox.store.appendingPathComponent("boards/general")
    let large = Data(repeating: 7, count: 3 << 20)
    try sandbox.pb("copy", stdin: large)
    try sandbox.pb("copy", stdin: Data("small".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path).count == 2)
    // Dropped from history, nothing names the large file any more.
    #expect(try sandbox.pb("history", "--clear").status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("data").path).count == 1)
    let trash = board.appendingPathComponent("trash").path
    #expect(try waitUntil { try FileManager.default.contentsOfDirectory(atPath: trash).isEmpty }, "the 3 MiB file was not freed")
    #expect(try sandbox.pb("paste").text == "small")
  }

  @Test("a manifest edited by hand into another date form is refused as corrupt, naming the file")
  func malformedDate() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("x".utf8))
    let manifest = sandbox.store.appendingPathComponent("boards/general/state/1.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let edited = try text.replacing(Regex("\"date\" : \"[^\"]*\""), with: "\"date\" : \"yesterday\"")
    #expect(edited != text)
    try Data(edited.utf8).write(to: manifest)
    let result = try sandbox.pb("paste")
    #expect(result.status == 70, "\(result)")
    #expect(result.stderr.contains("state/1.json") && result.stderr.contains("yesterday"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }

  @Test("a store written by a newer pb is refused, not misread")
  func newerFormat() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("x".utf8))
    try Data("6\n".utf8).write(to: sandbox.store.appendingPathComponent("format"))
    let result = try sandbox.pb("paste")
    #expect(result.status == 70, "\(result)")
    #expect(result.stderr.contains("format 6, newer than this pb understands (5)"), "\(result)")
  }

  @Test("a store of format 1 is read as it is, and marked the current format by the first write, so an older pb refuses it")
  func formatOneUpgrades() throws {
    let sandbox = try Sandbox()
    let board = sandbox.store.appendingPathComponent("boards/general")
    try FileManager.default.createDirectory(at: board.appendingPathComponent("data"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: board.appendingPathComponent("state"), withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: sandbox.store.path)
    try Data("1\n".utf8).write(to: sandbox.store.appendingPathComponent("format"))
    try Data("written by pb 0.1".utf8).write(to: board.appendingPathComponent("data/0123456789abcdef.txt"))
    try Data(#"""
      {"changeCount": 4, "date": "2026-11-21T19:51:02Z", "format": 1, "items": [{"representations": [
        {"file": "0123456789abcdef.txt", "size": 17, "type": "public.utf8-plain-text", "typeSource": "text"}]}]}
      """#.utf8).write(to: board.appendingPathComponent("state/4.json"))
    let read = try sandbox.pb("paste")
    #expect(read.status == 0 && read.text == "written by pb 0.1", "\(read)")
    #expect(try String(contentsOf: sandbox.store.appendingPathComponent("format"), encoding: .utf8) == "1\n", "a reader changes nothing")
    #expect(try sandbox.pb("copy", "--append", stdin: Data("new".utf8)).status == 0)
    #expect(try String(contentsOf: sandbox.store.appendingPathComponent("format"), encoding: .utf8) == "5\n")
    #expect(try sandbox.pb("paste", "-i", "0").text == "written by pb 0.1")
    #expect(try sandbox.changeCount() == 5)
    // History starts with the first write: undoing it gives back what the old pb wrote.
    #expect(try sandbox.pb("undo").text == "Undo Append\n")
    let undone = try sandbox.pb("paste", "-i", "all")
    #expect(undone.status == 0 && undone.text == "written by pb 0.1", "\(undone)")
  }
}
