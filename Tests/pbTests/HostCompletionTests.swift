import Foundation
import Testing

/// After -p, both completions offer the SSH hosts as `HOST:`, for HOST:BOARD (a board on
/// another machine), from ~/.ssh/config and ~/.ssh/known_hosts, beside the local boards;
/// as a user meets it: a line typed in a real bash or zsh with HOME a sandbox, then a Tab.
@Suite("SSH hosts in completion", .tags(.endToEnd))
struct HostCompletionTests {
  let docs = DocsTests()

  /// The boards of `DocsTests.boardOfTwo`.
  static let boards: Set = ["general", "find", "three", "com.example.notes"]
  /// The hosts the .ssh of `withHosts` names, as offered.
  static let hosts: Set = [
    "server:", "laptop:", "db-primary:", "lower:", "included-host:", "from-tilde:", "deeper:",
    "plainhost:", "alpha:", "192.0.2.7:", "bracketed:", "other-port:", "last-line:",
  ]

  /// The store of `boardOfTwo`, with a HOME whose .ssh names hosts every way ssh allows,
  /// and patterns, hashed names, markers and planted commands that are no hosts, and
  /// known_hosts entries of other ports than 22, which HOST:BOARD cannot reach.
  func withHosts() throws -> Sandbox {
    let sandbox = try docs.boardOfTwo()
    _ = try sandbox.file(
      ".ssh/config",
      """
      # Host commented-out
      Include config.d/*
      Include missing.conf
      Host server laptop
          HostName 192.0.2.1
      Host *.example.com web? !blocked
      Host=db-primary
        host   lower
      Include ~/.ssh/extra.conf
      Match host anything
        User someone

      """)
    _ = try sandbox.file(".ssh/config.d/work", "Host included-host\nHost $(touch ran-config) `touch ran-quote` -oProxyCommand=x\n")
    _ = try sandbox.file(".ssh/extra.conf", "Host from-tilde\nInclude deeper.conf\n")
    _ = try sandbox.file(".ssh/deeper.conf", "Host deeper\n")
    _ = try sandbox.file(
      ".ssh/known_hosts",
      """
      plainhost ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA
      alpha,192.0.2.7 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB
      [bracketed]:22 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC
      [127.0.0.1]:46095 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ
      other-port,[other-port]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK
      |1|F1E1KeoE/eEWhi10WpGv4OdiO6Y=|3988QV0VE8wmZL7suNrYQLITLCg= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAID
      @cert-authority *.corp.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE
      @revoked revoked-host ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF
      *.wild.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG
      $(touch ran-known) ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH
      last-line ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAII
      """)
    return sandbox
  }

  /// The line a Tab after `line` leaves in a real zsh.
  func zshLine(_ sandbox: Sandbox, _ line: String) throws -> String {
    let lines = try docs.zshCompletions(sandbox, line, mode: "--line")
    return lines.last { $0.hasPrefix("<LINE>") }.map { String($0.dropFirst(6)) } ?? "(no line: \(lines))"
  }

