import Foundation
import Testing

/// What pb publish derives for applications that read only PNG or only plain text: a
/// JPEG item read as image/png, an HTML-only item as text, made in the owner on request
/// and never stored; a damaged image refused without harm to the rest of the offer.
@Suite("derived representations: image/png from a JPEG, text from HTML, on X11 and Wayland")
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

  @Test("X11: a JPEG item is read as image/png by xclip and by a GTK client, at its size; the board keeps only the JPEG")
  func jpegAsPNGOnX11() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let jpeg = try Self.photo(sandbox)
    try #require(try sandbox.pb("copy", jpeg).status == 0)
    #expect(try sandbox.pb("types").lines == ["public.jpeg"], "the copy took effect")
    let listed = try sandbox.pb("types", "--desktop")
    #expect(listed.lines.prefix(2) == ["image/jpeg\tpublic.jpeg", "image/png\tderived from public.jpeg"], "\(listed)")
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let targets = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    #expect(targets.contains("image/jpeg") && targets.contains("image/png"), "\(targets)")

    let started = Date()
    let read = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    #expect(read.status == 0, "\(read)")
    #expect(try Self.checkPNG(sandbox, read.stdout) == "800x600")
    // A second reader is served the same bytes, from the memory file the first made.
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
}
