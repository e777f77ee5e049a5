import Foundation
import Testing

/// Remote boards attacked: `pb serve` fed crafted streams by a hostile user, a hostile
/// remote side answering the user's pb, and faults (processes killed, disks full).
@Suite("remote boards under attack", .tags(.endToEnd, .remote))
struct RemoteHostileTests {
  // MARK: pb serve given a hostile line

  /// The stream a hostile pb sends `pb serve`: a request for `words`, then `members`.
  static func request(_ words: [String], files: [(word: Int, prefix: String, name: String)] = [], input: Bool = false) -> Data {
    let request: [String: Any] = [
      "format": "pb-stream", "version": 1, "words": words, "input": input,
      "files": files.map { ["word": $0.word, "prefix": $0.prefix, "name": $0.name] as [String: Any] },
      "terminals": ["input": false, "output": false, "error": false],
    ]
    return HostileTar.member("pb-request.json", try! JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]))
  }

  /// As the user's pb does, the stream's side stays open until pb serve has answered: its
  /// end before the status would tell pb serve that nobody waits for the command.
  static let holdingInput = """
    import subprocess, sys, threading
    serve = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    def send():
        try:
            serve.stdin.write(sys.stdin.buffer.read())
            serve.stdin.flush()
        except BrokenPipeError:
            pass
    threading.Thread(target=send, daemon=True).start()
    answer = serve.stdout.read()
    status = serve.wait()
    sys.stdout.buffer.write(answer)
    sys.exit(status)
    """

  /// pb serve started as a shell starts it, its input a pipe the test writes, its
  /// output dropped, its private folders in the sandbox's `tmp` (returned).
  static func startServe(_ sandbox: Sandbox) throws -> (Process, Pipe, String) {
    let temporary = sandbox.root.appendingPathComponent("tmp").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let serve = Process()
    serve.executableURL = URL(fileURLWithPath: Sandbox.binary)
    serve.arguments = ["serve"]
    serve.environment = sandbox.environment.merging(["TMPDIR": temporary]) { $1 }
    let input = Pipe()
    serve.standardInput = input
    serve.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try Sandbox.start(serve)
    return (serve, input, temporary)
  }

  static func serve(_ sandbox: Sandbox, _ stream: Data, environment: [String: String] = [:]) throws -> (Result, [(String, Data)]) {
    let result = try sandbox.run(
      "/usr/bin/python3", ["-c", holdingInput, Sandbox.binary, "serve"], stdin: stream, environment: environment, timeLimit: 30)
    return (result, try HostileTar.members(result.stdout))
  }

  @Test(
    "pb serve runs a line only on this machine's boards: no file of its own read, none written, no program run, no third machine",
    arguments: [
      ["copy", "--pasteboard", "stolen", "SECRET"],
      ["copy", "--pasteboard", "stolen", "-r", "text/plain=SECRET"],
      ["copy", "--pasteboard", "stolen", "--representation=SECRET"],
      ["import", "--pasteboard", "stolen", "--archive", "SECRET"],
      ["import", "--pasteboard", "stolen"],
      ["copy", "--pasteboard", "stolen", "--from", "general"],
      ["paste", "--pasteboard", "general", "-o", "OUTSIDE"],
      ["paste", "--pasteboard", "general", "--output=OUTSIDE"],
      ["watch", "--pasteboard", "general", "--exec", "--", "/bin/sh", "-c", "echo ran > OUTSIDE/ran"],
      ["count", "--pasteboard", "third:general"],
      ["list", "third:"],
    ])
  func serveRefusesLinesReachingOut(words: [String]) throws {
    let sandbox = try Sandbox()
    let secret = try sandbox.file("secret", "the server's own file")
    let outside = sandbox.root.appendingPathComponent("outside").path
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
    let sshRan = sandbox.root.appendingPathComponent("ssh-ran").path
    let archive = try sandbox.pb("export").stdout  // an empty board's archive, to import
    try archive.write(to: URL(fileURLWithPath: secret + ".pbarchive"))
    try sandbox.pb("copy", stdin: Data("on general".utf8))
    let line = words.map {
      $0.replacingOccurrences(of: "SECRET", with: words[0] == "import" ? secret + ".pbarchive" : secret)
        .replacingOccurrences(of: "OUTSIDE", with: outside)
    }
    // A watch run instead of refused would hold serve to its time limit: status 124.
    let (result, members) = try Self.serve(
      sandbox, Self.request(line) + HostileTar.end, environment: ["PB_SSH_COMMAND": "touch \(sshRan); false", "PB_REMOTE_TIMEOUT": "5s"])
    #expect(result.status == 0, "\(result)")
    let said = String(decoding: members.filter { $0.0 == "stderr" }.map(\.1).reduce(Data(), +), as: UTF8.self)
    #expect(members.last.map { String(decoding: $0.1, as: UTF8.self) } == "64", "refused as a usage error: \(members.map(\.0)) \(said)" as Comment)
    #expect(said.contains("pb serve runs the commands of this machine's boards"), "\(said)")
    #expect(said.split(separator: "\n").count == 1, "one line: \(said)")
    #expect(try sandbox.pb("count", "-p", "stolen").status != 0, "no board was written")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "nothing was written outside the store")
    #expect(!FileManager.default.fileExists(atPath: sshRan), "no ssh was started")
  }

  @Test("pb serve still copies the files its stream brings, and standard input")
  func serveTakesWhatItBrings() throws {
    let sandbox = try Sandbox()
    let words = ["copy", "--pasteboard", "brought", "-r", "text/plain=x"]
    let stream = Self.request(words, files: [(4, "text/plain=", "note.txt")]) + HostileTar.member("file/0", Data("brought".utf8)) + HostileTar.end
    let (result, members) = try Self.serve(sandbox, stream)
    #expect(members.last?.0 == "exit" && members.last?.1 == Data("0".utf8), "\(result) \(members.map(\.0))")
    #expect(try sandbox.pb("paste", "-p", "brought").text == "brought")

    let piped = Self.request(["copy", "--pasteboard", "piped"], input: true) + HostileTar.member("stdin", Data("piped".utf8)) + HostileTar.end
    let (pipedResult, pipedMembers) = try Self.serve(sandbox, piped)
    #expect(pipedMembers.last?.1 == Data("0".utf8), "\(pipedResult)")
    #expect(try sandbox.pb("paste", "-p", "piped").text == "piped")
  }

  @Test("pb watch --exec runs its command on a board of this machine")
  func watchExecHere() throws {
    let sandbox = try Sandbox()
    let marker = sandbox.root.appendingPathComponent("ran").path
    let watch = try Background(
      sandbox, [Sandbox.binary, "watch", "--exec", "--", "/bin/sh", "-c", "cat > \(marker)"])
    #expect(waitUntil(seconds: 20) { watch.isWatching }, "watch started: \(watch.said)")
    try sandbox.pb("copy", stdin: Data("changed".utf8))
    let ran = waitUntil(seconds: 20) { (try? String(contentsOfFile: marker, encoding: .utf8)) == "changed" }
    #expect(ran, "the command ran: \(watch.said)")
  }

  // MARK: Faults

  @Test("pb serve killed halfway through a copy from standard input: its command stores nothing, the board stays as it was")
  func serveKilledMidCopy() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", "-p", "kept", stdin: Data("as it was".utf8))
    // Its private folder, which a SIGKILL leaves behind, in the sandbox.
    let (serve, input, _) = try Self.startServe(sandbox)
    defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
    // A stdin member of 1 MiB of which half comes: the copy runs, reading.
    let half = Data(repeating: UInt8(ascii: "x"), count: 1 << 19)
    try input.fileHandleForWriting.write(
      contentsOf: Self.request(["copy", "--pasteboard", "kept"], input: true) + HostileTar.header("stdin", size: 1 << 20) + half)
    let children = "/proc/\(serve.processIdentifier)/task/\(serve.processIdentifier)/children"
    var command: Int32?
    waitUntil(seconds: 20) {
      command = (try? String(contentsOfFile: children, encoding: .utf8))?.split(separator: " ").first.flatMap { Int32($0) }
      return command != nil
    }
    let copy = try #require(command, "pb serve started the copy")
    kill(serve.processIdentifier, SIGKILL)
    serve.waitUntilExit()
    #expect(waitUntil(seconds: 20) { !PrivateSSHD.isRunning(copy) }, "the copy ended")
    #expect(try sandbox.pb("paste", "-p", "kept").text == "as it was", "nothing cut short was stored")
    #expect(try sandbox.changeCount("kept") == 1)
    try? input.fileHandleForWriting.close()
  }

  @Test("a pb serve killed (SIGKILL) leaves its folder; the next pb serve removes it, and nothing else of that name")
  func killedServeFolderRemovedByTheNext() throws {
    let sandbox = try Sandbox()
    let (serve, input, temporary) = try Self.startServe(sandbox)
    defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
    try input.fileHandleForWriting.write(
      contentsOf: Self.request(["copy", "--pasteboard", "kept"], input: true) + HostileTar.header("stdin", size: 1 << 20) + Data(count: 4096))
    let folders = { Set((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []) }
    waitUntil { !folders().isEmpty }
    let made = try #require(folders().first, "pb serve made its folder")
    #expect(made.hasPrefix("pb-serve.\(serve.processIdentifier)."), "named after its process: \(made)")
    kill(serve.processIdentifier, SIGKILL)
    serve.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(folders() == [made], "SIGKILL left it behind: \(folders())")

    // Of that shape but a live process's (this test's), a link, someone else's kinds.
    let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
    let startTime = try #require(stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ").dropFirst(19).first)
    let elsewhere = sandbox.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    _ = try sandbox.file("elsewhere/kept", "not pb serve's")
    let kept = ["pb-serve.\(getpid()).\(startTime).abcDEF", "pb-serve.999999999.5.short", "pb-serve.abc123", "pb-serve.999999999.5.open00"]
    for name in kept { try FileManager.default.createDirectory(atPath: temporary + "/" + name, withIntermediateDirectories: false) }
    for name in kept.prefix(3) { chmod(temporary + "/" + name, 0o700) }
    chmod(temporary + "/" + kept[3], 0o755)
    try FileManager.default.createSymbolicLink(atPath: temporary + "/pb-serve.999999999.5.link00", withDestinationPath: elsewhere.path)

    let (result, members) = try Self.serve(
      sandbox, Self.request(["count", "--pasteboard", "general"]) + HostileTar.end, environment: ["TMPDIR": temporary])
    #expect(members.last.map { String(decoding: $0.1, as: UTF8.self) } == "0", "the next pb serve ran: \(result)")
    #expect(!folders().contains(made), "the dead pb serve's folder is gone: \(folders())")
    #expect(folders() == Set(kept + ["pb-serve.999999999.5.link00"]), "nothing else went: \(folders())")
    #expect(FileManager.default.fileExists(atPath: elsewhere.path + "/kept"), "the link was not followed")
  }

  @Test("a pb paste -o of a remote board killed (SIGKILL) leaves its private copy; the next one removes it")
  func killedPasteFolderRemovedByTheNext() throws {
    let sandbox = try Sandbox()
    let temporary = sandbox.root.appendingPathComponent("tmp").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let folders = { Set((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []) }
    // A remote side that says hello and then keeps the paste waiting.
    let hello = try sandbox.file("hello", Self.hello)
    let paste = Process()
    paste.executableURL = URL(fileURLWithPath: Sandbox.binary)
    paste.arguments = ["paste", "-o", sandbox.root.appendingPathComponent("out").path, "-p", "far:"]
    paste.environment = sandbox.environment.merging([
      "TMPDIR": temporary, "PB_SSH_COMMAND": "exec /bin/sh -c 'cat \(hello); exec sleep 60' sh", "PB_REMOTE_TIMEOUT": "60s",
    ]) { $1 }
    paste.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    paste.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try Sandbox.start(paste)
    defer { if paste.isRunning { kill(paste.processIdentifier, SIGKILL) } }
    waitUntil { !folders().isEmpty }
    let made = try #require(folders().first, "pb paste made its folder")
    #expect(made.hasPrefix("pb-paste.\(paste.processIdentifier)."), "named after its process: \(made)")
    kill(paste.processIdentifier, SIGKILL)
    paste.waitUntilExit()
    #expect(folders() == [made], "SIGKILL left it behind: \(folders())")

    let next = try sandbox.run(
      Sandbox.binary, ["paste", "-o", sandbox.root.appendingPathComponent("out").path, "-p", "far:"], stdin: nil,
      environment: ["TMPDIR": temporary, "PB_SSH_COMMAND": "exit 255"], timeLimit: 30)
    #expect(next.status != 0, "\(next)")
    #expect(folders().isEmpty, "the killed paste's folder is gone, and the next one's too: \(folders())")
  }

  // MARK: The local side

  @Test("no control socket in an XDG_RUNTIME_DIR others can write, where a folder or socket of theirs could stand in; the command still runs")
  func runtimeFolderOthersCanWrite() throws {
    let sandbox = try Sandbox()
    let runtime = sandbox.root.appendingPathComponent("runtime").path
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
    chmod(runtime, 0o777)
    let answer = try sandbox.file(
      "answer", Self.hello + HostileTar.member("stdout", Data("3\n".utf8)) + HostileTar.member("exit", Data("0".utf8)) + HostileTar.end)
    let result = try sandbox.run(
      Sandbox.binary, ["count", "-p", "far:"], stdin: nil,
      environment: ["PB_SSH_COMMAND": "exec /bin/sh -c 'cat \(answer)' sh", "XDG_RUNTIME_DIR": runtime], timeLimit: 30)
    #expect(result.status == 0, "\(result)")
    #expect(result.text == "3\n", "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: runtime).isEmpty, "pb made nothing there")

    // The same folder made private: pb's socket folder is made there.
    chmod(runtime, 0o700)
    let shared = try sandbox.run(
      Sandbox.binary, ["count", "-p", "far:"], stdin: nil,
      environment: ["PB_SSH_COMMAND": "exec /bin/sh -c 'cat \(answer)' sh", "XDG_RUNTIME_DIR": runtime], timeLimit: 30)
    #expect(shared.text == "3\n", "\(shared)")
    #expect(FileManager.default.fileExists(atPath: runtime + "/pb/ssh"), "sharing is on where the folder is private")
  }

  @Test(
    "a host with characters the shell treats specially is quoted in the ssh command a message suggests",
    arguments: [
      ("exec /bin/sh -c 'echo \"ssh: Could not resolve hostname\" >&2; exit 255' sh", "true"),
      ("exec /bin/sh -c 'echo \"Permission denied (publickey).\" >&2; exit 255' sh", "true"),
      ("exec /bin/sh -c 'echo garbage' sh", "pb --version"),
    ])
  func suggestedCommandQuotesTheHost(ssh: String, command: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      Sandbox.binary, ["count", "-p", "h;touch${IFS}x:b"], stdin: nil, environment: ["PB_SSH_COMMAND": ssh, "PB_SSH_CONTROL": "no"],
      timeLimit: 30)
    #expect(result.status != 0, "\(result)")
    #expect(result.stderr.hasSuffix(" with: ssh 'h;touch${IFS}x' \(command)\n"), "\(result)")
  }

  @Test("PB_SSH_COMMAND naming a program missing here is said as such (127), not as a pb missing there", arguments: ["nosuchssh -F x", "   "])
  func sshCommandMissingHere(command: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      Sandbox.binary, ["count", "-p", "far:"], stdin: nil, environment: ["PB_SSH_COMMAND": command, "PB_SSH_CONTROL": "no"], timeLimit: 30)
    #expect(result.status == 127, "\(result)")
    #expect(result.stderr.hasPrefix("pb: cannot run '\(command)': PB_SSH_COMMAND: "), "\(result)")
    #expect(result.stderr.hasSuffix("check the command in PB_SSH_COMMAND\n"), "\(result)")
    #expect(!result.stderr.contains("not installed"), "\(result)")
  }

  // MARK: pb bridge --remote

  /// pb on the remote machine's store directly, as a user logged in there.
  private func there(_ sandbox: Sandbox, _ sshd: PrivateSSHD, _ arguments: [String], stdin: Data? = nil) throws -> Result {
    try sandbox.pb(arguments, stdin: stdin, environment: ["PB_DIR": sshd.remoteStore.path])
  }

  private func bridge(_ sandbox: Sandbox, _ sshd: PrivateSSHD) throws -> Background {
    try Background.bridge(
      sandbox, ["--remote", "\(sshd.host):clips", "-p", "clips"], environment: sshd.environment.merging(["PB_DIR": sandbox.store.path]) { $1 })
  }

  /// A board `clips` holding "start", bridged to the same board there, which the bridge
  /// has given "start" too.
  private func bridgedPair() throws -> (Sandbox, PrivateSSHD, Background) {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    try sandbox.pb(["copy", "-p", "clips"], stdin: Data("start".utf8))
    let running = try bridge(sandbox, sshd)
    try waitUntil { try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "start" }
    return (sandbox, sshd, running)
  }

  /// The change counts of `clips` here and there.
  private func counts(_ sandbox: Sandbox, _ sshd: PrivateSSHD) throws -> (Int, String) {
    (try sandbox.changeCount("clips"), try there(sandbox, sshd, ["count", "-p", "clips"]).text)
  }

  @Test(
    "copies made on both sides at once: both sides end the same, and the counts settle",
    .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd"))
  func bridgeBothSidesAtOnce() throws {
    let (sandbox, sshd, running) = try bridgedPair()
    for round in 1...8 {
      // One copy on each side, as close together as two processes go.
      let here = try Background(sandbox, ["/bin/sh", "-c", "echo here\(round) | \(Sandbox.binary) copy -p clips"])
      try there(sandbox, sshd, ["copy", "-p", "clips"], stdin: Data("there\(round)\n".utf8))
      waitUntil { !PrivateSSHD.isRunning(here.pid) }
      let both = { (try sandbox.pb("paste", "-p", "clips").text, try there(sandbox, sshd, ["paste", "-p", "clips"]).text) }
      try waitUntil { let (a, b) = try both(); return a == b }
      let (local, remote) = try both()
      #expect(local == remote, "round \(round): the sides ended apart: \(local) here, \(remote) there; \(running.said)")
      #expect(["here\(round)\n", "there\(round)\n"].contains(local), "round \(round): \(local)")
    }
    try expectSettled(sandbox, sshd, at: counts(sandbox, sshd), running.said)
  }

  /// Counts settled stay so: a copy made on each side next, once it has crossed, adds
  /// one change to each side (an import of what a side holds already is no change). A
  /// change still going back and forth would cross before it, as one bridge carries
  /// changes in order, and show in the counts.
  private func expectSettled(_ sandbox: Sandbox, _ sshd: PrivateSSHD, at settled: (Int, String), _ said: @autoclosure () -> String) throws {
    try sandbox.pb(["copy", "-p", "clips"], stdin: Data("later here".utf8))
    try waitUntil { try there(sandbox, sshd, ["paste", "-p", "clips"]).text == "later here" }
    #expect(try there(sandbox, sshd, ["copy", "-p", "clips"], stdin: Data("later there".utf8)).status == 0)
    try waitUntil { try sandbox.pb("paste", "-p", "clips").text == "later there" }
    let later = try counts(sandbox, sshd)
    let expected = (settled.0 + 2, Int(settled.1.trimmingCharacters(in: .newlines)).map { "\($0 + 2)\n" })
    #expect(later.0 == expected.0 && later.1 == expected.1, "the counts went on from \(settled) to \(later); \(said())")
  }

  @Test(
    "two bridges of one pair: a change crosses, and the counts settle (no endless ping-pong)",
    .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd"))
  func twoBridgesOfOnePair() throws {
    let (sandbox, sshd, first) = try bridgedPair()
    // Emptied first, so that the second bridge sends nothing as it starts: a board it
    // sent late, landing after the copies below, would be a change of its own.
    #expect(try sandbox.pb("clear", "-p", "clips").status == 0)
    try waitUntil { try there(sandbox, sshd, ["paste", "-p", "clips"]).stderr.contains("is empty") }
    let second = try bridge(sandbox, sshd)
    // Each change made below is one change on each side, however many bridges carry it:
    // a copy imported twice, or one going back and forth, shows in a later count; an older
    // change one bridge lands late must not replace the newer one the other landed first.
    // One side changes at a time: a copy, then one more from the same side once it crossed.
    let start = try counts(sandbox, sshd)
    var made = 0
    for (index, text) in ["from here", "from there"].enumerated() {
      for copied in [text, "\(text), later"] {
        if index == 0 {
          try sandbox.pb(["copy", "-p", "clips"], stdin: Data(copied.utf8))
        } else {
          try there(sandbox, sshd, ["copy", "-p", "clips"], stdin: Data(copied.utf8))
        }
        made += 1
        let both = { (try sandbox.pb("paste", "-p", "clips").text, try self.there(sandbox, sshd, ["paste", "-p", "clips"]).text) }
        try waitUntil { try both() == (copied, copied) }
        let (local, remote) = try both()
        #expect(local == copied && remote == copied, "'\(local)' here, '\(remote)' there; \(first.said) \(second.said)")
      }
      let now = try counts(sandbox, sshd)
      let expected = (start.0 + made, Int(start.1.trimmingCharacters(in: .newlines)).map { "\($0 + made)\n" })
      #expect(now.0 == expected.0 && now.1 == expected.1, "\(text): the counts went from \(start) to \(now), \(made) changes made")
    }
    // Whichever change won, the two sides end up holding the same one.
    let same = try waitUntil {
      try sandbox.pb("paste", "-p", "clips").text == (try self.there(sandbox, sshd, ["paste", "-p", "clips"]).text)
    }
    #expect(same, "the two sides never agreed; \(first.said) \(second.said)")
  }

  /// A bridge's archive of `text`, stamped as the state of board `sender` at `count`,
  /// made on `origin` (the sender, unless named) at `originCount`.
  static func bridged(_ text: String, sender: String, count: Int, origin: String? = nil, originCount: Int? = nil) -> Data {
    let file = "0123456789abcdef.txt"
    let manifest: [String: Any] = [
      "format": "pb-archive", "version": 1, "board": "clips", "files": [["name": file, "size": text.utf8.count]],
      "items": [["representations": [["file": file, "size": text.utf8.count, "type": "public.utf8-plain-text", "typeSource": "text"]]]],
      "bridge": ["board": sender, "changeCount": count, "origin": origin ?? sender, "originCount": originCount ?? count],
    ]
    let json = try! JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
    return HostileTar.member("pb-archive.json", json) + HostileTar.member("data/" + file, Data(text.utf8)) + HostileTar.end
  }

  @Test("a bridge's change that arrives after a newer one (from the other bridge of the pair, or an echo) is refused, silently")
  func lateOlderChangeRefused() throws {
    let sandbox = try Sandbox()
    let end = Process()
    end.executableURL = URL(fileURLWithPath: Sandbox.binary)
    end.arguments = ["__bridge-end", "--pasteboard", "clips"]
    end.environment = sandbox.environment
    let input = Pipe()
    let errors = Pipe()
    end.standardInput = input
    end.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    end.standardError = errors
    try Sandbox.start(end)
    defer { if end.isRunning { kill(end.processIdentifier, SIGKILL) } }
    let paste = { try sandbox.pb("paste", "-p", "clips").text }
    let other = "1111111111111111"
    try input.fileHandleForWriting.write(contentsOf: Self.bridged("newer", sender: other, count: 5))
    try waitUntil { try paste() == "newer" }
    #expect(try paste() == "newer", "the first change landed")
    let landed = try sandbox.changeCount("clips")
    // The sender's count 4, late: then its count 6, which lands once 4 was dealt with.
    try input.fileHandleForWriting.write(contentsOf: Self.bridged("older", sender: other, count: 4))
    try input.fileHandleForWriting.write(contentsOf: Self.bridged("newest", sender: other, count: 6))
    try waitUntil { try paste() == "newest" }
    #expect(try paste() == "newest")
    #expect(try sandbox.changeCount("clips") == landed + 1, "the older change was a change of its own")

    // This board's own change, echoed back after it made a newer one, is refused too.
    let record = try Data(contentsOf: sandbox.store.appendingPathComponent("boards/clips/bridged.json"))
    let own = try #require((try JSONSerialization.jsonObject(with: record) as? [String: Any])?["board"] as? String)
    #expect(try sandbox.pb(["copy", "-p", "clips"], stdin: Data("mine".utf8)).status == 0)
    let mine = try sandbox.changeCount("clips")
    try input.fileHandleForWriting.write(contentsOf: Self.bridged("echo", sender: other, count: 7, origin: own, originCount: mine - 1))
    try input.fileHandleForWriting.write(contentsOf: Self.bridged("latest", sender: other, count: 8))
    try waitUntil { try paste() == "latest" }
    #expect(try paste() == "latest")
    #expect(try sandbox.changeCount("clips") == mine + 1, "the stale echo was a change of its own")

    try input.fileHandleForWriting.close()
    end.waitUntilExit()
    #expect(end.terminationStatus == 0)
    #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "", "a refusal is silent")
  }

  @Test(
    "kill -9 at each step of a bridge's import (strace): the change sent again is taken, never refused as taken already",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace is installed for tests"))
  func importKilledAtEachStep() throws {
    let sandbox = try Sandbox()
    let archive = try sandbox.file("bridged.tar", Self.bridged("sent", sender: "1111111111111111", count: 5))
    // Each step on a board of its own that holds "before": the end killed at that
    // call (or not at all), then the same archive sent by the next bridge.
    let script = """
      set -u
      cd '\(sandbox.root.path)'
      end() { pb __bridge-end --pasteboard "$1" < bridged.tar > /dev/null 2> /dev/null; }
      pb copy -p traced <<< "before" || exit 2
      strace -f -o calls -e trace=linkat,renameat,renameat2 pb __bridge-end --pasteboard traced < bridged.tar > /dev/null || exit 3
      [ "$(pb paste -p traced)" = "sent" ] || exit 4
      board=0
      for call in linkat renameat renameat2; do
        count=$(grep -c "^[0-9]* *$call(" calls)
        for ((when = 1; when <= count; when++)); do
          board=$((board + 1))
          pb copy -p "b$board" <<< "before" || exit 5
          strace -f -o /dev/null -e inject=$call:signal=KILL:when=$when pb __bridge-end --pasteboard "b$board" < bridged.tar > /dev/null 2>&1
          status=$?
          end "b$board"
          echo "$call:$when: status $status, then $(pb paste -p "b$board")"
        done
      done
      """
    let result = try sandbox.shell(script, timeLimit: 300)
    #expect(result.status == 0, "\(result)")
    let steps = result.lines.filter { $0.contains(": status ") }
    #expect(steps.count >= 4, "the import's links and renames were each killed: \(result)")
    #expect(steps.contains { $0.contains("status 137") }, "a kill landed: \(result)")
    #expect(steps.allSatisfy { $0.hasSuffix(", then sent") }, "\(result)")
  }

  @Test("a bridge's change from a board with this board's identity (a copy of its store) stops the bridge, said, the board kept")
  func sameIdentityRefusedLoudly() throws {
    let sandbox = try Sandbox()
    let end = ["__bridge-end", "--pasteboard", "clips"]
    let first = try sandbox.pb(end, stdin: Self.bridged("kept", sender: "1111111111111111", count: 1))
    #expect(first.status == 0, "\(first)")
    let record = try Data(contentsOf: sandbox.store.appendingPathComponent("boards/clips/bridged.json"))
    let own = try #require((try JSONSerialization.jsonObject(with: record) as? [String: Any])?["board"] as? String)
    let count = try sandbox.changeCount("clips")
    // The store copied to the other machine: its board sends with this one's identity.
    let copied = try sandbox.pb(end, stdin: Self.bridged("lost", sender: own, count: 2))
    #expect(copied.status == 65, "\(copied)")
    #expect(copied.stderr.contains("bridge identity \(own)") && copied.stderr.contains("bridged.json"), "\(copied)")
    #expect(copied.stderr.split(separator: "\n").count == 1, "one line: \(copied.stderr)")
    #expect(try sandbox.pb("paste", "-p", "clips").text == "kept")
    #expect(try sandbox.changeCount("clips") == count)
  }

  @Test("pb serve ended by SIGTERM or SIGHUP halfway through a copy from standard input: its private folder goes with it", arguments: [SIGTERM, SIGHUP])
  func serveSignalledRemovesItsFolder(signal: Int32) throws {
    let sandbox = try Sandbox()
    let (serve, input, temporary) = try Self.startServe(sandbox)
    defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
    try input.fileHandleForWriting.write(
      contentsOf: Self.request(["copy", "--pasteboard", "kept"], input: true) + HostileTar.header("stdin", size: 1 << 20) + Data(count: 4096))
    let folders = { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] }
    waitUntil { !folders().isEmpty }
    #expect(folders().count == 1, "pb serve made its folder: \(folders())")
    kill(serve.processIdentifier, signal)
    serve.waitUntilExit()
    #expect(serve.terminationReason == .uncaughtSignal && serve.terminationStatus == signal, "it died of the signal")
    waitUntil { folders().isEmpty }
    #expect(folders().isEmpty, "left behind: \(folders())")
    try? input.fileHandleForWriting.close()
  }

  // MARK: A hostile remote side

  static let hello = HostileTar.member("pb-serve.json", Data(#"{"format":"pb-stream","pb":"0.1.0","version":1}"#.utf8))

  /// Runs `pb count -p far:` against a remote side that sends `stream`, then keeps the
  /// connection open (as a live hostile pb would), never reading what it is sent.
  static func against(_ sandbox: Sandbox, _ stream: Data, timeout: String = "30s") throws -> (Result, TimeInterval) {
    let file = try sandbox.file("answer-\(UUID().uuidString)", stream)
    let started = Date()
    let result = try sandbox.run(
      Sandbox.binary, ["count", "-p", "far:"], stdin: nil,
      environment: [
        "PB_SSH_COMMAND": "exec /bin/sh -c 'cat \(file); exec sleep 60' sh", "PB_SSH_CONTROL": "no", "PB_REMOTE_TIMEOUT": timeout,
      ], timeLimit: 40)
    return (result, Date().timeIntervalSince(started))
  }

  @Test(
    "a remote side that breaks the stream's rules on a live connection is refused as garbage (76), not as a lost connection",
    arguments: [
      ("a stderr member over 1 MiB", HostileTar.member("stderr", Data(count: (1 << 20) + 1))),
      ("an exit of 999", HostileTar.member("exit", Data("999".utf8))),
      ("an exit of -1", HostileTar.member("exit", Data("-1".utf8))),
      ("an empty exit", HostileTar.member("exit", Data())),
      ("a member after the exit", HostileTar.member("exit", Data("0".utf8)) + HostileTar.member("stdout", Data("late".utf8))),
      ("a second hello", hello),
      ("a member of another name", HostileTar.member("../stdout", Data("x".utf8))),
      ("a symbolic link", HostileTar.header("stdout", size: 0, type: UInt8(ascii: "2"))),
    ])
  func garbageOnALiveConnection(what: String, after: Data) throws {
    let sandbox = try Sandbox()
    let (result, _) = try Self.against(sandbox, Self.hello + after + HostileTar.end)
    #expect(result.status == 76, "\(what): \(result)")
    #expect(result.stderr.contains("answered with something that is not a pb stream"), "\(what): \(result)")
    #expect(result.stdout.isEmpty, "\(what): \(result)")
  }

  @Test("a remote side's error output reaches the terminal escaped as pb's own messages are: no title, clipboard write or cleared screen")
  func errorOutputEscaped() throws {
    let sandbox = try Sandbox()
    let hostile = "\u{1B}]0;owned\u{07}\u{1B}]52;c;b3duZWQ=\u{07}\u{1B}[2J"
    // pb's own progress line there (a carriage return, ESC [ K) passes; a character cut
    // between two members, or an escape sequence, is shown whole.
    let stream =
      Self.hello + HostileTar.member("stderr", Data("pb: first \(hostile)line\n".utf8))
      + HostileTar.member("stderr", Data("\rpb: 1.0 MiB\u{1B}[K\rcaf".utf8) + Data([0xC3]))
      + HostileTar.member("stderr", Data([0xA9, 0x0A, 0x1B])) + HostileTar.member("stderr", Data("[3J\n".utf8))
      + HostileTar.member("exit", Data("0".utf8)) + HostileTar.end
    let (result, _) = try Self.against(sandbox, stream, timeout: "2s")
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.hasPrefix("pb: first "), "relayed: \(result.stderr.debugDescription)")
    #expect(
      result.stderr == "pb: first \\e]0;owned\\x07\\e]52;c;b3duZWQ=\\x07\\e[2Jline\n\rpb: 1.0 MiB\u{1B}[K\rcafé\n\\e[3J\n",
      "\(result.stderr.debugDescription)")
    #expect(!result.stderr.utf8.contains(0x07), "no bell ends a sequence: \(result.stderr.debugDescription)")
  }

  /// A remote side that says hello, then runs `script` (sh) in the sandbox, whose
  /// `alive`, `out` and `exit` are files holding those members; its status and how long it took.
  static func scripted(
    _ sandbox: Sandbox, _ words: [String], script: String, timeout: String, stdin: String = "< /dev/null"
  ) throws -> (Result, TimeInterval) {
    _ = try sandbox.file("hello", hello)
    _ = try sandbox.file("alive", HostileTar.member("alive", Data()))
    _ = try sandbox.file("out", HostileTar.member("stdout", Data(repeating: UInt8(ascii: "t"), count: 100)))
    _ = try sandbox.file("exit", HostileTar.member("exit", Data("0".utf8)) + HostileTar.end)
    let side = try sandbox.file("side.sh", "cd \(sandbox.root.path)\ncat hello\n\(script)\n")
    let started = Date()
    let result = try sandbox.run(
      "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(stdin)", Sandbox.binary] + words, stdin: nil,
      environment: ["PB_SSH_COMMAND": "exec /bin/sh \(side)", "PB_SSH_CONTROL": "no", "PB_REMOTE_TIMEOUT": timeout], timeLimit: 40)
    return (result, Date().timeIntervalSince(started))
  }

  @Test("a remote side that says alive every second forever does not hold a command that does not wait past PB_REMOTE_TIMEOUT (75)")
  func aliveForever() throws {
    let sandbox = try Sandbox()
    let (result, took) = try Self.scripted(
      sandbox, ["count", "-p", "far:"], script: "while :; do cat alive; echo >> sent; sleep 0.5; done", timeout: "2s")
    let sent = (try? String(contentsOf: sandbox.root.appendingPathComponent("sent"), encoding: .utf8))?.count ?? 0
    #expect(sent >= 3, "alive came all along: \(sent) of them")
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("'far' said nothing for 2.0 s"), "\(result)")
    #expect(took < 12, "ended within the timeout and a margin: \(took) s")
  }

  @Test("pb wait is kept going by alive past PB_REMOTE_TIMEOUT, as waiting is the point")
  func aliveKeepsAWait() throws {
    let sandbox = try Sandbox()
    let (result, took) = try Self.scripted(
      sandbox, ["wait", "-p", "far:"], script: "for i in 1 2 3 4 5 6 7 8; do cat alive; sleep 0.3; done; cat out exit",
      timeout: "1s")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.count == 100, "its output came after the alives: \(result)")
    #expect(took > 1, "it outlasted the timeout: \(took) s")
  }

  @Test("a remote side that trickles output is given up (75) soon after PB_REMOTE_TIMEOUT, not held forever")
  func trickle() throws {
    let sandbox = try Sandbox()
    // 500 bytes a second, each piece of output sooner than the timeout.
    let (result, took) = try Self.scripted(
      sandbox, ["paste", "-p", "far:"], script: "while :; do cat out; sleep 0.2; done", timeout: "2s")
    #expect(result.stdout.count >= 500, "the trickle came: \(result.stdout.count) bytes")
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("'far' passed only ") && result.stderr.contains("PB_REMOTE_TIMEOUT"), "\(result)")
    #expect(took < 12, "ended within the timeout and a margin: \(took) s")
  }

  @Test("a copy whose own input comes later than PB_REMOTE_TIMEOUT is not given up: that wait is this side's")
  func slowInputHere() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.root.appendingPathComponent("remote").path
    let result = try sandbox.run(
      "/bin/sh", ["-c", "(sleep 2; echo late) | \"$0\" copy -p far:slow", Sandbox.binary], stdin: nil,
      environment: [
        "PB_SSH_COMMAND": "PB_DIR=\(remote) exec \(Sandbox.binary) serve; :", "PB_SSH_CONTROL": "no", "PB_REMOTE_TIMEOUT": "1s",
      ], timeLimit: 40)
    #expect(result.status == 0, "\(result)")
    #expect(try sandbox.pb(["paste", "-p", "slow"], environment: ["PB_DIR": remote]).text == "late\n")
  }

  @Test("a remote side that stalls after a piece of output, before the next member's header, is given up after PB_REMOTE_TIMEOUT (75)")
  func stallAfterOutput() throws {
    let sandbox = try Sandbox()
    let (result, took) = try Self.against(sandbox, Self.hello + HostileTar.member("stdout", Data("some".utf8)), timeout: "1s")
    #expect(result.text == "some", "the output came: \(result)")
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("said nothing for 1.0 s"), "\(result)")
    #expect(took < 15, "ended promptly: \(took) s")
  }

  @Test("a remote side that stalls halfway through a member is given up after PB_REMOTE_TIMEOUT (75)")
  func stallMidMember() throws {
    let sandbox = try Sandbox()
    let (result, took) = try Self.against(
      sandbox, Self.hello + HostileTar.header("stdout", size: 10_000) + Data(repeating: UInt8(ascii: "a"), count: 3_000), timeout: "1s")
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("said nothing for 1.0 s"), "\(result)")
    #expect(took < 15, "ended promptly: \(took) s")
    #expect(result.stdout.count <= 3_000, "only what came: \(result.stdout.count) bytes")
  }
}

