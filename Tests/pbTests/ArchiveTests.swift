import Foundation
import Testing

/// `pb export` and `pb import --archive`: a board moved whole between stores, through a
/// pipe or a file, and read back as untrusted input.
@Suite("archives", .tags(.endToEnd))
struct ArchiveTests {
  static let binary = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } + [0, 0, 255])

  /// A board of three items: text, an item of HTML with binary data beside it, and a PNG-named binary.
  func filled(_ sandbox: Sandbox, board: String = "general") throws {
    #expect(try sandbox.pb("copy", "-p", board, stdin: Data("first line\n".utf8)).status == 0)
    let html = try sandbox.file("page.html", "<b>bold</b>")
    let data = try sandbox.file("blob.bin", Self.binary)
    #expect(try sandbox.pb("copy", "-a", "-p", board, "-r", "public.html=" + html, "-r", "public.data=" + data).status == 0)
    let png = try sandbox.file("picture.png", Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) + Self.binary)
    #expect(try sandbox.pb("copy", "-a", "-p", board, "-r", "public.png=" + png).status == 0)
  }

  /// How many items `board` holds.
  func itemCount(_ sandbox: Sandbox, _ board: String) throws -> Int {
    let result = try sandbox.pb("info", "--json", "-p", board)
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return object?["numberOfItems"] as? Int ?? -1
  }

  /// Every representation of every item of `board`, in order, as its type and bytes:
  /// read from the board's own export with Python's tarfile, so that each representation
  /// is seen exactly (pb paste -t gives the first that conforms).
  func contents(_ sandbox: Sandbox, board: String) throws -> [[String]] {
    let script = """
      import hashlib, json, sys, tarfile
      archive = tarfile.open(fileobj=sys.stdin.buffer, mode="r|")
      manifest, data = None, {}
      for member in archive:
          body = archive.extractfile(member).read()
          if manifest is None: manifest = json.loads(body)
          else: data[member.name[len("data/"):]] = body
      for item in manifest["items"]:
          print(" ".join(r["type"] + ":" + hashlib.sha256(data[r["file"]]).hexdigest() + ":" + str(len(data[r["file"]])) for r in item["representations"]))
      """
    let listed = try sandbox.shell("pb export -p \(board) | python3 -c '\(script)'")
    #expect(listed.status == 0, "\(listed)")
    return listed.lines.map { $0.split(separator: " ").map(String.init) }
  }

  @Test("pb export | pb import --archive - moves every item and representation byte for byte")
  func pipeRoundTrip() throws {
    let sandbox = try Sandbox()
    try filled(sandbox)
    let moved = try sandbox.shell("pb export | pb import --archive - -p other")
    #expect(moved.status == 0, "\(moved)")
    #expect(moved.stderr.isEmpty, "\(moved)")
    let original = try contents(sandbox, board: "general")
    #expect(original.count == 3 && original.map(\.count) == [1, 2, 1], "\(original)")
    #expect(original[1].last?.hasPrefix("public.data:") == true && original[1].last?.hasSuffix(":5003") == true, "\(original)")
    #expect(try contents(sandbox, board: "other") == original)
    #expect(try sandbox.pb("paste", "-p", "other", "-i", "1", "-t", "public.html").text == "<b>bold</b>")
    // The order of representations (the preferred one first) is kept too.
    #expect(try sandbox.pb("types", "-p", "other", "-i", "1").text == sandbox.pb("types", "-i", "1").text)
  }

  @Test("tar and Python's tarfile read an archive, and what they extract is the board's data")
  func readableByTar() throws {
    let sandbox = try Sandbox()
    try filled(sandbox)
    let written = try sandbox.shell("pb export > board.tar && tar -tvf board.tar")
    #expect(written.status == 0, "\(written)")
    #expect(written.lines.count == 5, "the manifest and four data files: \(written)")
    #expect(written.lines.first?.hasSuffix(" pb-archive.json") == true, "\(written)")
    let extracted = try sandbox.shell(
      "mkdir out && tar -xf board.tar -C out && cmp out/data/$(python3 -c 'import json; m = json.load(open(\"out/pb-archive.json\")); "
        + "print(m[\"items\"][1][\"representations\"][1][\"file\"])') blob.bin && echo same")
    #expect(extracted.text == "same\n", "\(extracted)")
    let python = try sandbox.shell(
      "python3 -c 'import tarfile, json; t = tarfile.open(\"board.tar\"); m = json.load(t.extractfile(t.getmembers()[0])); "
        + "print(m[\"format\"], m[\"version\"], len(t.getmembers()), all(x.isfile() for x in t.getmembers()))'")
    #expect(python.text == "pb-archive 1 5 True\n", "\(python)")
  }

  @Test("--history carries the undo and redo stacks: undo on the other side gives the earlier states")
  func historyRoundTrip() throws {
    let sandbox = try Sandbox()
    for text in ["one", "two", "three"] { #expect(try sandbox.pb("copy", "-p", "here", stdin: Data(text.utf8)).status == 0) }
    #expect(try sandbox.pb("undo", "-p", "here").status == 0)
    #expect(try sandbox.pb("copy", "-p", "there", stdin: Data("there before".utf8)).status == 0)
    let moved = try sandbox.shell("pb export -p here --history > h.tar && pb import --archive h.tar -p there")
    #expect(moved.status == 0, "\(moved)")
    #expect(try sandbox.pb("paste", "-p", "there").text == "two")
    #expect(try sandbox.pb("redo", "-p", "there").status == 0)
    #expect(try sandbox.pb("paste", "-p", "there").text == "three", "the redo stack came along")
    #expect(try sandbox.pb("undo", "-p", "there", "2").status == 0)
    #expect(try sandbox.pb("paste", "-p", "there").text == "one")
    #expect(try sandbox.pb("undo", "-p", "there").status == 0)
    #expect(try itemCount(sandbox, "there") == 0, "the state before the first copy")
    // One more undo goes back past the import, to what the board held before it.
    #expect(try sandbox.pb("undo", "-p", "there").status == 0)
    #expect(try sandbox.pb("paste", "-p", "there").text == "there before")
    // Without --history, nothing of the history travels.
    let plain = try sandbox.shell("pb export -p here | pb import --archive - -p plain && pb history -p plain")
    #expect(plain.status == 0, "\(plain)")
    #expect(plain.text.contains("Import") && !plain.text.contains("Copy"), "\(plain)")
  }

  @Test("pb export while another process copies and undoes gives one whole state every time, never 'changed while read'")
  func exportWhileWriting() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "busy", stdin: Data("first".utf8)).status == 0)
    let before = try sandbox.changeCount("busy")
    // The writer stops when told, or after a minute whatever happens; its output goes
    // nowhere, so the shell's pipes close when the exports are done.
    let result = try sandbox.shell(
      """
      cd \(sandbox.root.path)
      ( end=$((SECONDS + 60)); i=0
        while [ ! -e stop ] && [ $SECONDS -lt $end ]; do
          i=$((i + 1)); printf 'value %05d' $i | pb copy -p busy
          [ $((i % 3)) = 0 ] && pb undo -p busy
        done ) > /dev/null 2>&1 < /dev/null &
      writer=$!
      # At least 40 exports, and on until the writer has made 40 changes meanwhile.
      tried=0 exported=0
      while [ $tried -lt 40 ] || { [ $(pb count -p busy) -lt $((\(before) + 40)) ] && [ $tried -lt 2000 ]; }; do
        tried=$((tried + 1))
        if pb export -p busy --history > busy.tar; then exported=$((exported + 1)); fi
      done
      touch stop; wait $writer
      pb import --archive busy.tar -p copy && echo "exported $exported of $tried"
      """)
    #expect(try sandbox.changeCount("busy") >= before + 40, "the writer changed the board while it was exported")
    let tally = try #require(result.text.split(separator: "\n").last.map(String.init), "\(result)")
    let counts = tally.split(separator: " ")
    #expect(result.status == 0 && counts.count == 4 && counts[1] == counts[3], "\(result)")
    #expect(try itemCount(sandbox, "copy") == 1)
  }

  @Test("an import is one change named Import: pb undo gives back the board as it was")
  func undoOfImport() throws {
    let sandbox = try Sandbox()
    try filled(sandbox)
    #expect(try sandbox.pb("copy", "-p", "target", stdin: Data("kept".utf8)).status == 0)
    let before = try sandbox.changeCount("target")
    #expect(try sandbox.shell("pb export | pb import --archive - -p target").status == 0)
    #expect(try sandbox.changeCount("target") == before + 1, "one change")
    #expect(try itemCount(sandbox, "target") == 3)
    let undone = try sandbox.pb("undo", "-p", "target")
    #expect(undone.status == 0 && undone.text == "Undo Import\n", "\(undone)")
    #expect(try sandbox.pb("paste", "-p", "target", "-i", "all").text == "kept")
    // -a adds the archive's items after the board's.
    #expect(try sandbox.shell("pb export | pb import -a --archive - -p target").status == 0)
    #expect(try itemCount(sandbox, "target") == 4)
  }

  @Test("concealed items are left out, and said so, unless --concealed is given")
  func concealedItems() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("public".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-a", "--concealed", stdin: Data("s3cret".utf8)).status == 0)
    let without = try sandbox.shell("pb export > plain.tar; echo status $?; grep -c s3cret plain.tar")
    #expect(without.text.hasPrefix("status 0\n0\n"), "\(without)")
    #expect(without.stderr == "pb: left out 1 concealed item; give --concealed to write it too\n", "\(without)")
    let with = try sandbox.shell("pb export --concealed | pb import --archive - -p copy && pb items -p copy")
    #expect(with.status == 0, "\(with)")
    #expect(try sandbox.pb("paste", "-p", "copy", "-i", "1").text == "s3cret")
    #expect(with.text.hasSuffix("1\tpublic.utf8-plain-text (6 B)\t<concealed>\n"), "still a secret: \(with)")
  }

  @Test("a hostile archive (../ names, lying sizes) stores nothing and exits 65 with one line naming the problem")
  func hostileArchive() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "target", stdin: Data("untouched".utf8)).status == 0)
    let before = try sandbox.changeCount("target")
    // Made with Python's tarfile, as anyone could: a manifest that lies about a size,
    // and members whose names climb out.
    let script = """
      import io, json, sys, tarfile
      kind = sys.argv[1]
      name = "0123456789abcdef.txt"
      manifest = {"format": "pb-archive", "version": 1, "board": "x", "files": [{"name": name, "size": 5}],
                  "items": [{"representations": [{"file": name, "size": 5, "type": "public.data", "typeSource": "given"}]}]}
      if kind == "version": manifest["version"] = 7
      members = [("pb-archive.json", json.dumps(manifest).encode())]
      members.append(("../../" + name if kind == "dotdot" else "data/" + name, b"hello, a longer body" if kind == "size" else b"hello"))
      with tarfile.open(sys.argv[2], "w", format=tarfile.PAX_FORMAT) as archive:
          for member, body in members:
              info = tarfile.TarInfo(member)
              info.size = len(body)
              archive.addfile(info, io.BytesIO(body))
      """
    let maker = try sandbox.file("make.py", script)
    let cases = [
      ("dotdot", "member '../../0123456789abcdef.txt' is not the next file its manifest lists"),
      ("size", "holds 20 bytes where its manifest says 5"),
      ("version", "version 7, and this pb reads version 1"),
    ]
    for (kind, problem) in cases {
      let result = try sandbox.shell("python3 \(maker) \(kind) \(kind).tar && pb import --archive \(kind).tar -p target")
      #expect(result.status == 65, "\(result)")
      #expect(result.stderr.hasPrefix("pb: cannot import '\(kind).tar': "), "\(result)")
      #expect(result.stderr.contains(problem), "\(result)")
      #expect(result.stderr.hasSuffix("; nothing was stored\n"), "\(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }
    #expect(try sandbox.changeCount("target") == before)
    #expect(try sandbox.pb("paste", "-p", "target").text == "untouched")
    let data = sandbox.store.appendingPathComponent("boards/target/data").path
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).count == 1, "only the item it held")
    #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("0123456789abcdef.txt").path))
    // Nor is a board made for a refused archive left behind.
    let fresh = try sandbox.shell("pb import --archive dotdot.tar -p fresh; echo status $?; pb list")
    #expect(fresh.text.hasPrefix("status 65\n") && !fresh.text.contains("fresh"), "\(fresh)")
    // Cut short anywhere, a good archive stores nothing either.
    let cut = try sandbox.shell("pb export -p target > good.tar && head -c 1500 good.tar | pb import --archive - -p target")
    #expect(cut.status == 65 && cut.stderr.contains("cut short"), "\(cut)")
    #expect(try sandbox.changeCount("target") == before)
  }

  @Test("a 256 MiB representation exports and imports in constant memory (under 32 MiB each)")
  func constantMemory() throws {
    let sandbox = try Sandbox()
    let script = """
      head -c 268435456 /dev/urandom > big.bin && pb copy big.bin &&
      /usr/bin/time -f %M -o export.kib pb export > big.tar &&
      /usr/bin/time -f %M -o import.kib pb import --archive - -p other < big.tar &&
      pb paste -p other | cmp - big.bin && echo same $(cat export.kib) $(cat import.kib)
      """
    let result = try sandbox.shell(script, timeLimit: 300)
    #expect(result.status == 0, "\(result)")
    let words = result.text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(words.first == "same", "\(result)")
    for kib in words.dropFirst() {
      #expect((Int(kib) ?? .max) < 32 * 1024, "peak memory \(kib) KiB: \(result)")
    }
    #expect(words.count == 3, "\(result)")
  }

  @Test("300 mutated archives: no crash, exit 0 or 65 with at most one line, a refused one changes nothing")
  func fuzzedArchives() throws {
    let sandbox = try Sandbox()
    try filled(sandbox)
    #expect(try sandbox.pb("undo").status == 0)
    let script = "pb export --history > good.tar && python3 \(Sandbox.support("fuzz_archive.py")) \(Sandbox.binary) good.tar 300 \(testSeed(1128))"
    let result = try sandbox.shell(script, timeLimit: 600)
    #expect(result.status == 0, "\(result)")
    #expect(result.text.contains("(65, "), "some mutations were refused: \(result)")
  }

  @Test("an import interrupted halfway (SIGTERM) stores nothing and leaves no data behind", arguments: ["0", "1"])
  func interruptedImport(scratchFolder: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "target", stdin: Data("untouched".utf8)).status == 0)
    let before = try sandbox.changeCount("target")
    // Half an archive through a FIFO this shell holds open: pb is reading the data of
    // its first member when it is told to stop.
    let script = """
      head -c 4000000 /dev/urandom > big.bin && pb copy big.bin && pb export > big.tar || exit 9
      mkfifo feed
      PB_TEST_SCRATCH_FOLDER=\(scratchFolder) pb import --archive - -p target < feed &
      importer=$!
      exec 3> feed
      head -c 2000000 big.tar >&3
      # It has read all it was given and waits for the rest.
      wait_until '{ [ -n "$(ls -A "$PB_DIR/boards/target/tmp" 2>/dev/null)" ] || [ "\(scratchFolder)" = 0 ]; } && blocked $importer pipe'
      kill -TERM $importer
      wait $importer
      echo status $?
      ls -A "$PB_DIR/boards/target/tmp" "$PB_DIR/boards/target/data" | grep -c . || true
      """
    let result = try sandbox.shell(script, timeLimit: 120)
    #expect(result.text.hasPrefix("status 143\n"), "ended by the signal: \(result)")
    // The data/ listing line, its one file, and the tmp/ line (and a blank one).
    #expect(result.lines.last == "3", "nothing but the board's own data file: \(result)")
    #expect(try sandbox.changeCount("target") == before)
    #expect(try sandbox.pb("paste", "-p", "target").text == "untouched")
  }

  @Test("no archive is written to a terminal, nor read from one")
  func terminal() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("x".utf8)).status == 0)
    let export = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary, "export"], stdin: nil,
      environment: sandbox.environment)
    #expect(export.status == 64, "\(export)")
    #expect(export.text.contains("pb export > board.tar"), "\(export)")
    let read = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary, "import", "--archive", "-"], stdin: nil,
      environment: sandbox.environment)
    #expect(read.status == 64, "\(read)")
    #expect(read.text.contains("pb import --archive - < board.tar"), "\(read)")
  }

  @Test("the desktop's options are refused with --archive, which reads no desktop")
  func desktopOptions() throws {
    let sandbox = try Sandbox()
    for options in [["--timeout", "1s"], ["--max-size", "1M"], ["--all-types"], ["--backend", "x11"], ["--if-available"], ["--selection", "primary"]] {
      let result = try sandbox.pb(["import", "--archive", "x.tar"] + options)
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr.contains("\(options[0]) is for the desktop"), "\(result)")
    }
    let missing = try sandbox.pb("import", "--archive", "missing.tar")
    #expect(missing.status == 66, "\(missing)")
  }
}
