import Foundation
import Testing

/// `pbcopy` and `pbpaste`: pb started under macOS's names, as install.sh links them.
@Suite("pbcopy and pbpaste", .tags(.endToEnd))
struct MacOSCommandTests {
  /// A sandbox with `pbcopy` and `pbpaste` links to the pb under test.
  static func sandbox() throws -> (Sandbox, pbcopy: String, pbpaste: String) {
    let sandbox = try Sandbox()
    let bin = sandbox.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for name in ["pbcopy", "pbpaste"] {
      try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Sandbox.binary)
    }
    return (sandbox, bin.appendingPathComponent("pbcopy").path, bin.appendingPathComponent("pbpaste").path)
  }

  @Test("pbcopy stores standard input's bytes and pbpaste gives them back, for text of every kind")
  func roundTrips() throws {
    let (sandbox, pbcopy, pbpaste) = try Self.sandbox()
    let inputs: [(Data, String)] = [
      (Data("héllo\r\nworld".utf8), "public.utf8-plain-text"),
      (Data([0x63, 0x61, 0x66, 0xE9, 0x0A]), "public.plain-text"),  // Latin-1, not UTF-8
      (Data("{\"a\": 1}\n".utf8), "public.json"),
      (Data("<html><body><b>bold</b></body></html>\n".utf8), "public.html"),
      (Data("\n\n".utf8), "public.utf8-plain-text"),
    ]
    for (bytes, type) in inputs {
      let copied = try sandbox.run(pbcopy, [], stdin: bytes, environment: [:])
      #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied)")
      // It went where pb reads, under the type pb detects.
      #expect(try sandbox.pb("types").lines == [type])
      let pasted = try sandbox.run(pbpaste, [], stdin: nil, environment: [:])
      #expect(pasted.status == 0 && pasted.stdout == bytes, "\(pasted)")
      // pbpaste | pbcopy changes nothing: the same bytes under the same type.
      #expect(try sandbox.run(pbcopy, [], stdin: pasted.stdout, environment: [:]).status == 0)
      #expect(try sandbox.pb("paste").stdout == bytes)
      #expect(try sandbox.pb("types").lines == [type])
    }
    // Each pbcopy is a copy, undone as one: two undos go back to the input before the last.
    #expect(try sandbox.pb("undo", "2").status == 0)
    #expect(try sandbox.pb("paste").stdout == inputs[inputs.count - 2].0)
  }

  @Test("-pboard names the board; without it PB_PASTEBOARD or general")
  func pboard() throws {
    let (sandbox, pbcopy, pbpaste) = try Self.sandbox()
    #expect(try sandbox.run(pbcopy, ["-pboard", "find"], stdin: Data("needle".utf8), environment: [:]).status == 0)
    #expect(try sandbox.run(pbcopy, ["-pboard", "work"], stdin: Data("at work".utf8), environment: [:]).status == 0)
    #expect(try sandbox.run(pbcopy, [], stdin: Data("general".utf8), environment: [:]).status == 0)
    #expect(try sandbox.pb("paste", "-p", "find").text == "needle")
    #expect(try sandbox.run(pbpaste, ["-pboard", "find"], stdin: nil, environment: [:]).text == "needle")
    #expect(try sandbox.run(pbpaste, ["-pboard", "work"], stdin: nil, environment: [:]).text == "at work")
    #expect(try sandbox.run(pbpaste, [], stdin: nil, environment: [:]).text == "general")
    #expect(try sandbox.run(pbpaste, [], stdin: nil, environment: ["PB_PASTEBOARD": "work"]).text == "at work")
    // A board that does not exist is a mistake worth a word, not silence.
    let missing = try sandbox.run(pbpaste, ["-pboard", "wrok"], stdin: nil, environment: [:])
    #expect(missing.status == 66 && missing.stdout.isEmpty, "\(missing)")
    #expect(missing.stderr.hasPrefix("pbpaste: no pasteboard named 'wrok'") && missing.stderr.split(separator: "\n").count == 1)
  }

  @Test("pbpaste takes text first, then PostScript, then RTF, and -Prefer puts one first")
  func prefer() throws {
    let (sandbox, _, pbpaste) = try Self.sandbox()
    let rtf = try sandbox.file("a.rtf", "{\\rtf1\\ansi hello}")
    let text = try sandbox.file("a.txt", "hello")
    let postscript = try sandbox.file("a.ps", "%!PS-Adobe-3.0\n%%EndComments\nshowpage\n")
    #expect(try sandbox.pb("copy", "-r", "public.rtf=\(rtf)", "-r", "com.adobe.postscript=\(postscript)", "-r", "txt=\(text)").status == 0)
    #expect(try sandbox.pb("types").lines == ["public.rtf", "com.adobe.postscript", "public.plain-text"])
    func paste(_ arguments: String...) throws -> String { try sandbox.run(pbpaste, arguments, stdin: nil, environment: [:]).text }
    #expect(try paste() == "hello")
    #expect(try paste("-Prefer", "txt") == "hello")
    #expect(try paste("-Prefer", "rtf") == "{\\rtf1\\ansi hello}")
    #expect(try paste("-Prefer", "ps").hasPrefix("%!PS-Adobe-3.0"))
    // Without text, PostScript comes before RTF.
    #expect(try sandbox.pb("copy", "-r", "public.rtf=\(rtf)", "-r", "com.adobe.postscript=\(postscript)").status == 0)
    #expect(try paste().hasPrefix("%!PS-Adobe-3.0"))
    #expect(try paste("-Prefer", "rtf") == "{\\rtf1\\ansi hello}")
    // Other text (HTML here) comes after all three.
    let html = try sandbox.file("a.html", "<p>hello</p>")
    #expect(try sandbox.pb("copy", "-r", "public.html=\(html)", "-r", "public.rtf=\(rtf)").status == 0)
    #expect(try paste() == "{\\rtf1\\ansi hello}")
    #expect(try sandbox.pb("copy", "-r", "public.html=\(html)").status == 0)
    #expect(try paste("-Prefer", "rtf") == "<p>hello</p>")
    let bad = try sandbox.run(pbpaste, ["-Prefer", "html"], stdin: nil, environment: [:])
    #expect(bad.status == 64 && bad.stderr.hasPrefix("pbpaste: ") && bad.stderr.contains("invalid value 'html' for '-Prefer <txt|rtf|ps>'; give 'txt', 'rtf' or 'ps'"), "\(bad)")
  }

  @Test("as on macOS, pbpaste of an empty board or of data that is not text writes nothing and succeeds")
  func nothingToPaste() throws {
    let (sandbox, _, pbpaste) = try Self.sandbox()
    let empty = try sandbox.run(pbpaste, [], stdin: nil, environment: [:])
    #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty, "\(empty)")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
    #expect(try sandbox.pb(["copy"], stdin: png).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.png"])
    let image = try sandbox.run(pbpaste, [], stdin: nil, environment: [:])
    #expect(image.status == 0 && image.stdout.isEmpty && image.stderr.isEmpty, "\(image)")
    // The image is still there for pb paste.
    #expect(try sandbox.pb("paste").stdout == png)
  }

  @Test("-help shows their own usage; other words are refused in one line")
  func usage() throws {
    let (sandbox, pbcopy, pbpaste) = try Self.sandbox()
    let help = try sandbox.run(pbpaste, ["-help"], stdin: nil, environment: [:])
    #expect(help.status == 0 && help.text.contains("USAGE: pbpaste [-pboard <name>] [-Prefer <txt|rtf|ps>]"), "\(help)")
    #expect(try sandbox.run(pbcopy, ["-help"], stdin: nil, environment: [:]).text.contains("USAGE: pbcopy [-pboard <name>]"))
    #expect(try sandbox.run(pbcopy, [], stdin: Data("kept".utf8), environment: [:]).status == 0)
    let file = try sandbox.run(pbcopy, ["notes.txt"], stdin: Data("x".utf8), environment: [:])
    #expect(file.status == 64 && file.stderr.hasPrefix("pbcopy: ") && file.stderr.split(separator: "\n").count == 1, "\(file)")
    // The refused line copied nothing.
    #expect(try sandbox.pb("paste").text == "kept")
  }
}
