import LinuxSystem

/// Whether bytes are text `pb` can vouch for: UTF-8 without NUL bytes, or anything
/// starting with a UTF-16 byte-order mark.
enum TextCheck {
  enum Encoding: Equatable {
    case utf8
    case utf16
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
