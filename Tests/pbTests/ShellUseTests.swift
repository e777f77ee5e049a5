import Foundation
import Testing

/// Everyday shell use (issue #9): what a new user runs into in a day.
@Suite("everyday shell use", .tags(.endToEnd))
struct ShellUseTests {
  @Test(
    "a bad value in an environment variable pb reads is refused with 78, naming it, and changes nothing",
    arguments: [
      ("PB_LOCK_TIMEOUT", "abc"), ("PB_LOCK_TIMEOUT", "-1"), ("PB_LOCK_TIMEOUT", "inf"), ("PB_LOCK_TIMEOUT", "1e9"),
      ("PB_LOCK_TIMEOUT", "0x10"), ("PB_LOCK_TIMEOUT", "1e-400"), ("PB_LOCK_TIMEOUT", "+5"), ("PB_LOCK_TIMEOUT", "."),
      ("PB_PASTEBOARD", "../x"), ("PB_PASTEBOARD", ".hidden"),
    ])
  func badEnvironment(variable: String, value: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    for arguments in [["copy"], ["paste"], ["undo"]] {
      let result = try sandbox.pb(arguments, stdin: Data("new".utf8), environment: [variable: value])
      #expect(result.status == 78, "\(arguments) \(result)")
      #expect(result.stderr.hasPrefix("pb: \(variable)=") && result.stderr.split(separator: "\n").count == 1, "\(result)")
    }
    #expect(try sandbox.pb("paste").text == "kept")
    #expect(try sandbox.changeCount() == 1)
  }

  @Test("good values in the environment are taken")
  func goodEnvironment() throws {
    let sandbox = try Sandbox()
    let copy = try sandbox.pb(["copy"], stdin: Data("x".utf8), environment: ["PB_LOCK_TIMEOUT": "0.5", "PB_PASTEBOARD": "work"])
    #expect(copy.status == 0, "\(copy)")
    #expect(try sandbox.pb("paste", "-p", "work").text == "x")
  }

  @Test("pb items takes -i as every other reader does")
  func itemsTakesAnItemSet() throws {
    let sandbox = try Sandbox()
    let files = try ["zero", "one", "two"].map { try sandbox.file("\($0).txt", "item \($0)") }
    #expect(try sandbox.pb(["copy"] + files).status == 0)
    let one = try sandbox.pb("items", "-i", "1")
    #expect(one.status == 0 && one.lines.count == 1 && one.text.hasPrefix("1\t") && one.text.contains("item one"), "\(one)")
    let two = try sandbox.pb("items", "-i", "0,2", "--json")
    let indexes = (try JSONSerialization.jsonObject(with: two.stdout) as? [[String: Any]])?.compactMap { $0["index"] as? Int }
    #expect(indexes == [0, 2], "\(two)")
    #expect(try sandbox.pb("items").lines.count == 3, "all by default")
    let past = try sandbox.pb("items", "-i", "5")
    #expect(past.status == 65 && past.stderr.contains("3"), "\(past)")
  }
}

extension ShellUseTests {
  @Test("-o does not combine with -0 or -d, and -n goes with -o", arguments: [
    ["paste", "-o", "out", "-0"], ["paste", "-o", "out", "-d", ","], ["paste", "-n"],
  ])
  func outputExclusions(arguments: [String]) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("x".utf8)).status == 0)
    let result = try sandbox.pb(arguments)
    #expect(result.status == 64 && result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("out").path), "nothing was saved")
  }

  @Test("paste -o replaces files of the same name; -n keeps them and says so")
  func noClobber() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("first".utf8)).status == 0)
    #expect(try sandbox.pb("paste", "-o", "out").lines == ["out/0.txt"])
    #expect(try sandbox.pb("copy", stdin: Data("second".utf8)).status == 0)
    let kept = try sandbox.pb("paste", "-o", "out", "-n")
    #expect(kept.status == 0 && kept.text.isEmpty && kept.stderr.contains("kept the existing 'out/0.txt'"), "\(kept)")
    let saved = sandbox.root.appendingPathComponent("out/0.txt")
    #expect(FileManager.default.contents(atPath: saved.path) == Data("first".utf8))
    #expect(try sandbox.pb("paste", "-o", "out").lines == ["out/0.txt"])
    #expect(FileManager.default.contents(atPath: saved.path) == Data("second".utf8), "without -n the file is replaced")
  }
}

