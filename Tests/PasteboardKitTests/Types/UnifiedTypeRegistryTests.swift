import Foundation
import Testing

@testable import PasteboardKit

/// One identifier per format: every MIME type and alias of the installed shared-mime-info
/// database, and every extension Apple declares, leads to the same identifier whichever
/// name is used (TypeRegistry.type(forMIMEType:) documents the join). install.sh installs
/// shared-mime-info, so these read the real `/usr/share/mime`.
@Suite(.tags(.unit)) struct UnifiedTypeRegistryTests {
  static func lines(_ file: String) throws -> [[String]] {
    try String(contentsOfFile: "/usr/share/mime/" + file, encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
  }

  static func type(_ mime: String) throws -> TypeIdentifier { try TypeIdentifier.parse(mime) }

  static func dynamic(_ mime: String) -> TypeIdentifier {
    DynamicIdentifier.identifier(for: .init(conformsTo: .data, tags: [.init(tagClass: .mimeType, value: mime)]))
  }

  /// Aliases Apple declares as a type of their own, apart from the canonical name's: each
  /// keeps its declared type, since Apple tells the formats apart.
  static let appleTellsApart: [String: (alias: String, canonical: String)] = [
    "application/x-gtar": ("org.gnu.gnu-tar-archive", "public.tar-archive"),
    "audio/m4a": ("com.apple.m4a-audio", "public.mpeg-4-audio"),
    "audio/x-m4a": ("com.apple.m4a-audio", "public.mpeg-4-audio"),
    "image/heic": ("public.heic", "public.heif"),
    "text/x-vcalendar": ("com.apple.ical.vcs", "com.apple.ical.ics"),
    "video/x-m4v": ("com.apple.m4v-video", "public.mpeg-4"),
  ]

  /// Aliases of a canonical name in capitals (`text/x-iMelody`): the cache is keyed as the
  /// database spells them and pb looks MIME types up lower-cased, so these are not found
  /// as aliases and keep a dynamic identifier of their own.
  static let caseGap: Set<String> = ["audio/iMelody", "audio/x-iMelody"]

  @Test func everyMIMETypeOfTheDatabaseHasOneStableIdentifier() throws {
    let types = try Self.lines("types").map { $0[0] }
    let canonical = Dictionary(try Self.lines("aliases").map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    #expect(types.count > 800)
    var declared = 0
    for mime in types {
      let type = try Self.type(mime)
      // Read back, the identifier is itself: nothing maps it on to a third.
      #expect(try TypeIdentifier.parse(type.rawValue) == type, "\(mime): \(type)")
      if type.isDynamic {
        // (The database lists a few aliases as types too: application/vnd.sun.xml.base.)
        #expect(type == Self.dynamic((canonical[mime] ?? mime).lowercased()), "\(mime) has its canonical name's dynamic identifier")
      } else {
        declared += 1
      }
    }
    // Apple declares, directly or through the join, about a sixth of what the database knows.
    #expect(declared > 130, "\(declared) of \(types.count)")
  }

  @Test func everyAliasGivesItsCanonicalTypesIdentifier() throws {
    let aliases = try Self.lines("aliases")
    #expect(aliases.count > 250)
    var apart: [String: (alias: String, canonical: String)] = [:]
    var gaps: Set<String> = []
    for pair in aliases {
      let (alias, canonical) = (try Self.type(pair[0]), try Self.type(pair[1]))
      if alias == canonical { continue }
      if alias.isDynamic || canonical.isDynamic { gaps.insert(pair[0]) } else { apart[pair[0]] = (alias.rawValue, canonical.rawValue) }
    }
    #expect(apart.mapValues { "\($0.alias) \($0.canonical)" } == Self.appleTellsApart.mapValues { "\($0.alias) \($0.canonical)" })
    #expect(gaps == Self.caseGap)
  }

  /// Extensions Apple declares whose type the database gives another identifier, and
  /// why, with the database's type and the identifier the rule gives it (nil: its own
  /// dynamic identifier).
  static let extensionsApart: [String: (mime: String, type: String?, why: String)] = [
    // Apple tells apart what the database calls one format; Apple's type is the
    // extension's, the database's name keeps Apple's type for it.
    "f90": ("text/x-fortran", "public.fortran-source", "Apple's Fortran 90 is a kind of Fortran"),
    "f95": ("text/x-fortran", "public.fortran-source", "Apple's Fortran 95 is a kind of Fortran"),
    "m4a": ("audio/mp4", "public.mpeg-4-audio", "Apple's .m4a is a kind of MPEG-4 audio"),
    "m4v": ("video/mp4", "public.mpeg-4", "Apple's .m4v is a kind of MPEG-4"),
    "heic": ("image/heif", "public.heif", "Apple's HEIC and HEIF are siblings"),
    "gtar": ("application/x-tar", "public.tar-archive", "Apple's GNU tar is no kind of its tar"),
    "vcs": ("text/calendar", "com.apple.ical.ics", "Apple's vCalendar is no kind of its iCalendar"),
    "pkg": ("application/x-xar", "com.apple.xar-archive", "xar's first glob, .xar, names Apple's XAR"),
    // The database's type is a format Apple's declaration is not.
    "m4b": ("audio/x-m4b", nil, "Apple's .m4b is protected audio"),
    "pfa": ("application/x-font-type1", "com.adobe.postscript-pfb-font", "the database's one Type 1 type names PFB, the form fonts ship in"),
    "svgz": ("image/svg+xml-compressed", nil, "Apple's SVG is image/svg+xml, gzip is no XML"),
    // The extension names two formats. (`.ts` and `.jpx` do too, but there the database's
    // globs tie with video/mp2t and image/jpx, Apple's formats, and the content decides.)
    "as": ("application/x-applix-spreadsheet", nil, "a homonym: AppleSingle at Apple"),
    "scn": ("application/x-godot-scene", nil, "a homonym: a SceneKit scene at Apple"),
    "service": ("text/x-dbus-service", nil, "Apple's is no text"),
    "m15": ("audio/x-mod", nil, "Apple's is video/mpeg"),
    "otc": ("application/vnd.oasis.opendocument.chart-template", nil, "the database's is a ZIP"),
    "qti": ("application/x-qtiplot", nil, "Apple's is image/x-quicktime"),
    "smf": ("application/vnd.stardivision.math", nil, "Apple's is audio/midi"),
  ]

  /// KDE Frameworks' own types (kde5.xml, installed with CopyQ, Qt and KDE applications)
  /// add globs that are homonyms of Apple's extensions.
  static let kdeExtensionsApart: [String: (mime: String, type: String?, why: String)] = [
    "abc": ("text/vnd.abc", nil, "a homonym: ABC music notation, Apple's is an Alembic scene"),
    "pic": ("image/x-hdr", nil, "a homonym: a Radiance picture, Apple's is QuickDraw"),
    "war": ("application/x-webarchive", "com.apple.webarchive", "a homonym: KDE's web archive, Apple's is a Java web application"),
  ]

  /// Whether KDE's types are part of the installed database.
  static var hasKDETypes: Bool {
    SharedMIMEInfo.searchDirectories(.process).contains { FileManager.default.fileExists(atPath: $0 + "/packages/kde5.xml") }
  }

  @Test func everyExtensionAppleDeclaresGivesTheDatabaseTypesIdentifier() throws {
    let database = SharedMIMEInfo.system
    var compared = 0
    var apart: [String: (mime: String, type: String?)] = [:]
    for ext in TypeRegistry.declaredFilenameExtensions {
      let declared = try #require(TypeRegistry.declaredType(forFilenameExtension: ext))
      #expect(TypeRegistry.type(forFilenameExtension: ext) == declared)
      // Where globs tie, the database leaves the choice to the content: any of them may be the format.
      let mimes = database.heaviestMIMETypes(forExtension: ext)
      guard !mimes.isEmpty else { continue }
      compared += 1
      let types = try mimes.map(Self.type)
      if types.contains(declared) { continue }
      apart[ext] = (mimes[0], types[0].isDynamic ? nil : types[0].rawValue)
      if types[0].isDynamic { #expect(types[0] == Self.dynamic(mimes[0].lowercased())) }
    }
    #expect(compared > 180, "the database globs \(compared) of Apple's extensions")
    let documented = Self.extensionsApart.merging(Self.hasKDETypes ? Self.kdeExtensionsApart : [:]) { base, _ in base }
      .mapValues { "\($0.mime) \($0.type ?? "dynamic")" }
    #expect(apart.mapValues { "\($0.mime) \($0.type ?? "dynamic")" } == documented)
  }

  @Test(arguments: [
    ("model/stl", "public.standard-tesselated-geometry-format"), ("model/x.stl-binary", "public.standard-tesselated-geometry-format"),
    ("application/pkcs12", "com.rsa.pkcs-12"), ("application/x-pkcs12", "com.rsa.pkcs-12"),
    ("application/vnd.iccprofile", "com.apple.colorsync-profile"), ("video/x-flic", "public.flc-animation"),
    ("video/fli", "public.flc-animation"), ("image/heif", "public.heif"), ("image/heic", "public.heic"),
    ("model/obj", "public.geometry-definition-format"), ("application/pkix-cert", "public.x509-certificate"),
    ("application/x-compressed-tar", "org.gnu.gnu-zip-tar-archive"), ("text/x-log", "com.apple.log"),
  ])
  func theIssuesFormatsHaveApplesIdentifier(mime: String, uti: String) throws {
    #expect(try Self.type(mime) == TypeIdentifier(uti))
  }

  @Test func anAliasOfAnUndeclaredTypeIsItsCanonicalTypesDynamicIdentifier() throws {
    #expect(try Self.type("text/x-tcl") == Self.dynamic("text/tcl"))
    #expect(try Self.type("image/x-xpm") == Self.dynamic("image/x-xpixmap"))
    // Ties go by kind: `.obj` is Wavefront's model/obj at Apple, not TGIF's drawing.
    #expect(try Self.type("application/x-tgif") == Self.dynamic("application/x-tgif"))
  }

  @Test func anItemStoredUnderAnOldDynamicIdentifierIsStillFound() throws {
    let stl = try Self.type("model/stl")
    let old = Self.dynamic("model/stl")
    #expect(try TypeIdentifier.parse(old.rawValue) == stl, "the old identifier, asked for, is the new one")
    #expect(TypeRegistry.conforms(old, to: stl), "an item stored under it answers a reader asking for model/stl")
    #expect(TypeRegistry.conforms(old, to: TypeIdentifier("public.3d-content")))
    let oldAlias = Self.dynamic("text/x-tcl")
    #expect(try TypeIdentifier.parse(oldAlias.rawValue) == Self.dynamic("text/tcl"))
    #expect(TypeRegistry.conforms(oldAlias, to: Self.dynamic("text/tcl")))
    #expect(TypeRegistry.conforms(oldAlias, to: TypeIdentifier("public.script")))
  }

  @Test(arguments: [
    "application/postscript", "image/x-eps", "image/x-xbitmap", "image/x-xpixmap", "image/x-xpm", "image/svg+xml",
    "application/x-subrip", "text/x-mpsub", "text/x-subviewer", "audio/x-mpegurl", "audio/x-ms-asx", "application/vnd.ms-wpl",
    "application/x-quicktime-media-link", "application/rss+xml", "application/atom+xml", "application/schema+json",
    "application/geo+json", "application/x-desktop", "text/x-systemd-unit", "text/x-dbus-service", "application/x-mswinurl",
    "text/x-uuencode", "application/mac-binhex40", "image/x-xfig", "application/x-font-afm", "application/x-font-bdf",
    "text/x-gettext-translation-template", "text/vnd.graphviz",
  ])
  func formatsThatAreTextConformToText(mime: String) throws {
    #expect(TypeRegistry.conforms(try Self.type(mime), to: .text), "\(mime)")
  }

  @Test(arguments: ["application/pkix-cert", "application/x-x509-ca-cert", "application/pkcs12", "application/vnd.iccprofile", "model/stl"])
  func formatsThatMayBeBinaryDoNot(mime: String) throws {
    #expect(!TypeRegistry.conforms(try Self.type(mime), to: .text), "\(mime)")
  }
}
