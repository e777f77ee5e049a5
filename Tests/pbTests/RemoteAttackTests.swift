import Foundation
import Testing

/// Remote boards that fail, and other sides that lie: each failure is one line and the
/// documented status, a hostile other side cannot make the local pb hang, grow without
/// bound or write anything but its output, and a hostile archive writes nothing there.
@Suite(
  "remote boards: failures and hostile other sides", .tags(.endToEnd, .remote),
  .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd: scripts/install-dependencies.sh --tests installs openssh-server"))
struct RemoteAttackTests {
  typealias Pair = RemoteBoardTests.Pair

  /// A `pb` for the remote PATH that reads the request the user's pb sends and answers
  /// as the board it names says: not at all, with garbage, another stream version, an
  /// endless output or an error message past its bound.
  static let fakePB = #"""
    #!/usr/bin/env python3
    import io, json, os, sys, tarfile, time

    def member(archive, name, body):
        info = tarfile.TarInfo(name)
        info.size = len(body)
        archive.addfile(info, io.BytesIO(body))

    def hello(version):
        return json.dumps({"format": "pb-stream", "version": version, "pb": "9"}).encode()

    def read(count):
        data = b""
        while len(data) < count:
            more = os.read(0, count - len(data))
            if not more:
                sys.exit(1)
            data += more
        return data

    # The request is the first member; read exactly it (the user's pb keeps its end open).
    header = read(512)
    size = int(header[124:136].strip(b"\0 ") or b"0", 8)
    request = json.loads(read((size + 511) // 512 * 512)[:size])
    board = request["words"][2]
    out = sys.stdout.buffer
    if board == "garbage":
        out.write(b"Welcome to the server! This is not a pb stream.\n" * 50)
    elif board == "silent":
        time.sleep(60)
    else:
        stream = tarfile.open(fileobj=out, mode="w|", format=tarfile.USTAR_FORMAT)
        if board == "version2":
            member(stream, "pb-serve.json", hello(2))
            member(stream, "exit", b"0")
        elif board == "endless":
            member(stream, "pb-serve.json", hello(1))
            chunk = b"y" * (1 << 20)
            while True:
                member(stream, "stdout", chunk)
        elif board == "loud":
            member(stream, "pb-serve.json", hello(1))
            member(stream, "stderr", b"e" * ((1 << 20) + 1))
            member(stream, "exit", b"0")
        elif board == "sane":
            member(stream, "pb-serve.json", hello(1))
            member(stream, "stdout", b"fake answer\n")
            member(stream, "exit", b"0")
        stream.close()
    """#

  /// A server whose remote PATH has the fake pb first.
  static func fakeServer() throws -> Pair {
    let sandbox = try Sandbox()
    let fake = try sandbox.file("fake/pb", fakePB)
    chmod(fake, 0o755)
    return try Pair(sandbox: sandbox, pathBefore: [sandbox.root.appendingPathComponent("fake").path])
  }

  /// A single line on standard error, starting "pb: ", with nothing escaped that ssh
  /// ended its own line with.
  static func isOneLine(_ message: String) -> Bool {
    message.hasPrefix("pb: ") && message.hasSuffix("\n") && message.filter { $0 == "\n" }.count == 1 && !message.contains("\\r")
  }

  @Test("a host that cannot be reached: 69, naming the host and ssh's reason")
  func unreachable() throws {
    let pair = try Pair()
    let result = try pair.sandbox.pb(["paste", "-p", pair.sshd.unreachableHost + ":"], environment: pair.sshd.environment)
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.contains("'\(pair.sshd.unreachableHost)'") && result.stderr.contains("Connection refused"), "\(result)")
    #expect(Self.isOneLine(result.stderr), "one line: \(result.stderr.debugDescription)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a login refused: 77, with ssh's Permission denied")
  func refusedKey() throws {
    let pair = try Pair()
    let result = try pair.sandbox.pb(["count", "-p", pair.sshd.refusedKeyHost + ":x"], environment: pair.sshd.environment)
    #expect(result.status == 77, "\(result)")
    #expect(result.stderr.contains("'\(pair.sshd.refusedKeyHost)'") && result.stderr.contains("Permission denied"), "\(result)")
    #expect(Self.isOneLine(result.stderr), "one line: \(result.stderr.debugDescription)")
  }

  @Test("no pb on the remote PATH: 69, saying how to install it there")
  func pbMissing() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox, pbOnPath: false)
    let result = try sandbox.pb(["copy", "-p", "pbtest:x"], stdin: Data("data".utf8), environment: sshd.environment)
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.contains("pb is not installed on 'pbtest'") && result.stderr.contains("install it there"), "\(result)")
    #expect(Self.isOneLine(result.stderr), "one line: \(result.stderr.debugDescription)")
    #expect(!FileManager.default.fileExists(atPath: sshd.remoteStore.path), "nothing ran there")
  }

  @Test("a remote pb that sends garbage, another stream version, or an error message past 1 MiB: 76")
  func notAStream() throws {
    let pair = try Self.fakeServer()
    // The fake answers as a pb stream where asked to: the failures below are its lies.
    let sane = try pair.remote("sane", ["paste"])
    #expect(sane.status == 0 && sane.text == "fake answer\n", "the fake is reached: \(sane)")

    let garbage = try pair.remote("garbage", ["paste"])
    #expect(garbage.status == 76 && garbage.stdout.isEmpty, "\(garbage)")
    #expect(garbage.stderr.contains("'pbtest'") && garbage.stderr.contains("not a pb stream"), "\(garbage)")
    #expect(Self.isOneLine(garbage.stderr), "one line: \(garbage.stderr.debugDescription)")
    #expect(!garbage.stderr.contains("Welcome"), "nothing of what it sent is shown")

    let version = try pair.remote("version2", ["count"])
    #expect(version.status == 76, "\(version)")
    #expect(version.stderr.contains("version 2") && version.stderr.contains("version 1"), "both versions named: \(version)")
    #expect(Self.isOneLine(version.stderr), "one line: \(version.stderr.debugDescription)")

    let loud = try pair.remote("loud", ["count"])
    #expect(loud.status == 76, "\(loud)")
    #expect(!loud.stderr.contains("eeee"), "the oversized message is not shown: \(loud.stderr.prefix(300))")
    #expect(Self.isOneLine(loud.stderr), "one line: \(loud.stderr.prefix(300).debugDescription)")
  }

  @Test("a remote pb that says nothing: 75 after PB_REMOTE_TIMEOUT, not later")
  func silent() throws {
    let pair = try Self.fakeServer()
    let started = Date()
    let result = try pair.sandbox.run(
      Sandbox.binary, ["count", "-p", "pbtest:silent"], stdin: nil,
      environment: pair.sshd.environment.merging(["PB_REMOTE_TIMEOUT": "1s"]) { $1 }, timeLimit: 15)
    let took = Date().timeIntervalSince(started)
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("'pbtest' said nothing for 1.0 s") && Self.isOneLine(result.stderr), "\(result)")
    #expect(took < 8, "gave up after \(took) s; the fake sleeps 60 s")
  }

  @Test("an endless output: the local pb's memory stays bounded, and | head -c 100 ends quietly with 0")
  func endless() throws {
    let pair = try Self.fakeServer()
    let script = """
      rss=rss.txt  # in the sandbox, the current folder
      /usr/bin/time -f %M -o "$rss" "$PB" paste -p pbtest:endless | head -c 100 | wc -c
      echo "status ${PIPESTATUS[0]}"
      cat "$rss"
      /usr/bin/time -f %M -o "$rss" "$PB" paste -p pbtest:endless 2>&1 | head -c 200000000 | wc -c
      cat "$rss"
      """
    let result = try pair.sandbox.run(
      "/bin/bash", ["-c", script], stdin: nil, environment: pair.sshd.environment.merging(["PB": Sandbox.binary]) { $1 }, timeLimit: 60)
    let lines = result.lines
    try #require(lines.count == 5, "\(result)")
    #expect(lines[0] == "100" && lines[1] == "status 0", "quietly: \(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(lines[3] == "200000000", "it streamed 200 MB: \(result)")
    let kilobytes = [lines[2], lines[4]].compactMap { Int($0) }
    #expect(kilobytes.count == 2 && kilobytes.allSatisfy { $0 < 32 * 1024 }, "maximum resident sizes \(kilobytes) KiB")
  }

  /// A tar archive of `members` (name, declared size, body), ended or cut short.
  static func tar(_ members: [(name: String, size: Int, body: Data)], ended: Bool = true) -> Data {
    var archive = Data()
    for member in members {
      var header = [UInt8](repeating: 0, count: 512)
      func put(_ text: String, at offset: Int, width: Int) {
        for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
      }
      put(member.name, at: 0, width: 100)
      put("0000644", at: 100, width: 8)
      put("0000000", at: 108, width: 8)
      put("0000000", at: 116, width: 8)
      put(String(format: "%011o", member.size), at: 124, width: 12)
      put("00000000000", at: 136, width: 12)
      put("        ", at: 148, width: 8)
      header[156] = UInt8(ascii: "0")
      put("ustar", at: 257, width: 6)
      put("00", at: 263, width: 2)
      let sum = header.reduce(0) { $0 + Int($1) }
      put(String(format: "%06o", sum) + "\0 ", at: 148, width: 8)
      archive += header
      archive += member.body
      archive += Data(count: (512 - member.body.count % 512) % 512)
    }
    if ended { archive += Data(count: 1024) }
    return archive
  }

  @Test("pb import --archive of a hostile archive onto a remote board: refused (65), nothing written anywhere")
  func hostileArchive() throws {
    let pair = try Pair()
    try #require(try pair.remote("x", ["copy"], stdin: Data("kept".utf8)).status == 0)
    let data = Data("escaped!".utf8)
    let manifest = Data(
      """
      {"board":"x","files":[{"name":"0123456789abcdef.txt","size":8}],"format":"pb-archive","items":[{"representations":[\
      {"file":"0123456789abcdef.txt","size":8,"type":"public.utf8-plain-text","typeSource":"text"}]}],"version":1}
      """.utf8)
    // The well-formed archive these lie about is taken: the refusals are of the lies.
    let good = try pair.sandbox.file("good.tar", Self.tar([("pb-archive.json", manifest.count, manifest), ("data/0123456789abcdef.txt", 8, data)]))
    let accepted = try pair.remote("probe", ["import", "--archive", good])
    #expect(accepted.status == 0, "\(accepted)")
    #expect(try pair.there("pb paste -p probe").text == "escaped!")

    let marker = "pb-escape-" + UUID().uuidString.prefix(8)
    let evil: [(String, Data)] = [
      ("dotdot", Self.tar([("pb-archive.json", manifest.count, manifest), ("../../../../\(marker)", 8, data)])),
      ("nested", Self.tar([("pb-archive.json", manifest.count, manifest), ("data/../../\(marker).txt", 8, data)])),
      ("absolute", Self.tar([("pb-archive.json", manifest.count, manifest), ("/tmp/\(marker)", 8, data)])),
      // Sizes that lie: a member longer than its manifest says, one that says more than
      // the archive holds, and a manifest that says more than its member.
      ("longer", Self.tar([("pb-archive.json", manifest.count, manifest), ("data/0123456789abcdef.txt", 4096, Data(count: 4096))])),
      ("cut", Self.tar([("pb-archive.json", manifest.count, manifest), ("data/0123456789abcdef.txt", 1 << 30, data)], ended: false)),
      ("manifest", Self.tar([("pb-archive.json", manifest.count + 4096, manifest)], ended: false)),
    ]
    for (name, archive) in evil {
      let file = try pair.sandbox.file("\(name).tar", archive)
      let result = try pair.remote("x", ["import", "--archive", file])
      #expect(result.status == 65, "\(name): \(result)")
      #expect(Self.isOneLine(result.stderr), "\(name): one line: \(result.stderr.debugDescription)")
      let piped = try pair.remote("x", ["import", "--archive", "-"], stdin: archive)
      #expect(piped.status == 65, "\(name) on standard input: \(piped)")
    }
    #expect(try pair.there("pb paste -p x").text == "kept", "the board is as it was")
    #expect(try pair.there("pb count -p x").text == "1\n")
    let found = try pair.sandbox.run("/usr/bin/find", ["/tmp", pair.sandbox.root.path, "-name", "\(marker)*"], stdin: nil, environment: [:])
    #expect(found.text.isEmpty, "nothing of the archive's own naming was written: \(found)")
  }

  @Test("a copy whose local pb is killed mid-transfer leaves the remote board as it was, and nothing running there")
  func killedCopy() throws {
    let pair = try Pair()
    try #require(try pair.remote("k", ["copy"], stdin: Data("before".utf8)).status == 0)
    let script = """
      "$PB" copy -p pbtest:k < <(echo $BASHPID > "$PIDFILE.feeder"; head -c 8388608 /dev/zero; exec sleep 60) & pb=$!
      echo $pb > "$PIDFILE"
      wait $pb
      echo "status $?"
      kill "$(cat "$PIDFILE.feeder")"
      """
    let pidFile = pair.sandbox.root.appendingPathComponent("copy.pid").path
    let copying = try Background(
      pair.sandbox, ["/bin/bash", "-c", script], environment: pair.sshd.environment.merging(["PB": Sandbox.binary, "PIDFILE": pidFile]) { $1 })
    // The copy runs there and has taken in the first 8 MiB: its data file has grown.
    #expect(waitUntil { !RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "copy"]).isEmpty }, "the copy runs there")
    let grown = waitUntil {
      RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "copy"]).contains { pid in
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.contains { fd in
          var info = stat()
          return stat("/proc/\(pid)/fd/\(fd)", &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size >= 8 << 20
        } ?? false
      }
    }
    #expect(grown, "the remote copy holds a file of 8 MiB being written")
    let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, SIGKILL) == 0)
    #expect(copying.waitFor("status").contains("status 137"), "killed: \(copying.waitFor("status"))")
    let gone = waitUntil(seconds: 10) {
      RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "serve"]).isEmpty && RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "copy"]).isEmpty
    }
    #expect(gone, "no pb serve or pb copy left there: \(RemoteBoardTests.remoteProcesses(pair.sshd, ["pb"]))")
    #expect(try pair.there("pb count -p k").text == "1\n", "no change there")
    #expect(try pair.there("pb paste -p k").text == "before", "the board holds what it held")
    #expect(try pair.remote("k", ["items"]).lines.count == 1)
  }

  @Test("a remote watch or wait whose local pb is killed ends there too, without waiting for a change")
  func killedWatch() throws {
    let pair = try Pair()
    try #require(try pair.remote("w", ["copy"], stdin: Data("there".utf8)).status == 0)
    for words in [["watch", "--json"], ["wait"]] {
      let local = try Background(pair.sandbox, [Sandbox.binary] + words + ["-p", "pbtest:w"], environment: pair.sshd.environment)
      #expect(waitUntil { !RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", words[0]]).isEmpty }, "\(words[0]) runs there")
      #expect(kill(local.pid, SIGKILL) == 0)
      let gone = waitUntil(seconds: 10) {
        RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", words[0]]).isEmpty && RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "serve"]).isEmpty
      }
      #expect(gone, "no pb \(words[0]) or pb serve left there: \(RemoteBoardTests.remoteProcesses(pair.sshd, ["pb"]))")
    }
    #expect(try pair.there("pb count -p w").text == "1\n", "the board was not changed to end them")
  }

  @Test("a remote command killed there: its status, and one line naming the host and the signal")
  func killedThere() throws {
    let pair = try Pair()
    try #require(try pair.remote("k", ["copy"], stdin: Data("there".utf8)).status == 0)
    let script = "\"$PB\" wait -p pbtest:k; echo \"status $?\""
    let waiting = try Background(pair.sandbox, ["/bin/bash", "-c", script], environment: pair.sshd.environment.merging(["PB": Sandbox.binary]) { $1 })
    #expect(waitUntil { !RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "wait"]).isEmpty }, "the wait runs there")
    for pid in RemoteBoardTests.remoteProcesses(pair.sshd, ["pb", "wait"]) { kill(pid, SIGKILL) }
    let said = waiting.waitFor("status")
    #expect(said.contains("status 137"), "\(said)")
    #expect(said.contains("'pbtest'") && said.contains("signal 9"), "\(said)")
    #expect(said.split(separator: "\n").count == 2, "one line, then the status: \(said)")
  }

  @Test("watch --exec, import without --archive and cut are refused for remote boards: 64, one line, ssh never run")
  func refusals() throws {
    let sandbox = try Sandbox()
    let ran = sandbox.root.appendingPathComponent("ssh-ran").path
    // An ssh that only leaves a trace: none of these lines may run it.
    let environment = ["PB_SSH_COMMAND": "touch '\(ran)'; false", "XDG_RUNTIME_DIR": sandbox.root.path]
    let file = try sandbox.file("f", "a file")
    let lines: [[String]] = [
      ["watch", "--exec", "-p", "pbtest:", "--", "true"],
      ["import", "-p", "pbtest:"],
      ["cut", "-p", "pbtest:", file],
      ["copy", "-p", "-oProxyCommand=x:b"],
      ["paste", "-p", "-oProxyCommand=touch /tmp/pwned:"],
      ["list", "-oProxyCommand=x:"],
    ]
    for words in lines {
      let result = try sandbox.pb(words, stdin: Data("in".utf8), environment: environment)
      #expect(result.status == 64, "\(result)")
      #expect(Self.isOneLine(result.stderr), "one line: \(result)")
      #expect(result.stdout.isEmpty)
    }
    // The fixes name the board given, not a placeholder.
    let watch = try sandbox.pb(["watch", "--exec", "-p", "pbtest:build", "--", "true"], environment: environment)
    #expect(watch.stderr.contains("pb watch -p pbtest:build --json |"), "\(watch)")
    let importing = try sandbox.pb(["import"], environment: environment.merging(["PB_PASTEBOARD": "pbtest:build"]) { $1 })
    #expect(importing.stderr.contains("pb copy -p pbtest:build --from BOARD"), "\(importing)")
    var variable = environment
    variable["PB_PASTEBOARD"] = "-oProxyCommand=x:b"
    let fromEnvironment = try sandbox.pb(["paste"], environment: variable)
    #expect(fromEnvironment.status == 64 || fromEnvironment.status == 78, "\(fromEnvironment)")
    #expect(Self.isOneLine(fromEnvironment.stderr), "\(fromEnvironment)")
    #expect(!FileManager.default.fileExists(atPath: ran), "ssh was never run")
    #expect(FileManager.default.fileExists(atPath: file), "cut took nothing")
    // The trace works: a remote board that is allowed does run it.
    _ = try sandbox.pb(["count", "-p", "pbtest:"], environment: environment)
    #expect(FileManager.default.fileExists(atPath: ran), "the fake ssh leaves its trace when run")
  }

  /// How many logins the server has accepted.
  static func logins(_ sshd: PrivateSSHD) -> Int { sshd.log.components(separatedBy: "Accepted publickey").count - 1 }

  @Test("commands in a row share one ssh connection under XDG_RUNTIME_DIR; PB_SSH_CONTROL=no makes none")
  func sharing() throws {
    let pair = try Pair()
    let sockets = pair.sshd.localRuntime + "/pb/ssh"
    try #require(try pair.remote("s", ["copy"], stdin: Data("one".utf8)).status == 0)
    #expect(try pair.remote("s", ["paste"]).text == "one")
    #expect(try pair.remote("s", ["count"]).text == "1\n")
    let made = (try? FileManager.default.contentsOfDirectory(atPath: sockets)) ?? []
    #expect(made.count == 1, "one control socket in \(sockets): \(made)")
    var info = stat()
    #expect(made.first.map { stat(sockets + "/" + $0, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK } == true)
    #expect(Self.logins(pair.sshd) == 1, "three commands, one login: \(pair.sshd.log)")

    let before = Self.logins(pair.sshd)
    let runtime = pair.sandbox.root.appendingPathComponent("runtime").path
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let unshared = ["PB_SSH_CONTROL": "no", "XDG_RUNTIME_DIR": runtime]
    #expect(try pair.remote("s", ["paste"], environment: unshared).text == "one")
    #expect(try pair.remote("s", ["count"], environment: unshared).text == "1\n")
    #expect(Self.logins(pair.sshd) == before + 2, "a login each: \(pair.sshd.log)")
    #expect(!FileManager.default.fileExists(atPath: runtime + "/pb"), "no control socket was made")
  }
}