extension ShellUseTests {
  @Test("copy -n drops one trailing newline of each input, and only one", arguments: [
    ("abc\n", "abc"), ("abc\n\n", "abc\n"), ("abc", "abc"), ("\n", ""), ("a\r\n", "a\r"),
  ])
  func trimNewline(input: String, stored: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-n", stdin: Data(input.utf8)).status == 0)
    let pasted = try sandbox.pb("paste")
    #expect(pasted.status == 0 && pasted.text == stored, "\(pasted)")
    #expect(try sandbox.pb("copy", stdin: Data(input.utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == input, "without -n the input is kept whole")
  }

  @Test("copy -n works on files, on every representation, and past the sniffed head")
  func trimNewlineOnFiles() throws {
    let sandbox = try Sandbox()
    let big = String(repeating: "x", count: 200_000) + "\n"
    let files = [try sandbox.file("a.txt", "first\n"), try sandbox.file("b.txt", big)]
    #expect(try sandbox.pb(["copy", "--trim-newline"] + files).status == 0)
    #expect(try sandbox.pb("paste", "-i", "0").text == "first")
    #expect(try sandbox.pb("paste", "-i", "1").text == String(big.dropLast()))
    let html = try sandbox.file("p.html", "<p>x</p>\n")
    #expect(try sandbox.pb("copy", "-n", "-r", "public.html=\(html)", "-r", "txt=\(files[0])").status == 0)
    #expect(try sandbox.pb("paste", "-t", "public.html").text == "<p>x</p>")
    #expect(try sandbox.pb("paste", "-t", "public.plain-text").text == "first")
    let sizes = try JSONSerialization.jsonObject(with: sandbox.pb("items", "--json").stdout) as? [[String: Any]]
    let representations = sizes?.first?["representations"] as? [[String: Any]]
    #expect(representations?.compactMap { $0["size"] as? Int } == [8, 5], "the stored sizes are the trimmed ones")
  }
}

extension ShellUseTests {
  @Test("negative indexes count from the end, in every reader")
  func negativeIndexes() throws {
    let sandbox = try Sandbox()
    let files = try ["a", "b", "c", "d"].map { try sandbox.file("\($0).txt", $0) }
    #expect(try sandbox.pb(["copy"] + files).status == 0)
    #expect(try sandbox.pb("paste", "-i", "-1").text == "d")
    #expect(try sandbox.pb("paste", "-i", "-3--1", "-d", ",").text == "b,c,d")
    #expect(try sandbox.pb("paste", "-i", "1--1", "-d", ",").text == "b,c,d")
    let types = try sandbox.pb("types", "-i", "-2")
    let third = try sandbox.pb("types", "-i", "2")
    #expect(types.status == 0 && !types.text.isEmpty && types.text == third.text, "\(types)")
    #expect(try sandbox.pb("items", "-i", "-2").text.hasPrefix("2\t"))
    #expect(try sandbox.pb("contains", "-i", "-1", "public.text").status == 0)
    let past = try sandbox.pb("paste", "-i", "-5")
    #expect(past.status == 65 && past.stderr.contains("no item -5"), "\(past)")
  }
}

extension ShellUseTests {
  /// Runs a command line on a pseudo-terminal (util-linux `script`), as typed at a prompt.
  func onTerminal(_ sandbox: Sandbox, _ commandLine: String) throws -> Result {
    try sandbox.shell(
      "cd \(sandbox.root.path); export PB_DIR=\(sandbox.store.path); script -qec '\(commandLine); echo \"status=$?\"' /dev/null")
  }

  // An image is shown as a picture there instead (TerminalPictureTests).
  @Test("paste of binary data other than an image to a terminal prints a notice instead, and exits 1; pipes, files and --force are unaffected")
  func binaryToTerminal() throws {
    let sandbox = try Sandbox()
    let pdf = try Data(contentsOf: URL(fileURLWithPath: SystemSamples.pdf))
    #expect(try sandbox.pb("copy", SystemSamples.pdf).status == 0)
    let refused = try onTerminal(sandbox, "pb paste")
    #expect(refused.text.contains("item 0 is com.adobe.pdf") && refused.text.contains("--force"), "\(refused)")
    #expect(refused.text.contains("status=1") && !refused.text.contains("%PDF"), "nothing was written: \(refused)")
    let forced = try onTerminal(sandbox, "pb paste --force | wc -c")
    #expect(forced.text.contains(String(pdf.count)) && forced.text.contains("status=0"), "\(forced)")
    #expect(try sandbox.pb("paste").stdout == pdf, "a pipe gets the bytes")
    // Text goes to the terminal as always.
    #expect(try sandbox.pb("copy", stdin: Data("plain words".utf8)).status == 0)
    let text = try onTerminal(sandbox, "pb paste")
    #expect(text.text.contains("plain words") && text.text.contains("status=0"), "\(text)")
  }

