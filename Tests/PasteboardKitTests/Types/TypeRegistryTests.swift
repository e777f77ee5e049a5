import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct TypeRegistryTests {
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

  @Test(arguments: [
    ("public.jpeg", "image/jpeg", "jpeg"), ("com.compuserve.gif", "image/gif", "gif"), ("com.adobe.pdf", "application/pdf", "pdf"),
    ("public.json", "application/json", "json"), ("public.html", "text/html", "html"), ("public.zip-archive", "application/zip", "zip"),
    ("public.mp3", "audio/mpeg", "mp3"), ("net.daringfireball.markdown", "text/markdown", "md"), ("public.yaml", "application/x-yaml", "yml"),
  ])
  func convertsBothWays(uti: String, mime: String, ext: String) throws {
    let type = TypeIdentifier(uti)
    #expect(TypeRegistry.preferredMIMEType(for: type) == mime)
    #expect(TypeRegistry.preferredFilenameExtension(for: type) == ext)
    #expect(TypeRegistry.declaredType(forMIMEType: mime) == type)
    #expect(TypeRegistry.declaredType(forFilenameExtension: ext) == type)
  }

  @Test(arguments: [
    ("image/jpg", "public.jpeg"), ("image/x-ms-bmp", "com.microsoft.bmp"), ("text/x-markdown", "net.daringfireball.markdown"),
    ("application/x-gzip", "org.gnu.gnu-zip-archive"), ("audio/x-wav", "com.microsoft.waveform-audio"), ("text/xml", "public.xml"),
    ("application/x-javascript", "com.netscape.javascript-source"), ("text/x-shellscript", "public.shell-script"),
    ("IMAGE/PNG", "public.png"),
  ])
  func aliases(mime: String, uti: String) {
    #expect(TypeRegistry.declaredType(forMIMEType: mime) == TypeIdentifier(uti))
  }

  @Test func dynamicTypesKeepTheirTags() throws {
    let type = try TypeIdentifier.parse("application/x-foo")
    #expect(TypeRegistry.preferredMIMEType(for: type) == "application/x-foo")
    let toml = try TypeIdentifier.parse(".toml")
    #expect(TypeRegistry.preferredFilenameExtension(for: toml) == "toml")
    #expect(try TypeIdentifier.parse(toml.rawValue) == toml, "a dyn. identifier reads back as itself")
  }

  @Test func everyParentIsDeclared() {
    for declaration in TypeRegistry.allDeclarations {
      for parent in declaration.conformsTo {
        #expect(TypeRegistry.declaration(of: parent) != nil, "\(declaration.identifier) names undeclared \(parent)")
      }
    }
    #expect(TypeRegistry.allDeclarations.count >= 700)
  }
}
