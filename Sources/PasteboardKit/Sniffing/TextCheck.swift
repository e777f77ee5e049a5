import LinuxSystem

/// Whether bytes are text `pb` can vouch for: UTF-8 without NUL bytes, or anything starting
/// with a UTF-16 byte-order mark; and, where libmagic finds only data, UTF-8 padded with NULs
/// at its end or UTF-16 without a mark.
enum TextCheck {
  enum Encoding: Equatable {
    case utf8
    /// With a byte-order mark.
    case utf16
    /// Without a byte-order mark, in the order given (`unmarkedUTF16(in:isWhole:)`).
    case unmarkedUTF16(bigEndian: Bool)

    /// The plain-text type of text in this encoding, as Apple's declarations name them:
    /// UTF-16 in the host's order without a mark is `public.utf16-plain-text`; with a mark,
    /// or big-endian without one, `public.utf16-external-plain-text`.
    var plainText: TypeIdentifier {
      switch self {
      case .utf8: return .utf8PlainText
      case .utf16: return .utf16ExternalPlainText
      case .unmarkedUTF16(let bigEndian):
        if bigEndian == (UInt16(bigEndian: 1) == 1) { return .utf16PlainText }
        return bigEndian ? .utf16ExternalPlainText : .plainText
      }
    }
  }

  /// The text encoding of `bytes`, or nil when they are not text. When `isWhole` is
  /// false the bytes are a head cut from a longer stream, so a multi-byte sequence cut
  /// short at the end is not held against them.
  static func encoding(of bytes: UnsafeRawBufferPointer, isWhole: Bool) -> Encoding? {
    if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
      return .utf16
    }
    return firstNonTextOffset(in: bytes, isWhole: isWhole) == nil ? .utf8 : nil
  }

  /// The encoding of text that libmagic takes for binary data, asked only where it names
  /// nothing else: UTF-8 padded with NUL bytes at its end, or UTF-16 without a mark.
  static func encodingLibmagicMisses(of bytes: UnsafeRawBufferPointer, isWhole: Bool) -> Encoding? {
    if isWhole, let bad = firstNonTextOffset(in: bytes, isWhole: true), endsInPadding(bytes, from: bad) { return .utf8 }
    return unmarkedUTF16(in: bytes, isWhole: isWhole)
  }

  /// Whether text is followed only by NUL bytes, fewer than the text's own: a C string's
  /// terminator or a block's padding written with it (a `.css` with one NUL at its end),
  /// not a zeroed disk image with a word at its start. The text must be plainly text, with
  /// no control character but tab, line and page breaks: a binary header (`PK\3\4`) is not.
  private static func endsInPadding(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Bool {
    bytes.count - offset < offset && bytes[offset...].allSatisfy { $0 == 0 }
      && !bytes[..<offset].contains { isControlButBreak(UInt16($0)) }
  }

  /// A C0 control character or DEL, but tab, line feed, form feed and carriage return:
  /// what plainly written text never holds.
  private static func isControlButBreak(_ unit: UInt16) -> Bool {
    (unit < 0x20 && unit != 0x09 && unit != 0x0A && unit != 0x0C && unit != 0x0D) || unit == 0x7F
  }

  /// UTF-16 written without a byte-order mark (Windows tools write it so: shim's
  /// `BOOTX64.CSV`), which libmagic and GLib take for binary data. Taken only for text
  /// that is at least half ASCII, with no NUL, control character (but tab, line and page
  /// breaks), unpaired surrogate or noncharacter: 16-bit binary data fails that within a
  /// few units, and a reader that cannot tell the order is given none.
  private static func unmarkedUTF16(in bytes: UnsafeRawBufferPointer, isWhole: Bool) -> Encoding? {
    // A head cut from a longer stream may end in half a unit.
    let count = isWhole ? bytes.count : bytes.count & ~1
    guard count >= 2, count % 2 == 0 else { return nil }
    var zeroHighAtOdd = 0
    var zeroHighAtEven = 0
    for index in stride(from: 0, to: count, by: 2) {
      if bytes[index + 1] == 0 { zeroHighAtOdd += 1 }
      if bytes[index] == 0 { zeroHighAtEven += 1 }
    }
    // As many zero bytes in both places: no order is more likely than the other.
    guard zeroHighAtEven != zeroHighAtOdd else { return nil }
    let bigEndian = zeroHighAtEven > zeroHighAtOdd
    let units = count / 2
    var ascii = 0
    var pendingHighSurrogate = false
    for index in stride(from: 0, to: count, by: 2) {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      let unit = bigEndian ? first << 8 | second : second << 8 | first
      if pendingHighSurrogate {
        guard (0xDC00...0xDFFF).contains(unit) else { return nil }
        pendingHighSurrogate = false
        continue
      }
      if isControlButBreak(unit) { return nil }
      switch unit {
      case 0x00...0x7F: ascii += 1
      case 0xD800...0xDBFF: pendingHighSurrogate = true
      case 0x80...0x9F, 0xDC00...0xDFFF, 0xFFFE, 0xFFFF: return nil
      default: break
      }
    }
    // A high surrogate at the very end of a cut head may be completed past it.
    guard !pendingHighSurrogate || !isWhole, ascii * 2 >= units else { return nil }
    return .unmarkedUTF16(bigEndian: bigEndian)
  }

  /// The offset of the first byte that is a NUL or breaks UTF-8, if any.
  static func firstNonTextOffset(in bytes: UnsafeRawBufferPointer, isWhole: Bool) -> Int? {
    firstInvalidOffset(in: bytes, isWhole: isWhole, allowingNUL: false)
  }

  /// The offset of the first byte that breaks UTF-8 (or is a NUL, unless allowed).
  static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer, isWhole: Bool, allowingNUL: Bool) -> Int? {
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0 && !allowingNUL { return index }
      // ASCII, most of any text, without a call per byte.
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      switch UTF8Sequence.check(bytes, at: index) {
      case .valid(let length): index += length
      case .truncated: return isWhole ? index : nil
      case .invalid: return index
      }
    }
    return nil
  }
}

/// Checks that a stream is UTF-8 as it passes through in chunks, carrying a character cut
/// at a chunk's end over to the next.
public struct UTF8StreamValidator {
  private var carried: [UInt8] = []
  private(set) var offset: Int64 = 0
  /// Whether NUL bytes count as text (for data declared UTF-8) or not (TextCheck's rule).
  var allowingNUL = true

  public init(allowingNUL: Bool = true) {
    self.allowingNUL = allowingNUL
  }

  /// Returns the stream offset of the first invalid byte, if this chunk has one.
  public mutating func check(_ chunk: UnsafeRawBufferPointer) -> Int64? {
    let bytes = carried + chunk
    let start = offset - Int64(carried.count)
    let bad = bytes.withUnsafeBytes { TextCheck.firstInvalidOffset(in: $0, isWhole: true, allowingNUL: allowingNUL) }
    offset += Int64(chunk.count)
    guard let bad else {
      carried = []
      return nil
    }
    // An incomplete character at the very end may be completed by the next chunk.
    let tail = bytes.count - bad
    let complete = bytes.withUnsafeBytes { TextCheck.firstInvalidOffset(in: $0, isWhole: false, allowingNUL: allowingNUL) }
    if complete == nil && tail < 4 {
      carried = Array(bytes[bad...])
      return nil
    }
    return start + Int64(bad)
  }

  /// At the end of the stream: the offset of a character left incomplete, if any.
  public func finish() -> Int64? {
    carried.isEmpty ? nil : offset - Int64(carried.count)
  }
}
