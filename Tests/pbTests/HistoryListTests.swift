import Foundation
import Testing

/// `pb history --list` and `pb history --restore N`, as a user runs them: to a picker
/// (fzf's filter mode stands for a person choosing a line) and back.
@Suite("history to pick from", .tags(.endToEnd))
struct HistoryListTests {
  /// The lines of `pb history --list`, each split at its tabs.
  func listed(_ sandbox: Sandbox, _ arguments: String...) throws -> [[String]] {
    let result = try sandbox.pb(["history", "--list"] + arguments)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    return result.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  /// A board that held, in order: nothing, "first apple", a PNG, "second banana",
  /// "third cherry", and now "fourth date".
  func boardOfFruit() throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("first apple".utf8)).status == 0)
    #expect(try sandbox.pb("copy", SystemSamples.png).status == 0)
    for text in ["second banana", "third cherry", "fourth date"] {
      #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    }
    return sandbox
  }

  @Test("--list prints N, mark, time, types and text per state, newest first, from the present as 0; no empty state")
  func listsPastStates() throws {
    let sandbox = try boardOfFruit()
    let lines = try listed(sandbox)
    #expect(lines.allSatisfy { $0.count == 5 }, "five fields on every line: \(lines)")
    #expect(lines.map { $0[0] } == ["0", "1", "2", "3", "4"])
    #expect(lines.map { $0[4] } == ["fourth date", "third cherry", "second banana", "[image/png 1020 B]", "first apple"])
    #expect(lines.map { $0[3] } == ["public.utf8-plain-text", "public.utf8-plain-text", "public.utf8-plain-text", "public.png", "public.utf8-plain-text"])
    #expect(lines.allSatisfy { $0[1].isEmpty }, "no state is marked: \(lines)")
    // When the board came to hold each, as pb history's dates.
    let iso = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#
    #expect(lines.allSatisfy { (try? iso.wholeMatch(in: $0[2])) != nil }, "\(lines)")
    // Once history no longer holds the change that made the oldest state, its time is unknown.
    #expect(try sandbox.pb("history", "--levels", "2").status == 0)
    #expect(try listed(sandbox).map { $0[2] == "-" } == [false, false, true])
    // -p chooses the board, as for the rest of history.
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("w1".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-p", "work", stdin: Data("w2".utf8)).status == 0)
    #expect(try listed(sandbox, "-p", "work").map { $0[4] } == ["w2", "w1"])
    #expect(try listed(sandbox, "--pasteboard", "work").count == 2)
  }

  @Test("the same clip copied again is listed once, under the number --restore and --show take for it")
  func repeatsAreListedOnce() throws {
    let sandbox = try Sandbox()
    for text in ["apple", "apple", "apple", "banana", "apple"] {
      #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    }
    let lines = try listed(sandbox)
    #expect(lines.map { $0[4] } == ["apple", "banana", "apple"], "three copies in a row are one line: \(lines)")
    #expect(lines.map { $0[0] } == ["0", "1", "2"])
    #expect(try sandbox.pb("copy", stdin: Data("cherry".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("cherry".utf8)).status == 0)
    let numbers = try listed(sandbox).map { $0[0] }
    #expect(numbers == ["0", "2", "3", "4"], "state 1, the same cherry, is skipped: \(numbers)")
    #expect(try sandbox.pb("history", "--show", "2").text == "apple")
    #expect(try sandbox.pb("history", "--restore", "3").status == 0)
    #expect(try sandbox.pb("paste").text == "banana")
  }

  @Test("--list --json gives the same states as an array")
  func listsAsJSON() throws {
    let sandbox = try boardOfFruit()
    let result = try sandbox.pb("history", "--list", "--json")
    #expect(result.status == 0, "\(result)")
    let states = try sandbox.json(result) as? [[String: Any]] ?? []
    #expect(states.map { $0["number"] as? Int } == [0, 1, 2, 3, 4])
    let lines = try listed(sandbox)
    #expect(states.map { $0["preview"] as? String } == lines.map { $0[4] })
    let pngSize = try SystemSamples.contents(SystemSamples.png).count
    #expect(states[3]["types"] as? [String] == ["public.png"] && states[3]["bytes"] as? Int == pngSize, "\(states[3])")
    #expect(states[0]["replacedBy"] is NSNull && states[0]["replaced"] is NSNull, "the present was not replaced: \(states[0])")
    #expect(states[1]["replacedBy"] as? String == "Copy" && states[4]["numberOfItems"] as? Int == 1)
    #expect(states.map { $0["pinned"] as? Bool } == Array(repeating: false, count: 5))
    #expect(states.map { $0["text"] as? String } == ["fourth date", "third cherry", "second banana", nil, "first apple"])
    #expect(states[3]["text"] is NSNull, "an image has no text")
  }

  @Test("whole texts: --json and -0 give every byte of a long, many-line clip; the plain line, piped, is not cut")
  func wholeTexts() throws {
    let sandbox = try Sandbox()
    let long = "begin\tcolumn\n" + String(repeating: "filler words ", count: 500) + "\nneedle at the end\n"
    #expect(try sandbox.pb("copy", stdin: Data(long.utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("now".utf8)).status == 0)
    let json = try sandbox.json(try sandbox.pb("history", "--list", "--json")) as? [[String: Any]] ?? []
    #expect(json.count == 2 && json[1]["text"] as? String == long, "\(json)")
    let entries = try sandbox.pb("history", "--list", "-0")
    #expect(entries.status == 0, "\(entries)")
    #expect(entries.stdout == Data("0\tnow\u{0}1\t\(long)\u{0}".utf8))
    #expect(try sandbox.pb("history", "--list", "--null").stdout == entries.stdout)
    let line = try listed(sandbox)[1][4]
    #expect(line.hasPrefix("begin column↵filler words filler") && line.hasSuffix("filler words↵needle at the end"), "\(line)")
    for refused in [["-0"], ["--list", "-0", "--json"], ["--list", "-t", "text"], ["--force"]] {
      let result = try sandbox.pb(["history"] + refused)
      #expect(result.status == 64 && result.stderr.hasPrefix("pb: "), "\(refused): \(result)")
    }
  }

  @Test("text is previewed on one line: no tab, newline or control character reaches the picker")
  func previewsAreOneLine() throws {
    let sandbox = try Sandbox()
    let hostile = "  col1\tcol2\r\nline two\n\u{1B}]0;title\u{07}\u{1B}[2Jcleared \u{202E}txt.exe " + String(repeating: "long ", count: 40)
    #expect(try sandbox.pb("copy", stdin: Data(hostile.utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("now".utf8)).status == 0)
    let result = try sandbox.pb("history", "--list")
    #expect(result.lines.count == 2, "one line per state: \(result)")
    let first = result.lines[1]
    #expect(first.filter { $0 == "\t" }.count == 4, "\(first)")
    let unsafe = first.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || $0 == "\u{202E}" }
    #expect(unsafe.isEmpty, "\(first.debugDescription)")
    let preview = first.split(separator: "\t", omittingEmptySubsequences: false)[4]
    let words = String(repeating: "long ", count: 40).dropLast()
    #expect(preview == "col1 col2↵line two↵]0;title[2Jcleared txt.exe \(words)", "whole, line breaks marked: \(preview)")
  }

  @Test("-0 on a terminal writes whole texts escaped: a clip's escape sequences never reach the terminal raw")
  func nullTerminatedOnATerminalIsEscaped() throws {
    let sandbox = try Sandbox()
    let hostile = "before\u{1B}]0;title\u{07}\u{1B}[2Jafter\nsecond line"
    #expect(try sandbox.pb("copy", stdin: Data(hostile.utf8)).status == 0)
    let piped = try sandbox.pb("history", "--list", "-0")
    #expect(piped.text == "0\t\(hostile)\0", "piped, the whole text as it is: \(piped)")
    let shown = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary, "history", "--list", "-0"], stdin: nil,
      environment: [:])
    #expect(shown.status == 0 && shown.text.contains("before"), "\(shown)")
    #expect(!shown.text.unicodeScalars.contains("\u{1B}") && !shown.text.unicodeScalars.contains("\u{07}"), "\(shown.text.debugDescription)")
    #expect(shown.text.contains("before\\e]0;title\\x07\\e[2Jafter\\nsecond line"), "\(shown.text.debugDescription)")
  }

  /// The first line `pb history --list` shows on a terminal of 100 columns.
  func firstLineOnTerminal(_ sandbox: Sandbox) throws -> String {
    let shown = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", "sh", "-c", "stty cols 100 && exec \"$0\" history --list", Sandbox.binary],
      stdin: nil, environment: [:])
    #expect(shown.status == 0, "\(shown)")
    // The terminal ends the line with CR LF.
    return shown.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
  }

  @Test("on a terminal, a line is cut to the terminal's width; piped, it is whole")
  func cutToTheTerminal() throws {
    let sandbox = try Sandbox()
    let text = "start " + String(repeating: "wide ", count: 40) + "end"
    #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    let line = try firstLineOnTerminal(sandbox)
    #expect(line.hasPrefix("0\t\t") && line.hasSuffix("…"), "\(line.debugDescription)")
    // Tabs stop every 8 columns: "0", "", the time (20), the type (22), then the text.
    let column = line.split(separator: "\t", omittingEmptySubsequences: false).dropLast().reduce(0) { ($0 + $1.count) / 8 * 8 + 8 }
    #expect(column + (line.split(separator: "\t", omittingEmptySubsequences: false).last?.count ?? 0) == 100, "the line fills the 100 columns: \(line.debugDescription)")
    #expect(try listed(sandbox)[0][4] == text)
  }

  @Test("on a terminal, a line of wide characters is cut to the terminal's width in cells, not in characters")
  func wideCharactersCutToTheTerminal() throws {
    let sandbox = try Sandbox()
    let text = String(repeating: "中文字", count: 40)
    #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    let line = try firstLineOnTerminal(sandbox)
    // The text starts at column 64 (see above): 36 cells are left, 17 characters of two
    // cells and "…". Cut at 35 characters, the line took 135 columns and wrapped.
    let preview = line.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    #expect(preview == String(String(repeating: "中文字", count: 6).prefix(17)) + "…", "\(line.debugDescription)")
  }

  @Test("a secret, current or past, is never listed or previewed")
  func secretsNeverShow() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("visible".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "--concealed", stdin: Data("hunter2".utf8)).status == 0)
    #expect(try sandbox.pb("history", "--list").text.contains("visible"))
    #expect(try !sandbox.pb("history", "--list").text.contains("hunter2"))
    #expect(try sandbox.pb("copy", stdin: Data("after".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "--no-undo", stdin: Data("unrecorded".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("last".utf8)).status == 0)
    let text = try sandbox.pb("history", "--list").text + (try sandbox.pb("history", "--list", "--json").text)
    #expect(text.contains("after") && !text.contains("hunter2") && !text.contains("unrecorded"), "\(text)")
  }

  @Test("a line chosen by fzf -f, cut to its number, restores that state; undo gives back the one before")
  func restoreFromFzf() throws {
    let sandbox = try boardOfFruit()
    let countBefore = try sandbox.changeCount()
    let result = try sandbox.shell("pb history --list | fzf -f banana | cut -f1 | xargs pb history --restore")
    #expect(result.status == 0 && result.text.isEmpty && result.stderr.isEmpty, "\(result)")
    #expect(try sandbox.pb("paste").text == "second banana")
    #expect(try sandbox.changeCount() == countBefore + 1, "one change")
    // The states in between stay: what was current is now state 1.
    #expect(
      try listed(sandbox).map { $0[4] } == [
        "second banana", "fourth date", "third cherry", "second banana", "[image/png 1020 B]", "first apple",
      ])
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0 && undo.text == "Undo Restore\n", "\(undo)")
    #expect(try sandbox.pb("paste").text == "fourth date")
    #expect(try sandbox.pb("redo").text == "Redo Restore\n")
    #expect(try sandbox.pb("paste").text == "second banana")
  }

  @Test("with --if-count, a number read from the list is restored only while it names the same state (else 75, nothing changed)")
  func restoreIfCount() throws {
    let sandbox = try boardOfFruit()
    // A copy lands while the picker is open: the chosen number now names another state.
    let raced = try sandbox.shell("""
      n=$(pb count)
      chosen=$(pb history --list | fzf -f banana | cut -f1)
      echo "racing copy" | pb copy
      echo "$chosen" | xargs -r pb history --if-count "$n" --restore
      echo "status $?"
      """)
    #expect(raced.lines.contains("status 123") && raced.stderr.contains("pb: "), "xargs reports pb's 75 as 123: \(raced)")
    #expect(try sandbox.pb("paste").text == "racing copy\n", "nothing was restored")
    let count = try sandbox.changeCount()
    let refused = try sandbox.pb("history", "--if-count", String(count - 1), "--restore", "2")
    #expect(refused.status == 75, "\(refused)")
    #expect(try sandbox.changeCount() == count)
    // Unchanged since the list was read: restored.
    let result = try sandbox.shell(
      "n=$(pb count); pb history --list | fzf -f banana | cut -f1 | xargs -r pb history --if-count \"$n\" --restore")
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(try sandbox.pb("paste").text == "second banana")
    #expect(try sandbox.pb("history", "--if-count", "3", "--list").status == 64)
    #expect(try sandbox.pb("history", "--if-count", "3").status == 64)
  }

  @Test("a restored image and a state of several items come back byte for byte, types and all")
  func restoresEveryByte() throws {
    let sandbox = try boardOfFruit()
    #expect(try sandbox.pb("history", "--restore", "3").status == 0)
    #expect(try sandbox.pb("paste", "-t", "public.png").stdout == SystemSamples.contents(SystemSamples.png))
    let binary = Data((0...255).map { UInt8($0) })
    let page = try sandbox.file("page.html", "<b>bold</b>")
    let blob = try sandbox.file("blob.bin", binary)
    #expect(try sandbox.pb("copy", "-r", "public.html=\(page)", "-r", "public.utf8-plain-text=-", stdin: Data("bold".utf8)).status == 0)
    #expect(try sandbox.pb("copy", "-a", "-r", "public.data=\(blob)", "-r", SystemSamples.jpeg).status == 0)
    let before = try sandbox.pb("types", "-i", "all", "--json").text
    #expect(try sandbox.pb("copy", stdin: Data("over it".utf8)).status == 0)
    #expect(try listed(sandbox)[1][4] == "bold (and 1 more item)")
    #expect(try sandbox.pb("history", "--restore", "1").status == 0)
    #expect(try sandbox.pb("types", "-i", "all", "--json").text == before)
    #expect(try sandbox.pb("paste", "-i", "0", "-t", "public.html").text == "<b>bold</b>")
    #expect(try sandbox.pb("paste", "-i", "0", "-t", "public.utf8-plain-text").text == "bold")
    #expect(try sandbox.pb("paste", "-i", "1", "-t", "public.data").stdout == binary)
    #expect(try sandbox.pb("paste", "-i", "1", "-t", "public.jpeg").stdout == SystemSamples.contents(SystemSamples.jpeg))
  }

  @Test("a number that is not a past state is refused in one line naming the valid range, exit 64, changing nothing")
  func badNumbers() throws {
    let sandbox = try boardOfFruit()
    let count = try sandbox.changeCount()
    let refusals = [
      ("6", "give 0-5"), ("99", "give 0-5"), ("-1", "0 (the present) or more"), ("two", "0 (the present) or more"),
      ("", "0 (the present) or more"),
    ]
    for (word, says) in refusals {
      let result = try sandbox.pb("history", "--restore", word)
      #expect(result.status == 64, "\(word): \(result)")
      #expect(result.stderr.hasPrefix("pb: ") && result.stderr.contains(says), "\(word): \(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }
    for extra in [["--list"], ["--json"], ["--clear"], ["--levels", "3"]] {
      let result = try sandbox.pb(["history", "--restore", "1"] + extra)
      #expect(result.status == 64, "\(extra): \(result)")
    }
    #expect(try sandbox.pb("history", "--list", "--clear").status == 64)
    #expect(try sandbox.changeCount() == count, "nothing changed")
    // 0 is the present, already on the board: restoring it is done, with nothing to undo.
    let present = try sandbox.pb("history", "--restore", "0")
    #expect(present.status == 0 && present.stdout.isEmpty && present.stderr.isEmpty, "\(present)")
    #expect(try sandbox.changeCount() == count && sandbox.pb("paste").text == "fourth date")
    #expect(try sandbox.pb("history", "--if-count", String(count - 1), "--restore", "0").status == 75, "--if-count still holds")
    let fresh = try Sandbox()
    let empty = try fresh.pb("history", "--restore", "1")
    #expect(empty.status == 64 && empty.stderr.contains("no past state"), "\(empty)")
    #expect(try fresh.pb("history", "--list").text.isEmpty)
  }

  @Test("kill -9 at random moments of restores leaves the board as it was before or after, never damaged")
  func killedRestores() throws {
    let sandbox = try Sandbox()
    let blob = try sandbox.file("blob.bin", Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
    // Three states, each of two items: `pb paste -i all` tells them apart by checksum.
    let script = """
      set -u
      cd '\(sandbox.root.path)'
      pb copy -r public.data=blob.bin -r public.utf8-plain-text=- <<< "one" && pb copy -a <<< "one b" || exit 2
      pb copy -r public.data=blob.bin -r public.utf8-plain-text=- <<< "two" && pb copy -a <<< "two b" || exit 2
      pb copy -r public.data=blob.bin -r public.utf8-plain-text=- <<< "three" && pb copy -a <<< "three b" || exit 2
      known=""
      for n in 1 2 3 4 5; do
        pb history --restore $n && known="$known $(pb paste -i all | sha256sum | cut -c1-16)" && pb undo > /dev/null || exit 3
      done
      known="$known $(pb paste -i all | sha256sum | cut -c1-16)"
      start=$(date +%s%N); pb history --restore 2; took=$(( ($(date +%s%N) - start) / 1000 )); pb undo > /dev/null
      # The delays are waited out in bash itself (read -t on a pipe nobody writes, printf -v):
      # starting an external delay took ~2 ms, longer than a restore by a release pb, which it missed.
      mkfifo pause && exec 9<> pause
      kills=0 bad=0
      for round in $(seq 60); do
        pb history --restore $((RANDOM % 4 + 1)) 2> err.txt &
        pid=$!
        delay=$((RANDOM * took / 32768))
        printf -v fraction '%06d' $((delay % 1000000))
        read -r -t "$((delay / 1000000)).$fraction" -u 9
        kill -9 $pid 2> /dev/null && kills=$((kills + 1))
        wait $pid; status=$?
        case $status in 0 | 137 | 64) ;; *) echo "round $round: status $status: $(cat err.txt)"; bad=$((bad + 1)) ;; esac
        now=$(pb paste -i all | sha256sum | cut -c1-16) || { echo "round $round: paste failed"; bad=$((bad + 1)); }
        case " $known " in *" $now "*) ;; *) echo "round $round: the board is no state it ever held"; bad=$((bad + 1)) ;; esac
        pb history --list > /dev/null || { echo "round $round: history --list failed"; bad=$((bad + 1)); }
      done
      pb copy <<< "after the rounds" && [ "$(pb paste)" = "after the rounds" ] || { echo "copy after the rounds failed"; bad=$((bad + 1)); }
      pb undo > /dev/null && now=$(pb paste -i all | sha256sum | cut -c1-16)
      case " $known " in *" $now "*) ;; *) echo "undo after the rounds gave no state the board held"; bad=$((bad + 1)) ;; esac
      echo "kills: $kills bad: $bad"
      """
    let result = try sandbox.shell(script, timeLimit: 300)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.last?.hasSuffix("bad: 0") == true, "\(result)")
    let kills = result.lines.last.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    #expect(kills >= 10, "enough restores were killed mid-way to mean something: \(result)")
    print("killed restores: \(result.lines.last ?? "")")
    // No journal or scratch folder is left, and the store's data is whole.
    let board = sandbox.store.appendingPathComponent("boards/general")
    #expect(!FileManager.default.fileExists(atPath: board.appendingPathComponent("journal").path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: board.appendingPathComponent("tmp").path).isEmpty)
  }

  /// A clip of many lines with a word only in its last line, far past any preview.
  static let deepClip =
    "first line of a log\n" + (1...80).map { "line \($0) of filler" }.joined(separator: "\n") + "\nthe zanzibar line\n"

  /// The picker line of the README and the man page, fzf's filter mode standing for the
  /// person who types `zanzibar` and presses Enter.
  static let pickerLine =
    "pb history --list -0 | fzf --read0 --print0 --preview 'pb history --show {1}' FILTER | cut -z -f1 | xargs -0 -r pb history --restore"

  @Test("fzf --read0 over whole texts finds a word deep in a clip of many lines, and the line restores that clip")
  func pickerOverWholeTexts() throws {
    let sandbox = try Sandbox()
    for text in [Self.deepClip, "short clip", "another"] {
      #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    }
    let count = try sandbox.changeCount()
    let picked = try sandbox.shell(Self.pickerLine.replacing("FILTER", with: "-f zanzibar"))
    #expect(picked.status == 0 && picked.stderr.isEmpty, "\(picked)")
    #expect(try sandbox.changeCount() == count + 1, "the restore took effect")
    #expect(try sandbox.pb("paste").text == Self.deepClip, "every line of the clip is back")
    // The one-line form finds it too, now as the present (0) and where it was (3).
    let numbers = try sandbox.shell("pb history --list | fzf -f zanzibar | cut -f1")
    #expect(numbers.lines == ["0", "3"], "\(numbers)")
    // Nothing chosen (fzf finds nothing, or Esc): nothing is restored, and nothing said.
    let none = try sandbox.shell(Self.pickerLine.replacing("FILTER", with: "-f qqqxxyy"))
    #expect(none.status == 0 && none.stderr.isEmpty, "\(none)")
    #expect(try sandbox.changeCount() == count + 1)
  }

  @Test("--show N writes state N as pb paste writes it: every byte, its preferred representation or -t's, an image too")
  func showWritesAsPaste() throws {
    let sandbox = try boardOfFruit()
    // What fzf's preview runs for the line a user is on: {1} is its number.
    let preview = try sandbox.shell("n=$(pb history --list | fzf -f banana | cut -f1) && pb history --show \"$n\"")
    #expect(preview.status == 0 && preview.text == "second banana", "\(preview)")
    #expect(try sandbox.pb("history", "--show", "0").stdout == sandbox.pb("paste").stdout)
    #expect(try sandbox.pb("history", "--show", "3").stdout == SystemSamples.contents(SystemSamples.png))
    let page = try sandbox.file("page.html", "<b>bold</b>")
    #expect(try sandbox.pb("copy", "-r", "public.html=\(page)", "-r", "public.utf8-plain-text=-", stdin: Data("bold".utf8)).status == 0)
    #expect(try sandbox.pb("copy", stdin: Data("over it".utf8)).status == 0)
    #expect(try sandbox.pb("history", "--show", "1").text == "<b>bold</b>", "the preferred representation, as pb paste")
    #expect(try sandbox.pb("history", "--show", "1", "-t", "public.utf8-plain-text").text == "bold")
    let missing = try sandbox.pb("history", "--show", "1", "-t", "png")
    #expect(missing.status == 1 && missing.stderr.hasPrefix("pb: no chosen item"), "as pb paste -t png: \(missing)")
    let past = try sandbox.pb("history", "--show", "99")
    #expect(past.status == 64 && past.stderr.contains("give 0-"), "\(past)")
    // On a terminal, an image is what pb paste makes of it there.
    func onTerminal(_ arguments: [String]) throws -> Result {
      try sandbox.run("/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary] + arguments, stdin: nil, environment: [:])
    }
    #expect(try sandbox.pb("history", "--restore", "4").status == 0)
    let shown = try onTerminal(["history", "--show", "0"])
    let pasted = try onTerminal(["paste"])
    #expect(shown.status == pasted.status, "\(shown) \(pasted)")
    #expect(shown.text.replacing("pb history --show 0", with: "pb paste") == pasted.text, "\(shown) \(pasted)")
  }

  /// The steps of a restore's commit, in order, as strace sees them: the new history
  /// named (the first linkat), the new manifest named (the second: the commit), then the
  /// old manifest, the old history and unreferenced data removed (unlinkat).
  static let commitSteps = [
    "linkat:when=1", "linkat:when=2", "unlinkat:when=1", "unlinkat:when=2", "openat2:when=8",
  ]

  @Test(
    "kill -9 at each step of a restore's commit (strace) leaves the board before or after, and history whole",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace is installed for tests"))
  func restoreKilledAtEachStep() throws {
    let sandbox = try Sandbox()
    let steps = Self.commitSteps.joined(separator: " ")
    let script = """
      set -u
      cd '\(sandbox.root.path)'
      hash() { pb paste -i all | sha256sum | cut -c1-16; }
      pb copy <<< "one" && pb copy -a <<< "one b" && pb copy <<< "two" && pb copy <<< "three" || exit 2
      before=$(hash)
      pb history --restore 2 && after=$(hash) && pb undo > /dev/null || exit 3
      [ "$(hash)" = "$before" ] && [ "$after" != "$before" ] || exit 4
      for step in \(steps); do
        strace -f -o /dev/null -e inject=${step%%:*}:signal=KILL:${step#*:} pb history --restore 2 2> /dev/null
        status=$?
        now=$(hash)
        if [ "$now" = "$before" ]; then
          echo "$step: status $status, before"
        elif [ "$now" = "$after" ]; then
          echo "$step: status $status, after"
          [ "$(pb undo)" = "Undo Restore" ] || echo "$step: undo did not take the restore back"
        else
          echo "$step: status $status, the board is neither"
        fi
        [ "$(hash)" = "$before" ] || echo "$step: not back before"
        pb history --list > /dev/null || echo "$step: history --list failed"
      done
      pb copy <<< "four" && [ "$(pb paste)" = "four" ] || echo "copy after the kills failed"
      pb undo > /dev/null && [ "$(hash)" = "$before" ] || echo "undo after the kills did not give the state before"
      """
    let result = try sandbox.shell(script, timeLimit: 120)
    #expect(result.status == 0, "\(result)")
    print("restore killed at each step:\n\(result.text)")
    let outcomes = result.lines.filter { Self.commitSteps.contains(String($0.prefix { $0 != " " }.dropLast())) }
    #expect(outcomes.count == Self.commitSteps.count, "every step was tried once, with nothing else wrong: \(result)")
    #expect(outcomes.allSatisfy { $0.hasSuffix(", before") || $0.hasSuffix(", after") }, "\(result)")
    #expect(outcomes.contains { $0.contains("status 137, before") }, "a kill landed before the commit: \(result)")
    #expect(outcomes.contains { $0.contains("status 137, after") }, "a kill landed after the commit: \(result)")
  }
}
