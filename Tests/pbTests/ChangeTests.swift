import Foundation
import Testing

/// The change count, expiry, concealed items, and being told of changes.
@Suite("change tracking", .tags(.endToEnd))
struct ChangeTests {
  /// Files of the store whose bytes contain `marker`.
  func storeFiles(containing marker: String, _ sandbox: Sandbox) throws -> [String] {
    try sandbox.shell("grep -rl -- '\(marker)' '\(sandbox.store.path)' || true").lines.filter { !$0.isEmpty }
  }

  @Test("an expired item is not pasted after its time, and its bytes are gone after the next pb list")
  func expiry() throws {
    let sandbox = try Sandbox()
    let marker = "EXPIRING-VALUE-9d1e"
    #expect(try sandbox.pb("copy", "--expire", "5s", stdin: Data(marker.utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == marker)
    #expect(try storeFiles(containing: marker, sandbox).count == 1, "the value is in the store until it expires")
    let items = try sandbox.json(try sandbox.pb("items", "--json")) as? [[String: Any]]
    #expect((items?.first?["expires"] as? String)?.hasSuffix("Z") == true)
    #expect(try waitUntil(seconds: 30) { try sandbox.pb("paste").status == 1 }, "the item expired")
    let paste = try sandbox.pb("paste")
    #expect(paste.status == 1 && paste.stdout.isEmpty, "\(paste)")
    #expect(try sandbox.changeCount() == 1, "readers do not commit the expiry")
    #expect(try sandbox.pb("list").status == 0)
    #expect(try storeFiles(containing: marker, sandbox).isEmpty, "the expired bytes are still in the store")
    #expect(try sandbox.changeCount() == 2, "the expiry was one change")
    let info = try sandbox.json(try sandbox.pb("info", "--json")) as? [String: Any]
    #expect(info?["changeKind"] as? String == "expired")
  }

