import CImage
import Foundation
@testable import PasteboardKit
import Testing

/// The representations pb derives for publish and paste (image/png from other images,
/// text from HTML): which a reader gets, the converters on their own, and on damaged input.
@Suite(.tags(.unit)) struct DerivedConversionTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../pbTests/Corpus/samples").standardized
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

  static func item(_ types: String...) -> Item {
    Item(representations: types.enumerated().map { index, type in
      Representation(type: TypeIdentifier(type), file: "\(index)", size: 1, typeSource: .given)
    })
  }

  @Test("a reader gets a stored representation of any type asked for before a derived one, except HTML's text for text alone")
  func choice() {
    let jpeg = Self.item("public.jpeg")
    let png = TypeIdentifier("public.png")
    #expect(jpeg.choice(preferring: [png]) == .derived(.png, source: jpeg.representations[0]))
    // A stored one of any type asked for comes before a derived one.
    #expect(jpeg.choice(preferring: [png, TypeIdentifier("public.jpeg")]) == .stored(jpeg.representations[0]))
    #expect(jpeg.choice(preferring: [TypeIdentifier("public.image")]) == .stored(jpeg.representations[0]))
    #expect(jpeg.choice(preferring: []) == .stored(jpeg.representations[0]))
    let both = Self.item("public.jpeg", "public.png")
    #expect(both.choice(preferring: [png]) == .stored(both.representations[1]))
    let html = Self.item("public.html")
    #expect(html.choice(preferring: [.plainText]) == .derived(.textFromHTML, source: html.representations[0]))
    // Text asked for, its words rather than its markup; HTML asked for, the HTML.
    #expect(html.choice(preferring: [.text]) == .derived(.textFromHTML, source: html.representations[0]))
    #expect(html.choice(preferring: [TypeIdentifier("public.html")]) == .stored(html.representations[0]))
    // In a longer list (pbpaste's), and for data, the HTML as stored.
    #expect(html.choice(preferring: [.plainText, .text]) == .stored(html.representations[0]))
    #expect(html.choice(preferring: [TypeIdentifier("public.rtf"), .text]) == .stored(html.representations[0]))
    #expect(html.choice(preferring: [TypeIdentifier("public.data")]) == .stored(html.representations[0]))
    #expect(Self.item("public.html", "public.utf8-plain-text").choice(preferring: [.utf8PlainText])?.isStored == true)
    // Nothing to make it of: no choice, the negative answer it was before.
    #expect(Self.item("public.utf8-plain-text").choice(preferring: [png]) == nil)
    #expect(Self.item("public.png").choice(preferring: [.plainText]) == nil)
  }

  @Test("each image format becomes a PNG of its size", arguments: images)
  func convertsEachFormat(_ name: String) throws {
    let png = try ImageConversion.png(from: try Self.sample(name))
    let size = try #require(Self.pngSize(png))
    #expect(size.width == 16 && size.height == 16)
  }

  /// An image's pixels as CImage decodes them (libpng for a PNG).
  static func pixels(_ bytes: [UInt8]) throws -> (size: [UInt32], pixels: [UInt8]) {
    var image = pbx_image()
    var budget = pbx_budget(max_bytes: 64 << 20, max_scans: 100)
    let status = bytes.withUnsafeBufferPointer { pbx_image_decode_picture($0.baseAddress, $0.count, &budget, &image) }
    defer { pbx_image_free(&image) }
    try #require(status == Int32(PBX_IMAGE_OK))
    let count = Int(image.width) * Int(image.height) * Int(image.channels)
    return ([image.width, image.height, image.channels], Array(UnsafeBufferPointer(start: image.pixels, count: count)))
  }

  // The encoder compresses a JPEG's rows on a thread of its own as they are decoded: a
  // row read before the decoder finished it would differ here.
  @Test("the PNG of a JPEG holds exactly the pixels the JPEG decodes to, baseline or progressive, over many blocks",
    arguments: ["0227/full-white-stripe.jpg", "0051/webtide_logo.jpg", "0084/flower-of-life.jpg"])
  func pngHoldsTheDecodedPixels(_ name: String) throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../TypeCorpus/files")
    let jpeg = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
    let png = try ImageConversion.png(from: jpeg)
    try #require(Self.pngSize(png) != nil)
    let (size, pixels) = try Self.pixels(jpeg)
    let reread = try Self.pixels(png)
    #expect(reread.size == size)
    #expect(reread.pixels == pixels)
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
    var generator = FuzzGenerator(state: 0xD371_7ED0 ^ UInt64(name.utf8.count) << 32 ^ UInt64(real.count))
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
    var generator = FuzzGenerator(state: 0xE41F)
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
    var generator = FuzzGenerator(state: 0x47A1)
    let pieces = ["<", ">", "</", "<p", "<pre>", "</pre>", "&", "&#", "&#x", ";", "amp", "9", "\"", "'", "=", " ", "\n", "<!--", "-->", "<script>", "</script", "<br>", "<td>", "é", "\u{0}"]
    for _ in 0..<2000 {
      let html = (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      _ = HTMLText.plainText(html)
    }
  }
}

extension RepresentationChoice {
  fileprivate var isStored: Bool { if case .stored = self { true } else { false } }
}
