import Foundation
import Testing

/// The `color` kind as a user meets it: `pb copy --color` writes the color's text and
/// GTK's application/x-color in one item, `pb contains color` and `pb paste -t color`
/// find a color in either (a text only when it is exactly one CSS color), and bad input
/// is refused with the usage status and nothing stored.
@Suite("colors: pb copy --color, pb contains color, pb paste -t color", .tags(.endToEnd))
struct ColorTests {
  /// The type pb stores application/x-color as, as pb types lists it.
  static func gtkType(_ sandbox: Sandbox) throws -> String {
    let type = try sandbox.pb("type", "application/x-color")
    try #require(type.status == 0, "\(type)")
    return try #require(type.lines.first)
  }

  @Test("--color writes one item: the text #rrggbb first, then GTK's four 16-bit values in the host's order")
  func copyColor() throws {
    let sandbox = try Sandbox()
    let copied = try sandbox.pb("copy", "--color", "rgb(255 136 0)")
    #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied)")
    #expect(try sandbox.pb("items").lines.count == 1, "the copy took effect, as one item")
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text", try Self.gtkType(sandbox)])
    #expect(try sandbox.pb("paste").text == "#ff8800")
    let gtk = try sandbox.pb("paste", "-t", "application/x-color", "--force").stdout
    #expect([UInt8](gtk).withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) } == [0xFFFF, 0x8888, 0, 0xFFFF])
    #expect(try sandbox.pb("contains", "color").status == 0)
    #expect(try sandbox.pb("paste", "-t", "color").text == "#ff8800")
    let history = try sandbox.pb("history").text
    #expect(history.contains("  Copy ") && !history.contains("Import"), "one undoable change named Copy: \(history)")

    #expect(try sandbox.pb("copy", "-a", "--color", "#00ff0080").status == 0)
    #expect(try sandbox.pb("paste", "-i", "all", "-t", "color").text == "#ff8800\n#00ff0080")
    #expect(try sandbox.pb("contains", "-i", "1", "color").status == 0)
  }

  @Test("a text that is exactly one CSS color is a color; any other text, or none, is not, and is skipped by -t color")
  func textColors() throws {
    let sandbox = try Sandbox()
    for (text, hex) in [("#F80\n", "#ff8800"), ("rgba(255, 136, 0, 0.5)", "#ff880080"), ("  rgb(0 0 255)  \n", "#0000ff")] {
      try #require(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
      #expect(try sandbox.pb("paste").text == text, "the copy took effect, stored as written")
      #expect(try sandbox.pb("contains", "color").status == 0, "\(text)")
      #expect(try sandbox.pb("paste", "-t", "color").text == hex, "\(text)")
    }
    for text in ["orange", "#ff8800 and more", "color: #ff8800", ""] {
      try #require(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
      #expect(try sandbox.pb("paste").text == text, "the copy took effect")
      #expect(try sandbox.pb("contains", "color").status == 1, "\(text)")
      let pasted = try sandbox.pb("paste", "-t", "color")
      #expect(pasted.status == 1 && pasted.stdout.isEmpty && pasted.stderr.contains("color"), "\(text): \(pasted)")
    }
    // A color among items: -t color takes the items that hold one, contains each item asked.
    try #require(try sandbox.pb("copy", stdin: Data("words".utf8)).status == 0)
    try #require(try sandbox.pb("copy", "-a", SystemSamples.png).status == 0)
    try #require(try sandbox.pb("copy", "-a", stdin: Data("#123456".utf8)).status == 0)
    #expect(try sandbox.pb("items").lines.count == 3, "the copies took effect")
    #expect(try sandbox.pb("paste", "-i", "all", "-t", "color").text == "#123456")
    // Without -i, the first item that holds a color: the text before it holds none.
    #expect(try sandbox.pb("paste", "-t", "color").text == "#123456")
    #expect(try sandbox.pb("contains", "color").status == 0)
    #expect(try sandbox.pb("contains", "-i", "2", "color").status == 0)
    #expect(try sandbox.pb("contains", "-i", "0", "color").status == 1)
    #expect(try sandbox.pb("contains", "-i", "1", "color", "image").status == 0)
    #expect(try sandbox.pb("contains", "-i", "1", "--all", "color", "image").status == 1)
    #expect(try sandbox.pb("type", "color").lines.first == "com.apple.uikit.color")
  }

  @Test("bad --color input is one line naming the problem and the fix, exit 64, and the board is untouched", arguments: [
    ["--color", "nope"], ["--color", "#ff88001"], ["--color", "rgb(255 136)"], ["--color", ""], ["--color", "red"],
  ])
  func badColor(arguments: [String]) throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.pb("copy", stdin: Data("kept".utf8)).status == 0)
    let result = try sandbox.pb(["copy"] + arguments)
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("pb: '") && result.stderr.contains("is not a color"), "\(result)")
    #expect(result.stderr.contains("give one as CSS writes it: #ff8800"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(try sandbox.pb("paste").text == "kept" && (try sandbox.changeCount()) == 1)
  }

  @Test("--color with a file, -r, -t or -n is refused with the usage status before anything is stored")
  func colorWithOtherInput() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.file("a.txt", "a")
    for arguments in [[file], ["-r", file], ["-t", "text"], ["-n"], ["--from", "general"]] {
      let result = try sandbox.pb(["copy", "--color", "#fff"] + arguments)
      #expect(result.status == 64 && result.stderr.contains("--color"), "\(arguments): \(result)")
    }
    #expect(try sandbox.pb("count").text == "0\n", "nothing was stored")
    // The options that say how an item is kept still apply.
    #expect(try sandbox.pb("copy", "--color", "#fff", "--concealed", "--no-undo").status == 0)
    #expect(try sandbox.pb("paste", "-t", "color").text == "#ffffff")
    let items = try sandbox.pb("items")
    #expect(items.text.contains("concealed"), "\(items)")
  }
}

/// A real GTK 3 client and pb: the color pb publishes reaches GTK's application/x-color,
/// and a GTK application's color imported is kept as it offered it.
@Suite("colors on the desktop: GTK's application/x-color both ways", .tags(.endToEnd, .desktop))
struct ColorDesktopTests {
  static let client = Sandbox.support("gtk_color.py")
  /// Debian's python, with python3-gi (a python3 first on PATH may lack it).
  static let python = "/usr/bin/python3"

  @Test("X11: a GTK client reads pb copy --color's application/x-color from pb publish")
  func publishToGTK() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb("copy", "--color", "#ff880080").status == 0)
    #expect(try sandbox.pb("paste", "-t", "color").text == "#ff880080", "the copy took effect")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let read = try x.client(sandbox, Self.python, [Self.client, "read"])
    #expect(read.text == "ffff 8888 0000 8080\n", "\(read)")
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]).text == "#ff880080", "text readers get its text")
  }

  @Test("X11: pb import of a GTK application's color keeps its application/x-color; pb paste -t color prints it")
  func importFromGTK() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try Background(sandbox, [Self.python, Self.client, "own", "0x1212", "0x3434", "0xabab", "0xffff"], environment: x.environment)
    try #require(owner.waitFor("owned").contains("owned"))
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("types").lines == [try ColorTests.gtkType(sandbox)], "the import kept GTK's color")
    #expect(try sandbox.pb("contains", "color").status == 0)
    #expect(try sandbox.pb("paste", "-t", "color").text == "#1234ab")
    // Published again, a GTK client reads the same values.
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    #expect(try x.client(sandbox, Self.python, [Self.client, "read"]).text == "1212 3434 abab ffff\n")
  }
}
