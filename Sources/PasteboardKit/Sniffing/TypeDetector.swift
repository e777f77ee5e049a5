/// The type chosen for some data, and how it was chosen.
public struct TypeDetection: Sendable, Equatable {
  public var type: TypeIdentifier
  public var source: TypeSource

  public init(type: TypeIdentifier, source: TypeSource) {
    self.type = type
    self.source = source
  }
}

/// What each source said in one detection, for `pb type --sniff`.
public struct TypeEvidence: Sendable, Equatable {
  /// libmagic's answer, when it was asked.
  public var libmagic: SniffedType?
  /// What libmagic found inside compressed data, when it looked.
  public var libmagicInside: String?
  /// The MIME database's answer from the data (its magic, or an XML root's namespace),
  /// when it was asked: libmagic was generic or unsure.
  public var sharedMIMEInfo: String?
  /// The types the file's name gives, best first.
  public var fileName: [TypeIdentifier] = []
}

/// Chooses the type of data that arrives without one, from three sources weighed as the
/// man page's TYPES section says:
///
/// - libmagic, on the head of the data: the authority wherever its answer is specific;
/// - the system's MIME database (shared-mime-info), on the same head: its magic rules and
///   XML root namespaces decide where libmagic is generic (`application/octet-stream`,
///   `application/zip`, `image/tiff`, `text/plain`, …) or unsure, and a subclass it finds of
///   libmagic's answer refines it; it is not read when libmagic is sure;
/// - the name of the file the data came from: Apple's extensions, then the database's
///   globs as GLib weighs them. A name refines what the content says (`.cbz` for a ZIP)
///   and decides what content cannot (`.py` for plain text), never the other way round.
///
/// `pb`'s own text check has the last word on text: valid UTF-8 always ends as a type that
/// conforms to `public.text`.
public final class TypeDetector {
  /// How much of a stream is sniffed. Nothing beyond it is ever buffered.
  public static let headSize = 64 * 1024

  private let sniffer: any TypeSniffer
  /// The system's MIME database, read the first time it is asked: a copy libmagic is
  /// sure of never opens it.
  private var database: SharedMIMEInfo { .system }
  /// What the sources said in the last detection.
  public private(set) var lastEvidence = TypeEvidence()

  public init(sniffer: any TypeSniffer = MagicSniffer()) {
    self.sniffer = sniffer
  }

