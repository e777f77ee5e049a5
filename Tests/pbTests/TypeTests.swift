import Foundation
import Testing

/// The sniffing corpus (Corpus/expected.tsv, made by Corpus/make-corpus.py).
enum Corpus {
  struct Sample: CustomStringConvertible {
    var file: String
    var throughStdin: String
    var throughFile: String
    var isText: Bool
    var path: String { DocsTests.repository.appendingPathComponent("Tests/pbTests/Corpus/samples/" + file).path }
    var description: String { file }
  }

  static let samples: [Sample] = {
    let table = (try? DocsTests.read("Tests/pbTests/Corpus/expected.tsv")) ?? ""
    return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let fields = line.split(separator: "\t").map(String.init)
      return Sample(file: fields[0], throughStdin: fields[1], throughFile: fields[2], isText: fields[3] == "text")
    }
  }()
}

@Suite("types", .tags(.endToEnd))
struct TypeTests {
  @Test("the corpus has at least 60 samples, text and binary")
  func corpusSize() {
    #expect(Corpus.samples.count >= 60)
    #expect(Corpus.samples.filter(\.isText).count >= 30)
    #expect(Corpus.samples.filter { !$0.isText }.count >= 20)
  }

  @Test("data libmagic fails on (UTF-32 with a code point past U+10FFFF) is still copied, byte for byte")
  func dataLibmagicFailsOn() throws {
    let sandbox = try Sandbox()
    // libmagic's encoding check gives up on it: `file` prints "ERROR: (null)".
    let data = Data([0, 0, 0xFE, 0xFF, 0, 0, 0, 0x68, 0, 0, 0, 0x69, 0xFF, 0, 0, 0x0A])
    let copied = try sandbox.pb("copy", stdin: data)
    #expect(copied.status == 0)
    #expect(copied.stderr.isEmpty)
    #expect(try sandbox.pb("count").stdout == Data("1\n".utf8))
    #expect(try sandbox.pb("paste").stdout == data)
    #expect(try sandbox.pb("types").lines == ["public.data"])
  }

  @Test("every corpus sample is typed right through stdin, where the content decides", arguments: Corpus.samples)
  func corpusThroughStdin(sample: Corpus.Sample) throws {
    let sandbox = try Sandbox()
    let data = try SystemSamples.contents(sample.path)
    #expect(try sandbox.pb("copy", stdin: data).status == 0)
    #expect(try sandbox.pb("types").lines == [sample.throughStdin], "\(sample.file) through stdin")
    #expect(try sandbox.pb("paste").stdout == data)
  }

