import Foundation
import Testing

/// Whose a temporary board is: the shell or script the user means, in bash, zsh and dash,
/// however the command substitution that ran `pb create` was forked.
@Suite("the owner of a temporary board", .tags(.endToEnd))
struct OwnerTests {
  static let shells = ["bash", "zsh", "dash"]

  /// Ways a script takes a board's name; each leaves it in $board. The redirection, the
  /// pipeline and the function keep bash from running pb in place of its subshell.
  static let forms = [
    #"board=$(pb create --unique)"#,
    #"board=$(pb create --unique 2>/dev/null)"#,
    #"board=$(pb create --unique | cat)"#,
    #"board=$( (pb create --unique) )"#,
    #"make() { local made; made=$(pb create --unique 2>/dev/null); echo "$made"; }; board=$(make)"#,
    #"make() { local made=$(pb create --unique 2>/dev/null); echo "$made" > made.txt; }; make; board=$(cat made.txt)"#,
  ]

  /// Says, from the shell itself, whether the board made by `form` is its own.
  static func ownedCheck(_ form: String) -> String {
    """
    \(form)
    pb info -p "$board" --json | tr -d '[:space:]' | grep -q '"pid":'$$'}' && echo "owned by the shell"
    echo "name $board"
    """
  }

  func run(_ shell: String, _ arguments: [String], in sandbox: Sandbox) throws -> Result {
    try sandbox.run("/usr/bin/env", [shell] + arguments, stdin: nil, environment: ["PATH": Sandbox.pathWithPB])
  }

  func boardNames(_ sandbox: Sandbox) throws -> [String] {
    let list = try sandbox.pb("list", "--json")
    let boards = try #require(try sandbox.json(list) as? [[String: Any]], "\(list)")
    return boards.compactMap { $0["name"] as? String }
  }

  func madeBoard(_ result: Result) throws -> String {
    String(try #require(result.lines.last { $0.hasPrefix("name ") }, "\(result)").dropFirst(5))
  }

  @Test("a board made in a command substitution belongs to the shell, with or without redirections, in functions and pipelines",
    arguments: shells, forms)
  func commandSubstitution(shell: String, form: String) throws {
    let sandbox = try Sandbox()
    let result = try run(shell, ["-c", Self.ownedCheck(form)], in: sandbox)
    let board = try madeBoard(result)
    #expect(!board.isEmpty, "\(shell) made a board: \(result)")
    #expect(result.lines.contains("owned by the shell"), "\(shell): \(form): \(result)")
    #expect(try !boardNames(sandbox).contains(board), "\(shell): the board outlived its shell")
  }

  @Test("a script run from a shell owns its boards, not the shell that ran it", arguments: shells)
  func scriptFromShell(shell: String) throws {
    let sandbox = try Sandbox()
    _ = try sandbox.file("script.sh", Self.ownedCheck(#"board=$(pb create --unique 2>/dev/null | cat)"#))
    let outer = """
      \(shell) script.sh > inner.txt
      cat inner.txt
      board=$(sed -n 's/^name //p' inner.txt)
      pb info -p "$board" > /dev/null 2>&1 || echo "gone with the script"
      """
    let result = try run(shell, ["-c", outer], in: sandbox)
    #expect(result.lines.contains("owned by the shell"), "the script's own process owned it: \(result)")
    #expect(try !madeBoard(result).isEmpty, "\(result)")
    #expect(result.lines.contains("gone with the script"), "the board did not outlive the script: \(result)")
  }

  @Test("an interactive shell owns the boards made at its prompt", arguments: shells)
  func interactiveShell(shell: String) throws {
    let sandbox = try Sandbox()
    let options = ["bash": ["--norc", "--noprofile", "-i"], "zsh": ["-f", "-i"], "dash": ["-i"]][shell] ?? []
    let typed = Self.forms.prefix(3).map { form in
      "\(form); pb info -p \"$board\" --json | tr -d '[:space:]' | grep -q '\"pid\":'$$'}' && echo \"owned by $$\"\\n"
    }
    let result = try run(
      "python3", [Sandbox.support("terminal.py")] + typed.flatMap { ["--type", $0] } + ["--type", "exit\\n", "--", shell] + options,
      in: sandbox)
    let owned = result.text.components(separatedBy: "owned by ").dropFirst().filter { $0.first?.isNumber == true }
    #expect(owned.count == 3, "\(shell) owned each board: \(result)")
    #expect(try boardNames(sandbox) == ["find", "general"], "the boards went with the shell")
  }

  /// A server that forks a worker per job, as cron and preforking servers do: the worker is
  /// a copy of the server, but no subshell, and the job's board must end with the job.
  @Test("a board made by a forked worker that is no shell goes with the worker, not with the server that forked it")
  func forkedWorker() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.file(
      "server.py",
      """
      import json, os, subprocess
      worker = os.fork()
      if worker == 0:
          board = subprocess.run(["pb", "create", "--unique"], capture_output=True, text=True).stdout.strip()
          info = json.loads(subprocess.run(["pb", "info", "-p", board, "--json"], capture_output=True, text=True).stdout)
          print("made", board, "owned by", "the worker" if info["owner"]["pid"] == os.getpid() else "the server", flush=True)
          os._exit(0)
      os.waitpid(worker, 0)
      names = [b["name"] for b in json.loads(subprocess.run(["pb", "list", "--json"], capture_output=True, text=True).stdout)]
      print("boards after the worker:", " ".join(names), flush=True)
      """)
    let result = try run("python3", ["server.py"], in: sandbox)
    let made = try #require(result.lines.first { $0.hasPrefix("made pb.") }, "the worker made a board: \(result)")
    #expect(made.hasSuffix("owned by the worker"), "\(result)")
    #expect(result.lines.contains("boards after the worker: find general"), "the board outlived its worker: \(result)")
  }

  /// pb whose parent is init, orphaned or started by it: a board owned by init, which
  /// never exits, never went away.
  @Test("pb create run with init as its parent refuses to make a temporary board that nothing would end")
  func orphanedCreate() throws {
    let sandbox = try Sandbox()
    // setsid -f's child waits until setsid has exited, which gives it another parent.
    let script = """
      setsid -f bash -c 'until [ "$(cat /proc/$(cut -d" " -f4 /proc/$$/stat)/comm)" != setsid ]; do :; done
        cut -d" " -f4 /proc/$$/stat > parent.txt; exec pb create orphan 2> err.txt'
      """
    _ = try sandbox.shell(script)
    let errors = sandbox.root.appendingPathComponent("err.txt")
    // pb refused (one line), or made the board.
    try #require(
      waitUntil(seconds: 20) { (try? Data(contentsOf: errors))?.isEmpty == false || (try? boardNames(sandbox).contains("orphan")) == true },
      "pb create neither refused nor made the board")
    let parent = try String(contentsOf: sandbox.root.appendingPathComponent("parent.txt"), encoding: .utf8)
    // Under a subreaper (some containers) the orphan's parent is another process.
    guard parent == "1\n" else { return }
    let error = (try? String(contentsOf: sandbox.root.appendingPathComponent("err.txt"), encoding: .utf8)) ?? ""
    #expect(try !boardNames(sandbox).contains("orphan"), "a board owned by init was made: \(error)")
    #expect(error.contains("give --owner a running process's PID, or --persistent"), "\(error)")
  }
}
