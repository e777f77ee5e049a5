import Foundation
import Testing

/// Completion as a user meets it: a line typed in a real bash or zsh, then a Tab.
extension DocsTests {
  struct Tab {
    var offered: [String]
    /// The line as the Tab left it (bash only).
    var line: String
  }

  /// What a Tab after `line` offers in a real interactive bash, and the line it leaves
  /// once `after` is typed after the Tab; HOME is the sandbox (its .ssh gives the hosts),
  /// `setup` runs first (exports).
  func bashTab(_ sandbox: Sandbox, _ line: String, after: String = "", setup: String = "") throws -> Tab {
    let driver = Sandbox.support("complete_bash.py")
    let script = Self.repository.appendingPathComponent("completions/pb.bash").path
    let quoted = [line, after].map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let result = try sandbox.shell(
      "export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path)\n\(setup)\ncd \(sandbox.root.path); python3 \(driver) \(script) \(quoted)")
    #expect(result.status == 0, "\(result)")
    let lines = result.lines
    return Tab(
      offered: lines.filter { $0.hasPrefix("<M>") }.map { String($0.dropFirst(3)) },
      line: lines.last { $0.hasPrefix("<LINE>") }.map { String($0.dropFirst(6)) } ?? "")
  }

  /// A store whose general holds one item, three two, and a file page.html beside it.
  func boardOfTwo() throws -> Sandbox {
    let sandbox = try populated()
    #expect(try sandbox.pb("copy", "-p", "three", stdin: Data("x".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-a", "-p", "three", stdin: Data("y".utf8)).status == 0)
    return sandbox
  }

  @Test("in bash, a Tab right after '=' completes the value and inserts no '\\='")
  func bashAfterEquals() throws {
    let sandbox = try boardOfTwo()
    for line in ["pb paste --pasteboard=", "pb paste --type=", "pb copy -r html=", "pb publish --selection="] {
      let tab = try bashTab(sandbox, line)
      #expect(tab.line == line, "the Tab inserted something: \(tab)")
      #expect(!tab.offered.isEmpty && !tab.offered.contains { $0.hasPrefix("=") }, "\(line): \(tab)")
    }
    #expect(try bashTab(sandbox, "pb paste --pasteboard=").offered.contains("three"))
    #expect(try bashTab(sandbox, "pb paste --type=").offered.contains("public.html"))
    #expect(try bashTab(sandbox, "pb copy -r html=").offered.contains("page.html"))
    #expect(try bashTab(sandbox, "pb paste --pasteboard=thr").line == "pb paste --pasteboard=three ")
    #expect(try bashTab(sandbox, "pb paste --type=public.ht").line == "pb paste --type=public.html ")
    #expect(try bashTab(sandbox, "pb copy -r html=pa").line == "pb copy -r html=page.html ")
    #expect(try bashTab(sandbox, "pb copy -r pa").line == "pb copy -r page.html ")
    #expect(try bashTab(sandbox, "pb publish --selection=pr").line == "pb publish --selection=primary ")
  }

  @Test("both shells complete the indexes of the board chosen as -pNAME, -p NAME, --pasteboard=NAME or --pasteboard NAME")
  func indexesOfTheChosenBoard() throws {
    let sandbox = try boardOfTwo()
    let two = Set(["0", "1", "all", "-1"])
    for choice in ["-pthree", "-p three", "--pasteboard=three", "--pasteboard three"] {
      #expect(try Set(bashTab(sandbox, "pb paste \(choice) -i ").offered) == two, "bash, \(choice)")
      #expect(try Set(zshCompletions(sandbox, "pb paste \(choice) -i ")) == two, "zsh, \(choice)")
    }
  }

  @Test("both shells complete pb help group with group's subcommands")
  func helpOfGroup() throws {
    let sandbox = try boardOfTwo()
    #expect(try Set(bashTab(sandbox, "pb help group ").offered) == ["begin", "end", "run"])
    #expect(try Set(zshCompletions(sandbox, "pb help group ")) == ["begin", "end", "run"])
    #expect(try bashTab(sandbox, "pb help pas").line == "pb help paste ")
  }