  /// `head` is the start of the data (all of it when `isWhole`); `fileName` is the last
  /// component of the path it came from, if it came from a file.
  public func detect(head: UnsafeRawBufferPointer, isWhole: Bool, fileName: String?) throws(PasteboardError) -> TypeDetection {
    lastEvidence = TypeEvidence()
    var names = NameEvidence(fileName: fileName)
    defer { lastEvidence.fileName = names.found ?? [] }
    if head.isEmpty {
      // No bytes to go by: only the name says anything, and empty text is text.
      if let byName = names.all(readingDatabase: true).first, !TypeRegistry.conforms(byName, to: .text) {
        return TypeDetection(type: byName, source: .filenameExtension)
      }
      return textType(content: nil, names: &names, encoding: .utf8, isXML: true)
    }
    let sniffed = try sniffer.sniff(head)
    lastEvidence.libmagic = sniffed
    var answer = Self.meaning(of: sniffed)
    // An answer the database cannot give by that name is libmagic's own spelling
    // (`application/x-java-applet`, `image/x-portable-greymap`, `audio/x-unknown`): the
    // database's magic names the format as everything else on the system does. (KDE
    // declares `application/x-java-applet`, with neither magic nor glob.)
    if let known = answer, known.type.isDynamic, !known.generic, !database.recognizes(sniffed.mimeType),
      !Self.textSpellings.contains(where: { $0.libmagic == sniffed.mimeType })
    {
      answer?.generic = true
    }
    // libmagic's C rule fires on the braces of most languages, but a preprocessor directive
    // opening the text is C's own (an LLVM `.def` of `#ifndef` and macros): a guess.
    // (Not its C++ rule, whose templates the database's C magic names no worse.)
    if sniffed.mimeType == "text/x-c", Self.opensWithPreprocessorDirective(head) {
      answer?.guess = true
      answer?.confident = true
    }
    // libmagic's NDJSON rule takes a line that opens with a JSON value for a whole one (an
    // MPL2 subtitle's `[2227][2244]text`): a first line that is not one JSON document is
    // only text, for the database's magic and the name to say more. (Blank lines before
    // it are ones NDJSON readers skip.)
    if sniffed.mimeType == "application/x-ndjson", !JSONPrefix.holds(Self.firstLine(of: head)) {
      answer = Answer(type: .plainText, generic: true, confident: false, refinedByDatabase: false)
    }
    // Nor is XML SVG because libmagic finds SVG's namespace in its head (a Dia shape
    // declares it for the drawing inside): a root element other than `svg` names another
    // format, which the database's root elements tell.
    if sniffed.mimeType == "image/svg+xml", let root = XMLRoot(head: head), root.localName != "svg" {
      answer?.generic = true
    }
    let asksDatabase = answer.map { $0.generic || $0.refinedByDatabase || $0.type.isDynamic } ?? true
    // An ar archive's signature and headers are ASCII: one holding only text (or nothing,
    // as librt.a) is still the archive libmagic and the database both name.
    let isTextArchive = answer != nil && Self.archivesOfText.contains(sniffed.mimeType)
    // Text libmagic takes for data only where it names nothing else in it (a NetShow
    // channel file ends in a NUL too).
    if !isTextArchive, let encoding = TextCheck.encoding(of: head, isWhole: isWhole)
      ?? (answer?.type == .data ? TextCheck.encodingLibmagicMisses(of: head, isWhole: isWhole) : nil)
    {
      var content: Evidence?
      if let answer, answer.confident, TypeRegistry.conforms(answer.type, to: .text) {
        content = Evidence(TypeDetection(type: answer.type, source: .magic), guess: answer.guess)
      }
      // libmagic may name a format written in text itself (a plain PPM): its text form.
      if let answer, Self.isWrittenInText(sniffed.mimeType, head), let form = TypeRegistry.textForm(of: answer.type) {
        content = Evidence(TypeDetection(type: form, source: .magic))
      }
      var found = asksDatabase ? databaseAnswer(head) : nil
      // A PEM block (RFC 7468) is text, and the format the database's magic names by its
      // label (a certificate, a revocation list) both.
      if let found, Self.opensPEMBlock(head), let form = TypeRegistry.textForm(of: found.type) {
        return TypeDetection(type: form, source: .mimeDatabase)
      }
      // So is a format written in text that the database does not make a kind of text (a
      // Godot scene, an ASCII STL model): weighed as text types are. Not every format its
      // magic names in text: `GIF89a is the name of an image format` is plain text.
      if let format = found, Self.isWrittenInText(format.mime, head), let form = TypeRegistry.textForm(of: format.type) {
        found = (form, format.priority, format.mime)
      }
      if let found, TypeRegistry.conforms(found.type, to: .text) {
        if found.type == answer?.type {
          // The database confirms what libmagic only guessed (`text/x-c` of a C file).
          content = Evidence(TypeDetection(type: found.type, source: content == nil ? .mimeDatabase : .magic), priority: found.priority)
        } else if answer.map({ $0.yieldsInText(to: found) }) ?? true {
          content = Evidence(TypeDetection(type: found.type, source: .mimeDatabase), priority: found.priority)
        }
      }
      if let named = Self.textFormat(namedIn: head, content: content?.detection.type) {
        content = Evidence(TypeDetection(type: named, source: content?.detection.source ?? .textCheck))
      }
      // A JSON document longer than the head: libmagic saw no end and guessed plain text
      // or HTML; the head's own syntax says JSON where no strong evidence says otherwise.
      if !isWhole, answer.map({ $0.generic || !$0.confident }) ?? true,
        content.map({ $0.detection.source != .mimeDatabase || $0.yieldsToName }) ?? true, JSONPrefix.holds(head)
      {
        content = Evidence(TypeDetection(type: TypeIdentifier("public.json"), source: .textCheck))
      }
      return textType(content: content, names: &names, encoding: encoding, isXML: encoding != .utf8 || Self.startsWithMarkup(head))
    }
    guard let answer else {
      let byName = names.all(readingDatabase: true).first { !TypeRegistry.conforms($0, to: .text) }
      return byName.map { TypeDetection(type: $0, source: .filenameExtension) } ?? TypeDetection(type: .data, source: .magic)
    }
    var content = Evidence(TypeDetection(type: answer.type, source: .magic), generic: answer.generic)
    // libmagic failing on what the head decompresses to leaves the compressor's answer.
    let packed = try? packedType(sniffed.mimeType, head)
    if let packed { content = Evidence(TypeDetection(type: packed, source: .magic)) }
    // A generic answer yields to the database's; a specific one only to a subclass of it
    // (by pb's conformance or the database's own sub-class-of: an AppImage of an ELF), and
    // what libmagic found inside compressed data to a format the database's magic finds in
    // the compressor's header (KOffice's gzip files), not to the compressor itself.
    if asksDatabase, var found = databaseAnswer(head) {
      // Text in a legacy encoding (a Latin-1 `.pfa`) is a format's text form as UTF-8 is;
      // a raw Netpbm image is not: libmagic reads its samples as Latin-1 wherever none is a
      // control character (a white page's 0xFF).
      if sniffed.charset != nil, Self.isWrittenInText(found.mime, head), !Self.opensRawNetpbm(head),
        let form = TypeRegistry.textForm(of: found.type)
      {
        found.type = form
      }
      // Not where libmagic's generic answer is already a kind of the database's (Ogg video
      // of any Ogg, Matroska video of any Matroska): it says more.
      if found.type == content.detection.type {
        content.confirmed = true
      } else if packed != nil || !database.isStrictSubclass(sniffed.mimeType, of: found.mime),
        content.generic || TypeRegistry.conforms(found.type, to: content.detection.type)
        || (packed == nil && database.isSubclass(found.mime, of: sniffed.mimeType))
        || (packed != nil && !TypeRegistry.conforms(answer.type, to: found.type))
      {
        content = Evidence(TypeDetection(type: found.type, source: .mimeDatabase), priority: found.priority)
      }
    }
    return binaryType(
      content: content, magic: answer, magicMIME: sniffed.mimeType, isBinary: sniffed.charset == nil, names: &names,
      readingDatabase: asksDatabase)
  }

