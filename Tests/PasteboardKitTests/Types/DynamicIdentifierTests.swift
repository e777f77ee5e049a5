import Testing

@testable import PasteboardKit

/// The vectors of uti-facts.md §3.3, captured from real macOS systems.
@Suite(.tags(.unit)) struct DynamicIdentifierTests {
  static let vectors = [
    ("?0=6:1=md", "dyn.ah62d4rv4ge8043a"),
    ("?0=6:1=sql", "dyn.ah62d4rv4ge81g6pq"),
    ("?0=6:3=dev.kaya/note", "dyn.ah62d4rv4gq80k3p0f3z0c8pbf71g87df"),
    ("3=dev.kaya/note", "dyn.agq80k3p0f3z0c8pbf71g87df"),
    ("?0=6:4=dev.kaya/note", "dyn.ah62d4rv4gu80k3p0f3z0c8pbf71g87df"),
    ("?0=6:4=NSFilenamesPboardType", "dyn.ah62d4rv4gu8y6y4grf0gn5xbrzw1gydcr7u1e3cytf2gn"),
    ("?0=6:4=Apple URL pasteboard type", "dyn.ah62d4rv4gu8yc6durvwwaznwmuuha2pxsvw0e55bsmwca7d3sbwu"),
    ("?0=6:4=WebURLsWithTitlesPboardType", "dyn.ah62d4rv4gu8zs3pcnzme2641rf4guzdmsv0gn64uqm10c6xenv61a3k"),
    ("?0=6:3=application/x-foo", "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852"),
    ("?0=6:4=TEXT", "dyn.ah62d4rv4gu8zkvn2nu"),
    ("?0=6:4=UTF8_STRING", "dyn.ah62d4rv4gu8znzcghbtzgzcwmfhes"),
    ("?0=6:2=ustl", "dyn.ah62d4rv4gk81n65yru"),
    ("?0=6:1=srt", "dyn.ah62d4rv4ge81g6xy"),
  ]

  @Test(arguments: vectors)
  func encodes(spec: String, identifier: String) throws {
    let specification = try #require(DynamicIdentifier.Specification(text: spec))
    #expect(specification.text == spec)
    #expect(DynamicIdentifier.identifier(for: specification).rawValue == identifier)
  }

  @Test(arguments: vectors)
  func decodes(spec: String, identifier: String) throws {
    let decoded = try #require(DynamicIdentifier.specification(of: TypeIdentifier(identifier)))
    #expect(decoded.text == spec)
  }

  @Test func decodedParts() throws {
    let decoded = try #require(DynamicIdentifier.specification(of: TypeIdentifier("dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852")))
    #expect(decoded.conformsTo == .data)
    #expect(decoded.tags == [.init(tagClass: .mimeType, value: "application/x-foo")])
  }

  @Test(arguments: ["dyn.a", "dyn.ai", "dyn.ah62d4rv4ge8043b", "dyn.b62d4rv4ge8043a", "public.png"])
  func rejectsWhatDoesNotDecode(text: String) {
    #expect(DynamicIdentifier.specification(of: TypeIdentifier(text)) == nil)
  }

  @Test func aDynamicTypesExtensionNamesNoPathWhenPasteSavesIt() {
    for (planted, expected) in [("x/../../escaped", "bin"), (".hidden", "bin"), ("tar.gz", "tar.gz"), ("md", "md")] {
      let type = DynamicIdentifier.identifier(
        for: .init(conformsTo: .data, tags: [.init(tagClass: .filenameExtension, value: planted)]))
      #expect((TypeRegistry.preferredFilenameExtension(for: type) ?? "bin") == expected, "\(planted)")
    }
  }
}
