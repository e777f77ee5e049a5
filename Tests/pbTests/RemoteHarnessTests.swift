import Foundation
import Testing

/// The private sshd the remote-board tests run against: what reaches the remote side,
/// the failures each error test needs, and that it goes when the test is done.
@Suite(
  "the private sshd of the remote-board tests", .tags(.endToEnd, .remote),
  .enabled(if: PrivateSSHD.isInstalled, "needs /usr/sbin/sshd: scripts/install-dependencies.sh --tests installs openssh-server"))
struct RemoteHarnessTests {
  @Test("the remote side runs the pb under test, with a store of its own")
  func remoteSide() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    let result = try sshd.ssh("printenv PB_DIR; command -v pb")
    #expect(result.status == 0, "\(result)")
    #expect(result.lines == [sshd.remoteStore.path, Sandbox.binary], "\(result)")
    #expect(sshd.remoteStore.path != sandbox.store.path)

    let copied = try sshd.ssh("pb copy && pb paste", stdin: Data("over ssh".utf8))
    #expect(copied.text == "over ssh", "\(copied)")
    #expect(FileManager.default.fileExists(atPath: sshd.remoteStore.path), "the copy went to the remote store")
    #expect(!FileManager.default.fileExists(atPath: sandbox.store.path), "and nothing to the local one")
  }

  @Test("with PAM, as where the account's password is locked, the remote side is the same")
  func withPAM() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox, pam: true)
    let result = try sshd.ssh("printenv PB_DIR; command -v pb")
    #expect(result.status == 0, "\(result)")
    #expect(result.lines == [sshd.remoteStore.path, Sandbox.binary], "\(result)")
  }

  @Test("PB_SSH_COMMAND is a command line sh splits, reaching the server by its alias")
  func sshCommand() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    #expect(sshd.environment["PB_SSH_COMMAND"] == sshd.sshCommand)
    let result = try sandbox.run(
      "/bin/sh", ["-c", "$PB_SSH_COMMAND \(sshd.host) 'echo $PB_DIR'"], stdin: nil, environment: sshd.environment)
    #expect(result.status == 0, "\(result)")
    #expect(result.text == sshd.remoteStore.path + "\n", "\(result)")
  }

  @Test("the unreachable alias is refused: ssh exits 255 saying so")
  func unreachable() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    let result = try sshd.ssh("true", host: sshd.unreachableHost)
    #expect(result.status == 255, "\(result)")
    #expect(result.stderr.contains("Connection refused"), "\(result)")
  }

  @Test("the refused key's alias is denied: ssh exits 255 saying so")
  func refusedKey() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox)
    let result = try sshd.ssh("true", host: sshd.refusedKeyHost)
    #expect(result.status == 255, "\(result)")
    #expect(result.stderr.contains("Permission denied"), "\(result)")
    // The server still serves the right key afterwards (no penalty for the refusal).
    #expect(try sshd.ssh("true").status == 0)
  }

  @Test("a server without pb on its PATH: the shell finds no pb")
  func pbMissing() throws {
    let sandbox = try Sandbox()
    let sshd = try PrivateSSHD(sandbox, pbOnPath: false)
    let store = try sshd.ssh("printenv PB_DIR")
    #expect(store.text == sshd.remoteStore.path + "\n", "the server runs commands: \(store)")
    let found = try sshd.ssh("command -v pb")
    #expect(found.status == 1, "\(found)")
    #expect(found.text.isEmpty, "\(found)")
    let run = try sshd.ssh("pb serve")
    #expect(run.status == 127, "\(run)")
    #expect(run.stderr.contains("pb: command not found"), "\(run)")
  }

  @Test("folders put before the built pb on the remote PATH: a fake pb answers instead")
  func fakePB() throws {
    let sandbox = try Sandbox()
    let fake = try sandbox.file("fake/pb", "#!/bin/sh\necho \"fake pb: $*\"\n")
    chmod(fake, 0o755)
    let sshd = try PrivateSSHD(sandbox, pathBefore: [sandbox.root.appendingPathComponent("fake").path])
    let result = try sshd.ssh("pb serve")
    #expect(result.status == 0, "\(result)")
    #expect(result.text == "fake pb: serve\n", "\(result)")
  }

  @Test("options on ssh's command line win over the config's: a shared connection works, and ends with the server")
  func sharedConnection() throws {
    let sandbox = try Sandbox()
    var sshd: PrivateSSHD? = try PrivateSSHD(sandbox)
    let configFile = try #require(sshd?.configFile)
    let socket = try #require(sshd?.localRuntime) + "/control"
    let sharing = ["-F", configFile, "-o", "ControlMaster=auto", "-o", "ControlPath=\(socket)", "-o", "ControlPersist=60"]
    let first = try sandbox.run("/usr/bin/ssh", sharing + ["pbtest", "echo one"], stdin: nil, environment: [:])
    #expect(first.text == "one\n", "\(first)")
    let check = try sandbox.run("/usr/bin/ssh", sharing + ["-O", "check", "pbtest"], stdin: nil, environment: [:])
    let master = try #require(check.stderr.firstMatch(of: /Master running \(pid=(\d+)\)/).flatMap { Int32($0.1) }, "\(check)")
    let second = try sandbox.run("/usr/bin/ssh", sharing + ["pbtest", "echo two"], stdin: nil, environment: [:])
    #expect(second.text == "two\n", "\(second)")
    #expect(sshd?.log.components(separatedBy: "Accepted publickey").count == 2, "one login for both: \(sshd?.log ?? "")")

    sshd = nil
    #expect(waitUntil { !PrivateSSHD.isRunning(master) }, "the master left behind by ControlPersist ends with the server")
  }

  @Test("the server, its sessions and what runs in them end with the harness")
  func stops() throws {
    let sandbox = try Sandbox()
    var sshd: PrivateSSHD? = try PrivateSSHD(sandbox)
    let server = try #require(sshd?.pid)
    let port = try #require(sshd?.port)
    let directory = try #require(sshd?.directory.path)
    // A session whose command would run a minute, reading and writing nothing.
    let client = try Background(sandbox, ["ssh", "-F", sshd!.configFile, sshd!.host, "echo $$; exec sleep 60"])
    let remote = try #require(Int32(client.waitFor("\n").trimmingCharacters(in: .whitespacesAndNewlines)), "\(client.output)")
    #expect(PrivateSSHD.isRunning(remote))

    sshd = nil
    #expect(!PrivateSSHD.isRunning(server), "the server is gone")
    #expect(!PrivateSSHD.isRunning(remote), "the session's command is gone")
    #expect(!FileManager.default.fileExists(atPath: directory), "its folder is gone")
    #expect(waitUntil { !PrivateSSHD.isRunning(client.pid) }, "the client saw the connection end")
    let connect = try sandbox.run(
      "/bin/bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(port)"], stdin: nil, environment: [:], timeLimit: 30)
    #expect(connect.status != 0, "nothing listens on its port: \(connect)")
  }
}