  @Test("every corpus sample is typed right through its file, where the extension decides")
  func corpusThroughFiles() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb(["copy"] + Corpus.samples.map(\.path))
    #expect(result.status == 0, "\(result)")
    let types = try sandbox.pb("types", "-i", "all").lines
    #expect(types.count == Corpus.samples.count)
    for (index, sample) in Corpus.samples.enumerated() where index < types.count {
      #expect(types[index] == "\(index)\t\(sample.throughFile)", "\(sample.file) through its file")
    }
    let sniffed = try sandbox.pb(["type", "--sniff"] + Corpus.samples.map(\.path)).lines.map { $0.split(separator: "\t")[1] }
    #expect(sniffed.map(String.init) == Corpus.samples.map(\.throughFile), "pb type --sniff agrees with pb copy")
  }

  @Test("no text sample is ever typed as something that does not conform to public.text")
  func textStaysText() throws {
    let sandbox = try Sandbox()
    let text = Corpus.samples.filter(\.isText)
    #expect(try sandbox.pb(["copy"] + text.map(\.path)).status == 0)
    #expect(try sandbox.pb("contains", "-i", "all", "public.text").status == 0)
    for sample in text {
      try sandbox.pb("copy", stdin: try SystemSamples.contents(sample.path))
      #expect(try sandbox.pb("contains", "public.text").status == 0, "\(sample.file) through stdin is not text")
    }
  }

  @Test("pb type explains a type given as a UTI, MIME type, extension or dyn. identifier")
  func explain() throws {
    let sandbox = try Sandbox()
    let png = try sandbox.pb("type", "image/png")
    #expect(png.status == 0, "\(png)")
    #expect(png.lines == [
      "public.png", "  description: PNG image.", "  source: built-in", "  conforms to: public.image",
      "  conformance: public.image, public.data, public.item, public.content", "  MIME types: image/png", "  extensions: png",
    ])
    // macOS's identifier for .sql, which no system type declares (shared-mime-info's glob is
    // for the extension, not for a dyn. identifier that carries it).
    let json = try sandbox.json(sandbox.pb("type", "--json", "md", "dyn.ah62d4rv4ge81g6pq", "com.example.clip")) as? [[String: Any]]
    #expect(json?.map { $0["identifier"] as? String } == ["net.daringfireball.markdown", "dyn.ah62d4rv4ge81g6pq", "com.example.clip"])
    #expect(json?[0]["conformsTo"] as? [String] == ["public.utf8-plain-text"])
    #expect(json?[1]["tagSpecification"] as? String == "?0=6:1=sql")
    #expect(json?[1]["filenameExtensions"] as? [String] == ["sql"])
    #expect(json?[2]["conformance"] as? [String] == ["public.data", "public.item"])
    for bad in ["public..png", "dyn.aiii", "text/", "a b"] {
      let result = try sandbox.pb("type", bad)
      #expect(result.status == 65 && result.stderr.hasPrefix("pb: malformed type"), "\(result)")
    }
  }

  @Test("pb type --sniff says what pb copy would store and why")
  func sniff() throws {
    let sandbox = try Sandbox()
    let notes = try sandbox.file("config.pbnoext", "[a]\nb = 1\n")
    let toml = try sandbox.file("config.toml", "[a]\nb = 1\n")
    let result = try sandbox.pb("type", "--sniff", notes, toml, SystemSamples.png, "-", stdin: Data("{\"a\": 1}".utf8))
    #expect(result.status == 0, "\(result)")
    let tomlType = try sandbox.pb("type", "application/toml").lines.first ?? "no type"
    #expect(result.lines == [
      "\(notes)\tpublic.utf8-plain-text\ttext (libmagic: text/plain; charset=us-ascii)",
      "\(toml)\t\(tomlType)\textension (libmagic: text/plain; charset=us-ascii; name: \(tomlType))",
      "\(SystemSamples.png)\tpublic.png\tlibmagic (libmagic: image/png; name: public.png)",
      "-\tpublic.json\tlibmagic (libmagic: application/json; charset=us-ascii)",
    ])
    let missing = try sandbox.pb("type", "--sniff", "nope.txt")
    #expect(missing.status == 66, "\(missing)")
  }

  @Test("types --conforming-to lists only conforming types")
  func conformingTo() throws {
    let sandbox = try Sandbox()
    let html = try sandbox.file("a.html", "<p>x</p>")
    try sandbox.pb("copy", "-r", html, "-r", SystemSamples.png, "-r", "txt=\(html)")
    #expect(try sandbox.pb("types", "--conforming-to", "public.image").lines == ["public.png"])
    #expect(try sandbox.pb("types", "--conforming-to", "public.text").lines == ["public.html", "public.plain-text"])
    #expect(try sandbox.pb("types", "--conforming-to", "image/png", "-i", "0").lines == ["0\tpublic.png"])
    let none = try sandbox.pb("types", "--conforming-to", "public.audio")
    #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
  }

  @Test("data given as UTF-8 text must be UTF-8: exit 65 with the offset, and nothing stored")
  func invalidUTF8() throws {
    let sandbox = try Sandbox()
    try sandbox.pb("copy", stdin: Data("kept".utf8))
    var bad = Data("valid start ✓ ".utf8)
    let offset = bad.count
    bad.append(contentsOf: [0xC3, 0x28])
    let result = try sandbox.pb("copy", "-t", "public.utf8-plain-text", stdin: bad)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("offset \(offset)"), "\(result)")
    // A character cut at the very end, and a bad byte far past the first chunk.
    let cut = try sandbox.pb("copy", "-t", "net.daringfireball.markdown", stdin: Data("ab".utf8) + Data([0xE2, 0x9C]))
    #expect(cut.status == 65 && cut.stderr.contains("offset 2"), "\(cut)")
    var long = Data(repeating: 0x61, count: 300_000)
    long.append(0xFF)
    let far = try sandbox.pb("copy", "-t", "public.utf8-plain-text", stdin: long)
    #expect(far.status == 65 && far.stderr.contains("offset 300000"), "\(far)")
    #expect(try sandbox.pb("paste").text == "kept")
    #expect(try sandbox.changeCount() == 1)
    // Valid UTF-8 split anywhere across chunks passes, NUL bytes included.
    let valid = Data(String(repeating: "✓ é 𝄞 \u{0}", count: 40_000).utf8)
    #expect(try sandbox.pb("copy", "-t", "public.utf8-plain-text", stdin: valid).status == 0)
    #expect(try sandbox.pb("paste").stdout == valid)
  }
}
