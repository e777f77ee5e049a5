import CMagic
import Foundation
import Synchronization
import Testing

@testable import PasteboardKit

/// libmagic's rules indexed (Sources/CMagic/MagicIndex.c, MagicIndex.swift): a sniff with
/// the rules the index picks must answer what the whole database answers, for every head;
/// and an index file that is not whole, or not of this database, must be refused.
@Suite("libmagic's index", .tags(.unit), .serialized, .knownLibmagic) struct MagicIndexTests {
  /// libmagic 5.44's compiled entry.
  static let entry = 376

  /// The compiled database libmagic loads here.
  static let database: [UInt8] = {
    let path = MagicIndex.compiledDatabase(.process) ?? "/usr/share/misc/magic.mgc"
    return FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }()

  /// Rules in the database's first set (all but the named ones).
  static var databaseRules: Int {
    database.count < 16 ? 0 : Int(database.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) })
  }

  /// Sniffs each head with the whole database and with the index's picks, and records
  /// every head whose answers differ. Returns how many heads the index served itself.
  @discardableResult
  static func expectSameAnswers(_ heads: [(label: String, bytes: [UInt8])], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    let whole = MagicSniffer(sharesLibmagic: false, indexed: false)
    let indexed = MagicSniffer(sharesLibmagic: false, indexed: true)
    func answer(_ sniffer: MagicSniffer, _ head: UnsafeRawBufferPointer) -> String {
      do { return "\(try sniffer.sniff(head))" } catch { return "error \(error)" }
    }
    var differences: [String] = []
    var served = 0
    for (label, bytes) in heads {
      let (expected, answer, picked) = bytes.withUnsafeBytes { head in
        (answer(whole, head), answer(indexed, head), MagicIndex.picked(for: head))
      }
      if picked != nil { served += 1 }
      if answer != expected {
        differences.append("\(label) (\(bytes.count) bytes: \(bytes.prefix(24).map { String(format: "%02x", $0) }.joined())…): whole database \(expected), index \(answer)")
      }
    }
    #expect(differences.isEmpty, "\(differences.count) of \(heads.count) heads answered differently:\n\(differences.prefix(20).joined(separator: "\n"))", sourceLocation: sourceLocation)
    return served
  }

  // MARK: - The index in use

  @Test("the index is in use, and a small text loads far fewer rules than the whole database")
  func indexInUse() throws {
    try #require(MagicSniffer.usesIndex, "no index in this process (MAGIC set, ~/.magic, or no compiled database?)")
    #expect(Self.databaseRules > 10_000, "the database has \(Self.databaseRules) rules")
    let note = Array("hello, a small note to self: buy milk, call Anna.\n".utf8)
    let picked = try #require(note.withUnsafeBytes { MagicIndex.picked(for: $0) }, "a plain text loads the whole database")
    #expect(picked.rules < 3_000, "\(picked.rules) of \(Self.databaseRules) rules loaded for a small text")
    #expect(picked.textsApart, "plain UTF-8 without \"<!\" keeps the text groups as a list of their own")
    // The text pass reads plain UTF-8 as is, so its groups are picked as well; behind a
    // byte-order mark (which libmagic leaves out before its text pass) they come whole.
    let marked = [0xEF, 0xBB, 0xBF] + note
    let markedPicked = try #require(marked.withUnsafeBytes { MagicIndex.picked(for: $0) })
    #expect(markedPicked.textsApart && markedPicked.textRules > 300, "\(markedPicked.textRules) text rules behind a byte-order mark")
    #expect(picked.textRules * 4 < markedPicked.textRules, "\(picked.textRules) of \(markedPicked.textRules) text rules for a small text")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    let pngPicked = try #require(png.withUnsafeBytes { MagicIndex.picked(for: $0) })
    #expect(pngPicked.rules < 3_000, "\(pngPicked.rules) rules for a PNG head")
    Self.expectSameAnswers([("note", note), ("note behind a byte-order mark", marked), ("png", png)])
  }

  // MARK: - Every head of the type corpus

  struct CorpusFile: Sendable {
    var name: String
    var head: [UInt8]
  }

  /// Tests/TypeCorpus/files and written: the first 64 KiB of each file.
  static let corpus: [CorpusFile] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../TypeCorpus").standardized
    var files: [CorpusFile] = []
    for folder in ["files", "written"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
      for case let relative as String in walker {
        let path = base.appendingPathComponent(relative).path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { continue }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: TypeDetector.headSize)) ?? Data()
        files.append(CorpusFile(name: folder + "/" + relative, head: Array(head)))
      }
    }
    return files.sorted { $0.name < $1.name }
  }()

  /// The head as text, when it is UTF-8 without NULs (a last character the head cuts may
  /// be left out).
  static func text(_ head: [UInt8]) -> String? {
    guard !head.isEmpty, !head.contains(0) else { return nil }
    for cut in 0...min(3, head.count - 1) {
      if let text = String(validating: head.dropLast(cut), as: UTF8.self) { return text }
    }
    return nil
  }

  /// The heads a file gives: whole, half, its first bytes, damaged at random (seeded by
  /// the file's place in the corpus), cut in a UTF-8 sequence, with NULs, behind a UTF-8
  /// byte-order mark; a text also in UTF-16.
  static func heads(of head: [UInt8], seed: UInt64) -> [(label: String, bytes: [UInt8])] {
    var generator = FuzzGenerator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
    var heads: [(label: String, bytes: [UInt8])] = [("whole", head), ("half", Array(head.prefix(head.count / 2)))]
    for length in [1, 3, 16] where length < head.count {
      heads.append(("first \(length) bytes", Array(head.prefix(length))))
    }
    guard !head.isEmpty else { return heads }
    // Damage within the first byte, the first 16, anywhere; and a little more anywhere.
    for reach in [1, 16, head.count] {
      var damaged = head
      var positions = [Int.random(in: 0..<min(reach, head.count), using: &generator)]
      for _ in 0..<Int.random(in: 0...2, using: &generator) { positions.append(Int.random(in: 0..<head.count, using: &generator)) }
      for position in positions { damaged[position] ^= UInt8.random(in: 1...255, using: &generator) }
      heads.append(("seed \(seed): bytes changed at \(positions)", damaged))
    }
    if let lead = head.indices.first(where: { head[$0] >= 0xC2 && head[$0] <= 0xF4 && $0 + 1 < head.count && head[$0 + 1] & 0xC0 == 0x80 }) {
      heads.append(("cut after the lead byte at \(lead)", Array(head.prefix(lead + 1))))
    } else {
      heads.append(("ending in half an é", head.prefix(TypeDetector.headSize - 1) + [0xC3]))
    }
    var withNULs = head
    var places: [Int] = []
    for _ in 0..<2 {
      places.append(Int.random(in: 0...withNULs.count, using: &generator))
      withNULs.insert(0, at: places.last!)
    }
    heads.append(("seed \(seed): NULs inserted at \(places)", Array(withNULs.prefix(TypeDetector.headSize))))
    let limit = TypeDetector.headSize
    heads.append(("behind a UTF-8 byte-order mark", Array(([0xEF, 0xBB, 0xBF] + head).prefix(limit))))
    if let text = text(head) {
      let units = Array(text.utf16)
      let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      heads.append(("UTF-16LE with its mark", Array(([0xFF, 0xFE] + little).prefix(limit))))
      heads.append(("UTF-16BE with its mark", Array(([0xFE, 0xFF] + big).prefix(limit))))
      heads.append(("UTF-16LE without a mark", Array(little.prefix(limit))))
    }
    return heads
  }

  @Test("every head of every corpus file gets the whole database's answer")
  func corpusHeads() throws {
    try #require(MagicSniffer.usesIndex)
    try #require(Self.corpus.count >= 500, "the type corpus has \(Self.corpus.count) files")
    var seen = Set<[UInt8]>()
    var heads: [(label: String, bytes: [UInt8])] = []
    for (place, file) in Self.corpus.enumerated() {
      for head in Self.heads(of: file.head, seed: UInt64(place + 1)) where seen.insert(head.bytes).inserted {
        heads.append((file.name + ", " + head.label, head.bytes))
      }
    }
    let served = Self.expectSameAnswers(heads)
    // Most heads are served by the index: the comparison is not between two whole databases.
    #expect(served * 10 >= heads.count * 6, "the index served \(served) of \(heads.count) heads")
  }

  // MARK: - Heads made for each kind of record

  /// For each top-level test of the database at a fixed offset (a string, a search, a
  /// number equal to or ordered against its value, a regular expression's own characters
  /// in either case, a DER tag of every first byte): a head it matches, the same head cut
  /// one byte short, and the variants its flags allow: letters in the other case and
  /// white space doubled or left out (strings), the value at the last place a search
  /// looks and one past it, the bits a number's mask drops all set.
  static func headsMatchingEachTest() -> [(rule: Int, label: String, bytes: [UInt8])] {
    let entry = Self.entry
    var heads: [(rule: Int, label: String, bytes: [UInt8])] = []
    database.withUnsafeBytes { mgc in
      guard mgc.count > entry * 2 else { return }
      for number in 0..<databaseRules {
        let at = entry * (number + 1)
        let e = UnsafeRawBufferPointer(rebasing: mgc[at..<at + entry])
        let level = e.loadUnaligned(fromByteOffset: 0, as: UInt16.self), flag = e[2], reln = e[4], length = Int(e[5]), type = e[6]
        let offset = Int(e.loadUnaligned(fromByteOffset: 12, as: Int32.self))
        // Top level, a plain offset from the start (no indirection, relative or negative offsets).
        guard level == 0, flag & (0x01 | 0x02 | 0x04 | 0x80) == 0, (0..<60_000).contains(offset), length <= 128 else { continue }
        let padding = [UInt8](repeating: 0, count: offset)
        var variants: [(String, [UInt8])] = []
        switch type {
        case 5, 20:  // string, search
          guard reln == UInt8(ascii: "="), length > 0 else { continue }
          let value = Array(e[32..<32 + length])
          variants.append(("", padding + value))
          let swapped = value.map { c -> UInt8 in (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A ? c ^ 0x20 : c }
          if swapped != value { variants.append((", letters in the other case", padding + swapped)) }
          if value.contains(0x20) {
            variants.append((", white space doubled", padding + value.flatMap { $0 == 0x20 ? [0x20, 0x20] : [$0] }))
            variants.append((", white space left out", padding + value.filter { $0 != 0x20 }))
          }
          let range = Int(e.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
          if type == 20, range > 0, offset + range + length < 60_000 {
            let filler = [UInt8](repeating: 0x20, count: range - 1)
            variants.append((", at the last place searched", padding + filler + value))
            variants.append((", one past the last place searched", padding + filler + [0x20] + value))
          }
        case 48:  // der: a tag of every first byte, with a length (in the long form libmagic's `seq` passes) and content
          guard reln == UInt8(ascii: "=") else { continue }
          for first in 0...255 { variants.append((", DER tag byte \(first)", padding + [UInt8(first), 0x82, 0x00, 0x04, 0x02, 0x01, 0x01, 0x00])) }
        case 17:  // regex: its own characters (which hold the strings it requires), in either case
          guard reln == UInt8(ascii: "="), length > 0 else { continue }
          let own = e[32..<32 + length].filter { !Array("^$()[]{}*+?|.\\".utf8).contains($0) }
          variants.append((", its own characters", padding + own))
          variants.append((", its own characters in upper case", padding + own.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }))
          variants.append((", its own characters in lower case", padding + own.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }))
        case 1, 2, 4, 7, 8, 10, 11, 24, 25, 26:
          let size = [1: 1, 2: 2, 4: 4, 7: 2, 8: 4, 10: 2, 11: 4, 24: 8, 25: 8, 26: 8][Int(type)]!
          let bigEndian = [7, 8, 26].contains(type)
          var value = e.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
          if reln == UInt8(ascii: "<") { value = value &- 1 } else if reln == UInt8(ascii: ">") { value = value &+ 1 }
          func encoded(_ value: UInt64) -> [UInt8] {
            let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return padding + (bigEndian ? little.reversed() : little)
          }
          variants.append(("", encoded(value)))
          let mask = e.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          // An AND mask (operator 0): the bits it drops do not count.
          if e[9] == 0, mask != 0 { variants.append((", the bits its mask drops set", encoded(value | ~mask))) }
        default:
          continue
        }
        for (variant, bytes) in variants {
          heads.append((number, "a head for rule \(number)\(variant)", bytes))
          // Cut short, a number or string is not wholly in the data (libmagic pads some).
          if bytes.count > 1, variant.isEmpty { heads.append((number, "a head for rule \(number)\(variant), cut one byte short", Array(bytes.dropLast()))) }
        }
      }
    }
    return heads
  }

  @Test("a head made to pass each top-level test of the database gets the whole database's answer")
  func headsForEachTest() throws {
    try #require(MagicSniffer.usesIndex)
    var seen = Set<[UInt8]>()
    let heads = Self.headsMatchingEachTest().filter { seen.insert($0.bytes).inserted }.map { ($0.label, $0.bytes) }
    #expect(heads.count > 2_000, "\(heads.count) heads made from the database")
    Self.expectSameAnswers(heads)
  }

  /// A top-level test that passes may print nothing (its continuations do): a wrong "cannot
  /// match" then changes no answer above. Alone in a database, with a type of its own, it
  /// does.
  @Test("each top-level test of the database alone, with a type of its own: the index keeps it wherever libmagic passes it")
  func eachTestAlone() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    var header = [UInt8](repeating: 0, count: Self.entry)
    header.replaceSubrange(0..<12, with: [0x1C, 0x04, 0x1E, 0xF1, 18, 0, 0, 0, 1, 0, 0, 0])
    let common = [Array("hello, a small note to self\n".utf8), [0x30, 0x81, 0x04, 0x02, 0x01, 0x01, 0x00]]
    var differences: [String] = []
    var passed = 0
    for (rule, heads) in Dictionary(grouping: Self.headsMatchingEachTest(), by: \.rule).sorted(by: { $0.key < $1.key }) {
      var test = Array(Self.database[(Self.entry * (rule + 1))..<(Self.entry * (rule + 2))])
      // The description (64 bytes at 160) and MIME type (80 at 224) of struct magic.
      test.replaceSubrange(160..<304, with: [UInt8](repeating: 0, count: 144))
      test[160] = UInt8(ascii: "M")
      test.replaceSubrange(224..<239, with: Array("application/x-m".utf8))
      for (label, bytes) in heads.map({ ($0.label, $0.bytes) }) + common.map({ ("rule \(rule), a common head", $0) }) {
        let (whole, indexed) = try MagicIndexAttackTests.answers(header + test, bytes)
        if whole.hasPrefix("application/x-m;") { passed += 1 }
        if whole != indexed { differences.append("\(label): alone, \(whole); indexed, \(indexed)") }
      }
    }
    #expect(differences.isEmpty, "\(differences.count) heads:\n\(differences.prefix(20).joined(separator: "\n"))")
    #expect(passed > 2_000, "\(passed) heads passed the test they were made for")
  }

  @Test("a head that keeps a group reaching `indirect` loads the whole database")
  func indirectFallsBack() throws {
    try #require(MagicSniffer.usesIndex)
    let heads: [(label: String, bytes: [UInt8])] = [
      ("xar", Array("xar!".utf8) + [0, 0x1C, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x20, 0, 0, 0, 1]),
      ("ClamAV database", Array("ClamAV-VDB:14 Mar 2023 08-51 -0400:26837:2017890:90:X:X:X:1678798283".utf8) + [UInt8](repeating: 0x20, count: 440)),
    ]
    for (label, bytes) in heads {
      #expect(bytes.withUnsafeBytes { MagicIndex.picked(for: $0) } == nil, "\(label): the index served it")
    }
    Self.expectSameAnswers(heads)
    // The rule is reached.
    #expect(try heads[0].bytes.withUnsafeBytes { try MagicSniffer(sharesLibmagic: false, indexed: false).sniff($0) }.mimeType == "application/x-xar")
  }

  @Test("a head where `<!doctype svg` may be found takes one list, in UTF-8, Latin-1 and UTF-16")
  func svgDoctypeTakesOneList() throws {
    try #require(MagicSniffer.usesIndex)
    let doctypes = [
      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">",
      "<!doctype svg>", "<!DocType   SVG>", "<!doctype\tsvg>", "<!DOCTYPE\n  svg>", "<!doctypesvg>",
    ]
    var heads: [(label: String, bytes: [UInt8])] = []
    for doctype in doctypes {
      for (form, text) in [
        ("alone", doctype + "\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
        ("in XML", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + doctype + "\n<svg xmlns=\"http://www.w3.org/2000/svg\"><title>Café</title></svg>\n"),
        ("in HTML", "<html><head><title>x</title></head>\n<body>\n" + doctype + "\n</body></html>\n"),
        ("after spaces", "   \n\t" + doctype + "\n"),
      ] {
        heads.append(("\(doctype) \(form), UTF-8", Array(text.utf8)))
        heads.append(("\(doctype) \(form), Latin-1", text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }))
        let units = Array(text.utf16)
        heads.append(("\(doctype) \(form), UTF-16LE", [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        heads.append(("\(doctype) \(form), UTF-16BE", [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
      }
    }
    for (label, bytes) in heads {
      let picked = bytes.withUnsafeBytes { MagicIndex.picked(for: $0) }
      // UTF-16's byte-order marks keep groups that reach `indirect`: the whole database.
      if label.hasSuffix("UTF-16LE") || label.hasSuffix("UTF-16BE") {
        #expect(picked?.textsApart != true, "\(label): \(String(describing: picked))")
      } else {
        #expect(picked != nil && picked?.textsApart == false, "\(label): \(String(describing: picked))")
      }
    }
    Self.expectSameAnswers(heads)
    // The rule is reached: the plain SVG is one.
    let svg = Array((doctypes[0] + "\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n").utf8)
    #expect(try svg.withUnsafeBytes { try MagicSniffer(sharesLibmagic: false).sniff($0) }.mimeType == "image/svg+xml")
  }

  /// libmagic reads the rules a sniff loads where they were written, for as long as its
  /// cookie holds them: sniffers of their own used at once (tests do) must not write
  /// theirs over one another's.
  @Test("sniffers of their own used at once on several threads answer as the whole database does")
  func sniffersAtOnce() throws {
    try #require(MagicSniffer.usesIndex)
    let samples: [[UInt8]] = [
      Array("hello, a small note\n".utf8), Array("<!doctype svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8),
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], Array("#!/usr/bin/env python3\nimport os\n".utf8),
      [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0, 0, 4, 0xE6, 0xD6, 0xB4, 0x46], Array("{\"a\": [1, 2]}\n".utf8), Array("GIF89a\u{1}\0\u{1}\0".utf8),
    ]
    let whole = MagicSniffer(sharesLibmagic: false, indexed: false)
    let expected = try samples.map { sample in try sample.withUnsafeBytes { "\(try whole.sniff($0))" } }
    let differences = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      let indexed = MagicSniffer(sharesLibmagic: false)
      for round in 0..<400 {
        let which = (round + thread * 2) % samples.count
        let answer = samples[which].withUnsafeBytes { head in (try? indexed.sniff(head)).map { "\($0)" } ?? "an error" }
        if answer != expected[which] { differences.withLock { $0.append("thread \(thread), round \(round), sample \(which): \(answer), not \(expected[which])") } }
      }
    }
    let found = differences.withLock { $0 }
    #expect(found.isEmpty, "\(found.count) of 1,200 sniffs answered differently:\n\(found.prefix(10).joined(separator: "\n"))")
  }

  // MARK: - The index file

  /// The index of the system database, built in memory for `identity`.
  static func build(_ database: [UInt8], identity: [UInt64]) -> [UInt8]? {
    var built: UnsafeMutableRawPointer?
    let size = database.withUnsafeBytes { mgc in
      identity.withUnsafeBufferPointer { cmagic_index_build(mgc.baseAddress, mgc.count, $0.baseAddress, &built) }
    }
    defer { free(built) }
    guard size > 0, let built else { return nil }
    return Array(UnsafeRawBufferPointer(start: built, count: size))
  }

  static let identity: [UInt64] = [0x803, 1_234_567, 8_281_024, 1_674_900_000, 12_345, 1_674_900_001, 67_890]

  /// Bytes that end where a page no one may read begins: a read past them crashes the
  /// test instead of passing unseen.
  final class Guarded {
    let mapping: UnsafeMutableRawPointer
    let mappingSize: Int
    let bytes: UnsafeMutableRawBufferPointer

    init(_ source: ArraySlice<UInt8>) {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let pages = (source.count + page - 1) / page
      mappingSize = (pages + 1) * page
      mapping = mmap(nil, mappingSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
      mprotect(mapping + pages * page, page, PROT_NONE)
      bytes = UnsafeMutableRawBufferPointer(start: mapping + pages * page - source.count, count: source.count)
      source.withUnsafeBytes { bytes.copyMemory(from: $0) }
    }

    deinit { munmap(mapping, mappingSize) }
  }

  /// Heads for assembling from damaged indexes: text, `<!` (one list), binary of
  /// several kinds, `indirect`.
  static let assembleHeads: [[UInt8]] = [
    Array("A plain note.\n".utf8), Array("<!doctype svg>\n<svg/>".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
    Array("xar!".utf8) + [0, 0x1C], (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) },
  ]

  /// Assembles each head from an index `cmagic_index_check` accepted: nothing may be
  /// written past `cmagic_index_capacity`, and what it points at lies in the index (or,
  /// for text groups picked for the head, in what was written).
  static func assembleWithinBounds(_ index: UnsafeRawBufferPointer, _ label: String) -> [String] {
    var checked = cmagic_index()
    guard cmagic_index_check(index.baseAddress, index.count, Self.identity, &checked) == 1 else { return ["\(label): refused"] }
    return assembleWithinBounds(index, checked: checked, label)
  }

  /// The same, from an index checked as `checked` (whose bytes may have changed since).
  static func assembleWithinBounds(_ index: UnsafeRawBufferPointer, checked: cmagic_index, _ label: String) -> [String] {
    var checked = checked
    var problems: [String] = []
    let base = index.baseAddress!
    let capacity = cmagic_index_capacity(&checked)
    guard capacity <= index.count else { return ["\(label): capacity \(capacity) beyond the index's \(index.count) bytes"] }
    let guardSize = 4096
    let out = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity + guardSize, alignment: 16)
    defer { out.deallocate() }
    out[capacity...].initializeMemory(as: UInt8.self, repeating: 0xA5)
    for head in assembleHeads {
      var texts: UnsafeRawPointer?
      var textSize = 0
      let written = head.withUnsafeBytes { cmagic_index_assemble(&checked, $0.baseAddress, $0.count, out.baseAddress, &texts, &textSize) }
      if written > capacity { problems.append("\(label): \(written) bytes assembled, capacity \(capacity)") }
      // Each list written ends in an empty entry, where libmagic's reading of a string of
      // its last rule that does not end stops.
      let entry = Self.entry
      if written > 0, written + entry <= capacity, out[written..<(written + entry)].contains(where: { $0 != 0 }) {
        problems.append("\(label): no empty entry after the rules written")
      }
      if let texts, texts >= UnsafeRawPointer(out.baseAddress!), texts + textSize + entry <= UnsafeRawPointer(out.baseAddress!) + capacity,
        UnsafeRawBufferPointer(start: texts + textSize, count: entry).contains(where: { $0 != 0 })
      {
        problems.append("\(label): no empty entry after the text rules written")
      }
      if out[capacity...].contains(where: { $0 != 0xA5 }) {
        problems.append("\(label): written past capacity \(capacity)")
        out[capacity...].initializeMemory(as: UInt8.self, repeating: 0xA5)
      }
      if let texts, (texts < base || texts + textSize > base + index.count),
        texts < UnsafeRawPointer(out.baseAddress!) || texts + textSize > UnsafeRawPointer(out.baseAddress!) + capacity
      {
        problems.append("\(label): text list outside the index and what was written")
      }
    }
    var namedSize = 0
    let named = cmagic_index_named(&checked, &namedSize)!
    if named < base || named + namedSize > base + index.count { problems.append("\(label): named rules outside the index") }
    return problems
  }

  @Test("the index of the database is accepted for its identity only")
  func checkedForItsIdentity() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    index.withUnsafeBytes { bytes in
      #expect(cmagic_index_check(bytes.baseAddress, bytes.count, Self.identity, nil) == 1)
      for word in Self.identity.indices {
        var other = Self.identity
        other[word] ^= 1
        #expect(cmagic_index_check(bytes.baseAddress, bytes.count, other, nil) == 0, "identity word \(word) changed")
      }
      #expect(Self.assembleWithinBounds(bytes, "the whole index").isEmpty)
    }
  }

  @Test("a byte changed in the header, the record table or the candidate table is refused, or assembles within bounds")
  func damagedBytes() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    let groups = Int(index.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 16, as: UInt32.self) })
    let header = 88, record = 24
    let table = header + groups * record
    // A row of bits per value of the data's first byte, a bit per group.
    let candidates = (table + 7) / 8 * 8
    let rowBytes = (groups + 63) / 64 * 8
    let rows = candidates + 256 * rowBytes
    #expect(groups > 1_000 && rows < index.count, "\(groups) groups")
    var generator = FuzzGenerator(state: 0x5EED_1DE8)
    // Every byte of the header, three ways; then places in the tables, among them the ends
    // of the rows the heads below read.
    var changes: [(position: Int, change: UInt8)] = []
    for position in 0..<header { changes += [(position, 0xFF), (position, 0x01), (position, 0x80)] }
    for _ in 0..<400 { changes.append((Int.random(in: header..<table, using: &generator), UInt8.random(in: 1...255, using: &generator))) }
    for _ in 0..<200 { changes.append((Int.random(in: candidates..<rows, using: &generator), UInt8.random(in: 1...255, using: &generator))) }
    for value in Set(Self.assembleHeads.map { Int($0[0]) }) {
      let row = candidates + value * rowBytes
      changes += [(row, 0xFF), (row + rowBytes - 1, 0xFF)]
    }
    let guarded = Guarded(index[...])
    var accepted = 0
    var problems: [String] = []
    for (position, change) in changes {
      let original = guarded.bytes[position]
      guarded.bytes[position] = original ^ change
      defer { guarded.bytes[position] = original }
      guard cmagic_index_check(guarded.bytes.baseAddress, guarded.bytes.count, Self.identity, nil) == 1 else { continue }
      accepted += 1
      problems += Self.assembleWithinBounds(UnsafeRawBufferPointer(guarded.bytes), "byte \(position) ^ \(change)")
    }
    #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
    // Some changes (a record's key) are harmless to bounds and accepted: assembling ran.
    #expect(accepted > 0 && accepted < changes.count, "\(accepted) of \(changes.count) changes accepted")
  }

  /// A mapped index can be written over in place after it was checked: a sniff reads the
  /// header as checked, and every record, row and requirement within its bounds.
  @Test("an index whose header or requirements are written over after its check assembles within bounds")
  func writtenOverAfterTheCheck() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    let guarded = Guarded(index[...])
    var checked = cmagic_index()
    try #require(cmagic_index_check(guarded.bytes.baseAddress, guarded.bytes.count, Self.identity, &checked) == 1)
    var problems: [String] = []
    // Every byte of the header, and of the last requirement (counts and lengths), three ways.
    let requirement = 564
    for position in Array(0..<112) + Array((index.count - requirement)..<index.count) {
      for change: UInt8 in [0xFF, 0x01, 0x80] {
        let original = guarded.bytes[position]
        guarded.bytes[position] = original ^ change
        defer { guarded.bytes[position] = original }
        problems += Self.assembleWithinBounds(UnsafeRawBufferPointer(guarded.bytes), checked: checked, "byte \(position) ^ \(change)")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
  }

  @Test("a list header written over after the check, byte-swapped, has the sniff load the whole database")
  func listHeaderSwappedAfterTheCheck() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    let (textAt, namedAt) = index.withUnsafeBytes {
      (Int($0.loadUnaligned(fromByteOffset: 20, as: UInt32.self)), Int($0.loadUnaligned(fromByteOffset: 28, as: UInt32.self)))
    }
    // The text list is handed over as it is for a head behind a byte-order mark; the named
    // list for every head.
    let heads = [Array("a small note\n".utf8), [0xEF, 0xBB, 0xBF] + Array("a small note\n".utf8)]
    for (list, at) in [("text", textAt), ("named", namedAt)] {
      let guarded = Guarded(index[...])
      var checked = cmagic_index()
      try #require(cmagic_index_check(guarded.bytes.baseAddress, guarded.bytes.count, Self.identity, &checked) == 1)
      for word in 0..<4 {
        let value = guarded.bytes.loadUnaligned(fromByteOffset: at + 4 * word, as: UInt32.self)
        guarded.bytes.storeBytes(of: value.byteSwapped, toByteOffset: at + 4 * word, as: UInt32.self)
      }
      let rules = UnsafeMutableRawPointer.allocate(byteCount: cmagic_index_capacity(&checked), alignment: 16)
      defer { rules.deallocate() }
      let head = list == "text" ? heads[1] : heads[0]
      let cookie = try #require(magic_open(MAGIC_MIME_TYPE))
      defer { magic_close(cookie) }
      #expect(cmagic_index_load(cookie, &checked, head, head.count, rules) == 1, "\(list) list swapped")
    }
  }

  @Test("an index is refused when a string of the last rule of a list it hands libmagic as it is does not end")
  func unendedStringsRefused() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    let (textAt, namedAt, requirements) = index.withUnsafeBytes {
      (Int($0.loadUnaligned(fromByteOffset: 20, as: UInt32.self)), Int($0.loadUnaligned(fromByteOffset: 28, as: UInt32.self)),
       Int($0.loadUnaligned(fromByteOffset: 52, as: UInt32.self)))
    }
    let lastText = namedAt - Self.entry, lastNamed = index.count - requirements * 564 - Self.entry
    #expect(textAt < lastText && namedAt < lastNamed)
    #expect(index.withUnsafeBytes { cmagic_index_check($0.baseAddress, $0.count, Self.identity, nil) } == 1)
    // The value, the description, the MIME type, the Apple type, the extensions.
    for last in [lastText, lastNamed] {
      for (field, size) in [(32, 128), (160, 64), (224, 80), (304, 8), (312, 64)] {
        var planted = index
        planted.replaceSubrange((last + field)..<(last + field + size), with: [UInt8](repeating: UInt8(ascii: "A"), count: size))
        #expect(planted.withUnsafeBytes { cmagic_index_check($0.baseAddress, $0.count, Self.identity, nil) } == 0, "entry at \(last), field at \(field)")
      }
    }
  }

  @Test("an index cut short is refused")
  func truncated() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    let index = try #require(Self.build(Self.database, identity: Self.identity))
    var generator = FuzzGenerator(state: 0x7A11_0F_C0DE)
    var lengths = [0, 1, 4, 87, 88, 89, 100, 4096, index.count - Self.entry, index.count - 8, index.count - 1]
    for _ in 0..<40 { lengths.append(Int.random(in: 0..<index.count, using: &generator)) }
    for length in lengths {
      let guarded = Guarded(index[..<length])
      #expect(cmagic_index_check(guarded.bytes.baseAddress ?? UnsafeMutableRawPointer(guarded.mapping), length, Self.identity, nil) == 0, "cut to \(length) of \(index.count) bytes")
    }
  }

  @Test("a database that is not libmagic 5.44's builds no index")
  func notLibmagicsDatabase() throws {
    try #require(Self.databaseRules > 0, "no compiled database")
    func builds(_ database: [UInt8]) -> Bool { Self.build(database, identity: Self.identity) != nil }
    #expect(builds(Self.database))
    var otherMagic = Self.database
    otherMagic[0] ^= 0x01
    #expect(!builds(otherMagic), "another magic number")
    for version: UInt8 in [17, 19, 0] {
      var otherVersion = Self.database
      otherVersion[4] = version
      #expect(!builds(otherVersion), "version \(version)")
    }
    #expect(!builds(Array(Self.database.dropLast())), "a byte short")
    #expect(!builds(Self.database + [0]), "a byte over")
    #expect(!builds(Array(Self.database.dropLast(Self.entry))), "an entry short of what its header counts")
    #expect(!builds(Array(Self.database.prefix(Self.entry))), "a header alone")
    var none: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 1)
    let empty = [UInt8](repeating: 0, count: 1).withUnsafeBytes { cmagic_index_build($0.baseAddress, 0, Self.identity, &none) }
    #expect(empty == 0 && none == nil, "an empty database")
  }
}

extension Trait where Self == ConditionTrait {
  /// The index and the regular-expression shortcut exist only with the libmagic they were
  /// written for (CMagic.h); with another, libmagic runs alone and there is nothing to test.
  static var knownLibmagic: Self {
    .enabled(
      if: cmagic_shortcuts_available() == 1,
      "written for libmagic 5.44 (\(CMAGIC_KNOWN_LIBMAGIC)); compiled against \(MAGIC_VERSION), running \(magic_version())")
  }
}
