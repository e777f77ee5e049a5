import Glibc

/// File names are bytes to the kernel, and need not be UTF-8. A `String` holding a path
/// carries each byte that is not part of valid UTF-8 as one scalar of the private range
/// U+10FF80...U+10FFFF (byte 0x80 + n as U+10FF80 + n), the way Python's surrogateescape
/// does; a valid character in that range is carried the same way, byte by byte, so that
/// every byte string has exactly one `String` and comes back unchanged.
public enum PathBytes {
  public static let escapeBase: UInt32 = 0x10FF00

  public static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= escapeBase + 0x80 }

  /// The `String` for a byte string read from the kernel or from argv.
  public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    // The common cases: ASCII (a store's own names; checking for it first spares a
    // second pass over the bytes), and valid UTF-8 with no character from the escape
    // range (whose encoding starts F4 8F BE or F4 8F BF).
    if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = validSequenceLength(bytes, at: index)
      if length > 0 {
        let scalar = decode(bytes, at: index, length: length)
        if !isEscape(scalar) {
          scalars.append(scalar)
          index += length
          continue
        }
      }
      // An invalid byte, or the lead of an escape-range character: carry bytes one by one.
      let count = max(length, 1)
      for offset in 0..<count {
        scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index + offset]))!)
      }
      index += count
    }
    return String(scalars)
  }

  public static func string(cString: UnsafePointer<CChar>) -> String {
    var length = 0
    while cString[length] != 0 { length += 1 }
    return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
      string(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// The bytes a path stands for.
  public static func bytes(_ path: String) -> [UInt8] {
    if !mayHoldEscapes(path) { return Array(path.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if isEscape(scalar) {
        bytes.append(UInt8(scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with the path as the NUL-terminated bytes it stands for.
  public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    if !mayHoldEscapes(path) { return path.withCString(body) }
    var bytes = bytes(path).map { CChar(bitPattern: $0) }
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// Whether `text` may hold a character of the escape range, whose UTF-8 starts F4:
  /// found with memchr, as what pb writes to stdout goes through here too, megabytes of
  /// text of `pb history --list`.
  private static func mayHoldEscapes(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0xF4, bytes.count) != nil } ?? false }
  }

  /// Whether the text is UTF-8 as typed: no byte of it had to be carried as an escape.
  public static func isValidText(_ text: String) -> Bool {
    !text.unicodeScalars.contains(where: isEscape)
  }

  /// The length of the valid UTF-8 sequence at `index`; 0 if there is none.
  private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    if case .valid(let length) = UTF8Sequence.check(UnsafeRawBufferPointer(bytes), at: index) { return length }
    return 0
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Unicode.Scalar {
    let lead = UInt32(bytes[index])
    var value: UInt32
    switch length {
    case 1: return Unicode.Scalar(UInt8(lead))
    case 2: value = lead & 0x1F
    case 3: value = lead & 0x0F
    default: value = lead & 0x07
    }
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
