import Foundation
import Testing

@testable import pb

/// The man page and the completions are checked against the binary, so they cannot drift.
@Suite("docs and completions", .tags(.endToEnd))
struct DocsTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  struct Command {
    var name: String  // as typed after pb: "copy", "group begin"
    var options: [String]  // as typed: -p, --pasteboard
    var valued: [String] = []  // the options that take a value
    var flags: [String] = []
    /// Each option the help shows, as its names (`["-p", "--pasteboard"]`); not those
    /// hidden from help, which are undocumented on purpose.
    var shown: [[String]] = []

    /// The word completion offers for it: the last one.
    var word: String { String(name.split(separator: " ").last ?? "") }
  }

  /// The subcommands and options `pb --experimental-dump-help` reports.
  static func commands() throws -> [Command] {
    let sandbox = try Sandbox()
    let dump = try sandbox.pb("--experimental-dump-help")
    let root = try #require((try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])?["command"] as? [String: Any])
    func names(_ argument: [String: Any]) -> [String] {
      (argument["names"] as? [[String: String]] ?? []).compactMap { name in
        switch name["kind"] {
        case "short": "-" + (name["name"] ?? "")
        case "long": "--" + (name["name"] ?? "")
        default: nil
        }
      }
    }
    func options(_ command: [String: Any], kind: String? = nil) -> [String] {
      let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { kind == nil || $0["kind"] as? String == kind }
      return arguments.flatMap(names)
    }
    func shown(_ command: [String: Any]) -> [[String]] {
      (command["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }.map(names).filter { !$0.isEmpty }
    }
    func commands(under command: [String: Any], prefix: String) -> [Command] {
      (command["subcommands"] as? [[String: Any]] ?? []).flatMap { subcommand in
        let name = prefix + (subcommand["commandName"] as? String ?? "")
        let command = Command(
          name: name, options: options(subcommand), valued: options(subcommand, kind: "option"),
          flags: options(subcommand, kind: "flag"), shown: shown(subcommand))
        return [command] + commands(under: subcommand, prefix: name + " ")
      }
    }
    return [Command(name: "pb", options: options(root))] + commands(under: root, prefix: "")
  }

  @Test("every subcommand and option is in the man page and in the three completion scripts, each option with its command")
  func everythingDocumented() throws {
    let manual = try Self.read("man/pb.1")
    let bash = try Self.read("completions/pb.bash")
    let zsh = try Self.read("completions/_pb")
    let fish = try Self.read("completions/pb.fish")
    let fishOptions = Self.fishOptions(fish)
    let fishOffers = { (command: String, option: String) in
      fishOptions[command, default: []].union(fishOptions["every command", default: []]).contains(option)
    }
    let commands = try Self.commands()
    #expect(commands.count >= 9)
    let synopsis = Self.synopsisOptions(manual)
    let described = Self.describedOptions(manual)
    let bashOptions = Self.bashOptions(bash)
    for command in commands where command.name != "pb" {
      #expect(manual.contains(".Cm \(command.name)") || manual.contains("Cm \(command.name) "), "man page lacks \(command.name)")
      #expect(bash.contains(command.word), "bash completion lacks \(command.name)")
      #expect(zsh.contains("'\(command.word):") || zsh.contains("(\(command.word)"), "zsh completion lacks \(command.name)")
      #expect(fish.contains("-a \(command.word) ") || fish.contains("-a '\(command.word) "), "fish completion lacks \(command.name)")
      guard command.name != "help" else { continue }
      let zshArm = Self.zshArm(zsh, command.name)
      #expect(zshArm != nil, "zsh completion has no case for \(command.name)")
      // Help and version are the root parser's, offered alike for every command.
      for names in command.shown where !names.contains("--help") && !names.contains("--version") {
        let long = names.first { $0.hasPrefix("--") }
        let short = names.first { !$0.hasPrefix("--") }
        let shown = "\(names.joined(separator: "/")) of \(command.name)"
        // The synopsis gives an option by its short name when it has one.
        #expect(synopsis[command.name]?.contains(short ?? long ?? "") == true, "man SYNOPSIS lacks \(shown)")
        // Its entry names the short and the long name together.
        #expect(described.contains { Set(names).isSubset(of: $0) }, "man page has no entry naming \(shown) together")
        for name in names {
          #expect(bashOptions[command.name]?.contains(name) == true, "bash completion lacks \(name) of \(command.name)")
          #expect(zshArm.map { Self.zshOffers($0, name) } == true, "zsh completion lacks \(name) of \(command.name)")
          #expect(fishOffers(command.name, name), "fish completion lacks \(name) of \(command.name)")
        }
      }
    }
    for option in commands.first(where: { $0.name == "pb" })?.options ?? [] {
      #expect(manual.contains("Fl " + option.dropFirst()), "man page lacks \(option) of pb")
      #expect(bash.contains(option), "bash completion lacks \(option)")
      #expect(zsh.contains(option), "zsh completion lacks \(option)")
      #expect(fishOffers("pb", option), "fish completion lacks \(option)")
    }
  }

  /// The options fish completion offers each command, from its `complete -c pb` lines:
  /// `-n '__pb_using copy "group run"'` names the commands (none but the root's
  /// `__pb_needs_command`, or a line for every command), `-s p` is -p, `-l pasteboard` is
  /// --pasteboard.
  static func fishOptions(_ script: String) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for line in script.split(separator: "\n") where line.hasPrefix("complete -c pb ") {
      let options = line.matches(of: #/ -(s|l) ([A-Za-z0-9][A-Za-z0-9-]*)/#).map { ($0.1 == "s" ? "-" : "--") + $0.2 }
      let commands: [String]
      if let using = line.firstMatch(of: #/-n '__pb_using ([^;']*)/#) {
        commands = using.1.matches(of: #/"([^"]+)"|([^ "]+)/#).map { String($0.1 ?? $0.2 ?? "") }
      } else if line.contains("-n __pb_needs_command") {
        commands = ["pb"]
      } else {
        commands = ["every command"]
      }
      for command in commands { result[command, default: []].formUnion(options) }
    }
    return result
  }

  /// The options each command's SYNOPSIS lines give (`.Nm` then `.Cm NAME`): `Fl -json`
  /// is --json, `Fl anq` is -a, -n and -q.
  static func synopsisOptions(_ manual: String) -> [String: Set<String>] {
    guard let start = manual.range(of: ".Sh SYNOPSIS\n"), let end = manual.range(of: "\n.Sh DESCRIPTION") else { return [:] }
    var result: [String: Set<String>] = [:]
    for block in manual[start.upperBound..<end.lowerBound].components(separatedBy: ".Nm\n") {
      let lines = block.split(separator: "\n")
      guard let first = lines.first, first.hasPrefix(".Cm ") else { continue }
      let name = String(first.dropFirst(4))
      result[name, default: []].formUnion(lines.flatMap(flagNames))
    }
    return result
  }

  /// The options an mdoc line names after `Fl`.
  static func flagNames(_ line: Substring) -> [String] {
    let words = line.split(separator: " ")
    return words.indices.dropLast().filter { words[$0] == "Fl" || words[$0] == ".Fl" }.flatMap { index in
      let flag = words[index + 1]
      return flag.hasPrefix("-") ? ["-" + flag] : flag.map { "-\($0)" }
    }
  }

  /// The names each `.It` entry of the man page gives together.
  static func describedOptions(_ manual: String) -> [Set<String>] {
    manual.split(separator: "\n").filter { $0.hasPrefix(".It ") }.map { Set(flagNames($0)) }
  }

  /// The options bash completion offers each command, from its `options="..."` lines.
  static func bashOptions(_ script: String) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for line in script.split(separator: "\n") {
      guard let match = line.wholeMatch(of: #/\s*(.+?)\) options="([^"]*)" ;;/#) else { continue }
      for pattern in match.1.split(separator: " | ") {
        result[pattern.trimmingCharacters(in: CharacterSet(charactersIn: "\""))] = Set(match.2.split(separator: " ").map(String.init))
      }
    }
    return result
  }

  /// The arm of zsh completion's `case $words[1]` for a command (`group begin`: the arm
  /// `begin` inside the arm `group`), with the option arrays it uses written out.
  static func zshArm(_ script: String, _ command: String) -> String? {
    var text = Substring(script)
    for word in command.split(separator: " ") {
      guard let arm = zshCaseArm(text, String(word)) else { return nil }
      text = arm
    }
    var arm = String(text)
    // Each definition ends where the next one or the function's first blank line starts.
    for reference in arm.matches(of: #/"\$(\w+)\[@\]"/#) {
      guard let start = script.range(of: "local -a \(reference.1)=(") else { continue }
      let rest = script[start.upperBound...]
      let end = [rest.range(of: "\n  local ")?.lowerBound, rest.range(of: "\n\n")?.lowerBound].compactMap { $0 }.min() ?? rest.endIndex
      arm += "\n" + rest[..<end]
    }
    return arm
  }

  /// The text of the case arm `word)` (or `a | word)`) in `text`: up to its `;;`.
  static func zshCaseArm(_ text: Substring, _ word: String) -> Substring? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      guard let match = line.wholeMatch(of: #/(\s*)([a-z|\- ]+)\)(.*)/#),
        match.2.split(separator: "|").contains(where: { $0.trimmingCharacters(in: .whitespaces) == word })
      else { continue }
      if match.3.hasSuffix(";;") { return match.3 }
      let end = lines[(index + 1)...].firstIndex { $0 == match.1 + "  ;;" } ?? lines.endIndex
      return Substring(lines[index..<end].joined(separator: "\n"))
    }
    return nil
  }

  /// Whether a zsh `_arguments` spec offers the option: `{-p+,--pasteboard=}`, `'--json[`,
  /// not the exclusion list `'(-p --pasteboard)'`.
  static func zshOffers(_ arm: String, _ option: String) -> Bool {
    let spec = "[{,'\"\\s)]" + NSRegularExpression.escapedPattern(for: option) + "[+=\\[,}]"
    return (try? Regex(spec)).map { arm.contains($0) } ?? false
  }


  @Test("docs/architecture.md shows PasteboardKit's folder graph as the code has it, and it has no loop")
  func folderGraph() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      "/usr/bin/env",
      ["python3", Self.repository.appendingPathComponent("scripts/layers.py").path, "--check",
        Self.repository.appendingPathComponent("docs/architecture.md").path], stdin: nil, environment: [:])
    #expect(try Self.read("docs/architecture.md").contains("<!-- layers:PasteboardKit -->"), "the graph is shown")
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
  }

  @Test("every test suite carries a tag, so that scripts/test --tags and --skip-tags together run it")
  func everySuiteTagged() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      "/usr/bin/env", ["python3", Self.repository.appendingPathComponent("scripts/tagged-suites.py").path, "--untagged"],
      stdin: nil, environment: [:])
    #expect(result.status == 0 && result.text.isEmpty, "untagged: \(result.text)\(result.stderr)")
  }

  @Test("the man page passes mandoc's lint")
  func manualLints() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("/usr/bin/env", ["mandoc", "-T", "lint", "-W", "warning", Self.repository.appendingPathComponent("man/pb.1").path], stdin: nil, environment: [:])
    #expect(result.status == 0 && result.text.isEmpty && result.stderr.isEmpty, "\(result)")
    // mandoc's style check: source lines stay within 80 columns.
    let style = try sandbox.run(
      "/usr/bin/env", ["mandoc", "-T", "lint", "-W", "style", Self.repository.appendingPathComponent("man/pb.1").path], stdin: nil,
      environment: [:])
    let long = (style.text + style.stderr).split(separator: "\n").filter { $0.contains("longer than 80") }
    #expect(long.isEmpty, "\(long)")
    #expect(try Self.read("man/pb.1").contains(".It Pa $PB_DIR/boards/ Ns Ar name Ns Pa /trash/"), "FILES names trash/")
  }

  /// What bash completion offers for the words typed so far (the last one being completed).
  func bashCompletions(_ sandbox: Sandbox, _ words: [String]) throws -> [String] {
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let script = """
      source \(Self.repository.appendingPathComponent("completions/pb.bash").path)
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _pb; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try sandbox.shell("export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path); cd \(sandbox.root.path); " + script)
    #expect(result.status == 0, "\(result)")
    return result.lines.filter { !$0.isEmpty }
  }

  /// The matches a Tab after `line` gives in a real zsh; HOME is the sandbox (its .ssh
  /// gives the hosts), `setup` runs first (exports), `mode` is complete.zsh's option.
  func zshCompletions(_ sandbox: Sandbox, _ line: String, setup: String = "", mode: String = "") throws -> [String] {
    let driver = Self.repository.appendingPathComponent("Tests/pbTests/Support/complete.zsh").path
    let completions = Self.repository.appendingPathComponent("completions").path
    let result = try sandbox.shell(
      "export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path)\n\(setup)\ncd \(sandbox.root.path); zsh \(driver) \(completions) '\(line)' \(mode)")
    #expect(result.status == 0, "\(result)")
    return result.lines.filter { !$0.isEmpty }
  }

  /// A store with a board of one's own and an item holding HTML and a PNG.
  func populated() throws -> Sandbox {
    let sandbox = try Sandbox()
    let html = try sandbox.file("page.html", "<p>x</p>")
    #expect(try sandbox.pb("copy", "-r", "public.html=\(html)", "-r", SystemSamples.png).status == 0)
    #expect(try sandbox.pb("copy", "-p", "com.example.notes", stdin: Data("n".utf8)).status == 0)
    return sandbox
  }

  @Test("bash completes subcommands, options, pasteboard names and types")
  func bash() throws {
    let sandbox = try populated()
    #expect(try bashCompletions(sandbox, ["pb", "co"]) == ["copy", "contains", "count"])
    #expect(try Set(bashCompletions(sandbox, ["pb", "paste", "--"])).isSuperset(of: ["--pasteboard", "--items", "--type", "--delimiter", "--null", "--output", "--json", "--help"]))
    #expect(try bashCompletions(sandbox, ["pb", "paste", "-p", ""]) == ["com.example.notes", "find", "general"])
    let types = try bashCompletions(sandbox, ["pb", "paste", "-t", "public.h"])
    #expect(types == ["public.html"])
    #expect(try bashCompletions(sandbox, ["pb", "paste", "-t", "public.html,public.p"]) == ["public.html,public.plain-text", "public.html,public.png"])
    #expect(try bashCompletions(sandbox, ["pb", "contains", "public.ima"]) == ["public.image"])
    #expect(try bashCompletions(sandbox, ["pb", "copy", "page."]) == ["page.html"])
    #expect(try bashCompletions(sandbox, ["pb", "types", "--con"]) == ["--conforming-to"])
    #expect(try bashCompletions(sandbox, ["pb", "type", "public.htm"]) == ["public.html"])
    #expect(try bashCompletions(sandbox, ["pb", "type", "--sniff", "page."]) == ["page.html"])
    #expect(try bashCompletions(sandbox, ["pb", "delete", ""]) == ["com.example.notes", "find", "general"])
    #expect(try bashCompletions(sandbox, ["pb", "create", "--u"]) == ["--unique"])
    #expect(try Set(bashCompletions(sandbox, ["pb", "wait", "--"])).isSuperset(of: ["--since", "--timeout", "--pasteboard"]))
    #expect(try Set(bashCompletions(sandbox, ["pb", "copy", "--"])).isSuperset(of: ["--expire", "--concealed", "--if-count"]))
    #expect(try bashCompletions(sandbox, ["pb", "watch", "-p", "com.ex"]) == ["com.example.notes"])
    #expect(try bashCompletions(sandbox, ["pb", "watch", "--exec", "--", "wc"]).contains("wc"))
    #expect(try bashCompletions(sandbox, ["pb", "re"]) == ["redo"])
    #expect(try bashCompletions(sandbox, ["pb", "group", ""]) == ["begin", "end", "run", "--help"])
    #expect(try Set(bashCompletions(sandbox, ["pb", "group", "run", "--"])).isSuperset(of: ["--name", "--pasteboard"]))
    #expect(try bashCompletions(sandbox, ["pb", "group", "run", "--name", "x", "--", "wc"]).contains("wc"))
    #expect(try bashCompletions(sandbox, ["pb", "group", "begin", "-p", "com.ex"]) == ["com.example.notes"])
    #expect(try Set(bashCompletions(sandbox, ["pb", "history", "--"])).isSuperset(of: ["--levels", "--clear", "--json"]))
    // A cut is always undoable: --no-undo is not offered (pb cut refuses it with a reason).
    let bashCut = try Set(bashCompletions(sandbox, ["pb", "cut", "--"]))
    #expect(bashCut.isSuperset(of: ["--action", "--if-count", "--quiet"]) && !bashCut.contains("--no-undo"), "\(bashCut)")
    #expect(try bashCompletions(sandbox, ["pb", "cut", "-p", "general", "page."]) == ["page.html"])
    #expect(try bashCompletions(sandbox, ["pb", "undo", "-p", "com.ex"]) == ["com.example.notes"])
  }

  @Test("both shells complete types and indexes of the pasteboard -p names, in any position, and after '='")
  func completionsFollowThePasteboard() throws {
    let sandbox = try populated()
    let item = try sandbox.file("item.txt", "x")
    #expect(try sandbox.pb("copy", "-p", "special", "-t", "com.example.special", item).status == 0)
    #expect(try sandbox.pb("copy", "-p", "three", item, item, item).status == 0)
    // Types of the board -p names, not of general.
    #expect(try bashCompletions(sandbox, ["pb", "contains", "-p", "special", "com.ex"]) == ["com.example.special"])
    #expect(try bashCompletions(sandbox, ["pb", "paste", "-p", "special", "-t", "com.ex"]) == ["com.example.special"])
    #expect(try bashCompletions(sandbox, ["pb", "copy", "-a", "-p", "special", "-t", "com.ex"]) == ["com.example.special"])
    #expect(try bashCompletions(sandbox, ["pb", "paste", "-t", "com.ex"]).isEmpty, "general has no such type")
    #expect(try zshCompletions(sandbox, "pb contains -p special com.ex") == ["com.example.special"])
    #expect(try zshCompletions(sandbox, "pb paste -p special -t com.ex") == ["com.example.special"])
    #expect(try zshCompletions(sandbox, "pb copy -p special -t com.ex") == ["com.example.special"])
    #expect(try zshCompletions(sandbox, "pb contains com.ex").isEmpty, "general has no such type")
    // Every index of the board, all, and -1.
    let three = ["0", "1", "2", "all", "-1"]
    #expect(try Set(bashCompletions(sandbox, ["pb", "paste", "-p", "three", "-i", ""])) == Set(three))
    #expect(try Set(bashCompletions(sandbox, ["pb", "paste", "-t", "public.text", "-p", "three", "-i", ""])) == Set(three))
    #expect(try Set(bashCompletions(sandbox, ["pb", "types", "-i", ""])) == ["0", "all", "-1"], "general holds one item")
    #expect(try Set(zshCompletions(sandbox, "pb paste -p three -i ")) == Set(three))
    #expect(try Set(zshCompletions(sandbox, "pb items -t x -p three -i ").filter { !$0.isEmpty }).isSubset(of: Set(three)))
    #expect(try Set(zshCompletions(sandbox, "pb types -p three -i ")) == Set(three))
    // bash breaks words at '=': `-r png=` and `--pasteboard=` with the cursor after it;
    // readline replaces only what follows the '=', so no reply carries it.
    #expect(try bashCompletions(sandbox, ["pb", "copy", "-r", "png", "="]).contains("page.html"))
    #expect(try bashCompletions(sandbox, ["pb", "copy", "-r", "png", "=", "pa"]) == ["page.html"])
    #expect(try bashCompletions(sandbox, ["pb", "copy", "-a", "-r", "=", "item"]) == ["item.txt"])
    #expect(try bashCompletions(sandbox, ["pb", "info", "--pasteboard", "="]).contains("special"))
    #expect(try bashCompletions(sandbox, ["pb", "info", "--pasteboard", "=", "thr"]) == ["three"])
    #expect(try zshCompletions(sandbox, "pb copy -r png=pa") == ["page.html"])
    #expect(try zshCompletions(sandbox, "pb copy -a -r html=pa -r ite") == ["item.txt"])
  }

  @Test("zsh completes subcommands, options, pasteboard names and types")
  func zsh() throws {
    let sandbox = try populated()
    #expect(try Set(zshCompletions(sandbox, "pb co")) == ["copy", "contains", "count"])
    #expect(try Set(zshCompletions(sandbox, "pb paste --")).isSuperset(of: ["--pasteboard", "--items", "--type", "--delimiter", "--null", "--output", "--json"]))
    #expect(try Set(zshCompletions(sandbox, "pb info -p ")) == ["com.example.notes", "find", "general"])
    #expect(try Set(zshCompletions(sandbox, "pb paste -t public.html,public.p")) == ["public.plain-text", "public.png"])
    #expect(try zshCompletions(sandbox, "pb contains public.ima") == ["public.image"])
    #expect(try zshCompletions(sandbox, "pb type --sn") == ["--sniff"])
    #expect(try zshCompletions(sandbox, "pb types --conforming-to public.ima") == ["public.image"])
    #expect(try Set(zshCompletions(sandbox, "pb delete ")) == ["com.example.notes", "find", "general"])
    #expect(try zshCompletions(sandbox, "pb create --un") == ["--unique"])
    #expect(try Set(zshCompletions(sandbox, "pb wait --")).isSuperset(of: ["--since", "--timeout", "--pasteboard"]))
    #expect(try zshCompletions(sandbox, "pb watch --ex") == ["--exec"])
    #expect(try Set(zshCompletions(sandbox, "pb copy --")).isSuperset(of: ["--expire", "--concealed", "--if-count", "--action", "--no-undo"]))
    #expect(try zshCompletions(sandbox, "pb re") == ["redo"])
    #expect(try Set(zshCompletions(sandbox, "pb group ")) == ["begin", "end", "run"])
    // Held first so that a failure shows what zsh offered (a `try` inside #expect hides it).
    let groupRunOptions = try zshCompletions(sandbox, "pb group run --na")
    #expect(groupRunOptions == ["--name"])
    #expect(try Set(zshCompletions(sandbox, "pb group end -p ")) == ["com.example.notes", "find", "general"])
    #expect(try Set(zshCompletions(sandbox, "pb history --")).isSuperset(of: ["--levels", "--clear", "--json", "--pasteboard"]))
    let zshCut = try Set(zshCompletions(sandbox, "pb cut --"))
    #expect(zshCut.isSuperset(of: ["--action", "--if-count", "--quiet"]) && !zshCut.contains("--no-undo"), "\(zshCut)")
    #expect(try zshCompletions(sandbox, "pb cut page.") == ["page.html"])
    #expect(try Set(zshCompletions(sandbox, "pb undo -p ")) == ["com.example.notes", "find", "general"])
  }
}
