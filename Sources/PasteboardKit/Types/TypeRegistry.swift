import Synchronization

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

  /// Decodes one of the generated records (see `TypeRegistry.declarationRecords`).
  init(record: StaticString) {
    // Fields split at the first four '|', lists at ',' (empty items left out), read from
    // the bytes in one pass: splitting a String by Character cost 36,000 instructions a
    // record, and a small sniffed copy decodes six. The records are ASCII (the generator
    // writes them so), where a byte and a Character split alike.
    var fields: [String] = []
    var lists: [[String]] = []
    record.withUTF8Buffer { bytes in
      func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      var start = 0
      for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "|") && fields.count + lists.count < 4 {
        if fields.isEmpty {
          fields.append(text(start, index))
        } else {
          var items: [String] = []
          var itemStart = start
          for position in start..<index where bytes[position] == UInt8(ascii: ",") {
            if position > itemStart { items.append(text(itemStart, position)) }
            itemStart = position + 1
          }
          if index > itemStart { items.append(text(itemStart, index)) }
          lists.append(items)
        }
        start = index + 1
      }
      fields.append(text(start, bytes.count))
    }
    identifier = TypeIdentifier(fields[0])
    conformsTo = lists[0].map(TypeIdentifier.init)
    mimeTypes = lists[1]
    filenameExtensions = lists[2]
    description = fields[1]
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
  // The generator resolves tags several types declare (a public type first, then the
  // facts' own preferences), and leaves out extensions pb does not take as naming a type
  // (`.bin`): see scripts/generate-type-registry.py. The tables are static text, so a
  // command pays only for the few records it looks up, not for all 700.

  /// The record a lower-cased key names in one of the generated indexes.
  private static func record(_ key: String, in index: [(key: StaticString, record: Int32)]) -> Int? {
    var key = key
    return key.withUTF8 { wanted in
      var low = 0
      var high = index.count - 1
      while low <= high {
        let middle = (low + high) / 2
        let order = index[middle].key.withUTF8Buffer { compare($0, wanted) }
        if order == 0 { return Int(index[middle].record) }
        if order < 0 { low = middle + 1 } else { high = middle - 1 }
      }
      return nil
    }
  }

  /// Byte order, as the generator sorts.
  private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
  }

  private static func declaredType(in index: [(key: StaticString, record: Int32)], _ key: String) -> TypeIdentifier? {
    record(key, in: index).map { declaration(number: $0).identifier }
  }

  /// Every system-declared type, in the registry's order.
  public static var allDeclarations: [TypeDeclaration] { declarationRecords.indices.map(declaration(number:)) }

  public static func declaration(of type: TypeIdentifier) -> TypeDeclaration? {
    record(type.key, in: identifierIndex).map(declaration(number:))
  }

  private static func declaration(number: Int) -> TypeDeclaration {
    if let decoded = decoded.withLock({ $0.declaration(number) }) { return decoded }
    let declaration = TypeDeclaration(record: declarationRecords[number])
    decoded.withLock { $0.add(declaration, number: number, of: declarationRecords.count) }
    return declaration
  }

  /// Records decoded so far: a conformance check walks the same few again and again.
  /// A slot per record holds where its declaration is in a short list: a command
  /// decodes a handful of the 700, and an array of 700 declarations is 70 KB to clear.
  private struct DecodedDeclarations {
    var slots: [Int32] = []
    var declarations: [TypeDeclaration] = []

    func declaration(_ number: Int) -> TypeDeclaration? {
      guard !slots.isEmpty, slots[number] >= 0 else { return nil }
      return declarations[Int(slots[number])]
    }

    mutating func add(_ declaration: TypeDeclaration, number: Int, of count: Int) {
      if slots.isEmpty { slots = Array(repeating: -1, count: count) }
      guard slots[number] < 0 else { return }
      slots[number] = Int32(declarations.count)
      declarations.append(declaration)
    }
  }

  private static let decoded = Mutex(DecodedDeclarations())

  /// The type a MIME type names: one identifier per format, whichever of its names and
  /// aliases is used. A MIME type Apple declares (or the facts record as an alias of a
  /// declaration) is a table lookup that never opens the MIME database; any other is
  /// joined with Apple's declarations through the database (see `joinedType`).
  static func type(forMIMEType mime: MIMEType) -> TypeIdentifier {
    if let tag = mime.tagWithCharset, let type = declaredType(in: mimeTypeIndex, tag) { return type }
    if let type = declaredType(in: mimeTypeIndex, mime.essence) { return type }
    if let joined = joinedTypes.withLock({ $0[mime.essence] }) { return joined }
    let joined = joinedType(forUndeclared: mime.essence)
    joinedTypes.withLock { $0[mime.essence] = joined }
    return joined
  }

  /// Joins made so far: a conformance check asks for the same few again and again.
  private static let joinedTypes = Mutex<[String: TypeIdentifier]>([:])

  /// The identifier of a MIME type the tables do not name. Apple's declaration where one
  /// declares the format, else the dynamic identifier of the database's canonical name,
  /// so an alias and its canonical type are one identifier. In order:
  /// 1. the canonical name, or one of its aliases (the first in the cache's order), is
  ///    declared: `application/pkcs12`, whose alias `application/x-pkcs12` Apple declares;
  /// 2. a glob of the canonical type names an extension Apple declares, and the two agree
  ///    that it is one format (`joins`): `model/stl` and Apple's `stl`. The first such
  ///    glob in the database's order (its preferred extension first) decides;
  /// 3. otherwise the dynamic identifier of the canonical name.
  /// Where Apple declares two MIME types that the database calls aliases of each other
  /// (`image/heic`, `image/heif`), each keeps its declared type: Apple tells them apart.
  private static func joinedType(forUndeclared mime: String) -> TypeIdentifier {
    let database = SharedMIMEInfo.system
    let canonical = database.canonical(mime)
    for name in [canonical] + database.aliases(of: canonical) {
      if let type = declaredType(in: mimeTypeIndex, name.lowercased()) { return type }
    }
    for ext in database.details(of: canonical)?.extensions ?? [] {
      if let declared = declaredType(forFilenameExtension: ext), joins(canonical, to: declared, by: ext) { return declared }
    }
    return DynamicIdentifier.identifier(
      for: .init(conformsTo: .data, tags: [.init(tagClass: .mimeType, value: canonical.lowercased())]))
  }

  /// Extensions that name one format in Apple's declarations and another in the
  /// database, which nothing else in either tells apart: `.as` is AppleSingle there and an
  /// Applix spreadsheet here, `.scn` a SceneKit scene there and a Godot scene here.
  static let homonymExtensions: Set<String> = ["as", "scn"]

  /// Whether a database type whose glob names `ext` is the format Apple declares `ext`
  /// for. The extension alone is not enough (`.ts` is a Qt translation in the database
  /// and an MPEG transport stream at Apple), so the two must agree on everything else
  /// they say:
  /// - Apple gives the format no MIME type the database knows as another type (Apple's
  ///   `.ts` is `video/mp2t`, which the database knows);
  /// - the kind the MIME type's top level names holds for Apple's type (a `text/` type
  ///   is not joined to `com.apple.service-application`, a `model/` type only to 3D content);
  /// - Apple's type conforms to what the database makes the type a sub-class of (an
  ///   OpenDocument template that is a ZIP is no `.otc` font; text/plain asks for text);
  /// - the type is one the database itself gives `ext` (its glob weighs most), and where
  ///   several tie, the one whose top level names Apple's kind (`model/obj`, not
  ///   `application/x-tgif`, for `.obj`);
  /// - `ext` is not one of `homonymExtensions`.
  private static func joins(_ mime: String, to declared: TypeIdentifier, by ext: String) -> Bool {
    let database = SharedMIMEInfo.system
    guard !homonymExtensions.contains(ext), let declaration = declaration(of: declared),
      !declaration.mimeTypes.contains(where: database.knows)
    else { return false }
    if let kind = kind(ofMediaType: mime), !conforms(declared, to: kind) { return false }
    for parent in database.parents(of: mime) where parent != "application/octet-stream" {
      let required = parent == "text/plain" ? .text : self.declaredType(forMIMEType: parent)
      if let required, !conforms(declared, to: required) { return false }
    }
    let heaviest = database.heaviestMIMETypes(forExtension: ext)
    guard heaviest.contains(mime) else { return false }
    let ofTheKind = heaviest.filter { kind(ofMediaType: $0).map { conforms(declared, to: $0) } ?? false }
    return ofTheKind.isEmpty || ofTheKind.contains(mime)
  }

  /// The base type a MIME type's top level names (`model/stl`: 3D content), if any.
  private static func kind(ofMediaType mime: String) -> TypeIdentifier? {
    topLevelBases[String(mime.prefix(while: { $0 != "/" })).lowercased()]
  }

  /// The declared type of a MIME type such as `image/png`, if there is one.
  public static func declaredType(forMIMEType text: String) -> TypeIdentifier? {
    guard let mime = try? MIMEType.parse(text) else { return nil }
    if let tag = mime.tagWithCharset, let type = declaredType(in: mimeTypeIndex, tag) { return type }
    return declaredType(in: mimeTypeIndex, mime.essence)
  }

  /// Every declared filename extension, for suggestions.
  public static var declaredFilenameExtensions: [String] {
    extensionIndex.map { $0.key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
  }

  /// The declared type of a filename extension (without the dot), if there is one.
  public static func declaredType(forFilenameExtension ext: String) -> TypeIdentifier? {
    declaredType(in: extensionIndex, ext.lowercased())
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
  /// declared becomes that declared type (Apple counts the two as equal), and one whose
  /// MIME type now joins another identifier (a declared type, or its canonical name's:
  /// see `type(forMIMEType:)`) becomes that one.
  static func normalize(_ type: TypeIdentifier) throws(PasteboardError) -> TypeIdentifier {
    if let declared = declaration(of: type) { return declared.identifier }
    guard type.isDynamic else { return type }
    guard let specification = DynamicIdentifier.specification(of: type) else {
      throw .malformedType(type.rawValue, reason: "it is not a dynamic identifier that decodes")
    }
    if formParents(of: type) != nil { return TypeIdentifier(type.key) }
    for tag in specification.tags {
      switch tag.tagClass {
      case .filenameExtension:
        if let declared = declaredType(forFilenameExtension: tag.value) { return declared }
      case .mimeType:
        if let declared = declaredType(forMIMEType: tag.value) { return declared }
        if let joined = joinedType(ofDynamic: type) { return joined }
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
    if let declared = declaration(of: type) { return declared.conformsTo }
    return parentFacts(of: type).map(\.type)
  }

  /// Where the facts about a type come from: its declaration, the MIME database for a
  /// dynamic identifier of a MIME type the database knows, or else the identifier itself.
  public static func source(of type: TypeIdentifier) -> TypeFact.Source {
    if declaration(of: type) != nil { return .builtIn }
    return mimeType(ofDynamic: type).map(mimeSource) ?? .dynamic
  }

  /// The description: the declared one, or the MIME database's comment.
  public static func description(of type: TypeIdentifier) -> String? {
    if let declared = declaration(of: type) { return declared.description }
    return mimeType(ofDynamic: type).flatMap { SharedMIMEInfo.system.details(of: $0)?.comment }
  }

  /// The identifier that now stands for a dynamic identifier's MIME type, when that is
  /// another one: a declared type the database joins it to, or its canonical name's.
  /// Items stored before the join keep the old identifier, which conforms to the new.
  private static func joinedType(ofDynamic type: TypeIdentifier) -> TypeIdentifier? {
    guard let mime = mimeType(ofDynamic: type), let parsed = try? MIMEType.parse(mime) else { return nil }
    let joined = self.type(forMIMEType: parsed)
    return joined.isDynamic && mimeType(ofDynamic: joined) == parsed.essence ? nil : joined
  }

  /// The text form of a format that is not text: a certificate or a revocation list in
  /// PEM, which is text and that format both (`?0=7:3=application/x-x509-ca-cert`), as
  /// Apple mints an identifier for a MIME type asked for as text.
  static func textForm(of format: TypeIdentifier) -> TypeIdentifier? {
    guard !conforms(format, to: .text), let mime = preferredMIMEType(for: format) else { return nil }
    return DynamicIdentifier.identifier(for: .init(conformsTo: .text, tags: [.init(tagClass: .mimeType, value: mime)]))
  }

  /// The parents of a dynamic identifier that conforms to more than data and whose MIME
  /// type names a format that is not of that kind (a text form): that kind, and the format.
  private static func formParents(of type: TypeIdentifier) -> [TypeFact]? {
    guard let kind = DynamicIdentifier.specification(of: type)?.conformsTo, kind != .data,
      let mime = mimeType(ofDynamic: type), let parsed = try? MIMEType.parse(mime)
    else { return nil }
    let format = self.type(forMIMEType: parsed)
    guard format != type, !conforms(format, to: kind) else { return nil }
    return [
      TypeFact(type: kind, source: .dynamic, reason: "its tag specification"),
      TypeFact(type: format, source: declaration(of: format) != nil ? .builtIn : mimeSource(mime), reason: "the identifier of its MIME type"),
    ]
  }

  /// The MIME type a dynamic identifier was minted for, lower-cased.
  private static func mimeType(ofDynamic type: TypeIdentifier) -> String? {
    DynamicIdentifier.specification(of: type)?.tags.first { $0.tagClass == .mimeType }?.value.lowercased()
  }

  private static func mimeSource(_ mime: String) -> TypeFact.Source {
    SharedMIMEInfo.system.knows(mime) ? .sharedMIMEInfo : .dynamic
  }

  /// The direct parents with where each link came from.
  public static func parentFacts(of type: TypeIdentifier) -> [TypeFact] {
    if let declared = declaration(of: type) {
      return declared.conformsTo.map { TypeFact(type: $0, source: .builtIn, reason: nil) }
    }
    guard type.isDynamic else { return [TypeFact(type: .data, source: .dynamic, reason: "an undeclared identifier")] }
    if let form = formParents(of: type) { return form }
    if let joined = joinedType(ofDynamic: type) {
      return [TypeFact(type: joined, source: .sharedMIMEInfo, reason: "the identifier of its MIME type")]
    }
    if let mime = mimeType(ofDynamic: type) { return mimeParents(of: mime) }
    guard let specification = DynamicIdentifier.specification(of: type) else { return [] }
    return specification.conformsTo.map { [TypeFact(type: $0, source: .dynamic, reason: "its tag specification")] } ?? []
  }

  /// Base types by a MIME type's top level (RFC 6838's image, audio, video, text, font and model).
  private static let topLevelBases: [String: TypeIdentifier] = [
    "image": .image, "audio": TypeIdentifier("public.audio"), "video": TypeIdentifier("public.movie"),
    "text": .plainText, "font": TypeIdentifier("public.font"), "model": TypeIdentifier("public.3d-content"),
  ]

  /// Formats that are always text but that the database does not make a sub-class of
  /// text/plain, as it does PostScript, subtitles and desktop files: XPM (C source), Xfig,
  /// AFM and BDF fonts, the ASX, WPL and QuickTime-link playlists (XML), RealMedia
  /// metafiles (a list of URLs), shell archives, FrameMaker MIF, SPARQL queries and the
  /// Andrew Toolkit's inset data streams.
  private static let alwaysText: Set<String> = [
    "image/x-xpixmap", "image/x-xfig", "application/x-font-afm", "application/x-font-bdf", "audio/x-ms-asx",
    "application/vnd.ms-wpl", "application/x-quicktime-media-link", "application/ram", "application/x-shar",
    "application/x-mif", "application/sparql-query", "application/andrew-inset",
  ]

  /// What an undeclared MIME type conforms to: the types of its `sub-class-of` links
  /// (and troff for a man page, which the database makes only text),
  /// `public.script` or `public.source-code` where the database calls it one, text where
  /// the format always is (`alwaysText`), the bases of its and its aliases' top-level media
  /// types, and data.
  private static func mimeParents(of mime: String) -> [TypeFact] {
    let isText = mime.hasPrefix("text/")
    var facts: [TypeFact] = []
    func add(_ type: TypeIdentifier, _ source: TypeFact.Source, _ reason: String) {
      if !facts.contains(where: { $0.type == type }) { facts.append(TypeFact(type: type, source: source, reason: reason)) }
    }
    addDatabaseFacts(of: mime, isText: isText, to: add)
    if alwaysText.contains(mime), !facts.contains(where: { conforms($0.type, to: .text) }) {
      add(.text, .builtIn, "a format that is always text")
    }
    if mime == "application/x-troff-man" {
      add(type(forDatabaseMIMEType: "text/troff"), .builtIn, "troff calling the man macros")
    }
    // An alias is a name of the same format: its top level (image/fits for application/fits) counts too.
    for name in [mime] + SharedMIMEInfo.system.aliases(of: mime) {
      if let base = kind(ofMediaType: name), !facts.contains(where: { conforms($0.type, to: base) }) {
        let reason = "the \(name.prefix(while: { $0 != "/" }))/* media type" + (name == mime ? "" : " of its alias \(name)")
        add(base, mimeSource(mime), reason)
      }
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
    // A handful of types: an array search, without a set's set-up cost.
    var order: [TypeIdentifier] = []
    func visit(_ current: TypeIdentifier) {
      for parent in parents(of: current) where parent != type && !order.contains(parent) {
        order.append(parent)
        visit(parent)
      }
    }
    visit(type)
    return order
  }

  /// Whether `type` is `other` or conforms to it, directly or through its parents.
  public static func conforms(_ type: TypeIdentifier, to other: TypeIdentifier) -> Bool {
    if type == other { return true }
    // Depth-first, ending at the first path to `other`: a sniff asks this dozens of times.
    var seen: [TypeIdentifier] = []
    func reaches(_ current: TypeIdentifier) -> Bool {
      for parent in parents(of: current) where !seen.contains(parent) {
        if parent == other { return true }
        seen.append(parent)
        if reaches(parent) { return true }
      }
      return false
    }
    return reaches(type)
  }

  /// The preferred filename extension of a type or, failing that, of its nearest ancestor.
  public static func preferredFilenameExtension(for type: TypeIdentifier) -> String? {
    for candidate in [type] + ancestors(of: type) {
      if let ext = filenameExtensions(of: candidate).extensions.first(where: isPlainExtension) { return ext }
    }
    return nil
  }

  /// A dynamic type's tags come from whoever wrote the item (a store file, an
  /// application's MIME type): an extension that names a file must be letters, digits
  /// and `+-_.`, never a path (`x/../../y`) or a hidden name.
  static func isPlainExtension(_ ext: String) -> Bool {
    (1...32).contains(ext.utf8.count) && !ext.hasPrefix(".")
      && ext.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "+-_.".unicodeScalars.contains($0) }
  }

  /// A type's own extensions, preferred first, and where they come from: its declaration,
  /// its dynamic tag, or the MIME database's globs for its MIME type.
  public static func filenameExtensions(of type: TypeIdentifier) -> (extensions: [String], source: TypeFact.Source) {
    if let declared = declaration(of: type) { return (declared.filenameExtensions, .builtIn) }
    guard let specification = DynamicIdentifier.specification(of: type) else { return ([], .dynamic) }
    let tagged = specification.tags.filter { $0.tagClass == .filenameExtension }.map(\.value)
    if !tagged.isEmpty { return (tagged, .dynamic) }
    guard let mime = specification.tags.first(where: { $0.tagClass == .mimeType })?.value else { return ([], .dynamic) }
    return (SharedMIMEInfo.system.details(of: mime.lowercased())?.extensions ?? [], .sharedMIMEInfo)
  }

  /// What a dynamic identifier stands for, as a reader knows it: the MIME type it was
  /// minted for, else its filename extension (`.srt`); nil for any other identifier.
  public static func tagShown(of type: TypeIdentifier) -> String? {
    guard let tags = DynamicIdentifier.specification(of: type)?.tags else { return nil }
    if let mime = tags.first(where: { $0.tagClass == .mimeType }) { return mime.value }
    return tags.first { $0.tagClass == .filenameExtension }.map { "." + $0.value }
  }

  /// The preferred MIME type of a type, if it has one.
  public static func preferredMIMEType(for type: TypeIdentifier) -> String? {
    if let mime = declaration(of: type)?.mimeTypes.first { return mime }
    return DynamicIdentifier.specification(of: type)?.tags.first(where: { $0.tagClass == .mimeType })?.value
  }

  /// Every MIME type of a type: Apple's, then the other names of the format the facts
  /// record (the database's, libmagic's: `TypeCoverageTests` checks the installed
  /// database's against them); a dynamic identifier's tag.
  public static func mimeTypes(of type: TypeIdentifier) -> [String] {
    declaration(of: type)?.mimeTypes
      ?? DynamicIdentifier.specification(of: type)?.tags.filter { $0.tagClass == .mimeType }.map(\.value) ?? []
  }
}
