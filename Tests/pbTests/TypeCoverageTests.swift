import Foundation
import Testing

/// The type coverage promise: every MIME type libmagic can report keeps its kind, through
/// Apple's declarations built into pb and, for the rest, the system's MIME database.
@Suite("type coverage", .tags(.endToEnd))
struct TypeCoverageTests {
  static let kinds = ["image": "public.image", "audio": "public.audio", "video": "public.movie", "text": "public.text", "font": "public.font"]

  /// Every MIME type string in the installed magic database: the `!:mime` of each
  /// compiled entry is a NUL-terminated field, found by its shape and its top level.
  static func magicMIMETypes() throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/lib/file/magic.mgc")))
    let topLevels: Set<String> = ["application", "audio", "chemical", "font", "image", "inode", "message", "model",
                                  "multipart", "text", "video", "x-epoc"]
    var found = Set<String>()
    for run in bytes.split(separator: 0) where run.count >= 3 && run.count < 80 {
      guard let text = String(validating: run, as: UTF8.self), text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else {
        continue
      }
      let halves = text.split(separator: "/", omittingEmptySubsequences: false)
      guard halves.count == 2, topLevels.contains(String(halves[0])), !halves[1].isEmpty,
        halves[1].allSatisfy({ $0.isLetter || $0.isNumber || ".+-_".contains($0) })
      else { continue }
      found.insert(text)
    }
    return found.sorted()
  }

  @Test("every image, audio, video, text and font MIME type libmagic reports conforms to its kind")
  func everyMagicTypeKeepsItsKind() throws {
    let mimes = try Self.magicMIMETypes()
    #expect(mimes.count > 600, "the magic database was read: \(mimes.count) MIME types")
    let sandbox = try Sandbox()
    let reports = try Self.typeReports(mimes, in: sandbox)
    var lost: [String] = []
    var bareData: [String] = []
    var checked = 0
    for (mime, report) in zip(mimes, reports) {
      let conformsTo = report["conformsTo"] as? [String] ?? []
      if conformsTo == ["public.data"] { bareData.append(mime) }
      guard let kind = Self.kinds[String(mime.prefix { $0 != "/" })] else { continue }
      checked += 1
      let identifier = report["identifier"] as? String ?? ""
      if identifier != kind && !(report["conformance"] as? [String] ?? []).contains(kind) { lost.append(mime) }
    }
    print("type coverage: \(mimes.count) MIME types in libmagic's database, \(checked) image/audio/video/text/font, "
      + "\(lost.count) lose their kind; \(bareData.count) conform to nothing but public.data")
    #expect(checked > 200)
    #expect(lost.isEmpty, "these lose their kind: \(lost)")
  }

  /// `pb type --json`'s report of each name, one per name.
  static func typeReports(_ names: [String], in sandbox: Sandbox) throws -> [[String: Any]] {
    let reports = try #require(try sandbox.json(sandbox.pb(["type", "--json"] + names)) as? [[String: Any]])
    #expect(reports.count == names.count)
    return reports
  }

  /// Every type the installed MIME database declares, from its source file.
  static func databaseMIMETypes() throws -> [String] {
    let xml = try String(contentsOfFile: "/usr/share/mime/packages/freedesktop.org.xml", encoding: .utf8)
    return xml.split(separator: "<mime-type type=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
  }

  @Test("every declared type the MIME database leads to lists the database's MIME type")
  func declaredTypesListTheDatabasesNames() throws {
    let mimes = try Self.databaseMIMETypes()
    #expect(mimes.count > 800, "the database was read: \(mimes.count) types")
    let sandbox = try Sandbox()
    let reports = try Self.typeReports(mimes, in: sandbox)
    var declared = 0
    var unlisted: [String] = []
    for (mime, report) in zip(mimes, reports) where report["declared"] as? Bool == true {
      declared += 1
      // MIME types compare without case (the database spells audio/AMR).
      if !(report["mimeTypes"] as? [String] ?? []).contains(where: { $0.lowercased() == mime.lowercased() }) { unlisted.append("\(mime) (\(report["identifier"] ?? ""))") }
    }
    #expect(declared > 100, "\(declared) of the database's types are Apple's")
    #expect(unlisted.isEmpty, "declared types that do not list the database's MIME type that names them: \(unlisted)")
    // The ones Apple declares without a MIME type carry the database's, first where Apple gives none.
    for (identifier, mime) in [
      ("com.sun.java-class", "application/x-java"), ("public.object-code", "application/x-object"),
      ("public.csh-script", "application/x-csh"), ("com.microsoft.internet-shortcut", "application/x-mswinurl"),
      ("org.gnu.gnu-zip-tar-archive", "application/x-compressed-tar"), ("com.apple.log", "text/x-log"),
      ("com.microsoft.windows-executable", "application/x-ms-dos-executable"),
    ] {
      let report = try #require(try sandbox.json(sandbox.pb(["type", "--json", identifier])) as? [[String: Any]]).first
      let listed = report?["mimeTypes"] as? [String] ?? []
      #expect(listed.contains(mime), "\(identifier): \(listed)")
    }
  }

  @Test("the built-in registry is what the generator makes of the facts file")
  func registryMatchesFacts() throws {
    let sandbox = try Sandbox()
    let script = DocsTests.repository.appendingPathComponent("scripts/generate-type-registry.py").path
    let generated = try sandbox.run("/usr/bin/env", ["python3", script], stdin: nil, environment: [:])
    #expect(generated.status == 0, "\(generated)")
    let committed = try DocsTests.read("Sources/PasteboardKit/Types/TypeDeclarations.swift")
    #expect(generated.text == committed, "run scripts/generate-type-registry.py")
  }

  @Test("Apple's declared types are the ones pb names", arguments: [
    ("psd", "com.adobe.photoshop-image"), ("image/vnd.adobe.photoshop", "com.adobe.photoshop-image"),
    ("tga", "com.truevision.tga-image"), ("image/x-tga", "com.truevision.tga-image"),
    ("ts", "public.mpeg-2-transport-stream"), ("video/MP2T", "public.mpeg-2-transport-stream"),
    ("3gp", "public.3gpp"), ("amr", "org.3gpp.adaptive-multi-rate-audio"), ("vtt", "org.w3.webvtt"),
    ("exr", "com.ilm.openexr-image"), ("cr2", "com.canon.cr2-raw-image"), ("m3u8", "public.m3u-playlist"),
  ])
  func declaredTypes(name: String, identifier: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb("type", name)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.first == identifier)
    #expect(result.lines.contains("  source: built-in"))
  }

  @Test("pb type shows each fact's source for types only the MIME database knows", arguments: [
    ("mkv", "public.movie", "video/x-matroska"), ("video/x-matroska", "public.movie", "video/x-matroska"),
    ("audio/ogg", "public.audio", "audio/ogg"), ("lua", "public.script", "text/x-lua"),
  ])
  func databaseTypes(name: String, kind: String, mime: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb("type", name)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.contains("  source: shared-mime-info"), "\(result.lines)")
    #expect(result.lines.contains("  dynamic: yes, for ?0=6:3=\(mime)"))
    let conformsTo = result.lines.first { $0.hasPrefix("  conforms to: ") } ?? ""
    #expect(conformsTo.contains("\(kind) (shared-mime-info: "), "\(conformsTo)")
    #expect(result.lines.contains { $0.hasPrefix("  conformance: ") && $0.contains(kind) })
  }

  @Test("psd is Apple's Photoshop image, an image")
  func photoshop() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb("type", "psd")
    #expect(result.lines == [
      "com.adobe.photoshop-image", "  description: Adobe Photoshop image", "  source: built-in", "  conforms to: public.image",
      "  conformance: public.image, public.data, public.item, public.content", "  MIME types: image/vnd.adobe.photoshop",
      "  extensions: psd",
    ])
  }

  @Test("copying movie.mkv and notes.lua keeps their kinds, and paste -o saves them with their extensions")
  func extensionsBothWays() throws {
    let sandbox = try Sandbox()
    // An EBML header whose doc type is "matroska": what libmagic reads as video/x-matroska.
    var header = Data([0x1A, 0x45, 0xDF, 0xA3, 0xA3, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01, 0x42, 0xF2, 0x81, 0x04,
                       0x42, 0xF3, 0x81, 0x08, 0x42, 0x82, 0x88])
    header.append(Data("matroska".utf8))
    header.append(Data([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]))
    let movie = try sandbox.file("movie.mkv", header)
    let script = try sandbox.file("notes.lua", "local x = 1\nprint(x)\n")
    #expect(try sandbox.pb("copy", movie, script).status == 0)
    let matroska = try sandbox.pb("type", "video/x-matroska").lines.first ?? "no type"
    let lua = try sandbox.pb("type", "text/x-lua").lines.first ?? "no type"
    #expect(try sandbox.pb("types", "-i", "all").lines == ["0\t\(matroska)", "1\t\(lua)"])
    #expect(try sandbox.pb("contains", "-i", "0", "video").status == 0)
    #expect(try sandbox.pb("contains", "-i", "1", "public.source-code").status == 0)
    #expect(try sandbox.pb("contains", "-i", "1", "video").status == 1, "a script is not a movie")
    let saved = try sandbox.pb("paste", "-i", "all", "-o", sandbox.root.appendingPathComponent("out").path)
    #expect(saved.status == 0, "\(saved)")
    #expect(saved.lines.map { URL(fileURLWithPath: $0).lastPathComponent } == ["0.mkv", "1.lua"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: saved.lines[0])) == header)
  }

  @Test("without a MIME database types still keep the kind their MIME type names, and nothing fails")
  func withoutTheDatabase() throws {
    let sandbox = try Sandbox()
    let nowhere = sandbox.root.appendingPathComponent("no-mime").path
    let environment = ["XDG_DATA_HOME": nowhere, "XDG_DATA_DIRS": nowhere]
    let result = try sandbox.pb("type", "video/x-matroska", environment: environment)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.contains("  source: dynamic"))
    #expect(result.lines.contains("  conforms to: public.movie (dynamic: the video/* media type)"), "\(result.lines)")
    let word = try sandbox.pb("type", "mkv", environment: environment)
    #expect(word.lines.contains { $0.hasPrefix("  note: 'mkv' is not a name pb knows") }, "\(word.lines)")
  }

  @Test("a damaged mime.cache of the user's own is passed over, not trusted and not fatal")
  func damagedUserCache() throws {
    let sandbox = try Sandbox()
    let home = sandbox.root.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: home.appendingPathComponent("mime"), withIntermediateDirectories: true)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/mime/mime.cache")))
    // Every offset in the header points past the end.
    for index in 4..<40 { bytes[index] = 0xFF }
    try Data(bytes).write(to: home.appendingPathComponent("mime/mime.cache"))
    let result = try sandbox.pb("type", "mkv", environment: ["XDG_DATA_HOME": home.path])
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.contains("  source: shared-mime-info"), "the system database still answers: \(result.lines)")
  }
}
