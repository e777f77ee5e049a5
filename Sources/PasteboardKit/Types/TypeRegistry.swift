/// One direct parent of a type and where that fact comes from.
public struct TypeFact: Sendable, Equatable {
  public enum Source: String, Sendable {
    /// Apple's declarations, built into pb.
    case builtIn = "built-in"
    /// The system's MIME database, read at run time.
    case sharedMIMEInfo = "shared-mime-info"
    /// The dynamic identifier itself: its tag and the rules for undeclared tags.
    case dynamic
  }

  public var type: TypeIdentifier
  public var source: Source
  /// What in the source says so, such as `sub-class-of text/plain`.
  public var reason: String?
}

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

  /// Extensions Apple gives a format that they rarely mean elsewhere: `.bin` is MacBinary
  /// on a Mac but raw bytes nearly everywhere else, and libmagic knows real MacBinary by
  /// its content, so the extension must not turn bytes it could not place into MacBinary.
  private static let unclaimedExtensions: Set<String> = ["bin"]

  private static func claim(_ table: inout [String: TypeIdentifier], _ tag: String, _ type: TypeIdentifier) {
    if unclaimedExtensions.contains(tag) { return }
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

  /// The type a MIME type names: a declared one (also under the database's aliases), or
  /// else the dynamic identifier Apple mints for the MIME type as written. An alias's
  /// identifier conforms to its canonical name's (see `mimeParents`).
  static func type(forMIMEType mime: MIMEType) -> TypeIdentifier {
    if let tag = mime.tagWithCharset, let type = index.byMIMEType[tag] { return type }
    if let type = index.byMIMEType[mime.essence] { return type }
    if let type = index.byMIMEType[SharedMIMEInfo.system.canonical(mime.essence)] { return type }
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

  /// The type an extension names in the registry or, failing that, through the glob of
  /// the system's MIME database; nil when neither knows it.
  public static func knownType(forFilenameExtension ext: String) -> TypeIdentifier? {
    if let declared = declaredType(forFilenameExtension: ext) { return declared }
    guard let mime = SharedMIMEInfo.system.mimeType(forExtension: ext.lowercased()),
      let parsed = try? MIMEType.parse(mime)
    else { return nil }
    return type(forMIMEType: parsed)
  }

  /// The type a filename extension names; one nothing knows gets a dynamic identifier.
  static func type(forFilenameExtension ext: String) -> TypeIdentifier {
    knownType(forFilenameExtension: ext)
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

  /// The direct parents. A dynamic identifier conforms to what its specification says,
  /// and one for a MIME type also to what the MIME database and the MIME type's top
  /// level say; an undeclared custom identifier (`com.example.clip`) is data.
  public static func parents(of type: TypeIdentifier) -> [TypeIdentifier] {
    parentFacts(of: type).map(\.type)
  }

  /// The direct parents with where each link came from.
  public static func parentFacts(of type: TypeIdentifier) -> [TypeFact] {
    if let declared = declaration(of: type) {
      return declared.conformsTo.map { TypeFact(type: $0, source: .builtIn, reason: nil) }
    }
    guard type.isDynamic else { return [TypeFact(type: .data, source: .dynamic, reason: "an undeclared identifier")] }
    guard let specification = DynamicIdentifier.specification(of: type) else { return [] }
    if let mime = specification.tags.first(where: { $0.tagClass == .mimeType })?.value {
      return mimeParents(of: mime.lowercased())
    }
    return specification.conformsTo.map { [TypeFact(type: $0, source: .dynamic, reason: "its tag specification")] } ?? []
  }

  /// Base types by a MIME type's top level (RFC 6838's image, audio, video, text, font and model).
  private static let topLevelBases: [String: TypeIdentifier] = [
    "image": .image, "audio": TypeIdentifier("public.audio"), "video": TypeIdentifier("public.movie"),
    "text": .text, "font": TypeIdentifier("public.font"), "model": TypeIdentifier("public.3d-content"),
  ]

  /// What an undeclared MIME type conforms to: the types of its `sub-class-of` links,
  /// `public.script` or `public.source-code` where the database calls it one, the base of
  /// its top-level media type, and data.
  private static func mimeParents(of mime: String) -> [TypeFact] {
    let database = SharedMIMEInfo.system
    let known = database.knows(mime)
    let isText = mime.hasPrefix("text/")
    var facts: [TypeFact] = []
    func add(_ type: TypeIdentifier, _ source: TypeFact.Source, _ reason: String) {
      if !facts.contains(where: { $0.type == type }) { facts.append(TypeFact(type: type, source: source, reason: reason)) }
    }
    let canonical = database.canonical(mime)
    if canonical != mime, let parsed = try? MIMEType.parse(canonical) {
      // The canonical name's type carries the database's facts.
      add(type(forMIMEType: parsed), .sharedMIMEInfo, "alias of \(canonical)")
    } else {
      addDatabaseFacts(of: mime, isText: isText, to: add)
    }
    let topLevel = String(mime.prefix(while: { $0 != "/" }))
    if let base = topLevelBases[topLevel], !facts.contains(where: { conforms($0.type, to: base) }) {
      add(base, known ? .sharedMIMEInfo : .dynamic, "the \(topLevel)/* media type")
    }
    if !facts.contains(where: { conforms($0.type, to: .data) }) { add(.data, .dynamic, "its tag specification") }
    return facts
  }

  private static func addDatabaseFacts(
    of mime: String, isText: Bool, to add: (TypeIdentifier, TypeFact.Source, String) -> Void
  ) {
    let database = SharedMIMEInfo.system
    for parent in database.parents(of: mime) where parent != "application/octet-stream" {
      // The database marks interpreted scripts as sub-classes of executables.
      if parent == "application/x-executable" {
        add(isText ? TypeIdentifier("public.script") : TypeIdentifier("public.executable"), .sharedMIMEInfo, "sub-class-of \(parent)")
      } else if let parsed = try? MIMEType.parse(parent) {
        add(type(forMIMEType: parsed), .sharedMIMEInfo, "sub-class-of \(parent)")
      }
    }
    let comment = database.details(of: mime)?.comment?.lowercased() ?? ""
    if comment.hasSuffix("source code") { add(TypeIdentifier("public.source-code"), .sharedMIMEInfo, "its comment") }
    if comment.hasSuffix(" script") || database.genericIcon(of: mime) == "text-x-script" {
      add(TypeIdentifier("public.script"), .sharedMIMEInfo, "its comment or icon")
    }
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
      if let ext = filenameExtensions(of: candidate).extensions.first { return ext }
    }
    return nil
  }

  /// A type's own extensions, preferred first, and where they come from: its declaration,
  /// its dynamic tag, or the MIME database's globs for its MIME type.
  public static func filenameExtensions(of type: TypeIdentifier) -> (extensions: [String], source: TypeFact.Source) {
    if let declared = declaration(of: type) { return (declared.filenameExtensions, .builtIn) }
    guard let specification = DynamicIdentifier.specification(of: type) else { return ([], .dynamic) }
    let tagged = specification.tags.filter { $0.tagClass == .filenameExtension }.map(\.value)
    if !tagged.isEmpty { return (tagged, .dynamic) }
    guard let mime = specification.tags.first(where: { $0.tagClass == .mimeType })?.value else { return ([], .dynamic) }
    let database = SharedMIMEInfo.system
    return (database.details(of: database.canonical(mime.lowercased()))?.extensions ?? [], .sharedMIMEInfo)
  }

  /// The preferred MIME type of a type, if it has one.
  public static func preferredMIMEType(for type: TypeIdentifier) -> String? {
    if let mime = declaration(of: type)?.mimeTypes.first { return mime }
    return DynamicIdentifier.specification(of: type)?.tags.first(where: { $0.tagClass == .mimeType })?.value
  }
}