extension Background {
  /// What it has written so far.
  var said: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
}

/// Just enough ustar to craft a stream (`pb serve`'s input) and read its answer.
enum HostileTar {
  static let end = Data(count: 1024)

  static func header(_ name: String, size: Int, type: UInt8 = UInt8(ascii: "0")) -> Data {
    var block = [UInt8](repeating: 0, count: 512)
    func put(_ text: String, at offset: Int, width: Int) {
      for (index, byte) in text.utf8.prefix(width).enumerated() { block[offset + index] = byte }
    }
    put(name, at: 0, width: 100)
    put("0000644", at: 100, width: 8)
    put("0000000", at: 108, width: 8)
    put("0000000", at: 116, width: 8)
    put(String(repeating: "0", count: max(0, 11 - String(size, radix: 8).count)) + String(size, radix: 8), at: 124, width: 12)
    put("00000000000", at: 136, width: 12)
    block[156] = type
    put("ustar", at: 257, width: 6)
    put("00", at: 263, width: 2)
    for index in 148..<156 { block[index] = 0x20 }
    let sum = block.reduce(0) { $0 + Int($1) }
    put(String(repeating: "0", count: max(0, 6 - String(sum, radix: 8).count)) + String(sum, radix: 8), at: 148, width: 6)
    block[154] = 0
    block[155] = 0x20
    return Data(block)
  }

  static func member(_ name: String, _ body: Data) -> Data {
    header(name, size: body.count) + body + Data(count: (512 - body.count % 512) % 512)
  }

  /// Members of a ustar stream, as far as it goes.
  static func members(_ data: Data) throws -> [(String, Data)] {
    let bytes = [UInt8](data)
    var members: [(String, Data)] = []
    var offset = 0
    while offset + 512 <= bytes.count {
      let block = bytes[offset..<offset + 512]
      if block.allSatisfy({ $0 == 0 }) { break }
      let name = String(decoding: block.prefix(100).prefix { $0 != 0 }, as: UTF8.self)
      let sizeText = String(decoding: bytes[offset + 124..<offset + 136].prefix { $0 != 0 && $0 != 0x20 }, as: UTF8.self)
      let size = Int(sizeText, radix: 8) ?? 0
      let start = offset + 512
      members.append((name, Data(bytes[start..<min(bytes.count, start + size)])))
      offset = start + (size + 511) / 512 * 512
    }
    return members
  }
}
