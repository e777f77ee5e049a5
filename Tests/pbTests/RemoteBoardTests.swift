import Foundation
import Testing

/// Remote boards as a user meets them: every command on `pbtest:BOARD` (the private sshd)
/// answers as the same command on a local board, with the same bytes on standard output,
/// the same message and the same exit status; data crosses byte for byte both ways.
@Suite(
  "remote boards work as local ones", .tags(.endToEnd, .remote),
  .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd: scripts/install-dependencies.sh --tests installs openssh-server"))
struct RemoteBoardTests {
  /// A sandbox, a server, and the same command lines run on a board of each.
  final class Pair {
    let sandbox: Sandbox
    let sshd: PrivateSSHD

    init(sandbox given: Sandbox? = nil, pathBefore: [String] = []) throws {
      sandbox = try given ?? Sandbox()
      sshd = try PrivateSSHD(sandbox, pathBefore: pathBefore)
    }

    /// `pb COMMAND -p BOARD REST...` on this machine's store.
    @discardableResult
    func local(_ board: String, _ words: [String], stdin: Data? = nil) throws -> Result {
      try sandbox.pb([words[0], "-p", board] + words.dropFirst(), stdin: stdin)
    }

    /// The same line with the board `pbtest:BOARD`, through ssh.
    @discardableResult
    func remote(_ board: String, _ words: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
      try sandbox.pb(
        [words[0], "-p", sshd.host + ":" + board] + words.dropFirst(), stdin: stdin,
        environment: sshd.environment.merging(environment) { $1 })
    }

    /// Runs the line on the local board and on the remote one; both results, after
    /// checking that they are the same byte for byte (`normalize` takes out what must
    /// differ: a path, a time).
    @discardableResult
    func same(
      _ words: [String], board: String = "x", stdin: Data? = nil, normalize: (String) -> String = { $0 },
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (local: Result, remote: Result) {
      let here = try local(board, words, stdin: stdin)
      let there = try remote(board, words, stdin: stdin)
      #expect(here.status == there.status, "exit status of \(words)\nlocal: \(here)\nremote: \(there)", sourceLocation: sourceLocation)
      if here.stdout.count > 4096 || there.stdout.count > 4096 {
        #expect(here.stdout == there.stdout, "stdout of \(words) (\(here.stdout.count) and \(there.stdout.count) bytes)", sourceLocation: sourceLocation)
      } else {
        #expect(
          normalize(here.text) == normalize(there.text) && (here.stdout == there.stdout || normalize(here.text) != here.text),
          "stdout of \(words)\nlocal: \(here)\nremote: \(there)", sourceLocation: sourceLocation)
      }
      // A hint names the board as the user did: there with its host.
      let hinted = there.stderr.replacing(" -p \(sshd.host):\(board)", with: " -p \(board)")
      #expect(hinted != there.stderr || !there.stderr.contains(" -p \(board)"), "a hint there names the host: \(there)", sourceLocation: sourceLocation)
      #expect(normalize(here.stderr) == normalize(hinted), "stderr of \(words)\nlocal: \(here)\nremote: \(there)", sourceLocation: sourceLocation)
      return (here, there)
    }

    /// The remote board as the other machine sees it, with its own pb (no ssh of ours).
    func there(_ command: String, stdin: Data? = nil) throws -> Result { try sshd.ssh(command, stdin: stdin) }
  }

  static func sample(_ name: String) throws -> Data { try SystemSamples.contents(SystemSamples.corpus + "/" + name) }

  /// Times and the store's path differ between the two machines; the rest must not.
  static func withoutTimesAndPaths(_ text: String) -> String {
    text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/, with: "TIME").replacing(/(path"? ?: ).*/, with: "$1PATH")
  }

  @Test("copy, paste, items, types, contains, info, count, clear, undo, redo and history answer as on a local board")
  func sameAnswers() throws {
    let pair = try Pair()
    let png = try Self.sample("python.png")
    for (name, data) in [("python.png", png), ("page.html", try Self.sample("page.html")), ("utf8.txt", try Self.sample("utf8.txt"))] {
      _ = try pair.sandbox.file(name, data)
    }

    // Several files: one item each, types found from names and bytes where the board is.
    let copied = try pair.same(["copy", "python.png", "page.html", "utf8.txt"])
    #expect(copied.remote.status == 0 && copied.remote.stderr.isEmpty, "\(copied.remote)")
    let items = try pair.same(["items"])
    #expect(items.remote.lines.count == 3, "\(items.remote)")
    #expect(items.remote.lines.first?.hasPrefix("0\tpublic.png (1020 B)") == true, "\(items.remote)")
    #expect(items.remote.lines.last?.contains("public.utf8-plain-text") == true, "\(items.remote)")
    let there = try pair.there("pb paste -p x -i 0")
    #expect(there.stdout == png, "the PNG is on the other machine, byte for byte: \(there)")

    #expect(try pair.same(["types"]).remote.text == "public.png\n")
    #expect(try pair.same(["count"]).remote.text == "1\n")
    #expect(try pair.same(["paste"]).remote.stdout == png)
    // Index sets and type preferences.
    let text = try Self.sample("utf8.txt")
    // The HTML item, without plain text, gives the text derived from it.
    let derived = try pair.same(["paste", "-i", "1", "-t", "public.plain-text"]).remote.stdout
    #expect(!derived.isEmpty && derived != text)
    #expect(try pair.same(["paste", "-i", "all", "-t", "public.plain-text"]).remote.stdout == derived + Data("\n".utf8) + text)
    #expect(try pair.same(["paste", "-i", "-1"]).remote.stdout == text)
    #expect(try pair.same(["paste", "-i", "1,2", "-0"]).remote.stdout == (try Self.sample("page.html")) + Data([0]) + text)
    let json = try pair.same(["paste", "--json", "-i", "all"])
    #expect((try? JSONSerialization.jsonObject(with: json.remote.stdout) as? [Any])?.count == 3, "\(json.remote)")
    let missing = try pair.same(["paste", "-i", "7"])
    #expect(missing.remote.status == 65 && missing.remote.stderr.hasPrefix("pb: no item 7"), "\(missing.remote)")
    let noType = try pair.same(["paste", "-t", "public.jpeg"])
    #expect(noType.remote.status == 1 && !noType.remote.stderr.isEmpty, "\(noType.remote)")
    #expect(try pair.same(["contains", "public.png"]).remote.status == 0)
    #expect(try pair.same(["contains", "public.jpeg"]).remote.status == 1)
    let info = try pair.same(["info"], normalize: Self.withoutTimesAndPaths)
    #expect(info.remote.text.contains("numberOfItems: 3") && info.remote.text.contains(pair.sshd.remoteStore.path), "\(info.remote)")
    let infoJSON = try pair.same(["info", "--json"], normalize: Self.withoutTimesAndPaths)
    #expect(infoJSON.remote.text.contains("\"undoActionName\" : \"Copy\""), "\(infoJSON.remote)")

    // Writers and history.
    #expect(try pair.same(["undo"]).remote.text == "Undo Copy\n")
    #expect(try pair.same(["count"]).remote.text == "2\n")
    let nothing = try pair.same(["undo"])
    #expect(nothing.remote.status == 1 && !nothing.remote.stderr.isEmpty, "nothing more to undo: \(nothing.remote)")
    #expect(try pair.same(["redo"]).remote.text == "Redo Copy\n")
    #expect(try pair.same(["clear"]).remote.status == 0)
    #expect(try pair.same(["count"]).remote.text == "4\n")
    let empty = try pair.same(["paste"])
    #expect(empty.remote.status == 1 && empty.remote.stderr.contains("'x' is empty"), "\(empty.remote)")
    #expect(try pair.same(["undo"]).remote.text == "Undo Clear\n")
    #expect(try pair.same(["items"]).remote.lines.count == 3)

    // -r TYPE=FILE: one item of several representations; -a appends.
    let represented = try pair.same(["copy", "-r", "html=page.html", "-r", "txt=utf8.txt"])
    #expect(represented.remote.status == 0, "\(represented.remote)")
    #expect(try pair.same(["copy", "-a", "python.png"]).remote.status == 0)
    let both = try pair.same(["items"])
    #expect(both.remote.lines.count == 2 && both.remote.lines[0].contains("public.html") && both.remote.lines[0].contains("public.plain-text"), "\(both.remote)")
    #expect(try pair.same(["paste", "-t", "public.plain-text,public.html"]).remote.stdout == text)
    #expect(try pair.same(["paste", "-t", "public.html"]).remote.stdout == (try Self.sample("page.html")))
    #expect(try pair.same(["types", "-i", "1"]).remote.text == "1\tpublic.png\n")

    // Standard input.
    let piped = try pair.same(["copy"], stdin: Data("from a pipe\n".utf8))
    #expect(piped.remote.status == 0, "\(piped.remote)")
    #expect(try pair.there("pb paste -p x").text == "from a pipe\n")
    #expect(try pair.same(["copy", "-a", "-"], stdin: Data("second".utf8)).remote.status == 0)
    #expect(try pair.same(["paste", "-i", "all"]).remote.text == "from a pipe\nsecond", "no newline added after one")

    let history = try pair.same(["history"], normalize: Self.withoutTimesAndPaths)
    #expect(history.remote.lines.filter { $0.contains("Append") }.count == 2, "\(history.remote)")
    let list = try pair.same(["history", "--list"], normalize: Self.withoutTimesAndPaths)
    #expect(list.remote.lines.count > 3, "\(list.remote)")

    // Messages and statuses of failures are the remote pb's own, as here.
    let unknown = try pair.same(["paste", "--bogus"])
    #expect(unknown.remote.status == 64 && unknown.remote.stderr.contains("--bogus"), "\(unknown.remote)")
    let absent = try pair.same(["items"], board: "nosuch")
    #expect(absent.remote.status == 66 && absent.remote.stderr.contains("'nosuch'"), "\(absent.remote)")
    let noFile = try pair.same(["copy", "missing.txt"])
    #expect(noFile.remote.status == 66 && noFile.remote.stderr.contains("missing.txt"), "\(noFile.remote)")
    let late = try pair.same(["wait", "--timeout", "200ms"])
    #expect(late.remote.status == 1 && late.remote.stdout.isEmpty, "no change within the time: \(late.remote)")
  }

  @Test("pb paste -o DIR on a remote board saves the files here, as from a local board")
  func savingFiles() throws {
    let pair = try Pair()
    for (name, data) in [("python.png", try Self.sample("python.png")), ("utf8.txt", try Self.sample("utf8.txt"))] {
      _ = try pair.sandbox.file(name, data)
    }
    try pair.same(["copy", "python.png", "utf8.txt"])
    let manager = FileManager.default
    var saved: [String: [String: Data]] = [:]
    var results: [String: Result] = [:]
    for side in ["local", "remote"] {
      let out = pair.sandbox.root.appendingPathComponent("out")
      let result = side == "local" ? try pair.local("x", ["paste", "-i", "all", "-o", "out"]) : try pair.remote("x", ["paste", "-i", "all", "-o", "out"])
      results[side] = result
      let names = (try? manager.contentsOfDirectory(atPath: out.path)) ?? []
      saved[side] = Dictionary(uniqueKeysWithValues: names.map { ($0, manager.contents(atPath: out.path + "/" + $0) ?? Data()) })
      try? manager.moveItem(at: out, to: pair.sandbox.root.appendingPathComponent("out-" + side))
    }
    let here = try #require(results["local"])
    let there = try #require(results["remote"])
    #expect(there.status == 0 && there.status == here.status, "local: \(here)\nremote: \(there)")
    #expect(there.stdout == here.stdout && there.stderr == here.stderr, "local: \(here)\nremote: \(there)")
    #expect(saved["remote"]?.count == 2 && saved["remote"] == saved["local"], "\(saved.mapValues { $0.mapValues(\.count) })")
    #expect(saved["remote"]?.values.contains(try Self.sample("python.png")) == true, "the PNG was saved here, byte for byte")
    #expect(try pair.there("pb count -p x").text == "1\n", "the board there is unchanged")
  }

  @Test("pb list HOST: lists the boards there as pb list does here")
  func listing() throws {
    let pair = try Pair()
    for board in ["alpha", "beta"] { try pair.same(["copy"], board: board, stdin: Data("in \(board)".utf8)) }
    let here = try pair.sandbox.pb("list")
    let there = try pair.sandbox.pb(["list", "pbtest:"], environment: pair.sshd.environment)
    #expect(there.status == 0 && there.text.contains("alpha") && there.text.contains("beta"), "\(there)")
    #expect(there.stdout == here.stdout && there.stderr == here.stderr, "local: \(here)\nremote: \(there)")
    let hereJSON = try pair.sandbox.pb("list", "--json")
    let thereJSON = try pair.sandbox.pb(["list", "--json", "pbtest:"], environment: pair.sshd.environment)
    #expect(thereJSON.status == 0 && thereJSON.stdout == hereJSON.stdout, "local: \(hereJSON)\nremote: \(thereJSON)")
    let board = try pair.sandbox.pb(["list", "pbtest:alpha"], environment: pair.sshd.environment)
    #expect(board.status == 64 && board.stderr.contains("pbtest:"), "a board is not a machine: \(board)")
  }

  @Test("random 5 MiB, an empty item and a multi-representation item cross byte for byte, both ways")
  func binaryRoundTrips() throws {
    let pair = try Pair()
    var generator = SystemRandomNumberGenerator()
    let big = Data((0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let other = Data((0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })

    // Up: standard input, then a file.
    let up = try pair.remote("big", ["copy"], stdin: big)
    #expect(up.status == 0 && up.stderr.isEmpty, "\(up)")
    let stored = try pair.there("pb paste -p big")
    #expect(stored.stdout.count == big.count && stored.stdout == big, "the other machine holds the bytes sent (\(stored.stdout.count) bytes)")
    let bigFile = try pair.sandbox.file("big.bin", big)
    let upFile = try pair.remote("big-file", ["copy", bigFile])
    #expect(upFile.status == 0 && upFile.stderr.isEmpty, "\(upFile)")
    #expect(try pair.there("pb paste -p big-file").stdout == big, "a file's bytes, too")
    // Down.
    let down = try pair.remote("big", ["paste"])
    #expect(down.status == 0 && down.stdout == big, "pasted \(down.stdout.count) bytes: \(down.stderr)")

    // Down what the other machine copied itself.
    #expect(try pair.there("pb copy -p made-there", stdin: other).status == 0)
    let fetched = try pair.remote("made-there", ["paste"])
    #expect(fetched.status == 0 && fetched.stdout == other, "pasted \(fetched.stdout.count) bytes")

    // An empty item.
    let none = try pair.same(["copy"], board: "empty", stdin: Data())
    #expect(none.remote.status == 0, "\(none.remote)")
    #expect(try pair.there("pb count -p empty").text == "1\n", "the empty copy is a change there")
    #expect(try pair.same(["items"], board: "empty").remote.text.contains("(0 B)"))
    let emptyPaste = try pair.same(["paste"], board: "empty")
    #expect(emptyPaste.remote.status == 0 && emptyPaste.remote.stdout.isEmpty, "\(emptyPaste.remote)")

    // Several representations of random bytes under given types, as one item.
    let head = try pair.sandbox.file("head.bin", big.prefix(3 << 20))
    let tail = try pair.sandbox.file("tail.bin", other.suffix(1 << 20))
    let multi = try pair.remote("multi", ["copy", "-r", "public.data=\(head)", "-r", "com.example.tail=\(tail)", "-r", "public.png=python.png"])
    // python.png is not in the sandbox: the copy must fail whole, as here.
    let localMulti = try pair.local("multi", ["copy", "-r", "public.data=\(head)", "-r", "com.example.tail=\(tail)", "-r", "public.png=python.png"])
    #expect(multi.status == localMulti.status && multi.status == 66 && multi.stderr == localMulti.stderr, "local: \(localMulti)\nremote: \(multi)")
    #expect(try pair.there("pb count -p multi").status == 66, "nothing was stored there")
    _ = try pair.sandbox.file("python.png", try Self.sample("python.png"))
    let made = try pair.remote("multi", ["copy", "-r", "public.data=\(head)", "-r", "com.example.tail=\(tail)", "-r", "public.png=python.png"])
    #expect(made.status == 0, "\(made)")
    #expect(try pair.remote("multi", ["types"]).text == "public.data\ncom.example.tail\npublic.png\n")
    #expect(try pair.there("pb count -p multi").text == "1\n", "one change, one item")
    #expect(try pair.remote("multi", ["paste", "-t", "public.data"]).stdout == big.prefix(3 << 20))
    #expect(try pair.remote("multi", ["paste", "-t", "com.example.tail"]).stdout == other.suffix(1 << 20))
    #expect(try pair.remote("multi", ["paste", "-t", "public.png"]).stdout == (try Self.sample("python.png")))
    #expect(try pair.there("pb paste -p multi -t com.example.tail").stdout == other.suffix(1 << 20))
  }

  @Test("undo on the remote board, PB_PASTEBOARD=HOST:BOARD without -p, and HOST: alone is the general board")
  func namingAndUndo() throws {
    let pair = try Pair()
    let environment = pair.sshd.environment
    try #require(try pair.sandbox.pb(["copy", "-p", "pbtest:"], stdin: Data("general there".utf8), environment: environment).status == 0)
    #expect(try pair.there("pb paste").text == "general there", "HOST: is the general board there")
    #expect(try pair.there("pb paste -p general").text == "general there")
    #expect(!FileManager.default.fileExists(atPath: pair.sandbox.store.path), "nothing was written here")

    var named = environment
    named["PB_PASTEBOARD"] = "pbtest:notes"
    #expect(try pair.sandbox.pb(["copy"], stdin: Data("first".utf8), environment: named).status == 0)
    #expect(try pair.sandbox.pb(["copy"], stdin: Data("second".utf8), environment: named).status == 0)
    #expect(try pair.there("pb paste -p notes").text == "second", "PB_PASTEBOARD names the remote board")
    #expect(try pair.sandbox.pb(["paste"], environment: named).text == "second")
    let undone = try pair.sandbox.pb(["undo"], environment: named)
    #expect(undone.status == 0 && undone.text == "Undo Copy\n", "\(undone)")
    #expect(try pair.there("pb paste -p notes").text == "first", "the undo happened there")
    #expect(try pair.there("pb count -p notes").text == "3\n")
    let redone = try pair.sandbox.pb(["redo", "-p", "pbtest:notes"], environment: environment)
    #expect(redone.status == 0 && redone.text == "Redo Copy\n", "\(redone)")
    #expect(try pair.there("pb paste -p notes").text == "second")
    // -p wins over PB_PASTEBOARD, as it does here.
    #expect(try pair.sandbox.pb(["paste", "-p", "pbtest:"], environment: named).text == "general there")
  }

  /// The pids of pb processes the server runs (their PB_DIR is the remote store) whose
  /// command line starts with `words`.
  static func remoteProcesses(_ sshd: PrivateSSHD, _ words: [String]) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap(Int32.init).filter { pid in
      guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
        let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      let arguments = line.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
      guard arguments.count >= words.count, arguments.first.map({ $0 == "pb" || $0.hasSuffix("/pb") }) == true,
        Array(arguments[1..<words.count]) == Array(words.dropFirst())
      else { return false }
      return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "PB_DIR=" + sshd.remoteStore.path }
    }
  }

  /// Whether a pb process the server runs, started with `words`, has its inotify
  /// instance: a wait or watch there is listening for changes.
  static func remoteIsWatching(_ sshd: PrivateSSHD, _ words: [String]) -> Bool {
    remoteProcesses(sshd, words).contains(where: Sandbox.isListening)
  }

  @Test("pb wait -p HOST: wakes when another pb copies there, and prints the new count")
  func waitAcross() throws {
    let pair = try Pair()
    try #require(try pair.remote("", ["copy"], stdin: Data("before".utf8)).status == 0)
    let waiting = try Background(
      pair.sandbox, ["/bin/bash", "-c", "\"$0\" wait -p pbtest: --timeout 60s; echo \"status $?\"", Sandbox.binary],
      environment: pair.sshd.environment)
    #expect(waitUntil { Self.remoteIsWatching(pair.sshd, ["pb", "wait"]) }, "the wait runs there")
    #expect(((try? String(contentsOfFile: waiting.output, encoding: .utf8)) ?? "").isEmpty, "it waits for a change")
    let started = Date()
    #expect(try pair.there("pb copy", stdin: Data("after".utf8)).status == 0)
    let said = waiting.waitFor("status")
    #expect(said == "2\nstatus 0\n", "\(said)")
    #expect(Date().timeIntervalSince(started) < 5, "it woke at the change, not at a poll")
  }

  @Test("a wait longer than PB_REMOTE_TIMEOUT is no silence: the other side says it is alive, and the wait's own timeout ends it")
  func longWait() throws {
    let pair = try Pair()
    try #require(try pair.remote("w", ["copy"], stdin: Data("before".utf8)).status == 0)
    let started = Date()
    let waited = try pair.remote("w", ["wait", "--timeout", "12s"], environment: ["PB_REMOTE_TIMEOUT": "8s"])
    let took = Date().timeIntervalSince(started)
    #expect(waited.status == 1 && waited.stdout.isEmpty && waited.stderr.isEmpty, "the wait timed out, as here: \(waited)")
    #expect(took > 11.5 && took < 20, "it waited \(took) s")
  }

  @Test("pb watch --json -p HOST:BOARD prints a line per change, the lines pb watch prints here")
  func watchAcross() throws {
    let pair = try Pair()
    try pair.same(["copy"], board: "w", stdin: Data("start".utf8))
    let watchHere = try Background(pair.sandbox, [Sandbox.binary, "watch", "--json", "-p", "w"])
    let watchThere = try Background(pair.sandbox, [Sandbox.binary, "watch", "--json", "-p", "pbtest:w"], environment: pair.sshd.environment)
    #expect(waitUntil { Self.remoteIsWatching(pair.sshd, ["pb", "watch"]) && watchHere.isWatching }, "both watch")
    try pair.same(["copy"], board: "w", stdin: Data("one".utf8))
    try pair.same(["clear"], board: "w")
    try pair.same(["undo"], board: "w")
    let there = waitForLines(watchThere, 3)
    let here = waitForLines(watchHere, 3)
    #expect(there.count == 3, "\(there)")
    #expect(there == here, "remote: \(there)\nlocal: \(here)")
    #expect(there.first?.contains("\"changeCount\":2") == true && there.last?.contains("\"undone\"") == true, "\(there)")
  }

  func waitForLines(_ background: Background, _ count: Int) -> [String] {
    var lines: [String] = []
    waitUntil {
      lines = ((try? String(contentsOfFile: background.output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
      return lines.count >= count
    }
    return lines
  }

  @Test("export and import --archive with --history, both directions, and copy --from either way")
  func archivesAcross() throws {
    let pair = try Pair()
    _ = try pair.sandbox.file("python.png", try Self.sample("python.png"))
    for board in ["src", "pbtest:src"] {
      let environment = pair.sshd.environment
      #expect(try pair.sandbox.pb(["copy", "-p", board], stdin: Data("one".utf8), environment: environment).status == 0)
      #expect(try pair.sandbox.pb(["copy", "-p", board], stdin: Data("two".utf8), environment: environment).status == 0)
      #expect(try pair.sandbox.pb(["copy", "-a", "-p", board, "python.png"], environment: environment).status == 0)
    }
    let everything = try pair.local("src", ["paste", "--json", "-i", "all"])
    try #require(everything.status == 0)

    // Remote export to a local file, imported here; local export imported there.
    let exported = try pair.remote("src", ["export", "--history"])
    #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported)")
    let listed = try pair.sandbox.run("/usr/bin/tar", ["-tf", "-"], stdin: exported.stdout, environment: [:])
    #expect(listed.lines.first == "pb-archive.json" && listed.lines.count == 4, "a tar archive with its manifest first: \(listed)")
    let fromThere = try pair.sandbox.file("from-there.tar", exported.stdout)
    let localExport = try pair.local("src", ["export", "--history"])
    let fromHere = try pair.sandbox.file("from-here.tar", localExport.stdout)

    let intoHere = try pair.local("restored", ["import", "--archive", fromThere])
    #expect(intoHere.status == 0, "\(intoHere)")
    let intoThere = try pair.remote("restored", ["import", "--archive", fromHere])
    #expect(intoThere.status == 0 && intoThere.stderr == intoHere.stderr, "local: \(intoHere)\nremote: \(intoThere)")
    #expect(try pair.there("pb paste -p restored -i all --json").stdout == everything.stdout, "the import happened there")
    try pair.same(["paste", "--json", "-i", "all"], board: "restored")
    // With history: the same stacks on both sides, undone step by step alike.
    let history = try pair.same(["history"], board: "restored", normalize: Self.withoutTimesAndPaths)
    #expect(history.remote.text.contains("Append") && history.remote.text.contains("Import"), "\(history.remote)")
    for _ in 0..<4 { try pair.same(["undo"], board: "restored") }
    #expect(try pair.same(["paste"], board: "restored").remote.status == 1, "undone back to before the import")
    try pair.same(["redo"], board: "restored")

    // Import from standard input, there.
    let piped = try pair.remote("piped", ["import", "--archive", "-"], stdin: localExport.stdout)
    #expect(piped.status == 0, "\(piped)")
    #expect(try pair.there("pb paste -p piped -i all --json").stdout == everything.stdout)

    // copy --from, there from here and here from there.
    let pushed = try pair.sandbox.pb(["copy", "-p", "pbtest:pushed", "--from", "src"], environment: pair.sshd.environment)
    #expect(pushed.status == 0 && pushed.stderr.isEmpty, "\(pushed)")
    #expect(try pair.there("pb paste -p pushed -i all --json").stdout == everything.stdout)
    let pulled = try pair.sandbox.pb(["copy", "-p", "pulled", "--from", "pbtest:src"], environment: pair.sshd.environment)
    #expect(pulled.status == 0 && pulled.stderr.isEmpty, "\(pulled)")
    #expect(try pair.local("pulled", ["paste", "--json", "-i", "all"]).stdout == everything.stdout)
    #expect(try pair.local("pulled", ["undo"]).text == "Undo Import\n", "one change, undone at once")
    let absent = try pair.sandbox.pb(["copy", "-p", "pulled", "--from", "pbtest:nosuch"], environment: pair.sshd.environment)
    let absentHere = try pair.sandbox.pb(["copy", "-p", "pbtest:pushed", "--from", "nosuch"], environment: pair.sshd.environment)
    #expect(absent.status == 66 && absent.stderr.contains("'nosuch'"), "\(absent)")
    // Each hint names the board as it was named: with its host, or here.
    #expect(absent.stderr.contains("pb copy -p pbtest:nosuch"), "\(absent)")
    #expect(absentHere.status == 66 && absentHere.stderr == absent.stderr.replacing("pbtest:nosuch", with: "nosuch"), "\(absentHere)")
    #expect(try pair.there("pb paste -p pushed -i all --json").stdout == everything.stdout, "a failed copy changes nothing there")
  }
}
