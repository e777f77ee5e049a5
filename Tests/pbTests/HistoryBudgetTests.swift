import Foundation
import Testing

/// Pins (`pb history --pin N`) and the byte budget (`pb history --max-bytes SIZE`), as a
/// user runs them: large copies, levels, cuts, and history files planted in the store.
@Suite("history pins and budget", .tags(.endToEnd))
struct HistoryBudgetTests {
  /// The previews of `pb history --list`, newest first.
  /// The past states' texts as --list shows them (N, mark, time, types, text; the
  /// present, 0, left out), a pinned one's as `[pinned] text`.
  func previews(_ sandbox: Sandbox) throws -> [String] {
    let result = try sandbox.pb("history", "--list")
    #expect(result.status == 0, "\(result)")
    return result.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
      .filter { $0.first != "0" }
      .map { fields in (fields.count > 1 && fields[1] == "pinned" ? "[pinned] " : "") + (fields.last ?? "") }
  }

  /// `pb history --list --json` without the present (0): the states history keeps.
  func listedPast(_ sandbox: Sandbox) throws -> [[String: Any]] {
    let listed = try sandbox.json(try sandbox.pb("history", "--list", "--json")) as? [[String: Any]] ?? []
    #expect(listed.first?["number"] as? Int == 0, "the present is listed first: \(listed)")
    return listed.filter { $0["number"] as? Int != 0 }
  }

  func copy(_ sandbox: Sandbox, _ text: String) throws {
    let result = try sandbox.pb("copy", stdin: Data(text.utf8))
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
  }

  /// A file of `size` random bytes, made by the shell (fast, and no two alike).
  func randomFile(_ sandbox: Sandbox, _ name: String, size: String) throws -> String {
    let result = try sandbox.shell("head -c \(size) /dev/urandom > '\(sandbox.root.path)/\(name)'")
    #expect(result.status == 0, "\(result)")
    return sandbox.root.path + "/" + name
  }

  /// The bytes of every data file the board's store folder holds, once the trash
  /// (freed by a detached process) is empty.
  func bytesOnDisk(_ sandbox: Sandbox, board: String = "general") throws -> Int {
    let folder = sandbox.store.appendingPathComponent("boards/\(board)")
    let trash = folder.appendingPathComponent("trash").path
    #expect(waitUntil(seconds: 30) { ((try? FileManager.default.contentsOfDirectory(atPath: trash)) ?? []).isEmpty }, "trash freed")
    let data = folder.appendingPathComponent("data").path
    return try FileManager.default.contentsOfDirectory(atPath: data).reduce(0) { total, name in
      total + ((try FileManager.default.attributesOfItem(atPath: data + "/" + name)[.size] as? Int) ?? 0)
    }
  }