  @Test("the notice of binary data repeats the options that chose the bytes, quoted for the shell")
  func binaryToTerminalHint() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("words".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-p", "work", "-a", SystemSamples.pdf).status == 0)
    let cases = [
      ("pb paste -p work -i 1", "pb paste -p work -i 1 > file.pdf"),
      ("pb paste -i1 --pasteboard=work -t pdf", "pb paste -p work -i 1 -t pdf > file.pdf"),
      ("pb paste -p work -i -1 -t com.adobe.pdf,public.text", "pb paste -p work -i -1 -t com.adobe.pdf,public.text > file.pdf"),
      // Of several items, the one to save alone (its bytes are no file of the others).
      ("pb paste -p work -i all -d \" | \"", "pb paste -p work -i 1 > file.pdf"),
      ("pb paste -p work -i 0-1 -0", "pb paste -p work -i 1 > file.pdf"),
    ]
    for (commandLine, hint) in cases {
      let refused = try onTerminal(sandbox, commandLine)
      #expect(refused.text.contains("item 1 is com.adobe.pdf") && refused.text.contains("status=1"), "\(refused)")
      #expect(refused.text.contains(hint), "\(commandLine): \(refused)")
    }
  }

  /// The message escapes control characters, so a single-quoted word would show `\e` where
  /// the user gave an escape character: pasted back, that hint wrote other bytes, or none.
  @Test("the notice's command, pasted into a shell, writes the same bytes when an option held control characters")
  func binaryToTerminalHintWithControlCharacters() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("words".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-p", "work", "-a", SystemSamples.pdf).status == 0)
    let refused = try onTerminal(sandbox, #"pb paste -p work -i 1 -d "$(printf "\033]0;x\007|\t")""#)
    #expect(refused.text.contains("item 1 is com.adobe.pdf") && refused.text.contains("status=1"), "\(refused)")
    let line = try #require(refused.text.split(separator: "\n").first { $0.contains("save it with ") }, "\(refused)")
    let hint = try #require(line.firstRange(of: "pb paste").map { line[$0.lowerBound...] }?.components(separatedBy: " > ").first)
    #expect(hint == #"pb paste -p work -i 1 -d $'\e]0;x\x07|\t'"#, "\(refused)")
    let again = try sandbox.shell(hint + " > again.bin; pb paste -p work -i 1 -d \"$(printf '\\033]0;x\\007|\\t')\" > first.bin; cmp first.bin again.bin && echo same")
    #expect(again.text.contains("same"), "\(again)")
  }
}

extension ShellUseTests {
  @Test(
    "a misspelt subcommand, help of an unknown one, and options before the subcommand get a hint and 64",
    arguments: [
      (["pastee"], "unknown subcommand 'pastee'; did you mean 'paste'?"),
      (["cpoy", "a.txt"], "did you mean 'copy'?"),
      (["help", "nosuch"], "unknown subcommand 'nosuch'"),
      (["help", "histroy"], "did you mean 'history'?"),
      (["-p", "work", "paste", "-i", "0"], "options go after the subcommand: pb paste -p work -i 0"),
    ])
  func subcommandHints(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb(arguments)
    #expect(result.status == 64 && result.text.isEmpty, "\(result)")
    #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(result)")
  }

  @Test("help of a real subcommand still works, nested ones too")
  func helpStillWorks() throws {
    let sandbox = try Sandbox()
    for arguments in [["help", "paste"], ["help", "group", "begin"], ["paste", "--help"], ["--help"]] {
      let result = try sandbox.pb(arguments)
      #expect(result.status == 0 && result.text.contains("USAGE"), "\(arguments) \(result)")
    }
  }
}

extension ShellUseTests {
  @Test("short options take joined values and group as getopt allows")
  func joinedShortOptions() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb(["copy", "-pwork", "-n"], stdin: Data("a\n".utf8)).status == 0)
    #expect(try sandbox.pb(["copy", "-anpwork"], stdin: Data("b\n".utf8)).status == 0, "-a -n -p work")
    #expect(try sandbox.pb("paste", "-pwork", "-i0").text == "a")
    #expect(try sandbox.pb("paste", "-pwork", "-i-1").text == "b")
    #expect(try sandbox.pb("paste", "-pwork", "-iall", "-d+").text == "a+b")
    #expect(try sandbox.pb("paste", "-pwork", "-0iall").stdout == Data("a\0b".utf8), "a flag then an option with its value")
    #expect(try sandbox.pb("types", "-pwork", "-i1").text.contains("public.utf8-plain-text"))
    #expect(try sandbox.pb("undo", "-pwork").text == "Undo Append\n")
    // Nothing after -- is split.
    let passed = try sandbox.pb("group", "run", "-pwork", "--", "printf", "%s", "-pn")
    #expect(passed.status == 0 && passed.text == "-pn", "words after -- reach the command as typed: \(passed)")
    let unknown = try sandbox.pb("paste", "-pwork", "-zx")
    #expect(unknown.status == 64 && unknown.stderr.contains("-z"), "\(unknown)")
  }
}

