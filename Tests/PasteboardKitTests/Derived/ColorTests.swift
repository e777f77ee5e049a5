@testable import PasteboardKit
import Testing

/// The `color` kind's value: CSS text read exactly, GTK's application/x-color both ways,
/// `#rrggbb` written back, and which representation a reader of the kind is given.
@Suite(.tags(.unit)) struct ColorTests {
  static func hex(_ css: String) throws -> String { try Color.parse(css: css).hex }

  @Test("every CSS spelling of one orange is #ff8800; blanks around it are a copied line's")
  func spellingsOfOneColor() throws {
    for css in [
      "#ff8800", "#FF8800", "#f80", "#f80f", "#ff8800ff", "rgb(255 136 0)", "rgb(255,136,0)", "rgb( 255 , 136 , 0 )",
      "RGB(255 136 0)", "rgba(255, 136, 0, 1)", "rgb(255 136 0 / 100%)", "rgb(100% 53.3% 0%)", "#ff8800\n", "  rgb(255 136 0)\t\n",
    ] {
      #expect(try Self.hex(css) == "#ff8800", "\(css)")
    }
  }

  @Test("an alpha that is not full is written #rrggbbaa; out-of-range values are clamped, as CSS does")
  func alphaAndClamping() throws {
    #expect(try Self.hex("#ff8800cc") == "#ff8800cc")
    #expect(try Self.hex("#f80c") == "#ff8800cc")
    #expect(try Self.hex("rgba(255, 136, 0, 0.5)") == "#ff880080")
    #expect(try Self.hex("rgb(255 136 0 / 50%)") == "#ff880080")
    #expect(try Self.hex("rgb(255 136 0 / 0)") == "#ff880000")
    #expect(try Self.hex("rgb(300 -5 0 / 2)") == "#ff0000")
    #expect(try Color.parse(css: "#ff8800") == Color(red: 0xFFFF, green: 0x8888, blue: 0, alpha: 0xFFFF))
  }

  @Test("what is not exactly one color is refused with the reason", arguments: [
    "", " ", "nope", "orange", "#", "#ff881", "#ff88001", "#gg8800", "ff8800", "#ff8800 #00ff00", "rgb(255 136)",
    "rgb(255 136 0 0)", "rgb(255, 136 0)", "rgb(255 136 0", "rgb(a b c)", "rgb(1e2 0 0)", "rgb(0x10 0 0)", "rgb(inf 0 0)",
    "rgb(nan 0 0)", "rgb(1 2 3 / 4 / 5)", "rgb(1,2,3,4,5)", "rgb(, 1, 2)", "hsl(0 100% 50%)", "#ff8800;", "rgb(255 136 0)x",
    String(repeating: " ", count: 200) + "#fff" + String(repeating: "0", count: 200),
  ])
  func refused(_ css: String) {
    #expect(throws: PasteboardError.self, "\(css)") { try Color.parse(css: css) }
    #expect(Color(css: Array(css.utf8)) == nil)
  }

  @Test("the reason names what the text is not")
  func reasons() {
    #expect(throws: PasteboardError.invalidColor("nope", reason: "it is neither #hex nor rgb()")) { try Color.parse(css: "nope") }
    #expect(throws: PasteboardError.invalidColor("#ff881", reason: "a hex color has 3, 4, 6 or 8 digits, not 5")) {
      try Color.parse(css: "#ff881")
    }
  }

  @Test("GTK's application/x-color: four 16-bit values in the host's order, 8 bytes and no other length")
  func gtkBytes() throws {
    let color = Color(red: 0xFFFF, green: 0x8888, blue: 0x0102, alpha: 0x8000)
    let bytes = color.gtkBytes
    #expect(bytes.count == 8)
    #expect(bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) } == [0xFFFF, 0x8888, 0x0102, 0x8000])
    #expect(Color(gtkBytes: bytes) == color)
    #expect(Color(gtkBytes: Array(bytes.dropLast())) == nil)
    #expect(Color(gtkBytes: bytes + [0]) == nil)
    // 16 bits to 8 rounds to the nearest: GTK's 0x8080 is CSS's 0x80, 0x807f too.
    #expect(Color(red: 0x8080, green: 0x807F, blue: 0x7F80).hex == "#80807f")
    #expect(Color.gtkType.isDynamic && TypeRegistry.preferredMIMEType(for: Color.gtkType) == "application/x-color")
  }

  static func item(_ types: [TypeIdentifier], sizes: [Int64]? = nil) -> Item {
    Item(representations: types.enumerated().map { index, type in
      Representation(type: type, file: "\(index)", size: sizes?[index] ?? 8, typeSource: .given)
    })
  }

  @Test("a reader of the color kind gets GTK's color first, else the first plain text, and never as stored")
  func choice() throws {
    let both = Self.item([.utf8PlainText, Color.gtkType])
    #expect(both.choice(preferring: [.color]) == .derived(.colorFromGTK, source: both.representations[1]))
    let text = Self.item([TypeIdentifier("public.html"), .utf8PlainText])
    #expect(text.choice(preferring: [.color]) == .derived(.colorFromText, source: text.representations[1]))
    #expect(Self.item([.png]).choice(preferring: [.color]) == nil)
    // Plain text asked for is the text as stored, and application/x-color its bytes.
    #expect(both.choice(preferring: [.text]) == .stored(both.representations[0]))
    #expect(both.choice(preferring: [Color.gtkType]) == .stored(both.representations[1]))
    #expect(try TypeIdentifier.parse("color") == .color)
  }
}
