import Foundation
import Testing

/// Image items shown as pictures on a terminal: the protocol the terminal answers that it
/// takes (kitty, sixel, iTerm2 by its environment, else Unicode blocks), checked in a
/// pseudo-terminal that answers as each terminal does; bytes to a pipe or with --force.
@Suite("pictures on the terminal: kitty, sixel, iTerm2 or blocks as the terminal answers", .tags(.endToEnd))
struct TerminalPictureTests {
  static let helper = Sandbox.support("terminal_picture.py")
  static let query = "\\x1b[c"
  static let sixelTerminal = "\\x1b[?62;4;22c"
  static let plainTerminal = "\\x1b[?1;2c"
  static let kittyTerminal = "\\x1b_Gi=31;OK\\x1b\\\\\\x1b[?62;22c"

  /// A PNG of `width` x `height` pixels of one colour, as a file; returns its path.
  static func png(_ sandbox: Sandbox, _ name: String, _ width: Int, _ height: Int, _ colour: [Int]) throws -> String {
    let path = sandbox.root.appendingPathComponent(name).path
    let made = try sandbox.run(
      "/usr/bin/env", ["python3", helper, "png", path, String(width), String(height)] + colour.map(String.init), stdin: nil,
      environment: [:])
    try #require(made.status == 0, "\(made)")
    return path
  }

  /// A board holding a 64x32 PNG of pure red; returns its bytes.
  static func redImage(_ sandbox: Sandbox) throws -> Data {
    let path = try png(sandbox, "red.png", 64, 32, [255, 0, 0])
    try #require(try sandbox.pb("copy", path).status == 0)
    try #require(try sandbox.pb("types").lines == ["public.png"], "the copy took effect")
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// `pb ARGUMENTS` on an 80x24 terminal of its own that answers the query with `answer`
  /// (none: a terminal that never answers), with `environment` (24-bit colour by default).
  static func onTerminal(
    _ sandbox: Sandbox, _ arguments: [String], answer: String?, environment: [String] = ["COLORTERM=truecolor"]
  ) throws -> Result {
    let answering = answer.map { ["--answer", query, $0] } ?? []
    let command = ["env", "-u", "TMUX", "-u", "TERM_PROGRAM", "-u", "LC_TERMINAL", "TERM=xterm-256color"] + environment
    return try sandbox.run(
      "/usr/bin/env",
      ["python3", Sandbox.support("terminal.py"), "--size", "80x24"] + answering + ["--"] + command + [Sandbox.binary] + arguments,
      stdin: nil, environment: [:])
  }

  @Test("a terminal that answers sixel gets a sixel picture, asked once with kitty's query and DA1")
  func sixel() throws {
    let sandbox = try Sandbox()
    _ = try Self.redImage(sandbox)
    let shown = try Self.onTerminal(sandbox, ["paste"], answer: Self.sixelTerminal)
    #expect(shown.status == 0, "\(shown)")
    #expect(shown.text.contains("\u{1B}_Gi=31,s=1,v=1,a=q") && shown.text.contains("\u{1B}[c"), "it asked: \(shown)")
    #expect(shown.text.contains("\u{1B}P") && shown.text.contains("q\""), "a sixel picture: \(shown)")
    #expect(!shown.text.contains("IHDR") && !shown.text.contains("_Ga=T"), "not the bytes, not kitty's: \(shown)")
  }

  @Test("a terminal that answers kitty's query gets kitty graphics; iTerm2 is known by TERM_PROGRAM")
  func kittyAndITerm2() throws {
    let sandbox = try Sandbox()
    _ = try Self.redImage(sandbox)
    let kitty = try Self.onTerminal(sandbox, ["paste"], answer: Self.kittyTerminal)
    #expect(kitty.status == 0, "\(kitty)")
    #expect(kitty.text.contains("\u{1B}_Ga=T"), "a kitty picture: \(kitty)")
    #expect(!kitty.text.contains("\u{1B}P"), "\(kitty)")
    let iTerm2 = try Self.onTerminal(
      sandbox, ["paste"], answer: Self.sixelTerminal, environment: ["TERM_PROGRAM=iTerm.app"])
    #expect(iTerm2.status == 0, "\(iTerm2)")
    #expect(iTerm2.text.contains("\u{1B}]1337;File="), "an iTerm2 picture: \(iTerm2)")
  }

  @Test("elsewhere Unicode blocks in the image's colour, within the terminal; a silent terminal costs a second")
  func blocks() throws {
    let sandbox = try Sandbox()
    _ = try Self.redImage(sandbox)
    let shown = try Self.onTerminal(sandbox, ["paste"], answer: Self.plainTerminal)
    #expect(shown.status == 0, "\(shown)")
    #expect(shown.text.contains(";2;255;0;0m"), "red, in 24-bit colour: \(shown)")
    #expect(!shown.text.contains("\u{1B}P") && !shown.text.contains("\u{1B}_Ga="), "\(shown)")
    // The rows of the picture, after the query pb wrote before it.
    let picture = shown.text.components(separatedBy: "\u{1B}[c").last ?? ""
    let rows = picture.components(separatedBy: "\r\n").filter { $0.contains(";2;255;0;0m") }
    #expect(rows.count >= 2 && rows.count <= 23, "no taller than the terminal: \(rows.count) rows")
    // 64x32 pixels in cells twice as tall as wide: 64 columns at most, never past 80.
    let widest = rows.map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count }.max() ?? 0
    #expect(widest > 0 && widest <= 80, "\(widest) columns")

    let started = Date()
    let silent = try Self.onTerminal(sandbox, ["paste"], answer: nil)
    #expect(silent.status == 0, "\(silent)")
    #expect(silent.text.contains(";2;255;0;0m"), "\(silent)")
    #expect(Date().timeIntervalSince(started) < 15, "it did not wait for ever")

    let sixteen = try Self.onTerminal(sandbox, ["paste"], answer: Self.plainTerminal, environment: ["COLORTERM="])
    #expect(sixteen.status == 0 && !sixteen.text.contains(";2;255;0;0m") && sixteen.text.contains("\u{1B}["), "\(sixteen)")
  }

