/// The type chosen for some data, and how it was chosen.
public struct TypeDetection: Sendable, Equatable {
  public var type: TypeIdentifier
  public var source: TypeSource

  public init(type: TypeIdentifier, source: TypeSource) {
    self.type = type
    self.source = source
  }
}

/// Chooses the type of data that arrives without one: libmagic's answer on the head of
/// the stream, refined by the filename extension where the data came from a file, and
/// overruled by `pb`'s own text check, so that text always stays text.
public final class TypeDetector {
  /// How much of a stream is sniffed. Nothing beyond it is ever buffered.
  public static let headSize = 64 * 1024

  private let sniffer: any TypeSniffer
  /// What libmagic said in the last detection, if it was asked.
  public private(set) var lastSniffed: SniffedType?

  public init(sniffer: any TypeSniffer = MagicSniffer()) {
    self.sniffer = sniffer
  }

  /// `head` is the start of the data (all of it when `isWhole`); `filenameExtension`
  /// is the extension of the file it came from, if any.
  public func detect(head: UnsafeRawBufferPointer, isWhole: Bool, filenameExtension: String?)
    throws(PasteboardError) -> TypeDetection
  {
    let byExtension = filenameExtension.flatMap(TypeRegistry.knownType(forFilenameExtension:))
    lastSniffed = nil
    if head.isEmpty {
      // No bytes to go by: only the extension says anything, and empty text is text.
      if let byExtension, !TypeRegistry.conforms(byExtension, to: .text) {
        return TypeDetection(type: byExtension, source: .filenameExtension)
      }
      return Self.textType(magic: nil, extension: byExtension, encoding: .utf8)
    }
    let sniffed = try sniffer.sniff(head)
    lastSniffed = sniffed
    let answer = Self.meaning(of: sniffed)
    if let encoding = TextCheck.encoding(of: head, isWhole: isWhole) {
      return Self.textType(magic: answer, extension: byExtension, encoding: encoding)
    }
    guard let answer else {
      return TypeDetection(type: byExtension ?? .data, source: byExtension == nil ? .magic : .filenameExtension)
    }
    // A vague answer yields to the extension, unless the extension claims text for
    // bytes that are not text.
    if let byExtension, answer.refinable,
      !TypeRegistry.conforms(byExtension, to: .text) || TypeRegistry.conforms(answer.type, to: .text)
    {
      let isGeneric = answer.type == .data || answer.type.isDynamic
      if isGeneric || TypeRegistry.conforms(byExtension, to: answer.type) {
        return TypeDetection(type: byExtension, source: .filenameExtension)
      }
    }
    return TypeDetection(type: answer.type, source: .magic)
  }

  /// For data that passed the text check: the most specific text type that the
  /// extension or a confident libmagic answer supports; an answer that is not text, or
  /// a guess libmagic is known to make wrongly, is ignored.
  private static func textType(magic answer: Answer?, extension byExtension: TypeIdentifier?, encoding: TextCheck.Encoding)
    -> TypeDetection
  {
    let plain: TypeIdentifier = encoding == .utf16 ? .utf16ExternalPlainText : .utf8PlainText
    var candidates = [TypeDetection(type: plain, source: .textCheck)]
    // A text answer counts when it is believable and says more than the encoding does.
    if let answer, answer.confident, TypeRegistry.conforms(answer.type, to: .text), !TypeRegistry.conforms(plain, to: answer.type) {
      candidates.insert(TypeDetection(type: answer.type, source: .magic), at: 0)
    }
    guard let byExtension, TypeRegistry.conforms(byExtension, to: .text) else { return candidates[0] }
    // The extension decides, unless what the bytes show is a more specific kind of it
    // (UTF-8 text in a .txt file).
    return candidates.first { TypeRegistry.conforms($0.type, to: byExtension) }
      ?? TypeDetection(type: byExtension, source: .filenameExtension)
  }

  /// libmagic's answer as a type. `refinable`: an extension may say more. `confident`:
  /// it can be believed for text (its C-family and JavaScript rules fire on Go, Rust,
  /// Swift and TypeScript, and text/plain says only "text").
  struct Answer {
    var type: TypeIdentifier
    var refinable: Bool
    var confident: Bool
  }

  private static let guesses: Set<String> = [
    "text/plain", "text/x-c", "text/x-c++", "text/x-objective-c", "text/x-java", "application/javascript",
    // Answers from a line or two of likely words, now mapped to Apple's types: believed
    // only with the extension's support, as before they were.
    "text/x-asm", "text/x-pascal", "text/x-fortran",
  ]

  /// nil for libmagic's "empty".
  static func meaning(of sniffed: SniffedType) -> Answer? {
    let confident = !guesses.contains(sniffed.mimeType) || (sniffed.mimeType == "text/plain" && sniffed.charset?.hasPrefix("utf-16") == true)
    let known = TypeRegistry.magicAnswers.first {
      $0.mimeType == sniffed.mimeType && ($0.charset == nil || $0.charset == sniffed.charset)
    }
    if let known { return Answer(type: TypeIdentifier(known.type), refinable: known.refinable, confident: confident) }
    if sniffed.mimeType.hasSuffix("x-empty") { return nil }
    let full = sniffed.charset.map { "\(sniffed.mimeType);charset=\($0)" } ?? sniffed.mimeType
    if let declared = TypeRegistry.declaredType(forMIMEType: full) {
      return Answer(type: declared, refinable: declared == .data, confident: confident)
    }
    if sniffed.mimeType.hasPrefix("text/") { return Answer(type: .plainText, refinable: true, confident: false) }
    guard let mime = try? MIMEType.parse(sniffed.mimeType) else { return Answer(type: .data, refinable: true, confident: false) }
    return Answer(type: TypeRegistry.type(forMIMEType: mime), refinable: true, confident: confident)
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
    return try detect(
      head: UnsafeRawBufferPointer(rebasing: head[..<count]), isWhole: count < head.count,
      filenameExtension: opened.filenameExtension)
  }
}
