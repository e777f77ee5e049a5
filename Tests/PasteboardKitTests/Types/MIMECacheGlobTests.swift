import Testing

@testable import PasteboardKit

/// File names against the installed database's globs. The expected first type, and whether
/// there are several, are GLib's (`Gio.content_type_guess(name, None)`, which is uncertain
/// exactly when the globs give no type or more than one).
@Suite(.tags(.unit)) struct MIMECacheGlobTests {
  let database = SharedMIMEInfo(directories: ["/usr/share/mime"])

  @Test func namesGetGLibsTypes() {
    let answers: [(name: String, first: String?, several: Bool)] = [
      ("README", "text/x-readme", false),  // the pattern readme*, case-insensitive
      ("README.md", "text/markdown", false),  // a suffix ends the search before patterns
      ("Makefile", "text/x-makefile", false),  // a literal
      ("GNUmakefile", "text/x-makefile", false),
      ("Makefile.am", "text/x-makefile", false),
      ("CMakeLists.txt", "text/x-cmake", false),
      ("SConstruct", "text/x-scons", false),
      ("pom.xml", "text/x-maven+xml", false),
      ("core", "application/x-core", false),  // a case-sensitive literal...
      ("CORE", nil, false),  // ...that another case does not match
      ("x.tar.gz", "application/x-compressed-tar", false),  // the longest suffix
      ("X.TAR.GZ", "application/x-compressed-tar", false),
      ("x.tar.xz", "application/x-xz-compressed-tar", false),
      ("x.gz", "application/gzip", false),
      ("a.txt.bak", "application/x-trash", false),
      ("a.C", "text/x-c++src", false),  // case-sensitive suffixes
      ("a.c", "text/x-csrc", false),
      ("x.Z", "application/x-compress", false),
      ("x.z", "application/x-compress", false),
      ("a.PNG", "image/png", false),
      ("x.1", "application/x-troff-man", false),  // the pattern *.[1-9]
      ("001.vdr", "video/mpeg", false),
      ("a.m", "text/x-objcsrc", true),
      ("a.mm", "text/x-objc++src", true),
      ("a.ts", "text/vnd.trolltech.linguist", true),
      ("x.sub", "text/x-microdvd", true),
      ("x.py", "text/x-python", true),
      ("libfoo.so.1.2", "application/x-sharedlib", true),
      ("x.unknownext", nil, false),
      (".bashrc", nil, false),
      ("/some/dir/x.desktop", "application/x-desktop", false),
      ("", nil, false),
    ]
    for answer in answers {
      let found = database.mimeTypes(forFileName: answer.name)
      #expect(found.first?.mime == answer.first, "\(answer.name)")
      #expect((found.count > 1) == answer.several, "\(answer.name): \(found)")
    }
  }

  @Test func typesOfOneNameAreSortedByWeightThenTheDatabasesOrder() {
    let python = database.mimeTypes(forFileName: "x.py")
    #expect(python.map(\.mime) == ["text/x-python", "text/x-python3"])
    #expect(python.map(\.weight) == [60, 50])
    #expect(database.mimeTypes(forFileName: "a.m").map(\.mime) == ["text/x-objcsrc", "text/x-matlab"])
    #expect(database.mimeTypes(forFileName: "libfoo.so.1").map(\.mime) == ["application/x-sharedlib", "application/x-troff-man"])
  }

  @Test func theExtensionLookupStillTakesTheHeaviestExactGlob() {
    #expect(database.mimeType(forExtension: "py") == "text/x-python")
    #expect(database.mimeType(forExtension: "gz") == "application/gzip")
    #expect(database.mimeType(forExtension: "tar.gz") == "application/x-compressed-tar")
  }

  func glob(_ pattern: String, _ name: String) -> Bool {
    GlobPattern.matches(Array(pattern.unicodeScalars), Array(name.unicodeScalars))
  }

  @Test func patternsMatchAsFnmatchWithoutFlags() {
    #expect(glob("*.so.[0-9]*", "libx.so.1.2"))
    #expect(!glob("*.so.[0-9]*", "libx.so.x"))
    #expect(glob("*.anim[1-9j]", "a.animj"))
    #expect(!glob("*.anim[1-9j]", "a.anim0"))
    #expect(glob("[!a]b", "xb"))
    #expect(!glob("[^x]b", "xb"))
    #expect(glob("[]]", "]"))
    #expect(glob("a[", "a["), "an unclosed bracket is a plain character")
    #expect(glob("\\*", "*"))
    #expect(!glob("\\*", "a"))
    #expect(glob("*", ".hidden/and/slashes"))
    #expect(glob("a?c", "abc"))
    #expect(!glob("a?c", "ac"))
    #expect(glob("*a*b*c", "xxaxxbxxbxc"))
    #expect(!glob("*a*b*c", "xxaxxbxxbx"))
    #expect(glob("", ""))
    #expect(!glob("", "a"))
  }

  @Test func manyStarsCostAtMostTheProductOfTheLengths() {
    let pattern = String(repeating: "*a", count: 200) + "b"
    let name = String(repeating: "a", count: 4000)
    let start = ContinuousClock.now
    #expect(!glob(pattern, name))
    #expect(ContinuousClock.now - start < .seconds(5))
  }
}
