import Testing

@testable import PasteboardKit

@Suite struct TypeRegistryTests {
  @Test func conformanceIsTransitive() {
    let png = TypeIdentifier.png
    #expect(TypeRegistry.ancestors(of: png).map(\.rawValue) == ["public.image", "public.data", "public.item", "public.content"])
    for parent in ["public.png", "public.image", "public.data", "public.item", "public.content"] {
      #expect(TypeRegistry.conforms(png, to: TypeIdentifier(parent)))
    }
    #expect(!TypeRegistry.conforms(png, to: .text))
    #expect(TypeRegistry.conforms(.utf8PlainText, to: .plainText))
    #expect(TypeRegistry.conforms(.utf8PlainText, to: TypeIdentifier("PUBLIC.TEXT")))
    #expect(!TypeRegistry.conforms(.plainText, to: .utf8PlainText))
  }

  @Test func zipConformsToArchiveButArchiveIsNotData() {
    let zip = TypeIdentifier("public.zip-archive")
    #expect(TypeRegistry.conforms(zip, to: TypeIdentifier("public.archive")))
    #expect(TypeRegistry.conforms(zip, to: .data))
    #expect(!TypeRegistry.conforms(TypeIdentifier("public.archive"), to: .data))
  }

  @Test func customAndDynamicTypesConformToData() throws {
    #expect(TypeRegistry.conforms(TypeIdentifier("com.example.app.clip"), to: .data))
    #expect(TypeRegistry.conforms(try TypeIdentifier.parse("application/x-foo"), to: .data))
  }

  @Test func preferredTags() {
    #expect(TypeRegistry.preferredFilenameExtension(for: .png) == "png")
    #expect(TypeRegistry.preferredFilenameExtension(for: .utf8PlainText) == "txt", "inherited from public.plain-text")
    #expect(TypeRegistry.preferredFilenameExtension(for: .data) == nil)
    #expect(TypeRegistry.preferredMIMEType(for: TypeIdentifier("public.jpeg")) == "image/jpeg")
  }

  @Test func everyParentIsDeclared() {
    for declaration in TypeRegistry.allDeclarations {
      for parent in declaration.conformsTo {
        #expect(TypeRegistry.declaration(of: parent) != nil, "\(declaration.identifier) names undeclared \(parent)")
      }
    }
    #expect(TypeRegistry.allDeclarations.count >= 139)
  }
}
