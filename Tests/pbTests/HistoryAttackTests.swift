import Foundation
import Testing

/// Undo, redo and recovery as an attacker tries them: names that do not fit, every name
/// beside a file taken, planted journals and redo entries naming a user's file, hard
/// links, times far from 1970, a umask that leaves nothing writable.
@Suite("history under attack", .tags(.endToEnd))
struct HistoryAttackTests {
  var board: (Sandbox) -> URL = { $0.store.appendingPathComponent("boards/general") }

  /// The current history of general, as JSON.
  func history(_ sandbox: Sandbox) throws -> [String: Any] {
    let url = board(sandbox).appendingPathComponent("history/\(try sandbox.changeCount()).json")
    return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
  }

  /// The first cut file of the top entry of `stack`.
  func cutFile(_ sandbox: Sandbox, stack: String = "undo") throws -> [String: Any] {
    let entries = try history(sandbox)[stack] as? [[String: Any]] ?? []
    let cut = (entries.last?["cutFiles"] as? [[String: Any]])?.first
    return try #require(cut, "the history holds a cut: \(entries)")
  }

  func identity(_ path: String) -> [String: Any] {
    var status = stat()
    stat(path, &status)
    return [
      "device": Int(status.st_dev), "inode": Int(status.st_ino), "size": Int(status.st_size),
      "modified": Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec),
      "changed": Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec),
    ]
  }

  func plantJournal(_ sandbox: Sandbox, operation: String, from: Int, steps: [[String: Any]]) throws {
    let plan: [String: Any] = ["format": 4, "operation": operation, "from": from, "to": from + 1, "steps": steps]
    var bytes = try JSONSerialization.data(withJSONObject: plan, options: [.sortedKeys])
    bytes.append(0x0A)
    try bytes.write(to: board(sandbox).appendingPathComponent("journal"))
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func hiddenFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") && $0.contains(".pb-") }
  }

  @Test("a name too long for NAME.restored goes back beside the newcomer under a shortened one")
  func longNameBesideANewcomer() throws {
    let sandbox = try Sandbox()
    let name = String(repeating: "n", count: 250)
    let path = try sandbox.file(name, "original")
    #expect(try sandbox.pb("cut", name).status == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
    _ = try sandbox.file(name, "newcomer")
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0, "\(undo)")
    let restored = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasSuffix(".restored") }
    #expect(restored.count == 1 && restored.allSatisfy { $0.utf8.count <= 255 && $0.hasPrefix("nnnn") }, "\(restored)")
    #expect(restored.first.map { contents(sandbox.root.appendingPathComponent($0).path) } == "original")
    #expect(contents(path) == "newcomer")
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 0, "redo takes the shortened name again: \(redo)")
    #expect(try sandbox.pb("paste").text == "original")
  }

  @Test("every name beside a newcomer taken: undo is refused before it commits, and nothing is lost")
  func noFreeName() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("n.txt", "original")
    #expect(try sandbox.pb("cut", "n.txt").status == 0)
    let count = try sandbox.changeCount()
    _ = try sandbox.file("n.txt", "newcomer")
    _ = try sandbox.file("n.txt.restored", "taken")
    for suffix in 2..<100 { _ = try sandbox.file("n.txt.restored-\(suffix)", "taken") }
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 73 && undo.stderr.contains("move") && undo.stderr.split(separator: "\n").count == 1, "\(undo)")
    #expect(try sandbox.changeCount() == count, "nothing was undone")
    #expect(try hiddenFiles(in: sandbox.root).isEmpty)
    #expect(try sandbox.pb("paste").text == "original", "the bytes are on the board")
    #expect(try sandbox.pb("copy", stdin: Data("other".utf8)).status == 0)
    #expect(try sandbox.pb("undo").status == 0, "undoing the copy gives the cut's state again")
    try FileManager.default.removeItem(atPath: path + ".restored-50")
    let again = try sandbox.pb("undo")
    #expect(again.status == 0, "\(again)")
    #expect(contents(path + ".restored-50") == "original")
  }

  @Test("a planted journal naming a file no cut took refuses (70) in one line and removes nothing")
  func plantedJournalNamingAVictim() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.file("c.txt", "cut me")
    let victim = try sandbox.file("victim.txt", "precious")
    #expect(try sandbox.pb("cut", "c.txt").status == 0)
    let cut = try cutFile(sandbox)
    let count = try sandbox.changeCount()
    try plantJournal(
      sandbox, operation: "cut", from: count - 1,
      steps: [["path": victim, "file": cut["file"] as? String ?? "", "method": "remove", "identity": identity(victim)]])
    let copy = try sandbox.pb("copy", stdin: Data("next".utf8))
    #expect(copy.status == 70 && copy.stderr.contains("journal") && copy.stderr.split(separator: "\n").count == 1, "\(copy)")
    #expect(contents(victim) == "precious")
  }

  @Test("a cut killed before its commit is rolled back touching nothing, its files being in no history yet")
  func cutKilledBeforeItsCommit() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("c.txt", "still here")
    #expect(try sandbox.pb("copy", stdin: Data("first".utf8)).status == 0)
    try plantJournal(
      sandbox, operation: "cut", from: try sandbox.changeCount(),
      steps: [["path": path, "file": "0123456789abcdef.txt", "method": "remove", "identity": identity(path)]])
    let copy = try sandbox.pb("copy", stdin: Data("next".utf8))
    #expect(copy.status == 0, "\(copy)")
    #expect(contents(path) == "still here")
    #expect(!FileManager.default.fileExists(atPath: board(sandbox).appendingPathComponent("journal").path))
  }

  @Test("recovery removes a cut's file only if its bytes are the store's")
  func recoveryComparesBytes() throws {
    for (newcomer, removed) in [("cut mE", false), ("cut me", true)] {
      let sandbox = try Sandbox()
      let path = try sandbox.file("c.txt", "cut me")
      #expect(try sandbox.pb("cut", "c.txt").status == 0)
      #expect(!FileManager.default.fileExists(atPath: path))
      let cut = try cutFile(sandbox)
      // A file of the same size at the cut's path, and a journal as if the cut's removal
      // had not happened yet.
      _ = try sandbox.file("c.txt", newcomer)
      try plantJournal(
        sandbox, operation: "cut", from: try sandbox.changeCount() - 1,
        steps: [["path": cut["path"] as? String ?? "", "file": cut["file"] as? String ?? "", "method": "remove", "identity": identity(path)]])
      let copy = try sandbox.pb("copy", stdin: Data("next".utf8))
      #expect(copy.status == 0, "\(copy)")
      #expect(FileManager.default.fileExists(atPath: path) == !removed, "\(newcomer): \(copy)")
      if !removed { #expect(contents(path) == newcomer && copy.stderr.contains("left in place") || copy.stderr.contains("changed")) }
    }
  }

  @Test("a planted redo entry naming a file of the same size and identity: redo leaves it, its bytes not being the store's")
  func plantedRedoSameSize() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("aaaaaaaa".utf8)).status == 0)
    _ = try sandbox.file("cut.txt", "cut me")
    let victim = try sandbox.file("victim.txt", "precious")
    #expect(try sandbox.pb("cut", "cut.txt").status == 0)
    #expect(try sandbox.pb("undo").status == 0)
    let data = board(sandbox).appendingPathComponent("data")
    let stored = try FileManager.default.contentsOfDirectory(atPath: data.path).first {
      contents(data.appendingPathComponent($0).path) == "aaaaaaaa"
    }
    let file = try #require(stored, "the store holds 8 bytes of its own")
    var object = try history(sandbox)
    var entries = object["redo"] as? [[String: Any]] ?? []
    var cuts = entries.last?["cutFiles"] as? [[String: Any]] ?? []
    try #require(!cuts.isEmpty)
    cuts[0]["path"] = victim
    cuts[0]["file"] = file
    cuts[0]["restored"] = ["path": victim, "identity": identity(victim)]
    entries[entries.count - 1]["cutFiles"] = cuts
    entries[entries.count - 1]["items"] = [Any]()  // no data of its own to miss: the redo goes ahead
    object["redo"] = entries
    let url = board(sandbox).appendingPathComponent("history/\(try sandbox.changeCount()).json")
    try JSONSerialization.data(withJSONObject: object).write(to: url)
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 0 && redo.stderr.contains("left"), "\(redo)")
    #expect(contents(victim) == "precious", "\(redo)")
  }

  @Test("a put-back file given a second name is not taken by redo; both names keep their bytes")
  func hardLinkedPutBack() throws {
    let sandbox = try Sandbox()
    let path = try sandbox.file("f.txt", "mine")
    #expect(try sandbox.pb("cut", "f.txt").status == 0)
    #expect(try sandbox.pb("undo").status == 0)
    #expect(contents(path) == "mine")
    try FileManager.default.linkItem(atPath: path, toPath: path + ".link")
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 73 && redo.stderr.split(separator: "\n").count == 1, "\(redo)")
    #expect(contents(path) == "mine" && contents(path + ".link") == "mine")
    var status = stat()
    stat(path, &status)
    #expect(status.st_nlink == 2, "no name of it went into the store")
  }

  @Test("times far from 1970: a cut past 2262 is refused, one before 1970 comes back to the nanosecond, and nothing traps")
  func farTimes() throws {
    let sandbox = try Sandbox()
    let future = try sandbox.file("future.txt", "later")
    #expect(try sandbox.shell("touch -d '2300-01-01 00:00:00 UTC' \(future)").status == 0)
    let cut = try sandbox.pb("cut", "future.txt")
    #expect(cut.status == 73 && cut.stderr.contains("touch") && cut.stderr.split(separator: "\n").count == 1, "\(cut)")
    #expect(contents(future) == "later")

    let past = try sandbox.file("past.txt", "earlier")
    #expect(try sandbox.shell("touch -d '1969-12-31 23:59:58.5 UTC' \(past)").status == 0)
    #expect(try sandbox.pb("cut", "past.txt").status == 0)
    #expect(!FileManager.default.fileExists(atPath: past))
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0, "\(undo)")
    var status = stat()
    stat(past, &status)
    #expect(status.st_mtim.tv_sec == -2 && status.st_mtim.tv_nsec == 500_000_000, "\(status.st_mtim)")

    // A put-back file touched into the far future: redo leaves it, and nothing traps.
    #expect(try sandbox.shell("touch -d '2300-01-01 00:00:00 UTC' \(past)").status == 0)
    let redo = try sandbox.pb("redo")
    #expect(redo.status == 73 && redo.stderr.split(separator: "\n").count == 1, "\(redo)")
    #expect(contents(past) == "earlier")
  }

  @Test("under umask 0377 a cut and its undo work, the file coming back read-only")
  func umaskWithoutWrite() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("first".utf8)).status == 0)
    let path = try sandbox.file("f.txt", "mine")
    let result = try sandbox.shell(
      "cd \(sandbox.root.path) && export PB_DIR=\(sandbox.store.path) && umask 0377 && pb cut f.txt && test ! -e f.txt && pb undo")
    #expect(result.status == 0, "\(result)")
    #expect(contents(path) == "mine")
    var status = stat()
    stat(path, &status)
    #expect(status.st_mode & 0o777 == 0o400)
    #expect(!FileManager.default.fileExists(atPath: board(sandbox).appendingPathComponent("journal").path))
  }

  @Test("rolling back an undo removes a hidden file only if it is one the undo made")
  func rollbackLeavesOthersFiles() throws {
    for (text, ours) in [("something else entirely", false), ("cut", true)] {
      let sandbox = try Sandbox()
      _ = try sandbox.file("c.txt", "cut me")
      #expect(try sandbox.pb("cut", "c.txt").status == 0)
      let cut = try cutFile(sandbox)
      let cutPath = cut["path"] as? String ?? ""
      let hidden = try sandbox.file(".c.txt.pb-0123456789abcdef", text)
      try plantJournal(
        sandbox, operation: "undo", from: try sandbox.changeCount(),
        steps: [
          [
            "path": cutPath, "file": cut["file"] as? String ?? "", "method": "copy", "temporary": ".c.txt.pb-0123456789abcdef",
            "mode": 0o644, "modified": 0,
          ]
        ])
      let copy = try sandbox.pb("copy", stdin: Data("next".utf8))
      #expect(copy.status == 0, "\(copy)")
      #expect(FileManager.default.fileExists(atPath: hidden) == !ours, "\(text)")
      #expect(!FileManager.default.fileExists(atPath: board(sandbox).appendingPathComponent("journal").path))
    }
  }

  @Test(
    "an undo killed just after the store let go of a put-back file's bytes: recovery records the file, and redo takes it",
    .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "kills at an exact call with strace"))
  func undoKilledAfterLettingGo() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      cd \(sandbox.root.path) && set -u
      undo_once() {  # a board with a cut of f, then pb undo under strace, with its arguments
        export PB_DIR=$1; shift
        echo x | pb copy && echo precious > f && pb cut f && strace -f -qq "$@" pb undo >/dev/null
      }
      # Which fsync follows the removal of the data file's name: the one to kill at.
      export -f undo_once
      undo_once $PWD/twin -o trace -e trace=fsync,unlinkat
      n=$(awk '/unlinkat/ && /"[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+(\\.[a-z]+)?"/ {print count + 1; exit} /fsync/ {count++}' trace)
      rm -f f; echo "kill at fsync $n"
      bash -c 'undo_once "$@"; exit 0' _ $PWD/store -o /dev/null -e trace=fsync -e inject=fsync:signal=KILL:when=$n 2>/dev/null
      export PB_DIR=$PWD/store
      cat f; test -e store/boards/general/journal && echo "journal left"
      pb redo; echo "redo $?"; test -e f || echo "f taken"; pb paste
      """)
    #expect(result.text.contains("precious\n") && result.text.contains("journal left"), "the undo was killed after putting f back: \(result)")
    #expect(result.text.contains("redo 0") && result.text.contains("f taken") && result.text.hasSuffix("precious\n"), "\(result)")
  }

  @Test(
    "a hostile test's findings, each with kills at exact system calls, planted files and another user: all kept",
    .enabled(if: geteuid() == 0, "the reproductions kill at exact calls with strace and run as nobody with setpriv"))
  func hostileFindings() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("/bin/bash", [Sandbox.support("attack_findings.sh"), Sandbox.binary], stdin: nil, environment: [:], timeLimit: 300)
    let verdicts = result.lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
    #expect(verdicts.count == 9, "every finding ran: \(result)")
    #expect(verdicts.allSatisfy { $0.hasPrefix("PASS") }, "\(verdicts.joined(separator: "\n"))\n\(result.stderr)")
  }
}
