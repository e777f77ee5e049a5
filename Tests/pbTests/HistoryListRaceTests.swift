import Foundation
import Testing

/// `pb history --list` while other pbs change the history, a clip's invisible characters
/// in its forms, and a planted history of pathological size: what a hostile pass found.
@Suite("history lists under change and attack", .tags(.endToEnd))
struct HistoryListRaceTests {
  /// Large enough that one state's text fills a pipe and pb's output buffer (128 KiB):
  /// `pb history --list` is then held in the middle of writing the present state,
  /// before it reads the next.
  static let pad = String(repeating: "x", count: 200_000)

  /// A script's first lines: `fill FIRST LAST` copies clip FIRST to LAST, each
  /// `clipN-<pad>-end`.
  static let fill = """
    pad=$(head -c \(pad.count) /dev/zero | tr '\\0' x)
    fill() { local i; for ((i = $1; i <= $2; i++)); do printf 'clip%s-%s-end' "$i" "$pad" | pb copy || exit 1; done; }

    """

  static func isClip(_ text: String) -> Bool {
    text.hasPrefix("clip") && text.hasSuffix("-\(pad)-end")
  }

  @Test(
    "a list held at its first state while another pb clears the history goes on without the states cleared: no null text, no bracketed line, no number --show refuses",
    arguments: [["--json"], [], ["-0"]])
  func listHeldWhileCleared(form: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      Self.fill + """
        fill 1 5
        mkfifo out
        pb history --list \(form.joined(separator: " ")) > out & lister=$!
        exec 3< out
        wait_until "blocked $lister pipe" || { echo "the list was not held"; exit 1; }
        pb history --clear || exit 1
        pb history --list | cut -f1 | tr '\\n' ' ' > after-clear
        cat <&3 > listed
        wait $lister
        """)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    let afterClear = try String(contentsOf: sandbox.root.appendingPathComponent("after-clear"), encoding: .utf8)
    #expect(afterClear == "0 ", "the clear took effect: only the present is left: \(afterClear)")
    let listed = try Data(contentsOf: sandbox.root.appendingPathComponent("listed"))
    var numbers: [String] = []
    switch form {
    case ["--json"]:
      let array = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]], "\(listed.count) bytes")
      for state in array {
        #expect(Self.isClip(state["text"] as? String ?? ""), "a state without its text: \(state.filter { $0.key != "text" })")
        numbers.append("\(state["number"] ?? "")")
      }
    case ["-0"]:
      for entry in String(decoding: listed, as: UTF8.self).split(separator: "\0") {
        let fields = entry.split(separator: "\t", maxSplits: 1)
        #expect(fields.count == 2 && Self.isClip(String(fields[1])), "\(entry.prefix(200))")
        numbers.append(String(fields[0]))
      }
    default:
      for line in String(decoding: listed, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 5 && Self.isClip(String(fields[4])), "\(line.prefix(200))")
        numbers.append(String(fields[0]))
      }
    }
    #expect(numbers == ["0"], "the states cleared are left out: \(numbers)")
    for number in numbers {
      let shown = try sandbox.pb("history", "--show", number)
      #expect(shown.status == 0 && Self.isClip(shown.text), "state \(number) listed is shown: \(shown.status) \(shown.stderr)")
    }
  }

  @Test("a data file removed while a list is held at its first state: that state is left out, the others listed whole")
  func dataFileRemovedMidList() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      Self.fill + """
        fill 1 4
        mkfifo out
        pb history --list --json > out & lister=$!
        exec 3< out
        wait_until "blocked $lister pipe" || { echo "the list was not held"; exit 1; }
        file=$(grep -l '^clip2-' "$PB_DIR"/boards/general/data/*) && rm "$file" || exit 1
        cat <&3 > listed
        wait $lister
        """)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    let listed = try Data(contentsOf: sandbox.root.appendingPathComponent("listed"))
    let array = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]], "\(listed.count) bytes")
    #expect(array.map { "\($0["number"] ?? "")" } == ["0", "1", "3"], "state 2 went: \(array.map { $0["number"] ?? "" })")
    #expect(array.allSatisfy { Self.isClip($0["text"] as? String ?? "") }, "every state listed has its text")
  }

  @Test("lists in a loop against clears and copies in another process: every listing, of each form, has whole texts only")
  func listsInALoopAgainstClears() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      Self.fill + """
        fill 1 6
        ( for round in 1 2 3 4; do pb history --clear && fill 1 6 || exit 1; done; touch writer-done ) &
        n=0
        while [ ! -e writer-done ]; do
          pb history --list --json > list.$n.json && pb history --list -0 > list.$n.0 \\
            && pb history --list > list.$n.txt || exit 1
          n=$((n + 1))
        done
        wait
        echo "$n rounds"
        """, timeLimit: 600)
    #expect(result.status == 0 && result.stderr.isEmpty && !result.text.hasPrefix("0 rounds"), "\(result)")
    let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("list.") }
    #expect(files.count >= 3, "\(files)")
    for name in files {
      let data = try Data(contentsOf: sandbox.root.appendingPathComponent(name))
      if name.hasSuffix(".json") {
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(name)")
        #expect(array.allSatisfy { Self.isClip($0["text"] as? String ?? "") }, "\(name): \(array.map { $0["preview"] ?? "" })")
      } else if name.hasSuffix(".0") {
        let entries = String(decoding: data, as: UTF8.self).split(separator: "\0")
        #expect(entries.allSatisfy { Self.isClip(String($0.split(separator: "\t", maxSplits: 1).last ?? "")) }, "\(name)")
      } else {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.allSatisfy { Self.isClip(String($0.split(separator: "\t").last ?? "")) }, "\(name): \(lines.map { $0.suffix(60) })")
      }
    }
  }

  static let hidden = "safe\u{202E}txt.exe pass\u{200B}word \u{2066}iso\u{2069} soft\u{AD}hyphen line\u{2028}sep bom\u{FEFF} c1\u{9B}31m"

  @Test("--list --json escapes bidirectional and invisible characters, on a terminal and in a pipe, and a parser reads the clip's own")
  func jsonEscapesInvisibleCharacters() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data(Self.hidden.utf8)).status == 0)
    #expect(try sandbox.pb("paste").text == Self.hidden, "the clip is stored as it is")
    let piped = try sandbox.pb("history", "--list", "--json")
    #expect(piped.status == 0, "\(piped)")
    let array = try #require(try JSONSerialization.jsonObject(with: piped.stdout) as? [[String: Any]])
    #expect(array.first?["text"] as? String == Self.hidden, "a parser gets the clip's characters")
    for escape in ["\\u202e", "\\u200b", "\\u2066", "\\u2069", "\\u00ad", "\\u2028", "\\ufeff", "\\u009b"] {
      #expect(piped.text.contains(escape), "\(escape) in \(piped.text)")
    }
    let shown = try sandbox.run(
      "/usr/bin/env", ["python3", Sandbox.support("terminal.py"), "--", Sandbox.binary, "history", "--list", "--json"], stdin: nil,
      environment: [:])
    #expect(shown.status == 0 && shown.text.contains("pass\\u200bword"), "\(shown)")
    let raw = shown.text.unicodeScalars.filter { $0.properties.generalCategory == .format || $0.value == 0x2028 || $0.value == 0x9B }
    #expect(raw.isEmpty, "nothing invisible reaches the terminal raw: \(raw.map { String($0.value, radix: 16) })")
  }

  @Test("--list on a terminal shows a clip's invisible characters and controls escaped; piped, a picker gets the words without them")
  func listOnATerminalShowsInvisibleCharacters() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data((Self.hidden + " \u{1B}[2Jend").utf8)).status == 0)
    let shown = try sandbox.run(
      "/usr/bin/env",
      ["python3", Sandbox.support("terminal.py"), "--", "sh", "-c", "stty cols 400 && exec \"$0\" history --list", Sandbox.binary],
      stdin: nil, environment: [:])
    #expect(shown.status == 0, "\(shown)")
    let line = shown.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    #expect(
      line.hasSuffix("\tsafe\\u{202e}txt.exe pass\\u{200b}word \\u{2066}iso\\u{2069} soft\\u{ad}hyphen line↵sep bom\\u{feff} c1\\x9b31m \\e[2Jend"),
      "\(line.debugDescription)")
    let raw = line.unicodeScalars.filter { $0.properties.generalCategory == .format || ($0.value < 0x20 && $0 != "\t") }
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
    let piped = try sandbox.pb("history", "--list")
    #expect(piped.lines.first?.hasSuffix("\tsafetxt.exe password iso softhyphen line↵sep bom c131m [2Jend") == true, "\(piped)")
  }

  @Test("a planted history of 100,000 pins is refused (70) in one line naming the file and the fix, for their number, before a pin is read")
  func manyPinsRefusedEarly() throws {
    let sandbox = try Sandbox()
    for text in ["one", "two", "three"] { #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0) }
    #expect(try sandbox.pb("history", "--pin", "1").status == 0)
    let path = sandbox.store.appendingPathComponent("boards/general/history/3.json")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
    #expect((object["pins"] as? [[String]])?.count == 1, "the pin is stored: \(object)")
    // The last is no data file name: refused for it, the pins were read before they were counted.
    object["pins"] = (0..<99_999).map { [String(format: "%016x.txt", $0)] } + [["not a data file"]]
    try JSONSerialization.data(withJSONObject: object).write(to: path)
    let result = try sandbox.shell("TIMEFORMAT=%U; time pb history --list")
    #expect(result.status == 70, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines[0].hasPrefix("pb: ") && lines[0].contains("history/3.json is damaged (field pins: it names more pins than states"), "\(result)")
    #expect(lines.first?.contains("remove it") == true, "the fix is named: \(result)")
    // CPU seconds, which a loaded machine does not stretch: reading every pin took 0.64.
    let seconds = Double(lines.last ?? "") ?? .infinity
    #expect(seconds < 0.4, "refused in \(seconds) s of CPU")
  }
}
