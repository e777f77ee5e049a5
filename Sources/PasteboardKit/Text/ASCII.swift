/// Bytes of the store's own formats and of times users type, read without `String`.
public enum ASCII {
  public static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  /// The lower-case hexadecimal digit of `value` (0 to 15).
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// The decimal number that `bytes[range]` spells, digits only (no sign); nil when the
  /// range is empty, runs past the bytes, holds anything else, or is too long to be sure
  /// not to overflow.
  static func decimal<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>) -> Int? where Bytes.Index == Int {
    guard !range.isEmpty, range.lowerBound >= bytes.startIndex, range.upperBound <= bytes.endIndex, range.count <= 18 else { return nil }
    var value = 0
    for byte in bytes[range] {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
