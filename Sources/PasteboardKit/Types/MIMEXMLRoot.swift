/// The root element of an XML document, read from its first bytes: what the database's
/// XML namespaces list keys on (`http://www.w3.org/2000/svg` `svg` is `image/svg+xml`).
///
/// Only the start of the document is read, in one forward pass: a byte-order mark, then
/// the XML declaration, processing instructions, comments and a DOCTYPE (with its internal
/// subset), whitespace between them, and the root's start tag, whose `xmlns` and
/// `xmlns:prefix` attributes name its namespace. Anything else before the root, or a start
/// tag that the head cuts short, gives nil: the head is not known to be XML, or its root's
/// namespace could still come later.
public struct XMLRoot: Equatable, Sendable {
  /// The namespace URI; empty when the root has none.
  public var namespace: String
  public var localName: String

  public init(namespace: String, localName: String) {
    self.namespace = namespace
    self.localName = localName
  }

  public init?(head: UnsafeRawBufferPointer) {
    var reader = Reader(bytes: head)
    guard let root = reader.root() else { return nil }
    self = root
  }

  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func root() -> XMLRoot? {
      while true {
        skipSpace()
        if skip(over: "<?") {
          guard skip(past: "?>") else { return nil }
        } else if skip(over: "<!--") {
          guard skip(past: "-->") else { return nil }
        } else if skip(over: "<!DOCTYPE") {
          guard skipDeclaration() else { return nil }
        } else if skip(over: "<!") {
          return nil  // CDATA or a declaration before any element: not a document's start
        } else if skip(over: "<") {
          return startTag()
        } else {
          return nil
        }
      }
    }

    /// The root's name and namespace, from just after its `<`.
    private mutating func startTag() -> XMLRoot? {
      guard let name = self.name() else { return nil }
      var namespaces: [String: String] = [:]  // prefix ("" for the default) to URI
      while true {
        let spaced = skipSpace()
        if skip(over: ">") || skip(over: "/>") { break }
        guard spaced, let attribute = self.name() else { return nil }
        skipSpace()
        guard skip(over: "=") else { return nil }
        skipSpace()
        guard let value = quoted() else { return nil }
        if attribute == "xmlns" {
          namespaces[""] = value
        } else if attribute.hasPrefix("xmlns:") {
          namespaces[String(attribute.dropFirst(6))] = value
        }
      }
      let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return XMLRoot(namespace: namespaces[""] ?? "", localName: name) }
      // A prefix never declared is not well-formed XML.
      guard let namespace = namespaces[String(parts[0])], !parts[1].isEmpty else { return nil }
      return XMLRoot(namespace: namespace, localName: String(parts[1]))
    }

    /// A name: everything up to space, `/`, `>`, `=` or a quote; nil when empty or cut short.
    private mutating func name() -> String? {
      let start = index
      while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
      guard index > start, index < bytes.count else { return nil }
      return String(validating: bytes[start..<index], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
      isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<")
    }

    private mutating func quoted() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
      let quote = bytes[index]
      let start = index + 1
      guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
      index = end + 1
      return String(validating: bytes[start..<end], as: UTF8.self)
    }

    /// Skips a DOCTYPE from after its keyword to its `>`, over quoted strings and the
    /// bracketed internal subset, whose declarations hold `>` of their own.
    private mutating func skipDeclaration() -> Bool {
      var inSubset = false
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          guard let end = bytes[index...].firstIndex(of: byte) else { return false }
          index = end + 1
        case UInt8(ascii: "["): inSubset = true
        case UInt8(ascii: "]"): inSubset = false
        case UInt8(ascii: ">") where !inSubset: return true
        default: break
        }
      }
      return false
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
      let start = index
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      return index > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past `literal` when the bytes at the reading point are it.
    private mutating func skip(over literal: StaticString) -> Bool {
      let length = literal.utf8CodeUnitCount
      guard bytes.count - index >= length else { return false }
      let matches = literal.withUTF8Buffer { bytes[index..<index + length].elementsEqual($0) }
      if matches { index += length }
      return matches
    }

    /// Moves past the next occurrence of `literal`; false when there is none.
    private mutating func skip(past literal: StaticString) -> Bool {
      while index < bytes.count {
        if skip(over: literal) { return true }
        index += 1
      }
      return false
    }
  }
}

extension MIMECache {
  /// The type the XML namespaces list gives a root element (entries sorted by namespace,
  /// then local name).
  func typeOfXMLRoot(_ root: XMLRoot) -> String? {
    guard let count = u32(namespaceList), count <= recordsFit(from: namespaceList + 4, size: 12) else { return nil }
    let key = (Array(root.namespace.utf8), Array(root.localName.utf8))
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      let record = namespaceList + 4 + 12 * middle
      guard let namespace = u32(record), let localName = u32(record + 4),
        let byNamespace = compare(key.0, toStringAt: namespace)
      else { return nil }
      let order: Int
      if byNamespace != 0 {
        order = byNamespace
      } else {
        guard let byName = compare(key.1, toStringAt: localName) else { return nil }
        order = byName
      }
      if order == 0 { return u32(record + 8).flatMap(string(at:)) }
      if order < 0 { high = middle - 1 } else { low = middle + 1 }
    }
    return nil
  }
}
