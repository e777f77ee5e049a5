import Testing

@testable import PasteboardKit

/// A sniffer that answers what it is told, so detection logic is tested apart from the
/// installed magic database.
final class FixedSniffer: TypeSniffer {
  let answer: SniffedType
  init(_ magicOutput: String) { answer = SniffedType(magicOutput: magicOutput) }
  func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType { answer }
}

@Suite(.tags(.unit)) struct TypeDetectorTests {
  func detect(_ bytes: [UInt8], magic: String, extension ext: String? = nil, isWhole: Bool = true) throws -> TypeDetection {
    let detector = TypeDetector(sniffer: FixedSniffer(magic))
    return try bytes.withUnsafeBytes { try detector.detect(head: $0, isWhole: isWhole, fileName: ext.map { "file.\($0)" }) }
  }

  @Test func binaryAnswersAreKept() throws {
    #expect(try detect([0x89, 0x50, 0x4E, 0x47, 0, 1], magic: "image/png; charset=binary") == TypeDetection(type: .png, source: .magic))
    #expect(try detect([0x89, 0x50, 0, 1], magic: "image/png; charset=binary", extension: "txt").type == .png, "a text extension does not turn PNG bytes into text")
  }

  @Test func textStaysTextWhateverLibmagicGuesses() throws {
    let text = Array("MM this is a note".utf8)
    #expect(try detect(text, magic: "image/tiff; charset=binary") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    #expect(try detect(text, magic: "application/octet-stream; charset=binary").type == .utf8PlainText)
    // Guesses from a word or two stay guesses, though Apple declares the types they name;
    // the extension confirms them.
    let assembly = Array(".text\nmov eax, 1\n".utf8)
    #expect(try detect(assembly, magic: "text/x-asm; charset=us-ascii") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    #expect(try detect(assembly, magic: "text/x-asm; charset=us-ascii", extension: "s").type == TypeIdentifier("public.assembly-source"))
  }

  @Test func extensionsOnlyTheMIMEDatabaseKnowsRefineText() throws {
    let lua = Array("local x = 1\n".utf8)
    let detection = try detect(lua, magic: "text/plain; charset=us-ascii", extension: "lua")
    #expect(detection.source == .filenameExtension)
    #expect(detection.type == (try TypeIdentifier.parse("text/x-lua")))
    #expect(TypeRegistry.conforms(detection.type, to: TypeIdentifier("public.script")))
  }

  @Test func extensionRefinesVagueAnswers() throws {
    let markdown = Array("# Title\n\nbody\n".utf8)
    #expect(try detect(markdown, magic: "text/plain; charset=us-ascii", extension: "md") == TypeDetection(type: TypeIdentifier("net.daringfireball.markdown"), source: .filenameExtension))
    let swift = Array("struct A { var b: Int }\n".utf8)
    #expect(try detect(swift, magic: "text/x-c; charset=us-ascii", extension: "swift").type == TypeIdentifier("public.swift-source"))
    #expect(try detect([0x50, 0x4B, 3, 4, 0], magic: "application/zip; charset=binary", extension: "jar").type == TypeIdentifier("com.sun.java-archive"))
    #expect(try detect([0, 1, 2, 0xFF], magic: "application/octet-stream; charset=binary", extension: "heic").type == TypeIdentifier("public.heic"))
    #expect(try detect([0, 1, 2, 0xFF], magic: "application/octet-stream; charset=binary", extension: "txt") == TypeDetection(type: .data, source: .magic))
  }

  @Test func confidentTextAnswersAreKept() throws {
    #expect(try detect(Array("{\"a\": 1}".utf8), magic: "application/json; charset=us-ascii").type == TypeIdentifier("public.json"))
    #expect(try detect(Array("hello".utf8), magic: "text/plain; charset=us-ascii", extension: "txt") == TypeDetection(type: .utf8PlainText, source: .textCheck), "more specific than the extension's public.plain-text")
    #expect(try detect(Array("#!/bin/sh\necho".utf8), magic: "text/x-shellscript; charset=us-ascii") == TypeDetection(type: TypeIdentifier("public.shell-script"), source: .magic))
    #expect(try detect(Array("#!/bin/sh\necho".utf8), magic: "text/x-shellscript; charset=us-ascii", extension: "bash").type == TypeIdentifier("public.bash-script"))
  }

  @Test func libmagicGuessesAreNotBelievedForText() throws {
    // Its C rule fires on braces and a word or two: Go is no C without support.
    let go = Array("package main\n\nfunc main() {}\n".utf8)
    #expect(try detect(go, magic: "text/x-c; charset=us-ascii") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    #expect(try detect(go, magic: "text/x-c; charset=us-ascii", extension: "c").type == TypeIdentifier("public.c-source"))
  }

  @Test func libmagicsJavaScriptStandsWhereNoNameDisagrees() throws {
    let typescript = Array("let a: number = 1\nexport function f() {}\n".utf8)
    let javascript = TypeIdentifier("com.netscape.javascript-source")
    #expect(try detect(typescript, magic: "application/javascript; charset=us-ascii") == TypeDetection(type: javascript, source: .magic))
    #expect(try detect(typescript, magic: "application/javascript; charset=us-ascii", extension: "js").type == javascript)
    // A name that is no kind of it decides, and `.txt` or `.ts` (a video to the database) leave plain text.
    #expect(try detect(typescript, magic: "application/javascript; charset=us-ascii", extension: "txt") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    #expect(try detect(typescript, magic: "application/javascript; charset=us-ascii", extension: "ts").type == .utf8PlainText)
  }

  @Test func weakDatabaseMagicDoesNotOverrideLibmagicsTextAnswer() throws {
    // `use strict` in the first 256 bytes is the database's Perl magic at priority 40.
    let javascript = Array("/* jQuery UI */\n(function() {\n\"use strict\";\nvar a = 1;\n})();\n".utf8)
    let js = try detect(javascript, magic: "application/javascript; charset=us-ascii")
    #expect(js == TypeDetection(type: TypeIdentifier("com.netscape.javascript-source"), source: .magic), "\(js)")
    // `%` at the start is MATLAB's magic and TeX's, both at priority 10.
    let tex = try detect(Array("% babel\n\\def\\x{1}\n".utf8), magic: "text/x-tex; charset=us-ascii")
    #expect(tex == TypeDetection(type: try TypeIdentifier.parse("text/x-tex"), source: .magic), "\(tex)")
    // A text format libmagic names and Apple does not declare is the database's format.
    let po = try detect(Array("msgid \"\"\nmsgstr \"\"\n".utf8), magic: "text/x-po; charset=us-ascii")
    #expect(po.type == (try TypeIdentifier.parse("text/x-gettext-translation")), "\(po)")
    let m4 = try detect(Array("dnl a macro\nAC_DEFUN([X], [y])\n".utf8), magic: "text/x-m4; charset=us-ascii")
    #expect(m4.type == (try TypeIdentifier.parse("application/x-m4")), "\(m4)")
    // `/*` at the start is the database's C magic at priority 30; `import java.` is Java.
    let source = Array("/* Licensed to the ASF */\npackage snake;\n\nimport java.io.IOException;\n\npublic class S {}\n".utf8)
    let java = try detect(source, magic: "text/x-java; charset=us-ascii")
    #expect(java == TypeDetection(type: TypeIdentifier("com.sun.java-source"), source: .magic), "\(java)")
  }

  @Test func libmagicsCStandsOnAPreprocessorDirective() throws {
    let macros = Array("\n#ifndef ELF_RELOC\n#error \"ELF_RELOC must be defined\"\n#endif\nELF_RELOC(R_PPC_NONE, 0)\n".utf8)
    #expect(try detect(macros, magic: "text/x-c; charset=us-ascii") == TypeDetection(type: TypeIdentifier("public.c-source"), source: .magic))
    // Braces and a word or two are most languages': Go is no C.
    let go = Array("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n".utf8)
    #expect(try detect(go, magic: "text/x-c; charset=us-ascii").type == .utf8PlainText)
    // A comment that starts with a directive's word is no directive.
    #expect(TypeDetector.opensWithPreprocessorDirective(UnsafeRawBufferPointer(start: nil, count: 0)) == false)
    #expect(Array("# include the file\n#defined\n".utf8).withUnsafeBytes { TypeDetector.opensWithPreprocessorDirective($0) } == false)
    // A directive after C comments opens the text; one under another language's lines is
    // C quoted in it (a Perl test's here-document, an AppArmor profile's include).
    let commented = Array("// ELF relocations\n/* PowerPC\n * 32-bit */\n\n#ifndef ELF_RELOC\n".utf8)
    #expect(commented.withUnsafeBytes { TypeDetector.opensWithPreprocessorDirective($0) })
    let perl = Array("# Check that ecpg works\n\nuse strict;\n\nprint F <<EOF;\n#include <stdio.h>\nint main() { return 0; }\nEOF\n".utf8)
    #expect(try detect(perl, magic: "text/x-c; charset=us-ascii").type == TypeIdentifier("public.perl-script"))
    let profile = Array("# vim:syntax=apparmor\n#include <tunables/global>\n/usr/bin/man {\n}\n".utf8)
    #expect(try detect(profile, magic: "text/x-c; charset=us-ascii").type == .utf8PlainText)
  }

  @Test func aPlainNetpbmImageIsTextAndAnImage() throws {
    let plain = Array("P3\n# a red and a green pixel\n2 1\n255\n255 0 0\n0 255 0\n".utf8)
    let found = try detect(plain, magic: "image/x-portable-pixmap; charset=us-ascii")
    #expect(TypeRegistry.conforms(found.type, to: .text) && TypeRegistry.conforms(found.type, to: .image), "\(found)")
    #expect(TypeRegistry.preferredMIMEType(for: found.type) == "image/x-portable-pixmap")
    let bitmap = try detect(Array("P1\n2 1\n0 1\n".utf8), magic: "image/x-portable-bitmap; charset=us-ascii")
    #expect(TypeRegistry.preferredMIMEType(for: bitmap.type) == "image/x-portable-bitmap", "\(bitmap)")
    // libmagic takes `P3 ` alone for a pixmap: a sentence, or a header that does not hold, is text.
    #expect(try detect(Array("P3 is a format of netpbm\n".utf8), magic: "image/x-portable-pixmap; charset=us-ascii").type == .utf8PlainText)
    #expect(try detect(Array("P6\n0 0\n255\n  xx\n".utf8), magic: "image/x-portable-pixmap; charset=us-ascii").type == .utf8PlainText)
    // Comments (a `#` in one too) run to their line's end, however many there are; a digit
    // in a comment is no width.
    let commented = Array(("P1\n" + String(repeating: "# #1 2\n", count: 5000) + "2 1\n0 1\n").utf8)
    #expect(commented.withUnsafeBytes { TypeDetector.opensNetpbmHeader($0) })
    #expect(Array("P1 # 2 1\n".utf8).withUnsafeBytes { TypeDetector.opensNetpbmHeader($0) } == false)
    // A raw image of a white page is bytes libmagic reads as Latin-1, not text.
    let white = Array("P5\n64 64\n255\n".utf8) + [UInt8](repeating: 0xFF, count: 64 * 64)
    let page = try detect(white, magic: "image/x-portable-greymap; charset=iso-8859-1")
    #expect(TypeRegistry.conforms(page.type, to: .image) && !TypeRegistry.conforms(page.type, to: .text), "\(page)")
  }

  @Test func aType1FontIsAFontNotData() throws {
    let pfb: [UInt8] = [0x80, 0x01, 0x98, 0x03, 0, 0] + Array("%!PS-AdobeFont-1.0: NimbusMono 1.00\n".utf8) + [0x80, 0x02, 0xFF, 0xFE]
    let found = try detect(pfb, magic: "font/x-postscript-pfb; charset=binary")
    #expect(found.type == TypeRegistry.type(forMIMEType: try MIMEType.parse("application/x-font-type1")), "\(found)")
    #expect(TypeRegistry.conforms(found.type, to: TypeIdentifier("public.font")))
    #expect(!TypeRegistry.conforms(found.type, to: .text), "binary bytes are no text")
    // A `.pfa` in Latin-1 (libmagic's text, not UTF-8) is the format's text form as an ASCII one is.
    let latin1 = Array("%!PS-AdobeFont-1.0: AharoniCLM-Bold 0.1\n%%Copyright: \u{A9}".utf8.dropLast(2)) + [0xA9, 0x0A]
    let pfa = try detect(latin1, magic: "text/plain; charset=iso-8859-1")
    #expect(TypeRegistry.conforms(pfa.type, to: .text) && TypeRegistry.conforms(pfa.type, to: TypeIdentifier("public.font")), "\(pfa)")
    #expect(TypeRegistry.preferredMIMEType(for: pfa.type) == "application/x-font-type1")
  }

  @Test func libmagicsKindOfTheDatabasesContainerStands() throws {
    // A stream the database's magic does not know: it says any Ogg, libmagic Ogg video.
    let ogg = Array("OggS".utf8) + [0, 2] + [UInt8](repeating: 0, count: 22) + [0x80] + Array("vp8ogg".utf8) + [3, 2, 1]
    let video = try detect(ogg, magic: "video/ogg; charset=binary")
    #expect(TypeRegistry.preferredMIMEType(for: video.type) == "video/ogg", "\(video)")
    #expect(TypeRegistry.conforms(video.type, to: TypeIdentifier("public.movie")))
    // A stream it knows is more than libmagic says.
    let theora = Array(ogg[..<28]) + [0x80] + Array("theora".utf8) + [3, 2, 1]
    #expect(TypeRegistry.preferredMIMEType(for: try detect(theora, magic: "video/ogg; charset=binary").type) == "video/x-theora+ogg")
  }

  @Test func fontMetricsAndManPagesAreToldByTheirOwnWords() throws {
    let afm = try detect(Array("StartFontMetrics 4.1\nFontName NimbusMonoPS-Bold\n".utf8), magic: "text/plain; charset=us-ascii")
    #expect(afm.type == (try TypeIdentifier.parse("application/x-font-afm")), "\(afm)")
    let page = ".\\\" a comment\n.TH LS \"1\" \"September 2022\"\n.SH NAME\nls \\- list\n"
    let man = try detect(Array(page.utf8), magic: "text/troff; charset=us-ascii")
    #expect(man.type == (try TypeIdentifier.parse("application/x-troff-man")), "\(man)")
    #expect(TypeRegistry.conforms(man.type, to: try TypeIdentifier.parse("text/troff")), "a man page is troff")
    // A macro package defines the title request without calling it: troff, no man page.
    let macros = try detect(Array(".de TH\n.  ds title \\$1\n..\n".utf8), magic: "text/troff; charset=us-ascii")
    #expect(macros.type == (try TypeIdentifier.parse("text/troff")), "\(macros)")
  }

  @Test func binaryBytesGetNoTextTypeFromTheDatabase() throws {
    // A unit file's first line, then bytes that are not text: the database's magic names a
    // text format, libmagic finds only binary data.
    let forged = Array("[Unit]\nDescription=x\n".utf8) + [0, 0xFF, 0xFE, 7]
    let detection = try detect(forged, magic: "application/octet-stream; charset=binary")
    #expect(!TypeRegistry.conforms(detection.type, to: .text), "\(detection)")
    // The same line as text is the unit file the database says it is.
    let unit = try detect(Array("[Unit]\nDescription=x\n".utf8), magic: "text/plain; charset=us-ascii")
    #expect(unit.source == .mimeDatabase && TypeRegistry.conforms(unit.type, to: .text), "\(unit)")
  }

  @Test func libmagicsOwnSpellingOfAJavaClassYieldsToTheDatabase() throws {
    // libmagic calls a class file application/x-java-applet, which the database has no
    // rule for (KDE declares the name, with neither magic nor glob).
    let classFile: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52, 0, 10]
    let found = try detect(classFile, magic: "application/x-java-applet; charset=binary")
    let java = TypeRegistry.type(forMIMEType: try MIMEType.parse("application/x-java"))
    #expect(found.source == .mimeDatabase && found.type == java, "\(found)")
  }

  @Test func textInALegacyEncodingKeepsItsName() throws {
    let latin1: [UInt8] = Array("# caf".utf8) + [0xE9] + Array("\nprint(1)\n".utf8)
    #expect(try detect(latin1, magic: "text/plain; charset=iso-8859-1", extension: "py").type == TypeIdentifier("public.python-script"))
  }

  @Test func weakDatabaseMagicYieldsOnlyToANameThatRefinesLibmagic() throws {
    // An OpenDocument text: a ZIP whose first member, stored, is its MIME type.
    let odt = Array("PK\u{3}\u{4}".utf8) + [UInt8](repeating: 0, count: 26) + Array("mimetypeapplication/vnd.oasis.opendocument.text".utf8)
    let plain = try detect(odt, magic: "application/zip; charset=binary")
    #expect(plain.source == .mimeDatabase, "\(plain)")
    #expect(try detect(odt, magic: "application/zip; charset=binary", extension: "png") == plain, "a ZIP named .png is no PNG")
    #expect(try detect(odt, magic: "application/zip; charset=binary", extension: "ott").source == .filenameExtension, "a template's name refines")
  }

  @Test func aNameThatSaysXMLIsBelievedOnlyForMarkup() throws {
    let typescript = Array("export const a: number = 1;\n".utf8)
    #expect(try detect(typescript, magic: "text/plain; charset=us-ascii", extension: "ts").type == .utf8PlainText)
    let linguist = Array("<?xml version=\"1.0\"?>\n<TS version=\"2.1\"></TS>\n".utf8)
    #expect(try detect(linguist, magic: "text/xml; charset=us-ascii", extension: "ts").type != .utf8PlainText)
  }

  @Test func emptyDataIsTextUnlessTheExtensionSaysOtherwise() throws {
    #expect(try detect([], magic: "application/x-empty; charset=binary") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    #expect(try detect([], magic: "application/x-empty; charset=binary", extension: "png") == TypeDetection(type: .png, source: .filenameExtension))
  }

  @Test func utf16WithByteOrderMarkIsText() throws {
    #expect(try detect([0xFF, 0xFE, 0x68, 0, 0x69, 0], magic: "text/plain; charset=utf-16le").type == .utf16ExternalPlainText)
  }

  @Test func utf16WithoutByteOrderMarkIsText() throws {
    func units(_ text: String, bigEndian: Bool = false) -> [UInt8] {
      text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
    let csv = units("shimx64.efi,debian,,This is the boot entry for debian\r\n")
    let octets = "application/octet-stream; charset=binary"
    #expect(try detect(csv, magic: octets) == TypeDetection(type: .utf16PlainText, source: .textCheck))
    #expect(try detect(units("Grüße, 日本\n", bigEndian: true), magic: octets).type == .utf16ExternalPlainText)
    #expect(try detect(csv, magic: octets, extension: "csv").type == TypeIdentifier("public.comma-separated-values-text"))
    // A head cut mid-unit is still text.
    #expect(try detect(csv.dropLast(), magic: octets, isWhole: false).type == .utf16PlainText)
    // Not text: a control character, a NUL unit, an unpaired surrogate, half a unit at the
    // end, 16-bit numbers that are not mostly ASCII, and what libmagic names.
    #expect(try detect(units("name\u{1B}[31m,x\n"), magic: octets).type == .data)
    #expect(try detect(units("a,b\n") + [0, 0] + units("c\n"), magic: octets).type == .data)
    #expect(try detect(units("a,b") + [0x00, 0xD8] + units("c\n"), magic: octets).type == .data)
    #expect(try detect(csv.dropLast(), magic: octets).type == .data)
    #expect(try detect((0..<64).flatMap { [UInt8(0x20 + $0), 0x4E] } + units("ab"), magic: octets).type == .data)
    #expect(try detect(csv, magic: "image/x-icon; charset=binary").type != .utf16PlainText)
    // Nor units whose zero bytes fall as often in either place: no order reads them better.
    #expect(try detect(Array(repeating: Array("A\0\0A".utf8), count: 64).flatMap { $0 }, magic: octets).type == .data)
  }

  @Test func textPaddedWithANULIsTextWhereLibmagicNamesNothing() throws {
    let css = Array("body { color: red; }\n".utf8) + [0]
    #expect(try detect(css, magic: "application/octet-stream; charset=binary", extension: "css").type == TypeIdentifier("public.css"))
    #expect(try detect(css, magic: "application/octet-stream; charset=binary") == TypeDetection(type: .utf8PlainText, source: .textCheck))
    // Where libmagic names a format, the bytes are that format's, NUL and all.
    #expect(try detect(css, magic: "image/x-icon; charset=binary").type == TypeIdentifier("com.microsoft.ico"))
  }

  @Test func libmagicsNDJSONNeedsAJSONFirstLine() throws {
    let ndjson = TypeIdentifier("public.ndjson")
    let magic = "application/x-ndjson; charset=utf-8"
    #expect(try detect(Array("{\"a\": 1}\n{\"a\": 2}\n".utf8), magic: magic).type == ndjson)
    #expect(try detect(Array("\n \r\n{\"a\": 1}\n{\"a\": 2}\n".utf8), magic: magic).type == ndjson, "blank lines first")
    let subtitle = Array("[2227][2244]<i>CANAL DE NOTICIAS</i>\n[2253][2291]<i>La semana pasada</i>\n".utf8)
    let found = try detect(subtitle, magic: magic)
    #expect(found.type != ndjson && TypeRegistry.conforms(found.type, to: .text), "\(found)")
  }

  @Test func anXMLRootOtherThanSVGIsNotSVG() throws {
    let shape = Array("""
      <?xml version="1.0"?>
      <shape xmlns="http://www.daa.com.au/~james/dia-shape-ns" xmlns:svg="http://www.w3.org/2000/svg">
        <name>negative-shift</name><svg:svg width="10"/></shape>

      """.utf8)
    let magic = "image/svg+xml; charset=us-ascii"
    let found = try detect(shape, magic: magic)
    #expect(found == TypeDetection(type: TypeRegistry.type(forMIMEType: try MIMEType.parse("application/x-dia-shape")), source: .mimeDatabase))
    let svg = Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"/>\n".utf8)
    #expect(try detect(svg, magic: magic).type == TypeIdentifier("public.svg-image"))
  }

  @Test func anArArchiveOfTextIsTheArchive() throws {
    let archive = TypeRegistry.type(forMIMEType: try MIMEType.parse("application/x-archive"))
    let empty = try detect(Array("!<arch>\n".utf8), magic: "application/x-archive; charset=us-ascii")
    #expect(empty.type == archive && !TypeRegistry.conforms(empty.type, to: .text), "\(empty)")
    let member = Array("!<arch>\nnote.txt/       0           0     0     644     6         `\nhello\n".utf8)
    #expect(try detect(member, magic: "application/x-archive; charset=us-ascii", extension: "a").type == archive)
  }

  @Test func aJSONDocumentCutAtTheHeadStaysJSON() throws {
    let document = Array("{\"items\": [{\"html\": \"<div><p>hi</p></div>\", \"n\": -1.5e3, \"ok\": true}, {\"html\": \"<b>".utf8)
    let json = TypeIdentifier("public.json")
    #expect(try detect(document, magic: "text/html; charset=us-ascii", isWhole: false).type == json)
    #expect(try detect(document, magic: "text/plain; charset=us-ascii", isWhole: false).type == json)
    // Whole, libmagic saw all of it: its answer stands.
    #expect(try detect(document, magic: "text/plain; charset=us-ascii", isWhole: true).type == .utf8PlainText)
    // Text that only starts like JSON is not JSON.
    let ini = Array("[section]\nkey = value\n".utf8)
    #expect(try detect(ini, magic: "text/plain; charset=us-ascii", isWhole: false).type != json)
    let twoValues = Array("{\"a\": 1}\n{\"a\": 2}\n".utf8)
    #expect(try detect(twoValues, magic: "text/plain; charset=us-ascii", isWhole: false).type != json)
  }

  @Test func theDatabaseTellsTheMembersOfLibmagicsFamilies() throws {
    let impulse = Array("IMPMsong".utf8) + [UInt8](repeating: 0, count: 40) + [0xFF, 0xFE]
    let it = try detect(impulse, magic: "audio/x-mod; charset=binary")
    #expect(it.type == TypeRegistry.type(forMIMEType: try MIMEType.parse("audio/x-it")) && it.source == .mimeDatabase, "\(it)")
    let aifc = Array("FORM".utf8) + [0, 0, 0, 40] + Array("AIFCFVER".utf8) + [0, 0, 0, 4, 0xA2, 0x80, 0x51, 0x40, 0xFF]
    let found = try detect(aifc, magic: "audio/x-aiff; charset=binary")
    #expect(found.type == TypeIdentifier("public.aifc-audio"), "\(found)")
  }

  @Test func aPEMCertificateIsTextAndACertificate() throws {
    let pem = Array("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ1\n-----END CERTIFICATE-----\n".utf8)
    let found = try detect(pem, magic: "text/plain; charset=us-ascii", extension: "crt")
    #expect(found.source == .mimeDatabase, "\(found)")
    #expect(TypeRegistry.conforms(found.type, to: .text) && TypeRegistry.conforms(found.type, to: TypeIdentifier("public.x509-certificate")))
    #expect(TypeRegistry.preferredMIMEType(for: found.type) == "application/x-x509-ca-cert")
    #expect(try TypeRegistry.normalize(found.type) == found.type, "the text form is not folded into the binary format's type")
    // Text that only mentions a certificate is plain text.
    #expect(try detect(Array("see the -----BEGIN CERTIFICATE----- line\n".utf8), magic: "text/plain; charset=us-ascii").type == .utf8PlainText)
  }

  @Test func unknownMIMETypesKeepTheirTag() throws {
    let type = try detect([0, 1, 2], magic: "application/vnd.oasis.opendocument.text; charset=binary").type
    #expect(type.isDynamic)
    #expect(TypeRegistry.preferredMIMEType(for: type) == "application/vnd.oasis.opendocument.text")
  }
}

