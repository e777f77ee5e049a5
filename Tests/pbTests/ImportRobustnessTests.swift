import Foundation
import Testing

/// `pb import` against owners that are slow, refuse, or offer more than is wanted: each
/// type has its own time limit and a share of the size limit, and what is left out is
/// named on one line while the rest is kept; the image types a toolkit makes on request
/// are not read when the original is offered.
@Suite("import never gives up on the whole copy: late, refused and too large types left out, toolkit-made images not read", .tags(.endToEnd, .desktop))
struct ImportRobustnessTests {
  static let qtClient = Sandbox.support("qt_clipboard.py")
  static let gtkClient = Sandbox.support("gtk_photo.py")
  static let lateClient = Sandbox.support("x11_late_client.py")
  static let waylandLateClient = Sandbox.support("wayland_late_client.py")

  /// Debian's python3, which has PyQt5 (python3-pyqt5); the python3 on PATH may be
  /// another.
  static let debianPython = "/usr/bin/python3"

  /// A Qt 5 application holding `size` pixels of noise as an image on `x`'s clipboard.
  static func qtPhoto(_ sandbox: Sandbox, _ x: PrivateX, size: String) throws -> Background {
    var environment = x.environment
    environment["QT_QPA_PLATFORM"] = "xcb"
    environment["XDG_RUNTIME_DIR"] = sandbox.root.path
    let qt = try Background(sandbox, [debianPython, qtClient, size], environment: environment)
    let said = qt.waitFor("owned")
    try #require(said.contains("owned"), "the Qt client did not take the clipboard: \(said)")
    return qt
  }

  /// The owner of x11_late_client.py, offering each SPEC; returns once it owns the clipboard.
  static func lateOwner(_ sandbox: Sandbox, _ x: PrivateX, _ specs: [String]) throws -> Background {
    let owner = try Background(sandbox, ["python3", lateClient, "offer"] + specs, environment: x.environment)
    try #require(owner.waitFor("owned").contains("owned"))
    return owner
  }

  static func noise(_ count: Int, seed: UInt64) -> Data {
    var state = seed
    return Data((0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    })
  }

