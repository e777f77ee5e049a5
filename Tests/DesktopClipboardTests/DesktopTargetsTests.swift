import DesktopClipboard
import LinuxSystem
import PasteboardKit
import Testing

@Suite(.tags(.unit)) struct DesktopTargetsTests {
  @Test("an item is offered under each type's MIME type, its text under every text alias")
  func publishedNames() {
    let types = [TypeIdentifier("public.html"), .utf8PlainText, .png]
    let targets = DesktopTargets.targets(
      for: types, utf8Text: DesktopTargets.plainText(in: types), textIsLatin1: true, concealed: false)
    #expect(
      targets.map(\.name) == [
        "text/html", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING", "image/png",
      ])
    #expect(targets.first { $0.name == "STRING" }?.conversion == .latin1)
    #expect(targets.first { $0.name == "UTF8_STRING" }?.representation == 1)
    #expect(targets.first { $0.name == "image/png" }?.representation == 2)
  }

  @Test("text beyond Latin-1 is not offered as STRING; a secret carries KDE's, CopyQ's and nspasteboard.org's marks")
  func stringAndSecret() {
    let targets = DesktopTargets.targets(for: [.utf8PlainText], utf8Text: 0, textIsLatin1: false, concealed: true)
    #expect(targets.map(\.name).contains("UTF8_STRING"))
    #expect(!targets.map(\.name).contains("STRING"))
    #expect(
      Array(targets.suffix(3)) == [
        DesktopTargets.Target(name: "x-kde-passwordManagerHint", representation: 0, conversion: .constant(Array("secret".utf8))),
        DesktopTargets.Target(name: "application/x-copyq-hidden", representation: 0, conversion: .constant(Array("1".utf8))),
        DesktopTargets.Target(name: "org.nspasteboard.ConcealedType", representation: 0, conversion: .constant(Array("secret".utf8))),
      ])
    let plain = DesktopTargets.targets(for: [.utf8PlainText], utf8Text: 0, textIsLatin1: false, concealed: false)
    #expect(!DesktopTargets.listsSecretMark(plain.map(\.name)), "\(plain.map(\.name))")
  }


  @Test("a type without a MIME type is offered under its identifier; a file URL also as a URI list")
  func identifiersAndURIs() {
    let targets = DesktopTargets.targets(for: [TypeIdentifier("public.file-url")], utf8Text: nil, textIsLatin1: false, concealed: false)
    #expect(targets.map(\.name) == ["public.file-url", "text/uri-list"])
  }

  @Test("an offer's text aliases become one text, its MIME types their types, meta targets nothing")
  func importPlan() {
    let plan = DesktopTargets.importPlan(offered: [
      "TIMESTAMP", "TARGETS", "MULTIPLE", "SAVE_TARGETS", "text/html", "UTF8_STRING", "STRING", "text/plain;charset=utf-8",
      "TEXT", "text/plain", "text/plain;charset=utf-16", "image/png", "application/x-fancy", "COMPOUND_TEXT", "PIXMAP",
      "application/x-copyq-owner", "application/x-kde-onlyReplaceEmpty",
    ])
    #expect(plan.text == ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "text/plain;charset=utf-16", "STRING", "TEXT"])
    #expect(plan.textPosition == 1)
    #expect(plan.others.map(\.name) == ["text/html", "image/png", "application/x-fancy"])
    #expect(plan.others.map(\.type.rawValue).prefix(2) == ["public.html", "public.png"])
    let fancy = plan.others[2].type
    #expect(fancy.isDynamic)
    #expect(TypeRegistry.preferredMIMEType(for: fancy) == "application/x-fancy")
    #expect(!plan.concealed)
  }

  @Test("another program's owner or secret mark an older pb imported is not offered again", arguments: [
    "application/x-copyq-owner", "application/x-copyq-hidden",
  ])
  func ownerMarkNotOffered(_ name: String) throws {
    let mark = try TypeIdentifier.parse(name)
    let targets = DesktopTargets.targets(for: [.utf8PlainText, mark], utf8Text: 0, textIsLatin1: false, concealed: false)
    #expect(targets.map(\.name).contains("UTF8_STRING"))
    #expect(!targets.map(\.name).contains(name))
  }

  @Test("text in another charset becomes UTF-8, one in no charset pb knows or not valid in its own is refused")
  func charsets() {
    #expect(TextCharset.of("STRING") == "iso-8859-1")
    #expect(TextCharset.of("text/plain; Charset=\"UTF-16LE\"") == "utf-16le")
    #expect(TextCharset.of("UTF8_STRING") == "utf-8")
    #expect(TextCharset.utf8([0xFE, 0xFF, 0x00, 0xE9], charset: "utf-16") == .success(Array("é".utf8)))
    #expect(TextCharset.utf8([0xE9, 0x00], charset: "utf-16") == .success(Array("é".utf8)))
    #expect(TextCharset.utf8([0x00, 0xD8], charset: "utf-16le") == .failure(.notText), "a lone surrogate")
    #expect(TextCharset.utf8([0x41], charset: "utf-16") == .failure(.notText))
    #expect(TextCharset.utf8([0xE9], charset: "latin1") == .success(Array("é".utf8)))
    #expect(TextCharset.utf8([0x80], charset: "windows-1252") == .success(Array("€".utf8)))
    #expect(TextCharset.utf8([0xE9], charset: "us-ascii") == .failure(.notText))
    #expect(TextCharset.utf8([0x41], charset: "koi8-r") == .failure(.unknownCharset))
    #expect(TextCharset.utf8([0x41], charset: "compound_text") == .failure(.unknownCharset))
  }

  @Test("an offer with the KDE hint or nspasteboard.org's concealed type is concealed; CopyQ's mark is read; transient is told")
  func concealedOffer() {
    for mark in ["x-kde-passwordManagerHint", "org.nspasteboard.ConcealedType", "ORG.NSPASTEBOARD.CONCEALEDTYPE"] {
      let plan = DesktopTargets.importPlan(offered: ["UTF8_STRING", mark])
      #expect(plan.concealed, "\(mark)")
      #expect(!plan.transient && !plan.listsCopyQHidden)
      #expect(plan.text == ["UTF8_STRING"] && plan.others.isEmpty, "the mark is no representation: \(plan.others.map(\.name))")
    }
    // Its content decides (`SelectionReader.importPlan` reads it): listed, not yet concealed.
    let hidden = DesktopTargets.importPlan(offered: ["UTF8_STRING", "application/x-copyq-hidden"])
    #expect(hidden.listsCopyQHidden && !hidden.concealed)
    #expect(hidden.others.isEmpty, "\(hidden.others.map(\.name))")
    let transient = DesktopTargets.importPlan(offered: ["org.nspasteboard.TransientType", "UTF8_STRING"])
    #expect(transient.transient && !transient.concealed)
    #expect(transient.text == ["UTF8_STRING"] && transient.others.isEmpty)
    #expect(!DesktopTargets.importPlan(offered: ["UTF8_STRING"]).transient)
  }

  @Test("OSC 52 is the selection's letter and the text in base64, ended by BEL")
  func osc52() {
    #expect(OSC52.sequence(for: Array("hi there".utf8), selection: .clipboard) == Array("\u{1B}]52;c;aGkgdGhlcmU=\u{07}".utf8))
    #expect(OSC52.sequence(for: Array("x".utf8), selection: .primary) == Array("\u{1B}]52;p;eA==\u{07}".utf8))
  }
}

@Suite(.tags(.unit)) struct DesktopEnvironmentTests {
  @Test("the backend named in the environment the desktop code is given is checked")
  func backendFromEnvironment() throws {
    #expect {
      try Desktop.route(given: nil, publishing: false, settings: Settings(Environment(["PB_DESKTOP": "nonsense"])))
    } throws: { error in
      guard case .pasteboard(.invalidEnvironment(let variable, let value, _)) = error as? DesktopError else { return false }
      return variable == "PB_DESKTOP" && value == "nonsense"
    }
    #expect(try Desktop.route(given: nil, publishing: false, settings: Settings(Environment(["PB_DESKTOP": "x11"]))).backend == .x11)
  }
}
