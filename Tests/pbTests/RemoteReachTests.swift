import Foundation
import Testing

/// HOST:BOARD wherever a command names a board: the commands that reach another machine
/// take it however it is given, the others refuse it saying why, every hint names the
/// board as the user did, and a connection is shared without XDG_RUNTIME_DIR. Against the
/// private sshd (`pbtest`).
@Suite(
  "HOST:BOARD wherever a board is named, hints that repeat it, one connection without XDG_RUNTIME_DIR",
  .tags(.endToEnd, .remote),
  .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd: scripts/install-dependencies.sh --tests installs openssh-server"))
struct RemoteReachTests {
  typealias Pair = RemoteBoardTests.Pair

  /// `pbcopy` and `pbpaste` links to the pb under test, in the sandbox.
  static func macOSLinks(_ sandbox: Sandbox) throws -> (pbcopy: String, pbpaste: String) {
    let bin = sandbox.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for name in ["pbcopy", "pbpaste"] {
      try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Sandbox.binary)
    }
    return (bin.appendingPathComponent("pbcopy").path, bin.appendingPathComponent("pbpaste").path)
  }

  static func isOneLine(_ text: String) -> Bool { text.hasSuffix("\n") && text.dropLast().split(separator: "\n").count == 1 }

  @Test("pbcopy and pbpaste take HOST:BOARD by -pboard and PB_PASTEBOARD, as do pb paste and pb cut's neighbours; create --persistent and delete by their argument")
  func commandsThatReach() throws {
    let pair = try Pair()
    let (pbcopy, pbpaste) = try Self.macOSLinks(pair.sandbox)
    let environment = pair.sshd.environment
    let copied = try pair.sandbox.run(pbcopy, ["-pboard", "pbtest:build"], stdin: Data("from pbcopy\n".utf8), environment: environment)
    #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied)")
    #expect(try pair.there("pb paste -p build").text == "from pbcopy\n", "the text is on the other machine's board")
    #expect(try pair.sandbox.pb("list").text.contains("build") == false, "and not on this one's")

    let byVariable = environment.merging(["PB_PASTEBOARD": "pbtest:build"]) { $1 }
    let pasted = try pair.sandbox.run(pbpaste, [], stdin: nil, environment: byVariable)
    #expect(pasted.status == 0 && pasted.text == "from pbcopy\n", "\(pasted)")
    let again = try pair.sandbox.run(pbcopy, [], stdin: Data("second\n".utf8), environment: byVariable)
    #expect(again.status == 0, "\(again)")
    #expect(try pair.there("pb paste -p build").text == "second\n")
    #expect(try pair.sandbox.pb(["paste"], environment: byVariable).text == "second\n")
    // pbpaste of an empty board writes nothing and succeeds, there as here.
    let empty = try pair.sandbox.run(pbpaste, ["-pboard", "pbtest:"], stdin: nil, environment: environment)
    #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty, "\(empty)")

    let created = try pair.sandbox.pb(["create", "pbtest:made", "--persistent"], environment: environment)
    #expect(created.status == 0 && created.stderr.isEmpty, "\(created)")
    #expect(try pair.there("pb list").text.contains("made"), "the board is made there")
    let temporary = try pair.sandbox.pb(["create", "pbtest:temp"], environment: environment)
    #expect(temporary.status == 64 && Self.isOneLine(temporary.stderr) && temporary.stderr.contains("--persistent"), "\(temporary)")
    #expect(try !pair.there("pb list").text.contains("temp"))
    let mixed = try pair.sandbox.pb(["delete", "pbtest:made", "here"], environment: environment)
    #expect(mixed.status == 64 && Self.isOneLine(mixed.stderr), "\(mixed)")
    #expect(try pair.there("pb list").text.contains("made"), "a refused delete deletes nothing")
    let deleted = try pair.sandbox.pb(["delete", "pbtest:made"], environment: environment)
    #expect(deleted.status == 0 && deleted.stderr.isEmpty, "\(deleted)")
    #expect(try !pair.there("pb list").text.contains("made"), "the board is gone there")
  }

  @Test(
    "cut, group, publish and bridge refuse HOST:BOARD from -p or PB_PASTEBOARD in one line that says why and what to do, before any ssh",
    arguments: [
      (["cut", "-p", "pbtest:build", "notes.txt"], "pb copy -p pbtest:build FILE && rm FILE"),
      (["group", "begin", "-p", "pbtest:"], "ssh pbtest pb group run"),
      (["group", "run", "-p", "pbtest:build", "--", "true"], "ssh pbtest pb group run"),
      (["publish", "-p", "pbtest:build"], "pb copy -p general --from pbtest:build && pb publish -p general"),
      (["bridge", "-p", "pbtest:build"], "pb bridge --remote pbtest:build -p BOARD & pb bridge -p BOARD"),
    ])
  func commandsOfThisMachine(words: [String], fix: String) throws {
    let pair = try Pair()
    let file = try pair.sandbox.file("notes.txt", "keep me")
    let given = try pair.sandbox.pb(words, environment: pair.sshd.environment)
    #expect(given.status == 64 && Self.isOneLine(given.stderr), "\(given)")
    #expect(given.stderr.contains("works on this machine's boards") && given.stderr.contains(fix), "\(given)")
    // The same board from the environment, with no -p.
    let unnamed = words.enumerated().filter { $0.offset != words.firstIndex(of: "-p") && $0.offset != words.firstIndex(of: "-p").map { $0 + 1 } }
    let fromVariable = try pair.sandbox.pb(
      unnamed.map(\.element), environment: pair.sshd.environment.merging(["PB_PASTEBOARD": words[words.firstIndex(of: "-p")! + 1]]) { $1 })
    #expect(fromVariable.status == 64 && fromVariable.stderr.contains("works on this machine's boards"), "\(fromVariable)")
    #expect(fromVariable.stderr.contains(fix), "the fix holds with PB_PASTEBOARD set too: \(fromVariable)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me", "nothing was cut")
    #expect(!pair.sshd.log.contains("Accepted publickey"), "no ssh was run: \(pair.sshd.log)")
    #expect(!FileManager.default.fileExists(atPath: pair.sandbox.store.path + "/boards/build"), "no board was made here")
  }

  @Test("every hint names the board the user named, with its host: here and on the other machine")
  func hintsRepeatTheBoard() throws {
    let pair = try Pair()
    let environment = pair.sshd.environment
    let undo = try pair.sandbox.pb(["undo", "-p", "pbtest:"], environment: environment)
    #expect(undo.status == 1 && undo.stderr.hasSuffix("see its history: pb history -p pbtest:\n"), "\(undo)")
    let missing = try pair.sandbox.pb(["paste", "-p", "pbtest:nosuch"], environment: environment)
    #expect(missing.status == 66 && missing.stderr.hasSuffix("write to it first: pb copy -p pbtest:nosuch\n"), "\(missing)")
    #expect(try pair.sandbox.pb(["copy", "-p", "pbtest:build"], stdin: Data("text".utf8), environment: environment).status == 0)
    let noImage = try pair.sandbox.pb(["paste", "-p", "pbtest:build", "-t", "image"], environment: environment)
    #expect(noImage.status == 1 && noImage.stderr.hasSuffix("see what it has: pb types -i all -p pbtest:build\n"), "\(noImage)")
    // PB_PASTEBOARD=HOST:BOARD: the hint names the board, so that it acts on it whatever the variable says then.
    let byVariable = environment.merging(["PB_PASTEBOARD": "pbtest:build"]) { $1 }
    #expect(try pair.sandbox.pb(["clear"], environment: byVariable).status == 0)
    let empty = try pair.sandbox.pb(["paste"], environment: byVariable)
    #expect(empty.status == 1 && empty.stderr.hasSuffix("copy something first: echo hello | pb copy -p pbtest:build\n"), "\(empty)")
    // Each family of command on a board there: its hint names that board, host and all.
    let remote = { (words: [String]) in try pair.sandbox.pb(words, environment: environment) }
    #expect(try pair.sandbox.pb(["copy", "-p", "pbtest:build"], stdin: Data("again".utf8), environment: environment).status == 0)
    let redo = try remote(["redo", "-p", "pbtest:build"])
    #expect(redo.status == 1 && redo.stderr.hasSuffix("can be redone (pb history -p pbtest:build)\n"), "\(redo)")
    let emptyState = try remote(["history", "-p", "pbtest:build", "--show", "1"])
    #expect(emptyState.status == 1 && emptyState.stderr.hasSuffix("show a state pb history --list -p pbtest:build lists\n"), "\(emptyState)")
    let noState = try remote(["history", "-p", "pbtest:build", "--show", "9"])
    #expect(noState.status == 64 && noState.stderr.hasSuffix("as pb history --list -p pbtest:build numbers them\n"), "\(noState)")
    for words in [["types"], ["contains", "text"], ["count"], ["clear"], ["history"], ["items"], ["undo"]] {
      let absent = try remote([words[0], "-p", "pbtest:nosuch"] + words.dropFirst())
      #expect(absent.status == 66 && absent.stderr.hasSuffix("write to it first: pb copy -p pbtest:nosuch\n"), "\(words): \(absent)")
    }
    // A PNG that cannot be made of a damaged JPEG: see what the board holds, that board's.
    let junk = try pair.sandbox.file("junk.jpg", Data(repeating: 0x5a, count: 300))
    #expect(try remote(["copy", "-p", "pbtest:junk", "-t", "jpeg", "--force-type", junk]).status == 0)
    let underived = try remote(["paste", "-p", "pbtest:junk", "-t", "png"])
    #expect(underived.status == 65 && underived.stderr.hasSuffix("paste what it holds instead (pb types -p pbtest:junk lists it)\n"), "\(underived)")

    // Here: the board named, and none for the board a line without -p takes.
    let sandbox = pair.sandbox
    #expect(try sandbox.pb(["copy", "-p", "local"], stdin: Data("text".utf8)).status == 0)
    let localImage = try sandbox.pb(["paste", "-p", "local", "-t", "image"])
    #expect(localImage.status == 1 && localImage.stderr.hasSuffix("see what it has: pb types -i all -p local\n"), "\(localImage)")
    #expect(try sandbox.pb(["clear", "-p", "local"]).status == 0)
    let localEmpty = try sandbox.pb(["paste", "-p", "local"])
    #expect(localEmpty.status == 1 && localEmpty.stderr.hasSuffix("copy something first: echo hello | pb copy -p local\n"), "\(localEmpty)")
    let general = try sandbox.pb(["paste"])
    #expect(general.status == 1 && general.stderr.hasSuffix("copy something first: echo hello | pb copy\n"), "\(general)")
    let notDefault = try sandbox.pb(["paste", "-p", "general"], environment: ["PB_PASTEBOARD": "local"])
    #expect(notDefault.stderr.hasSuffix("echo hello | pb copy -p general\n"), "general is not the default there: \(notDefault)")
    #expect(try sandbox.pb(["create", "idle", "--persistent"]).status == 0)
    let nothingToUndo = try sandbox.pb(["undo", "-p", "idle"])
    #expect(nothingToUndo.status == 1 && nothingToUndo.stderr.hasSuffix("see its history: pb history -p idle\n"), "\(nothingToUndo)")
    #expect(try sandbox.pb(["copy", "-p", "junk", "-t", "jpeg", "--force-type", junk]).status == 0)
    let localUnderived = try sandbox.pb(["paste", "-p", "junk", "-t", "png"])
    #expect(localUnderived.status == 65 && localUnderived.stderr.hasSuffix("(pb types -p junk lists it)\n"), "\(localUnderived)")
    let noGroup = try sandbox.pb(["group", "end", "-p", "idle"])
    #expect(noGroup.status != 0 && noGroup.stderr.hasSuffix("open one first: pb group begin -p idle\n"), "\(noGroup)")
  }

  @Test("pb copy -p HOST:NEW --if-count 5, refused (75), leaves no board NEW there; a plain remote copy makes one")
  func refusedIfCountMakesNoBoard() throws {
    let pair = try Pair()
    let environment = pair.sshd.environment
    let boards = { try pair.there("pb list").lines.compactMap { $0.split(separator: " ").first.map(String.init) } }
    let plain = try pair.sandbox.pb(["copy", "-p", "pbtest:made-board"], stdin: Data("x".utf8), environment: environment)
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain)")
    let before = try boards()
    try #require(before.contains("made-board"), "a plain copy makes the board there: \(before)")
    #expect(!before.contains("fresh-board"))
    let refused = try pair.sandbox.pb(["copy", "-p", "pbtest:fresh-board", "--if-count", "5"], stdin: Data("y".utf8), environment: environment)
    #expect(refused.status == 75 && refused.stderr.contains("nothing was written"), "\(refused)")
    let after = try boards()
    #expect(!after.contains("fresh-board") && after.contains("made-board"), "\(after)")
    #expect(!FileManager.default.fileExists(atPath: pair.sshd.remoteStore.path + "/boards/fresh-board"))
    #expect(try pair.there("pb paste -p made-board").text == "x", "the other board is as it was")
  }

  @Test("without XDG_RUNTIME_DIR two remote commands share one ssh connection through a private socket in XDG_CACHE_HOME")
  func sharedWithoutRuntimeFolder() throws {
    let pair = try Pair()
    let cache = pair.sandbox.root.appendingPathComponent("cache").path
    let environment = pair.sshd.environment.merging(["XDG_RUNTIME_DIR": "", "XDG_CACHE_HOME": cache]) { $1 }
    let copied = try pair.sandbox.pb(["copy", "-p", "pbtest:s"], stdin: Data("one".utf8), environment: environment)
    #expect(copied.status == 0, "\(copied)")
    let pasted = try pair.sandbox.pb(["paste", "-p", "pbtest:s"], environment: environment)
    #expect(pasted.text == "one", "\(pasted)")
    let sockets = cache + "/pb/ssh"
    let made = (try? FileManager.default.contentsOfDirectory(atPath: sockets)) ?? []
    #expect(made.count == 1, "one control socket in \(sockets): \(made)")
    var info = stat()
    #expect(made.first.map { stat(sockets + "/" + $0, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK } == true)
    for folder in [cache, cache + "/pb", sockets] {
      #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid(), "\(folder) is private")
    }
    #expect(RemoteAttackTests.logins(pair.sshd) == 1, "two commands, one login: \(pair.sshd.log)")
    #expect(!FileManager.default.fileExists(atPath: pair.sshd.localRuntime + "/pb"), "XDG_RUNTIME_DIR's default went unused")

    // A cache folder others can write gets no socket; the command still runs, logging in anew.
    let open = pair.sandbox.root.appendingPathComponent("open").path
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
    chmod(open, 0o777)
    let unshared = pair.sshd.environment.merging(["XDG_RUNTIME_DIR": "", "XDG_CACHE_HOME": open]) { $1 }
    let again = try pair.sandbox.pb(["paste", "-p", "pbtest:s"], environment: unshared)
    #expect(again.text == "one", "\(again)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: open).isEmpty, "pb made nothing there")
    #expect(RemoteAttackTests.logins(pair.sshd) == 2, "\(pair.sshd.log)")
  }

  @Test("PB_PASTEBOARD=HOST:BOARD leaves the commands that use no default board working: list, type, create, delete, help; a folder copied there gets copy's fixes")
  func remoteVariableAndBoardlessCommands() throws {
    let sandbox = try Sandbox()
    // Any ssh run fails: none of these lines goes to another machine.
    let environment = ["PB_PASTEBOARD": "somehost:build", "PB_SSH_COMMAND": "false"]
    let lines: [[String]] = [["list"], ["type", "md"], ["create", "--persistent", "mine"], ["delete", "mine"], ["help"], ["help", "copy"]]
    for words in lines {
      let result = try sandbox.pb(words, environment: environment)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }
    // --desktop reads this machine's desktop whatever PB_PASTEBOARD names.
    for words in [["types", "--desktop"], ["paste", "--desktop"]] {
      let plain = try sandbox.pb(words, environment: ["PB_SSH_COMMAND": "false"])
      let variable = try sandbox.pb(words, environment: environment)
      #expect(variable.status == plain.status && variable.stderr == plain.stderr, "\(plain) \(variable)")
    }
    // A folder copied to a board there gets the fixes it gets here, before any ssh.
    let folder = sandbox.root.appendingPathComponent("photos").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let here = try sandbox.pb(["copy", "-p", "mine", folder])
    let there = try sandbox.pb(["copy", folder], environment: environment)
    #expect(there.status == 66 && there.stderr.contains("tar -cf -"), "\(there)")
    #expect(there.stderr == here.stderr, "\(here) \(there)")
    // A malformed one is still refused where it is used, and a local name still checked.
    let noHost = try sandbox.pb(["paste"], environment: ["PB_PASTEBOARD": ":build"])
    #expect(noHost.status == 64 && noHost.stderr.contains("no host"), "\(noHost)")
    let local = try sandbox.pb(["list"], environment: ["PB_PASTEBOARD": "a b"])
    #expect(local.status == 78, "\(local)")
  }

  @Test("pb copy -p HOST:BOARD --color or --help reads no standard input, as a local copy: an open one is not waited for")
  func remoteColorReadsNothing() throws {
    let sandbox = try Sandbox()
    let there = sandbox.root.appendingPathComponent("there").path
    // ssh to a pb serve of a store of its own on this machine.
    let ssh = try sandbox.file(
      "ssh",
      "#!/bin/sh\nwhile [ $# -gt 0 ]; do case $1 in -G) exit 0;; --) shift; break;; -o|-e) shift 2;; *) shift;; esac; done\n"
        + "PB_DIR='\(there)' exec '\(Sandbox.binary)' serve\n")
    chmod(ssh, 0o755)
    // Standard input stays open 12 s, as a terminal nobody types into.
    let line = try sandbox.shell(
      "export PB_SSH_COMMAND='\(ssh)' PB_SSH_CONTROL=no; timeout 8 pb copy -p fake:tint --color '#f80' < <(sleep 12); echo \"status $?\"",
      timeLimit: 60)
    #expect(line.text.contains("status 0"), "\(line)")
    // Nor does --help, which is this pb's to give.
    let help = try sandbox.shell(
      "export PB_SSH_COMMAND='\(ssh)' PB_SSH_CONTROL=no; timeout 8 pb copy -p fake:tint --help < <(sleep 12); echo \"status $?\"",
      timeLimit: 60)
    #expect(help.text.contains("USAGE") && help.text.contains("status 0"), "\(help)")
    let pasted = try sandbox.pb(["paste", "-p", "tint", "-t", "color"], environment: ["PB_DIR": there])
    #expect(pasted.text == "#ff8800", "\(pasted)")
  }

  @Test("--help with HOST:BOARD is answered here by every command: publish, cut and group run refused it, create, delete and list dialled")
  func helpOfEveryCommand() throws {
    let sandbox = try Sandbox()
    // No machine is reached for help: a dial would fail here.
    let environment = ["PB_SSH_COMMAND": "false", "PB_SSH_CONTROL": "no"]
    let lines = [
      ["publish", "-p", "fake:b", "--help"], ["cut", "-p", "fake:b", "-h"], ["bridge", "-p", "fake:b", "--help"],
      ["group", "run", "-p", "fake:b", "--help"], ["create", "fake:b", "--help"], ["delete", "fake:b", "--help"],
      ["list", "fake:", "--help"],
    ]
    for words in lines {
      let result = try sandbox.pb(words, environment: environment)
      #expect(result.status == 0 && result.text.contains("USAGE: pb \(words[0])"), "\(words): \(result)")
    }
    let variable = try sandbox.pb(["cut", "--help"], environment: environment.merging(["PB_PASTEBOARD": "fake:b"]) { $1 })
    #expect(variable.status == 0 && variable.text.contains("USAGE: pb cut"), "\(variable)")
  }

  @Test("no control socket under a folder another could swap: a cache folder of ours inside a folder others write gets none")
  func noSocketUnderAnOpenFolder() throws {
    let sandbox = try Sandbox()
    // ssh, as far as pb can tell: its words logged, no connection (pb then fails, as it would).
    let log = sandbox.root.appendingPathComponent("ssh-words").path
    let ssh = try sandbox.file("ssh", "#!/bin/sh\necho \"$@\" >> '\(log)'\nexit 255\n")
    chmod(ssh, 0o755)
    let open = sandbox.root.appendingPathComponent("shared").path
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
    chmod(open, 0o777)
    for (cache, shared) in [(open + "/cache", false), (sandbox.root.appendingPathComponent("mine").path, true)] {
      try? FileManager.default.removeItem(atPath: log)
      let environment = ["PB_SSH_COMMAND": ssh, "XDG_RUNTIME_DIR": "", "XDG_CACHE_HOME": cache]
      let result = try sandbox.pb(["count", "-p", "somehost:b"], environment: environment)
      #expect(result.status != 0, "\(result)")
      let words = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      #expect(words.contains("ControlPath=\(cache)/pb/ssh/") == shared, "\(cache): \(words)")
      #expect(FileManager.default.fileExists(atPath: cache + "/pb") == shared, "\(cache)")
    }
  }

  @Test("ssh's reason reads as a clause, a port in the name says where ports go, and every command's -p help names HOST:NAME")
  func remoteNits() throws {
    let pair = try Pair()
    let refused = try pair.sandbox.pb(["count", "-p", pair.sshd.refusedKeyHost + ":"], environment: pair.sshd.environment)
    #expect(refused.status == 77 && refused.stderr.contains("Permission denied (publickey); check your key"), "\(refused)")
    #expect(!refused.stderr.contains(".;"), "\(refused)")
    for name in ["ssh://root@host:2222:build", "pbtest:2222:build", "ssh://pbtest/build"] {
      let port = try pair.sandbox.pb(["paste", "-p", name], environment: pair.sshd.environment)
      #expect(port.status == 64 && Self.isOneLine(port.stderr), "\(port)")
      #expect(port.stderr.contains("~/.ssh/config") && port.stderr.contains("PB_SSH_COMMAND"), "\(port)")
    }
    // An IPv6 address or known_hosts' [HOST]:PORT: the problem named, and the address put in the fix.
    for (name, address) in [("[::1]:x", "::1"), ("[127.0.0.1]:2222:build", "127.0.0.1"), ("root@[::1]:build", "::1"), ("[pbtest]:build", "pbtest"),
                            ("::1:build", "::1")] {
      let bracketed = try pair.sandbox.pb(["paste", "-p", name], environment: pair.sshd.environment)
      #expect(bracketed.status == 64 && Self.isOneLine(bracketed.stderr), "\(bracketed)")
      #expect(bracketed.stderr.contains("names its host in brackets or by an IPv6 address") && bracketed.stderr.contains("HostName \(address),"), "\(bracketed)")
      #expect(bracketed.stderr.contains("~/.ssh/config") && bracketed.stderr.contains("PB_SSH_COMMAND"), "\(bracketed)")
    }
    #expect(!pair.sshd.log.contains("Accepted publickey"), "a name with a port reaches no host")

    let commands = ["copy", "paste", "cut", "clear", "items", "types", "contains", "info", "undo", "redo", "history", "count", "wait",
                    "watch", "export", "import", "publish", "bridge"]
    for command in commands {
      let help = try pair.sandbox.pb([command, "--help"]).text.replacing(/\s+/, with: " ")
      #expect(help.contains("-p, --pasteboard"), "\(command): \(help)")
      #expect(help.contains("HOST:NAME"), "\(command)'s -p names HOST:NAME: \(help)")
    }
  }
}
