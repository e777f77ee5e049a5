import Foundation
import Testing

@Suite("bad input", .tags(.endToEnd))
struct BadInputTests {
  /// A board with two items, to check that nothing bad input does changes it.
  func twoItems() throws -> Sandbox {
    let sandbox = try Sandbox()
    let first = try sandbox.file("one.txt", "one")
    #expect(try sandbox.pb("copy", first, SystemSamples.png).status == 0)
    return sandbox
  }

  func expectUntouched(_ sandbox: Sandbox, _ context: Result) throws {
    #expect(try sandbox.changeCount() == 1, "stored contents changed after: \(context)")
    #expect(try sandbox.pb("paste", "-i", "0").text == "one", "stored contents changed after: \(context)")
    #expect(try sandbox.pb("paste", "-i", "1").stdout == (try SystemSamples.contents(SystemSamples.png)))
  }

  @Test(
    "each bad input gets one line on stderr, its exit status, and leaves the board as it was",
    arguments: [
      (["paste", "--bogus"], Int32(64), "unknown option '--bogus'; see 'pb paste --help'"),
      (["copy", "--bogus"], 64, "see 'pb copy --help'"),
      (["paste", "-i", "x"], 65, "malformed item set 'x'"),
      (["paste", "-i", "3-1"], 65, "runs backwards"),
      (["paste", "-i", "1-"], 65, "needs both ends"),
      (["paste", "-i", "-0"], 65, "the last item is -1"),
      (["paste", "-i", "-9"], 65, "no item -9"),
      (["paste", "-i", "99"], 65, "no item 99: the pasteboard holds 2 items (items 0-1)"),
      (["types", "-i", "0,7"], 65, "holds 2 items"),
      (["contains", "-i", "5", "public.text"], 65, "no item 5"),
      (["paste", "-t", ""], 65, "malformed type '': it is empty"),
      (["paste", "-t", "a b"], 65, "malformed type 'a b': it contains a space"),
      (["contains", "public..png"], 65, "empty component"),
      (["copy", "-t", "image/", "one.txt"], 65, "type/subtype"),
      (["copy", "-r", "missing.png"], 66, "cannot read 'missing.png': No such file or directory"),
      (["copy", "-r", "one.txt", "-r", "png=missing.png"], 66, "missing.png"),
      (["copy", "one.txt", "missing.txt"], 66, "missing.txt"),
      (["copy", "."], 66, "cannot copy '.': it is a directory; copy its files, an item each (pb copy ./*), or the folder as one tar item (tar -cf - . | pb copy)"),
      (["copy", "-r", "-", "-r", "-"], 64, "standard input ('-') can be read only once"),
      (["copy", "-r", "txt=one.txt", "-r", "text/plain=one.txt"], 64, "two representations of public.plain-text"),
      (["copy", "-r", "one.txt", "extra.txt"], 64, "not both"),
      (["paste", "-p", "a/b"], 64, "invalid pasteboard name 'a/b'"),
      (["copy", "-p", "..", "one.txt"], 64, "invalid pasteboard name '..'"),
      (["copy", "-p", "", "one.txt"], 64, "invalid pasteboard name '': it is empty"),
      (["paste", "-p", "nosuch"], 66, "no pasteboard named 'nosuch'"),
      (["paste", "-p", "find"], 1, "pasteboard 'find' is empty"),
    ])
  func badInput(arguments: [String], status: Int32, message: String) throws {
    let sandbox = try twoItems()
    _ = try sandbox.file("one.txt", "one")
    let result = try sandbox.pb(arguments, stdin: Data("stdin data".utf8))
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.hasPrefix("pb: "), "\(result)")
    #expect(result.stderr.contains(message), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    try expectUntouched(sandbox, result)
  }

  @Test("a directory on standard input is refused with a hint, not read")
  func directoryOnStandardInput() throws {
    let sandbox = try twoItems()
    let result = try sandbox.shell("PB_DIR=\(sandbox.store.path) pb copy < .")
    #expect(result.status == 66, "\(result)")
    #expect(result.stderr == "pb: cannot read 'standard input': it is a directory; redirect a file instead: pb copy < FILE\n", "\(result)")
    try expectUntouched(sandbox, result)
  }

  @Test("paste on an empty board says so and exits 1")
  func emptyBoard() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb("paste")
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr == "pb: pasteboard 'general' is empty; copy something first: echo hello | pb copy\n")
    #expect(try sandbox.pb("types").status == 1)
    #expect(try sandbox.pb("contains", "public.text").status == 1)
    #expect(try sandbox.pb("info", "--json").status == 0)
  }

  @Test("a PB_DIR that is a file is refused with exit 73")
  func storeIsAFile() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.file("not-a-dir", "x")
    for arguments in [["copy"], ["paste"], ["info"]] {
      let result = try sandbox.pb(arguments, stdin: Data("x".utf8), environment: ["PB_DIR": file])
      #expect(result.status == 73, "\(result)")
      #expect(result.stderr.contains("is not a directory"), "\(result)")
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
  }

  @Test("a store others can write to, or a board that is a planted link, is refused")
  func insecureStore() throws {
    let sandbox = try twoItems()
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.store.path)
    let open = try sandbox.pb("paste")
    #expect(open.status == 77 && open.stderr.contains("others can write"), "\(open)")
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: sandbox.store.path)
    let elsewhere = sandbox.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let planted = sandbox.store.appendingPathComponent("boards/planted")
    try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: elsewhere)
    let write = try sandbox.pb("copy", "-p", "planted", stdin: Data("x".utf8))
    #expect(write.status == 77, "\(write)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  @Test("stdin on a terminal: pb copy says what it is waiting for, then reads until Ctrl-D")
  func terminalInput() throws {
    let sandbox = try Sandbox()
    // A real terminal as stdin: a line is typed, then Ctrl-D.
    let result = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--type", "typed text\\n", "--type", "\\x04", "--", Sandbox.binary, "copy"],
      stdin: nil, environment: sandbox.environment)
    #expect(result.status == 0, "\(result)")
    #expect(result.text.contains("pb: reading what to copy from the terminal; end it with Ctrl-D"), "\(result)")
    #expect(try sandbox.pb("paste").text == "typed text\n")
  }
}

