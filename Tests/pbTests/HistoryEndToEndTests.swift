import Foundation
import Testing

/// `pb undo`, `redo`, `history`, `group` and `cut`, run as a user types them.
@Suite("undo and redo", .tags(.endToEnd))
struct HistoryEndToEndTests {
  func info(_ sandbox: Sandbox, _ board: String = "general") throws -> [String: Any] {
    try sandbox.json(sandbox.pb("info", "--json", "-p", board)) as? [String: Any] ?? [:]
  }

  func history(_ sandbox: Sandbox) throws -> [String: Any] {
    try sandbox.json(sandbox.pb("history", "--json")) as? [String: Any] ?? [:]
  }

  /// Every file of the store holding `marker`, by reading each file's bytes.
  func filesHolding(_ marker: String, in sandbox: Sandbox) throws -> [String] {
    let root = sandbox.store.path
    var found: [String] = []
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    for case let relative as String in walker {
      let path = root + "/" + relative
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
      if let data = FileManager.default.contents(atPath: path), data.range(of: Data(marker.utf8)) != nil { found.append(relative) }
    }
    return found
  }

  @Test("copy A, copy B: undo gives A, redo gives B, each a change of its own kind")
  func undoAndRedo() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("A".utf8))
    try sandbox.pb("copy", stdin: Data("B".utf8))
    #expect(try sandbox.pb("paste").text == "B")
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0 && undo.text == "Undo Copy\n", "\(undo)")
    #expect(try sandbox.pb("paste").text == "A")
    var state = try info(sandbox)
    #expect(state["changeCount"] as? Int == 3 && state["changeKind"] as? String == "undone", "\(state)")
    #expect(state["canRedo"] as? Bool == true && state["redoActionName"] as? String == "Copy")
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 0 && redo.text == "Redo Copy\n", "\(redo)")
    #expect(try sandbox.pb("paste").text == "B")
    state = try info(sandbox)
    #expect(state["changeCount"] as? Int == 4 && state["changeKind"] as? String == "redone", "\(state)")
    #expect(state["canUndo"] as? Bool == true && state["undoActionName"] as? String == "Copy" && state["canRedo"] as? Bool == false)
    #expect(state["levelsOfUndo"] as? Int == 50)
  }

  @Test("clear, append and --action name their entries; history lists both stacks newest first")
  func actionNames() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("one".utf8))
    try sandbox.pb("copy", "-a", stdin: Data("two".utf8))
    try sandbox.pb("clear")
    try sandbox.pb("copy", "--action", "Paste Link", stdin: Data("https://example.com".utf8))
    #expect(try sandbox.pb("undo").text == "Undo Paste Link\n")
    let listed = try history(sandbox)
    let undo = listed["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["Clear", "Append", "Copy"], "\(listed)")
    #expect(undo.first?["numberOfItems"] as? Int == 2 && undo.first?["bytes"] as? Int == 6, "Clear gives back both items")
    #expect((undo.first?["types"] as? [String]) == ["public.utf8-plain-text"])
    let redo = listed["redo"] as? [[String: Any]] ?? []
    #expect(redo.map { $0["actionName"] as? String } == ["Paste Link"])
    let text = try sandbox.pb("history").text
    #expect(text.contains("Clear") && text.contains("Paste Link") && text.contains("redo"), "\(text)")
    // The clear was undone: both items are back.
    #expect(try sandbox.pb("undo").text == "Undo Clear\n")
    #expect(try sandbox.pb("paste", "-i", "all", "-d", ",").text == "one,two")
    // Deleting general empties it: a change undo takes back too.
    #expect(try sandbox.pb("delete", "general", "--action", "Wipe").status == 0)
    #expect(try info(sandbox)["numberOfItems"] as? Int == 0)
    #expect(try sandbox.pb("undo").text == "Undo Wipe\n")
    #expect(try sandbox.pb("paste", "-i", "all", "-d", ",").text == "one,two")
  }

  @Test("a new change after an undo leaves nothing to redo; too many undoes undo what there is")
  func newChangeClearsRedo() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("A".utf8))
    try sandbox.pb("copy", stdin: Data("B".utf8))
    try sandbox.pb("undo")
    try sandbox.pb("copy", stdin: Data("C".utf8))
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 1 && redo.stderr.contains("nothing to redo") && redo.stderr.split(separator: "\n").count == 1, "\(redo)")
    let many = try sandbox.pb("undo", "5")
    #expect(many.status == 0 && many.lines == ["Undo Copy", "Undo Copy"], "\(many)")
    #expect(many.stderr.contains("undid 2 of the 5"), "\(many)")
    #expect(try info(sandbox)["numberOfItems"] as? Int == 0)
    let none = try sandbox.pb("undo")
    #expect(none.status == 1 && none.stderr.contains("nothing to undo"), "\(none)")
    #expect(try sandbox.pb("redo", "2").lines == ["Redo Copy", "Redo Copy"])
    #expect(try sandbox.pb("paste").text == "C")
  }

  @Test("pb wait and pb watch see an undo and a redo")
  func waitSeesUndo() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("A".utf8))
    try sandbox.pb("copy", stdin: Data("B".utf8))
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      pb wait --since 2 --timeout 20s > waited &
      waiter=$!
      timeout 20 pb watch --json > watched &
      watcher=$!
      wait_until 'listening $waiter && listening "$(child $watcher)"'
      pb undo > /dev/null
      wait $waiter
      echo "status $?"
      cat waited
      pb redo > /dev/null
      wait_until 'grep -q redone watched'
      kill $watcher
      wait $watcher
      cat watched
      """, timeLimit: 60)
    #expect(result.lines.first == "status 0" && result.lines.dropFirst().first == "3", "\(result)")
    #expect(result.text.contains(#""changeCount":3,"changeKind":"undone""#), "\(result)")
    #expect(result.text.contains(#""changeCount":4,"changeKind":"redone""#), "\(result)")
  }

  @Test("groups nest, span processes, and undo as one entry named by the outermost group")
  func groups() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("before".utf8))
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      pb group begin "Build Report"
      echo one | pb copy
      ( echo two | pb copy -a )
      pb group begin Inner
      bash -c 'echo three | pb copy -a'
      pb group end
      pb clear
      echo four | pb copy
      pb group end
      pb history --json
      """)
    #expect(result.status == 0, "\(result)")
    let listed = try JSONSerialization.jsonObject(with: Data(result.lines.drop(while: { $0 != "{" }).joined(separator: "\n").utf8)) as? [String: Any]
    let undo = listed?["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["Build Report", "Copy"], "\(String(describing: listed))")
    #expect(try sandbox.pb("paste").text == "four\n")
    #expect(try sandbox.pb("undo").text == "Undo Build Report\n")
    #expect(try sandbox.pb("paste").text == "before")
    let end = try sandbox.pb("group", "end")
    #expect(end.status == 1 && end.stderr.contains("no undo group is open"), "\(end)")
  }

  @Test("a group left open by a process that exited closes by itself")
  func deadGroupCloses() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      bash -c 'pb group begin Forgotten; echo one | pb copy; pb info --json'
      echo two | pb copy
      echo three | pb copy
      """)
    #expect(result.status == 0 && result.text.contains("\"undoActionName\" : \"Forgotten\""), "the group was open: \(result)")
    let undo = try history(sandbox)["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["Copy", "Copy", "Forgotten"])
    #expect(try history(sandbox)["group"] == nil)
  }

  @Test("group run makes one entry, passes the command's status on, and closes the group")
  func groupRun() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("before".utf8))
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      pb group run --name Script -- sh -c 'echo a | pb copy; echo b | pb copy -a; exit 3'
      echo "status $?"
      """)
    #expect(result.lines.last == "status 3", "\(result)")
    #expect(try info(sandbox)["numberOfItems"] as? Int == 2)
    #expect(try sandbox.pb("undo").text == "Undo Script\n")
    #expect(try sandbox.pb("paste").text == "before")
    #expect(try history(sandbox)["group"] == nil)
    let missing = try sandbox.pb("group", "run", "--", "no-such-command-pb")
    #expect(missing.status == 127 && missing.stderr.contains("no-such-command-pb"), "\(missing)")
    #expect(try history(sandbox)["group"] == nil, "closed after a command that could not start")
  }

  @Test("levels trim history and the data only it held; --clear removes all of it")
  func levels() throws {
    let sandbox = try Sandbox()
    let data = sandbox.store.appendingPathComponent("boards/general/data").path
    for value in 1...6 { try sandbox.pb("copy", stdin: Data("value \(value)".utf8)) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).count == 6)
    #expect(try sandbox.pb("history", "--levels", "2").status == 0)
    #expect((try history(sandbox)["undo"] as? [Any])?.count == 2)
    #expect(try info(sandbox)["levelsOfUndo"] as? Int == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).count == 3, "value 6 and the 2 values undo gives back")
    #expect(try sandbox.pb("undo", "3").lines == ["Undo Copy", "Undo Copy"])
    #expect(try sandbox.pb("paste").text == "value 4")
    try sandbox.pb("history", "--clear")
    #expect(try info(sandbox)["canRedo"] as? Bool == false)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).count == 1)
    #expect(try sandbox.pb("paste").text == "value 4")
    try sandbox.pb("history", "--levels", "0")
    for value in 1...60 { try sandbox.pb("copy", "--action", "C\(value)", stdin: Data("\(value)".utf8)) }
    #expect((try history(sandbox)["undo"] as? [Any])?.count == 60, "0 means no limit")
  }

  @Test("--no-undo and concealed writes leave no bytes in the store once replaced")
  func secretsLeaveNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("public".utf8))
    try sandbox.pb("copy", "--concealed", stdin: Data("SECRET-MARKER-1".utf8))
    try sandbox.pb("copy", "--no-undo", "-a", stdin: Data("SECRET-MARKER-2".utf8))
    #expect(try filesHolding("SECRET-MARKER-1", in: sandbox).count == 1, "the secret was written")
    #expect(try filesHolding("SECRET-MARKER-2", in: sandbox).count == 1, "the --no-undo value was written")
    try sandbox.pb("copy", stdin: Data("after".utf8))
    #expect(try filesHolding("SECRET-MARKER", in: sandbox) == [])
    // Undoing goes past the secret, to the state before it.
    #expect(try sandbox.pb("undo").text == "Undo Copy\n")
    #expect(try sandbox.pb("paste", "-i", "all").text == "public")
    #expect(try filesHolding("SECRET-MARKER", in: sandbox) == [])
    // A --no-undo write is not recorded and leaves the stacks as they were; undo's
    // next step is then the one back to the state before it.
    let before = try history(sandbox)
    try sandbox.pb("copy", "--no-undo", stdin: Data("SECRET-MARKER-3".utf8))
    let after = try history(sandbox)
    let undoBefore = before["undo"] as? [[String: Any]] ?? []
    let undoAfter = after["undo"] as? [[String: Any]] ?? []
    #expect(undoAfter.count == undoBefore.count + 1 && undoAfter.first?["numberOfItems"] as? Int == 1, "\(after)")
    #expect((before["redo"] as? [Any])?.count == 1 && (after["redo"] as? [Any])?.count == 1)
    try sandbox.pb("clear")
    #expect(try filesHolding("SECRET-MARKER", in: sandbox) == [])
  }

  @Test("cut then undo puts the file back byte-exact with its mode and mtime; redo takes it again")
  func cutAndUndo() throws {
    let sandbox = try Sandbox()
    var bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    bytes.append(Data("end".utf8))
    let path = try sandbox.file("work/report.bin", bytes)
    chmod(path, 0o640)
    let mtime = Date(timeIntervalSince1970: 1_600_000_000.123456)
    try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: path)
    let cut = try sandbox.pb("cut", "work/report.bin")
    #expect(cut.status == 0, "\(cut)")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try sandbox.pb("paste").stdout == bytes)
    let listed = try sandbox.pb("history").text
    #expect(listed.contains("  Cut  ") && listed.contains("0 B  (puts back ") && listed.contains("work/report.bin)"), "\(listed)")
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0 && undo.text == "Undo Cut\n", "\(undo)")
    #expect(FileManager.default.contents(atPath: path) == bytes)
    var status = stat()
    stat(path, &status)
    #expect(status.st_mode & 0o7777 == 0o640)
    #expect(status.st_mtim.tv_sec == 1_600_000_000 && abs(Int(status.st_mtim.tv_nsec) - 123_456_000) < 1000, "\(status.st_mtim)")
    // The data file itself went back (a rename, whatever its size): the store keeps no
    // name for the restored file, so editing it cannot reach history.
    let holding = try filesHolding("end", in: sandbox)
    #expect(holding.isEmpty, "\(holding)")
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 0 && !FileManager.default.fileExists(atPath: path), "\(redo)")
    #expect(try sandbox.pb("paste").stdout == bytes)
    try sandbox.pb("undo")
    #expect(FileManager.default.contents(atPath: path) == bytes)
    try Data("edited".utf8).write(to: URL(fileURLWithPath: path))
    let count = try sandbox.changeCount()
    let redoAfterEdit = try sandbox.pb("redo")
    #expect(redoAfterEdit.status == 73 && redoAfterEdit.stderr.contains("changed"), "\(redoAfterEdit)")
    #expect(FileManager.default.contents(atPath: path) == Data("edited".utf8), "an edited file is left alone")
    #expect(try sandbox.changeCount() == count, "nothing was redone")
    #expect(try filesHolding("edited", in: sandbox).isEmpty, "the edit did not reach the store")
  }

  @Test("a cut undone after its items were copied elsewhere on the board is put back as a copy, and redone")
  func cutUndoneBySeveralSteps() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("a.txt", "cut me")
    try sandbox.pb("cut", "a.txt")
    try sandbox.pb("copy", "-a", stdin: Data("more".utf8))
    #expect(try sandbox.pb("undo", "2").lines == ["Undo Append", "Undo Cut"])
    #expect(FileManager.default.contents(atPath: path) == Data("cut me".utf8))
    #expect(try sandbox.pb("redo", "2").lines == ["Redo Cut", "Redo Append"])
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try sandbox.pb("paste", "-i", "all", "-d", "+").text == "cut me+more")
  }

  @Test("undoing a cut never replaces a file that appeared since: the original goes next to it")
  func cutUndoConflict() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("notes.txt", "original")
    try sandbox.pb("cut", path)
    _ = try sandbox.file("notes.txt", "newcomer")
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0 && undo.stderr.contains("notes.txt.restored"), "\(undo)")
    #expect(FileManager.default.contents(atPath: path) == Data("newcomer".utf8))
    #expect(FileManager.default.contents(atPath: path + ".restored") == Data("original".utf8))
  }

  @Test("an undo under 8 concurrent writers never tears the board")
  func undoUnderConcurrentWriters() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("start".utf8))
    let script = """
      export PB_DIR=\(sandbox.store.path)
      pad=$(head -c 70000 /dev/zero | tr '\\0' 'x')
      writer() { for i in $(seq 40); do printf 'w%s-%s-%s-end' "$1" "$i" "$pad" | pb copy || echo "copy failed" >&2; done; }
      undoer() { for i in $(seq 60); do pb undo > /dev/null 2>&1; status=$?; [ $status -le 1 ] || echo "undo failed $status" >&2; done; }
      # An undo may empty the board (back before "start"): paste then says so, with 1.
      reader() { for i in $(seq 80); do pb paste > "reads/$i" 2>/dev/null; [ $? -le 1 ] || echo "paste failed" >&2; done; }
      mkdir -p reads
      for w in 1 2 3 4 5 6 7 8; do writer $w & done
      undoer & reader &
      wait
      """
    let result = try sandbox.shell("cd \(sandbox.root.path) && " + script, timeLimit: 300)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    let values = try WrittenValues("w[1-8]-[0-9]+", padding: 70000)
    // An undo may empty the board: that paste wrote nothing.
    try values.checkReads(in: sandbox.root.appendingPathComponent("reads"), expected: 80, also: ["start", ""])
    // The board still reads whole, undo to the end and back works.
    let count = try sandbox.changeCount()
    #expect(count > 320, "every write and undo was one change: \(count)")
    #expect(try sandbox.pb("undo", "100").status == 0)
    #expect(try sandbox.pb("redo", "100").status == 0)
    let last = try sandbox.pb("paste")
    #expect(last.status == 0 && values.isWhole(last.text), "\(last.text.prefix(40))")
  }

  @Test(
    "bad input is refused with one line and the right status",
    arguments: [
      (["undo", "0"], 64, "from 1 up"),
      (["undo", "-1"], 64, "not '-1'"),
      (["undo", "x"], 64, "not 'x'"),
      (["redo", "1", "2"], 64, "one number"),
      (["history", "--levels", "-3"], 64, "not '-3'"),
      (["history", "--levels", "x"], 64, "not 'x'"),
      (["history", "--json", "--clear"], 64, "--json"),
      (["group", "end"], 1, "no undo group is open"),
      (["group", "run"], 64, "name a command"),
      (["group", "run", "--"], 64, "name a command"),
      (["copy", "--action", "", "/dev/null"], 64, "empty"),
      (["copy", "--action", "A", "--no-undo", "/dev/null"], 64, "--no-undo"),
      (["cut"], 64, "name the files"),
      (["cut", "-"], 64, "standard input"),
      (["cut", "."], 66, "directory"),
      (["cut", "no-such-file"], 66, "no such file"),
    ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("kept".utf8))
    let result = try sandbox.pb(arguments)
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(try sandbox.pb("paste").text == "kept", "nothing stored was lost")
  }

  @Test("cut refuses the same file twice, a directory, an unreadable file and one in a read-only folder, copying and removing nothing")
  func cutRefusals() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("kept".utf8))
    let file = try sandbox.file("a.txt", "a")
    _ = try sandbox.file("dir/inner.txt", "inner")
    let twice = try sandbox.pb("cut", "a.txt", "./a.txt")
    #expect(twice.status == 64 && twice.stderr.contains("same file"), "\(twice)")
    let mixed = try sandbox.pb("cut", "a.txt", "dir")
    #expect(mixed.status == 66 && mixed.stderr.contains("directory"), "\(mixed)")
    #expect(FileManager.default.fileExists(atPath: file), "nothing was removed")
    #expect(try sandbox.changeCount() == 1, "nothing was copied")
    // Permissions do not bind root, so these run as nobody in a store of nobody's.
    let result = try sandbox.shell(
      """
      cd \(sandbox.root.path)
      mkdir -p user/locked && echo secret > user/unreadable.txt && chmod 000 user/unreadable.txt
      echo stays > user/locked/file.txt && echo ok > user/ok.txt
      if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 user && chmod 555 user/locked
        as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent "$@"; }
      else
        chmod 555 user/locked
        as_user() { "$@"; }
      fi
      export PB_DIR=$PWD/user/store
      cd user
      as_user pb copy ok.txt; echo "copy $?"
      as_user pb cut ok.txt unreadable.txt 2>&1; echo "unreadable $?"
      as_user pb cut ok.txt locked/file.txt 2>&1; echo "locked $?"
      ls ok.txt locked/file.txt unreadable.txt
      as_user pb info --json | grep changeCount
      """)
    #expect(result.lines.contains("copy 0"), "the user could write its store: \(result)")
    #expect(result.lines.contains("unreadable 66") && result.text.contains("unreadable.txt"), "\(result)")
    #expect(result.lines.contains("locked 73") && result.text.contains("locked/file.txt"), "\(result)")
    #expect(result.text.contains("\"changeCount\" : 1,"), "nothing was copied: \(result)")
    #expect(result.lines.contains("ok.txt") && result.lines.contains("locked/file.txt"), "nothing was removed: \(result)")
  }

  @Test("a group that ends with a secret: the undo that drops it gives the group's last public state, the next the one before the group")
  func groupEndingWithASecret() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.file("notes.txt", "cut inside the group")
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      cd \(sandbox.root.path)
      printf important | pb copy
      pb group begin
      printf x | pb copy
      pb cut notes.txt
      echo SECRET-IN-GROUP | pb copy -a --concealed
      pb group end
      pb undo; pb paste -i all; echo
      pb redo; echo "redo $?"
      pb undo; pb paste -i all; echo
      pb redo; pb paste -i all; echo
      """)
    #expect(
      result.lines == ["Undo Append", "cut inside the group", "redo 1", "Undo Copy", "important", "Redo Copy", "cut inside the group"],
      "\(result)")
    #expect(try filesHolding("SECRET-IN-GROUP", in: sandbox) == [])
    #expect(!FileManager.default.fileExists(atPath: file), "redone, the cut took the file again")
    try sandbox.pb("undo")
    #expect(FileManager.default.contents(atPath: file) == Data("cut inside the group".utf8), "undoing the group put it back")
  }

  @Test("redo keeps the levels as a change does")
  func redoKeepsTheLevels() throws {
    let sandbox = try Sandbox()
    for value in 1...4 { try sandbox.pb("copy", "--action", "C\(value)", stdin: Data("\(value)".utf8)) }
    #expect(try sandbox.pb("undo", "2").lines == ["Undo C4", "Undo C3"])
    try sandbox.pb("history", "--levels", "3")
    #expect(try sandbox.pb("redo", "2").lines == ["Redo C3", "Redo C4"])
    let undo = try history(sandbox)["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["C4", "C3", "C2"], "\(undo)")
    #expect(try sandbox.pb("undo", "9").lines == ["Undo C4", "Undo C3", "Undo C2"])
    #expect(try sandbox.pb("paste").text == "1")
  }

  @Test("info and history count the undo step over a --no-undo or concealed write, as undo takes it")
  func theStepOverSecretsIsListed() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", "--no-undo", stdin: Data("SECRET-1".utf8))
    var state = try info(sandbox)
    #expect(state["canUndo"] as? Bool == true && state["undoActionName"] as? String == "Copy", "\(state)")
    var undo = try history(sandbox)["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["Copy"] && undo.first?["numberOfItems"] as? Int == 0, "\(undo)")
    #expect(try sandbox.pb("undo").text == "Undo Copy\n")
    state = try info(sandbox)
    #expect(state["canUndo"] as? Bool == false && state["undoActionName"] is NSNull && state["canRedo"] as? Bool == false, "\(state)")
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      printf important | pb copy
      pb group begin Edit
      printf x | pb copy
      printf SECRET-2 | pb copy -a --concealed
      pb info --json
      """)
    #expect(result.text.contains(#""undoActionName" : "Append""#), "\(result)")
    undo = try history(sandbox)["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["actionName"] as? String } == ["Append", "Edit", "Copy"], "\(undo)")
    #expect(undo.map { $0["numberOfItems"] as? Int } == [1, 1, 0], "\(undo)")
    #expect(try sandbox.pb("undo", "3").lines == ["Undo Append", "Undo Edit", "Undo Copy"])
  }

  @Test("after history --clear over a secret, a secret written over it undoes to the board less the secrets, nothing to redo")
  func clearedHistoryWithSecrets() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      printf public | pb copy
      printf SECRET-1 | pb copy -a --concealed
      pb history --clear
      pb undo; echo "undo $?"
      printf SECRET-2 | pb copy -a --concealed
      pb undo; pb paste -i all -d +; echo
      pb redo; echo "redo $?"
      printf SECRET-3 | pb copy -a --no-undo
      pb history --clear
      printf SECRET-4 | pb copy --no-undo
      pb info --json | grep -c '"canUndo" : true'
      pb undo; pb paste -i all -d +; echo
      pb redo; echo "redo $?"
      """)
    #expect(result.lines == ["undo 1", "Undo Append", "public", "redo 1", "1", "Undo Copy", "public", "redo 1"], "\(result)")
    #expect(try filesHolding("SECRET-", in: sandbox) == [], "no secret is left in the store")
  }

  @Test("a --no-undo write that expires, or is cleared with --no-undo, still undoes to the state it replaced")
  func unrecordedSecretThatGoes() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      printf first | pb copy
      printf second | pb copy
      printf SECRET-1 | pb copy --no-undo --expire 500ms
      wait_until '[ "$(pb paste)" != SECRET-1 ]'; pb list > /dev/null
      pb info | grep changeKind
      pb undo; pb paste; echo
      pb redo; pb paste; echo " $?"
      printf third | pb copy
      printf SECRET-2 | pb copy -a --no-undo
      pb clear --no-undo
      pb undo; pb paste; echo
      """)
    #expect(result.lines == ["changeKind: expired", "Undo Copy", "second", "Redo Copy", " 1", "Undo Append", "third"], "\(result)")
    #expect(try filesHolding("SECRET-", in: sandbox) == [])
  }
}

extension HistoryEndToEndTests {
  @Test("history names the first few files of a cut of 2000 and counts the rest; --json lists every one")
  func manyCutFiles() throws {
    let sandbox = try Sandbox()
    let cut = try sandbox.shell(
      """
      cd \(sandbox.root.path) && export PB_DIR=\(sandbox.store.path)
      mkdir many && cd many && for i in $(seq 1000 2999); do echo $i > f$i.txt; done
      pb cut f*.txt && ls | wc -l
      """)
    #expect(cut.status == 0 && cut.lines.last == "0", "the files were cut: \(cut)")
    let text = try sandbox.pb("history")
    let line = try #require(text.lines.first { $0.contains("Cut") }, "\(text)")
    #expect(line.contains("f1000.txt") && line.contains("and 1997 more"), "\(text)")
    #expect(line.count < 400, "one short line: \(line.count) characters")
    let undo = try #require(try history(sandbox)["undo"] as? [[String: Any]])
    #expect((undo.first?["cutFiles"] as? [String])?.count == 2000, "--json keeps every path")
  }
}
