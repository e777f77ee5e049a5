/// A color with 16 bits a channel, as GTK's color widgets exchange it, read from the
/// two forms pb knows: GTK's `application/x-color` and a text that is exactly one CSS
/// color. The `color` kind (`pb paste -t color`) is this value written as `#rrggbb`,
/// or `#rrggbbaa` when it is not opaque.
public struct Color: Sendable, Equatable {
  public var red: UInt16
  public var green: UInt16
  public var blue: UInt16
  public var alpha: UInt16

  public init(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16 = .max) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// GTK's MIME type for a color: four 16-bit values, red, green, blue and alpha, in the
  /// host's byte order (gtk_color_button's drag data, 8 bytes).
  public static let gtkMIMEType = "application/x-color"

  /// The type `application/x-color` is stored as: the one an import of that target gets.
  public static var gtkType: TypeIdentifier {
    TypeRegistry.type(forMIMEType: MIMEType(essence: gtkMIMEType, charset: nil))
  }

  /// The most bytes a text holding one CSS color is read for: `rgba(100%, 100%, 100%, 0.5)`
  /// with room for spaces and decimals; a longer text is not one color.
  public static let longestText = 128

  /// The 8 bytes of `application/x-color`.
  public var gtkBytes: [UInt8] {
    [red, green, blue, alpha].flatMap { value in withUnsafeBytes(of: value) { Array($0) } }
  }

  /// Reads `application/x-color`: nil unless exactly 8 bytes.
  public init?(gtkBytes bytes: [UInt8]) {
    guard bytes.count == 8 else { return nil }
    let values = (0..<4).map { index in
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self) }
    }
    self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3])
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque, in lower case.
  public var hex: String {
    let channels = alpha == .max ? [red, green, blue] : [red, green, blue, alpha]
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = [UInt8(ascii: "#")]
    for channel in channels {
      let byte = Self.eightBits(channel)
      text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The nearest 8-bit value: 0x8080 is 0x80, as GTK's 0xffff is CSS's 0xff.
  static func eightBits(_ value: UInt16) -> UInt8 {
    UInt8((UInt32(value) * 255 + 32767) / 65535)
  }

  static func sixteenBits(fraction: Double) -> UInt16 {
    UInt16((min(max(fraction, 0), 1) * 65535).rounded())
  }
}

extension Color {
  /// A text that is exactly one CSS color, blanks around it allowed (a copied line's
  /// newline): `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, or `rgb()`/`rgba()` with three
  /// numbers (0-255) or percentages, and an optional alpha (0-1 or a percentage), as
  /// CSS Color 4 writes them (`rgb(255 136 0 / 50%)`) or older CSS (`rgba(255, 136, 0, 0.5)`).
  /// Values out of range are clamped, as CSS does. Color names are not taken: a word on
  /// the clipboard (`red`, `tan`) is far more often a word than a color.
  public static func parse(css text: String) throws(PasteboardError) -> Color {
    do {
      return try parse(trimmed: text[...].trimmingBlanks)
    } catch {
      throw .invalidColor(text, reason: error.reason)
    }
  }

  /// Why a text is not one CSS color.
  private struct NotAColor: Error {
    let reason: String
  }

  private static func parse(trimmed: Substring) throws(NotAColor) -> Color {
    if trimmed.isEmpty { throw NotAColor(reason: "it is empty") }
    if trimmed.utf8.count > longestText { throw NotAColor(reason: "it is longer than any color") }
    if trimmed.hasPrefix("#") { return try hex(trimmed.dropFirst()) }
    let lowered = trimmed.lowercased()
    for name in ["rgba(", "rgb("] where lowered.hasPrefix(name) {
      guard lowered.hasSuffix(")") else { throw NotAColor(reason: "\(name)...) is not closed") }
      return try functional(lowered.dropFirst(name.count).dropLast())
    }
    throw NotAColor(reason: "it is neither #hex nor rgb()")
  }

  /// A text that is one CSS color, or nil (`pb contains color`, `pb paste -t color`).
  public init?(css bytes: [UInt8]) {
    guard bytes.count <= Self.longestText, let text = String(validating: bytes, as: UTF8.self),
      let color = try? Self.parse(trimmed: text[...].trimmingBlanks)
    else { return nil }
    self = color
  }

  private static func hex(_ digits: Substring) throws(NotAColor) -> Color {
    let values = digits.utf8.map { byte -> UInt16? in
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
    let nibbles = values.compactMap { $0 }
    if nibbles.count != values.count { throw NotAColor(reason: "a hex color has only the digits 0-9 and a-f") }
    let channels: [UInt16]
    switch nibbles.count {
    // #f80: each digit doubled, 0xf is 0xff, and 0xff is GTK's 0xffff (times 257).
    case 3, 4: channels = nibbles.map { $0 * 0x1111 }
    case 6, 8: channels = stride(from: 0, to: nibbles.count, by: 2).map { (nibbles[$0] << 4 | nibbles[$0 + 1]) * 257 }
    default: throw NotAColor(reason: "a hex color has 3, 4, 6 or 8 digits, not \(nibbles.count)")
    }
    return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : .max)
  }

  /// The inside of `rgb(...)`: `R G B`, `R G B / A`, `R, G, B` or `R, G, B, A`.
  private static func functional(_ inside: Substring) throws(NotAColor) -> Color {
    var values: [Substring]
    var alpha: Substring?
    if inside.contains(",") {
      values = inside.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
      if values.count == 4 { alpha = values.removeLast() }
    } else {
      let halves = inside.split(separator: "/", omittingEmptySubsequences: false)
      guard halves.count <= 2 else { throw NotAColor(reason: "rgb() has one '/' at most, before the alpha") }
      values = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0 }
      if halves.count == 2 { alpha = halves[1].trimmingBlanks }
    }
    guard values.count == 3, values.allSatisfy({ !$0.isEmpty }) else {
      throw NotAColor(reason: "rgb() takes three values, red, green and blue, and an alpha")
    }
    let channels = try values.map { (value) throws(NotAColor) in
      try sixteenBits(fraction: number(value, percentOf: 100, else: 255))
    }
    let opacity = try alpha.map { (value) throws(NotAColor) in try sixteenBits(fraction: number(value, percentOf: 100, else: 1)) }
    return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: opacity ?? .max)
  }

  /// A number as a fraction of its range: a percentage of 100, else of `range`.
  private static func number(_ text: Substring, percentOf percent: Double, else range: Double) throws(NotAColor) -> Double {
    let isPercent = text.hasSuffix("%")
    let digits = isPercent ? text.dropLast() : text
    // Digits, one '.', an optional sign: no exponents, no hex, no "inf" or "nan".
    let plain = !digits.isEmpty && digits.enumerated().allSatisfy { offset, character in
      character.isASCII && (character.isNumber || character == "." || (offset == 0 && (character == "-" || character == "+")))
    } && digits.filter({ $0 == "." }).count <= 1 && digits.contains(where: \.isNumber)
    guard plain, let value = Double(digits) else {
      throw NotAColor(reason: "rgb() takes numbers or percentages, as in rgb(255 136 0 / 50%)")
    }
    return value / (isPercent ? percent : range)
  }
}

extension Substring {
  fileprivate var trimmingBlanks: Substring {
    var text = self
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return text
  }
}