  /// What the content says, and how firmly: libmagic's generic answers and the
  /// database's weaker magic (below 80, where GLib lets a name decide) yield to a name.
  private struct Evidence {
    var detection: TypeDetection
    var priority = 0
    var generic = false
    /// libmagic's answer from a few likely words, which nothing confirmed: a name decides
    /// unless it names the same format or a kind of it.
    var guess = false
    /// libmagic's generic answer, which the database's magic gave too.
    var confirmed = false

    init(_ detection: TypeDetection, priority: Int = 0, generic: Bool = false, guess: Bool = false) {
      self.detection = detection
      self.priority = priority
      self.generic = generic
      self.guess = guess
    }

    /// Whether a name that names another format decides instead.
    var yieldsToName: Bool {
      detection.source == .mimeDatabase ? priority < 80 : generic
    }
  }

  /// The name's first candidate that agrees with the content: the content where it is a
  /// kind of the candidate, the candidate where it is a kind of the content. nil when no
  /// candidate is related to the content.
  private static func agreement(_ content: TypeDetection, _ candidates: [TypeIdentifier]) -> TypeDetection? {
    for candidate in candidates {
      if TypeRegistry.conforms(content.type, to: candidate) { return content }
      if TypeRegistry.conforms(candidate, to: content.type) { return TypeDetection(type: candidate, source: .filenameExtension) }
    }
    return nil
  }

  /// For data that is not text: the name refines the content, or decides where the
  /// content says nothing firm.
  private func binaryType(
    content: Evidence, magic: Answer, magicMIME: String, isBinary: Bool, names: inout NameEvidence, readingDatabase: Bool
  ) -> TypeDetection {
    var content = content
    if isBinary, magic.generic, TypeRegistry.conforms(content.detection.type, to: .text) {
      // Bytes libmagic finds binary and cannot name get no text type from the database's
      // magic (a unit file's first line and then NULs is no unit file): pasted as text
      // they would garble a terminal. libmagic's own specific answers keep their word
      // (a binary EPS, a binary OpenPGP keyring: formats with a binary and a text form),
      // and text in a legacy encoding (ISO 8859-1) is text.
      content = Evidence(TypeDetection(type: .data, source: .magic), generic: true)
    }
    // A name that claims text for bytes that are not text is not believed.
    // Text in a legacy encoding (ISO 8859-1) keeps its name (`.py`).
    let candidates = names.all(readingDatabase: readingDatabase || content.yieldsToName).filter {
      !isBinary || !TypeRegistry.conforms($0, to: .text)
    }
    guard !candidates.isEmpty else { return content.detection }
    if let agreed = Self.agreement(content.detection, candidates) { return agreed }
    // The database's magic names one of the name's lighter globs (`*.wad` is Doom's first,
    // a WiiWare bundle's too): as GLib takes it, the two agree.
    if content.detection.source == .mimeDatabase, names.lighterGlobs.contains(content.detection.type) { return content.detection }
    // libmagic names a ZIP, OLE or MPEG-4 file by its container's commonest member (a
    // document, not its template; a presentation, not its slideshow; Excel, not Works; M4A,
    // not a ringtone): a name of another member of the same container picks it.
    if content.detection.source == .magic, let member = siblingInContainer(of: magicMIME, among: candidates) {
      return TypeDetection(type: member, source: .filenameExtension)
    }
    // Content and name name unrelated formats. libmagic, where it is specific, and the
    // database's strong magic keep their word; a generic answer or weaker magic yields.
    // The database's weaker magic yields only to a name that refines libmagic's own
    // answer (a Krita ZIP named .png stays Krita).
    let refinesLibmagic = magic.type == .data || TypeRegistry.conforms(candidates[0], to: magic.type)
    let yields = content.detection.source == .mimeDatabase ? content.yieldsToName && refinesLibmagic : content.yieldsToName
    if content.detection.type == .data || (yields && !(content.confirmed && candidates[0] == names.onlyDeclared)) {
      return TypeDetection(type: candidates[0], source: .filenameExtension)
    }
    return content.detection
  }

