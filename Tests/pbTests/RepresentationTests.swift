import Foundation
import Testing

@Suite("items, representations and index sets", .tags(.endToEnd))
struct RepresentationTests {
  /// A board with one item holding HTML, plain text and a PNG, written in one command.
  func richItem() throws -> Sandbox {
    let sandbox = try Sandbox()
    let html = try sandbox.file("page", "<b>bold</b>")
    let result = try sandbox.pb(
      ["copy", "-r", "public.html=\(html)", "-r", "-", "-r", "image/png=\(SystemSamples.png)"], stdin: Data("bold".utf8))
    #expect(result.status == 0, "\(result)")
    return sandbox
  }

  @Test("-r writes one item with several representations, listed in the order written")
  func multipleRepresentations() throws {
    let sandbox = try richItem()
    #expect(try sandbox.pb("types").lines == ["public.html", "public.utf8-plain-text", "public.png"])
    #expect(try sandbox.pb("types", "-i", "all").lines == ["0\tpublic.html", "0\tpublic.utf8-plain-text", "0\tpublic.png"])
    #expect(try sandbox.changeCount() == 1, "one command, one change")
    #expect(try sandbox.pb("paste").text == "<b>bold</b>", "the first written is the preferred one")
    #expect(try sandbox.pb("paste", "-t", "public.utf8-plain-text").text == "bold")
    #expect(try sandbox.pb("paste", "-t", "public.png").stdout == (try SystemSamples.contents(SystemSamples.png)))
  }

  @Test("-t takes a preference list, and a conforming representation answers")
  func preferenceAndConformance() throws {
    let sandbox = try richItem()
    #expect(try sandbox.pb("paste", "-t", "public.rtf,public.plain-text").text == "bold")
    #expect(try sandbox.pb("paste", "-t", "public.image").stdout == (try SystemSamples.contents(SystemSamples.png)))
    #expect(try sandbox.pb("paste", "-t", "image/png,html").stdout == (try SystemSamples.contents(SystemSamples.png)))
    #expect(try sandbox.pb("paste", "-t", "public.text").text == "bold", "the kind asks for its plainest: plain text before HTML")
    #expect(try sandbox.pb("paste", "-t", "public.html,public.plain-text").text == "<b>bold</b>", "a list is taken in its order")
    let missing = try sandbox.pb("paste", "-t", "public.jpeg")
    #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing)")
    #expect(missing.stderr.hasPrefix("pb: ") && missing.stderr.contains("public.jpeg"), "\(missing)")
  }

