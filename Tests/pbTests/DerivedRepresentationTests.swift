import Foundation
import Testing

/// What pb publish derives for applications that read only PNG or only plain text: a
/// JPEG item read as image/png, an HTML-only item as text, made in the owner on request
/// and never stored; a damaged image refused without harm to the rest of the offer.
@Suite("derived representations: image/png from a JPEG, text from HTML, on X11 and Wayland", .tags(.endToEnd, .desktop))
struct DerivedRepresentationTests {
  static let images = Sandbox.support("image_client.py")
  /// Debian's python, with python3-gi (a python3 first on PATH may lack it).
  static let python = "/usr/bin/python3"

  /// A noisy 800x600 JPEG: its PNG (about 1 MB) goes through X11's INCR.
  static func photo(_ sandbox: Sandbox) throws -> String {
    let path = sandbox.root.appendingPathComponent("photo.jpg").path
    let made = try sandbox.run(python, [images, "make-jpeg", path, "800", "600"], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    return path
  }

  /// What image_client.py says of the PNG in `data`: its size when it is whole.
  static func checkPNG(_ sandbox: Sandbox, _ data: Data) throws -> String {
    let path = try sandbox.file("read-\(UUID().uuidString).png", data)
    return try sandbox.run(python, [images, "check-png", path], stdin: nil, environment: [:]).text
      .trimmingCharacters(in: .newlines)
  }

  /// A noisy JPEG of `width` x `height` copied to the board, and the PNG pb paste -t png gives of it.
  static func largePhoto(_ sandbox: Sandbox, _ width: Int, _ height: Int) throws -> Data {
    let path = sandbox.root.appendingPathComponent("large.jpg").path
    let made = try sandbox.run(python, [images, "make-jpeg", path, "\(width)", "\(height)"], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    try #require(try sandbox.pb("copy", path).status == 0)
    let pasted = try sandbox.pb("paste", "-t", "png")
    try #require(pasted.status == 0, "\(pasted)")
    try #require(try checkPNG(sandbox, pasted.stdout) == "\(width)x\(height)")
    return pasted.stdout
  }

  @Test("X11: a JPEG item is read as image/png by xclip and by a GTK client, at its size; the board keeps only the JPEG")
  func jpegAsPNGOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let jpeg = try Self.photo(sandbox)
    try #require(try sandbox.pb("copy", jpeg).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.jpeg"], "the copy took effect")
    let listed = try sandbox.pb("publish", "--dry-run")
    #expect(listed.lines.prefix(2) == ["image/jpeg\tpublic.jpeg", "image/png\tderived from public.jpeg"], "\(listed)")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let targets = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    #expect(targets.contains("image/jpeg") && targets.contains("image/png"), "\(targets)")

    let started = Date()
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(read.status == 0, "\(read)")
    #expect(try Self.checkPNG(sandbox, read.stdout) == "800x600")
    // A second reader is served the same bytes, from the memory the first made it into.
    let again = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(again.stdout == read.stdout)
    #expect(Date().timeIntervalSince(started) < 10)
    let gtk = try x.client(sandbox, Self.python, [Self.images, "gtk-png"])
    #expect(gtk.text == "800x600\n", "\(gtk)")
    // The JPEG itself is served unchanged, and the board never holds the PNG.
    let original = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/jpeg"])
    #expect(original.stdout == (try Data(contentsOf: URL(fileURLWithPath: jpeg))))
    #expect(try sandbox.pb("types").lines == ["public.jpeg"])
    #expect(try sandbox.pb("count").text == "1\n")
    // A photo a phone took sideways (EXIF orientation 6) is turned as a viewer shows it.
    var jpegBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
    let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
    let exif = Array("Exif".utf8) + [0, 0] + tiff
    jpegBytes.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif, at: 2)
    let turned = try sandbox.file("turned.jpg", Data(jpegBytes))
    try #require(try sandbox.pb("copy", "-p", "turned", turned).status == 0)
    try #require(try sandbox.pb(["publish", "-p", "turned"], environment: x.environment).status == 0)
    let turnedPNG = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(try Self.checkPNG(sandbox, turnedPNG.stdout) == "600x800")

    // Another board importing the offer keeps the JPEG, not what was derived of it.
    let imported = try sandbox.pb(["import", "-p", "other"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("types", "-p", "other").lines == ["public.jpeg"])
  }

  @Test("X11: an HTML-only item gives its text as UTF8_STRING and text/plain;charset=utf-8, tags out and entities decoded")
  func htmlAsTextOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file(
      "page.html", "<style>p{}</style><h1>Caf&eacute; menu</h1><p>Tea &amp; cake,\n   &#8364;3</p><ul><li>one</li><li>two</li></ul>")
    try #require(try sandbox.pb("copy", "-t", "public.html", html).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.html"], "the copy took effect")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let expected = "Café menu\n\nTea & cake, €3\n\none\ntwo"
    for target in ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain"] {
      let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", target])
      #expect(read.status == 0 && read.text == expected, "\(target): \(read)")
    }
    #expect(try x.client(sandbox, "xsel", ["-b", "-o"]).text == expected)
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "text/html"]).stdout
      == (try Data(contentsOf: URL(fileURLWithPath: html))))
    #expect(try sandbox.pb("types").lines == ["public.html"])
    #expect(try sandbox.pb(["import", "-p", "other"], environment: x.environment).status == 0)
    #expect(try sandbox.pb("types", "-p", "other").lines == ["public.html"], "the derived text is not imported")
  }

  @Test("X11: a damaged JPEG's image/png is refused; the owner lives on and serves the other targets")
  func damagedImageOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    // A JPEG's start and then nothing a decoder can read: no frame.
    var bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    bytes += Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
    let jpeg = try sandbox.file("damaged.jpg", bytes)
    try #require(try sandbox.pb("copy", "-t", "public.jpeg", jpeg).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let owners = x.owners()
    try #require(owners.count == 1)
    for _ in 0..<2 {
      let png = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
      #expect(png.status != 0 && png.stdout.isEmpty, "\(png)")
      let original = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/jpeg"])
      #expect(original.status == 0 && original.stdout == bytes, "\(original)")
    }
    #expect(x.owners() == owners, "the owner is still the one that started")
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines.contains("image/png"))
  }

  @Test("Wayland: wl-paste reads a JPEG item as image/png at its size, and an HTML-only item as text")
  func derivedOnWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let jpeg = try Self.photo(sandbox)
    try #require(try sandbox.pb("copy", jpeg).status == 0)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    #expect(try sway.client(sandbox, "wl-paste", ["-l"]).lines.contains("image/png"))
    let read = try sway.client(sandbox, "wl-paste", ["-t", "image/png"])
    #expect(read.status == 0, "\(read)")
    #expect(try Self.checkPNG(sandbox, read.stdout) == "800x600")
    #expect(try sandbox.pb("types").lines == ["public.jpeg"])

    let html = try sandbox.file("page.html", "<div>first&nbsp;line</div><div>second <b>line</b></div>")
    try #require(try sandbox.pb("copy", "-t", "public.html", html).status == 0)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    for target in ["text/plain;charset=utf-8", "UTF8_STRING"] {
      let text = try sway.client(sandbox, "wl-paste", ["-n", "-t", target])
      #expect(text.text == "first line\nsecond line", "\(target): \(text)")
    }

    // A damaged JPEG: nothing comes for image/png, the JPEG itself still does.
    let damaged = try sandbox.file("damaged.jpg", Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43]) + Data(repeating: 7, count: 600))
    try #require(try sandbox.pb("copy", "-t", "public.jpeg", damaged).status == 0)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    #expect(try sway.client(sandbox, "wl-paste", ["-t", "image/png"]).stdout.isEmpty)
    // Read after the refusal: the owner lived through it.
    #expect(try sway.client(sandbox, "wl-paste", ["-t", "image/jpeg"]).stdout == (try Data(contentsOf: URL(fileURLWithPath: damaged))))
    #expect(!ownerProcesses(with: "WAYLAND_DISPLAY=\(sway.socket)").isEmpty, "the owner lives on")
  }

  @Test("Wayland: a large photo's image/png, written to the pipe as it is encoded, is pb paste's PNG for two readers at once")
  func largePNGOnWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let png = try Self.largePhoto(sandbox, 4000, 3000)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    let file = sandbox.root.appendingPathComponent("first.png").path
    let first = try Background(
      sandbox, ["env", "-u", "DISPLAY", "sh", "-c", "wl-paste -t image/png > \"$0\" && echo read", file], environment: sway.environment)
    let second = try sway.client(sandbox, "wl-paste", ["-t", "image/png"])
    #expect(second.status == 0 && second.stdout == png, "wl-paste's PNG differs from pb paste's: \(second.status)")
    #expect(first.waitFor("read").contains("read"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == png, "the first reader's PNG differs from pb paste's")
  }

  /// The owner's peak memory (VmHWM) in bytes.
  static func peakMemory(_ pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) * 1024
  }

  static let bombs: [(kind: String, type: String)] = [
    ("jpeg-progressive", "public.jpeg"), ("jpeg-baseline", "public.jpeg"), ("gif", "com.compuserve.gif"),
    ("tiff", "public.tiff"), ("webp", "org.webmproject.webp"), ("bmp", "com.microsoft.bmp"), ("tiff-planar", "public.tiff"),
    ("webp-groups", "org.webmproject.webp"),
  ]

  @Test("X11: images of a few KB claiming 10000x10000 pixels are refused at once, over their budget, the owner staying small")
  func bombsOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let client = Sandbox.support("x11_client.py")
    for (kind, type) in Self.bombs {
      let path = sandbox.root.appendingPathComponent("bomb-\(kind)").path
      let made = try sandbox.run(Self.python, [Self.images, "make-bomb", kind, path], stdin: nil, environment: [:])
      try #require(made.status == 0, "\(made)")
      try #require(try sandbox.pb("copy", "-t", type, path).status == 0)
      // The one to watch is the owner this publish starts, not the last bomb's (which
      // ends once this one has the selection, but may not have yet).
      let before = x.owners()
      try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
      let started = x.owners().filter { !before.contains($0) }
      try #require(started.count == 1, "\(kind): owners \(before), then \(x.owners())")
      let owner = started[0]
      // image/png asked for, and TARGETS again and again until its answer comes; the
      // client ends once the TARGETS request still out is answered too.
      let asked = try x.client(sandbox, "python3", [client, "during", "image/png"])
      let during = asked.text.split(separator: " ")
      try #require(during.count == 4, "\(kind): \(asked)")
      #expect(during[3] == "refused\n", "\(kind): \(during)")
      // Generous for a shared machine: the refusal comes from the headers, in milliseconds.
      #expect(Double(during[2])! < 3000, "\(kind): image/png answered after \(during[2]) ms")
      let peak = try Self.peakMemory(owner)
      #expect(peak < 256 << 20, "\(kind): the owner's peak is \(peak >> 20) MiB")
      // The owner lives on and serves the rest.
      let original = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"])
      #expect(original.lines.contains("image/png"), "\(kind): \(original)")
    }
  }

  @Test("X11: TARGETS is answered while a large photo's image/png is made, and the owner stays within its budget")
  func targetsDuringConversionOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let path = sandbox.root.appendingPathComponent("large.jpg").path
    // 24 megapixels: about a second or more to convert, within the budget.
    let made = try sandbox.run(Self.python, [Self.images, "make-jpeg", path, "6000", "4000"], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    try #require(try sandbox.pb("copy", path).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let owner = try #require(x.owners().first)
    let during = try x.client(sandbox, "python3", [Sandbox.support("x11_client.py"), "during", "image/png"]).text
      .split(separator: " ")
    try #require(during.count == 4, "\(during)")
    // TARGETS was answered while the conversion ran (before, the owner answered nothing
    // until it was done), each answer quickly: generous limits here, bench.py's figures
    // are the precise ones.
    #expect(Int(during[0])! >= 1, "no TARGETS answered during the conversion: \(during)")
    #expect(Double(during[1])! < 1000, "a TARGETS answer took \(during[1]) ms during the conversion")
    #expect(during[3] == "INCR\n", "\(during)")
    let png = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(try Self.checkPNG(sandbox, png.stdout) == "6000x4000")
    let peak = try Self.peakMemory(owner)
    #expect(peak < 256 << 20, "the owner's peak is \(peak >> 20) MiB")
  }

  @Test("X11: a large photo's image/png is sent in INCR pieces while the owner still encodes it, the same bytes as pb paste; a stalled, a killed and a second requestor share it")
  func piecesWhileEncodingOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    // 24 megapixels: a PNG of tens of MiB, whose first chunks are done long before the last.
    let png = try Self.largePhoto(sandbox, 6000, 4000)

    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let file = sandbox.root.appendingPathComponent("pieces.png").path
    let read = try x.client(sandbox, "python3", [Sandbox.support("x11_client.py"), "pieces", "image/png", file])
    let figures = (read.text.split(separator: "\n").last ?? "").split(separator: " ").compactMap { Int($0) }
    try #require(figures.count == 3, "\(read)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == png, "the pieces differ from pb paste's PNG")
    #expect(figures[2] == png.count)
    // INCR's announcement says how much of the PNG the owner had when it answered: less
    // than the whole, so the first piece left before the conversion was done.
    #expect(figures[0] > 0 && figures[0] < png.count, "the owner answered with the PNG whole: \(figures)")
    #expect(figures[1] > 0)

    // A fresh offer: one requestor takes its first piece while the PNG is encoded and
    // stops; a second reads it all meanwhile; one killed mid-transfer holds up nobody.
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let staller = try Background(sandbox, ["python3", Sandbox.support("x11_client.py"), "stall", "image/png"], environment: x.environment)
    try #require(staller.waitFor("stalled").contains("stalled"))
    let killed = try Background(sandbox, ["python3", Sandbox.support("x11_client.py"), "stall", "image/png"], environment: x.environment)
    try #require(killed.waitFor("stalled").contains("stalled"))
    kill(killed.pid, SIGKILL)
    let second = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(second.status == 0 && second.stdout == png, "a second requestor's PNG differs: \(second.status)")

    // The owner loses the selection while a transfer is under way: it still ends whole,
    // and then the owner goes once the stalled requestor does (its window destroyed).
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let reader = try Background(
      sandbox, ["python3", Sandbox.support("x11_client.py"), "pieces", "image/png", file + ".lost"], environment: x.environment)
    try #require(reader.waitFor("first").contains("first"))
    try #require(try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data("another".utf8)).status == 0)
    var lost: [Int] = []
    #expect(waitUntil(seconds: 60) {
      let output = (try? String(contentsOfFile: reader.output, encoding: .utf8)) ?? ""
      lost = (output.split(separator: "\n").last ?? "").split(separator: " ").compactMap { Int($0) }
      return lost.count == 3
    }, "the transfer under way when the selection was lost did not end")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".lost")) == png)
    kill(staller.pid, SIGKILL)
    #expect(waitUntil(seconds: 30) { x.owners().isEmpty }, "an owner stayed after its last transfer")
    withExtendedLifetime(staller) {}
  }

  @Test("A JPEG with a stray marker after its last row is read whole as image/png: xclip did not wait for ever, wl-paste got no short PNG")
  func strayMarkerAfterTheRows() throws {
    let sandbox = try Sandbox()
    let path = sandbox.root.appendingPathComponent("stray.jpg").path
    // Several MiB of PNG: its first chunks leave while the rest is encoded.
    let made = try sandbox.run(Self.python, [Self.images, "make-jpeg", path, "2400", "1800"], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    // A second SOF marker before the end: libjpeg fails on it only once every row is
    // decoded, after the owner has sent the first pieces of the PNG.
    var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var at = 2
    var frame: ArraySlice<UInt8> = []
    while at + 4 <= jpeg.count, jpeg[at + 1] != 0xDA {
      let end = at + 2 + Int(jpeg[at + 2]) << 8 + Int(jpeg[at + 3])
      if jpeg[at + 1] == 0xC0 { frame = jpeg[at..<end] }
      at = end
    }
    try #require(!frame.isEmpty && jpeg.suffix(2) == [0xFF, 0xD9])
    jpeg.insert(contentsOf: frame, at: jpeg.count - 2)
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    try #require(try sandbox.pb("copy", path).status == 0)
    let pasted = try sandbox.pb("paste", "-t", "png")
    #expect(pasted.status == 0, "\(pasted)")
    #expect(try Self.checkPNG(sandbox, pasted.stdout) == "2400x1800")

    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(read.status == 0 && read.stdout == pasted.stdout, "xclip: \(read.status), \(read.stdout.count) bytes")

    let sway = try PrivateSway(sandbox)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    let piped = try sway.client(sandbox, "wl-paste", ["-t", "image/png"])
    #expect(piped.status == 0 && piped.stdout == pasted.stdout, "wl-paste: \(piped.status), \(piped.stdout.count) bytes")
  }

  @Test("X11: the bridge says which budget an image its offer could not convert is over")
  func bridgeNamesTheBudget() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let path = sandbox.root.appendingPathComponent("bomb.jpg").path
    let made = try sandbox.run(Self.python, [Self.images, "make-bomb", "jpeg-progressive", path], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    try #require(try sandbox.pb("copy", "-t", "public.jpeg", path).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    let targets = { (try? x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines) ?? [] }
    waitUntil { targets().contains("image/png") }
    let png = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(png.status != 0 && png.stdout.isEmpty, "\(png)")
    let said = bridge.waitFor("budget")
    #expect(said.contains("not offered as image/png: converting the image would take more than its memory budget of 192 MiB"), "\(said)")
  }
}