  /// A board that keeps two levels, after copies of apple, banana and cherry.
  func fruitInTwoLevels() throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("history", "--levels", "2").status == 0)
    for text in ["apple", "banana", "cherry"] { try copy(sandbox, text) }
    #expect(try previews(sandbox) == ["banana", "apple"])
    return sandbox
  }

  @Test("a pinned clip stays past the levels, is marked in --list and --json, and goes once unpinned")
  func pinsOutliveLevels() throws {
    let sandbox = try fruitInTwoLevels()
    let pinned = try sandbox.pb("history", "--pin", "2")
    #expect(pinned.status == 0 && pinned.stderr.isEmpty, "\(pinned)")
    #expect(try previews(sandbox) == ["banana", "[pinned] apple"])
    for text in ["date", "elderberry", "fig"] { try copy(sandbox, text) }
    #expect(try previews(sandbox) == ["elderberry", "date", "[pinned] apple"], "two levels, and the pin apart")
    let json = try listedPast(sandbox)
    #expect(json.map { $0["pinned"] as? Bool } == [false, false, true], "\(json)")
    let stacks = try sandbox.json(try sandbox.pb("history", "--json")) as? [String: Any] ?? [:]
    let undo = stacks["undo"] as? [[String: Any]] ?? []
    #expect(undo.map { $0["pinned"] as? Bool } == [false, false, true], "\(stacks)")
    // The pinned clip is whole: restored, it is the board again.
    #expect(try sandbox.pb("history", "--restore", "3").status == 0)
    #expect(try sandbox.pb("paste").text == "apple")
    // Restoring made a change, past the levels: the pinned state stays, and is the board.
    #expect(try previews(sandbox) == ["fig", "elderberry", "[pinned] apple"])
    #expect(try sandbox.pb("history", "--unpin", "3").status == 0)
    try copy(sandbox, "grape")
    #expect(try previews(sandbox) == ["apple", "fig"], "unpinned, it is an old state like any other")
  }

  @Test("with --if-count, --pin and --unpin act only while the number names the state --list showed (else 75, nothing changed)")
  func pinIfCount() throws {
    let sandbox = try fruitInTwoLevels()
    // The user chose apple, 2 in a list read at this count; a copy lands and the levels
    // drop apple: 2 is banana now.
    let listed = try sandbox.changeCount()
    try copy(sandbox, "date")
    #expect(try previews(sandbox) == ["cherry", "banana"], "the copy renumbered the states")
    let stale = try sandbox.pb("history", "--if-count", String(listed), "--pin", "2")
    #expect(
      stale.status == 75
        && stale.stderr == "pb: pasteboard 'general' is at change count \(listed + 1), not \(listed); nothing was written (read it again, then retry)\n",
      "\(stale)")
    #expect(try previews(sandbox) == ["cherry", "banana"], "nothing was pinned")
    let current = try sandbox.changeCount()
    let pinned = try sandbox.pb("history", "--if-count", String(current), "--pin", "2")
    #expect(pinned.status == 0 && pinned.stderr.isEmpty, "\(pinned)")
    #expect(try previews(sandbox) == ["cherry", "[pinned] banana"])
    let staleUnpin = try sandbox.pb("history", "--if-count", String(listed), "--unpin", "2")
    #expect(staleUnpin.status == 75, "\(staleUnpin)")
    #expect(try previews(sandbox) == ["cherry", "[pinned] banana"], "still pinned")
    #expect(try sandbox.pb("history", "--if-count", String(current), "--unpin", "2").status == 0)
    #expect(try previews(sandbox) == ["cherry", "banana"])
    // What the count would not guard is refused before anything is done.
    let withLevels = try sandbox.pb("history", "--if-count", String(current), "--pin", "2", "--levels", "1")
    #expect(withLevels.status == 64 && withLevels.stderr.contains("--levels"), "\(withLevels)")
    #expect(try previews(sandbox) == ["cherry", "banana"], "neither pinned nor trimmed")
  }

  @Test("a pin follows its clip through undo and redo, and 0 pins the current clip")
  func pinFollowsUndo() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("history", "--levels", "1").status == 0)
    try copy(sandbox, "keep me")
    #expect(try sandbox.pb("history", "--pin", "0").status == 0)
    try copy(sandbox, "two")
    try copy(sandbox, "three")
    #expect(try previews(sandbox) == ["two", "[pinned] keep me"])
    #expect(try sandbox.pb("undo", "2").status == 0)
    #expect(try sandbox.pb("paste").text == "keep me")
    try copy(sandbox, "four")
    try copy(sandbox, "five")
    #expect(try previews(sandbox) == ["four", "[pinned] keep me"], "undone and replaced, it is still pinned")
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("w".utf8)).status == 0)
    #expect(try sandbox.pb("clear", "-p", "work").status == 0)
    let empty = try sandbox.pb("history", "--pin", "0", "-p", "work")
    #expect(empty.status == 1 && empty.stderr.contains("empty"), "nothing to pin on an empty board: \(empty)")
    let none = try sandbox.pb("history", "--pin", "9")
    #expect(none.status == 64 && none.stderr.contains("no past state 9"), "\(none)")
    let bad = try sandbox.pb("history", "--pin", "x")
    #expect(bad.status == 64 && bad.stderr.contains("--pin takes the number of a state"), "\(bad)")
  }

  @Test("the budget holds after large copies: older states go first, pinned ones stay and count apart")
  func budgetHolds() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("history", "--max-bytes", "50M").status == 0)
    let setting = try sandbox.json(try sandbox.pb("history", "--json")) as? [String: Any] ?? [:]
    #expect(setting["maxBytes"] as? Int == 50 << 20, "\(setting)")
    let mebibyte = 1 << 20
    for number in 1...5 {
      let file = try randomFile(sandbox, "photo\(number).bin", size: "20M")
      let copied = try sandbox.pb("copy", file)
      #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied)")
      let report = try sandbox.json(try sandbox.pb("history", "--json")) as? [String: Any] ?? [:]
      #expect((report["historyBytes"] as? Int ?? .max) <= 50 * mebibyte, "after copy \(number): \(report)")
      // On disk: the current clip and at most the budget.
      #expect(try bytesOnDisk(sandbox) <= 70 * mebibyte, "after copy \(number)")
    }
    // Two 20 MiB states fit in 50 MiB: the three older ones went, oldest first.
    let states = try listedPast(sandbox)
    #expect(states.count == 2, "\(states)")
    let restored = try sandbox.pb("history", "--restore", "2")
    #expect(restored.status == 0, "\(restored)")
    #expect(try sandbox.pb("paste", "--force").stdout == (try Data(contentsOf: URL(fileURLWithPath: sandbox.root.path + "/photo3.bin"))))

    // A pinned state stays, and its bytes leave room for as many others as before.
    #expect(try sandbox.pb("history", "--pin", "1").status == 0)
    for number in 6...8 {
      #expect(try sandbox.pb("copy", try randomFile(sandbox, "photo\(number).bin", size: "20M")).status == 0)
    }
    let after = try listedPast(sandbox)
    #expect(after.count == 3 && after.last?["pinned"] as? Bool == true, "two budgeted states and the pinned one: \(after)")
    #expect(try bytesOnDisk(sandbox) <= 90 * mebibyte)
    // Lowered, the budget applies at once; 0 lifts it.
    #expect(try sandbox.pb("history", "--max-bytes", "0").status == 0)
    #expect(try sandbox.pb("copy", try randomFile(sandbox, "photo9.bin", size: "20M")).status == 0)
    #expect(try listedPast(sandbox).count == 4)
    #expect(try sandbox.pb("history", "--max-bytes", "25M").status == 0)
    let lowered = try listedPast(sandbox)
    #expect(lowered.count == 2 && lowered.last?["pinned"] as? Bool == true, "one budgeted state and the pinned one: \(lowered)")
    let refused = try sandbox.pb("history", "--max-bytes", "lots")
    #expect(refused.status == 64 && refused.stderr.contains("--max-bytes takes a size"), "\(refused)")
  }

  @Test("the budget never drops a cut file: one line says so, its bytes stay, and undo puts it back")
  func budgetKeepsCutFiles() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("history", "--max-bytes", "1M").status == 0)
    let cut = [try randomFile(sandbox, "draft.bin", size: "700K"), try randomFile(sandbox, "figure.bin", size: "700K")]
    let originals = try cut.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    let cutResult = try sandbox.pb(["cut"] + cut)
    #expect(cutResult.status == 0 && cut.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "\(cutResult)")
    var notices: [String] = []
    for number in 1...3 {
      let copied = try sandbox.pb("copy", try randomFile(sandbox, "clip\(number).bin", size: "700K"))
      #expect(copied.status == 0, "\(copied)")
      notices += copied.stderr.split(separator: "\n").map(String.init)
    }
    #expect(notices.count >= 1, "the budget's drop of the cut's state is told")
    #expect(
      notices.allSatisfy { $0.hasPrefix("pb: the history of 'general' passed its budget (1.0 MiB)") && $0.contains("draft.bin") },
      "\(notices)")
    // Still in the store, byte for byte.
    let data = sandbox.store.appendingPathComponent("boards/general/data").path
    let stored = try FileManager.default.contentsOfDirectory(atPath: data).map { try Data(contentsOf: URL(fileURLWithPath: data + "/" + $0)) }
    #expect(originals.allSatisfy(stored.contains), "the cut files' bytes are in the store")
    // Undoing back past the cut puts them back where they were.
    #expect(try sandbox.pb("undo", "10").status == 0)
    #expect(try cut.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == originals)
  }

  @Test("kill -9 during cuts, copies and budget trims under a small budget loses no byte of a cut file")
  func killedTrimsLoseNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      cd \(sandbox.root.path) && mkdir user && cd user && RANDOM=38
      pb history --max-bytes 1M || exit 1
      # Killed within its first 40 ms, when it runs that long (a commit takes about that).
      killed() {
        "$@" 2>/dev/null & local pid=$!; sleep 0.0$(printf %02d $((RANDOM % 40))); kill -9 $pid 2>/dev/null; wait $pid; [ $? = 137 ] && echo kill >> ../kills
      }
      for round in $(seq 1 10); do
        head -c 700K /dev/urandom > cut$round.bin; sha256sum < cut$round.bin >> ../ledger
        killed pb cut -q cut$round.bin
        head -c 700K /dev/urandom > clip$round.bin
        killed pb copy clip$round.bin
        killed pb history --max-bytes 1M
        killed pb undo
        killed pb copy -a clip$round.bin
      done
      pb copy < /dev/null 2>/dev/null || { echo "the copy after the kills failed"; exit 1; }
      pb paste -i all > /dev/null 2>&1; pb history --list > /dev/null || { echo "history unreadable"; exit 1; }
      ls -A | grep -v '\\.bin$' && echo "left in the user's folder"
      cat *.bin ../store/boards/general/data/* 2>/dev/null > /dev/null
      for file in *.bin ../store/boards/general/data/*; do sha256sum < "$file"; done | sort -u > ../present
      sort -u ../ledger | comm -23 - ../present | sed 's/^/lost: /'
      echo "$(wc -l < ../kills) kills, $(wc -l < ../ledger) cut files checked"
      """, timeLimit: 600)
    #expect(result.status == 0 && result.text.hasSuffix(" kills, 10 cut files checked\n"), "\(result)")
    #expect(!result.text.hasPrefix("0 kills") && !result.text.contains("\n0 kills"), "some commands were killed: \(result)")
    #expect(!result.text.contains("lost: ") && !result.text.contains("left in"), "\(result)")
  }

  @Test("a history with pins that a newer pb wrote, or planted, is refused (70) or read within bounds, never a trap")
  func plantedPins() throws {
    let sandbox = try Sandbox()
    for text in ["one", "two", "three"] { try copy(sandbox, text) }
    #expect(try sandbox.pb("history", "--pin", "1").status == 0)
    let path = sandbox.store.appendingPathComponent("boards/general/history/3.json")
    let written = try Data(contentsOf: path)
    let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(object["format"] as? Int == 7 && (object["pins"] as? [[String]])?.count == 1, "pins are stored: \(object)")

    func planted(_ change: (inout [String: Any]) -> Void) throws -> Result {
      var copy = object
      change(&copy)
      try JSONSerialization.data(withJSONObject: copy, options: [.prettyPrinted]).write(to: path)
      return try sandbox.pb("history", "--list")
    }
    let newer = try planted { $0["format"] = 8 }
    #expect(newer.status == 70 && newer.stderr.contains("has format 8, newer than this pb understands (7); upgrade pb"), "\(newer)")
    let pin = (object["pins"] as? [[String]])?.first ?? []
    let hostile: [(String, (inout [String: Any]) -> Void)] = [
      ("more pins than states", { $0["pins"] = (0..<50).map { ["\(String(format: "%016x", $0)).txt"] } }),
      ("a pin twice", { $0["pins"] = [pin, pin] }),
      ("an empty pin", { $0["pins"] = [[String]()] }),
      ("a path for a file", { $0["pins"] = [["../../../etc/passwd"]] }),
      ("not a list", { $0["pins"] = "all" }),
      ("a negative budget", { $0["maxBytes"] = -1 }),
      ("no budget in format 7", { $0["maxBytes"] = nil }),
    ]
    for (what, change) in hostile {
      let result = try planted(change)
      #expect(result.status == 70 && result.stderr.contains("is damaged"), "\(what): \(result)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(what): one line: \(result)")
    }
    // A pin naming a state nobody holds is read, and forgotten at the next write.
    let orphan = try planted { $0["pins"] = [["0123456789abcdef.txt"]] }
    #expect(orphan.status == 0 && !orphan.text.contains("\tpinned\t"), "\(orphan)")
    try copy(sandbox, "four")
    let rewritten = try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.store.appendingPathComponent("boards/general/history/4.json")))
    #expect((rewritten as? [String: Any])?["pins"] == nil, "\(rewritten)")
    // Sizes no disk holds, as many as there are entries: the budget's sums do not overflow.
    let four = sandbox.store.appendingPathComponent("boards/general/history/4.json")
    let huge = try String(contentsOf: four, encoding: .utf8).replacingOccurrences(of: "\"size\" : 3", with: "\"size\" : 9223372036854775807")
    try #require(huge.contains("9223372036854775807"))
    try huge.write(to: four, atomically: false, encoding: .utf8)
    #expect(try sandbox.pb("history").status == 0, "what history holds is summed without overflow")
    let overBudget = try sandbox.pb("copy", stdin: Data("five".utf8))
    #expect(overBudget.status == 0, "\(overBudget)")
    #expect(try previews(sandbox) == ["four", "three"], "the states said to be huge went, as the budget's oldest")
    // The board itself was never touched.
    #expect(try sandbox.pb("paste").text == "five")
  }
}
