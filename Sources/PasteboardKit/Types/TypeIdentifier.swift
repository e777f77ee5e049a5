import LinuxSystem
/// A uniform type identifier such as `public.png`. Identifiers compare case-insensitively,
/// as `UTTypeEqual` does; the spelling kept is the declared one when the type is known.
public struct TypeIdentifier: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String
  /// The lower-cased form identity and lookups use, made once rather than per comparison.
  let key: String
  /// How the user wrote it (`png`, `image/png`) when that is not the identifier itself,
  /// for messages; no part of its identity, and never stored.
  public private(set) var spelling: String?

  /// An identifier taken as it is, without checking its syntax.
  public init(_ rawValue: String) {
    var text = rawValue
    self.init(rawValue, needsLowering: text.withUTF8(Self.needsLowering))
  }

  private init(_ rawValue: String, needsLowering: Bool) {
    self.rawValue = rawValue
    // Nearly every identifier is lower-case ASCII already, and is its own key.
    self.key = needsLowering ? rawValue.lowercased() : rawValue
  }

  private static func needsLowering(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  public var description: String { rawValue }

  public static func == (lhs: TypeIdentifier, rhs: TypeIdentifier) -> Bool {
    lhs.key == rhs.key
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
  }

  /// Whether this is a dynamic identifier (`dyn.a…`) minted for an undeclared tag.
  public var isDynamic: Bool { key.hasPrefix("dyn.") }

  /// The type as a message names it: the user's word, with the identifier after it
  /// when that says more (`png (public.png)`; a dynamic one says nothing to a reader,
  /// so one not typed has what it stands for beside it, as `pb types` lists it).
  public var shown: String {
    guard let spelling else { return listed }
    return isDynamic ? spelling : "\(spelling) (\(rawValue))"
  }

  /// The identifier as a list for people shows it: a dynamic one with the MIME type or
  /// extension it stands for beside it (`dyn.a… (application/x-subrip)`).
  public var listed: String {
    guard isDynamic, let tag = TypeRegistry.tagShown(of: self) else { return rawValue }
    return "\(rawValue) (\(Display.value(tag)))"
  }
}

extension TypeIdentifier {
  public static let item = TypeIdentifier("public.item")
  public static let content = TypeIdentifier("public.content")
  public static let data = TypeIdentifier("public.data")
  public static let text = TypeIdentifier("public.text")
  public static let plainText = TypeIdentifier("public.plain-text")
  public static let utf8PlainText = TypeIdentifier("public.utf8-plain-text")
  public static let utf16ExternalPlainText = TypeIdentifier("public.utf16-external-plain-text")
  public static let utf16PlainText = TypeIdentifier("public.utf16-plain-text")
  public static let image = TypeIdentifier("public.image")
  public static let png = TypeIdentifier("public.png")
  /// What the `color` kind names: UIPasteboard's color type, as its colors are read.
  /// Nothing pb stores conforms to it; pb answers it with the text of a color an item
  /// holds (`DerivedForm.colorFromGTK`, `colorFromText`).
  public static let color = TypeIdentifier("com.apple.uikit.color")
}

extension TypeIdentifier {
  /// Short names for the generic kinds, as people type them (wl-paste takes `text` and
  /// `image` too): each means the base type its kind conforms to.
  public static let genericNames: [(name: String, type: TypeIdentifier)] = [
    ("text", .text), ("image", .image), ("audio", TypeIdentifier("public.audio")), ("video", TypeIdentifier("public.movie")),
    ("movie", TypeIdentifier("public.movie")), ("font", TypeIdentifier("public.font")),
    ("archive", TypeIdentifier("public.archive")), ("url", TypeIdentifier("public.url")),
    ("color", .color),
  ]

  /// What a bare word (no dot, no slash) names: a generic kind, else a filename
  /// extension the registry or the system's MIME database knows; nil for a word pb does
  /// not know.
  public static func knownWord(_ word: String) -> TypeIdentifier? {
    let lowered = word.lowercased()
    if let generic = genericNames.first(where: { $0.name == lowered }) { return generic.type }
    return TypeRegistry.knownType(forFilenameExtension: lowered)
  }

  /// Reads a type as a user writes it: a generic name (`image`), a UTI (`public.png`), a
  /// MIME type (`image/png`), a filename extension (`png`), or an extension of one's own
  /// with a dot (`.srt`), and normalises it to a UTI. Undeclared MIME types, dotted
  /// extensions and reverse-DNS identifiers are taken (with a dynamic identifier where
  /// Apple would make one); a bare word pb does not know is refused with the nearest
  /// names, since it is far more often a typo than a new extension. `allowingUnknownWords`
  /// takes it as an extension instead (`pb type` explains what it would be).
  public static func parse(_ text: String) throws(PasteboardError) -> TypeIdentifier {
    try parse(text, allowingUnknownWords: false)
  }

  public static func parse(_ text: String, allowingUnknownWords: Bool) throws(PasteboardError) -> TypeIdentifier {
    var type = try identify(text, allowingUnknownWords: allowingUnknownWords)
    if type.key != TypeIdentifier(text).key { type.spelling = text }
    return type
  }