  @Test("a pipe gets the bytes, and so does a terminal with --force; text stays text")
  func bytes() throws {
    let sandbox = try Sandbox()
    let png = try Self.redImage(sandbox)
    let piped = try sandbox.pb("paste")
    #expect(piped.status == 0 && piped.stdout == png, "\(piped)")
    let forced = try Self.onTerminal(sandbox, ["paste", "--force"], answer: Self.sixelTerminal)
    #expect(forced.status == 0 && forced.text.contains("IHDR"), "\(forced)")
    #expect(!forced.text.contains("\u{1B}[c"), "nothing asked: \(forced)")
    try #require(try sandbox.pb(["copy"], stdin: Data("plain words".utf8)).status == 0)
    let text = try Self.onTerminal(sandbox, ["paste"], answer: Self.sixelTerminal)
    #expect(text.status == 0 && text.text.hasPrefix("plain words") && !text.text.contains("\u{1B}[c"), "\(text)")
  }

  @Test("a damaged image is described on one line with how to save it; the board keeps it")
  func damaged() throws {
    let sandbox = try Sandbox()
    var bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    bytes.append(Data("\0\0\0\rIHDR\0\0\u{7F}\u{FF}\0\0\u{7F}\u{FF}\u{8}\u{2}\0\0\0 damaged".utf8))
    let path = try sandbox.file("damaged.png", bytes)
    try #require(try sandbox.pb("copy", "-t", "png", path).status == 0)
    try #require(try sandbox.pb("types").lines == ["public.png"], "the copy took effect")
    let shown = try Self.onTerminal(sandbox, ["paste"], answer: Self.sixelTerminal)
    #expect(shown.status == 0, "\(shown)")
    let line = shown.text.components(separatedBy: "\r\n").first { $0.contains("not shown") } ?? ""
    #expect(line.contains("public.png") && line.contains("the image is damaged") && line.contains("pb paste > file.png"), "\(shown)")
    #expect(try sandbox.pb("paste").stdout == bytes, "the board keeps it as it was")
  }

  @Test("pb items --pictures draws each image item under its line, in blocks through a pipe")
  func items() throws {
    let sandbox = try Sandbox()
    let path = try Self.png(sandbox, "red.png", 64, 32, [255, 0, 0])
    let note = try sandbox.file("note.txt", "a note\n")
    try #require(try sandbox.pb("copy", note, path).status == 0)
    try #require(try sandbox.pb("items").lines.count == 2, "the copy took effect")
    let shown = try Self.onTerminal(sandbox, ["items", "--pictures"], answer: Self.sixelTerminal)
    #expect(shown.status == 0, "\(shown)")
    let lines = shown.text.components(separatedBy: "\r\n")
    #expect(lines.first?.hasPrefix("0\t") == true && lines.contains { $0.hasPrefix("1\tpublic.png") }, "\(shown)")
    #expect(shown.text.components(separatedBy: "\u{1B}P").count == 2, "one sixel picture, of item 1: \(shown)")

    let piped = try sandbox.pb(["items", "--pictures"], environment: ["COLORTERM": "truecolor"])
    #expect(piped.status == 0 && piped.text.contains(";2;255;0;0m") && piped.lines.first?.hasPrefix("0\t") == true, "\(piped)")
    let plain = try sandbox.pb("items")
    #expect(!plain.text.contains("\u{1B}"), "no picture without --pictures: \(plain)")
    #expect(try sandbox.pb("items", "--pictures", "--json").status == 64)
  }
}