  /// Containers whose members libmagic tells apart only by their commonest one.
  private static let memberContainers = ["application/zip", "application/x-ole-storage"]
  /// libmagic's answers for members of a container that the database does not make
  /// sub-classes of it: libmagic calls any OLE spreadsheet Excel, and any MPEG-4 file of
  /// the M4A brand M4A audio (an `.m4r` ringtone is one).
  private static let membersWithoutLink: [(mime: String, container: String)] = [
    ("application/vnd.ms-excel", "application/x-ole-storage"), ("audio/x-m4a", "video/mp4"),
  ]

  /// The first candidate that the database makes a direct member of a container that
  /// libmagic's answer is a member of too.
  private func siblingInContainer(of magicMIME: String, among candidates: [TypeIdentifier]) -> TypeIdentifier? {
    guard
      let container = Self.membersWithoutLink.first(where: { $0.mime == magicMIME })?.container
        ?? Self.memberContainers.first(where: { $0 != magicMIME && database.isSubclass(magicMIME, of: $0) })
    else { return nil }
    return candidates.first { candidate in
      TypeRegistry.mimeTypes(of: candidate).contains { database.parents(of: database.canonical($0)).contains(container) }
    }
  }

  /// For data that passed the text check: the most specific text type the content and
  /// the name agree on; where they name unrelated formats, the name decides (a `.txt` of
  /// JSON is text its writer called plain), unless the content is the database's strong
  /// magic or an XML root it knows.
  private func textType(content: Evidence?, names: inout NameEvidence, encoding: TextCheck.Encoding, isXML: Bool)
    -> TypeDetection
  {
    let plain = TypeDetection(type: encoding.plainText, source: .textCheck)
    // A name that says XML is not believed for text that does not open with markup
    // (`index.ts` of TypeScript is no Qt Linguist file).
    // A name of a format written in text too (`.pfa` of a Type 1 font) names its text form.
    let believed = { (type: TypeIdentifier) in
      TypeRegistry.conforms(type, to: .text) && (isXML || !TypeRegistry.conforms(type, to: TypeIdentifier("public.xml")))
    }
    let heaviest = names.all(readingDatabase: true).map { name in
      TypeRegistry.preferredMIMEType(for: name).flatMap { Self.formatsInText.contains($0) ? TypeRegistry.textForm(of: name) : nil } ?? name
    }.filter(believed)
    // Where no glob of the top weight is text, GLib takes the first lighter one that is
    // (`*.key` is Keynote's, then OpenPGP keys'): text is not a Keynote file.
    let candidates = heaviest.isEmpty ? names.lighterGlobs.filter(believed) : heaviest
    // A guess stands with no name, or with a name that is a kind of it: a `.txt` that
    // libmagic takes for JavaScript is the plain text its writer called it.
    let unsupportedGuess = content.map { evidence in
      evidence.guess && !names.all(readingDatabase: true).isEmpty
        && !candidates.contains { TypeRegistry.conforms($0, to: evidence.detection.type) }
    } ?? false
    let content = content.flatMap { TypeRegistry.conforms(plain.type, to: $0.detection.type) || unsupportedGuess ? nil : $0 } ?? Evidence(plain)
    guard !candidates.isEmpty else { return content.detection }
    // Content that says only "text" agrees with the best name alone (`CMakeLists.txt` is
    // CMake, though `.txt` is plain text too).
    if let agreed = Self.agreement(content.detection, content.detection.source == .textCheck ? [candidates[0]] : candidates) {
      return agreed
    }
    if content.detection.source == .mimeDatabase, !content.yieldsToName { return content.detection }
    return TypeDetection(type: candidates[0], source: .filenameExtension)
  }