  @Test("contains answers by exit status, for any or --all of the types, and prints nothing")
  func contains() throws {
    let sandbox = try richItem()
    for (arguments, expected) in [
      (["public.image"], Int32(0)), (["public.jpeg"], 1), (["jpg", "png"], 0), (["--all", "jpg", "png"], 1),
      (["--all", "html", "png", "public.text"], 0), (["text/html"], 0),
    ] {
      let result = try sandbox.pb(["contains"] + arguments)
      #expect(result.status == expected, "\(result)")
      #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }
    try sandbox.pb("copy", "--append", stdin: Data("plain".utf8))
    #expect(try sandbox.pb("contains", "-i", "all", "public.text").status == 0)
    #expect(try sandbox.pb("contains", "-i", "all", "public.image").status == 1, "item 1 has no image")
    #expect(try sandbox.pb("contains", "-i", "0", "public.image").status == 0)
  }

  /// A board with items 0-5, each the text "item N".
  func sixItems() throws -> Sandbox {
    let sandbox = try Sandbox()
    let files = try (0..<6).map { try sandbox.file("f\($0).txt", "item \($0)") }
    #expect(try sandbox.pb(["copy"] + files).status == 0)
    return sandbox
  }

  @Test(
    "index sets choose exactly the items asked for",
    arguments: [
      ("0", ["0"]), ("5", ["5"]), ("1,3", ["1", "3"]), ("2-4", ["2", "3", "4"]), ("0,2-3,5", ["0", "2", "3", "5"]),
      ("all", ["0", "1", "2", "3", "4", "5"]), ("3,1,3", ["3", "1"]), ("4-4", ["4"]),
    ])
  func indexSets(set: String, expected: [String]) throws {
    let sandbox = try sixItems()
    let result = try sandbox.pb("paste", "-i", set, "-0")
    #expect(result.status == 0, "\(result)")
    let pasted = result.stdout.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    #expect(pasted == expected.map { "item \($0)" })
    let types = try sandbox.pb("types", "-i", set)
    #expect(types.lines == expected.map { "\($0)\tpublic.utf8-plain-text" })
  }

  @Test("several items are kept apart by a delimiter, NULs, or one file each, and --json says where each came from")
  func multipleItemsOutput() throws {
    let sandbox = try sixItems()
    #expect(try sandbox.pb("paste", "-i", "0,1").text == "item 0\nitem 1")
    #expect(try sandbox.pb("paste", "-i", "0,1", "-d", "::").text == "item 0::item 1")
    #expect(try sandbox.pb("paste", "-i", "0,1", "-d", "\\t").text == "item 0\titem 1")
    let saved = try sandbox.pb("paste", "-i", "1,4", "-o", "out")
    #expect(saved.status == 0, "\(saved)")
    let directory = sandbox.root.appendingPathComponent("out")
    #expect(saved.lines == ["out/1.txt", "out/4.txt"])
    #expect(try String(contentsOf: directory.appendingPathComponent("4.txt"), encoding: .utf8) == "item 4")
    let json = try sandbox.json(sandbox.pb("paste", "-i", "2,5", "--json")) as? [[String: Any]]
    #expect(json?.map { $0["index"] as? Int } == [2, 5])
    #expect(json?.map { $0["text"] as? String } == ["item 2", "item 5"])
    #expect(json?.first?["type"] as? String == "public.utf8-plain-text")
  }

  @Test("items that lack the asked type are skipped, and --json names the items that answered")
  func compactedResults() throws {
    let sandbox = try Sandbox()
    let text = try sandbox.file("a.txt", "hello")
    #expect(try sandbox.pb("copy", text, SystemSamples.png, SystemSamples.gif, text).status == 0)
    let images = try sandbox.json(sandbox.pb("paste", "-i", "all", "-t", "public.image", "--json")) as? [[String: Any]]
    #expect(images?.map { $0["index"] as? Int } == [1, 2])
    #expect(images?.map { $0["type"] as? String } == ["public.png", "com.compuserve.gif"])
    #expect(images?.first?["base64"] as? String == (try SystemSamples.contents(SystemSamples.png)).base64EncodedString())
    #expect(try sandbox.pb("paste", "-i", "all", "-t", "txt").text == "hello\nhello")
  }

  @Test("items, info and types report the board, also as JSON")
  func reports() throws {
    let sandbox = try richItem()
    try sandbox.pb("copy", "--append", stdin: Data("second line one\nline two".utf8))
    let items = try sandbox.pb("items")
    #expect(items.status == 0, "\(items)")
    #expect(items.lines.count == 2)
    #expect(items.lines[0].hasPrefix("0\tpublic.html (11 B), public.utf8-plain-text (4 B), public.png ("))
    #expect(items.lines[1] == "1\tpublic.utf8-plain-text (24 B)\t\"second line one…\"")
    let json = try sandbox.json(sandbox.pb("items", "--json")) as? [[String: Any]]
    let first = json?.first?["representations"] as? [[String: Any]]
    #expect(first?.map { $0["type"] as? String } == ["public.html", "public.utf8-plain-text", "public.png"])
    #expect(first?.map { $0["typeSource"] as? String } == ["given", "text", "given"])
    #expect(first?.last?["size"] as? Int == (try SystemSamples.contents(SystemSamples.png)).count)
    let info = try sandbox.json(sandbox.pb("info", "--json")) as? [String: Any]
    #expect(info?["name"] as? String == "general")
    #expect(info?["changeCount"] as? Int == 2)
    #expect(info?["numberOfItems"] as? Int == 2)
    let types = try sandbox.json(sandbox.pb("types", "-i", "1", "--json")) as? [[String: Any]]
    #expect(types?.first?["types"] as? [String] == ["public.utf8-plain-text"])
  }

  @Test("clear empties the board and counts as a change")
  func clear() throws {
    let sandbox = try richItem()
    #expect(try sandbox.pb("clear").status == 0)
    #expect(try sandbox.changeCount() == 2)
    let paste = try sandbox.pb("paste")
    #expect(paste.status == 1 && paste.stderr.contains("empty"), "\(paste)")
    #expect(try sandbox.pb("contains", "public.data").status == 1)
  }
}
