import Foundation
import Testing

/// `pb items`' preview of a text, as a terminal shows it.
@Suite("items' preview", .tags(.endToEnd))
struct ItemsPreviewTests {
  @Test("pb items' preview leaves out invisible characters that reorder or hide text (U+202E, U+200B, U+2028, tags), as it leaves out controls")
  func previewLeavesOutInvisibleCharacters() throws {
    let sandbox = try Sandbox()
    let text = "pay\u{202E}ecnalab\u{200B}\u{2028}x\u{E0041}\u{FEFF}"
    try #require(try sandbox.pb(["copy"], stdin: Data(text.utf8)).status == 0)
    let items = try sandbox.pb("items")
    #expect(items.status == 0, "\(items)")
    let hidden: [Unicode.Scalar] = ["\u{202E}", "\u{200B}", "\u{2028}", "\u{E0041}", "\u{FEFF}"]
    #expect(!items.text.unicodeScalars.contains { hidden.contains($0) }, "\(items.text.unicodeScalars.map { String($0.value, radix: 16) })")
    #expect(items.text.contains("\"payecnalabx\""), "\(items.text)")
    // A zero-width joiner inside an emoji sequence is no hidden character.
    try #require(try sandbox.pb(["copy"], stdin: Data("👨\u{200D}👩\u{200D}👧 ok".utf8)).status == 0)
    #expect(try sandbox.pb("items").text.contains("\"👨\u{200D}👩\u{200D}👧 ok\""))
  }
}