  /// What compressed data is, where what it holds makes it a format of its own (a
  /// compressed tarball), as the database names those: libmagic looks inside.
  private func packedType(_ outer: String, _ head: UnsafeRawBufferPointer) throws(PasteboardError) -> TypeIdentifier? {
    guard let packings = Self.packedFormats[outer], let inner = try sniffer.sniffDecompressed(head) else { return nil }
    lastEvidence.libmagicInside = inner
    guard let format = packings[inner] else { return nil }
    return TypeRegistry.type(forDatabaseMIMEType: format)
  }

  /// Compressor, then what it holds, to the database's name of the whole.
  private static let packedFormats: [String: [String: String]] = [
    "application/gzip": ["application/x-tar": "application/x-compressed-tar", "image/svg+xml": "image/svg+xml-compressed"],
    "application/x-bzip2": ["application/x-tar": "application/x-bzip-compressed-tar"],
    "application/x-xz": ["application/x-tar": "application/x-xz-compressed-tar"],
  ]

  /// Text formats the head's own words name where libmagic and the database's magic do
  /// not: AFM font metrics open with `StartFontMetrics` (the database's magic takes
  /// `StartFont` for a SunOS NeWS font, libmagic says text), and troff that calls the man
  /// macros' title (`.TH`, or mdoc's `.Dt`) is a man page, as the database's `*.1` globs say.
  static func textFormat(namedIn head: UnsafeRawBufferPointer, content: TypeIdentifier?) -> TypeIdentifier? {
    if head.starts(with: "StartFontMetrics".utf8) { return TypeRegistry.type(forDatabaseMIMEType: "application/x-font-afm") }
    // By its MIME type: naming troff's type reads the database's details, a million
    // instructions that every small text copied would pay.
    if let content, TypeRegistry.preferredMIMEType(for: content) == "text/troff", callsManTitle(head) {
      return TypeRegistry.type(forDatabaseMIMEType: "application/x-troff-man")
    }
    return nil
  }

  /// Whether C's preprocessor opens the text: its first line but blank ones and C comments
  /// starts with a directive that no other language's comment starts with (`#include`,
  /// `#define`, `#ifndef`, …, then a space or its end). One further on may be C quoted in
  /// another language (a Perl test's here-document, CMake's check, an AppArmor profile's
  /// `#include` under its `#` comments).
  static func opensWithPreprocessorDirective(_ head: UnsafeRawBufferPointer) -> Bool {
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    var index = 0
    var inBlockComment = false
    while index < head.count {
      let next = index + 1 < head.count ? head[index + 1] : nil
      if inBlockComment {
        if head[index] == star, next == slash {
          inBlockComment = false
          index += 1
        }
        index += 1
        continue
      }
      switch head[index] {
      case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
        index += 1
      case slash where next == slash:
        guard let newline = head[index...].firstIndex(of: 0x0A) else { return false }
        index = newline + 1
      case slash where next == star:
        inBlockComment = true
        index += 2
      default:
        return startsWithDirective(UnsafeRawBufferPointer(rebasing: head[index...]))
      }
    }
    return false
  }