  @Test("after -- of watch --exec and group run, both shells complete a command, then that command's own arguments")
  func commandAfterDashes() throws {
    let sandbox = try boardOfTwo()
    for prefix in ["pb watch --exec --", "pb group run --", "pb group run -p three --"] {
      #expect(try bashTab(sandbox, "\(prefix) printen").offered.contains("printenv"), "bash, \(prefix)")
      #expect(try zshCompletions(sandbox, "\(prefix) printen").contains("printenv"), "zsh, \(prefix)")
      #expect(try !zshCompletions(sandbox, "\(prefix) pa").contains("page.html"), "zsh offers files for the command, \(prefix)")
      // The command's own completion: pb's, here.
      #expect(try bashTab(sandbox, "\(prefix) pb pas").line == "\(prefix) pb paste ", "bash, \(prefix)")
      #expect(try zshCompletions(sandbox, "\(prefix) pb pas") == ["paste"], "zsh, \(prefix)")
      #expect(try bashTab(sandbox, "\(prefix) cat pa").line == "\(prefix) cat page.html ", "bash, \(prefix)")
    }
  }

  /// git's completion ends a reply with a space of its own (it sets nospace); pb's
  /// -o filenames quoted that space, and what was typed next joined the word: commit\\ xyz.
  @Test("after -- in bash, a command's own completion keeps its options: git com<Tab>xyz reads git commit xyz")
  func commandKeepsItsOwnOptions() throws {
    let sandbox = try boardOfTwo()
    for prefix in ["pb group run --", "pb watch --exec --", "pb group run --name x --"] {
      let tab = try bashTab(sandbox, "\(prefix) git com", after: "xyz")
      #expect(tab.offered == ["commit "], "git's completion answered, \(prefix): \(tab)")
      #expect(tab.line == "\(prefix) git commit xyz", "\(prefix): \(tab)")
    }
    // Files still come quoted as files: the command's completion asks for it.
    _ = try sandbox.file("two words.txt", "x")
    #expect(try bashTab(sandbox, "pb group run -- cat two").line == "pb group run -- cat two\\ words.txt ")
  }

  /// zsh runs the file's body once, on the first Tab; the _pb it defines then answers
  /// every later Tab, for pbcopy and pbpaste too.
  @Test("zsh completes pbcopy and pbpaste with their own options on every Tab of a session, not pb's")
  func macOSNamesOnEveryTab() throws {
    let sandbox = try boardOfTwo()
    let first = try Set(zshCompletions(sandbox, "pbpaste -"))
    #expect(first == ["-pboard", "-Prefer", "-help"], "the first Tab: \(first)")
    let second = try Set(zshCompletions(sandbox, "pbpaste -", mode: "--again"))
    #expect(second == ["-pboard", "-Prefer", "-help"], "the second Tab: \(second)")
    let copy = try Set(zshCompletions(sandbox, "pbcopy -", mode: "--again"))
    #expect(copy == ["-pboard", "-help"], "the second Tab: \(copy)")
    // And pb's after pbpaste's, in the same session.
    #expect(try Set(zshCompletions(sandbox, "pb co", mode: "--again")) == ["copy", "contains", "count"])
  }

  /// bash's compgen -W expands the words it is given, so a folder named $(cmd) in the store
  /// (a restored backup, or the store of another user whose PB_DIR root uses) ran cmd.
  @Test("a Tab never runs a command named by a folder of the store, in bash or zsh, and offers only names pb takes")
  func plantedFolderNames() throws {
    let sandbox = try boardOfTwo()
    let boards = sandbox.store.appendingPathComponent("boards")
    for name in ["$(touch ran-dollar)", "`touch ran-backtick`", "a b", "$HOME"] {
      try FileManager.default.createDirectory(at: boards.appendingPathComponent(name), withIntermediateDirectories: false)
    }
    for line in ["pb delete ", "pb paste -p ", "pbpaste -pboard "] {
      // The bash driver types at pb; pbpaste's function is the same _pb_boards.
      if line.hasPrefix("pb ") {
        let bash = try bashTab(sandbox, line).offered
        #expect(bash.contains("three"), "bash offers the boards after \(line): \(bash)")
        #expect(Set(bash).isSubset(of: ["general", "find", "three", "com.example.notes"]), "bash after \(line): \(bash)")
      }
      let zsh = try zshCompletions(sandbox, line)
      #expect(zsh.contains("three"), "zsh offers the boards after \(line): \(zsh)")
      #expect(Set(zsh).isSubset(of: ["general", "find", "three", "com.example.notes"]), "zsh after \(line): \(zsh)")
    }
    let ran = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("ran-") }
    #expect(ran.isEmpty, "a Tab ran a folder's name: \(ran)")
  }
}
