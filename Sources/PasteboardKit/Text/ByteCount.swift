/// Sizes as people read them: 512 B, 4.2 KiB, 1.0 GiB.
public enum ByteCount {
  public static func format(_ size: Int64) -> String {
    if size < 1024 { return "\(size) B" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(size) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}

extension ByteCount {
  /// A size as people write it: a whole number of bytes (`4096`), or a number with a
  /// unit of 1024s, as `format` writes them, with or without the `iB` and the space
  /// (`512K`, `256 MiB`, `1.5G`, `2TiB`; case does not matter); nil for anything else,
  /// a negative size, or one past 2^62.
  public static func parse(_ text: String) -> Int64? {
    let trimmed = text.trimmingSpaces
    let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits.first != ".", digits.last != "." else { return nil }
    let unit = String(trimmed.dropFirst(digits.count)).trimmingSpaces.lowercased()
    let exponents: [String: Int] = ["": 0, "b": 0, "k": 1, "kib": 1, "m": 2, "mib": 2, "g": 3, "gib": 3, "t": 4, "tib": 4]
    guard let exponent = exponents[unit] else { return nil }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = Int64(parts[0]) else { return nil }
    let scale = Int64(1) << (10 * exponent)
    guard whole <= (Int64(1) << 62) / scale else { return nil }
    var size = whole * scale
    if parts.count == 2 {
      // The fraction of a unit, rounded up to a byte: a size given never shrinks.
      guard exponent > 0 || parts[1].allSatisfy({ $0 == "0" }) else { return nil }  // no fraction of a byte
      guard let fraction = Double("0." + parts[1].prefix(9)) else { return nil }
      size += Int64((fraction * Double(scale)).rounded(.up))
    }
    return size <= 1 << 62 ? size : nil
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
