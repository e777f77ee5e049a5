/// A declared type: its direct parents and its tags, preferred tag first.
public struct TypeDeclaration: Sendable {
  public let identifier: TypeIdentifier
  public let conformsTo: [TypeIdentifier]
  public let mimeTypes: [String]
  public let filenameExtensions: [String]
  public let description: String

  init(
    _ identifier: String, conformsTo: [String], mimeTypes: [String], extensions: [String],
    description: String
  ) {
    self.identifier = TypeIdentifier(identifier)
    self.conformsTo = conformsTo.map(TypeIdentifier.init)
    self.mimeTypes = mimeTypes
    self.filenameExtensions = extensions
    self.description = description
  }
}

/// One answer of libmagic and the type it means. A `refinable` answer is vague enough
/// (`text/plain`, `application/zip`) that a filename extension may say more.
struct MagicAnswer: Sendable {
  let mimeType: String
  let charset: String?
  let type: String
  let refinable: Bool
}

/// The types `pb` knows: Apple's system declarations, conformance between them, and the
/// conversions between identifiers, MIME types and filename extensions.
public enum TypeRegistry {
  private struct Index: Sendable {
    var declarations: [String: TypeDeclaration] = [:]
    var byMIMEType: [String: TypeIdentifier] = [:]
    var byExtension: [String: TypeIdentifier] = [:]
  }

  /// Where several types declare one tag, Apple prefers a public type; these ties it
  /// breaks the way macOS does.
  private static let tagPreferences: [String: TypeIdentifier] = [
    "mp4": TypeIdentifier("public.mpeg-4"),
    "mpg4": TypeIdentifier("public.mpeg-4"),
  ]

  private static let index: Index = {
    var index = Index()
    for declaration in systemDeclarations {
      index.declarations[declaration.identifier.key] = declaration
      for mime in declaration.mimeTypes {
        claim(&index.byMIMEType, mime.lowercased(), declaration.identifier)
      }
      for ext in declaration.filenameExtensions {
        claim(&index.byExtension, ext.lowercased(), declaration.identifier)
      }
    }
    return index
  }()

  private static func claim(_ table: inout [String: TypeIdentifier], _ tag: String, _ type: TypeIdentifier) {
    if let preferred = tagPreferences[tag] {
      table[tag] = preferred
    } else if let holder = table[tag] {
      if !isPublic(holder) && isPublic(type) { table[tag] = type }
    } else {
      table[tag] = type
    }
  }

  private static func isPublic(_ type: TypeIdentifier) -> Bool {
    type.key.hasPrefix("public.")
  }

  /// Every system-declared type, in the registry's order.
  public static var allDeclarations: [TypeDeclaration] { systemDeclarations }

  public static func declaration(of type: TypeIdentifier) -> TypeDeclaration? {
    index.declarations[type.key]
  }

  /// The type a MIME type names; an undeclared one gets a dynamic identifier.
  static func type(forMIMEType mime: MIMEType) -> TypeIdentifier {
    if let tag = mime.tagWithCharset, let type = index.byMIMEType[tag] { return type }
    if let type = index.byMIMEType[mime.essence] { return type }
    return DynamicIdentifier.identifier(
      for: .init(conformsTo: .data, tags: [.init(tagClass: .mimeType, value: mime.essence)]))
  }

  /// The declared type of a MIME type such as `image/png`, if there is one.
  public static func declaredType(forMIMEType text: String) -> TypeIdentifier? {
    guard let mime = try? MIMEType.parse(text) else { return nil }
    if let tag = mime.tagWithCharset, let type = index.byMIMEType[tag] { return type }
    return index.byMIMEType[mime.essence]
  }

  /// Every declared filename extension, for suggestions.
  public static var declaredFilenameExtensions: [String] { index.byExtension.keys.sorted() }

  /// The declared type of a filename extension (without the dot), if there is one.
  public static func declaredType(forFilenameExtension ext: String) -> TypeIdentifier? {
    index.byExtension[ext.lowercased()]
  }

  /// The type a filename extension names; an undeclared one gets a dynamic identifier.
  static func type(forFilenameExtension ext: String) -> TypeIdentifier {
    declaredType(forFilenameExtension: ext)
      ?? DynamicIdentifier.identifier(
        for: .init(conformsTo: .data, tags: [.init(tagClass: .filenameExtension, value: ext.lowercased())]))
  }

  /// The declared spelling of a known identifier; a dynamic identifier whose tag is
  /// declared becomes that declared type (Apple counts the two as equal).
  static func normalize(_ type: TypeIdentifier) throws(PasteboardError) -> TypeIdentifier {
    if let declared = declaration(of: type) { return declared.identifier }
    guard type.isDynamic else { return type }
    guard let specification = DynamicIdentifier.specification(of: type) else {
      throw .malformedType(type.rawValue, reason: "it is not a dynamic identifier that decodes")
    }
    for tag in specification.tags {
      switch tag.tagClass {
      case .filenameExtension:
        if let declared = declaredType(forFilenameExtension: tag.value) { return declared }
      case .mimeType:
        if let declared = declaredType(forMIMEType: tag.value) { return declared }
      default:
        break
      }
    }
    return TypeIdentifier(type.key)
  }

  /// The direct parents. A dynamic identifier conforms to what its specification says;
  /// an undeclared custom identifier (`com.example.clip`) is data.
  public static func parents(of type: TypeIdentifier) -> [TypeIdentifier] {
    if let declared = declaration(of: type) { return declared.conformsTo }
    if type.isDynamic {
      return DynamicIdentifier.specification(of: type)?.conformsTo.map { [$0] } ?? []
    }
    return [.data]
  }

  /// Every type this one conforms to, itself excluded: depth-first in declaration order,
  /// each once.
  public static func ancestors(of type: TypeIdentifier) -> [TypeIdentifier] {
    var seen: Set<TypeIdentifier> = [type]
    var order: [TypeIdentifier] = []
    func visit(_ current: TypeIdentifier) {
      for parent in parents(of: current) where seen.insert(parent).inserted {
        order.append(parent)
        visit(parent)
      }
    }
    visit(type)
    return order
  }

  /// Whether `type` is `other` or conforms to it, directly or through its parents.
  public static func conforms(_ type: TypeIdentifier, to other: TypeIdentifier) -> Bool {
    type == other || ancestors(of: type).contains(other)
  }

  /// The preferred filename extension of a type or, failing that, of its nearest ancestor.
  public static func preferredFilenameExtension(for type: TypeIdentifier) -> String? {
    for candidate in [type] + ancestors(of: type) {
      if let ext = declaration(of: candidate)?.filenameExtensions.first { return ext }
      if let spec = DynamicIdentifier.specification(of: candidate),
        let tag = spec.tags.first(where: { $0.tagClass == .filenameExtension })
      {
        return tag.value
      }
    }
    return nil
  }

  /// The preferred MIME type of a type, if it has one.
  public static func preferredMIMEType(for type: TypeIdentifier) -> String? {
    if let mime = declaration(of: type)?.mimeTypes.first { return mime }
    return DynamicIdentifier.specification(of: type)?.tags.first(where: { $0.tagClass == .mimeType })?.value
  }
}
