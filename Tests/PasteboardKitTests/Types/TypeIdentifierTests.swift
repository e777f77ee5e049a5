import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct TypeIdentifierTests {
  @Test(arguments: [
    ("public.png", "public.png"), ("PUBLIC.PNG", "public.png"), ("image/png", "public.png"), ("png", "public.png"),
    (".PNG", "public.png"), ("image/jpg", "public.jpeg"), ("jpg", "public.jpeg"), ("text/x-markdown", "net.daringfireball.markdown"),
    ("md", "net.daringfireball.markdown"), ("text/plain", "public.plain-text"), ("text/plain; charset=utf-8", "public.utf8-plain-text"),
    ("text/plain;charset=\"UTF-8\"", "public.utf8-plain-text"), ("application/gzip", "org.gnu.gnu-zip-archive"),
    ("mp4", "public.mpeg-4"), ("com.example.app.clip", "com.example.app.clip"), ("c++", "public.c-plus-plus-source"),
    ("dyn.ah62d4rv4ge8043a", "net.daringfireball.markdown"),
  ])
  func normalisesToUTI(input: String, expected: String) throws {
    #expect(try TypeIdentifier.parse(input).rawValue == expected)
  }

  @Test func unknownTagsGetDynamicIdentifiers() throws {
    #expect(try TypeIdentifier.parse("application/x-foo").rawValue == "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852")
    // An extension nothing declares is given on purpose with a dot; bare, it is taken for a typo.
    #expect(try TypeIdentifier.parse(".pbnoext").rawValue == "dyn.ah62d4rv4ge81a2xsr7w1u7a")
    #expect(throws: PasteboardError.unknownTypeName("pbnoext", suggestions: [])) { try TypeIdentifier.parse("pbnoext") }
    #expect(try TypeIdentifier.parse("pbnoext", allowingUnknownWords: true).rawValue == "dyn.ah62d4rv4ge81a2xsr7w1u7a")
    // One the system's MIME database globs is a known word: the type of its MIME type.
    #expect(try TypeIdentifier.parse("sql") == TypeIdentifier.parse("application/sql"))
  }

  @Test(arguments: [
    ("text", "public.text"), ("image", "public.image"), ("audio", "public.audio"), ("video", "public.movie"),
    ("movie", "public.movie"), ("font", "public.font"), ("archive", "public.archive"), ("url", "public.url"), ("IMAGE", "public.image"),
  ])
  func genericNames(name: String, expected: String) throws {
    #expect(try TypeIdentifier.parse(name).rawValue == expected)
  }

  @Test func misspeltWordsAreRefusedWithTheNearestNames() {
    #expect(throws: PasteboardError.unknownTypeName("imgae", suggestions: ["image"])) { try TypeIdentifier.parse("imgae") }
    #expect {
      try TypeIdentifier.parse("jepg")
    } throws: { error in
      guard case PasteboardError.unknownTypeName(_, let suggestions) = error else { return false }
      return suggestions.contains("jpeg")
    }
  }

  @Test(arguments: ["", " ", "a b", "public..png", ".public.png.", "image/", "/png", "a/b/c", "public.pn g", "dyn.aiiii", "text/pla{n", "p\tng"])
  func rejectsMalformed(input: String) {
    #expect {
      _ = try TypeIdentifier.parse(input)
    } throws: { error in
      if case PasteboardError.malformedType = error { return true }
      return false
    }
  }

  @Test func comparesCaseInsensitively() {
    #expect(TypeIdentifier("Public.PNG") == TypeIdentifier.png)
    #expect(Set([TypeIdentifier("public.png"), TypeIdentifier("PUBLIC.png")]).count == 1)
  }

  @Test func parsesPreferenceLists() throws {
    #expect(try TypeIdentifier.parseList("html,public.plain-text,image/png").map(\.rawValue) == ["public.html", "public.plain-text", "public.png"])
    #expect(throws: PasteboardError.self) { try TypeIdentifier.parseList("html,,png") }
  }
}