extension ShellUseTests {
  @Test("every subcommand's help shows at least two examples, and pb --help groups the subcommands")
  func helpExamples() throws {
    let sandbox = try Sandbox()
    let names = try DocsTests.commands().map(\.name).filter { $0 != "pb" && $0 != "help" }
    #expect(names.count >= 20)
    for name in names {
      let words = name.split(separator: " ").map(String.init)
      for arguments in [["help"] + words, words + ["--help"]] {
        let help = try sandbox.pb(arguments)
        let examples = help.lines.drop(while: { $0 != "Examples:" }).dropFirst().prefix(while: { $0.hasPrefix("  $ ") })
        #expect(help.status == 0 && examples.count >= 2, "\(arguments): \(help)")
        #expect(examples.allSatisfy { $0.contains("pb ") }, "\(arguments)")
      }
    }
    let root = try sandbox.pb("--help")
    for heading in ["COPY AND PASTE SUBCOMMANDS:", "READING SUBCOMMANDS:", "UNDO SUBCOMMANDS:", "PASTEBOARD SUBCOMMANDS:", "CHANGE TRACKING SUBCOMMANDS:"] {
      #expect(root.text.contains(heading), "\(heading): \(root)")
    }
  }
}

extension ShellUseTests {
  @Test("a long transfer shows a progress line on a terminal's stderr, erased at the end; not with -q, PB_PROGRESS=0 or a file")
  func progress() throws {
    let sandbox = try Sandbox()
    let slow = "(head -c 3000000 /dev/zero; sleep 1; head -c 1000000 /dev/zero)"
    let shown = try onTerminal(sandbox, "\(slow) | pb copy")
    #expect(shown.text.contains("pb: 2.") && shown.text.contains("MiB/s") && shown.text.contains("\r\u{1B}[K"), "\(shown)")
    #expect(shown.text.contains("status=0"))
    #expect(try sandbox.pb("paste").stdout.count == 4_000_000, "the data is whole")
    for quiet in ["\(slow) | pb copy -q", "\(slow) | PB_PROGRESS=0 pb copy", "\(slow) | pb copy 2> err; cat err"] {
      let result = try onTerminal(sandbox, quiet)
      #expect(result.text.contains("status=0") && !result.text.contains("MiB/s"), "\(quiet): \(result)")
    }
    // A known size gives a percentage: paste into a reader that starts late.
    let pasted = try onTerminal(sandbox, "pb paste | (sleep 1; wc -c)")
    #expect(pasted.text.contains("of 3.8 MiB (") && pasted.text.contains("4000000"), "\(pasted)")
    let bad = try sandbox.pb(["copy"], stdin: Data("x".utf8), environment: ["PB_PROGRESS": "yes"])
    #expect(bad.status == 78 && bad.stderr.contains("PB_PROGRESS"), "\(bad)")
  }
}

extension ShellUseTests {
  @Test("generic kinds have short names everywhere a type is asked for, as the README's example uses them")
  func genericTypeNames() throws {
    let sandbox = try Sandbox()
    let png = try Data(contentsOf: URL(fileURLWithPath: SystemSamples.png))
    #expect(try sandbox.pb("copy", SystemSamples.png).status == 0)
    #expect(try sandbox.pb("copy", "-a", stdin: Data("words".utf8)).status == 0)
    #expect(try sandbox.pb("paste", "-i", "all", "-t", "image").stdout == png)
    #expect(try sandbox.pb("paste", "-i", "all", "-t", "text").text == "words")
    #expect(try sandbox.pb("contains", "image").status == 0)
    #expect(try sandbox.pb("contains", "-i", "1", "text").status == 0)
    #expect(try sandbox.pb("contains", "video").status == 1)
    #expect(try sandbox.pb("types", "-i", "all", "--conforming-to", "image").text.contains("public.png"))
    for (name, type) in [("audio", "public.audio"), ("video", "public.movie"), ("font", "public.font"), ("archive", "public.archive"), ("url", "public.url")] {
      #expect(try sandbox.pb("type", name).lines.first == type, "\(name)")
    }
  }

