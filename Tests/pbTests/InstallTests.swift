import Foundation
import Testing

@Suite("install.sh")
struct InstallTests {
  @Test("installs a working pb, its man page and completions under DESTDIR and PREFIX")
  func installsIntoDestdir() throws {
    let sandbox = try Sandbox()
    let repository = DocsTests.repository
    let destdir = sandbox.root.appendingPathComponent("stage").path
    // Its own build folder: the one `swift test` holds is locked while tests run.
    let script = "cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb PB_BUILD_PATH=.build-install ./install.sh"
    // A release build from scratch: minutes on a slow machine.
    let install = try sandbox.shell(script, timeLimit: 1200)
    #expect(install.status == 0, "\(install)")
    #expect(install.text.contains("installed pb under \(destdir)/opt/pb"), "\(install)")
    let prefix = destdir + "/opt/pb"
    for file in ["bin/pb", "share/man/man1/pb.1", "share/bash-completion/completions/pb", "share/zsh/site-functions/_pb"] {
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is not installed")
    }
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/pb"))
    // Fully static: no dynamic loader, no shared libraries (start-up is most of a small paste).
    let linkage = try sandbox.run("/usr/bin/env", ["ldd", prefix + "/bin/pb"], stdin: nil, environment: [:])
    #expect((linkage.text + linkage.stderr).contains("not a dynamic executable"), "\(linkage)")
    let installed = try sandbox.run(prefix + "/bin/pb", ["copy"], stdin: Data("installed\n".utf8), environment: [:])
    #expect(installed.status == 0, "\(installed)")
    let pasted = try sandbox.run(prefix + "/bin/pb", ["paste"], stdin: nil, environment: [:])
    #expect(pasted.text == "installed\n", "\(pasted)")
    let manual = try sandbox.run("/usr/bin/env", ["man", "-l", prefix + "/share/man/man1/pb.1"], stdin: nil, environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
    #expect(manual.status == 0 && manual.text.contains("EXIT STATUS"), "\(manual)")

    // --uninstall removes exactly those files, and nothing else in their folders.
    let neighbour = prefix + "/bin/other-tool"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: neighbour))
    let uninstall = try sandbox.shell(
      "cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb ./install.sh --uninstall", timeLimit: 60)
    #expect(uninstall.status == 0, "\(uninstall)")
    for file in ["bin/pb", "share/man/man1/pb.1", "share/bash-completion/completions/pb", "share/zsh/site-functions/_pb"] {
      #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is still there")
      #expect(uninstall.lines.contains("removed \(prefix)/\(file)"), "\(uninstall)")
    }
    #expect(FileManager.default.fileExists(atPath: neighbour), "another file in bin/ was removed")
    let again = try sandbox.shell("cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb ./install.sh --uninstall")
    #expect(again.status == 0 && again.text.contains("nothing of pb is installed"), "\(again)")
    let bad = try sandbox.shell("cd \(repository.path) && ./install.sh --nonsense")
    #expect(bad.status == 64 && bad.stderr.contains("--uninstall"), "\(bad)")
  }
}
