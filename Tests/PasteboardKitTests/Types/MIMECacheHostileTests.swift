import Foundation
import Testing

@testable import PasteboardKit

/// Caches written by hand to lie: offsets past the end, counts far beyond the file,
/// children that loop or nest without end, ranges that ask for billions of comparisons;
/// and the real cache damaged at random. Each lookup must answer nothing or something,
/// promptly, and never trap.
@Suite(.tags(.unit)) struct MIMECacheHostileTests {
  /// A `mime.cache` built word by word. Every list starts empty (a shared block of zeros);
  /// a test points the lists it needs at records of its own.
  struct PlantedCache {
    enum List: Int { case alias, parent, literal, suffixTree, glob, magic, namespace, icon, genericIcon }

    private(set) var bytes: [UInt8] = [0, 1, 0, 2] + [UInt8](repeating: 0, count: 36)

    init() {
      let empty = put([0, 0, 0])
      for list in 0..<9 { patch(4 + 4 * list, empty) }
    }

    /// Appends big-endian words; returns where they start.
    @discardableResult
    mutating func put(_ words: [Int]) -> Int {
      let offset = bytes.count
      for word in words { bytes += withUnsafeBytes(of: UInt32(truncatingIfNeeded: word).bigEndian, Array.init) }
      return offset
    }

    mutating func put(_ string: String) -> Int {
      let offset = bytes.count
      bytes += Array(string.utf8) + [0]
      return offset
    }

    mutating func patch(_ offset: Int, _ word: Int) {
      bytes.replaceSubrange(offset..<offset + 4, with: withUnsafeBytes(of: UInt32(truncatingIfNeeded: word).bigEndian, Array.init))
    }

    mutating func point(_ list: List, to offset: Int) { patch(4 + 4 * list.rawValue, offset) }

    /// One match of `mime` at priority 50 whose top matchlets are `matchlets` records from
    /// `first`; returns the offset of the match record.
    @discardableResult
    mutating func magic(_ mime: String, matchlets: Int, first: Int) -> Int {
      let name = put(mime)
      let match = put([50, name, matchlets, first])
      point(.magic, to: put([1, 64, match]))
      return match
    }

    /// A matchlet record: `value` at offset 0 only, no mask.
    mutating func matchlet(value: Int, length: Int, children: Int = 0, firstChild: Int = 0) -> Int {
      put([0, 1, 1, length, value, 0, children, firstChild])
    }

    var cache: MIMECache? { MIMECache(bytes: bytes) }
  }

  static let head = Array("TEST head".utf8)

  func magic(_ cache: MIMECache?, _ head: [UInt8] = Self.head) -> String? {
    head.withUnsafeBytes { cache?.magicMatch(in: $0)?.mime }
  }

  @Test func aWellMadePlantedCacheAnswers() throws {
    var planted = PlantedCache()
    let value = planted.put("TEST")
    let leaf = planted.matchlet(value: value, length: 4)
    let top = planted.matchlet(value: value, length: 4, children: 1, firstChild: leaf)
    planted.magic("application/x-planted", matchlets: 1, first: top)
    #expect(magic(planted.cache) == "application/x-planted")
    #expect(magic(planted.cache, Array("BEST".utf8)) == nil)
  }

  /// One match with one matchlet, `TEST` at offset 0, and where its fields are.
  static func oneRule() -> (planted: PlantedCache, matchlet: Int, match: Int, list: Int) {
    var planted = PlantedCache()
    let value = planted.put("TEST")
    let matchlet = planted.matchlet(value: value, length: 4)
    let match = planted.magic("application/x-planted", matchlets: 1, first: matchlet)
    return (planted, matchlet, match, planted.bytes.count - 12)
  }

  /// The answer of the one rule's cache with the word at `field` replaced by `lie`.
  func magic(lying lie: Int, at field: (_ matchlet: Int, _ match: Int, _ list: Int) -> Int) -> String? {
    var (planted, matchlet, match, list) = Self.oneRule()
    planted.patch(field(matchlet, match, list), lie)
    return magic(planted.cache)
  }

  @Test func offsetsPastTheEndAnswerNothing() {
    #expect(magic(lying: 0xFFFF_FFF0) { matchlet, _, _ in matchlet + 16 } == nil, "the value")
    #expect(magic(lying: Self.oneRule().planted.bytes.count - 2) { matchlet, _, _ in matchlet + 16 } == nil, "the value's end")
    #expect(magic(lying: 0xFFFF_FFFF) { matchlet, _, _ in matchlet + 20 } == nil, "the mask")
    #expect(magic(lying: 0x7FFF_FFFF) { matchlet, _, _ in matchlet + 12 } == nil, "the value's length")
    #expect(magic(lying: 0xFFFF_FFF0) { _, match, _ in match + 12 } == nil, "the first matchlet")
    #expect(magic(lying: 0xFFFF_FFF0) { _, match, _ in match + 4 } == nil, "the type's name")
    var badList = Self.oneRule().planted
    badList.point(.magic, to: 0xFFFF_FFF0)
    #expect(badList.cache == nil, "a header pointing past the end refuses the cache")
  }

  @Test func hugeCountsAnswerNothing() {
    #expect(magic(Self.oneRule().planted.cache) == "application/x-planted")
    #expect(magic(lying: 0xFFFF_FFFF) { _, _, list in list } == nil, "matches")
    #expect(magic(lying: 0xFFFF_FFFF) { _, match, _ in match + 8 } == nil, "matchlets")
    #expect(magic(lying: 0x0FFF_FFFF) { matchlet, _, _ in matchlet + 24 } == nil, "children")
    #expect(magic(lying: 0xFFFF_FFFF) { matchlet, _, _ in matchlet + 4 } == "application/x-planted", "a long range is cut at the head's end")
  }

  @Test func childrenThatLoopOrNestWithoutEndAnswerNothingPromptly() {
    // One matchlet whose child is itself.
    var selfish = PlantedCache()
    let value = selfish.put("TEST")
    let loop = selfish.matchlet(value: value, length: 4)
    selfish.patch(loop + 24, 1)
    selfish.patch(loop + 28, loop)
    selfish.magic("application/x-planted", matchlets: 1, first: loop)
    #expect(magic(selfish.cache) == nil)

    // Eight matchlets, each with all eight as children: 8^depth paths without a budget.
    var bushy = PlantedCache()
    let bushyValue = bushy.put("TEST")
    let first = bushy.bytes.count
    for _ in 0..<8 { bushy.matchlet(value: bushyValue, length: 4, children: 8, firstChild: first) }
    bushy.magic("application/x-planted", matchlets: 8, first: first)
    let start = ContinuousClock.now
    #expect(magic(bushy.cache) == nil)
    #expect(ContinuousClock.now - start < .seconds(5))

    // A chain 5 deep matches (the real database's depth); 40 deep is refused.
    for (depth, expected) in [(5, "application/x-planted"), (40, nil)] {
      var chain = PlantedCache()
      let chainValue = chain.put("TEST")
      var child = chain.matchlet(value: chainValue, length: 4)
      for _ in 1..<depth { child = chain.matchlet(value: chainValue, length: 4, children: 1, firstChild: child) }
      chain.magic("application/x-planted", matchlets: 1, first: child)
      #expect(magic(chain.cache) == expected, "\(depth) deep")
    }
  }

  @Test func rangesThatAskForBillionsOfComparisonsAnswerNothingPromptly() {
    // Many matchlets, each comparing a long value at every offset of a long head, each
    // failing only on the value's last byte.
    var planted = PlantedCache()
    let value = planted.put(String(repeating: "a", count: 255) + "b")
    let first = planted.bytes.count
    for _ in 0..<512 { planted.put([0, 0xFFFF_FFFF, 1, 256, value, 0, 0, 0]) }
    planted.magic("application/x-planted", matchlets: 512, first: first)
    let start = ContinuousClock.now
    #expect(magic(planted.cache, [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)) == nil)
    #expect(ContinuousClock.now - start < .seconds(5))
  }

  @Test func globsAndNamespacesThatLieAnswerNothing() throws {
    var planted = PlantedCache()
    // A suffix tree whose one node is its own child: a walk as long as the name, no longer.
    let node = planted.put([Int(UInt8(ascii: "a")), 1, 0])
    planted.patch(node + 8, node)
    planted.point(.suffixTree, to: planted.put([1, node]))
    // Literal, pattern and namespace lists claiming billions of entries.
    planted.point(.literal, to: planted.put([0xFFFF_FFFF]))
    planted.point(.glob, to: planted.put([0x0FFF_FFFF]))
    planted.point(.namespace, to: planted.put([0x7FFF_FFFF]))
    let cache = try #require(planted.cache)
    let name = Array(String(repeating: "a", count: 10_000).unicodeScalars)
    #expect(cache.suffixMatches(name, acceptingCaseSensitive: true).isEmpty)
    #expect(cache.literal(Array("makefile".utf8), acceptingCaseSensitive: true) == nil)
    #expect(cache.patternMatches(name, acceptingCaseSensitive: true).isEmpty)
    #expect(cache.typeOfXMLRoot(XMLRoot(namespace: "urn:x", localName: "x")) == nil)
  }

  @Test func manyStarPatternsSpendABudgetNotSeconds() throws {
    var planted = PlantedCache()
    // 100,000 records of one pattern that backtracks over the whole name at each star.
    let pattern = planted.put("*" + String(repeating: "*a", count: 50) + "b")
    let mime = planted.put("text/x-planted")
    let records = (0..<100_000).flatMap { _ in [pattern, mime, 50] }
    planted.point(.glob, to: planted.put([100_000] + records))
    let cache = try #require(planted.cache)
    let name = Array((String(repeating: "a", count: 250) + ".qqq").unicodeScalars)
    let clock = ContinuousClock()
    let started = clock.now
    #expect(cache.patternMatches(name, acceptingCaseSensitive: true).isEmpty, "a lookup over budget answers nothing")
    #expect(clock.now - started < .seconds(2), "the budget bounds the work")
    // The same pattern, once, still matches a name it fits: the budget is not the answer.
    var one = PlantedCache()
    let onePattern = one.put("*a*b")
    let oneMime = one.put("text/x-planted")
    one.point(.glob, to: one.put([1, onePattern, oneMime, 50]))
    let small = try #require(one.cache)
    #expect(small.patternMatches(Array("xaxb".unicodeScalars), acceptingCaseSensitive: true).map(\.mime) == ["text/x-planted"])
  }

  @Test func aTypeFileOfEndlessGlobTagsIsReadInOnePass() {
    let xml = "<comment>Planted</comment>" + String(repeating: "<glob ", count: 150_000) + ">"
    let clock = ContinuousClock()
    let started = clock.now
    let details = SharedMIMEInfo.parseDetails(xml)
    #expect(details.comment == "Planted")
    #expect(clock.now - started < .seconds(2))
  }

  @Test func subclassLinksThatLoopAreFollowedOnce() throws {
    var planted = PlantedCache()
    let a = planted.put("x-test/a")
    let b = planted.put("x-test/b")
    let parentsOfA = planted.put([1, b])
    let parentsOfB = planted.put([1, a])
    planted.point(.parent, to: planted.put([2, a, parentsOfA, b, parentsOfB]))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pb-mime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(planted.bytes).write(to: folder.appendingPathComponent("mime.cache"))
    let database = SharedMIMEInfo(directories: [folder.path])
    #expect(database.isSubclass("x-test/a", of: "x-test/b"))
    #expect(!database.isSubclass("x-test/a", of: "x-test/c"))
  }

  @Test func theRealCacheDamagedAtRandomNeverTraps() throws {
    let real = try SharedMIMEInfoTests.realCache()
    let intact = try #require(MIMECache(bytes: real))
    let heads = [Array("%!PS-Adobe-3.0 EPSF-3.0\n".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array(real[0..<4096])]
    let xml = Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\">".utf8)
    #expect(magic(intact, heads[0]) == "image/x-eps")
    var generator = FuzzGenerator(state: 0xCAC4E)
    var answered = 0
    for round in 0..<2000 {
      var damaged = real
      for _ in 0..<(1 + round % 8) {
        // Half the time a whole word, to a value a forger would pick; else one byte.
        let at = Int(generator.next() % UInt64(damaged.count - 4)) & ~3
        if generator.next() % 2 == 0 {
          let lies: [UInt32] = [0, 1, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(damaged.count), UInt32(at)]
          let lie = lies[Int(generator.next() % UInt64(lies.count))].bigEndian
          withUnsafeBytes(of: lie) { damaged.replaceSubrange(at..<at + 4, with: $0) }
        } else {
          damaged[at + Int(generator.next() % 4)] = UInt8(truncatingIfNeeded: generator.next())
        }
      }
      guard let cache = MIMECache(bytes: damaged) else { continue }
      answered += 1
      _ = magic(cache, heads[round % heads.count])
      _ = cache.suffixMatches(Array("x.tar.gz".unicodeScalars), acceptingCaseSensitive: false)
      _ = cache.literal(Array("makefile".utf8), acceptingCaseSensitive: false)
      _ = cache.patternMatches(Array("libx.so.1".unicodeScalars), acceptingCaseSensitive: true)
      _ = xml.withUnsafeBytes { XMLRoot(head: $0) }.flatMap(cache.typeOfXMLRoot)
    }
    #expect(answered > 1000, "the damaged caches were read, not all refused")
  }
}
