/// Apple's dynamic identifiers (`dyn.a…`): an opaque base-32 encoding of a tag
/// specification such as `?0=6:3=application/x-foo` ("conforms to public.data, MIME type
/// application/x-foo"). The scheme is reverse-engineered, not documented; `pb` mints these
/// only so that an undeclared tag loses nothing, and decodes those it meets.
public enum DynamicIdentifier {
  private static let prefix = "dyn.a"
  private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

  /// The tag classes of a specification, with their one-character codes.
  public enum TagClass: String, Sendable, CaseIterable {
    case filenameExtension = "public.filename-extension"
    case mimeType = "public.mime-type"
    case osType = "com.apple.ostype"
    case pasteboardType = "com.apple.nspboard-type"
    case urlScheme = "public.url-scheme"

    var code: Character {
      switch self {
      case .filenameExtension: "1"
      case .osType: "2"
      case .mimeType: "3"
      case .pasteboardType: "4"
      case .urlScheme: "5"
      }
    }

    init?(code: Substring) {
      guard let match = Self.allCases.first(where: { String($0.code) == code }) else { return nil }
      self = match
    }
  }

  /// Short codes for the well-known types a specification may conform to.
  private static let typeCodes: [(code: String, type: String)] = [
    ("6", "public.data"), ("7", "public.text"), ("8", "public.plain-text"),
    ("9", "public.utf16-plain-text"), ("A", "com.apple.traditional-mac-plain-text"),
    ("B", "public.image"), ("C", "public.video"), ("D", "public.audio"),
    ("E", "public.directory"), ("F", "public.folder"),
  ]

  /// What a dynamic identifier says: the type it conforms to, if any, and its tags.
  public struct Specification: Equatable, Sendable {
    public var conformsTo: TypeIdentifier?
    public var tags: [Tag]

    public struct Tag: Equatable, Sendable {
      public var tagClass: TagClass
      public var value: String
    }

    public init(conformsTo: TypeIdentifier?, tags: [Tag]) {
      self.conformsTo = conformsTo
      self.tags = tags
    }

    /// The textual form, as in `?0=6:1=md`.
    public var text: String {
      var pairs: [String] = []
      if let parent = conformsTo {
        let code = typeCodes.first(where: { TypeIdentifier($0.type) == parent })?.code ?? parent.rawValue
        pairs.append("?0=\(code)")
      }
      pairs += tags.map { "\($0.tagClass.code)=\($0.value)" }
      return pairs.joined(separator: ":")
    }

    /// Reads the textual form; nil when it is not a tag specification.
    public init?(text: String) {
      var body = Substring(text)
      var conformsTo: TypeIdentifier?
      var tags: [Tag] = []
      if body.hasPrefix("?") { body = body.dropFirst() }
      for pair in body.split(separator: ":", omittingEmptySubsequences: false) {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[1].isEmpty else { return nil }
        if halves[0] == "0" {
          let value = String(halves[1])
          conformsTo = TypeIdentifier(typeCodes.first(where: { $0.code == value })?.type ?? value)
        } else if let tagClass = TagClass(code: halves[0]) {
          tags.append(Tag(tagClass: tagClass, value: String(halves[1])))
        } else {
          return nil
        }
      }
      guard !tags.isEmpty else { return nil }
      self.init(conformsTo: conformsTo, tags: tags)
    }
  }

  /// Mints the identifier of a specification.
  public static func identifier(for specification: Specification) -> TypeIdentifier {
    TypeIdentifier(prefix + encode(Array(specification.text.utf8)))
  }

  /// Decodes a `dyn.a…` identifier; nil when it is not one or does not decode.
  public static func specification(of type: TypeIdentifier) -> Specification? {
    let text = type.key
    guard text.hasPrefix(prefix), let bytes = decode(Array(text.utf8.dropFirst(prefix.utf8.count))),
      let spec = String(validating: bytes, as: UTF8.self)
    else { return nil }
    return Specification(text: spec)
  }

  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    for byte in bytes {
      accumulator = accumulator << 8 | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int(accumulator >> UInt32(bits) & 31)])
      }
    }
    if bits > 0 { output.append(alphabet[Int(accumulator << UInt32(5 - bits) & 31)]) }
    return String(decoding: output, as: UTF8.self)
  }

  static func decode(_ characters: [UInt8]) -> [UInt8]? {
    guard !characters.isEmpty else { return nil }
    var output: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    for character in characters {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      accumulator = (accumulator << 5 | UInt32(value)) & 0xFFFF
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(accumulator >> UInt32(bits) & 0xFF))
      }
    }
    // What is left over is padding: fewer than 5 bits, all zero.
    guard bits < 5, accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
    return output
  }
}
