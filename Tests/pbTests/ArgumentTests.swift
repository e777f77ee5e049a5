import Foundation
import Testing

/// Arguments as a shell user gives them: durations with fractions, boards that writers
/// make, JSON that a pipe can read on an empty board, messages in the user's own words,
/// several names at once, and a store that belongs to someone else.
@Suite("arguments", .tags(.endToEnd))
struct ArgumentTests {
  /// `env` without any way to the desktop, so that `--if-available` is a quiet success
  /// once the options were taken.
  static let noDesktop = ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SSH_TTY", "-u", "SSH_CONNECTION", "-u", "PB_DESKTOP"]

  @Test("every duration takes a fraction, as sleep and timeout do: wait, copy and create --expire, import and bridge --timeout")
  func fractionalDurations() throws {
    let sandbox = try Sandbox()
    let started = Date()
    let wait = try sandbox.pb("wait", "--timeout", "0.3s")
    let waited = Date().timeIntervalSince(started)
    #expect(wait.status == 1 && wait.stderr.isEmpty, "timed out quietly: \(wait)")
    #expect(waited >= 0.3 && waited < 5, "waited \(waited) s")
    #expect(try sandbox.pb("wait", "--timeout", ".1s").status == 1)

    #expect(try sandbox.pb("copy", "--expire", "1.5s", stdin: Data("brief".utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == "brief", "not expired yet")
    #expect(try waitUntil { try sandbox.pb("paste").status == 1 }, "expired")
    #expect(Date().timeIntervalSince(started) >= 1.5)

    #expect(try sandbox.pb("create", "--persistent", "--expire", "1.5m", "half").status == 0)
    let boards = try #require(try sandbox.json(try sandbox.pb("list", "--json")) as? [[String: Any]])
    #expect(boards.first { $0["name"] as? String == "half" }?["defaultExpiry"] as? String == "1m30s", "\(boards)")

    for command in ["import", "bridge"] {
      let result = try sandbox.run(
        "/usr/bin/env", Self.noDesktop + [Sandbox.binary, command, "--timeout", "0.5s", "--if-available"], stdin: nil,
        environment: sandbox.environment)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }
  }

