/// What a content sniffer says of some bytes: a MIME type and, for text, a charset.
public struct SniffedType: Sendable, Equatable {
  public var mimeType: String
  /// `us-ascii`, `utf-8`, `utf-16le`, …; nil for binary data.
  public var charset: String?

  public init(mimeType: String, charset: String?) {
    self.mimeType = mimeType
    self.charset = charset
  }

  /// Reads libmagic's form, `text/plain; charset=utf-8`.
  public init(magicOutput text: String) {
    let parts = text.split(separator: ";")
    mimeType = parts.first.map { String($0).lowercased() } ?? "application/octet-stream"
    charset = nil
    for part in parts.dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      if pair.count == 2, pair[0].hasSuffix("charset") {
        let value = pair[1].lowercased()
        charset = value == "binary" ? nil : value
      }
    }
  }
}

/// Identifies data from its first bytes. The library's one implementation is libmagic
/// (`MagicSniffer`); tests can give their own, so that model tests do not depend on the
/// version of the magic database.
public protocol TypeSniffer: AnyObject {
  func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType
  /// The MIME type of what compressed data holds, from its head decompressed in memory;
  /// nil where the sniffer cannot tell.
  func sniffDecompressed(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> String?
}

extension TypeSniffer {
  public func sniffDecompressed(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> String? { nil }
}
