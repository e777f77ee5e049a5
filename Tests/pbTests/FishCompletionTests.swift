import Foundation
import Testing

/// fish completion as a user meets it: fish's own `complete -C` (what a Tab would offer)
/// and, for the interactive path, a Tab typed in a real fish on a pty. pb.fish is found
/// as install.sh lays it out: pb.fish, with pbcopy.fish and pbpaste.fish linked to it,
/// and pb, pbcopy and pbpaste on PATH (fish loads a command's completions by its name,
/// and only for a command it finds).
extension DocsTests {
  /// The folder of completions and the PATH a fish in `sandbox` is given.
  func fishLayout(_ sandbox: Sandbox) throws -> (completions: String, path: String) {
    let completions = sandbox.root.appendingPathComponent("fish-completions")
    let bin = sandbox.root.appendingPathComponent("fish-bin")
    let manager = FileManager.default
    if !manager.fileExists(atPath: completions.path) {
      try manager.createDirectory(at: completions, withIntermediateDirectories: true)
      try manager.createDirectory(at: bin, withIntermediateDirectories: true)
      let script = Self.repository.appendingPathComponent("completions/pb.fish").path
      for name in ["pb", "pbcopy", "pbpaste"] {
        try manager.createSymbolicLink(atPath: completions.appendingPathComponent("\(name).fish").path, withDestinationPath: script)
        try manager.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Sandbox.binary)
      }
    }
    return (completions.path, bin.path)
  }

  /// What fish offers after `line` (`complete -C`), without descriptions; HOME is the
  /// sandbox (its .ssh gives the hosts), `setup` runs first (exports).
  func fishCompletions(_ sandbox: Sandbox, _ line: String, setup: String = "") throws -> [String] {
    let layout = try fishLayout(sandbox)
    let quoted = line.replacingOccurrences(of: "'", with: "'\\''")
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path) XDG_CONFIG_HOME=\(sandbox.root.path)/.config PATH=\(layout.path):$PATH
      \(setup)
      cd \(sandbox.root.path); fish -c 'set -p fish_complete_path $argv[1]; complete -C $argv[2]' \(layout.completions) '\(quoted)'
      """)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    return result.lines.filter { !$0.isEmpty }.map { String($0.prefix { $0 != "\t" }) }
  }

  /// The line a Tab after `line`, then `after`, leaves in a real interactive fish.
  func fishTab(_ sandbox: Sandbox, _ line: String, after: String = "") throws -> String {
    let layout = try fishLayout(sandbox)
    let driver = Sandbox.support("complete_fish.py")
    let quoted = [layout.completions, line, after].map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path) XDG_CONFIG_HOME=\(sandbox.root.path)/.config PATH=\(layout.path):$PATH
      cd \(sandbox.root.path); python3 \(driver) \(quoted.joined(separator: " "))
      """)
    #expect(result.status == 0, "\(result)")
    return result.lines.last { $0.hasPrefix("<LINE>") }.map { String($0.dropFirst(6)) } ?? "(no line: \(result))"
  }

  @Test("fish completes subcommands, options, pasteboard names, types, indexes and states")
  func fish() throws {
    let sandbox = try boardWithPastStates()
    let boards: Set = ["com.example.notes", "find", "general", "three"]
    #expect(try Set(fishCompletions(sandbox, "pb co")) == ["copy", "contains", "count"])
    let pasteOptions = try Set(fishCompletions(sandbox, "pb paste --"))
    #expect(pasteOptions.isSuperset(of: ["--pasteboard", "--items", "--type", "--delimiter", "--null", "--output", "--json", "--help"]), "\(pasteOptions)")
    #expect(try Set(fishCompletions(sandbox, "pb info -p ")) == boards)
    #expect(try Set(fishCompletions(sandbox, "pb info --pasteboard=")) == Set(boards.map { "--pasteboard=" + $0 }))
    #expect(try Set(fishCompletions(sandbox, "pb delete ")) == boards)
    #expect(try Set(fishCompletions(sandbox, "pb group end -p ")) == boards)
    #expect(try fishCompletions(sandbox, "pb paste -t public.html,public.p") == ["public.html,public.plain-text", "public.html,public.png"])
    #expect(try fishCompletions(sandbox, "pb contains public.ima") == ["public.image"])
    #expect(try fishCompletions(sandbox, "pb types --conforming-to public.ima") == ["public.image"])
    #expect(try fishCompletions(sandbox, "pb type public.htm") == ["public.html"])
    #expect(try fishCompletions(sandbox, "pb type --sniff page.") == ["page.html"])
    #expect(try fishCompletions(sandbox, "pb type --sn") == ["--sniff"])
    #expect(try fishCompletions(sandbox, "pb create --un") == ["--unique"])
    #expect(try fishCompletions(sandbox, "pb copy page.") == ["page.html"])
    #expect(try fishCompletions(sandbox, "pb copy -r html=page.") == ["html=page.html"])
    #expect(try fishCompletions(sandbox, "pb re") == ["redo"])
    #expect(try Set(fishCompletions(sandbox, "pb group ")) == ["begin", "end", "run"])
    #expect(try Set(fishCompletions(sandbox, "pb help group ")) == ["begin", "end", "run"])
    #expect(try fishCompletions(sandbox, "pb group run --na") == ["--name"])
    #expect(try Set(fishCompletions(sandbox, "pb publish --selection ")) == ["clipboard", "primary"])
    // A cut is always undoable: --no-undo is not offered (pb cut refuses it with a reason).
    let cut = try Set(fishCompletions(sandbox, "pb cut --"))
    #expect(cut.isSuperset(of: ["--action", "--if-count", "--quiet"]) && !cut.contains("--no-undo"), "\(cut)")
    // The types, indexes and states of the board chosen, every way it can be chosen.
    #expect(try fishCompletions(sandbox, "pb paste -t com.ex").isEmpty, "general has no such type")
    #expect(try fishCompletions(sandbox, "pb paste -p com.example.notes -t public.utf8").contains("public.utf8-plain-text"))
    for choice in ["-pthree", "-p three", "--pasteboard=three", "--pasteboard three"] {
      #expect(try Set(fishCompletions(sandbox, "pb paste \(choice) -i ")) == ["0", "1", "all", "-1"], "\(choice)")
      #expect(try fishCompletions(sandbox, "pb history \(choice) --restore ") == ["0", "1"], "\(choice)")
    }
    // Newest first, as listed, not sorted as text.
    let numbers = try sandbox.pb("history", "--list").lines.map { String($0.prefix { $0 != "\t" }) }
    #expect(numbers == ["0", "1", "2", "3"], "the store's general has states to offer")
    #expect(try fishCompletions(sandbox, "pb history --show ") == numbers)
    // pbcopy and pbpaste: their own options.
    #expect(try Set(fishCompletions(sandbox, "pbpaste -")) == ["-pboard", "-Prefer", "-help"])
    #expect(try Set(fishCompletions(sandbox, "pbcopy -")) == ["-pboard", "-help"])
    #expect(try Set(fishCompletions(sandbox, "pbpaste -pboard ")) == boards)
    // Sourced again as pbcopy.fish, pb.fish adds nothing twice (a Tab would ask pb twice).
    let layout = try fishLayout(sandbox)
    let counts = try sandbox.shell(
      """
      export HOME=\(sandbox.root.path) XDG_CONFIG_HOME=\(sandbox.root.path)/.config PATH=\(layout.path):$PATH
      fish -c 'set -p fish_complete_path $argv[1]; complete -C "pb co" >/dev/null; complete -c pb | count
        complete -C "pbcopy -" >/dev/null; complete -c pb | count' \(layout.completions)
      """)
    #expect(counts.lines.count == 2 && (counts.lines.first.flatMap { Int($0) } ?? 0) > 50, "pb's completions were loaded: \(counts)")
    #expect(Set(counts.lines).count == 1, "pbcopy.fish added pb's completions again: \(counts)")
  }

  @Test("fish offers no board a store folder's name does not hold: a newline in one is no two boards")
  func fishBoardNamesWithNewlines() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-p", "ok-one", stdin: Data("x".utf8)).status == 0)
    for name in ["nl\nx", "trail\n", "\nlead", "sp ace"] {
      try FileManager.default.createDirectory(
        at: sandbox.store.appendingPathComponent("boards").appendingPathComponent(name), withIntermediateDirectories: true)
    }
    #expect(try Set(fishCompletions(sandbox, "pb delete ")) == ["general", "find", "ok-one"])
  }

  @Test("after -- of watch --exec and group run, fish completes a command, then that command's own arguments")
  func fishCommandAfterDashes() throws {
    let sandbox = try boardOfTwo()
    for prefix in ["pb watch --exec --", "pb group run --", "pb group run -p three --"] {
      #expect(try fishCompletions(sandbox, "\(prefix) printen").contains("printenv"), "\(prefix)")
      #expect(try !fishCompletions(sandbox, "\(prefix) pa").contains("page.html"), "files for the command, \(prefix)")
      #expect(try fishCompletions(sandbox, "\(prefix) pb pas") == ["paste"], "\(prefix)")
      #expect(try fishCompletions(sandbox, "\(prefix) cat pa") == ["page.html"], "\(prefix)")
      #expect(try fishCompletions(sandbox, "\(prefix) git com").contains("commit"), "\(prefix)")
      // pb's own options are not offered for the command.
      #expect(try !fishCompletions(sandbox, "\(prefix) cat --").contains("--pasteboard"), "\(prefix)")
    }
  }

  @Test("in an interactive fish, a Tab completes a board, pbpaste's option, and after -- git's own words")
  func fishOnATerminal() throws {
    let sandbox = try boardOfTwo()
    #expect(try fishTab(sandbox, "pb paste -p thr") == "pb paste -p three ")
    #expect(try fishTab(sandbox, "pb paste --pasteboard=thr") == "pb paste --pasteboard=three ")
    #expect(try fishTab(sandbox, "pb pas") == "pb paste ")
    #expect(try fishTab(sandbox, "pbpaste -Pr") == "pbpaste -Prefer ")
    #expect(try fishTab(sandbox, "pb group run -- git com", after: "xyz") == "pb group run -- git commit xyz")
    #expect(try fishTab(sandbox, "pb watch --exec -- cat pa") == "pb watch --exec -- cat page.html ")
  }
}
