import Foundation
import Testing

@testable import PasteboardKit

/// The system's MIME database as pb reads it. install.sh installs shared-mime-info, so
/// these read the real `/usr/share/mime`; the hostile cases feed it bytes of our own.
@Suite(.tags(.unit)) struct SharedMIMEInfoTests {
  static let systemCache = "/usr/share/mime/mime.cache"

  static func realCache() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: systemCache)))
  }

  @Test func theCacheAnswersAliasesParentsIconsAndGlobs() throws {
    let cache = try #require(MIMECache(bytes: Self.realCache()))
    #expect(cache.canonical(of: "text/x-tcl") == "text/tcl")
    #expect(cache.canonical(of: "text/tcl") == nil)
    #expect(cache.parents(of: "text/x-lua") == ["application/x-executable", "text/plain"])
    #expect(cache.genericIcon(of: "application/x-shellscript") == "text-x-script")
    #expect(cache.types(forExtension: "mkv").map(\.mime) == ["video/x-matroska"])
    #expect(cache.types(forExtension: "lua").map(\.mime) == ["text/x-lua"])
    #expect(cache.types(forExtension: "pbnoext").isEmpty)
  }

  @Test func theTypeFileGivesTheCommentAndTheGlobsInOrder() {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <mime-type xmlns="http://www.freedesktop.org/standards/shared-mime-info" type="text/x-demo">
        <comment>Demo &amp; sample script</comment>
        <comment xml:lang="de">Demo-Skript</comment>
        <glob pattern="*.demo"/>
        <glob pattern="Demofile"/>
        <glob pattern="*.[dD]mo"/>
        <glob weight="60" pattern="*.DEM"/>
      </mime-type>
      """
    let details = SharedMIMEInfo.parseDetails(xml)
    #expect(details.comment == "Demo & sample script")
    #expect(details.extensions == ["demo", "dem"])
  }

  @Test func aTypeFileCutShortOrEndlessIsReadInOnePass() {
    let cut = SharedMIMEInfo.parseDetails("<mime-type><glob pattern=\"*.abc\"/><comment>never closed")
    #expect(cut == SharedMIMEInfo.Details(comment: nil, extensions: ["abc"]))
    // Unclosed tags stop the reading instead of being searched for again and again.
    let endless = String(repeating: "<glob ", count: 200_000)
    #expect(SharedMIMEInfo.parseDetails(endless).extensions.isEmpty)
  }

  @Test func aCacheThatDoesNotHoldTogetherIsRefusedOrAnswersNothingAndNeverTraps() throws {
    #expect(MIMECache(bytes: []) == nil)
    #expect(MIMECache(bytes: [UInt8](repeating: 0xFF, count: 64)) == nil)
    let real = try Self.realCache()
    var generator = FuzzGenerator(state: 0x5EED)
    // Cut short anywhere: a header that points past the end is refused.
    for cut in stride(from: 0, to: real.count, by: 997) {
      if let cache = MIMECache(bytes: Array(real[..<cut])) { lookUp(cache) }
    }
    // Whole, with bytes overwritten: every lookup stays in bounds.
    var looked = 0
    for _ in 0..<300 {
      var damaged = real
      for _ in 0..<32 { damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next()) }
      guard let cache = MIMECache(bytes: damaged) else { continue }
      looked += 1
      lookUp(cache)
    }
    #expect(looked > 100, "the damaged caches were read, not all refused")
  }

  private func lookUp(_ cache: MIMECache) {
    _ = cache.canonical(of: "text/x-tcl")
    _ = cache.parents(of: "text/x-lua")
    _ = cache.genericIcon(of: "application/x-shellscript")
    _ = cache.types(forExtension: "mkv")
    _ = cache.types(forExtension: "tar.gz")
  }

  @Test func aDatabaseThatIsMissingOrUnreadableIsSimplyAbsent() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pb-mime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("not a cache".utf8).write(to: folder.appendingPathComponent("mime.cache"))
    #expect(!SharedMIMEInfo(directories: [folder.path, folder.path + "/none"]).isAvailable)
    let database = SharedMIMEInfo(directories: [folder.path, "/usr/share/mime"])
    #expect(database.isAvailable)
    #expect(database.canonical("text/x-tcl") == "text/tcl", "the next folder's cache answers")
  }

  @Test func aTypeIsRecognizedByItsMagicOrItsGlobsNotByBeingDeclared() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pb-mime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("packages"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let declarations = """
      <?xml version="1.0" encoding="UTF-8"?>
      <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
        <mime-type type="application/x-pb-named"><comment>only a name</comment></mime-type>
        <mime-type type="application/x-pb-magic"><comment>by content</comment>
          <magic priority="50"><match type="string" value="PBMAGIC" offset="0"/></magic></mime-type>
        <mime-type type="application/x-pb-glob"><comment>by name</comment><glob pattern="*.pbglob"/></mime-type>
      </mime-info>
      """
    try Data(declarations.utf8).write(to: folder.appendingPathComponent("packages/pb-test.xml"))
    let update = Process()
    update.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
    update.arguments = [folder.path]
    try update.run()
    update.waitUntilExit()
    try #require(update.terminationStatus == 0)
    let database = SharedMIMEInfo(directories: [folder.path])
    #expect(database.knows("application/x-pb-named"), "the declaration was read")
    #expect(!database.recognizes("application/x-pb-named"))
    #expect(database.recognizes("application/x-pb-magic"))
    #expect(database.recognizes("application/x-pb-glob"))
    #expect(!database.recognizes("application/x-pb-absent"))
  }

  @Test func undeclaredMIMETypesGainTheirKind() throws {
    let expectations: [(String, String)] = [
      ("video/x-matroska", "public.movie"), ("audio/ogg", "public.audio"), ("image/x-eps", "public.image"),
      ("image/x-eps", "com.adobe.postscript"), ("text/x-lua", "public.script"), ("text/x-lua", "public.source-code"),
      ("text/x-go", "public.source-code"), ("font/woff", "public.font"), ("image/fits", "public.image"),
    ]
    for (mime, base) in expectations {
      let type = try TypeIdentifier.parse(mime)
      #expect(type.isDynamic, "\(mime) keeps Apple's dynamic identifier")
      #expect(TypeRegistry.conforms(type, to: TypeIdentifier(base)), "\(mime) conforms to \(base)")
    }
    // An alias's identifier conforms to its canonical name's.
    #expect(TypeRegistry.conforms(try TypeIdentifier.parse("text/x-tcl"), to: try TypeIdentifier.parse("text/tcl")))
  }

  @Test func extensionsWorkBothWays() throws {
    let matroska = try TypeIdentifier.parse("video/x-matroska")
    #expect(try TypeIdentifier.parse("mkv") == matroska)
    #expect(TypeRegistry.preferredFilenameExtension(for: matroska) == "mkv")
    #expect(TypeRegistry.preferredFilenameExtension(for: try TypeIdentifier.parse("text/x-lua")) == "lua")
    // A declared type keeps its own: the database is asked only on a miss.
    #expect(try TypeIdentifier.parse("png") == .png)
  }
}
