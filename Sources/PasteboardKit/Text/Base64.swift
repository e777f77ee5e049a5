/// Standard base64 (RFC 4648, with padding), appended a chunk at a time.
public enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Appends the encoding of `bytes`; only the last chunk of a stream may have a length
  /// that is not a multiple of 3.
  public static func append(_ bytes: UnsafeRawBufferPointer, to encoded: inout [UInt8]) {
    encoded.reserveCapacity(encoded.count + (bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      encoded.append(alphabet[Int(value >> 18 & 63)])
      encoded.append(alphabet[Int(value >> 12 & 63)])
      encoded.append(alphabet[Int(value >> 6 & 63)])
      encoded.append(alphabet[Int(value & 63)])
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      encoded.append(alphabet[Int(value >> 18 & 63)])
      encoded.append(alphabet[Int(value >> 12 & 63)])
      encoded.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      encoded.append(UInt8(ascii: "="))
    }
  }
}
