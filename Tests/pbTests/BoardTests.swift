import Foundation
import Testing

/// Boards as a whole: list, create, delete, temporary and unique boards.
@Suite("boards", .tags(.endToEnd))
struct BoardTests {
  func boardNames(_ sandbox: Sandbox) throws -> [String] {
    let list = try sandbox.pb("list", "--json")
    #expect(list.status == 0, "\(list)")
    let boards = try #require(try sandbox.json(list) as? [[String: Any]])
    return boards.compactMap { $0["name"] as? String }
  }

  @Test("list shows every board with its items, bytes, count and owner; general and find always")
  func list() throws {
    let sandbox = try Sandbox()
    #expect(try boardNames(sandbox) == ["find", "general"])
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("twelve bytes".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-p", "work", "--append", stdin: Data("more".utf8)).status == 0)
    let list = try sandbox.json(try sandbox.pb("list", "--json")) as? [[String: Any]]
    let work = try #require(list?.first { $0["name"] as? String == "work" })
    #expect(work["numberOfItems"] as? Int == 2)
    #expect(work["bytes"] as? Int == 16)
    #expect(work["changeCount"] as? Int == 2)
    #expect(work["persistent"] as? Bool == true, "a board made by writing to it is persistent")
    let text = try sandbox.pb("list")
    #expect(text.lines.first?.hasPrefix("NAME") == true, "\(text)")
    #expect(text.lines.contains { $0.hasPrefix("work ") && $0.contains("persistent") }, "\(text)")
  }

  @Test("create makes a board (73 if it exists, unless --exist-ok); --unique prints a fresh name")
  func create() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("create", "--persistent", "notes").status == 0)
    #expect(try boardNames(sandbox).contains("notes"))
    #expect(try sandbox.pb("copy", "-p", "notes", stdin: Data("kept".utf8)).status == 0)
    let again = try sandbox.pb("create", "--persistent", "notes")
    #expect(again.status == 73 && again.stderr.contains("exists already"), "\(again)")
    #expect(try sandbox.pb("create", "--persistent", "--exist-ok", "notes").status == 0)
    #expect(try sandbox.pb("paste", "-p", "notes").text == "kept", "--exist-ok leaves the board as it was")
    #expect(try sandbox.pb("create", "general").status == 73)
    let first = try sandbox.pb("create", "--unique", "--persistent")
    let second = try sandbox.pb("create", "--unique", "--persistent", "--prefix", "job")
    #expect(first.status == 0 && second.status == 0)
    let firstName = first.text.trimmingCharacters(in: .newlines)
    let secondName = second.text.trimmingCharacters(in: .newlines)
    #expect(try Regex("^pb\\.[0-9a-f]{16}$").wholeMatch(in: firstName) != nil, "\(first)")
    #expect(try Regex("^job\\.[0-9a-f]{16}$").wholeMatch(in: secondName) != nil, "\(second)")
    #expect(try Set(boardNames(sandbox)).isSuperset(of: [firstName, secondName]))
    // Nothing half-made is left in boards/.
    let folders = try FileManager.default.contentsOfDirectory(atPath: sandbox.store.appendingPathComponent("boards").path)
    #expect(folders.allSatisfy { !$0.hasPrefix(".") }, "\(folders)")
  }

  @Test("a board created by a shell script is gone once the script has exited, and list counts right")
  func temporaryBoard() throws {
    let sandbox = try Sandbox()
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      board=$(pb create --unique --prefix script)
      echo "made $board"
      echo data | pb copy -p "$board"
      pb list --json | grep -c '"name"'
      pb paste -p "$board"
      """
    let run = try sandbox.shell(script)
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.contains("3"), "the script saw general, find and its board: \(run)")
    #expect(run.lines.contains("data"), "\(run)")
    let made = try #require(run.lines.first { $0.hasPrefix("made ") }).dropFirst(5)
    #expect(try boardNames(sandbox) == ["find", "general"], "the script's board \(made) outlived it")
    #expect(!FileManager.default.fileExists(atPath: sandbox.store.appendingPathComponent("boards/\(made)").path))
    let owned = try FileManager.default.contentsOfDirectory(atPath: sandbox.store.appendingPathComponent("owned").path)
    #expect(owned.isEmpty, "\(owned)")
  }

  @Test("a board whose owner's PID now belongs to another process is still reaped")
  func reusedPID() throws {
    let sandbox = try Sandbox()
    // A live process, then a board recorded as owned by an earlier process with its PID.
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      sleep infinity &
      sleeper=$!
      trap 'kill $sleeper' EXIT
      pb create --owner $sleeper mine || exit 1
      pb create --owner $sleeper reused || exit 1
      cd "$PB_DIR"
      entry=$(ls owned | grep '\\.reused$')
      start=$(echo "$entry" | cut -d. -f2)
      earlier=$((start - 1))
      mv "owned/$entry" "owned/$sleeper.$earlier.reused"
      sed -i "s/\\"startTime\\" : $start/\\"startTime\\" : $earlier/" boards/reused/board.json
      grep -q "$earlier" boards/reused/board.json || exit 2
      pb list --json | grep -o '"name" : "[a-z]*"'
      """
    let run = try sandbox.shell(script)
    #expect(run.status == 0, "\(run)")
    #expect(run.text.contains("\"name\" : \"mine\""), "the board of the live owner stays: \(run)")
    #expect(!run.text.contains("\"name\" : \"reused\""), "the board of the earlier process is reaped: \(run)")
  }

  @Test("a wait on a temporary board whose owner exits meanwhile times out (1), and ends (66) when a writer removes the board")
  func waitOnBoardWhoseOwnerExits() throws {
    let sandbox = try Sandbox()
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      sleep infinity &
      owner=$!
      trap 'kill $owner 2>/dev/null' EXIT
      pb create --owner $owner temp || exit 2
      pb copy -p temp < /dev/null || exit 2
      pb wait -p temp --timeout 20s 2>/dev/null &
      waiter=$!
      pb wait -p temp --timeout 1.5s &
      timed=$!
      # The owner exits once both waits are on the board.
      wait_until 'listening $waiter && listening $timed'
      kill $owner
      wait $timed
      echo "timed out: $?"
      pb count -p temp 2>/dev/null
      echo "count: $?"
      kill -0 $waiter && echo "still waiting"
      [ -d "$PB_DIR/boards/temp" ] && echo "still there"
      pb copy -p other < /dev/null
      wait $waiter
      echo "ended: $?"
      """
    let run = try sandbox.shell(script, timeLimit: 60)
    #expect(run.lines.contains("timed out: 1"), "a timeout is a timeout, not a deletion: \(run)")
    #expect(run.lines.contains("count: 66"), "readers find the board gone once its owner has exited: \(run)")
    #expect(run.lines.contains("still there"), "readers removed nothing: \(run)")
    #expect(run.lines.contains("still waiting"), "the earlier wait was still on the board: \(run)")
    #expect(run.lines.contains("ended: 66"), "the writer's housekeeping removed the board and ended the wait: \(run)")
  }

  @Test("delete removes boards; general and find are emptied, not removed; a deleted board is 66 to readers")
  func delete() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("w".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("g".utf8)).status == 0)
    let delete = try sandbox.pb("delete", "work", "general")
    #expect(delete.status == 0, "\(delete)")
    #expect(try boardNames(sandbox) == ["find", "general"])
    let paste = try sandbox.pb("paste", "-p", "work")
    #expect(paste.status == 66 && paste.stderr.contains("no pasteboard named 'work'"), "\(paste)")
    #expect(try sandbox.pb("paste").status == 1, "general is empty")
    #expect(try sandbox.changeCount() == 2, "emptying general is a change")
  }

  @Test("a writer that opened a board just before it was deleted fails (66) and does not recreate it")
  func deleteUnderAWriter() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("before".utf8)).status == 0)
    let script = """
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)'
      mkfifo feed
      pb copy -p work < feed &
      writer=$!
      exec 3> feed
      wait_until '[ -n "$(ls "$PB_DIR/boards/work/tmp" 2>/dev/null)" ]'
      pb delete work && echo deleted
      printf 'late data' >&3
      exec 3>&-
      wait $writer
      echo "writer: $?"
      """
    let run = try sandbox.shell(script)
    #expect(run.lines.contains("deleted"), "\(run)")
    #expect(run.lines.contains("writer: 66"), "\(run)")
    #expect(run.stderr.contains("was deleted while pb wrote to it; nothing was written"), "\(run)")
    #expect(try sandbox.pb("paste", "-p", "work").status == 66)
    #expect(try !boardNames(sandbox).contains("work"))
  }

  @Test("reading, clearing or deleting a board that does not exist exits 66 and creates nothing")
  func missingBoards() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("x".utf8)).status == 0)
    for arguments in [["paste", "-p", "nosuch"], ["clear", "-p", "nosuch"], ["delete", "nosuch"], ["count", "-p", "nosuch"], ["wait", "-p", "nosuch", "--timeout", "0"], ["info", "-p", "nosuch"]] {
      let result = try sandbox.pb(arguments)
      #expect(result.status == 66, "\(result)")
      #expect(result.stderr.contains("nosuch") && result.stderr.split(separator: "\n").count == 1, "\(result)")
    }
    #expect(try boardNames(sandbox) == ["find", "general"])
  }

  @Test(
    "bad input to the board commands: one line, its code, nothing changed",
    arguments: [
      (["create", "../x"], Int32(64), "invalid pasteboard name"),
      (["create", ".hidden"], 64, "starts with a dot"),
      (["create", ""], 64, "it is empty"),
      (["create", String(repeating: "a", count: 201)], 64, "longer than 200 bytes"),
      (["create", "a/b"], 64, "'/' is not allowed"),
      (["create", "a\nb"], 64, "invalid pasteboard name 'a\\nb'"),
      (["delete", "a/b"], 64, "invalid pasteboard name"),
      (["create", "work"], 73, "exists already"),
      (["delete", "nosuch"], 66, "no pasteboard named 'nosuch'"),
      (["clear", "-p", "nosuch"], 66, "no pasteboard named 'nosuch'"),
      (["copy", "--expire", "-5s"], 64, "invalid time '-5s': it is negative"),
      (["copy", "--expire", "tomorrow"], 64, "invalid time 'tomorrow'"),
      (["copy", "--expire", "10 parsecs"], 64, "'parsecs' is not a unit"),
      (["copy", "--expire", "2001-01-01T00:00:00Z"], 64, "that time has passed"),
      (["copy", "--expire", "2031-01-01T00:00:00"], 64, "give its time zone"),
      (["create", "--persistent", "--expire", "0s", "new"], 64, "no time at all"),
      (["create", "--owner", "999999999", "new"], 64, "no process 999999999 is running"),
      (["create", "--owner", "1", "--persistent", "new"], 64, "has no --owner"),
      (["create"], 64, "give a NAME or --unique"),
      (["copy", "--if-count", "x"], 64, "--if-count"),
      (["copy", "--if-count", "-1"], 64, "0 or more"),
      (["clear", "--if-count", "-3"], 64, "0 or more"),
      (["delete", "--if-count", "1", "work", "find"], 64, "goes with one pasteboard"),
      (["wait", "--timeout", "-1s"], 64, "it is negative"),
      (["wait", "--since", "-2"], 64, "0 or more"),
      (["watch", "--exec"], 64, "--exec needs a command after --"),
      (["watch", "--", "true"], 64, "needs --exec"),
    ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("general value".utf8)).status == 0)
    #expect(try sandbox.pb("create", "--persistent", "work").status == 0)
    let result = try sandbox.pb(arguments, stdin: Data("stdin data".utf8))
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.hasPrefix("pb: ") && result.stderr.contains(message), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    #expect(try boardNames(sandbox) == ["find", "general", "work"])
    #expect(try sandbox.pb("paste").text == "general value")
    #expect(try sandbox.changeCount() == 1)
  }

  /// Every command clears away the half-made boards of creators that died; one found
  /// between another creator's mkdir and its lock was taken for abandoned and removed
  /// under it ("internal error: a new board folder vanished", or a board laid out half).
  @Test("pb create --unique alongside commands that clean the store always makes a whole board")
  func createBesideCleaners() throws {
    let sandbox = try Sandbox()
    let script = """
      pb create keep --persistent || exit 9
      for i in $(seq 12); do
        (for j in $(seq 8); do pb create --unique --persistent >> made.txt || echo failed; done) &
        (for j in $(seq 8); do pb list > /dev/null || echo failed; done) &
      done
      wait
      """
    let result = try sandbox.shell(script, timeLimit: 300)
    #expect(try sandbox.pb("info", "-p", "keep").status == 0, "the first board was made: \(result)")
    #expect(result.stderr.isEmpty && !result.text.contains("failed"), "\(result)")
    let made = try String(contentsOf: sandbox.root.appendingPathComponent("made.txt"), encoding: .utf8).split(separator: "\n")
    #expect(made.count == 96, "every create printed a name: \(made.count)")
    let list = try sandbox.pb("list", "--json")
    let listed = Set(((try sandbox.json(list) as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
    #expect(made.allSatisfy { listed.contains(String($0)) }, "every board made is there")
  }

  /// A prefix that is a good name, but too long to add the unique part to, was refused
  /// as an "invalid pasteboard name" longer than 200 bytes, naming neither --prefix nor
  /// the length it may have.
  @Test("create --unique with a prefix too long for the unique part names --prefix and its longest length")
  func longPrefix() throws {
    let sandbox = try Sandbox()
    let longest = String(repeating: "a", count: 183)
    let made = try sandbox.pb("create", "--unique", "--persistent", "--prefix", longest)
    #expect(made.status == 0 && made.text.hasPrefix(longest + "."), "the longest prefix is taken: \(made)")
    let refused = try sandbox.pb("create", "--unique", "--persistent", "--prefix", longest + "a")
    #expect(refused.status == 64, "\(refused)")
    #expect(
      refused.stderr == "pb: --prefix is 184 bytes long; give one of at most 183, as a unique name adds 17 to it; see 'pb create --help'\n",
      "\(refused)")
  }
}