  private static func startsWithDirective(_ line: UnsafeRawBufferPointer) -> Bool {
    let directives = ["#include", "#define", "#ifdef", "#ifndef", "#undef", "#pragma", "#endif"].map { Array($0.utf8) }
    let ends: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "<"), UInt8(ascii: "\"")]
    return directives.contains { directive in
      line.starts(with: directive) && (line.count == directive.count || ends.contains(line[directive.count]))
    }
  }

  /// Whether a line of troff starts with a man page's title request, `.TH` or `.Dt`.
  static func callsManTitle(_ head: UnsafeRawBufferPointer) -> Bool {
    let titles: [[UInt8]] = [Array(".TH".utf8), Array(".Dt".utf8)]
    var start = 0
    while start + 3 < head.count {
      let after = head[start + 3]
      if after == 0x20 || after == 0x09, titles.contains(where: { head[start..<start + 3].elementsEqual($0) }) { return true }
      guard let newline = head[start...].firstIndex(of: 0x0A) else { return false }
      start = newline + 1
    }
    return false
  }

  /// The head's first line that is not blank, up to its line break.
  static func firstLine(of head: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    let start = head.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } ?? head.count
    let rest = head[start...]
    return UnsafeRawBufferPointer(rebasing: rest[..<(rest.firstIndex(of: 0x0A) ?? rest.endIndex)])
  }

  /// Whether text opens with a PEM block's first line, `-----BEGIN `.
  static func opensPEMBlock(_ head: UnsafeRawBufferPointer) -> Bool {
    head.starts(with: "-----BEGIN ".utf8)
  }

  /// Whether text opens with `<` (after a byte-order mark and white space): XML of any
  /// kind, an entity or a fragment, as a name that says XML may be believed for.
  static func startsWithMarkup(_ head: UnsafeRawBufferPointer) -> Bool {
    var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
    return index < head.count && head[index] == UInt8(ascii: "<")
  }

  /// The database's type for the head: an XML document's root element first (the
  /// database's namespaces), then its magic rules, with the rule's priority.
  private func databaseAnswer(_ head: UnsafeRawBufferPointer) -> (type: TypeIdentifier, priority: Int, mime: String)? {
    if let root = XMLRoot(head: head), let mime = database.typeOfXMLRoot(namespace: root.namespace, localName: root.localName) {
      lastEvidence.sharedMIMEInfo = "\(mime) (XML root element \(root.localName))"
      return (TypeRegistry.type(forDatabaseMIMEType: mime), 80, mime)
    }
    guard let match = database.magicMatch(in: head) else { return nil }
    lastEvidence.sharedMIMEInfo = "\(match.mime) (magic, priority \(match.priority))"
    return (TypeRegistry.type(forDatabaseMIMEType: match.mime), match.priority, match.mime)
  }

  /// libmagic's answer as a type. `generic`: the database's magic and the name may say
  /// more (`text/plain`, `application/zip`). `confident`: it can be believed for text
  /// without support. `guess`: a text answer from a few likely words (its JavaScript rule
  /// fires on TypeScript, a superset): believed over the database's
  /// weak magic, which is a word or two at the start (`use strict` for Perl, `/*` for C,
  /// `function` for MATLAB), but not over its strong magic or a name.
  /// `refinedByDatabase`: a specific answer the database has subclasses of that only
  /// its magic tells apart (an ELF that is an AppImage).
  struct Answer: Equatable {
    var type: TypeIdentifier
    var generic: Bool
    var confident: Bool
    var refinedByDatabase: Bool
    var guess = false

    /// Whether the database's magic decides for text instead of this answer: in place of a
    /// generic answer, of a guess where its magic is strong (80 or more, where GLib lets no
    /// name decide), and where it finds a kind of this answer. A weak match never overrides
    /// a specific text answer of libmagic's (TeX's `%` is MATLAB's too).
    func yieldsInText(to found: (type: TypeIdentifier, priority: Int, mime: String)) -> Bool {
      if TypeRegistry.conforms(found.type, to: type) { return true }
      return guess ? found.priority >= 80 : generic
    }
  }

  // Short arrays, not sets: a Set<String>'s type is built at run time, a quarter of a
  // million instructions of a small copy.
  private static let guesses: [String] = ["application/javascript", "text/x-fortran", "text/x-tex", "text/x-java"]
  /// Answers from braces and a word or two that most languages have (its C rule fires on
  /// Go, Rust and Swift; a linker script is `text/x-asm`), believed only with the support of
  /// the database's magic, which decides instead.
  private static let looseGuesses: [String] = [
    "text/x-c", "text/x-c++", "text/x-objective-c", "text/x-asm", "text/x-pascal",
  ]

  /// libmagic answers that are containers or families: the database's magic tells their
  /// members apart, and a name may say more.
  private static let generic: [String] = [
    "application/octet-stream", "application/zip", "application/x-ole-storage", "application/cdfv2", "image/tiff",
    "text/plain", "text/xml", "application/xml", "text/html", "application/json", "application/gzip",
    "application/x-bzip2", "application/x-xz", "application/zstd", "application/x-iso9660-image", "video/x-matroska",
    "video/webm", "audio/mpeg",
    // Families libmagic names by one member: tracker modules (Impulse Tracker's too) and
    // AIFF (AIFC's too); the database's magic tells them apart.
    "audio/x-mod", "audio/x-aiff",
    // A gettext translation or its template, which the database's magic tells apart.
    "text/x-po",
    // Game Boy Color and Neo Geo Pocket Color ROMs, named as the older consoles' ones, and
    // Ogg, a container (Annodex, for one).
    "application/x-gameboy-rom", "application/x-neo-geo-pocket-rom", "video/ogg",
  ]

  /// Formats written in text (some in binary too) that the database does not make kinds of
  /// text: in text, its magic for them names their text form.
  private static let formatsInText: [String] = [
    "image/x-skencil", "application/x-godot-resource", "application/x-godot-scene", "model/stl",
    "application/x-spss-por", "application/x-pyspread-spreadsheet", "application/x-font-type1",
    // Netpbm's plain formats (`P1`-`P3`), and its raw ones whose samples happen to be text.
    "image/x-portable-bitmap", "image/x-portable-graymap", "image/x-portable-pixmap",
  ]

  /// Netpbm's formats, whose magic (`P3` and a space) is as likely the start of a sentence.
  private static let netpbmFormats: [String] = ["image/x-portable-bitmap", "image/x-portable-graymap", "image/x-portable-pixmap"]

  /// Whether `mime` is a format written in text whose evidence the head bears out.
  static func isWrittenInText(_ mime: String, _ head: UnsafeRawBufferPointer) -> Bool {
    formatsInText.contains(mime) && (!netpbmFormats.contains(mime) || opensNetpbmHeader(head))
  }

  /// Whether the head opens with the magic of a raw Netpbm format (`P4` to `P6`), whose
  /// samples are bytes.
  static func opensRawNetpbm(_ head: UnsafeRawBufferPointer) -> Bool {
    head.count > 1 && head[0] == UInt8(ascii: "P") && (UInt8(ascii: "4")...UInt8(ascii: "6")).contains(head[1])
  }

  /// Whether the head opens with a Netpbm header as netpbm reads one: `P1` to `P6`, then
  /// width and height (and the largest sample, but for bitmaps) as decimal numbers, with
  /// white space or `#` comments between them and one white space after the last.
  static func opensNetpbmHeader(_ head: UnsafeRawBufferPointer) -> Bool {
    guard head.count > 2, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) else { return false }
    let isBitmap = head[1] == UInt8(ascii: "1") || head[1] == UInt8(ascii: "4")
    // Byte by byte without an array or a slice: a header of 64 KiB of comments is read in
    // a few milliseconds, not a hundred.
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    var index = 2
    for _ in 0..<(isBitmap ? 2 : 3) {
      guard index < head.count, isSpace(head[index]) || head[index] == UInt8(ascii: "#") else { return false }
      var inComment = false
      while index < head.count, inComment || isSpace(head[index]) || head[index] == UInt8(ascii: "#") {
        if head[index] == UInt8(ascii: "#") { inComment = true }
        if head[index] == 0x0A { inComment = false }
        index += 1
      }
      var value = 0
      let start = index
      while index < head.count, index - start < 6, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(head[index]) {
        value = value * 10 + Int(head[index] - UInt8(ascii: "0"))
        index += 1
      }
      guard value > 0 else { return false }
    }
    return index < head.count && isSpace(head[index])
  }

  /// libmagic's answers for archive formats whose framing is text (ar), never taken as text.
  private static let archivesOfText: [String] = ["application/x-archive"]

  /// Specific answers the database's magic may refine with a subclass.
  private static let refinedByDatabase: [String] = [
    "application/x-executable", "application/x-pie-executable", "application/x-sharedlib", "application/x-tar",
    "application/x-msdos-program", "application/vnd.microsoft.portable-executable", "audio/x-wav", "video/x-msvideo",
    "application/x-riff", "video/quicktime", "video/mp4", "audio/mp4", "application/pdf", "application/x-sqlite3",
    "audio/ogg", "video/ogg", "application/ogg", "application/postscript", "text/x-shellscript", "font/woff2",
  ]

  /// nil for libmagic's "empty".
  static func meaning(of sniffed: SniffedType) -> Answer? {
    if sniffed.mimeType.hasSuffix("x-empty") { return nil }
    let mime = sniffed.mimeType
    let isUTF16Text = mime == "text/plain" && sniffed.charset?.hasPrefix("utf-16") == true
    let guess = guesses.contains(mime)
    let confident = (mime != "text/plain" && !looseGuesses.contains(mime)) || isUTF16Text
    let generic = generic.contains(mime) || guess || looseGuesses.contains(mime)
    let refined = refinedByDatabase.contains(mime)
    let known = TypeRegistry.magicAnswers.first { $0.mimeType == mime && ($0.charset == nil || $0.charset == sniffed.charset) }
    if let known {
      return Answer(type: TypeIdentifier(known.type), generic: generic, confident: confident, refinedByDatabase: refined, guess: guess)
    }
    let full = sniffed.charset.map { "\(mime);charset=\($0)" } ?? mime
    if let declared = TypeRegistry.declaredType(forMIMEType: full) {
      return Answer(type: declared, generic: generic || declared == .data, confident: confident, refinedByDatabase: refined, guess: guess)
    }
    // A text format the database knows by libmagic's name or its own (`text/x-po`,
    // `text/troff`, `text/x-m4`) is that format; any other is only text.
    if mime.hasPrefix("text/") {
      let named = textSpellings.first { $0.libmagic == mime }?.database ?? mime
      guard SharedMIMEInfo.system.recognizes(named) else {
        return Answer(type: .plainText, generic: true, confident: false, refinedByDatabase: false)
      }
      return Answer(
        type: TypeRegistry.type(forDatabaseMIMEType: named), generic: generic, confident: confident, refinedByDatabase: false,
        guess: guess)
    }
    guard let parsed = try? MIMEType.parse(mime) else {
      return Answer(type: .data, generic: true, confident: false, refinedByDatabase: false)
    }
    return Answer(type: TypeRegistry.type(forMIMEType: parsed), generic: generic, confident: confident, refinedByDatabase: refined)
  }

  /// libmagic's names for text formats that the database calls otherwise, with no alias.
  private static let textSpellings: [(libmagic: String, database: String)] = [("text/x-m4", "application/x-m4")]
}