  @Test("a Qt photo (1920x1080 noise) is imported in under 2 s as its PNG alone, byte for byte what Qt serves as image/png")
  func qtPhoto() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let qt = try Self.qtPhoto(sandbox, x, size: "1920x1080")
    try expectImportedAsItsPNGAlone(sandbox, x, toolkit: "Qt", makesOnRequest: ["image/xpm", "image/bmp", "image/jpeg", "image/ppm"])
    withExtendedLifetime(qt) {}
  }

  @Test("a GTK photo (1920x1080 noise) is imported as its PNG alone, byte for byte what GTK serves as image/png")
  func gtkPhoto() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let gtk = try Background(sandbox, [Self.debianPython, Self.gtkClient, "1920x1080"], environment: x.environment)
    try #require(gtk.waitFor("owned").contains("owned"), "\(gtk.waitFor("owned"))")
    try expectImportedAsItsPNGAlone(sandbox, x, toolkit: "GTK", makesOnRequest: ["image/bmp", "image/jpeg", "image/tiff", "image/x-ico"])
    withExtendedLifetime(gtk) {}
  }

  /// A toolkit's photo on the clipboard, offered with the image types it makes on request:
  /// `pb import` reads the PNG alone, byte for byte what the toolkit serves, in under 2 s.
  func expectImportedAsItsPNGAlone(_ sandbox: Sandbox, _ x: PrivateX, toolkit: String, makesOnRequest: [String]) throws {
    let offered = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    for name in ["image/png"] + makesOnRequest {
      #expect(offered.contains(name), "\(toolkit) offers what it makes on request: \(offered)")
    }
    // What another application pasting the PNG gets, and how long the toolkit takes to make it.
    var started = Date()
    let served = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "image/png"])
    let servedSeconds = Date().timeIntervalSince(started)
    try #require(served.status == 0 && served.stdout.count > 1_000_000, "\(served.status) \(served.stdout.count) bytes")
    started = Date()
    let imported = try sandbox.pb(["import"], environment: x.environment)
    let seconds = Date().timeIntervalSince(started)
    #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
    #expect(try sandbox.pb("types").lines == ["public.png"], "only the original is read")
    #expect(try sandbox.pb("paste", "--force").stdout == served.stdout, "the PNG is byte-exact")
    // The toolkit encodes the PNG on each request; on a machine so loaded that this alone
    // takes over a second, the import may take as long as two such reads.
    #expect(seconds < max(2, 2 * servedSeconds), "import took \(seconds) s; xclip's read of the PNG \(servedSeconds) s")
  }

  @Test("--all-types reads the image types Qt makes on request too; without it only the PNG is read, however fast they come")
  func allTypes() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let qt = try Self.qtPhoto(sandbox, x, size: "64x48")
    let plain = try sandbox.pb(["import"], environment: x.environment)
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain)")
    #expect(try sandbox.pb("types").lines == ["public.png"])

    let all = try sandbox.pb(["import", "--all-types", "--timeout", "20s"], environment: x.environment)
    #expect(all.status == 0, "\(all)")
    let types = try sandbox.pb("types").lines
    for type in ["public.png", "com.microsoft.bmp", "public.jpeg", "com.microsoft.ico"] {
      #expect(types.contains(type), "\(types)")
    }
    #expect(types.count >= 10, "Qt's dozen types: \(types)")
    // Published again, the generated types are offered under their names: XPM is there.
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    let targets = try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]).lines
    #expect(targets.contains("image/xpm") && targets.contains("image/ppm"), "\(targets)")
    withExtendedLifetime(qt) {}
  }

  @Test("types late, never answered, half sent or refused are left out and named on one line; the rest is kept byte for byte")
  func lateTypes() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let html = try sandbox.file("a.html", "<b>kept</b>")
    let png = Self.noise(1_000_000, seed: 1)
    let after = Self.noise(2_000_000, seed: 2)
    let slow = Self.noise(3_000_000, seed: 3)
    let owner = try Self.lateOwner(
      sandbox, x,
      [
        "text/html=\(html)", "image/png=\(try sandbox.file("a.png", png))", "application/x-never=never",
        "application/x-late=late:3:\(html)",
        // 64 KiB each 50 ms: 2.4 s in all (longer on a busy machine), still sending when the limit ends it.
        "application/x-slow=slow:0.05:\(try sandbox.file("slow", slow))", "application/x-refused=refuse",
        // Read while the abandoned transfers go on: what they send must not land in it.
        "application/x-after=\(try sandbox.file("after", after))",
      ])
    let started = Date()
    let imported = try sandbox.pb(["import"], environment: x.environment)
    let seconds = Date().timeIntervalSince(started)
    #expect(imported.status == 0, "\(imported)")
    let types = try sandbox.pb("types").lines
    #expect(types.count == 3 && types.prefix(2) == ["public.html", "public.png"], "\(types)")
    #expect(
      imported.stderr
        == "pb: left out application/x-never (no answer in 2 s), application/x-late (no answer in 2 s), "
        + "application/x-slow (not all sent in 2 s) and application/x-refused (refused); imported 3 types\n", "\(imported)")
    #expect(try sandbox.pb("paste", "-t", "public.png", "--force").stdout == png)
    if types.count == 3 { #expect(try sandbox.pb("paste", "-t", types[2], "--force").stdout == after) }
    #expect(try sandbox.pb("paste").text == "<b>kept</b>")
    #expect(seconds < 15, "each type waited for once: \(seconds) s")
    #expect(owner.waitFor("answered application/x-late").contains("answered application/x-late"), "the late answer came, and was not taken")
    withExtendedLifetime(owner) {}
  }

  @Test("the text keeps its place in the offer's order when a type before it is left out")
  func textPlace() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try Self.lateOwner(
      sandbox, x,
      ["image/png=never", "UTF8_STRING=\(try sandbox.file("t", "words"))", "text/html=\(try sandbox.file("a.html", "<i>w</i>"))"])
    // Not --timeout 1.5s: that limits the whole import now, and image/png would use it all.
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0 && imported.stderr == "pb: left out image/png (no answer in 2 s); imported 2 types\n", "\(imported)")
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text", "public.html"], "the text first, as offered")
    withExtendedLifetime(owner) {}
  }

  @Test("an offer whose every type is late is the owner's lateness (exit 75); one whose every type is refused names them (exit 69)")
  func nothingKept() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let never = try Self.lateOwner(sandbox, x, ["image/png=never", "text/html=never"])
    let late = try sandbox.pb(["import", "--timeout", "1.5s"], environment: x.environment)
    #expect(late.status == 75 && late.stderr.contains("did not answer within 1.5 s") && late.lines.isEmpty, "\(late)")
    #expect(late.stderr.split(separator: "\n").count == 1, "\(late)")
    withExtendedLifetime(never) {}

    let refusing = try Self.lateOwner(sandbox, x, ["image/png=refuse", "text/html=refuse"])
    let refused = try sandbox.pb(["import"], environment: x.environment)
    #expect(
      refused.status == 69
        && refused.stderr
          == "pb: the desktop's clipboard selection offers no type pb can keep: left out image/png (refused) and text/html (refused)\n",
      "\(refused)")
    #expect(try sandbox.pb("paste").text == "before", "nothing changed")
    withExtendedLifetime(refusing) {}
  }

  @Test("--max-size keeps the types that fit, in the offer's order, and names the rest; a size that is none is refused")
  func sizeLimit() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let png = Self.noise(3_000_000, seed: 4)
    let big = Self.noise(2_000_000, seed: 5)
    let owner = try Self.lateOwner(
      sandbox, x,
      [
        "text/plain=\(try sandbox.file("t", "words"))", "image/png=\(try sandbox.file("a.png", png))",
        "application/x-big=\(try sandbox.file("big", big))", "text/html=\(try sandbox.file("a.html", "<i>small</i>"))",
      ])
    let limited = try sandbox.pb(["import", "--max-size", "3M"], environment: x.environment)
    #expect(limited.status == 0, "\(limited)")
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text", "public.png", "public.html"], "what fits is kept")
    #expect(try sandbox.pb("paste", "-t", "public.png", "--force").stdout == png)
    #expect(
      limited.stderr == "pb: left out application/x-big (larger than the 142.3 KiB left of the size limit of 3.0 MiB); imported 3 types\n",
      "\(limited)")

    let whole = try sandbox.pb(["import", "--max-size", "5.5MiB"], environment: x.environment)
    #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole)")
    #expect(try sandbox.pb("types").lines.count == 4)
    withExtendedLifetime(owner) {}

    for size in ["", "-1", "12Q", "1.5", "M", "99999999T"] {
      let bad = try sandbox.pb(["import", "--max-size", size], environment: x.environment)
      #expect(bad.status == 64 && bad.stderr.contains("--max-size") && bad.stderr.contains("is not a size"), "\(size): \(bad)")
    }
  }

  @Test("the bridge imports what answers and names what it left out, without stopping")
  func bridgeLeavesOut() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    var environment = x.environment
    environment["PB_DIR"] = sandbox.store.path
    let bridge = try Background.bridge(sandbox, ["--from-desktop", "--timeout", "1.5s"], environment: environment)
    let owner = try Self.lateOwner(sandbox, x, ["UTF8_STRING=\(try sandbox.file("t", "from the desktop"))", "image/png=never"])
    let said = bridge.waitFor("imported 1 type")
    #expect(said == "pb bridge: left out image/png (no answer in 1.5 s); imported 1 type\n", "\(said)")
    #expect(try sandbox.pb("paste").text == "from the desktop")
    withExtendedLifetime(owner) {}
  }

  @Test("on Wayland, a type never answered and one answered late are left out and named, the rest kept; the late one finds its pipe closed")
  func waylandLateTypes() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let html = try sandbox.file("a.html", "<b>kept</b>")
    let png = Self.noise(1_000_000, seed: 7)
    let after = Self.noise(1_000_000, seed: 8)
    let owner = try Background(
      sandbox,
      [
        "python3", Self.waylandLateClient, "offer", "text/html=\(html)", "image/png=\(try sandbox.file("a.png", png))",
        "application/x-never=never", "application/x-late=late:3:\(html)", "application/x-after=\(try sandbox.file("after", after))",
      ], environment: sway.environment)
    try #require(owner.waitFor("owned").contains("owned"), "\(owner.waitFor("owned"))")
    let imported = try sandbox.pb(["import"], environment: sway.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(
      imported.stderr
        == "pb: left out application/x-never (no answer in 2 s) and application/x-late (no answer in 2 s); imported 3 types\n",
      "\(imported)")
    let types = try sandbox.pb("types").lines
    #expect(types.count == 3 && types.prefix(2) == ["public.html", "public.png"], "\(types)")
    #expect(try sandbox.pb("paste", "-t", "public.png", "--force").stdout == png)
    if types.count == 3 { #expect(try sandbox.pb("paste", "-t", types[2], "--force").stdout == after) }
    #expect(owner.waitFor("closed application/x-late").contains("closed application/x-late"), "pb closed the late type's pipe")
  }

  @Test("on Wayland, --max-size leaves out wl-copy's image, and the next import reads it whole")
  func waylandSizeLimit() throws {
    let sandbox = try Sandbox()
    let sway = try PrivateSway(sandbox)
    let png = Self.noise(1_000_000, seed: 6)
    try #require(try sway.copy(sandbox, ["-t", "image/png"], stdin: png).status == 0)
    let limited = try sandbox.pb(["import", "--max-size", "100K"], environment: sway.environment)
    #expect(
      limited.status == 69
        && limited.stderr
          == "pb: the desktop's clipboard selection offers no type pb can keep: left out image/png (larger than the size limit of 100.0 KiB)\n",
      "\(limited)")
    let whole = try sandbox.pb(["import"], environment: sway.environment)
    #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole)")
    #expect(try sandbox.pb("paste", "--force").stdout == png)
  }
}
