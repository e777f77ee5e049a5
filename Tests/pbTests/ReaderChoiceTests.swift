import Foundation
import Testing

/// What a script or a reader gets where a new user tripped (issue 40): which item
/// `contains` and `paste -t` look at, what a kind and an item list give, what a refused
/// `--if-count` leaves, and the messages of a few mistyped lines.
@Suite("which items and representations a reader gets", .tags(.endToEnd))
struct ReaderChoiceTests {
  @Test("the README's line: pb contains image && pb paste -t image finds the image whichever item holds it")
  func containsAndPasteFindTheImage() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.file("notes.txt", "Shopping: eggs\n")
    try FileManager.default.copyItem(atPath: SystemSamples.png, toPath: sandbox.root.appendingPathComponent("a.png").path)
    try FileManager.default.copyItem(atPath: SystemSamples.jpeg, toPath: sandbox.root.appendingPathComponent("b.jpg").path)
    let line = try sandbox.shell("pb copy notes.txt a.png b.jpg; pb contains image && pb paste -t image > clip")
    #expect(line.status == 0, "\(line)")
    #expect(try sandbox.pb("count").text == "1\n")
    let clip = try Data(contentsOf: sandbox.root.appendingPathComponent("clip"))
    #expect(clip == (try SystemSamples.contents(SystemSamples.png)), "the first item holding an image, item 1")
    // -i still means every chosen item, and an item without the type is still skipped.
    #expect(try sandbox.pb("contains", "-i", "0", "image").status == 1)
    #expect(try sandbox.pb("contains", "-i", "all", "image").status == 1)
    #expect(try sandbox.pb("contains", "-i", "1,2", "image").status == 0)
    #expect(try sandbox.pb("contains", "video").status == 1)
    #expect(try sandbox.pb("paste", "-i", "0", "-t", "image").status == 1)
    #expect(try sandbox.pb("paste", "-t", "text").text == "Shopping: eggs\n")
    #expect(try sandbox.pb("paste").text == "Shopping: eggs\n", "without -t, item 0")
  }

  @Test("a refused --if-count leaves no board behind; --if-count 0 makes one")
  func refusedIfCountMakesNoBoard() throws {
    let sandbox = try Sandbox()
    let refused = try sandbox.pb("copy", "-p", "new", "--if-count", "5", stdin: Data("x".utf8))
    #expect(refused.status == 75, "\(refused)")
    #expect(refused.stderr.contains("nothing was written"), "\(refused)")
    #expect(try sandbox.pb("count", "-p", "new").status == 66)
    #expect(try !sandbox.pb("list").text.contains("new"))
    let file = try sandbox.file("keep.txt", "kept\n")
    let cut = try sandbox.pb("cut", "-p", "other", "--if-count", "3", file)
    #expect(cut.status == 75, "\(cut)")
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(try sandbox.pb("count", "-p", "other").status == 66)
    let color = try sandbox.pb("copy", "-p", "tint", "--color", "#f80", "--if-count", "5")
    #expect(color.status == 75 && color.stderr.contains("nothing was written"), "\(color)")
    #expect(try sandbox.pb("count", "-p", "tint").status == 66, "copy --color makes no board either")
    let made = try sandbox.pb("copy", "-p", "new", "--if-count", "0", stdin: Data("x".utf8))
    #expect(made.status == 0, "\(made)")
    #expect(try sandbox.pb("paste", "-p", "new").text == "x")
  }

  @Test("a copy refused for a missing file, a directory, a socket or a failed read leaves no board behind")
  func refusedCopyMakesNoBoard() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.root.appendingPathComponent("photos").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let socket = sandbox.root.appendingPathComponent("socket").path
    let bind = "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])"
    let bound = try sandbox.run("python3", ["-c", bind, socket], stdin: nil, environment: [:])
    try #require(bound.status == 0, "\(bound)")
    let lines: [(arguments: [String], status: Int32, said: String)] = [
      (["copy", "-p", "notes", sandbox.root.appendingPathComponent("typo.txt").path], 66, "cannot read"),
      (["copy", "-p", "pics", folder], 66, "it is a directory"),
      (["copy", "-p", "reps", "-r", "txt=" + sandbox.root.appendingPathComponent("nosuch").path], 66, "cannot read"),
      // Refused once opened: a socket (as a file this user may not read), a read that fails.
      (["copy", "-p", "socket", socket], 66, "cannot read"),
      (["copy", "-p", "broken", "/proc/self/mem"], 74, "cannot read"),
    ]
    for line in lines {
      let refused = try sandbox.pb(line.arguments)
      #expect(refused.status == line.status && refused.stderr.contains(line.said), "\(refused)")
      let board = line.arguments[2]
      let paste = try sandbox.pb("paste", "-p", board)
      #expect(paste.status == 66 && paste.stderr.contains("no pasteboard named '\(board)'"), "\(paste)")
    }
    // pb cut of no file it can take, and pb import --archive of a missing file: the same.
    let cut = try sandbox.pb("cut", "-p", "cuts", sandbox.root.appendingPathComponent("gone.txt").path)
    #expect(cut.status != 0, "\(cut)")
    let imported = try sandbox.pb("import", "-p", "imports", "--archive", sandbox.root.appendingPathComponent("gone.tar").path)
    #expect(imported.status == 66, "\(imported)")
    for board in ["cuts", "imports"] {
      let paste = try sandbox.pb("paste", "-p", board)
      #expect(paste.status == 66 && paste.stderr.contains("no pasteboard named '\(board)'"), "\(paste)")
    }
    #expect(try sandbox.pb("list").lines.count == 3, "general and find alone, under the header")
    // A cut that took its file keeps the board made for it.
    let taken = try sandbox.file("taken.txt", "taken\n")
    #expect(try sandbox.pb("cut", "-p", "cuts", taken).status == 0)
    #expect(try sandbox.pb("paste", "-p", "cuts").text == "taken\n")
  }

  @Test("-t text gives an item's plain text over its HTML; -t html the HTML")
  func textKindIsPlainest() throws {
    let sandbox = try Sandbox()
    let html = try sandbox.file("page.html", "<p>Hello <b>there</b></p>\n")
    let text = try sandbox.file("page.txt", "Hello there\n")
    let copy = try sandbox.pb("copy", "-r", "html=" + html, "-r", "txt=" + text)
    #expect(copy.status == 0, "\(copy)")
    #expect(try sandbox.pb("types").lines == ["public.html", "public.plain-text"])
    #expect(try sandbox.pb("paste", "-t", "text").text == "Hello there\n")
    #expect(try sandbox.pb("paste", "-t", "html").text == "<p>Hello <b>there</b></p>\n")
    #expect(try sandbox.pb("paste", "-t", "public.html").text == "<p>Hello <b>there</b></p>\n")
    #expect(try sandbox.pb("paste").text == "<p>Hello <b>there</b></p>\n", "without -t, the preferred one")
  }

  @Test("paste -i all of lines gives what cat gives; -d separates exactly; -i 1,0 keeps the order given")
  func itemsComeOutAsCatAndInOrder() throws {
    let sandbox = try Sandbox()
    let a = try sandbox.file("a.txt", "a\n")
    let b = try sandbox.file("b.txt", "b\n")
    let c = try sandbox.file("c.txt", "c")
    #expect(try sandbox.pb("copy", a, b, c).status == 0)
    #expect(try sandbox.pb("count").text == "1\n")
    #expect(try sandbox.pb("paste", "-i", "all").text == "a\nb\nc")
    #expect(try sandbox.pb("paste", "-i", "2,0").text == "c\na\n")
    #expect(try sandbox.pb("paste", "-i", "all", "-d", ",").text == "a\n,b\n,c")
    #expect(try sandbox.pb("paste", "-i", "all", "-0").stdout == Data("a\n\0b\n\0c".utf8))
    #expect(try sandbox.pb("paste", "-i", "1,0").text == "b\na\n")
    #expect(try sandbox.pb("items", "-i", "2,0").lines.map { $0.prefix(1) } == ["2", "0"])
  }

  @Test("a dynamic identifier is listed with the MIME type it stands for, and piped alone")
  func dynamicIdentifiersSayWhatTheyAre() throws {
    let sandbox = try Sandbox()
    let copy = try sandbox.pb("copy", "-t", "application/x-subrip", stdin: Data("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8))
    #expect(copy.status == 0, "\(copy)")
    let piped = try sandbox.pb("types")
    #expect(piped.lines.count == 1 && piped.text.hasPrefix("dyn.") && !piped.text.contains(" "), "\(piped)")
    let identifier = piped.lines[0]
    let items = try sandbox.pb("items")
    #expect(items.text.contains("\(identifier) (application/x-subrip)"), "\(items)")
    let onTerminal = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary, "types"], stdin: nil,
      environment: sandbox.environment)
    #expect(onTerminal.status == 0, "\(onTerminal)")
    #expect(onTerminal.text.contains("\(identifier) (application/x-subrip)"), "\(onTerminal)")
    #expect(try sandbox.pb("paste", "-t", identifier).status == 0, "what a pipe gets is a type -t takes")
    // The history lists what undo brings back: the subtitles, once something follows them.
    try #require(try sandbox.pb("copy", stdin: Data("later".utf8)).status == 0)
    let history = try sandbox.pb("history")
    #expect(history.text.contains("\(identifier) (application/x-subrip)"), "\(history)")
  }

  @Test("after undo, a --no-undo write and redo: the undone state comes back over it, and the write never does")
  func redoGoesOverAnUnrecordedWrite() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("A".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("B".utf8)).status == 0)
    #expect(try sandbox.pb("undo").text == "Undo Copy\n")
    #expect(try sandbox.pb("copy", "--no-undo", stdin: Data("C".utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == "C")
    #expect(try sandbox.pb("redo").text == "Redo Copy\n", "--no-undo leaves the redo stack as it was")
    #expect(try sandbox.pb("paste").text == "B")
    #expect(try sandbox.pb("undo").text == "Undo Copy\n")
    #expect(try sandbox.pb("paste").text == "A", "the write not recorded is in no state")
  }

  @Test("an archive with history: undo walks back through it, then past the import; without, one step takes the import back")
  func importedHistoryIsUndoneStepByStep() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("first".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("second".utf8)).status == 0)
    #expect(try sandbox.shell("pb export --history > board.tar && pb export > items.tar").status == 0)
    for (archive, afterOneUndo) in [("board.tar", "first"), ("items.tar", "before")] {
      let board = "restored-" + archive.prefix(5)
      #expect(try sandbox.pb("copy", "-p", board, stdin: Data("before".utf8)).status == 0)
      let imported = try sandbox.pb("import", "--archive", archive, "-p", board)
      #expect(imported.status == 0, "\(imported)")
      #expect(try sandbox.pb("paste", "-p", board).text == "second")
      #expect(try sandbox.pb("undo", "-p", board).status == 0)
      #expect(try sandbox.pb("paste", "-p", board).text == afterOneUndo, "\(archive)")
    }
    // The exported board's oldest state (empty), then what the board held before the import.
    #expect(try sandbox.pb("undo", "-p", "restored-board").status == 0)
    #expect(try sandbox.pb("count", "-p", "restored-board").status == 0)
    #expect(try sandbox.pb("paste", "-p", "restored-board").status == 1)
    #expect(try sandbox.pb("undo", "-p", "restored-board").status == 0)
    #expect(try sandbox.pb("paste", "-p", "restored-board").text == "before")
  }

  @Test("mistyped lines name what is wrong: an unknown option of undo, --hlep, version, a directory to copy")
  func mistypedLines() throws {
    let sandbox = try Sandbox()
    for (line, said) in [
      (["undo", "--json"], "unknown option '--json'"), (["--hlep"], "did you mean '--help'?"),
      (["paste", "--hlep"], "did you mean '--help'?"), (["version"], "did you mean 'pb --version'?"),
    ] {
      let result = try sandbox.pb(line)
      #expect(result.status == 64 && result.stderr.contains(said), "\(result)")
    }
    try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("photos"), withIntermediateDirectories: false)
    let folder = try sandbox.pb("copy", "photos")
    #expect(folder.status == 66, "\(folder)")
    #expect(folder.stderr.contains("pb copy photos/*") && folder.stderr.contains("tar -cf - photos | pb copy"), "\(folder)")
    let sniffed = try sandbox.pb("type", "--sniff", "photos")
    #expect(sniffed.status == 66 && sniffed.stderr.contains("cannot read 'photos': it is a directory"), "no copy's fix: \(sniffed)")
  }
}
