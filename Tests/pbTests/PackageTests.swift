import Foundation
import Testing

/// The Debian package: built by scripts/package-deb from install.sh's static release build,
/// checked by lintian, installed into this machine with apt-get as a user would, then
/// purged. The release build shares install.sh's test folder (.build-install, linked in no
/// order), so that with InstallTests it is built once per run.
@Suite(
  "Debian package", .tags(.endToEnd, .long),
  .enabled(if: geteuid() == 0, "installing a package with apt-get needs root (CI runs as root)"))
struct PackageTests {
  @Test("scripts/package-deb builds a .deb that lintian passes, apt-get installs working, and purge removes whole")
  func packageInstallsAndPurges() throws {
    let sandbox = try Sandbox()
    let repository = DocsTests.repository.path
    // This machine's own pb package, or an earlier run's left behind, would be replaced
    // and then removed: refuse rather than take it away.
    let before = try sandbox.shell("dpkg-query -W -f '${Status}' pb 2> /dev/null")
    #expect(!before.text.contains("installed"), "a package pb is installed already; remove it (apt-get purge pb) to run this test")
    guard !before.text.contains("installed") else { return }

    let output = sandbox.root.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let build = try sandbox.shell(
      "cd \(repository) && PB_BUILD_PATH=.build-install PB_LINK_ORDER=none scripts/package-deb \(output)", timeLimit: 1500)
    try #require(build.status == 0, "\(build)")
    let package = build.lines.last ?? ""
    let version = try sandbox.pb("--version").text.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(package == "\(output)/pb_\(version)_amd64.deb", "\(build)")
    #expect(try DocsTests.read("README.md").contains("pb_\(version)_amd64.deb"), "the README names the package pb --version makes")

    let lintian = try sandbox.shell("lintian --tag-display-limit 0 \(package)", timeLimit: 600)
    let errors = lintian.lines.filter { $0.hasPrefix("E:") }
    #expect(lintian.status == 0 && errors.isEmpty, "\(lintian)")

    // Which of the package's paths this machine has before: those must stay after purge,
    // every other one must go.
    let listing = try sandbox.shell("dpkg-deb --fsys-tarfile \(package) | tar -t")
    let paths = listing.lines.map { String($0.dropFirst()) }.map { $0.hasSuffix("/") && $0 != "/" ? String($0.dropLast()) : $0 }
      .filter { !$0.isEmpty && $0 != "/" }
    #expect(paths.contains("/usr/bin/pb") && paths.contains("/usr/share/man/man1/pb.1.gz"), "\(listing)")
    // A link counts even when what it names is gone.
    func present(_ path: String) -> Bool {
      FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
    let existed = Set(paths.filter(present))
    #expect(!existed.contains("/usr/bin/pb"), "a /usr/bin/pb of no package is there; the package would replace it")
    guard !existed.contains("/usr/bin/pb") else { return }

    // Never leave the machine with the package installed, whatever fails below.
    defer { _ = try? sandbox.shell("dpkg-query -W pb > /dev/null 2>&1 && apt-get purge -y -q pb", timeLimit: 600) }
    let apt = "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -y -q"
    let install = try sandbox.shell("\(apt) install \(package)", timeLimit: 900)
    try #require(install.status == 0, "\(install)")
    let owned = try sandbox.shell("dpkg -L pb")
    #expect(Set(paths).isSubset(of: Set(owned.lines)), "dpkg -L pb lacks some of the package's files: \(owned)")

    let installed = try sandbox.run("/usr/bin/pb", ["--version"], stdin: nil, environment: [:])
    #expect(installed.status == 0 && installed.text == "\(version)\n", "\(installed)")
    // -a: an install.sh install under /usr/local would come first.
    let manual = try sandbox.run("/usr/bin/env", ["man", "-a", "-w", "pb"], stdin: nil, environment: [:])
    #expect(manual.lines.contains("/usr/share/man/man1/pb.1.gz"), "\(manual)")
    var completions = ["/usr/share/bash-completion/completions/pb", "/usr/share/bash-completion/completions/pbpaste", "/usr/share/zsh/vendor-completions/_pb"]
    if FileManager.default.fileExists(atPath: repository + "/completions/pb.fish") {
      completions.append("/usr/share/fish/vendor_completions.d/pb.fish")
    }
    for file in completions + ["/usr/lib/systemd/user/pb-bridge.service", "/etc/xdg/autostart/pb-bridge.desktop", "/usr/share/doc/pb/store-format.md"] {
      #expect(FileManager.default.fileExists(atPath: file), "\(file) is not installed")
    }
    let unit = (try? String(contentsOfFile: "/usr/lib/systemd/user/pb-bridge.service", encoding: .utf8)) ?? ""
    #expect(unit.split(separator: "\n").contains("ExecStart=/usr/bin/pb bridge"), "\(unit)")
    // The installed pbcopy and pbpaste, on this sandbox's store.
    let copied = try sandbox.run("/usr/bin/pbcopy", [], stdin: Data("from the package\n".utf8), environment: [:])
    #expect(copied.status == 0, "\(copied)")
    #expect(try sandbox.pb("paste").text == "from the package\n", "pbcopy wrote the board the debug pb reads")
    let pasted = try sandbox.run("/usr/bin/pbpaste", [], stdin: nil, environment: [:])
    #expect(pasted.status == 0 && pasted.text == "from the package\n", "\(pasted)")
    // A PNG sniffed with the database of the package it depends on (libmagic-mgc).
    let image = try sandbox.run("/usr/bin/pb", ["copy", SystemSamples.png], stdin: nil, environment: [:])
    let types = try sandbox.run("/usr/bin/pb", ["types"], stdin: nil, environment: [:])
    #expect(image.status == 0 && types.text == "public.png\n", "\(image)\n\(types)")

    // remove keeps only the conffile, the autostart entry, which starts nothing without pb.
    let autostart = "/etc/xdg/autostart/pb-bridge.desktop"
    let remove = try sandbox.shell("\(apt) remove pb", timeLimit: 600)
    #expect(remove.status == 0, "\(remove)")
    let kept = paths.filter { !existed.contains($0) && present($0) && $0 != autostart }
    #expect(kept.allSatisfy { autostart.hasPrefix($0 + "/") }, "remove left \(kept)")
    let entry = (try? String(contentsOfFile: autostart, encoding: .utf8)) ?? ""
    #expect(entry.split(separator: "\n").contains("TryExec=/usr/bin/pb"), "\(entry)")
    let purge = try sandbox.shell("\(apt) purge pb", timeLimit: 600)
    #expect(purge.status == 0, "\(purge)")
    let left = paths.filter { !existed.contains($0) && present($0) }
    #expect(left.isEmpty, "purge left \(left)")
    let after = try sandbox.shell("dpkg-query -W -f '${Status}' pb 2> /dev/null")
    #expect(!after.text.contains("installed"), "\(after)")
  }
}

extension DocsTests {
  @Test("the man page's header and footer name pb and its version, and the docs it names are installed")
  func manualFooter() throws {
    let sandbox = try Sandbox()
    let version = try sandbox.pb("--version").text.trimmingCharacters(in: .whitespacesAndNewlines)
    let page = Self.repository.appendingPathComponent("man/pb.1").path
    // man-db's groff, as `man ./man/pb.1` shows it, and mandoc.
    let groff = try sandbox.run("/usr/bin/env", ["man", "-l", page], stdin: nil, environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
    let mandoc = try sandbox.run("/usr/bin/env", ["mandoc", "-T", "ascii", page], stdin: nil, environment: [:])
    for rendering in [groff, mandoc] {
      let lines = rendering.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      #expect(rendering.status == 0 && lines.count > 100, "\(rendering)")
      let header = lines.first ?? "", footer = lines.last ?? ""
      #expect(header.hasPrefix("PB(1)") && header.contains("General Commands Manual") && !header.contains("BSD"), "\(header)")
      #expect(footer.hasPrefix("pb \(version) ") && footer.hasSuffix(" pb \(version)") && !footer.contains("BSD"), "\(footer)")
    }
    // Each document the man page names is one install.sh installs in share/doc/pb.
    let manual = try Self.read("man/pb.1")
    let named = manual.matches(of: #/\.Pa ([a-z-]+\.md)/#).map { String($0.1) }
    #expect(named.count >= 3, "\(named)")
    for document in named {
      #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("docs/" + document).path), "docs/\(document)")
    }
    #expect(manual.contains(".It Pa /usr/share/doc/pb/"))
  }
}
