import DesktopClipboard
import PasteboardKit
import Testing

/// What pb publish offers derived (`DerivedForm`): image/png of an image without it, the
/// text names of HTML without text, and pb's list of them that an import leaves out.
@Suite(.tags(.unit)) struct DerivedTargetsTests {
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