  @Test("a board's default expiry applies to what is copied to it; a copy's own --expire wins")
  func boardExpiry() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("create", "--persistent", "--expire", "6s", "brief").status == 0)
    #expect(try sandbox.pb("copy", "-p", "brief", stdin: Data("short".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-p", "brief", "--append", "--expire", "1h", stdin: Data("long".utf8)).status == 0)
    #expect(try sandbox.pb("paste", "-p", "brief", "-i", "all").text == "short\nlong")
    #expect(try waitUntil(seconds: 30) { try sandbox.pb("paste", "-p", "brief", "-i", "all").text == "long" }, "short expired alone")
  }

  @Test("a concealed value never shows in items, list, info or watch, and is removed at once when replaced")
  func concealed() throws {
    let sandbox = try Sandbox()
    let marker = "SECRET-PASSWORD-4b7c"
    // Changes are made only once the watcher listens, however slow a loaded machine is;
    // it holds none of the test's pipes and is stopped when the test ends.
    let watch = try Background(sandbox, [Sandbox.binary, "watch", "--json"])
    try #require(waitUntil { watch.isWatching }, "pb watch did not start listening")
    #expect(try sandbox.pb("copy", "--concealed", stdin: Data((marker + "\n").utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == marker + "\n", "the owner can still paste it")
    #expect(try storeFiles(containing: marker, sandbox).count == 1, "it was stored")
    var shown = ""
    for arguments in [["items"], ["items", "--json"], ["list"], ["list", "--json"], ["info"], ["info", "--json"]] {
      let result = try sandbox.pb(arguments)
      #expect(result.status == 0, "\(result)")
      shown += result.text + result.stderr
    }
    #expect(shown.contains("<concealed>") && shown.contains("\"concealed\" : true"), "\(shown)")
    #expect(try sandbox.pb("copy", stdin: Data("next".utf8)).status == 0)
    #expect(try storeFiles(containing: marker, sandbox).isEmpty, "the replaced secret is still in the store")
    let watchOutput = watch.waitFor("\"changeCount\":2")
    #expect(watchOutput.split(separator: "\n").count == 2, "watch saw both changes: \(watchOutput)")
    #expect(!(shown + watchOutput).contains(marker))
  }

  @Test("an expired secret's bytes are gone as soon as anything reads the board")
  func concealedExpiry() throws {
    let sandbox = try Sandbox()
    let marker = "SHORT-LIVED-SECRET-77aa"
    #expect(try sandbox.pb("copy", "--concealed", "--expire", "5s", stdin: Data(marker.utf8)).status == 0)
    #expect(try storeFiles(containing: marker, sandbox).count == 1)
    #expect(try waitUntil(seconds: 30) { try sandbox.pb("paste").status == 1 }, "the secret expired")
    #expect(try storeFiles(containing: marker, sandbox).isEmpty, "the expired secret outlived the read")
  }

  @Test("pb count prints the count alone; it grows by one per change and never goes back")
  func count() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("count").text == "0\n")
    #expect(try sandbox.pb("copy", stdin: Data("a".utf8)).status == 0)
    #expect(try sandbox.pb("clear").status == 0)
    #expect(try sandbox.pb("copy", "--append", stdin: Data("b".utf8)).status == 0)
    #expect(try sandbox.pb("count").text == "3\n")
  }

  @Test("pb wait started before a pb copy in another process returns with the new count")
  func wait() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("before".utf8)).status == 0)
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      pb wait --timeout 20s > waited &
      waiter=$!
      wait_until 'listening $waiter'
      echo after | pb copy
      wait $waiter
      echo "status: $? count: $(cat waited)"
      """
    let run = try sandbox.shell("cd '\(sandbox.root.path)' && " + script)
    #expect(run.lines.contains("status: 0 count: 2"), "\(run)")
    let timeout = try sandbox.pb("wait", "--timeout", "300ms")
    #expect(timeout.status == 1 && timeout.stdout.isEmpty, "\(timeout)")
    #expect(try sandbox.pb("wait", "--since", "1", "--timeout", "0").text == "2\n")
  }

  @Test("a watched board that is deleted ends watch and wait with 66")
  func deletedWhileWatched() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("create", "--persistent", "work").status == 0)
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      pb watch -p work > /dev/null & watcher=$!
      pb wait -p work --timeout 20s & waiter=$!
      wait_until 'listening $watcher && listening $waiter'
      pb delete work
      wait $watcher; echo "watch: $?"
      wait $waiter; echo "wait: $?"
      """
    let run = try sandbox.shell(script, timeLimit: 30)
    #expect(run.lines.contains("watch: 66") && run.lines.contains("wait: 66"), "\(run)")
  }

  @Test("watch --exec over 50 writes from 4 processes sees the final count, one command at a time")
  func watchExecBurst() throws {
    let sandbox = try Sandbox()
    // The command records the count it was given and whether another run overlapped it.
    let script = """
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)'
      cat > handler <<'EOF'
      #!/bin/sh
      if ! mkdir running 2>/dev/null; then echo overlap >> log; fi
      data=$(cat)
      echo "$PB_CHANGE_COUNT $PB_CHANGE_KIND $data" >> log
      sleep 0.05
      rmdir running
      EOF
      chmod +x handler
      pb watch --exec -- ./handler & watcher=$!
      wait_until 'listening $watcher'
      writer() { for i in $(seq 12); do echo "w$1-$i" | pb copy || echo "copy failed"; done; }
      writer 1 & w1=$!; writer 2 & w2=$!; writer 3 & w3=$!; writer 4 & w4=$!
      wait $w1 $w2 $w3 $w4
      echo "w-last" | pb copy; echo "w-last2" | pb copy
      final=$(pb count)
      wait_until 'grep -q "^$final " log'
      kill $watcher
      echo "final: $final"
      cat log
      """
    let run = try sandbox.shell(script, timeLimit: 60)
    #expect(run.lines.contains("final: 50"), "\(run)")
    #expect(run.lines.contains("50 done w-last2"), "the last change was delivered with its data: \(run)")
    #expect(!run.text.contains("overlap") && !run.text.contains("copy failed"), "\(run)")
    let counts = run.lines.compactMap { line in line.split(separator: " ").first.flatMap { Int($0) } }
    #expect(counts == counts.sorted() && Set(counts).count == counts.count, "each count once, in order: \(counts)")
  }

  @Test("--if-count under 8 racing writers lets exactly one win per count")
  func ifCountRace() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("start".utf8)).status == 0)
    let script = """
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)'
      racer() {
        for round in $(seq 10); do
          n=$(pb count)
          if echo "racer $1 at $n" | pb copy --if-count "$n" 2>/dev/null; then echo "win $n"; else echo "lose $? $n"; fi
        done
      }
      for r in 1 2 3 4 5 6 7 8; do racer $r > "racer-$r" & done
      wait
      cat racer-*
      echo "final: $(pb count)"
      """
    let run = try sandbox.shell(script, timeLimit: 120)
    let wins = run.lines.filter { $0.hasPrefix("win ") }.map { $0.dropFirst(4) }
    #expect(Set(wins).count == wins.count, "two writers won the same count: \(wins.sorted())")
    let final = try #require(run.lines.first { $0.hasPrefix("final: ") }.flatMap { Int($0.dropFirst(7)) })
    #expect(final == 1 + wins.count, "every win is one change and every change a win: \(run)")
    #expect(run.lines.filter { $0.hasPrefix("lose ") }.allSatisfy { $0.hasPrefix("lose 75 ") }, "losers exit 75: \(run)")
    #expect(wins.count >= 10, "\(run)")
  }
}