  /// Digits past the ninth after the point were dropped, so a duration of some time
  /// became none and was refused as "no time at all", against the rounding up promised.
  @Test("a tiny fraction is some time: it rounds up to a millisecond however many zeros come first")
  func tinyFraction() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "--expire", "0.001s", stdin: Data("a".utf8)).status == 0, "a millisecond is taken")
    let tiny = try sandbox.pb("copy", "--expire", "0.0000000001s", stdin: Data("b".utf8))
    #expect(tiny.status == 0 && tiny.stderr.isEmpty, "\(tiny)")
    #expect(try sandbox.pb("items").text.contains("b") || sandbox.pb("paste").status == 1, "the copy went in, and may have expired")
    let zeros = try sandbox.pb("copy", "--expire", "0.0000000000s", stdin: Data("c".utf8))
    #expect(zeros.status == 64 && zeros.stderr.contains("no time at all"), "only zeros are no time: \(zeros)")
  }

  @Test(
    "a duration that is no time, or a time where a duration goes, says what to give instead, on one line",
    arguments: [
      (["copy", "--expire", "0s"], "give a duration longer than zero"),
      (["copy", "--expire", "0.0s"], "give a duration longer than zero"),
      (["create", "--persistent", "--expire", "0s", "new"], "give a duration longer than zero"),
      (["create", "--persistent", "--expire", "2026-01-01T00:00:00Z", "new"], "create --expire takes a duration, as in 30s or 2h"),
      (["wait", "--timeout", "2030-01-01T00:00:00Z"], "a duration, not a time"),
      (["wait", "--timeout", "1.5.2s"], "is not a unit"),
      (["wait", "--timeout", "1.s"], "digits after the point"),
    ])
  func durationMistakes(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    let result = try sandbox.pb(arguments, stdin: Data("new".utf8))
    #expect(result.status == 64 && result.stderr.hasPrefix("pb: invalid time") && result.stderr.contains(message), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    #expect(try sandbox.pb("paste").text == "kept")
  }

  @Test("a group and the levels of history can be set up on a board that does not exist yet; undo and clear still need one")
  func writersCreateTheBoard() throws {
    let sandbox = try Sandbox()
    // The group belongs to the shell that opened it.
    let group = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      pb group begin -p notes Notes && echo begun
      echo one | pb copy -p notes && echo two | pb copy -a -p notes && pb group end -p notes && pb undo -p notes
      """)
    #expect(group.lines == ["begun", "Undo Notes"], "\(group)")
    let run = try sandbox.pb("group", "run", "-p", "scripted", "--", "true")
    #expect(run.status == 0, "\(run)")
    let levels = try sandbox.pb("history", "-p", "kept", "--levels", "3")
    #expect(levels.status == 0, "\(levels)")
    let history = try #require(try sandbox.json(try sandbox.pb("history", "-p", "kept", "--json")) as? [String: Any])
    #expect(history["levelsOfUndo"] as? Int == 3, "\(history)")
    for arguments in [["undo", "-p", "nosuch"], ["redo", "-p", "nosuch"], ["clear", "-p", "nosuch"], ["group", "end", "-p", "nosuch"]] {
      let result = try sandbox.pb(arguments)
      #expect(result.status == 66 && result.stderr.contains("nosuch"), "\(result)")
    }
    let list = try #require(try sandbox.json(try sandbox.pb("list", "--json")) as? [[String: Any]])
    #expect(list.compactMap { $0["name"] as? String } == ["find", "general", "kept", "notes", "scripted"])
  }

  @Test("--json on an empty pasteboard prints [] for jq, with exit status 1", arguments: [["items"], ["types"], ["paste"]])
  func emptyJSON(_ command: [String]) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("x".utf8)).status == 0)
    #expect(try sandbox.pb(command + ["--json"]).status == 0, "the command gives JSON on a board with an item")
    #expect(try sandbox.pb("clear").status == 0)
    for board in [[], ["-p", "find"]] {
      let result = try sandbox.pb(command + ["--json"] + board)
      #expect(result.status == 1, "\(result)")
      #expect((try sandbox.json(result) as? [Any])?.isEmpty == true, "\(result)")
      #expect(result.text == "[]\n", "written as people and jq write an empty list: \(result)")
    }
  }

  @Test("an empty list in --json is [], on one line, as jq prints it", arguments: [["items"], ["types"], ["paste"], ["history"]])
  func emptyListOnOneLine(_ command: [String]) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("types", "-p", "find").status == 1, "find is empty")
    let result = try sandbox.pb(command + ["--json", "-p", "find"])
    #expect(!result.text.isEmpty && !result.text.contains("[\n"), "\(result)")
    #expect(!result.lines.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "no blank line: \(result)")
    if command != ["history"] { #expect(result.text == "[]\n", "\(result)") }
  }

  @Test("messages name a type as the user typed it, with the identifier after it when that says more")
  func typesAsTyped() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("hello".utf8)).status == 0)
    let paste = try sandbox.pb("paste", "-t", "foo/bar")
    #expect(paste.status == 1 && paste.stderr.contains("representation of foo/bar;") && !paste.stderr.contains("dyn."), "\(paste)")
    let several = try sandbox.pb("paste", "-t", "png,html")
    #expect(several.status == 1 && several.stderr.contains("of png (public.png), html (public.html);"), "\(several)")
    let utiAsIs = try sandbox.pb("paste", "-t", "public.png")
    #expect(utiAsIs.stderr.contains("of public.png;"), "a UTI is not repeated: \(utiAsIs)")

    _ = try sandbox.file("a", "a")
    _ = try sandbox.file("b", "b")
    let twice = try sandbox.pb("copy", "-r", "png=a", "-r", "image/png=b")
    #expect(twice.status == 64 && twice.stderr.contains("png and image/png") && twice.stderr.contains("public.png"), "\(twice)")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89])
    _ = try sandbox.file("i.png", png)
    let contradicted = try sandbox.pb("copy", "-t", "txt", "i.png")
    #expect(contradicted.status == 65 && contradicted.stderr.contains("not text as txt (public.plain-text) says"), "\(contradicted)")
    let invalid = try sandbox.pb("copy", "-t", "text/plain;charset=utf-8", stdin: Data([0xFF, 0xFE]))
    #expect(invalid.status == 65 && invalid.stderr.contains("not valid text/plain;charset=utf-8 (public.utf8-plain-text)"), "\(invalid)")
    #expect(try sandbox.pb("paste").text == "hello", "nothing was written")
  }

  @Test("delete goes on past a name that fails, as rm does: one line per failure, its status at the end")
  func deleteCarriesOn() throws {
    let sandbox = try Sandbox()
    for name in ["d1", "d2"] { #expect(try sandbox.pb("copy", "-p", name, stdin: Data(name.utf8)).status == 0) }
    let result = try sandbox.pb("delete", "d1", "nosuch", "d2", "alsomissing")
    #expect(result.status == 66, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines[0].contains("'nosuch'") && lines[1].contains("'alsomissing'"), "\(result)")
    let list = try #require(try sandbox.json(try sandbox.pb("list", "--json")) as? [[String: Any]])
    #expect(list.compactMap { $0["name"] as? String } == ["find", "general"], "d1 and d2 are both gone")
  }

  @Test("delete general is recorded, listed and undone as Delete")
  func deleteGeneralIsDelete() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    #expect(try sandbox.pb("delete", "general").status == 0)
    #expect(try sandbox.pb("paste").status == 1, "general was emptied")
    let history = try #require(try sandbox.json(try sandbox.pb("history", "--json")) as? [String: Any])
    let undo = history["undo"] as? [[String: Any]] ?? []
    #expect(undo.first?["actionName"] as? String == "Delete", "\(history)")
    #expect(try sandbox.pb("undo").text == "Undo Delete\n")
    #expect(try sandbox.pb("paste").text == "kept")
  }

  @Test(
    "a store that belongs to another user is refused (77) with its fix, whether its folder is 0700 or 0755",
    .enabled(if: geteuid() == 0, "only root can make a store another user then opens"),
    arguments: [0o700, 0o755])
  func foreignStore(_ mode: Int) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("root's".utf8)).status == 0)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: sandbox.store.path)
    // nobody must reach the store's folder to be refused by it, not by its parents.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.root.path)
    for arguments in [["paste"], ["copy"], ["list"]] {
      let result = try sandbox.run(
        "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary] + arguments,
        stdin: Data("nobody's".utf8), environment: sandbox.environment)
      #expect(result.status == 77, "\(result)")
      #expect(result.stderr.contains("belongs to user 0, not to you (user 65534)") && result.stderr.contains("PB_DIR"), "\(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }
    #expect(try sandbox.pb("paste").text == "root's")
  }

  @Test(
    "a pasteboard folder of another user's that this one cannot open is refused as foreign (77), not as an I/O error",
    .enabled(if: geteuid() == 0, "only root can make a store another user then opens"))
  func foreignBoardFolder() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("root's".utf8)).status == 0)
    // The store becomes nobody's; its general board stays root's, 0700 as pb made it.
    let result = try sandbox.shell(
      """
      chmod 755 \(sandbox.root.path) && chown -R 65534:65534 \(sandbox.store.path) && chown 0:0 \(sandbox.store.path)/boards/general
      setpriv --reuid=65534 --regid=65534 --clear-groups env PB_DIR=\(sandbox.store.path) pb paste
      """)
    #expect(result.status == 77, "\(result)")
    #expect(result.stderr.contains("boards/general: it belongs to user 0, not to you (user 65534)"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
  }
}
