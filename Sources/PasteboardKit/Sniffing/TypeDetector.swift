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

  public init(sniffer: any TypeSniffer = MagicSniffer()) {
    self.sniffer = sniffer
  }

  /// `head` is the start of the data (all of it when `isWhole`); `filenameExtension`
  /// is the extension of the file it came from, if any.
  public func detect(head: UnsafeRawBufferPointer, isWhole: Bool, filenameExtension: String?)
    throws(PasteboardError) -> TypeDetection
  {
    let byExtension = filenameExtension.flatMap(TypeRegistry.declaredType(forFilenameExtension:))
    if head.isEmpty {
      if let byExtension { return TypeDetection(type: byExtension, source: .filenameExtension) }
      return TypeDetection(type: .utf8PlainText, source: .textCheck)
    }
    let answer = Self.meaning(of: try sniffer.sniff(head))
    if let encoding = TextCheck.encoding(of: head, isWhole: isWhole) {
      return Self.textType(magic: answer?.type, extension: byExtension, encoding: encoding)
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

  /// For data that passed the text check: the most specific text type that libmagic or
  /// the extension supports; an answer that is not text is ignored.
  private static func textType(magic: TypeIdentifier?, extension byExtension: TypeIdentifier?, encoding: TextCheck.Encoding)
    -> TypeDetection
  {
    let textual = magic.flatMap { TypeRegistry.conforms($0, to: .text) ? $0 : nil }
    if let byExtension, TypeRegistry.conforms(byExtension, to: .text) {
      if let textual, TypeRegistry.conforms(textual, to: byExtension) {
        return TypeDetection(type: textual, source: .magic)
      }
      return TypeDetection(type: byExtension, source: .filenameExtension)
    }
    if let textual { return TypeDetection(type: textual, source: .magic) }
    let plain: TypeIdentifier = encoding == .utf16 ? .utf16ExternalPlainText : .utf8PlainText
    return TypeDetection(type: plain, source: .textCheck)
  }

  /// libmagic's answer as a type; nil for "empty".
  static func meaning(of sniffed: SniffedType) -> (type: TypeIdentifier, refinable: Bool)? {
    let known = TypeRegistry.magicAnswers.first {
      $0.mimeType == sniffed.mimeType && ($0.charset == nil || $0.charset == sniffed.charset)
    }
    if let known { return (TypeIdentifier(known.type), known.refinable) }
    if sniffed.mimeType.hasSuffix("x-empty") { return nil }
    let full = sniffed.charset.map { "\(sniffed.mimeType);charset=\($0)" } ?? sniffed.mimeType
    if let declared = TypeRegistry.declaredType(forMIMEType: full) {
      return (declared, declared == .data)
    }
    if sniffed.mimeType.hasPrefix("text/") { return (.plainText, true) }
    guard let mime = try? MIMEType.parse(sniffed.mimeType) else { return (.data, true) }
    return (TypeRegistry.type(forMIMEType: mime), true)
  }
}
