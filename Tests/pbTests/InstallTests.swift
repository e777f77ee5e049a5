import Foundation
import Testing

@Suite("install.sh", .tags(.endToEnd, .long))
struct InstallTests {
  @Test("installs a working pb, its man page and completions under DESTDIR and PREFIX")
  func installsIntoDestdir() throws {
    let sandbox = try Sandbox()
    let repository = DocsTests.repository
    let destdir = sandbox.root.appendingPathComponent("stage").path
    // Its own build folder: the one `swift test` holds is locked while tests run.
    // A pbpaste of another program is there already: install.sh must keep it.
    let foreign = destdir + "/opt/pb/bin/pbpaste"
    try FileManager.default.createDirectory(atPath: destdir + "/opt/pb/bin", withIntermediateDirectories: true)
    try Data("#!/bin/sh\necho foreign\n".utf8).write(to: URL(fileURLWithPath: foreign))
    // Linked in no order: profiling for one (scripts/build-release.sh) is minutes more
    // on CI's loaded machine, and the order changes no behaviour.
    let script =
      "cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb PB_BUILD_PATH=.build-install PB_LINK_ORDER=none ./install.sh"
    // A release build from scratch: minutes on a slow machine.
    let install = try sandbox.shell(script, timeLimit: 1200)
    #expect(install.status == 0, "\(install)")
    #expect(install.text.contains("installed pb under \(destdir)/opt/pb"), "\(install)")
    let prefix = destdir + "/opt/pb"
    for file in [
      "bin/pb", "share/man/man1/pb.1", "share/bash-completion/completions/pb", "share/zsh/site-functions/_pb",
      "share/fish/vendor_completions.d/pb.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is not installed")
    }
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/pb"))
    #expect(FileManager.default.fileExists(atPath: prefix + "/share/doc/pb/store-format.md"), "the docs the man page names are not installed")
    // Fully static: no dynamic loader, no shared libraries (start-up is most of a small paste).
    let linkage = try sandbox.run("/usr/bin/env", ["ldd", prefix + "/bin/pb"], stdin: nil, environment: [:])
    #expect((linkage.text + linkage.stderr).contains("not a dynamic executable"), "\(linkage)")
    let installed = try sandbox.run(prefix + "/bin/pb", ["copy"], stdin: Data("installed\n".utf8), environment: [:])
    #expect(installed.status == 0, "\(installed)")
    let pasted = try sandbox.run(prefix + "/bin/pb", ["paste"], stdin: nil, environment: [:])
    #expect(pasted.text == "installed\n", "\(pasted)")
    // pbcopy is a link to pb; the other program's pbpaste was kept, and install.sh said so.
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/pbcopy") == "pb")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/share/bash-completion/completions/pbcopy") == "pb")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/share/fish/vendor_completions.d/pbcopy.fish") == "pb.fish")
    // The other program's pbpaste gets none of pb's completions.
    for link in ["share/bash-completion/completions/pbpaste", "share/fish/vendor_completions.d/pbpaste.fish"] {
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/" + link)) == nil, "\(link) was made")
    }
    #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "#!/bin/sh\necho foreign\n")
    #expect(install.stderr.contains("kept \(foreign), which is not pb's"), "\(install)")
    let copied = try sandbox.run(prefix + "/bin/pbcopy", [], stdin: Data("from pbcopy".utf8), environment: [:])
    #expect(copied.status == 0, "\(copied)")
    #expect(try sandbox.run(prefix + "/bin/pb", ["paste"], stdin: nil, environment: [:]).text == "from pbcopy")
    // A newcomer sees no static-link warnings from glibc (gold printed a screenful; lld, none).
    #expect(!install.stderr.contains("statically linked applications requires"), "\(install)")
    let manual = try sandbox.run("/usr/bin/env", ["man", "-l", prefix + "/share/man/man1/pb.1"], stdin: nil, environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
    #expect(manual.status == 0 && manual.text.contains("EXIT STATUS"), "\(manual)")
    // pb bridge as a service: a systemd user unit where systemd looks under the prefix,
    // and an autostart entry (system-wide for a prefix outside $HOME) that systemd's
    // sessions skip, both running the installed pb.
    let unit = (try? String(contentsOfFile: prefix + "/share/systemd/user/pb-bridge.service", encoding: .utf8)) ?? ""
    for line in [
      "ExecStart=/opt/pb/bin/pb bridge", "Restart=on-failure", "PartOf=graphical-session.target",
      "After=graphical-session.target", "WantedBy=graphical-session.target", "#   Environment=PB_PASTEBOARD=desktop",
    ] {
      #expect(unit.split(separator: "\n").contains { $0 == line }, "the unit lacks \(line): \(unit)")
    }
    let autostart = destdir + "/etc/xdg/autostart/pb-bridge.desktop"
    let entry = (try? String(contentsOfFile: autostart, encoding: .utf8)) ?? ""
    for line in ["[Desktop Entry]", "Type=Application", "Exec=/opt/pb/bin/pb bridge", "X-systemd-skip=true"] {
      #expect(entry.split(separator: "\n").contains { $0 == line }, "the autostart entry lacks \(line): \(entry)")
    }

    // --uninstall removes exactly those files, and nothing else in their folders.
    let neighbour = prefix + "/bin/other-tool"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: neighbour))
    let uninstall = try sandbox.shell(
      "cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb ./install.sh --uninstall", timeLimit: 60)
    #expect(uninstall.status == 0, "\(uninstall)")
    for file in [
      "bin/pb", "share/man/man1/pb.1", "share/bash-completion/completions/pb", "share/zsh/site-functions/_pb",
      "share/fish/vendor_completions.d/pb.fish",
    ] {
      #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is still there")
      #expect(uninstall.lines.contains("removed \(prefix)/\(file)"), "\(uninstall)")
    }
    #expect(FileManager.default.fileExists(atPath: neighbour), "another file in bin/ was removed")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/doc/pb"), "the docs' folder is still there")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/systemd/user/pb-bridge.service"), "the unit is still there")
    #expect(!FileManager.default.fileExists(atPath: autostart) && uninstall.lines.contains("removed \(autostart)"), "\(uninstall)")
    for link in [
      "bin/pbcopy", "share/bash-completion/completions/pbcopy", "share/fish/vendor_completions.d/pbcopy.fish",
    ] {
      #expect(uninstall.lines.contains("removed \(prefix)/\(link)"), "\(uninstall)")
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/" + link)) == nil, "\(link) is still there")
    }
    #expect(FileManager.default.fileExists(atPath: foreign), "another program's pbpaste was removed")
    let again = try sandbox.shell("cd \(repository.path) && DESTDIR=\(destdir) PREFIX=/opt/pb ./install.sh --uninstall")
    #expect(again.status == 0 && again.text.contains("nothing of pb is installed"), "\(again)")
    let bad = try sandbox.shell("cd \(repository.path) && ./install.sh --nonsense")
    #expect(bad.status == 64 && bad.stderr.contains("--uninstall"), "\(bad)")
  }

  @Test("install.sh installs only what building and running pb needs; the test command installs the rest")
  func dependencies() throws {
    let sandbox = try Sandbox()
    let repository = DocsTests.repository.path
    let build = try sandbox.shell("\(repository)/scripts/install-dependencies.sh --list")
    let tests = try sandbox.shell("\(repository)/scripts/install-dependencies.sh --tests --list")
    #expect(build.status == 0 && tests.status == 0, "\(build)\n\(tests)")
    for package in ["libmagic-dev", "liblzma-dev", "libbz2-dev", "zlib1g-dev", "libxcb1-dev", "libxcb-xfixes0-dev", "shared-mime-info"] {
      #expect(build.lines.contains(package), "\(package) is needed to build or run pb")
      #expect(tests.lines.contains(package), "the tests build pb too: \(package)")
    }
    for package in ["xvfb", "xclip", "xsel", "sway", "wl-clipboard", "zsh", "dash", "mandoc", "man-db", "strace", "libwayland-dev", "copyq", "python3-gi", "gir1.2-gtk-3.0", "openssh-server", "fish", "git"] {
      #expect(!build.lines.contains(package), "install.sh would install \(package), which only the tests use")
      #expect(tests.lines.contains(package), "the test command does not install \(package)")
    }
    // install.sh asks for the build set; the README's test command (which .ci/run runs)
    // asks for the test set before running the tests.
    let installer = try String(contentsOfFile: repository + "/install.sh", encoding: .utf8)
    #expect(installer.contains("\nscripts/install-dependencies.sh\n"))
    let testCommand = try String(contentsOfFile: repository + "/scripts/test", encoding: .utf8)
    #expect(testCommand.contains("scripts/install-dependencies.sh --tests\n") && testCommand.contains("exec swift test"))
    let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
    #expect(readme.contains("\nscripts/test "), "the README's second command is scripts/test")
    let ci = try String(contentsOfFile: repository + "/.ci/run", encoding: .utf8)
    #expect(ci.contains("\nexec scripts/test\n"))
    // Every apt-get waits for the package lock instead of failing.
    let script = try String(contentsOfFile: repository + "/scripts/install-dependencies.sh", encoding: .utf8)
    let aptLines = script.split(separator: "\n").filter { $0.contains("apt-get ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
    #expect(aptLines.count == 3)
    #expect(aptLines.allSatisfy { $0.contains("$wait_for_lock") }, "\(aptLines)")
    #expect(script.contains("wait_for_lock=\"-o DPkg::Lock::Timeout="))
  }
}

/// install.sh run from a staged copy (`ClipboardManagerAttackTests.stagedInstaller`: the
/// pb under test, no release build) into a prefix that holds another program's pbpaste.
@Suite("install.sh beside another program's pbpaste", .tags(.endToEnd))
struct InstallBesideForeignTests {
  /// Every file and link under `root` (not folders), with what it holds or points to.
  static func contents(_ root: String) -> [String: String] {
    let manager = FileManager.default
    var found: [String: String] = [:]
    for relative in manager.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
      let path = root + "/" + relative
      if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
        found[relative] = "-> " + target
      } else if let data = manager.contents(atPath: path) {
        found[relative] = String(decoding: data, as: UTF8.self)
      }
    }
    return found
  }

  @Test("pb's completions are not put on another program's pbpaste in bash, zsh or fish; --uninstall removes exactly what install.sh added")
  func foreignPbpaste() throws {
    let sandbox = try Sandbox()
    let tree = try ClipboardManagerAttackTests.stagedInstaller(sandbox)
    let prefix = sandbox.root.appendingPathComponent("prefix").path
    try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
    let foreign = try sandbox.file("prefix/bin/pbpaste", "#!/bin/sh\necho foreign\n")
    chmod(foreign, 0o755)
    let before = Self.contents(prefix)
    let environment = ["PREFIX": prefix, "AUTOSTART_DIR": prefix + "/autostart", "DESTDIR": ""]
    let install = try sandbox.run(tree + "/install.sh", [], stdin: nil, environment: environment)
    try #require(install.status == 0, "\(install)")
    #expect(install.stderr.contains("kept \(foreign), which is not pb's, and its completions"), "\(install)")
    #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "#!/bin/sh\necho foreign\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/pbcopy") == "pb", "pbcopy is pb's")

    // bash: pb's file, once loaded (a Tab after pb), completes pbcopy and leaves pbpaste alone.
    let bash = try sandbox.run(
      "/bin/bash", ["-c", "source \"$1\"; complete -p pbcopy; complete -p pbpaste", "bash", prefix + "/share/bash-completion/completions/pb"],
      stdin: nil, environment: [:])
    #expect(bash.text == "complete -F _pb_macos pbcopy\n" && bash.stderr.contains("pbpaste: no completion specification"), "\(bash)")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/bash-completion/completions/pbpaste"))
    // zsh: compinit binds pb and pbcopy to _pb, and pbpaste to what else there is (zsh's own
    // _pbcopy, found after the prefix's folder), not to _pb.
    let zsh = try sandbox.run(
      "/usr/bin/zsh",
      ["-f", "-c", "fpath=($1 $fpath); autoload -Uz compinit; compinit -u -d $2; print -r -- ${_comps[pb]-none} ${_comps[pbcopy]-none} ${_comps[pbpaste]-none}",
       "zsh", prefix + "/share/zsh/site-functions", sandbox.root.path + "/zcompdump"],
      stdin: nil, environment: ["HOME": sandbox.root.path])
    let bound = zsh.text.split(whereSeparator: \.isWhitespace)
    #expect(bound.count == 3 && bound[0] == "_pb" && bound[1] == "_pb" && bound[2] != "_pb", "\(zsh)")
    // fish: with pb's file loaded first, pbcopy gets its options and pbpaste none of pb's.
    let fish = try sandbox.run(
      "/usr/bin/fish",
      ["--no-config", "-c", "set -p fish_complete_path $argv[1]; complete -C 'pb co' > /dev/null; complete -C 'pbcopy -'; echo ---; complete -C 'pbpaste -'",
       prefix + "/share/fish/vendor_completions.d"],
      stdin: nil, environment: ["HOME": sandbox.root.path, "PATH": prefix + "/bin:/usr/bin:/bin"])
    let (copyOffers, pasteOffers) = (fish.text.components(separatedBy: "---\n").first ?? "", fish.text.components(separatedBy: "---\n").last ?? "")
    #expect(fish.status == 0 && copyOffers.contains("-pboard"), "\(fish)")
    #expect(!pasteOffers.contains("-pboard") && !pasteOffers.contains("-Prefer"), "\(fish)")
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/pbpaste.fish"))

    // --uninstall takes away each file and link install.sh added, and nothing else.
    let added = Self.contents(prefix).filter { before[$0.key] == nil }
    let expected = ["bin/pb", "bin/pbcopy", "share/zsh/site-functions/_pb", "share/doc/pb/README.md", "autostart/pb-bridge.desktop"]
    #expect(expected.allSatisfy { added[$0] != nil }, "\(added.keys.sorted())")
    let uninstall = try sandbox.run(tree + "/install.sh", ["--uninstall"], stdin: nil, environment: environment)
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(Self.contents(prefix) == before, "left: \(Self.contents(prefix).keys.sorted())")
    #expect(Set(uninstall.lines) == Set(added.keys.map { "removed \(prefix)/\($0)" }), "\(uninstall)")
  }
}
