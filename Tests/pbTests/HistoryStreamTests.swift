import Foundation
import Testing

/// `pb history --list` over large clips, the JSON pb writes, `--show` of an empty state,
/// and an older history file naming what only a newer format defines.
@Suite("history listed a state at a time", .tags(.endToEnd))
struct HistoryStreamTests {
  /// The exit status and peak resident memory (KiB) of a pb command, its output dropped.
  func peak(_ sandbox: Sandbox, _ command: String) throws -> (status: Int, kib: Int) {
    let result = try sandbox.shell("python3 \(Sandbox.support("peak_rss.py")) \(command)", timeLimit: 300)
    let words = result.text.split(whereSeparator: \.isWhitespace)
    return (Int(words.first ?? "") ?? -1, Int(words.last ?? "") ?? .max)
  }

  @Test("--list, --json and -0 of a board of large clips hold about one clip in memory, and give every byte")
  func largeClipsAreStreamed() throws {
    let sandbox = try Sandbox()
    let clips = 8
    let size = 8 << 20
    var texts: [String] = []
    for number in 0..<clips {
      // Each clip a different, long line of words: previews are as long as the texts.
      let text = String(String(repeating: "clip \(number) word ", count: size / 12).prefix(size))
      texts.append(text)
      #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    }
    let json = try sandbox.json(try sandbox.pb("history", "--list", "--json")) as? [[String: Any]] ?? []
    #expect(json.map { $0["text"] as? String } == texts.reversed(), "every state listed with its whole text")
    let entries = try sandbox.pb("history", "--list", "-0")
    #expect(entries.stdout == Data(texts.reversed().enumerated().map { "\($0)\t\($1)\0" }.joined().utf8))
    let total = clips * size / 1024
    for command in ["pb history --list", "pb history --list --json", "pb history --list -0"] {
      let (status, kib) = try peak(sandbox, command)
      #expect(status == 0, "\(command)")
      // Held all at once, the texts and their previews alone are twice the total; a clip
      // at a time (its text, preview and output, a debug build's own 16 MiB) stays within it.
      #expect(kib < total + (16 << 10), "\(command): peak \(kib) KiB for \(clips) clips of \(size / 1024) KiB")
    }
  }

  @Test("every JSON pb writes escapes C1 controls (U+0080 to U+009F), which a terminal obeys, as it escapes C0")
  func c1ControlsAreEscaped() throws {
    let sandbox = try Sandbox()
    let hostile = "before\u{9B}2J\u{85}next\u{80}\u{9F}after é ü"
    #expect(try sandbox.pb("copy", stdin: Data(hostile.utf8)).status == 0)
    let listed = try sandbox.pb("history", "--list", "--json")
    #expect(listed.status == 0, "\(listed)")
    let raw = [UInt8](listed.stdout)
    let c1 = raw.indices.dropLast().filter { raw[$0] == 0xC2 && (0x80...0x9F).contains(raw[$0 + 1]) }
    #expect(c1.isEmpty, "no C1 control written raw: \(listed.text.debugDescription)")
    #expect(listed.text.contains(#"before\u009b2J\u0085next\u0080\u009fafter é ü"#), "\(listed.text.debugDescription)")
    let states = try sandbox.json(listed) as? [[String: Any]] ?? []
    #expect(states.first?["text"] as? String == hostile, "the text reads back as it was")
    // pb paste --json streams its text in chunks of 96 KiB: a C1 split between two is escaped too.
    let split = String(repeating: "a", count: 3 * 32 * 1024 - 1) + "\u{9B}31m" + String(repeating: "b", count: 10)
    #expect(try sandbox.pb("copy", stdin: Data(split.utf8)).status == 0)
    let pasted = try sandbox.pb("paste", "--json")
    let pastedBytes = [UInt8](pasted.stdout)
    #expect(!pastedBytes.indices.dropLast().contains { pastedBytes[$0] == 0xC2 && pastedBytes[$0 + 1] == 0x9B }, "\(pasted.stderr)")
    #expect(pasted.text.contains(#"a\u009b31mb"#))
    let items = try sandbox.json(pasted) as? [[String: Any]] ?? []
    #expect(items.first?["text"] as? String == split)
  }

  @Test("--show of a state without items says so as pb paste of an empty board does, naming the state (1)")
  func showOfAnEmptyState() throws {
    let sandbox = try Sandbox()
    let empty = try sandbox.pb("paste")
    #expect(empty.status == 1 && empty.stderr == "pb: pasteboard 'general' is empty; copy something first: echo hello | pb copy\n")
    for text in ["first", "second"] { #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0) }
    #expect(try sandbox.pb("history", "--show", "1").text == "first", "state 1 is the first copy; 2 the board before it")
    let shown = try sandbox.pb("history", "--show", "2")
    #expect(shown.status == empty.status && shown.stdout.isEmpty, "\(shown)")
    #expect(shown.stderr == "pb: state 2 of pasteboard 'general' is empty; show a state pb history --list lists\n", "\(shown)")
  }

  @Test("a format 6 history naming pins or a budget, which only format 7 defines, is read as format 6: no pins, the default budget")
  func format6WithPins() throws {
    let sandbox = try Sandbox()
    for text in ["one", "two", "three"] { #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0) }
    #expect(try sandbox.pb("history", "--pin", "1").status == 0)
    #expect(try sandbox.pb("history", "--max-bytes", "1K").status == 0)
    #expect(try sandbox.pb("history", "--list").lines.filter { $0.contains("\tpinned\t") }.count == 1, "the pin took")
    let path = sandbox.store.appendingPathComponent("boards/general/history/3.json")
    let written = try String(contentsOf: path, encoding: .utf8)
    #expect(written.contains("\"pins\"") && written.contains("\"maxBytes\" : 1024"), "\(written)")
    try written.replacingOccurrences(of: "\"format\" : 7", with: "\"format\" : 6").write(to: path, atomically: false, encoding: .utf8)
    let listed = try sandbox.pb("history", "--list")
    #expect(listed.status == 0 && listed.lines.count == 3, "\(listed)")
    #expect(!listed.text.contains("pinned"), "format 6 has no pins: \(listed)")
    #expect(try sandbox.pb("history").text.contains("budget: 256.0 MiB"), "and the default budget")
    #expect(try sandbox.pb("copy", stdin: Data("four".utf8)).status == 0)
    let rewritten = try String(contentsOf: sandbox.store.appendingPathComponent("boards/general/history/4.json"), encoding: .utf8)
    #expect(rewritten.contains("\"format\" : 7") && !rewritten.contains("\"pins\""), "\(rewritten)")
    #expect(try sandbox.pb("paste").text == "four")
  }
}