extension ChangeTests {
  @Test("watch --exec checks its command before waiting, with group run's status and words: not found or not executable")
  func watchChecksItsCommand() throws {
    let sandbox = try Sandbox()
    let notExecutable = try sandbox.file("handler.sh", "echo handled\n")
    for (command, status) in [("/nonexistent", 127), ("no-such-command-pb", 127), (notExecutable, 126), (sandbox.root.path, 126)] {
      // With no change coming, a watch that waits first is stopped by the time limit (124).
      let watch = try sandbox.run(Sandbox.binary, ["watch", "--exec", "--", command], stdin: nil, environment: [:], timeLimit: 10)
      let group = try sandbox.pb("group", "run", "--", command)
      #expect(watch.status == status && watch.stderr.contains("cannot run '\(command)'"), "\(watch)")
      #expect(watch.stderr == group.stderr && group.status == status, "one wording: \(watch)\n\(group)")
      #expect(watch.stderr.split(separator: "\n").count == 1, "\(watch)")
    }
    #expect(try sandbox.pb("group", "run", "--", "no-such-command-pb").stderr.contains("check the command's name and PATH"))
    #expect(try sandbox.pb("group", "run", "--", notExecutable).stderr.contains("not an executable file"))
  }

  @Test("a command that cannot run is told with its fix: chmod +x for one's own file, a #! line for a script without one")
  func cannotRunFixes() throws {
    let sandbox = try Sandbox()
    let plain = try sandbox.file("plain.sh", "echo ran\n")
    let withoutLine = try sandbox.file("noline.sh", "echo ran\n")
    #expect(chmod(withoutLine, 0o755) == 0)
    #expect(try sandbox.shell("sh \(withoutLine)").text == "ran\n", "the script itself runs under sh")
    let notMarked = try sandbox.pb("group", "run", "--", plain)
    #expect(notMarked.status == 126, "\(notMarked)")
    #expect(notMarked.stderr == "pb: cannot run '\(plain)': not an executable file; make it one with: chmod +x \(plain)\n", "\(notMarked)")
    let noLine = try sandbox.pb("group", "run", "--", withoutLine)
    #expect(noLine.status == 126, "\(noLine)")
    #expect(
      noLine.stderr == "pb: cannot run '\(withoutLine)': neither a program nor a script with a #! line; add one, as in #!/bin/sh\n",
      "\(noLine)")
  }

  /// The kernel answers ENOENT for a script whose #! names a missing interpreter: that is
  /// not "not found" (the script is there), and watch must not wait for a change to say it.
  @Test("a script whose #! interpreter is missing is refused at once with the interpreter named, 126, by watch --exec and group run")
  func missingInterpreter() throws {
    let sandbox = try Sandbox()
    let script = try sandbox.file("hook.sh", "#!/nonexistent/interpreter -e\necho ran\n")
    #expect(chmod(script, 0o755) == 0)
    let working = try sandbox.file("fine.sh", "#! /bin/sh\necho ran\n")
    #expect(chmod(working, 0o755) == 0)
    #expect(try sandbox.pb("group", "run", "--", working).status == 0, "a script with an interpreter runs")
    let watch = try sandbox.run(Sandbox.binary, ["watch", "--exec", "--", script], stdin: nil, environment: [:], timeLimit: 10)
    let group = try sandbox.pb("group", "run", "--", script)
    for result in [watch, group] {
      #expect(result.status == 126, "\(result)")
      #expect(
        result.stderr == "pb: cannot run '\(script)': its #! line names '/nonexistent/interpreter', which is not found; install that, or correct the line\n",
        "\(result)")
    }
  }

  @Test("pb wait and watch past the user's inotify limits name the limit to raise, in one line",
    arguments: [("max_inotify_instances", "fs.inotify.max_user_instances"), ("max_inotify_watches", "fs.inotify.max_user_watches")])
  func inotifyLimits(setting: String, sysctl: String) throws {
    let sandbox = try Sandbox()
    // A user namespace of its own has its own limits: lowering them there leaves every
    // other watcher on the machine alone.
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      pb create --persistent work || exit 1
      unshare --user --map-root-user sh -c '
        echo 0 > /proc/sys/user/\(setting) || exit 2
        pb wait -p work --timeout 0; echo "wait $?"
        pb watch -p work; echo "watch $?"'
      """)
    #expect(result.lines.contains("wait 75") && result.lines.contains("watch 75"), "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("pb: ") && $0.contains(sysctl) }, "\(result)")
  }
}