/// `pb paste -t` gives the same derived forms as publish, made on the spot and not stored.
extension DerivedRepresentationTests {
  @Test("pb paste -t png of a JPEG item gives the bytes xclip reads as image/png from pb publish; the board keeps only the JPEG")
  func pastePNGAsTheDesktopGetsIt() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let jpeg = try Self.photo(sandbox)
    try #require(try sandbox.pb("copy", jpeg).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.jpeg"], "the copy took effect")
    let pasted = try sandbox.pb("paste", "-t", "png")
    #expect(pasted.status == 0, "\(pasted)")
    #expect(try Self.checkPNG(sandbox, pasted.stdout) == "800x600")
    // The PNG holds the JPEG's own pixels, as GdkPixbuf decodes each.
    let png = try sandbox.file("pasted.png", pasted.stdout)
    #expect(try sandbox.run(Self.python, [Self.images, "same-pixels", png, jpeg], stdin: nil, environment: [:]).text == "same\n")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(read.status == 0 && read.stdout == pasted.stdout, "pb paste and the desktop's image/png differ: \(read)")
    #expect(try sandbox.pb("paste", "-t", "public.png").stdout == pasted.stdout)
    // A stored type asked for comes first: for PNG or JPEG, and for an image, the JPEG.
    #expect(try sandbox.pb("paste", "-t", "png,jpeg").stdout == (try Data(contentsOf: URL(fileURLWithPath: jpeg))))
    #expect(try sandbox.pb("paste", "-t", "image").stdout == (try Data(contentsOf: URL(fileURLWithPath: jpeg))))
    let saved = try sandbox.pb("paste", "-t", "png", "-o", sandbox.root.appendingPathComponent("out").path)
    #expect(saved.status == 0 && saved.text.hasSuffix("/out/0.png\n"), "\(saved)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: String(saved.text.dropLast()))) == pasted.stdout)
    #expect(try sandbox.pb("paste", "-t", "png", "--json").text.contains("\"type\" : \"public.png\""))
    #expect(try sandbox.pb("types").lines == ["public.jpeg"], "nothing derived is stored")
  }

  @Test("pb paste -t text of an HTML-only item gives the text the desktop gets; nothing to make it of stays a negative answer")
  func pasteTextOfHTML() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("page.html", "<h1>Caf&eacute; menu</h1><p>Tea &amp; cake</p><ul><li>one</li><li>two</li></ul>")
    try #require(try sandbox.pb("copy", "-t", "public.html", html).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.html"], "the copy took effect")
    let expected = "Café menu\n\nTea & cake\n\none\ntwo"
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "UTF8_STRING"]).text == expected)
    for type in ["text", "public.plain-text", "public.utf8-plain-text", "text/plain"] {
      let pasted = try sandbox.pb("paste", "-t", type)
      #expect(pasted.status == 0 && pasted.text == expected, "-t \(type): \(pasted)")
    }
    #expect(try sandbox.pb("paste", "-t", "html").stdout == (try Data(contentsOf: URL(fileURLWithPath: html))))
    #expect(try sandbox.pb("types").lines == ["public.html"], "nothing derived is stored")

    // Nothing to make a PNG of: the negative answer as before.
    let none = try sandbox.pb("paste", "-t", "png")
    #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
    #expect(none.stderr.contains("has a representation of png"), "\(none)")
  }

  @Test("pb paste -t png of a damaged JPEG says why in one line with 65, and leaves the item as it was")
  func pasteDamagedImage() throws {
    let sandbox = try Sandbox()
    let bytes = Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43]) + Data(repeating: 7, count: 600)
    let damaged = try sandbox.file("damaged.jpg", bytes)
    try #require(try sandbox.pb("copy", "-t", "public.jpeg", damaged).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.jpeg"], "the copy took effect")
    let refused = try sandbox.pb("paste", "-t", "png")
    #expect(refused.status == 65 && refused.stdout.isEmpty, "\(refused)")
    #expect(refused.stderr == "pb: cannot make public.png of the item: the image is damaged; paste what it holds instead (pb types lists it)\n")
    #expect(try sandbox.pb("paste", "-t", "jpeg").stdout == bytes)
  }

  /// A 4000x3000 photo (progressive when `progressive`: jpegtran's) with a second SOF
  /// marker 60% into it: libjpeg decodes the rows before it, gray after, and then fails
  /// at the marker, long after the first MiB of the PNG was made.
  static func damagedPhoto(_ sandbox: Sandbox, progressive: Bool) throws -> String {
    let whole = sandbox.root.appendingPathComponent("whole.jpg").path
    let made = try sandbox.run(python, [images, "make-jpeg", whole, "4000", "3000"], stdin: nil, environment: [:])
    try #require(made.status == 0, "\(made)")
    let source = whole + (progressive ? ".progressive" : "")
    if progressive {
      let turned = try sandbox.run("/bin/sh", ["-c", "jpegtran -progressive \"$0\" > \"$1\"", whole, source], stdin: nil, environment: [:])
      try #require(turned.status == 0, "\(turned)")
    }
    let damaged = sandbox.root.appendingPathComponent("damaged.jpg").path
    try #require(try sandbox.run(python, [images, "damage", source, damaged], stdin: nil, environment: [:]).status == 0)
    return damaged
  }

  /// pb paste -t png of the damaged photo copied to the board: a whole PNG of GTK's view of it.
  static func pastedDamagedPhoto(_ sandbox: Sandbox, progressive: Bool) throws -> Data {
    let damaged = try damagedPhoto(sandbox, progressive: progressive)
    try #require(try sandbox.pb("copy", damaged).status == 0)
    let pasted = try sandbox.pb("paste", "-t", "png")
    try #require(pasted.status == 0, "\(pasted.status) \(pasted.stderr)")
    try #require(try checkPNG(sandbox, pasted.stdout) == "4000x3000")
    #expect(pasted.stdout.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "no IEND at the end")
    let png = try sandbox.file("pasted.png", pasted.stdout)
    let compared = try sandbox.run(python, [images, "same-as-gtk", png, damaged], stdin: nil, environment: [:])
    #expect(compared.text == "same\n", "pb's PNG is not what GTK makes of the JPEG: \(compared)")
    return pasted.stdout
  }

  @Test("X11: a JPEG that fails past its first MiB of PNG is read whole, as GTK shows it: INCR pieces and pb paste give one PNG",
    arguments: [false, true])
  func damagedPastFirstPieceOnX11(progressive: Bool) throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let png = try Self.pastedDamagedPhoto(sandbox, progressive: progressive)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let file = sandbox.root.appendingPathComponent("pieces.png").path
    let read = try x.client(sandbox, "python3", [Sandbox.support("x11_client.py"), "pieces", "image/png", file])
    #expect(read.status == 0, "\(read)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == png, "the owner's pieces differ from pb paste's PNG")
    // A second reader is served from memory, the same.
    #expect(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"]).stdout == png)
  }

  @Test("Wayland: a JPEG that fails past its first MiB of PNG is read whole by wl-paste, as pb paste gives it")
  func damagedPastFirstPieceOnWayland() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let png = try Self.pastedDamagedPhoto(sandbox, progressive: false)
    try #require(try sandbox.pb(["publish"], environment: sway.environment).status == 0)
    let read = try sway.client(sandbox, "wl-paste", ["-t", "image/png"])
    #expect(read.status == 0 && read.stdout == png, "wl-paste's PNG differs from pb paste's: \(read.status) \(read.stdout.count)")
  }
}