  func ran(_ sandbox: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("ran-") }
  }

  @Test("copy --from offers boards and hosts as -p does; list and bridge --remote offer the hosts alone")
  func fromListRemote() throws {
    let sandbox = try withHosts()
    let bashFrom = try Set(docs.bashTab(sandbox, "pb copy --from ").offered)
    #expect(bashFrom.contains("three"), "bash offers the boards after --from: \(bashFrom)")
    #expect(bashFrom == Self.boards.union(Self.hosts), "\(bashFrom.symmetricDifference(Self.boards.union(Self.hosts)))")
    let zshFrom = try Set(docs.zshCompletions(sandbox, "pb copy --from="))
    #expect(zshFrom == Self.boards.union(Self.hosts), "\(zshFrom.symmetricDifference(Self.boards.union(Self.hosts)))")
    for line in ["pb list ", "pb bridge --remote "] {
      let bash = try Set(docs.bashTab(sandbox, line).offered)
      #expect(bash == Self.hosts, "bash after \(line): \(bash.symmetricDifference(Self.hosts))")
    }
    #expect(try Set(docs.zshCompletions(sandbox, "pb list ")) == Self.hosts)
    #expect(try Set(docs.zshCompletions(sandbox, "pb bridge --remote=")) == Self.hosts)
    #expect(try Set(docs.fishCompletions(sandbox, "pb copy --from ")) == Self.boards.union(Self.hosts))
    #expect(try Set(docs.fishCompletions(sandbox, "pb list ")) == Self.hosts)
    #expect(try Set(docs.fishCompletions(sandbox, "pb bridge --remote ")) == Self.hosts)
  }

  @Test("after -p, both shells offer the local boards and every host as HOST:, and no pattern, hashed name or marker")
  func hostsBesideBoards() throws {
    let sandbox = try withHosts()
    for line in ["pb paste -p ", "pb copy --pasteboard ", "pb paste --pasteboard="] {
      let bash = try Set(docs.bashTab(sandbox, line).offered)
      #expect(bash.contains("three"), "bash offers the boards after \(line): \(bash)")
      #expect(bash == Self.boards.union(Self.hosts), "bash after \(line): \(bash.symmetricDifference(Self.boards.union(Self.hosts)))")
      let zsh = try Set(docs.zshCompletions(sandbox, line))
      #expect(zsh.contains("three"), "zsh offers the boards after \(line): \(zsh)")
      #expect(zsh == Self.boards.union(Self.hosts), "zsh after \(line): \(zsh.symmetricDifference(Self.boards.union(Self.hosts)))")
      let fish = try Set(docs.fishCompletions(sandbox, line).map { $0.replacingOccurrences(of: "--pasteboard=", with: "") })
      #expect(fish == Self.boards.union(Self.hosts), "fish after \(line): \(fish.symmetricDifference(Self.boards.union(Self.hosts)))")
    }
    // Where a board is named but not with -p, no host: delete and create are local.
    #expect(try Set(docs.bashTab(sandbox, "pb delete ").offered) == Self.boards)
    #expect(try Set(docs.zshCompletions(sandbox, "pb delete ")) == Self.boards)
    #expect(try Set(docs.fishCompletions(sandbox, "pb delete ")) == Self.boards)
    let ran = try ran(sandbox)
    #expect(ran.isEmpty, "a Tab ran a name of the ssh files: \(ran)")
  }

  /// HOST:BOARD names no port: `127.0.0.1:` from `[127.0.0.1]:46095` dialled port 22.
  @Test("a known_hosts entry of another port than 22 is not offered as HOST: in bash or zsh")
  func onlyPort22() throws {
    let sandbox = try withHosts()
    let bash = try docs.bashTab(sandbox, "pb paste -p 127.0")
    #expect(bash.offered.isEmpty && bash.line == "pb paste -p 127.0", "bash: \(bash)")
    #expect(try docs.zshCompletions(sandbox, "pb paste -p 127.0").isEmpty)
    #expect(try docs.fishCompletions(sandbox, "pb paste -p 127.0").isEmpty)
    // The same entry on port 22 is offered.
    _ = try sandbox.file(".ssh/known_hosts", "[127.0.0.1]:22 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\n")
    #expect(try docs.bashTab(sandbox, "pb paste -p 127.0").line == "pb paste -p 127.0.0.1:")
    #expect(try zshLine(sandbox, "pb paste -p 127.0") == "pb paste -p 127.0.0.1:")
    #expect(try docs.fishCompletions(sandbox, "pb paste -p 127.0") == ["127.0.0.1:"])
  }

  @Test("a host is completed as HOST: with no space after it in bash and zsh; a board as before, with one")
  func hostWithoutSpace() throws {
    let sandbox = try withHosts()
    #expect(try docs.bashTab(sandbox, "pb paste -p thr").line == "pb paste -p three ", "the board is completed")
    #expect(try zshLine(sandbox, "pb paste -p thr") == "pb paste -p three ", "the board is completed")
    for (typed, completed) in [
      ("pb paste -p ser", "pb paste -p server:"), ("pb paste --pasteboard=ser", "pb paste --pasteboard=server:"),
      ("pb copy -p brack", "pb copy -p bracketed:"), ("pb paste -p included", "pb paste -p included-host:"),
    ] {
      let bash = try docs.bashTab(sandbox, typed)
      #expect(bash.offered == [String(completed.split(separator: " ").last!.split(separator: "=").last!)], "bash, \(typed): \(bash)")
      #expect(bash.line == completed, "bash, \(typed): \(bash)")
      #expect(try zshLine(sandbox, typed) == completed, "zsh, \(typed)")
    }
    #expect(try zshLine(sandbox, "pb paste -pser") == "pb paste -pserver:")
    #expect(try docs.fishTab(sandbox, "pb paste -p thr") == "pb paste -p three ", "the board is completed")
    #expect(try docs.fishTab(sandbox, "pb paste -p ser") == "pb paste -p server:")
    #expect(try docs.fishTab(sandbox, "pb copy --pasteboard=brack") == "pb copy --pasteboard=bracketed:")
  }

  @Test("once the word holds HOST:, both shells complete nothing: no board, no file, no host")
  func nothingAfterTheColon() throws {
    let sandbox = try withHosts()
    #expect(try docs.bashTab(sandbox, "pb copy -p thr").line == "pb copy -p three ", "the board is completed")
    #expect(try docs.zshCompletions(sandbox, "pb copy -p thr") == ["three"], "the board is completed")
    #expect(try docs.bashTab(sandbox, "pb copy pa").offered == ["page.html"], "copy completes files")
    #expect(try docs.zshCompletions(sandbox, "pb copy pa") == ["page.html"], "copy completes files")
    for line in [
      "pb copy -p server:", "pb copy -p server:thr", "pb paste -p server:", "pb paste --pasteboard=server:",
      "pb copy -pserver:", "pb copy -p server:pa",
    ] {
      let bash = try docs.bashTab(sandbox, line)
      #expect(bash.offered.isEmpty && bash.line == line, "bash, \(line): \(bash)")
      // zsh lists --pasteboard after an unmatched --pasteboard=VALUE, as before hosts.
      #expect(try docs.zshCompletions(sandbox, line).filter { $0 != "--pasteboard" }.isEmpty, "zsh, \(line)")
      #expect(try zshLine(sandbox, line) == line, "zsh, \(line)")
      #expect(try docs.fishCompletions(sandbox, line).isEmpty, "fish, \(line)")
    }
    #expect(try docs.fishCompletions(sandbox, "pb copy -p thr") == ["three"], "the board is completed")
  }

  /// Asking pb about HOST:BOARD (its types, items or past states) would run ssh from a
  /// Tab; a pb first on PATH logs each time completion asks it anything.
  @Test("completion never asks pb about a board on another machine, chosen with -p or PB_PASTEBOARD")
  func noQuestionAboutARemoteBoard() throws {
    let sandbox = try withHosts()
    let log = sandbox.root.appendingPathComponent("pb-calls").path
    _ = try sandbox.file(
      "logging/pb", "#!/bin/sh\nprintf '%s | %s\\n' \"$PB_PASTEBOARD\" \"$*\" >> \(log)\nexec \(Sandbox.binary) \"$@\"\n")
    let setup = "chmod +x \(sandbox.root.path)/logging/pb; export PATH=\(sandbox.root.path)/logging:$PATH"
    func calls() throws -> [String] {
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
    // The log works: a local board is asked about.
    #expect(try Set(docs.bashTab(sandbox, "pb paste -p three -i ", setup: setup).offered) == ["0", "1", "all", "-1"])
    #expect(try Set(docs.zshCompletions(sandbox, "pb paste -p three -i ", setup: setup)) == ["0", "1", "all", "-1"])
    #expect(try Set(docs.fishCompletions(sandbox, "pb paste -p three -i ", setup: setup)) == ["0", "1", "all", "-1"])
    let local = try calls()
    #expect(local.filter { $0.contains("items -p three") }.count == 3, "\(local)")
    for line in [
      "pb paste -p server:build -i ", "pb paste -p server: -t public.ht", "pb contains --pasteboard=server:build public.ht",
      "pb paste -pserver:build -i ", "pb history -p server:build --restore ", "pb history --pasteboard server: --restore=",
    ] {
      _ = try docs.bashTab(sandbox, line, setup: setup)
      _ = try docs.zshCompletions(sandbox, line, setup: setup)
      _ = try docs.fishCompletions(sandbox, line, setup: setup)
    }
    let environment = setup + "; export PB_PASTEBOARD=server:build"
    for line in ["pb paste -i ", "pb paste -t public.ht", "pb history --restore "] {
      _ = try docs.bashTab(sandbox, line, setup: environment)
      _ = try docs.zshCompletions(sandbox, line, setup: environment)
      _ = try docs.fishCompletions(sandbox, line, setup: environment)
    }
    // Types are still offered, the common ones.
    #expect(try docs.bashTab(sandbox, "pb paste -p server:build -t public.ht", setup: setup).line == "pb paste -p server:build -t public.html ")
    #expect(try docs.zshCompletions(sandbox, "pb paste -p server:build -t public.ht", setup: setup) == ["public.html"])
    #expect(try docs.fishCompletions(sandbox, "pb paste -p server:build -t public.ht", setup: setup) == ["public.html"])
    let logged = try calls()
    #expect(logged == local, "completion asked pb about a remote board: \(logged)")
    #expect(logged.allSatisfy { !$0.contains(":") }, "\(logged)")
  }

  @Test("with no ~/.ssh, or odd files there, both shells still offer the boards, print no error and do not wait")
  func withoutSSHFiles() throws {
    let sandbox = try docs.boardOfTwo()
    let bash = try docs.bashTab(sandbox, "pb paste -p ")
    #expect(bash.offered.contains("three"), "bash offers the boards: \(bash)")
    #expect(Set(bash.offered) == Self.boards, "\(bash)")
    #expect(try Set(docs.zshCompletions(sandbox, "pb paste -p ")) == Self.boards)
    #expect(try docs.bashTab(sandbox, "pb paste -p thr").line == "pb paste -p three ")
    #expect(try zshLine(sandbox, "pb paste -p thr") == "pb paste -p three ")
    // What a Tab shows: no message of a shell or a tool about files.
    let listing = try docs.zshListing(sandbox, "pb paste -p ").joined(separator: "\n")
    #expect(listing.contains("three") && !listing.contains("zsh:") && !listing.lowercased().contains("no such"), "\(listing)")
    // The functions themselves, with their stderr: bash's, and the hosts it finds.
    let script = docs.bashScript
    let direct = try sandbox.shell("export HOME=\(sandbox.root.path); source \(script); _pb_hosts; echo done")
    #expect(direct.text == "done\n" && direct.stderr.isEmpty, "\(direct)")

    // A FIFO would block a reader, a folder is no file: both are passed over.
    let ssh = sandbox.root.appendingPathComponent(".ssh")
    try FileManager.default.createDirectory(at: ssh.appendingPathComponent("known_hosts"), withIntermediateDirectories: true)
    #expect(mkfifo(ssh.appendingPathComponent("config").path, 0o600) == 0)
    let odd = try docs.bashTab(sandbox, "pb paste -p ")
    #expect(odd.offered.contains("three") && Set(odd.offered) == Self.boards, "\(odd)")
    #expect(try Set(docs.zshCompletions(sandbox, "pb paste -p ")) == Self.boards)
    let oddDirect = try sandbox.shell("export HOME=\(sandbox.root.path); source \(script); _pb_hosts; echo done", timeLimit: 20)
    #expect(oddDirect.text == "done\n" && oddDirect.stderr.isEmpty, "\(oddDirect)")
  }
}

extension DocsTests {
  var bashScript: String { Self.repository.appendingPathComponent("completions/pb.bash").path }
}
