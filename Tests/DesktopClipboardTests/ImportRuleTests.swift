import DesktopClipboard
import PasteboardKit
import Testing

@Suite(.tags(.unit)) struct ImportRuleTests {
  /// What Qt 5's QClipboard::setImage offers on X11.
  static let qtImage = [
    "application/x-qt-image", "image/png", "image/bmp", "image/cur", "image/ico", "image/jpeg", "image/jpg", "image/pbm",
    "BITMAP", "image/pgm", "image/ppm", "PIXMAP", "image/xbm", "image/xpm", "TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS",
  ]
  /// What GTK 3's gtk_clipboard_set_image offers (with the usual pixbuf savers).
  static let gtkImage = [
    "TIMESTAMP", "TARGETS", "MULTIPLE", "SAVE_TARGETS", "image/png", "image/bmp", "image/x-bmp", "image/x-MS-bmp",
    "image/x-icon", "image/x-ico", "image/x-win-bitmap", "image/vnd.microsoft.icon", "application/ico", "image/ico",
    "image/icon", "text/ico", "image/tiff", "image/jpeg", "image/webp", "image/avif",
  ]

  @Test("Qt's and GTK's image offers are read as their PNG alone; the rest is named as made on request")
  func toolkitImages() {
    for offer in [Self.qtImage, Self.gtkImage] {
      let plan = DesktopTargets.importPlan(offered: offer)
      #expect(plan.others.map(\.name) == ["image/png"], "\(offer)")
      #expect(plan.text.isEmpty)
      #expect(plan.generated.contains("image/jpeg") && plan.generated.contains("image/bmp"))
    }
    #expect(DesktopTargets.importPlan(offered: Self.qtImage).generated.contains("image/xpm"))
  }

  @Test("an offer of 50,000 types (an owner may list 262,144) is planned in seconds: 100 to read, the rest named once")
  func floodOfTypes() {
    let names = (0..<50_000).map { "application/x-flood-\($0)" }
    let clock = ContinuousClock()
    // A search of the types kept so far for each name took minutes here, hours at the limit.
    let start = clock.now
    let plan = DesktopTargets.importPlan(offered: names + names + ["text/plain;charset=x"])
    let elapsed = clock.now - start
    #expect(plan.others.map(\.name) == Array(names.prefix(100)))
    let past = plan.pastTypeLimit
    // Each named once (compared without printing 50,000 names when they differ).
    #expect(past.count == 49_900 && past == Array(names.dropFirst(100)), "\(past.count), \(past.prefix(3)) … \(past.suffix(3))")
    #expect(plan.text == ["text/plain;charset=x"])
    #expect(elapsed < .seconds(10), "\(elapsed)")
    // Two names listed 50,000 times each: each parsed once, not 100,000 times.
    let repeatedStart = clock.now
    let repeated = DesktopTargets.importPlan(offered: Array(repeating: ["image/png", "IMAGE/PNG", "text/html"], count: 50_000).flatMap { $0 })
    let repeatedElapsed = clock.now - repeatedStart
    #expect(repeated.others.map(\.name) == ["image/png", "text/html"] && repeated.pastTypeLimit.isEmpty)
    #expect(repeatedElapsed < .seconds(10), "\(repeatedElapsed)")
  }

  @Test("with all types, or without an original, every image type is read")
  func noOriginal() {
    let all = DesktopTargets.importPlan(offered: Self.qtImage, allTypes: true)
    #expect(all.generated.isEmpty)
    #expect(all.others.map(\.name).contains("image/xpm") && all.others.map(\.name).contains("image/bmp"))
    // A JPEG and a BMP alone: one of them is the original.
    let plain = DesktopTargets.importPlan(offered: ["image/jpeg", "image/bmp", "text/html"])
    #expect(plain.others.map(\.name) == ["image/jpeg", "image/bmp", "text/html"])
  }

  @Test("an application's own image format is an original too, and keeps the toolkit's types out")
  func ownFormat() {
    let gif = DesktopTargets.importPlan(offered: ["image/gif", "image/bmp", "image/JPEG", "text/html"])
    #expect(gif.others.map(\.name) == ["image/gif", "text/html"])
    #expect(gif.generated == ["image/bmp", "image/JPEG"])
    let svg = DesktopTargets.importPlan(offered: ["image/svg+xml", "image/tiff"])
    #expect(svg.others.map(\.name) == ["image/svg+xml"])
  }

  @Test("sizes are read as written: bytes, or K, M, G, T in 1024s, with or without iB and a space")
  func sizes() {
    let cases: [(String, Int64?)] = [
      ("4096", 4096), ("0", 0), ("512K", 512 << 10), ("256 MiB", 256 << 20), ("256mib", 256 << 20), ("1.5G", 3 << 29),
      ("2TiB", 2 << 40), (" 3M ", 3 << 20), ("1B", 1), ("0.5K", 512), ("0.0001K", 1),
      ("", nil), ("-1", nil), ("1.5", nil), ("K", nil), ("1..5M", nil), (".5M", nil), ("5.M", nil), ("12Q", nil),
      ("1 KB", nil), ("99999999T", nil), ("9999999999999999999999", nil), ("١٢", nil),
    ]
    for (text, size) in cases { #expect(ByteCount.parse(text) == size, "\(text)") }
    #expect(ByteCount.parse(ByteCount.format(256 << 20)) == 256 << 20, "what format writes is read back")
  }
}
