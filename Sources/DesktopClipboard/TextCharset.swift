import PasteboardKit

/// The charsets text comes in from the desktop, and their conversion to the UTF-8 pb
/// keeps: one way for every text target, X11's Latin-1 `STRING` included.
public enum TextCharset {
  /// The charset of text that came as `name`: X11's `STRING` is Latin-1, a MIME type
  /// says it in its `charset` parameter, and every other text name is UTF-8.
  public static func of(_ name: String) -> String {
    let lowered = name.lowercased()
    if lowered == "string" { return "iso-8859-1" }
    if lowered == "compound_text" { return lowered }
    for parameter in lowered.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.filter { $0 != " " && $0 != "\t" && $0 != "\"" } }
      if pair.count == 2 && pair[0] == "charset" { return pair[1] }
    }
    return "utf-8"
  }

  /// Why text in a charset was not kept.
  public enum Problem: Error, Equatable, Sendable {
    /// pb does not convert the charset (COMPOUND_TEXT, koi8-r).
    case unknownCharset
    /// The bytes are not text in the charset they were said to be in.
    case notText
  }

  /// `bytes`, text in `charset`, as UTF-8.
  public static func utf8(_ bytes: [UInt8], charset: String) -> Result<[UInt8], Problem> {
    switch charset {
    case "utf-8", "utf8":
      return String(validating: bytes, as: UTF8.self) != nil ? .success(bytes) : .failure(.notText)
    case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
      return .success(scalars(bytes) { Unicode.Scalar($0) })
    case "us-ascii", "ascii":
      return bytes.allSatisfy { $0 < 0x80 } ? .success(bytes) : .failure(.notText)
    case "windows-1252", "cp1252":
      return .success(scalars(bytes) { windows1252[$0] ?? Unicode.Scalar($0) })
    case "utf-16":
      // A byte order mark says which; without one, little endian, as X11 and
      // Wayland applications (Qt, Firefox) send it on the machines they run on.
      return utf16(bytes, bigEndian: bytes.starts(with: [0xFE, 0xFF]))
    case "utf-16le": return utf16(bytes, bigEndian: false)
    case "utf-16be": return utf16(bytes, bigEndian: true)
    default: return .failure(.unknownCharset)
    }
  }

  private static func scalars(_ bytes: [UInt8], _ scalar: (UInt8) -> Unicode.Scalar) -> [UInt8] {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: bytes.map(scalar))
    return Array(String(text).utf8)
  }

  /// UTF-16 in the order given, its byte order mark (if it has one) left out.
  private static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> Result<[UInt8], Problem> {
    guard bytes.count % 2 == 0 else { return .failure(.notText) }
    var units = stride(from: 0, to: bytes.count, by: 2).map { index in
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    if units.first == 0xFEFF { units.removeFirst() }
    guard let text = String(validating: units, as: UTF16.self) else { return .failure(.notText) }
    return .success(Array(text.utf8))
  }

  /// Where Windows-1252 differs from Latin-1: 0x80-0x9F are printable there.
  private static let windows1252: [UInt8: Unicode.Scalar] = [
    0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
    0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
    0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
    0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
    0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
  ]
}

/// Text the desktop offered that pb could not convert to UTF-8, and so did not keep.
public struct UnconvertedText: Equatable, Sendable {
  /// The name it came as (`text/plain;charset=koi8-r`).
  public var name: String
  public var charset: String
  public var problem: TextCharset.Problem

  /// Why it was not kept, for a message.
  public var reason: String {
    switch problem {
    case .unknownCharset: "pb does not convert \(Display.value(charset)) to UTF-8"
    case .notText: "it is not valid \(Display.value(charset))"
    }
  }
}