  @Test(
    "a misspelt type is refused with 65 and the nearest names, stores nothing, and pb type still explains it",
    arguments: [["copy", "-t", "imgae"], ["copy", "-r", "imgae=-"], ["paste", "-t", "imgae"], ["contains", "imgae"], ["types", "--conforming-to", "imgae"]])
  func misspeltType(arguments: [String]) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    let result = try sandbox.pb(arguments, stdin: Data("new".utf8))
    #expect(result.status == 65 && result.stderr.contains("unknown type 'imgae' (did you mean 'image'?)"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(try sandbox.pb("paste").text == "kept" && (try sandbox.changeCount()) == 1)
    let explained = try sandbox.pb("type", "imgae")
    #expect(explained.status == 0 && explained.text.hasPrefix("dyn.") && explained.text.contains("not a name pb knows"), "\(explained)")
  }

  @Test("an undeclared extension with a dot, a MIME type, a reverse-DNS identifier and a dyn. identifier stay accepted")
  func deliberateTypesStayAccepted() throws {
    let sandbox = try Sandbox()
    for type in [".srt", "application/x-subrip", "com.example.subtitles", "dyn.ah62d4rv4ge81g6pq"] {
      let copy = try sandbox.pb(["copy", "-t", type], stdin: Data("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8))
      #expect(copy.status == 0, "\(type): \(copy)")
      #expect(try sandbox.pb("paste", "-t", type).status == 0, "\(type)")
    }
  }

  @Test("binary data given a text type is refused naming both types; --force-type keeps the user's word")
  func contradictingType() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    for type in ["text/plain", "public.plain-text", "text", "public.html"] {
      let refused = try sandbox.pb("copy", "-t", type, SystemSamples.png)
      #expect(refused.status == 65 && refused.stderr.contains("holds public.png, not text"), "\(type): \(refused)")
      #expect(refused.stderr.contains("--force-type"), "\(refused)")
    }
    #expect(try sandbox.pb("paste").text == "kept" && (try sandbox.changeCount()) == 1, "nothing was stored")
    let forced = try sandbox.pb("copy", "-t", "text/plain", "--force-type", SystemSamples.png)
    #expect(forced.status == 0, "\(forced)")
    #expect(try sandbox.pb("types").text.contains("public.plain-text"))
    // Text that is not UTF-8 (Latin-1) is still text.
    #expect(try sandbox.pb("copy", "-t", "text/plain", stdin: Data([0x63, 0x61, 0x66, 0xE9, 0x0A])).status == 0)
  }
}

extension ShellUseTests {
  @Test("Ctrl-C and SIGTERM during a long copy erase the progress line before pb exits")
  func progressErasedWhenInterrupted() throws {
    let sandbox = try Sandbox()
    let slow = "(head -c 3000000 /dev/zero; sleep 1; head -c 1000000 /dev/zero; sleep 3)"
    // Ctrl-C is typed once the line shows; for SIGTERM the script reads a line typed then.
    let runs = [
      ("Ctrl-C", "\\x03", "\(slow) | pb copy"),
      ("SIGTERM", "\\n", "\(slow) | pb copy & copier=$!; read -r _; kill -TERM $copier; wait $copier; echo \"status=$?\""),
    ]
    for (name, typed, script) in runs {
      let result = try sandbox.run(
        "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--answer", "MiB/s", typed, "--", "bash", "-c", script],
        stdin: nil, environment: ["PATH": Sandbox.pathWithPB], timeLimit: 30)
      let afterLine = try #require(result.text.components(separatedBy: "MiB/s").dropFirst().last, "\(name): the line was drawn: \(result)")
      #expect(afterLine.contains("\r\u{1B}[K"), "\(name): the line was erased: \(result)")
      if name == "SIGTERM" { #expect(result.text.contains("status=143"), "pb still ends by the signal: \(result)") }
    }
  }

  @Test("-d refuses an unknown or incomplete escape in one line naming it and the escapes it takes",
    arguments: [("\\x", "\\x"), ("a\\", "\\"), ("\\n\\q", "\\q")])
  func delimiterEscapes(delimiter: String, escape: String) throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("a".utf8))
    try sandbox.pb("copy", "-a", stdin: Data("b".utf8))
    #expect(try sandbox.pb("paste", "-i", "all", "-d", "\\t|\\\\").text == "a\t|\\b", "known escapes still work")
    let result = try sandbox.pb("paste", "-i", "all", "-d", delimiter)
    #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.contains("'\(escape)'") && result.stderr.contains("\\n, \\t, \\0"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }
}
