import DesktopClipboard
import Foundation
import PasteboardKit
import Testing

/// The representations pb publish derives (image/png from other images, text from HTML):
/// the converters on their own, and on damaged input.
@Suite(.tags(.unit)) struct DerivedConversionTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../pbTests/Corpus/samples").standardized
  static let images = ["python.jpg", "python.gif", "python.bmp", "python.webp", "python.tiff"]

  static func sample(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: samples.appendingPathComponent(name)))
  }

  /// A PNG's width and height, when its chunks are whole (each length fits, the
  /// IHDR first, the IEND last); nil for anything else.
  static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    var at = 8
    var size: (Int, Int)?
    var sawData = false
    while at + 12 <= png.count {
      let length = word(at)
      let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
      guard at + 12 + length <= png.count else { return nil }
      if at == 8 {
        guard type == "IHDR", length == 13 else { return nil }
        size = (word(at + 8), word(at + 12))
      }
      if type == "IDAT" { sawData = true }
      if type == "IEND" { return at + 12 == png.count && sawData ? size.map { (width: $0.0, height: $0.1) } : nil }
      at += 12 + length
    }
    return nil
  }

  @Test("each image format becomes a PNG of its size", arguments: images)
  func convertsEachFormat(_ name: String) throws {
    let png = try ImageConversion.png(from: try Self.sample(name))
    let size = try #require(Self.pngSize(png))
    #expect(size.width == 16 && size.height == 16)
  }

  @Test("a stored image's budget grows with its size, from the standard one to a ceiling")
  func budgetForStoredImage() {
    let standard = ImageConversion.Budget.standard
    #expect(ImageConversion.Budget.forStoredImage(of: 7_000) == standard)
    #expect(ImageConversion.Budget.forStoredImage(of: 3 << 20) == standard)
    // A 12 MB photo of 48 megapixels: its 144 MB of pixels and its PNG fit.
    #expect(ImageConversion.Budget.forStoredImage(of: 12 << 20).memory == 768 << 20)
    #expect(ImageConversion.Budget.forStoredImage(of: 100 << 20).memory == 1 << 30)
    #expect(ImageConversion.Budget.forStoredImage(of: .max).memory == 1 << 30)
  }

  @Test("an image over the memory budget is refused before it is decoded, whatever its header claims")
  func memoryBudget() throws {
    let jpeg = try Self.sample("python.jpg")
    // The PNG's compressor alone has 2 MiB of the budget.
    let small = ImageConversion.Budget(memory: 2 << 20, scans: 100)
    #expect(throws: ImageConversion.Failure.overMemoryBudget) { try ImageConversion.png(from: jpeg, budget: small) }
    // A JPEG whose frame header says 65280 x 65280 (4.3 gigapixels).
    var claimed = jpeg
    let frame = try #require(claimed.indices.dropLast().first { claimed[$0] == 0xFF && claimed[$0 + 1] == 0xC0 })
    claimed.replaceSubrange(frame + 5..<frame + 9, with: [0xFF, 0x00, 0xFF, 0x00])
    #expect(throws: ImageConversion.Failure.overMemoryBudget) { try ImageConversion.png(from: claimed) }
    #expect(throws: ImageConversion.Failure.unknownFormat) { try ImageConversion.png(from: try Self.sample("python.png")) }
    #expect(throws: ImageConversion.Failure.unknownFormat) { try ImageConversion.png(from: []) }
  }

  /// Truncated, bit-flipped, overwritten with random bytes or with the numbers a forger
  /// picks for sizes, and random bytes behind each format's magic: every attempt ends
  /// in a refusal or a whole PNG within the limit, never a trap (which would end the
  /// test process).
  @Test("damaged images of every format are refused or converted, never a crash", arguments: images)
  func fuzz(_ name: String) throws {
    let real = try Self.sample(name)
    var generator = Generator(state: 0xD371_7ED0 ^ UInt64(name.utf8.count) << 32 ^ UInt64(real.count))
    var converted = 0
    var refused = 0
    for round in 0..<1500 {
      var damaged = real
      switch round % 5 {
      case 0:
        damaged = Array(real.prefix(Int(generator.next() % UInt64(real.count))))
      case 1:
        for _ in 0..<(1 + round % 7) {
          damaged[Int(generator.next() % UInt64(real.count))] ^= UInt8(1) << (generator.next() % 8)
        }
      case 2:
        for _ in 0..<(1 + round % 4) {
          damaged[Int(generator.next() % UInt64(real.count))] = UInt8(truncatingIfNeeded: generator.next())
        }
      case 3:
        let at = Int(generator.next() % UInt64(real.count - 2))
        let lies: [[UInt8]] = [[0xFF, 0xFF], [0, 0], [0x7F, 0xFF], [0x00, 0x01], [0x80, 0x00]]
        damaged.replaceSubrange(at..<at + 2, with: lies[Int(generator.next() % UInt64(lies.count))])
      default:
        let kept = 2 + Int(generator.next() % 14)
        damaged = Array(real.prefix(kept)) + (0..<Int(generator.next() % 2048)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      }
      do {
        let png = try ImageConversion.png(from: damaged, budget: ImageConversion.Budget(memory: 16 << 20, scans: 100))
        let size = try #require(Self.pngSize(png), "round \(round) gave bytes that are not a whole PNG")
        // Its pixels, of 3 bytes or more, and the PNG compressed from them fit.
        #expect(size.width > 0 && size.height > 0 && size.width * size.height * 3 * 2 <= 16 << 20)
        converted += 1
      } catch {
        refused += 1
      }
    }
    // Both outcomes happen: the damage reaches the decoders, and some of it they survive.
    #expect(converted > 0 && refused > 0)
  }

  /// `jpeg` with an EXIF segment saying `orientation`, big-endian, after its SOI.
  static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
    let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    return Array(jpeg.prefix(2)) + [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + Array(jpeg.dropFirst(2))
  }

  @Test("a JPEG's EXIF orientation is applied, and a damaged EXIF segment is harmless")
  func exifOrientation() throws {
    let jpeg = try Self.sample("python.jpg")
    for orientation in UInt8(0)...9 {
      let png = try ImageConversion.png(from: Self.withOrientation(jpeg, orientation))
      #expect(Self.pngSize(png).map { [$0.width, $0.height] } == [16, 16], "orientation \(orientation)")
    }
    // Turned a quarter, the image's pixels differ from the unturned one's.
    #expect(try ImageConversion.png(from: Self.withOrientation(jpeg, 6)) != ImageConversion.png(from: jpeg))
    #expect(try ImageConversion.png(from: Self.withOrientation(jpeg, 1)) == ImageConversion.png(from: jpeg))
    var generator = Generator(state: 0xE41F)
    let real = Self.withOrientation(jpeg, 6)
    for _ in 0..<1000 {
      var damaged = real
      for _ in 0..<3 { damaged[4 + Int(generator.next() % 34)] = UInt8(truncatingIfNeeded: generator.next()) }
      if let png = try? ImageConversion.png(from: damaged) { #expect(Self.pngSize(png) != nil) }
    }
  }

  @Test("HTML becomes the text a browser copies")
  func htmlText() {
    #expect(HTMLText.plainText("<p>One</p><p>Two</p>") == "One\n\nTwo")
    #expect(HTMLText.plainText("<div>a</div><div>b</div>") == "a\nb")
    #expect(HTMLText.plainText("<ul>\n  <li>first</li>\n  <li>second</li>\n</ul>") == "first\nsecond")
    #expect(HTMLText.plainText("a<br>b<br><br>c") == "a\nb\n\nc")
    #expect(HTMLText.plainText("<h1>Title</h1>Body  text\n  wraps") == "Title\nBody text wraps")
    #expect(HTMLText.plainText("<b>bold</b> <i>and</i>\t<a href=\"x>y\">link</a>") == "bold and link")
    #expect(HTMLText.plainText("<style>p { color: red }</style><script>if (a < b) {}</script>shown") == "shown")
    #expect(HTMLText.plainText("<title>Page</title><!-- note <p> --><p>text</p>") == "text")
    #expect(HTMLText.plainText("&lt;tag&gt; &amp; &quot;q&quot; &eacute;&#233;&#xE9; &euro;&#128; &#0; &#x110000;")
      == "<tag> & \"q\" ééé €€ \u{FFFD} \u{FFFD}")
    #expect(HTMLText.plainText("caf&eacute AT&T &unknown; a&nbsp;&nbsp;b") == "café AT&T &unknown; a  b")
    #expect(HTMLText.plainText("<pre>\n  two\n    spaced</pre>after") == "  two\n    spaced\nafter")
    #expect(HTMLText.plainText("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>") == "a\tb\nc\td")
    #expect(HTMLText.plainText("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    #expect(HTMLText.plainText("<meta charset='utf-8'><span>Копия</span> ✓") == "Копия ✓")
    #expect(HTMLText.plainText("") == "")
  }

  @Test("HTML text survives random markup without a trap")
  func htmlFuzz() {
    var generator = Generator(state: 0x47A1)
    let pieces = ["<", ">", "</", "<p", "<pre>", "</pre>", "&", "&#", "&#x", ";", "amp", "9", "\"", "'", "=", " ", "\n", "<!--", "-->", "<script>", "</script", "<br>", "<td>", "é", "\u{0}"]
    for _ in 0..<2000 {
      let html = (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      _ = HTMLText.plainText(html)
    }
  }

  @Test("an image item without PNG is offered as image/png too, derived; one with PNG is not")
  func derivedTargets() {
    let jpeg = DesktopTargets.targets(for: [TypeIdentifier("public.jpeg")], utf8Text: nil, textIsLatin1: false, concealed: false)
    #expect(jpeg.map(\.name) == ["image/jpeg", "image/png"])
    #expect(jpeg.map(\.isDerived) == [false, true])
    #expect(jpeg[1].conversion == .png && jpeg[1].representation == 0)
    let both = DesktopTargets.targets(for: [TypeIdentifier("public.jpeg"), .png], utf8Text: nil, textIsLatin1: false, concealed: false)
    #expect(both.map(\.name) == ["image/jpeg", "image/png"])
    #expect(both.allSatisfy { !$0.isDerived })
    for type in ["com.compuserve.gif", "com.microsoft.bmp", "org.webmproject.webp", "public.tiff"] {
      #expect(DesktopTargets.targets(for: [TypeIdentifier(type)], utf8Text: nil, textIsLatin1: false, concealed: false)
        .contains { $0.name == "image/png" && $0.isDerived }, "\(type)")
    }
  }

  @Test("pb's offer lists its derived targets, and an import of it leaves them out")
  func derivedListedForImport() {
    let origin = DesktopTargets.Origin(board: "general", changeCount: 3)
    let targets = DesktopTargets.targets(
      for: [TypeIdentifier("public.html"), TypeIdentifier("public.jpeg")], utf8Text: nil, textIsLatin1: false, concealed: false,
      origin: origin)
    let list = targets.first { $0.name == DesktopTargets.pbDerived }
    #expect(list?.conversion == .constant(Array("image/png\n".utf8) + DesktopTargets.textAliases.flatMap { Array(($0 + "\n").utf8) }))
    let plan = DesktopTargets.importPlan(offered: ["TARGETS"] + targets.map(\.name))
    #expect(plan.fromPB && plan.listsDerived)
    #expect(plan.others.contains { $0.name == "image/png" } && !plan.text.isEmpty, "without the list, all would be read")
    guard case .constant(let bytes) = list?.conversion else { return }
    let kept = plan.leavingOut(derived: bytes)
    #expect(kept.others.map(\.name) == ["text/html", "image/jpeg"])
    #expect(kept.text.isEmpty)
    // Text placed after a derived name keeps its place among what stays.
    let later = DesktopTargets.importPlan(offered: ["image/png", "image/gif", "UTF8_STRING", DesktopTargets.pbDerived])
    #expect(later.textPosition == 2)
    #expect(later.leavingOut(derived: Array("image/png\n".utf8)).textPosition == 1)
    let plain = DesktopTargets.targets(for: [TypeIdentifier("public.png")], utf8Text: nil, textIsLatin1: false, concealed: false, origin: origin)
    #expect(!plain.contains { $0.name == DesktopTargets.pbDerived }, "nothing derived, no list")
  }

  @Test("an HTML item without plain text is offered under the text names, derived; with text it is not")
  func derivedText() {
    let html = DesktopTargets.targets(for: [TypeIdentifier("public.html")], utf8Text: nil, textIsLatin1: false, concealed: false)
    #expect(html.map(\.name) == ["text/html"] + DesktopTargets.textAliases)
    #expect(html.dropFirst().allSatisfy { $0.conversion == .textFromHTML && $0.isDerived })
    let types = [TypeIdentifier("public.html"), .utf8PlainText]
    let withText = DesktopTargets.targets(for: types, utf8Text: 1, textIsLatin1: false, concealed: false)
    #expect(withText.allSatisfy { !$0.isDerived })
  }
}

/// xorshift64*, seeded, so that a failure can be replayed (PasteboardKitTests'
/// FuzzGenerator; test targets cannot share a file).
private struct Generator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }
}