/// The types a file's name gives, best first: the database's globs as GLib weighs them
/// (all of the top weight, for the content to choose between: `*.m` is Objective-C,
/// MATLAB or troff), and Apple's declaration of the extension. Without `readingDatabase`
/// only a declared extension is looked up, so a copy libmagic is sure of never opens the
/// database (an undeclared extension still does, as it names nothing otherwise).
struct NameEvidence {
  private let fileName: String?
  /// The system's MIME database, read the first time it is asked: a copy libmagic is
  /// sure of never opens it.
  private var database: SharedMIMEInfo { .system }
  /// What was looked up, for the evidence.
  private(set) var found: [TypeIdentifier]?
  /// The type of an extension Apple declares and the database has no glob for (`.sdv`):
  /// GLib would not know the name, so it does not overrule content the database's magic
  /// confirmed.
  private(set) var onlyDeclared: TypeIdentifier?
  /// The database's globs that matched below the top weight.
  private(set) var lighterGlobs: [TypeIdentifier] = []
  private var readDatabase = false

  init(fileName: String?) {
    self.fileName = fileName
  }

  mutating func all(readingDatabase: Bool) -> [TypeIdentifier] {
    if let found, readDatabase || !readingDatabase { return found }
    guard let fileName, !fileName.isEmpty else { return [] }
    let ext = FilenameExtension.of(path: fileName)
    let declared = ext.flatMap(TypeRegistry.declaredType(forFilenameExtension:))
    var globbed: [TypeIdentifier] = []
    var bestGlob: String?
    if readingDatabase || declared == nil {
      readDatabase = true
      let globs = database.mimeTypes(forFileName: fileName)
      bestGlob = globs.first?.mime
      for glob in globs {
        let type = TypeRegistry.type(forDatabaseMIMEType: glob.mime)
        if glob.weight < globs[0].weight {
          lighterGlobs.append(type)
        } else if !globbed.contains(type) {
          globbed.append(type)
        }
      }
    }
    guard let declared, let ext else {
      found = globbed
      return globbed
    }
    // Apple's declaration of the extension comes first (`.heic` is HEIC, not any HEIF),
    // but for the database's globs that are a kind of it (`*.tar.gz` of `gz`) and for a
    // glob longer than the extension (`*.pcf.gz`, `CMakeLists.txt`).
    let longer = bestGlob != nil && database.mimeTypes(forFileName: "x." + ext).first?.mime != bestGlob
    if longer {
      // The extension names only the outer layer of such a name (`gz` of `*.pcf.gz`).
      found = globbed
      return globbed
    }
    let refining = globbed.filter { TypeRegistry.conforms($0, to: declared) }
    var types = refining + (refining.contains(declared) ? [] : [declared]) + globbed.filter { !refining.contains($0) }
    // An extension Apple and the database give unrelated formats (`.scn`): the database's
    // is the one this system's files are.
    if TypeRegistry.homonymExtensions.contains(ext.lowercased()), !globbed.isEmpty {
      types = globbed + (globbed.contains(declared) ? [] : [declared])
    }
    onlyDeclared = readDatabase && globbed.isEmpty ? declared : nil
    found = types
    return types
  }
}

extension TypeDetector {
  /// The type `pb copy` would store for a file or standard input, read from its head
  /// only, so that sniffing a huge stream costs what sniffing its first bytes costs.
  public func detect(_ input: RepresentationSource.Input) throws(PasteboardError) -> TypeDetection {
    let opened = try OpenInput(input)
    let head = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.headSize, alignment: 16)
    defer { head.deallocate() }
    let data = try opened.descriptor
    let count: Int
    do {
      count = try data.readFully(into: head)
    } catch {
      throw .io(error)
    }
    return try detect(head: UnsafeRawBufferPointer(rebasing: head[..<count]), isWhole: count < head.count, fileName: opened.fileName)
  }
}

extension TypeRegistry {
  /// The type of a MIME type the database named; a name that is not a MIME type (a
  /// planted cache) is only data.
  static func type(forDatabaseMIMEType mime: String) -> TypeIdentifier {
    (try? MIMEType.parse(mime)).map(type(forMIMEType:)) ?? .data
  }
}