/// The picture in real terminals: xterm with sixel and kitty with its graphics protocol under
/// a private X server, their screens read back; tmux, which answers for itself and gets blocks.
@Suite("pictures in xterm (sixel) and kitty (its graphics), screenshots, and in tmux (blocks)", .tags(.endToEnd, .desktop))
struct TerminalPictureDesktopTests {
  /// A 160x80 orange image on the board, shown by the terminal `open` starts on a private
  /// X server (with the server, and the file its shell writes pb's status to): pb's status
  /// and how many orange pixels the screen shows once most of the image's do. Orange: a
  /// 16-colour terminal has none like it, so only a picture of pixels shows it.
  static func orangeShown(by open: (Sandbox, PrivateX, String) throws -> Background) throws -> (status: String, orange: Int) {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let path = try TerminalPictureTests.png(sandbox, "orange.png", 160, 80, [255, 128, 0])
    try #require(try sandbox.pb("copy", path).status == 0)
    func orange() throws -> Int {
      let counted = try x.client(sandbox, "python3", [TerminalPictureTests.helper, "count", x.display, "255", "128", "0"])
      return Int(counted.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
    try #require(try orange() == 0, "no orange before")
    let done = sandbox.root.appendingPathComponent("done").path
    let terminal = try open(sandbox, x, done)
    defer { withExtendedLifetime(terminal) {} }  // open until the screen is read
    #expect(waitUntil(seconds: 60) { ((try? String(contentsOfFile: done, encoding: .utf8)) ?? "").hasSuffix("\n") })
    var seen = 0
    _ = try waitUntil(seconds: 20) { seen = try orange(); return seen > 8000 }
    return ((try? String(contentsOfFile: done, encoding: .utf8)) ?? "", seen)
  }

  @Test("xterm -ti vt340 shows the image's colour on its screen: a sixel picture, as blocks in 16 colours cannot")
  func xtermSixel() throws {
    let shown = try Self.orangeShown { sandbox, x, done in
      // The terminal stays open, its shell waiting for a line nobody types, until the test ends it.
      let script = "env -u COLORTERM TERM=xterm \(Sandbox.binary) paste; echo $? > \(done); read -r kept_open"
      return try Background(
        sandbox, ["xterm", "-ti", "vt340", "-geometry", "80x24+0+0", "-e", "sh", "-c", script], environment: x.environment)
    }
    #expect(shown.status == "0\n")
    // The 160x80 picture, drawn at its own size (it fits): most of its 12,800 pixels.
    #expect(shown.orange > 8000, "\(shown.orange) orange pixels")
  }

  @Test("kitty shows the image's colour at the image's size: its graphics protocol, as blocks in 16 colours cannot")
  func kittyGraphics() throws {
    let shown = try Self.orangeShown { sandbox, x, done in
      // kitty on a software renderer can take over a second to read its input once
      // started, longer than pb waits for an answer: the shell asks DA1 first and waits
      // for the answer, so pb's own question comes to a kitty that answers.
      let script =
        "printf '\\033[c'; read -rs -d c answered; env -u COLORTERM \(Sandbox.binary) paste; echo $? > \(done); read -r kept_open"
      return try Background(
        sandbox,
        ["kitty", "--config", "NONE", "-o", "initial_window_width=640", "-o", "initial_window_height=400", "bash", "-c", script],
        environment: x.environment)
    }
    #expect(shown.status == "0\n")
    // Drawn at its own size (it fits): the 12,800 pixels, no more.
    #expect(shown.orange > 8000 && shown.orange <= 12800, "\(shown.orange) orange pixels")
  }

  @Test("inside tmux, which answers for itself without sixel, the picture is Unicode blocks in the pane")
  func tmuxBlocks() throws {
    let sandbox = try Sandbox()
    _ = try TerminalPictureTests.redImage(sandbox)
    let socket = sandbox.root.appendingPathComponent("tmux").path
    let done = sandbox.root.appendingPathComponent("done").path
    func tmux(_ arguments: String...) throws -> Result {
      try sandbox.run("/usr/bin/env", ["-u", "TMUX", "tmux", "-u", "-S", socket, "-f", "/dev/null"] + arguments, stdin: nil, environment: [:], timeLimit: 30)
    }
    let script = "COLORTERM=truecolor \(Sandbox.binary) paste; echo $? > \(done); read -r kept_open"
    // The server it starts stays: without the test's pipes, or the test would wait on it.
    let started = try Background.leavingServer(
      sandbox, ["env", "-u", "TMUX", "tmux", "-u", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", script],
      stdin: nil, environment: [:])
    try #require(started.status == 0, "\(started)")
    defer { _ = try? tmux("kill-server") }
    #expect(waitUntil(seconds: 30) { ((try? String(contentsOfFile: done, encoding: .utf8)) ?? "").hasSuffix("\n") })
    #expect(try String(contentsOfFile: done, encoding: .utf8) == "0\n")
    let pane = try tmux("capture-pane", "-p", "-e")
    #expect(pane.status == 0 && pane.text.contains("255;0;0"), "red blocks: \(pane)")
    let picture = pane.text.split(separator: "\n").filter { $0.contains("255;0;0") }
    #expect(picture.count >= 2 && picture.count <= 23, "\(pane)")
  }
}