@Suite("fuzzed arguments", .tags(.endToEnd, .long))
struct ArgumentFuzzEndToEndTests {
  @Test("400 random arguments as raw bytes: no trap, no hang, one safe line each, the board unchanged")
  func randomArguments() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("fuzz target".utf8)).status == 0)
    let script = Sandbox.support("fuzz_arguments.py")
    let result = try sandbox.run(
      "/usr/bin/env", ["python3", script, Sandbox.binary, sandbox.store.path, "400", String(testSeed(20_261_122))], stdin: nil,
      environment: [:], timeLimit: 300)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.last == "400 passed, 0 failed", "\(result)")
    #expect(try sandbox.pb("paste").text == "fuzz target")
  }

  // Mounting a tmpfs takes root, which CI has; the mount lives in a namespace of its own.
  @Test(
    "a copy that fills the disk says so in one line with the fix, exits 74, and leaves the board as it was",
    .enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
  func fullDisk() throws {
    let sandbox = try Sandbox()
    let script = """
      mkdir small && mount -t tmpfs -o size=1m tmpfs small || exit 99
      export PB_DIR=$PWD/small/store
      echo kept | pb copy || exit 98
      head -c 3000000 /dev/zero > big
      pb copy < big
      echo "status $?"
      pb paste
      """
    let result = try sandbox.run(
      "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/bash", "-c", script], stdin: nil,
      environment: ["PATH": Sandbox.pathWithPB])
    #expect(result.lines.contains("kept"), "the first copy went in and stayed: \(result)")
    #expect(result.lines.contains("status 74"), "\(result)")
    let message = result.stderr.split(separator: "\n")
    #expect(message.count == 1, "one line: \(result.stderr)")
    #expect(result.stderr.contains("No space left on device; free some space on its file system, or drop a pasteboard's undo data with: pb history --clear -p NAME"), "\(result.stderr)")
  }

  /// The name pb was started under begins every message: a link named with a line break
  /// or an escape sequence broke the message in two and coloured the terminal.
  @Test("a program name with control characters is escaped in messages, which stay one line")
  func oddProgramName() throws {
    let sandbox = try Sandbox()
    for arguments in ["bogus", "paste --bogus", "paste -p no-such-board"] {
      let result = try sandbox.shell(#"exec -a "$(printf 'pb\nx\033[31m')" pb "# + arguments)
      #expect(result.status == 64 || result.status == 66, "pb ran and refused: \(result)")
      #expect(result.stderr.hasPrefix(#"pb\nx\e[31m: "#), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("\u{1B}"), "\(arguments): \(result.stderr)")
    }
  }
}
