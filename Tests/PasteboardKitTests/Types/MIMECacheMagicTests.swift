import Foundation
import Testing

@testable import PasteboardKit

/// The database's magic, XML namespaces and sub-classes, against the installed
/// shared-mime-info. Each expected type is what GLib answers for the same bytes
/// (`Gio.content_type_guess(None, head)` and `Gio.content_type_is_a`, GLib 2.74 with
/// shared-mime-info 2.2), so pb and the system's detector agree.
@Suite(.tags(.unit)) struct MIMECacheMagicTests {
  let database = SharedMIMEInfo(directories: ["/usr/share/mime"])

  func magic(_ head: [UInt8]) -> (mime: String, priority: Int)? {
    head.withUnsafeBytes { database.magicMatch(in: $0) }
  }

  func magic(_ head: String) -> String? { magic(Array(head.utf8))?.mime }

  @Test func binaryHeadsGetGLibsType() {
    let heads: [(String, [UInt8])] = [
      ("image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]),
      ("image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)),
      ("application/gzip", [0x1F, 0x8B, 0x08, 0x00] + [UInt8](repeating: 0, count: 10)),
      ("application/x-ole-storage", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 24)),
      ("image/x-sun-raster", [0x59, 0xA6, 0x6A, 0x95] + [UInt8](repeating: 0, count: 28)),
      // A child matchlet: ELF, then the class byte at offset 5.
      ("application/x-executable", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01] + [UInt8](repeating: 0, count: 11)),
      // A host16 rule, compared as stored (big-endian), as GLib compares it.
      ("application/x-executable", [0x01, 0x10] + [UInt8](repeating: 0, count: 30)),
    ]
    for (expected, head) in heads {
      #expect(magic(head)?.mime == expected, "\(expected)")
    }
    #expect(magic(heads[0].1)?.priority == 50)
    #expect(magic([0x10, 0x01] + [UInt8](repeating: 0, count: 30)) == nil, "the byte-swapped host16 value is not GLib's")
  }

  @Test func textHeadsGetGLibsType() {
    #expect(magic("%!PS-Adobe-3.0\n%%Title: x\n") == "application/postscript")
    // EPS (priority 90) is found before PostScript (50), though both rules match.
    let eps = magic(Array("%!PS-Adobe-3.0 EPSF-3.0\n".utf8))
    #expect(eps?.mime == "image/x-eps")
    #expect(eps?.priority == 90)
    #expect(magic("/* XPM */\nstatic char *x[] = {") == "image/x-xpixmap")
    #expect(magic("-----BEGIN CERTIFICATE-----\nMIIB") == "application/pkix-cert")
    #expect(magic("-----BEGIN X509 CRL-----\n") == "application/pkix-crl")
    #expect(magic("[Unit]\nDescription=x\n") == "text/x-systemd-unit")
    #expect(magic("[Desktop Entry]\nName=x\n") == "application/x-desktop")
    #expect(magic("#!/bin/sh\necho hi\n") == "application/x-shellscript")
    #expect(magic("#!/usr/bin/env python3\nprint(1)\n") == "text/x-python3")
    #expect(magic("1\n00:00:01,000 --> 00:00:02,000\nHello\n") == "application/x-subrip")
    #expect(magic("%PDF-1.7\n") == "application/pdf")
    #expect(magic("<!DOCTYPE html>\n<html><head>") == "text/html")
    // `<rss ` anywhere in the first 257 bytes.
    #expect(magic("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>") == "application/rss+xml")
    #expect(magic("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">") == "image/svg+xml")
    // No rule: GLib's text fallback is TextCheck's job in pb.
    #expect(magic("hello world\n") == nil)
    #expect(magic([]) == nil)
  }

  @Test func anOpenDocumentIsToldFromAPlainZipByItsMimetypeMember() {
    func zip(firstMember name: String, holding content: String) -> [UInt8] {
      // A local file header, stored, then the member's name and data.
      var header: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
      header += [UInt8(name.utf8.count), 0, 0, 0]
      return header + Array(name.utf8) + Array(content.utf8)
    }
    #expect(magic(zip(firstMember: "mimetype", holding: "application/vnd.oasis.opendocument.text"))?.mime
      == "application/vnd.oasis.opendocument.text")
    #expect(magic(zip(firstMember: "a.txt", holding: "hello"))?.mime == "application/zip")
  }

  @Test func theHeadWorthReadingIsTheLongestRulesReach() {
    #expect(database.magicExtent > 4096)
    #expect(database.magicExtent < 1 << 20)
  }

  func root(_ text: String) -> XMLRoot? {
    Array(text.utf8).withUnsafeBytes { XMLRoot(head: $0) }
  }

  @Test func theRootElementIsReadPastTheDeclarationCommentsAndDoctype() {
    let svg = XMLRoot(namespace: "http://www.w3.org/2000/svg", localName: "svg")
    #expect(root("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\">") == svg)
    #expect(root("\u{FEFF}<?xml version='1.0'?>\n<!-- a > b -->\n<?pi x?>\n<s:svg xmlns:s='http://www.w3.org/2000/svg'/>") == svg)
    #expect(
      root("<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\" [ <!ENTITY e \">\"> ]>\n<svg\nxmlns=\"http://www.w3.org/2000/svg\">")
        == svg)
    #expect(root("<?xml version=\"1.0\"?>\n<rss version=\"2.0\">") == XMLRoot(namespace: "", localName: "rss"))
    #expect(root("<a:b xmlns=\"urn:default\" xmlns:a=\"urn:a\">") == XMLRoot(namespace: "urn:a", localName: "b"))
  }

  @Test func aHeadThatIsNotTheStartOfXMLHasNoRoot() {
    #expect(root("") == nil)
    #expect(root("hello <svg>") == nil, "text before the root")
    #expect(root("<x:svg xmlns:y=\"urn:y\">") == nil, "a prefix never declared")
    #expect(root("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1") == nil, "the start tag is cut short")
    #expect(root("<?xml version=\"1.0\"") == nil)
    #expect(root("<!-- never closed") == nil)
    #expect(root("<![CDATA[x]]>") == nil)
    #expect(root("<svg xmlns=>") == nil)
  }

  @Test func theNamespacesListNamesRootsGLibLeavesToXML() {
    #expect(database.typeOfXMLRoot(namespace: "http://www.w3.org/2000/svg", localName: "svg") == "image/svg+xml")
    #expect(database.typeOfXMLRoot(namespace: "http://xspf.org/ns/0/", localName: "playlist") == "application/xspf+xml")
    #expect(database.typeOfXMLRoot(namespace: "http://www.w3.org/2005/Atom", localName: "feed") == "application/atom+xml")
    #expect(database.typeOfXMLRoot(namespace: "urn:oasis:names:tc:xliff:document:1.1", localName: "xliff") == "application/xliff+xml")
    #expect(database.typeOfXMLRoot(namespace: "http://www.w3.org/2000/svg", localName: "g") == nil)
    #expect(database.typeOfXMLRoot(namespace: "", localName: "rss") == nil)
  }

  @Test func subclassesAreGLibs() {
    let answers: [(String, String, Bool)] = [
      ("inode/directory", "application/octet-stream", false),
      ("x/unknown", "application/octet-stream", true),
      ("image/png", "image/*", true),
      ("text/x-csrc", "text/*", true),
      ("application/x-shellscript", "text/*", true),  // through text/plain
      ("text/x-csrc", "text/plain", true),
      ("application/xml", "text/plain", true),
      ("text/xml", "application/xml", true),  // an alias
      ("image/svg+xml", "application/xml", true),
      ("image/svg+xml", "text/plain", true),
      ("application/x-shellscript", "application/x-executable", true),
      ("application/vnd.oasis.opendocument.text", "application/zip", true),
      ("application/x-gzip", "application/gzip", true),
      ("application/octet-stream", "application/octet-stream", true),
      ("image/png", "image/jpeg", false),
      ("application/zip", "application/vnd.oasis.opendocument.text", false),
      ("inode/directory", "inode/*", true),
    ]
    for (mime, base, expected) in answers {
      #expect(database.isSubclass(mime, of: base) == expected, "\(mime) < \(base)")
    }
  }
}
