import Foundation
import Testing

@Suite("copy and paste", .tags(.endToEnd))
struct CopyPasteTests {
  @Test("text from stdin round-trips byte for byte and is typed as UTF-8 text")
  func textRoundTrip() throws {
    let sandbox = try Sandbox()
    let text = Data("héllo, wörld ✓\nsecond line\n".utf8)
    let copy = try sandbox.pb("copy", stdin: text)
    #expect(copy.status == 0, "\(copy)")
    #expect(copy.stdout.isEmpty && copy.stderr.isEmpty, "\(copy)")
    let paste = try sandbox.pb("paste")
    #expect(paste.status == 0, "\(paste)")
    #expect(paste.stdout == text)
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text"])
  }

  @Test("binary with every byte value, NULs included, round-trips")
  func binaryRoundTrip() throws {
    let sandbox = try Sandbox()
    var bytes = Data((0...255).map { UInt8($0) })
    bytes.append(Data(repeating: 0, count: 1000))
    bytes.append(Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }))
    #expect(try sandbox.pb("copy", stdin: bytes).status == 0)
    #expect(try sandbox.pb("paste").stdout == bytes)
    let file = try sandbox.file("blob.bin", bytes)
    #expect(try sandbox.pb("copy", file).status == 0)
    #expect(try sandbox.pb("paste").stdout == bytes)
  }

  @Test(
    "real image and PDF files keep their bytes and are typed right, from stdin and from files",
    arguments: [
      (SystemSamples.png, "public.png"), (SystemSamples.jpeg, "public.jpeg"),
      (SystemSamples.gif, "com.compuserve.gif"), (SystemSamples.pdf, "com.adobe.pdf"),
      (SystemSamples.tiff, "public.tiff"),
    ])
  func realFiles(path: String, type: String) throws {
    let sandbox = try Sandbox()
    let original = try SystemSamples.contents(path)
    let viaStdin = try sandbox.pb("copy", stdin: original)
    #expect(viaStdin.status == 0, "\(viaStdin)")
    #expect(try sandbox.pb("types").lines == [type])
    #expect(try sandbox.pb("paste").stdout == original)
    let viaFile = try sandbox.pb("copy", path)
    #expect(viaFile.status == 0, "\(viaFile)")
    #expect(try sandbox.pb("types").lines == [type])
    #expect(try sandbox.pb("paste").stdout == original)
  }

  @Test("each FILE becomes one item, in order")
  func filesBecomeItems() throws {
    let sandbox = try Sandbox()
    let a = try sandbox.file("a.txt", "alpha\n")
    let b = try sandbox.file("b.txt", "beta\n")
    #expect(try sandbox.pb("copy", a, SystemSamples.png, b).status == 0)
    #expect(try sandbox.pb("types", "-i", "all").lines == ["0\tpublic.utf8-plain-text", "1\tpublic.png", "2\tpublic.utf8-plain-text"])
    #expect(try sandbox.pb("paste", "-i", "2").text == "beta\n")
  }

  @Test("-t gives the type instead of sniffing, as a UTI, MIME type or extension")
  func givenType() throws {
    let sandbox = try Sandbox()
    for (given, expected) in [("public.html", "public.html"), ("text/html", "public.html"), ("htm", "public.html"), ("image/jpg", "public.jpeg"), ("com.example.app.clip", "com.example.app.clip")] {
      #expect(try sandbox.pb("copy", "-t", given, stdin: Data("<p>x</p>".utf8)).status == 0)
      #expect(try sandbox.pb("types").lines == [expected], "for -t \(given)")
    }
  }

  @Test("an unknown MIME type or extension gets a dynamic identifier, and nothing is lost")
  func dynamicTypes() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", "-t", "application/x-foo", stdin: Data("x".utf8)).status == 0)
    #expect(try sandbox.pb("types").lines == ["dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852"])
    #expect(try sandbox.pb("paste", "-t", "application/x-foo").text == "x")
    #expect(try sandbox.pb("contains", "public.data").status == 0)
  }

  @Test("--append adds items after the existing ones; a plain copy replaces them")
  func append() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("one".utf8))
    try sandbox.pb("copy", "--append", stdin: Data("two".utf8))
    try sandbox.pb("copy", "-a", stdin: Data("three".utf8))
    #expect(try sandbox.pb("paste", "-i", "all", "-d", ",").text == "one,two,three")
    try sandbox.pb("copy", stdin: Data("fresh".utf8))
    #expect(try sandbox.pb("paste", "-i", "all").text == "fresh")
    #expect(try sandbox.changeCount() == 4)
  }

  @Test("an empty or closed stdin stores an empty representation")
  func emptyInput() throws {
    let sandbox = try Sandbox()
    let empty = try sandbox.pb("copy", stdin: Data())
    #expect(empty.status == 0, "\(empty)")
    let paste = try sandbox.pb("paste")
    #expect(paste.status == 0 && paste.stdout.isEmpty, "\(paste)")
    #expect(try sandbox.pb("items", "--json").status == 0)
    let closed = try sandbox.shell("pb copy -p closed <&- && pb paste -p closed | wc -c && pb types -p closed")
    #expect(closed.status == 0, "\(closed)")
    #expect(closed.lines == ["0", "public.utf8-plain-text"])
  }

  @Test("pasting into a pipe that closes early ends quietly")
  func brokenPipe() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data(repeating: 0x61, count: 4 << 20))
    let result = try sandbox.shell("pb paste | head -c1; echo \" ${PIPESTATUS[0]}\"")
    #expect(result.text == "a 0\n", "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  @Test("named pasteboards are separate; -p and PB_PASTEBOARD choose one")
  func namedBoards() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", "-p", "work", stdin: Data("w".utf8))
    try sandbox.pb("copy", stdin: Data("g".utf8))
    #expect(try sandbox.pb("paste", "-p", "work").text == "w")
    #expect(try sandbox.pb("paste", "--pasteboard", "work").text == "w")
    #expect(try sandbox.pb("paste", environment: ["PB_PASTEBOARD": "work"]).text == "w")
    #expect(try sandbox.pb("paste").text == "g")
    let find = try sandbox.pb("paste", "-p", "find")
    #expect(find.status == 1, "the find board always exists, empty: \(find)")
  }
}
