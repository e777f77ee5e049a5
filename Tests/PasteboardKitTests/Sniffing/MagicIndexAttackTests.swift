import CMagic
import Foundation
import Testing

@testable import PasteboardKit

/// Inputs on which libmagic's rules index (Sources/CMagic/MagicIndex.c) once changed
/// libmagic's answer: with the rules the index picks, libmagic must answer as it does
/// with the whole database, whatever the data.
@Suite("libmagic index attacks", .tags(.unit), .knownLibmagic)
struct MagicIndexAttackTests {
  static let systemDatabase = "/usr/share/misc/magic.mgc"

  /// libmagic's answers, with pb's flags, for `head` from the whole compiled database and
  /// from the rules its index picks (the whole database's when the index says so).
  static func answers(_ database: [UInt8], _ head: [UInt8]) throws -> (whole: String, indexed: String) {
    var index: UnsafeMutableRawPointer?
    let identity = [UInt64](repeating: 0, count: Int(CMAGIC_INDEX_IDENTITY))
    let indexSize = cmagic_index_build(database, database.count, identity, &index)
    try #require(indexSize > 0 && index != nil)
    defer { free(index) }
    var checked = cmagic_index()
    try #require(cmagic_index_check(index, indexSize, identity, &checked) == 1)
    let rules = UnsafeMutableRawPointer.allocate(byteCount: cmagic_index_capacity(&checked), alignment: 16)
    defer { rules.deallocate() }
    let wholeAnswer = try database.withUnsafeBytes { whole in
      try answer(head) { cookie in
        var buffers: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(mutating: whole.baseAddress)]
        var sizes = [whole.count]
        return magic_load_buffers(cookie, &buffers, &sizes, 1)
      }
    }
    var whole = false
    let indexed = try answer(head) { cookie in
      let loaded = cmagic_index_load(cookie, &checked, head, head.count, rules)
      whole = loaded == 1
      return loaded
    }
    return (wholeAnswer, whole ? wholeAnswer : indexed)
  }

  /// libmagic's answer for `head` with the rules `load` gives a cookie (0 when loaded).
  private static func answer(_ head: [UInt8], load: (OpaquePointer) -> Int32) throws -> String {
    let cookie = try #require(magic_open(MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING))
    defer { magic_close(cookie) }
    var limit = 64 * 1024
    _ = magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &limit)
    let loaded = load(cookie)
    if loaded == 1 { return "" }
    try #require(loaded == 0)
    return String(cString: try #require(magic_buffer(cookie, head, head.count)))
  }

  static func systemRules() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: systemDatabase)))
  }

  @Test("a quad test reaching past a short head reads zeros there, as libmagic reads it")
  func quadPastTheEnd() throws {
    let database = try Self.systemRules()
    // Acronis True Image (`0 ubequad&... 0xce24b9a220...`) from its first five bytes, and a
    // word-swapped Nintendo 64 ROM from seven: libmagic checks no length for a quad.
    for (head, type) in [
      ([0xCE, 0x24, 0xB9, 0xA2, 0x20] as [UInt8], "application/x-acronis-tib"),
      ([0x12, 0x40, 0x80, 0x37, 0x00, 0x0F, 0x00], "application/x-n64-rom"),
    ] {
      let (whole, indexed) = try Self.answers(database, head)
      #expect(whole.hasPrefix(type + ";"), "\(head): \(whole)")
      #expect(indexed == whole, "\(head)")
    }
  }

  @Test("every top-level quad test of the system database, cut short at every length, answers as the whole database")
  func everyQuadCutShort() throws {
    let database = try Self.systemRules()
    let entry = 376
    let rules = database[8..<12].reversed().reduce(0) { $0 << 8 | Int($1) }
    var tried = 0
    for number in 1...rules {
      let e = number * entry
      let type = database[e + 6]
      // Top-level (continuation level 0) `quad`, `lequad` and `bequad` tests at offset 0.
      guard database[e] == 0, database[e + 1] == 0, [24, 25, 26].contains(type),
        database[(e + 12)..<(e + 16)].allSatisfy({ $0 == 0 })
      else { continue }
      let value = Array(database[(e + 32)..<(e + 40)])
      let bytes = type == 26 ? Array(value.reversed()) : value
      for length in 1..<8 {
        let (whole, indexed) = try Self.answers(database, Array(bytes[..<length]))
        #expect(indexed == whole, "rule \(number) cut to \(length) bytes")
        tried += 1
      }
    }
    #expect(tried > 100)
  }

  /// One entry of a compiled database (libmagic 5.44's struct magic, 376 bytes).
  static func entry(flag: UInt8, type: UInt8, value: [UInt8], stringFlags: UInt8 = 0, description: String, mime: String)
    -> [UInt8]
  {
    var e = [UInt8](repeating: 0, count: 376)
    e[2] = flag
    e[4] = UInt8(ascii: "=")
    e[5] = UInt8(value.count)
    e[6] = type
    e[28] = stringFlags
    e.replaceSubrange(32..<(32 + value.count), with: value)
    e.replaceSubrange(160..<(160 + description.utf8.count), with: Array(description.utf8))
    e.replaceSubrange(224..<(224 + mime.utf8.count), with: Array(mime.utf8))
    return e
  }

  @Test("a group run in both passes within a run of groups kept always keeps its place after the text groups before it")
  func bothPassesInsideAKeptRun() throws {
    let (binary, text): (UInt8, UInt8) = (0x20, 0x40)
    // In libmagic's order: a text test, a binary test the index cannot judge (a float), and
    // a regular expression run in both passes that matches the text only once its
    // byte-order mark is left out (`^hello`). The last two make one always-kept record.
    let rules =
      Self.entry(flag: text, type: 5, value: Array("hello".utf8), stringFlags: 0x20, description: "T", mime: "text/x-t")
      + Self.entry(flag: binary, type: 35, value: [0, 0, 0xC0, 0x3F], description: "K", mime: "application/x-k")
      + Self.entry(
        flag: binary | text, type: 17, value: Array("^hello".utf8), stringFlags: 0x60, description: "R", mime: "text/x-r")
    var header = [UInt8](repeating: 0, count: 376)
    header.replaceSubrange(0..<12, with: [0x1C, 0x04, 0x1E, 0xF1, 18, 0, 0, 0, 3, 0, 0, 0])
    let database = header + rules
    let (whole, indexed) = try Self.answers(database, [0xEF, 0xBB, 0xBF] + Array("hello\n".utf8))
    #expect(whole.hasPrefix("text/x-t;"), "\(whole)")
    #expect(indexed == whole)
  }

  @Test("no index is built where none can be kept: building every time costs more than the whole database")
  func noIndexWithoutACache() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("pb-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("cache/pb").path
    // Where it can be kept, it is built and kept.
    #expect(MagicIndex.load(database: Self.systemDatabase, folder: folder) != nil)
    #expect(FileManager.default.fileExists(atPath: folder + "/libmagic-index"))
    // A folder that cannot be made (nothing can be made in /proc).
    #expect(MagicIndex.load(database: Self.systemDatabase, folder: "/proc/pb-no-such-folder/pb") == nil)
    // A folder in the index's place: pb leaves it alone, so an index built could never be
    // kept (building it costs a process ten times the whole database's sniff).
    let blocked = root.appendingPathComponent("blocked/pb").path
    try FileManager.default.createDirectory(atPath: blocked + "/libmagic-index", withIntermediateDirectories: true)
    #expect(chmod(blocked, 0o700) == 0)
    #expect(MagicIndex.load(database: Self.systemDatabase, folder: blocked) == nil)
  }
}
