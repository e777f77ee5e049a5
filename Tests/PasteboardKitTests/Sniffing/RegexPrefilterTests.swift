import CMagic
import Foundation
import Testing

@testable import PasteboardKit

/// The shortcut libmagic's regular expressions go through (Sources/CMagic/RegexPrefilter.c):
/// it may skip only what glibc would not match, so libmagic's answers stay the same.
/// Serialized: one test turns the shortcut off for a while.
@Suite(.tags(.unit), .serialized, .knownLibmagic) struct RegexPrefilterTests {
  static let flags = REG_EXTENDED | REG_NEWLINE

  func mayMatch(_ pattern: String, _ subject: String, flags: Int32 = flags) -> Bool {
    cmagic_regex_may_match(pattern, flags, subject) != 0
  }

  /// glibc's own answers for one pattern; the shortcut must be off (`regcomp` here goes
  /// through it too).
  func withGlibcRegex(_ pattern: String, flags: Int32, _ body: (_ matches: (String) -> Bool) -> Void) {
    var regex = regex_t()
    guard regcomp(&regex, pattern, flags) == 0 else { return }
    defer { regfree(&regex) }
    body { subject in regexec(&regex, subject, 0, nil, 0) == 0 }
  }

  @Test func aPatternIsSkippedOnlyWhenAStringItNeedsIsMissing() {
    // Bounded repetition, the costly kind, before a literal.
    #expect(!mayMatch("^[ \t]{0,50}\\.text", "plain words\n"))
    #expect(mayMatch("^[ \t]{0,50}\\.text", "  .text\n"))
    // Alternatives: one of them must be there.
    #expect(!mayMatch("^(CFLAGS|VPATH|LDFLAGS|all:|\\.PRECIOUS)", "hello\n"))
    #expect(mayMatch("^(CFLAGS|VPATH|LDFLAGS|all:|\\.PRECIOUS)", "x VPATH\n"))
    // A repeated group is needed; an optional part is not.
    #expect(!mayMatch("^[!-?A-~]{1,255}(\t[^\t]+){11}", "no tabs at all\n"))
    #expect(mayMatch("^[!-?A-~]{1,255}(\t[^\t]+){11}", "a\tb\n"))
    #expect(mayMatch("\\((async )?function[( ]", "(function("))
    #expect(!mayMatch("\\((async )?function[( ]", "async function"))
    #expect(mayMatch("colou?r", "color"))
    #expect(!mayMatch("colou?r", "colr"))
    // One-character sets and escaped characters are literal; classes are not.
    #expect(!mayMatch("^[ \t\n]{0,100}[{]", "no brace\n"))
    #expect(mayMatch("[]]x", "]x"))
    #expect(!mayMatch("[]]x", "x"))
    #expect(mayMatch("\\w+foo", "foo"))
    #expect(!mayMatch("\\w+foo", "bar"))
    // REG_ICASE compares ASCII letters without case.
    #expect(mayMatch("tEDAx", "tedax", flags: Self.flags | REG_ICASE))
    #expect(!mayMatch("tEDAx", "tedax"))
    // Nothing required, or a form left to glibc: never skipped.
    #expect(mayMatch("a*", ""))
    #expect(mayMatch("(ab){0}c*", "zzz"))
    #expect(mayMatch("a{2,1}", "zzz"))
    #expect(mayMatch("a||b", "zzz"))
    #expect(mayMatch("*a", "zzz"))
    #expect(mayMatch("[a", "zzz"))
    #expect(mayMatch("abc\\", "zzz"))
    #expect(mayMatch("\u{e9}?x", "x"))
    #expect(mayMatch("abc", "zzz", flags: 0))  // basic syntax is left to glibc
  }

  /// Texts of many kinds, and the corpus the end-to-end tests type.
  static let subjects: [[UInt8]] = {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../pbTests/Corpus/samples").standardized
    let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
    let samples = files.sorted().compactMap { FileManager.default.contents(atPath: corpus.appendingPathComponent($0).path) }
    let texts = [
      "plain words here\n", "#!/bin/sh\necho hi\n", "\t.text\n\t.globl main\nmain:\n", "CFLAGS = -O2\nall: pb\n",
      "import os\nfrom sys import argv\n", "export default function () {}\n", "package main;\n",
      "r1\t0\tchr1\t100\t60\t10M\t*\t0\t0\tACGT\tIIII\n", "(defn hello [] 1)\n", ": square ( n -- n ) dup * ;\n",
      "1\n00:00:01,000 --> 00:00:02,000\nHello\n", "%SiSU insert\n", "<?xml version=\"1.0\"?>\n<a/>\n",
    ]
    return samples.map { Array($0.prefix(TypeDetector.headSize)) } + texts.map { Array($0.utf8) }
  }()

  /// Through a libmagic of their own, whose patterns are compiled as the shortcut is set now.
  /// With the whole database, libmagic tries every pattern of its text rules; with the
  /// index, only those whose strings a text holds (MagicIndex.c keeps their requirements).
  func sniffAll(_ heads: [[UInt8]], indexed: Bool) throws -> [SniffedType] {
    let sniffer = MagicSniffer(sharesLibmagic: false, indexed: indexed)
    return try heads.map { head in try head.withUnsafeBytes { try sniffer.sniff($0) } }
  }

  @Test func libmagicAnswersTheSameWithAndWithoutTheShortcut() throws {
    #expect(Self.subjects.count > 60)
    let before = cmagic_regex_counts()
    let shortcut = try sniffAll(Self.subjects, indexed: false)
    // The shortcut took effect: rules were skipped, not compiled.
    #expect(cmagic_regex_counts().skipped > before.skipped + 1000)
    let indexed = try sniffAll(Self.subjects, indexed: true)
    cmagic_regex_set_prefilter(0)
    defer { cmagic_regex_set_prefilter(1) }
    let glibc = try sniffAll(Self.subjects, indexed: false)
    for (index, (fast, slow)) in zip(shortcut, glibc).enumerated() {
      #expect(fast == slow, "subject \(index): \(String(decoding: Self.subjects[index].prefix(40), as: UTF8.self))")
    }
    for (index, (fast, slow)) in zip(indexed, glibc).enumerated() {
      #expect(fast == slow, "subject \(index), indexed: \(String(decoding: Self.subjects[index].prefix(40), as: UTF8.self))")
    }
  }

  /// The check that the shortcuts change no answer on real files: every file of the type
  /// corpus sniffed as pb sniffs it (the index, the shortcut) and by libmagic alone (the
  /// whole database, glibc's regcomp and regexec), which is what another libmagic gets.
  @Test func everyCorpusFileGetsPlainLibmagicsAnswer() throws {
    let corpus = MagicIndexTests.corpus
    try #require(corpus.count >= 500, "the type corpus has \(corpus.count) files")
    try #require(MagicSniffer.usesIndex, "no index in this process (MAGIC set, ~/.magic, or no compiled database?)")
    func sniffEach(_ sniffer: MagicSniffer) -> [String] {
      corpus.map { file in file.head.withUnsafeBytes { head in (try? sniffer.sniff(head)).map { "\($0)" } ?? "an error" } }
    }
    let served = corpus.filter { file in file.head.withUnsafeBytes { MagicIndex.picked(for: $0) } != nil }.count
    #expect(served * 10 >= corpus.count * 6, "the index served \(served) of \(corpus.count) files")
    let shortcuts = sniffEach(MagicSniffer(sharesLibmagic: false, indexed: true))
    cmagic_regex_set_prefilter(0)
    defer { cmagic_regex_set_prefilter(1) }
    let plain = sniffEach(MagicSniffer(sharesLibmagic: false, indexed: false))
    let differences = zip(corpus, zip(shortcuts, plain)).filter { $1.0 != $1.1 }.map { "\($0.name): \($1.0), libmagic alone \($1.1)" }
    #expect(differences.isEmpty, "\(differences.count) of \(corpus.count) files:\n\(differences.prefix(20).joined(separator: "\n"))")
  }

  @Test func noPatternOfLibmagicsIsSkippedWhereGlibcWouldMatch() throws {
    // libmagic's own patterns: those deferred while a sniffer that tried them is open
    // (the whole database: with the index, a text's patterns that cannot match are not
    // even tried).
    let sniffer = MagicSniffer(sharesLibmagic: false, indexed: false)
    for head in Self.subjects.prefix(5) + Self.subjects.suffix(13) {
      _ = try head.withUnsafeBytes { try sniffer.sniff($0) }
    }
    var patterns: [(pattern: String, flags: Int32)] = []
    withUnsafeMutablePointer(to: &patterns) { list in
      cmagic_regex_each_deferred({ pattern, flags, context in
        let list = context!.assumingMemoryBound(to: [(pattern: String, flags: Int32)].self)
        list.pointee.append((String(cString: pattern!), flags))
      }, list)
    }
    #expect(patterns.count > 50)
    cmagic_regex_set_prefilter(0)
    defer { cmagic_regex_set_prefilter(1) }
    // Each pattern against every subject, and against its own letters (which hold the
    // strings it needs), case changed too.
    var skipped = 0
    let texts = Self.subjects.map { String(decoding: $0, as: UTF8.self) }
    for (pattern, flags) in patterns {
      let ownLetters = String(pattern.filter { !"^$()[]{}*+?|.\\".contains($0) })
      let subjects = texts + [ownLetters, ownLetters.uppercased()]
      withGlibcRegex(pattern, flags: flags) { matches in
        for subject in subjects where !mayMatch(pattern, subject, flags: flags) {
          skipped += 1
          #expect(!matches(subject), "\(pattern) skipped on \(subject.prefix(40))")
        }
      }
    }
    #expect(skipped > 1000)
    withExtendedLifetime(sniffer) {}
  }

  @Test func randomPatternsAreSkippedOnlyWhereGlibcDoesNotMatch() {
    // Random words over the syntax's characters, mostly malformed, some deep.
    let alphabet = Array("ab^$()[]{}*+?|.\\-:=,0123456789\t ")
    let subject = "ab ba a1 [x] {y} A:B"
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    cmagic_regex_set_prefilter(0)
    defer { cmagic_regex_set_prefilter(1) }
    var skipped = 0
    for round in 0..<30_000 {
      let pattern = String((0..<next(24)).map { _ in alphabet[next(alphabet.count)] })
      let flags = Self.flags | (round % 2 == 0 ? REG_ICASE : 0)
      guard !mayMatch(pattern, subject, flags: flags) else { continue }
      skipped += 1
      withGlibcRegex(pattern, flags: flags) { matches in
        #expect(!matches(subject), "\(pattern) skipped")
      }
    }
    #expect(skipped > 1000)
  }
}
