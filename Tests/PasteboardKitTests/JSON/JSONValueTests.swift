import Foundation
import Testing

@testable import PasteboardKit

/// pb's own JSON reader for store files: it reads back everything pb writes, and is
/// strict, bounded and trap-free on anything else.
@Suite(.tags(.unit)) struct JSONValueTests {
  static func sampleManifest(items count: Int) -> Manifest {
    let items = (0..<count).map { index in
      Item(representations: [
        Representation(type: .utf8PlainText, file: "0123456789abcde\(index).txt", size: Int64(index * 7), typeSource: .given),
        Representation(
          type: TypeIdentifier("dyn.ah62d4rv4gq81q4peqz1w88brrzu1k6xtsrz0c"), file: "fedcba987654321\(index).mkv", size: 1 << 40,
          typeSource: .magic),
      ])
    }
    return Manifest(format: Manifest.currentFormat, changeCount: 41, date: 1_700_000_000, items: items, changeKind: .undone)
  }

  @Test func readsBackWhatPbWrites() throws {
    for count in [0, 1, 5] {
      let manifest = Self.sampleManifest(items: count)
      #expect(try Manifest.decode(manifest.encoded(), path: "m") == manifest)
    }
  }

  @Test func writesTheLayoutTheStoreHasAlwaysHad() {
    var manifest = Self.sampleManifest(items: 1)
    manifest.items[0].representations.removeLast()
    manifest.items[0].concealed = true
    // As Foundation's JSONEncoder wrote it (pretty, sorted keys, slashes unescaped), and
    // an empty array as it did.
    #expect(String(decoding: manifest.encoded(), as: UTF8.self) == """
      {
        "changeCount" : 41,
        "changeKind" : "undone",
        "date" : "2023-11-14T22:13:20Z",
        "format" : 5,
        "items" : [
          {
            "concealed" : true,
            "representations" : [
              {
                "file" : "0123456789abcde0.txt",
                "size" : 0,
                "type" : "public.utf8-plain-text",
                "typeSource" : "given"
              }
            ]
          }
        ]
      }

      """)
    let empty = Manifest(format: 3, changeCount: 0, date: nil, items: [])
    #expect(String(decoding: empty.encoded(), as: UTF8.self) == "{\n  \"changeCount\" : 0,\n  \"changeKind\" : \"done\",\n  \"format\" : 3,\n  \"items\" : [\n\n  ]\n}\n")
    #expect(String(decoding: JSONValue.string("a\"\\/\u{01}\né").pretty, as: UTF8.self) == "\"a\\\"\\\\/\\u0001\\né\"\n")
  }

  @Test func stringsAndNumbers() throws {
    let text = #"["\u00e9\ud83d\ude00 \"\\\/\b\f\n\r\t", "plain é", -0, 9223372036854775807, 1.5e3]"#
    var parser = JSONParser(bytes: Array(text.utf8))
    #expect(try parser.document() == .array([
      .string("é😀 \"\\/\u{08}\u{0C}\n\r\t"), .string("plain é"), .number("-0"), .number("9223372036854775807"), .number("1.5e3"),
    ]))
    let number = { (text: String) in JSONField(value: .number(text), path: "n") }
    #expect(try number("9223372036854775807").integer(Int.self) == Int.max)
    #expect(throws: JSONError(field: "n", reason: "9223372036854775808 is not a whole number in range")) {
      try number("9223372036854775808").integer(Int.self)
    }
    #expect(throws: JSONError.self) { try number("1.5").integer(Int.self) }
    // Whole numbers of up to 18 digits are read from the text without a String: the
    // same values, and the same refusals, as the String's parse.
    for text in ["0", "-0", "7", "-12", "999999999999999999", "-999999999999999999", "1000000000000000000", "2147483648", "-1", "1e3", "1.0"] {
      #expect((try? number(text).integer(Int.self)) == Int(text), "\(text)")
      #expect((try? number(text).integer(Int32.self)) == Int32(text), "\(text)")
      #expect((try? number(text).integer(UInt8.self)) == UInt8(text), "\(text)")
    }
    #expect(try number("-0").integer(Int.self) == 0)
    #expect(try number("999999999999999999").integer(Int64.self) == 999_999_999_999_999_999)
    #expect(throws: JSONError(field: "n", reason: "-1 is not a whole number in range")) { try number("-1").integer(UInt32.self) }
    #expect(throws: JSONError(field: "n", reason: "300 is not a whole number in range")) { try number("300").integer(UInt8.self) }
    #expect(throws: JSONError(field: "n", reason: "1e3 is not a whole number in range")) { try number("1e3").integer(Int.self) }
    #expect(throws: JSONError(field: "n", reason: "it has the wrong kind of value")) { try number("1").string() }
    // A timestamp is read from the text's bytes, as from its String.
    let string = { (text: String) in JSONField(value: .string(text), path: "t") }
    #expect(try string("1970-01-01T00:00:01.250Z").millisecondTimestamp() == 1250)
    #expect(try string("2026-11-26T14:23:46Z").millisecondTimestamp() == Int64(Timestamp.parseMilliseconds("2026-11-26T14:23:46Z")!))
    #expect(throws: JSONError(field: "t", reason: "'2026-13-26T14:23:46Z' is not a YYYY-MM-DDTHH:MM:SS.mmmZ timestamp")) {
      try string("2026-13-26T14:23:46Z").millisecondTimestamp()
    }
    #expect(throws: JSONError(field: "n", reason: "it has the wrong kind of value")) { try number("1").millisecondTimestamp() }
  }

  @Test func controlsAreEscapedC0AndC1AlikeWhereverAStreamIsCut() throws {
    let text = "a\"\\\u{1B}[2J\u{9B}31m\u{85}\u{80}\u{9F}\u{A0}é😀\u{7F}z"
    var whole: [UInt8] = []
    JSONValue.appendString(text, to: &whole)
    // U+00A0 shares C1's lead byte but is no control; DEL is left as JSONEncoder leaves it.
    #expect(String(decoding: whole, as: UTF8.self) == #""a\"\\\u001b[2J\u009b31m\u0085\u0080\u009f"# + "\u{A0}é😀\u{7F}z\"")
    var parser = JSONParser(bytes: whole)
    #expect(try parser.document() == .string(text), "read back as the text it was")
    let bytes = Array(text.utf8)
    for cut in 0...bytes.count {
      var escaper = JSONValue.StringEscaper()
      var streamed: [UInt8] = [UInt8(ascii: "\"")]
      bytes.withUnsafeBytes { all in
        escaper.append(UnsafeRawBufferPointer(rebasing: all[..<cut]), to: &streamed)
        escaper.append(UnsafeRawBufferPointer(rebasing: all[cut...]), to: &streamed)
      }
      escaper.finish(to: &streamed)
      streamed.append(UInt8(ascii: "\""))
      #expect(streamed == whole, "a stream cut at byte \(cut)")
    }
  }

  @Test func aQuoteOrAControlAfterBytesThatAreNotUTF8IsStillEscaped() {
    // A lead byte without its continuation bytes took the quote or line break after it
    // as part of its character, and passed it unescaped: the string ended there.
    let cases: [[UInt8]] = [[0xC3, 0x22], [0xE2, 0x22, 0x41], [0xE2, 0x80, 0x0A], [0xFF, 0x22, 0x5C, 0x01], [0xF0, 0x9F, 0x22, 0x22]]
    for bytes in cases {
      for cut in 0...bytes.count {
        var escaper = JSONValue.StringEscaper()
        var escaped: [UInt8] = []
        bytes.withUnsafeBytes { all in
          escaper.append(UnsafeRawBufferPointer(rebasing: all[..<cut]), to: &escaped)
          escaper.append(UnsafeRawBufferPointer(rebasing: all[cut...]), to: &escaped)
        }
        escaper.finish(to: &escaped)
        let unescaped = escaped.enumerated().contains { index, byte in
          (byte == 0x22 && (index == 0 || escaped[index - 1] != 0x5C)) || byte < 0x20
        }
        #expect(!unescaped, "\(bytes) cut at \(cut): \(escaped)")
      }
    }
  }

  @Test(arguments: [
    "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1] 2", "01", "1.", "-", "1e", "+1", ".5", "[\"a]",
    "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]", "[\"\\udc00\"]", "[\"a\u{01}b\"]", "{\"a\":1,\"a\":2}", "tru", "nul", "[true false]",
    String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
  ])
  func refusesWhatIsNotStrictJSON(text: String) {
    var parser = JSONParser(bytes: Array(text.utf8))
    #expect(throws: JSONError.self) { try parser.document() }
  }

  @Test(arguments: ["0", "-0.5e-3", "\"\"", "[]", "{}", " [ {\"a\" : [null, true, false]} ] ", "{\"\":1}"])
  func readsWhatIsStrictJSON(text: String) throws {
    var parser = JSONParser(bytes: Array(text.utf8))
    _ = try parser.document()
  }

  @Test(arguments: [3, 16, 17, 40, 5000])
  func objectsOfAnySizeFindTheirKeysAndRefuseDuplicates(size: Int) throws {
    let keys = (0..<size).map { "k\($0)" }
    let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
    var parser = JSONParser(bytes: Array(text.utf8))
    guard case .object(let members) = try parser.document() else { Issue.record("not an object"); return }
    #expect(members.pairs.count == size)
    for (index, key) in keys.enumerated() { #expect(members[key] == .number(String(index))) }
    #expect(members["absent"] == nil)
    for repeated in [keys.first!, keys.last!] {
      var twice = JSONParser(bytes: Array((text.dropLast() + ",\"\(repeated)\":0}").utf8))
      #expect(throws: JSONError.self) { try twice.document() }
    }
  }

  @Test func membersAreWrittenInKeyOrderWhateverOrderTheyCameIn() throws {
    var parser = JSONParser(bytes: Array(#"{"b":1,"c":{"z":true,"a":null},"a":"x"}"#.utf8))
    let written = String(decoding: try parser.document().pretty, as: UTF8.self)
    #expect(written == "{\n  \"a\" : \"x\",\n  \"b\" : 1,\n  \"c\" : {\n    \"a\" : null,\n    \"z\" : true\n  }\n}\n")
  }

  @Test func refusesBytesThatAreNotUTF8() {
    var parser = JSONParser(bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D])
    #expect(throws: JSONError.self) { try parser.document() }
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    var parser = JSONParser(bytes: Array(text.utf8))
    _ = try parser.document()
  }

  @Test func errorsNameTheField() throws {
    var manifest = String(decoding: Self.sampleManifest(items: 2).encoded(), as: UTF8.self)
    manifest = manifest.replacingOccurrences(of: "\"size\" : 7", with: "\"size\" : \"seven\"")
    #expect(throws: PasteboardError.corruptStore(path: "m", reason: "field items[1].representations[0].size: it has the wrong kind of value")) {
      try Manifest.decode(Array(manifest.utf8), path: "m")
    }
  }

  /// A field's path is found in the tape only when an error needs it: through arrays and
  /// objects, after members that come before it, and under a key written with escapes.
  @Test func errorsFoundInTheTapeNameTheFieldAsReadingItWould() throws {
    let text = """
      {"format": 1, "changeCount": 3, "items": [{"representations": []},
        {"representations": [{"type": "public.data", "file": "0123456789abcdef.txt", "size": 1, "typeSource": "given"},
                             {"type": "public.data", "size": 2, "typeSource": "given"}]}]}
      """
    #expect(throws: PasteboardError.corruptStore(path: "m", reason: "field items[0].representations: an item has no representation")) {
      try Manifest.decode(Array(text.utf8), path: "m")
    }
    let second = text.replacingOccurrences(of: "[{\"representations\": []},", with: "[")
    #expect(throws: PasteboardError.corruptStore(path: "m", reason: "field items[0].representations[1].file: it is missing")) {
      try Manifest.decode(Array(second.utf8), path: "m")
    }
    var parser = JSONParser(bytes: Array(#"{"a\u0041": [0, {"\u00e9": {"x": null}}], "b": 1}"#.utf8))
    let tape = try parser.tape()
    let inner = tape.nodes.indices.last { tape.nodes[$0].kind == .null }!
    #expect(tape.path(to: inner) == "aA[1].é.x")
    #expect(tape.path(to: 0, then: "c") == "c")
    #expect(tape.path(to: inner, then: "y") == "aA[1].é.x.y")
  }

  /// Representations read in turn keep the type and source read last while the text
  /// repeats: each still reads as its own text says, and a bad one after good ones is
  /// refused.
  @Test func repeatedTypesReadAsTheirOwnText() throws {
    func representation(_ type: String, _ source: String, _ index: Int) -> String {
      #"{"file": "0123456789abcde\#(index).txt", "size": 1, "type": "\#(type)", "typeSource": "\#(source)"}"#
    }
    func manifest(_ representations: [String]) -> [UInt8] {
      Array(#"{"format": 1, "changeCount": 3, "items": [{"representations": [\#(representations.joined(separator: ","))]}]}"#.utf8)
    }
    let types = ["public.png", "public.png", "public.jpeg", "public.pn\\u0067", "public.png", "public.jpeg"]
    let sources = ["libmagic", "libmagic", "libmagic", "given", "given", "extension"]
    let read = try Manifest.decode(manifest(types.indices.map { representation(types[$0], sources[$0], $0) }), path: "m")
    #expect(read.items[0].representations.map(\.type.rawValue) == ["public.png", "public.png", "public.jpeg", "public.png", "public.png", "public.jpeg"])
    #expect(read.items[0].representations.map(\.typeSource) == [.magic, .magic, .magic, .given, .given, .filenameExtension])
    #expect(throws: PasteboardError.corruptStore(path: "m", reason: "field items[0].representations[2].type: 'public.pn!' is not a type identifier")) {
      try Manifest.decode(manifest([representation("public.png", "given", 0), representation("public.png", "given", 1), representation("public.pn!", "given", 2)]), path: "m")
    }
    #expect(throws: PasteboardError.corruptStore(path: "m", reason: "field items[0].representations[1].typeSource: 'givem' is not one of given, extension, libmagic, shared-mime-info, text")) {
      try Manifest.decode(manifest([representation("public.png", "given", 0), representation("public.png", "givem", 1)]), path: "m")
    }
  }

  @Test func damagedManifestsNeverTrapAndWhatIsReadIsWhatFoundationParses() throws {
    let original = Self.sampleManifest(items: 3).encoded()
    var generator = FuzzGenerator(state: 0x0DDB1A5E)
    var read = 0
    for _ in 0..<2000 {
      var bytes = original
      for _ in 0..<Int(generator.next() % 4 + 1) {
        let index = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 3 {
        case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        case 1: bytes.remove(at: index)
        default: bytes.insert(Array(#"{}[]",:0-e"\"#.utf8)[Int(generator.next() % 11)], at: index)
        }
      }
      do {
        let manifest = try Manifest.decode(bytes, path: "m")
        read += 1
        // Strictness: nothing pb reads is JSON that Foundation would not parse.
        #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil)
        #expect(try Manifest.decode(manifest.encoded(), path: "m") == manifest)
      } catch {
        // Damage, never a newer format (the format field was not touched into one) or worse.
        if case .corruptStore = error {} else if case .newerFormat = error {} else { Issue.record("\(error)") }
      }
    }
    #expect(read > 50, "some damaged manifests still read")
  }
}