  private static func identify(_ text: String, allowingUnknownWords: Bool) throws(PasteboardError) -> TypeIdentifier {
    let spec = text
    if spec.isEmpty { throw .malformedType(text, reason: "it is empty") }
    if !PathBytes.isValidText(spec) { throw .malformedType(text, reason: "it is not valid UTF-8") }
    if spec.contains("/") {
      return try TypeRegistry.type(forMIMEType: MIMEType.parse(spec))
    }
    if let bad = spec.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
      let what = bad == " " ? "a space" : "a control or blank character"
      throw .malformedType(text, reason: "it contains \(what)")
    }
    if spec.hasPrefix("."), !spec.dropFirst().contains(".") {
      return try TypeRegistry.type(forFilenameExtension: FilenameExtension.parse(String(spec.dropFirst()), original: text))
    }
    if spec.contains(".") {
      return try TypeRegistry.normalize(parseIdentifier(spec))
    }
    let ext = try FilenameExtension.parse(spec, original: text)
    if let known = knownWord(ext) { return known }
    if allowingUnknownWords { return TypeRegistry.type(forFilenameExtension: ext) }
    let candidates = genericNames.map(\.name) + TypeRegistry.declaredFilenameExtensions
    throw .unknownTypeName(text, suggestions: Suggestion.nearest(to: ext, among: candidates))
  }

  /// Parses a comma-separated preference list such as `public.html,public.plain-text`.
  public static func parseList(_ text: String) throws(PasteboardError) -> [TypeIdentifier] {
    var types: [TypeIdentifier] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      if part.isEmpty && text.contains(",") {
        throw .malformedType(text, reason: "the list has an empty entry")
      }
      types.append(try parse(String(part)))
    }
    return types
  }

  /// Checks UTI syntax: dot-separated non-empty components of letters, digits and '-'
  /// (and any non-ASCII character, as Apple allows).
  static func parseIdentifier(_ text: String) throws(PasteboardError) -> TypeIdentifier {
    var bytes = text
    let (wellFormed, needsLowering) = bytes.withUTF8 { (isWellFormedIdentifier($0), Self.needsLowering($0)) }
    if wellFormed { return TypeIdentifier(text, needsLowering: needsLowering) }
    // Find what is wrong, to say so.
    for component in text.split(separator: ".", omittingEmptySubsequences: false) {
      if component.isEmpty {
        throw .malformedType(text, reason: "it has an empty component")
      }
      if let bad = component.unicodeScalars.first(where: { !isIdentifierScalar($0) }) {
        throw .malformedType(text, reason: "'\(Display.value(String(bad)))' is not allowed in a type identifier")
      }
    }
    return TypeIdentifier(text)
  }

  /// The same rule over bytes: every stored representation's type is checked on every
  /// read of a manifest and a history (50 entries on every commit), and scalars, or the
  /// `utf8` view, cost several times more than a buffer of the bytes. A byte
  /// from 0x80 up belongs to a non-ASCII character, which is allowed.
  private static func isWellFormedIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var componentLength = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "."):
        if componentLength == 0 { return false }
        componentLength = 0
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), 0x80...:
        componentLength += 1
      default: return false
      }
    }
    return componentLength > 0
  }

  private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-": return true
    default: return scalar.value >= 0x80
    }
  }
}

/// A MIME type reduced to what identifies a format: lower-case `type/subtype`, plus the
/// charset parameter when there is one.
struct MIMEType: Hashable, Sendable {
  let essence: String
  let charset: String?

  /// The form Apple uses as a tag: `text/plain;charset=utf-8`.
  var tagWithCharset: String? { charset.map { "\(essence);charset=\($0)" } }

  static func parse(_ text: String) throws(PasteboardError) -> MIMEType {
    let parts = text.split(separator: ";", omittingEmptySubsequences: false)
    let essence = parts[0].lowercased()
    let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else {
      throw .malformedType(text, reason: "a MIME type is type/subtype, as in image/png")
    }
    for half in halves {
      if let bad = half.unicodeScalars.first(where: { !isTokenScalar($0) }) {
        let shown = bad == " " ? "a space" : "'\(Display.value(String(bad)))'"
        throw .malformedType(text, reason: "\(shown) is not allowed in a MIME type")
      }
    }
    var charset: String?
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else {
        throw .malformedType(text, reason: "a MIME parameter is name=value, as in charset=utf-8")
      }
      let name = pair[0].trimmingSpaces.lowercased()
      if name == "charset" {
        charset = pair[1].trimmingSpaces.lowercased().replacingQuotes
      }
    }
    return MIMEType(essence: essence, charset: charset)
  }

  private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "&", "-", "^", "_", ".", "+": return true
    default: return false
    }
  }
}

enum FilenameExtension {
  static func parse(_ text: String, original: String) throws(PasteboardError) -> String {
    if text.isEmpty { throw .malformedType(original, reason: "the extension is empty") }
    if let bad = text.unicodeScalars.first(where: { !isExtensionScalar($0) }) {
      throw .malformedType(original, reason: "'\(Display.value(String(bad)))' is not allowed in a filename extension")
    }
    return text.lowercased()
  }

  /// The extension of a path's last component (`archive.tar.gz` gives `gz`), if any.
  static func of(path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    guard !ext.isEmpty, ext.unicodeScalars.allSatisfy(isExtensionScalar) else { return nil }
    return ext.lowercased()
  }

  private static func isExtensionScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_", "+": return true
    default: return false
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return text
  }
}

extension String {
  fileprivate var replacingQuotes: String {
    filter { $0 != "\"" }
  }
}
