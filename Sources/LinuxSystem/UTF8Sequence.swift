/// Used by `PathBytes` to tell the bytes of a path that are UTF-8, and by text checks.
/// One UTF-8 sequence as the standard allows it: no overlong forms, no surrogates,
/// nothing past U+10FFFF.
public enum UTF8Sequence {
  public enum Check: Equatable {
    case valid(length: Int)
    /// A sequence that would be valid, cut short by the end of the bytes.
    case truncated
    case invalid
  }

  public static func check(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Check {
    let lead = bytes[index]
    let length: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0x00..<0x80: return .valid(length: 1)
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; lowest = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; highest = 0x9F
    case 0xF0: length = 4; lowest = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; highest = 0x8F
    default: return .invalid  // a stray continuation byte, or a byte UTF-8 never uses
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .truncated }
      let byte = bytes[index + offset]
      let (low, high) = offset == 1 ? (lowest, highest) : (UInt8(0x80), UInt8(0xBF))
      if byte < low || byte > high { return .invalid }
    }
    return .valid(length: length)
  }
}