@Suite(.tags(.unit)) struct TextCheckTests {
  func offset(_ bytes: [UInt8], isWhole: Bool = true) -> Int? {
    bytes.withUnsafeBytes { TextCheck.firstNonTextOffset(in: $0, isWhole: isWhole) }
  }

  @Test func validUTF8() {
    #expect(offset(Array("héllo ✓ 𝄞".utf8)) == nil)
    #expect(offset([]) == nil)
  }

  @Test func invalidBytesAndNULs() {
    #expect(offset([0x61, 0x00, 0x62]) == 1)
    #expect(offset([0x61, 0x80]) == 1)
    #expect(offset([0xC0, 0xAF]) == 0, "overlong")
    #expect(offset([0xED, 0xA0, 0x80]) == 0, "surrogate")
    #expect(offset([0xF4, 0x90, 0x80, 0x80]) == 0, "past U+10FFFF")
  }

  @Test func aHeadMayEndInsideACharacter() {
    let cut = Array("ab✓".utf8).dropLast()
    #expect(offset(Array(cut), isWhole: false) == nil)
    #expect(offset(Array(cut), isWhole: true) == 2)
  }

  @Test func textPaddedWithNULsAtItsEndIsText() {
    func encoding(_ bytes: [UInt8], isWhole: Bool = true) -> TextCheck.Encoding? {
      bytes.withUnsafeBytes { TextCheck.encodingLibmagicMisses(of: $0, isWhole: isWhole) }
    }
    let css = Array("body { color: red; }\n".utf8)
    #expect(encoding(css + [0]) == .utf8, "a C string's terminator")
    #expect(encoding(css + [UInt8](repeating: 0, count: 10)) == .utf8, "padding to a block")
    // Not padding: NULs between the text, more NULs than text, NULs alone, or a head that
    // may go on past them.
    #expect(encoding(css + [0] + css) == nil)
    #expect(encoding(css + [UInt8](repeating: 0, count: 512)) == nil)
    #expect(encoding(css + [UInt8](repeating: 0, count: css.count)) == nil, "as many NULs as text are not fewer")
    #expect(encoding(css + [UInt8](repeating: 0, count: css.count - 1)) == .utf8)
    #expect(encoding([0, 0]) == nil)
    #expect(encoding(css + [0], isWhole: false) == nil)
    #expect(encoding([0x50, 0x4B, 3, 4, 0]) == nil, "a binary header")
  }
}

@Suite(.tags(.unit)) struct MagicSnifferTests {
  func sniff(_ bytes: [UInt8]) throws -> SniffedType {
    try bytes.withUnsafeBytes { try MagicSniffer().sniff($0) }
  }

  @Test func stableAnswers() throws {
    #expect(try sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]).mimeType == "image/png")
    #expect(try sniff(Array("%PDF-1.4\n%\u{e2}\u{e3}\n1 0 obj\n".utf8)).mimeType == "application/pdf")
    let text = try sniff(Array("plain words here\n".utf8))
    #expect(text.mimeType == "text/plain")
    #expect(text.charset == "us-ascii")
  }
}
