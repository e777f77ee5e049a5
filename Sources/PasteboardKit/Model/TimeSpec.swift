import LinuxSystem
/// Durations and times as users give them to `--expire` and `--timeout`: `500ms`, `30s`,
/// `10m`, `2h`, `1d`, with a fraction (`0.2s`, `1.5h`) or several (`1h30m`), or an ISO
/// 8601 time with a zone (`2026-11-22T18:00:00Z`, `2026-11-22T18:00+01:00`).
public enum TimeSpec {
  /// The longest duration taken: a hundred years, far from any overflow.
  static let longest: Int64 = 100 * 365 * 86_400_000

  static let examples = "as in 500ms, 30s, 1.5h or 1d"

  /// A duration in milliseconds; zero is allowed (`--timeout 0` checks once). A number
  /// may have a fraction, as `sleep` and `timeout` take; what is left of a millisecond
  /// counts as a whole one, so that a duration given never shrinks to none. Digits past
  /// the ninth after the point count only as being there or not.
  public static func duration(_ text: String) throws(PasteboardError) -> Int64 {
    let bytes = Array(text.utf8)
    if bytes.isEmpty { throw .invalidTime(text, reason: "it is empty; give a duration, \(examples)") }
    if bytes.first == UInt8(ascii: "-") { throw .invalidTime(text, reason: "it is negative; give a duration, \(examples)") }
    if looksLikeTime(bytes) { throw .invalidTime(text, reason: "this takes a duration, not a time; give one \(examples)") }
    if text == "0" { return 0 }
    let tooLong = PasteboardError.invalidTime(text, reason: "it is longer than 100 years; give a shorter duration")
    var total: Int64 = 0
    var index = 0
    while index < bytes.count {
      let start = index
      var whole: Int64 = 0
      while index < bytes.count, ASCII.isDigit(bytes[index]) {
        whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
        if whole > longest { throw tooLong }
        index += 1
      }
      // The fraction as fraction / denominator.
      var fraction: Int64 = 0
      var denominator: Int64 = 1
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let digits = index
        var rest = false
        while index < bytes.count, ASCII.isDigit(bytes[index]) {
          if index - digits < 9 {
            fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            denominator *= 10
          } else if bytes[index] != UInt8(ascii: "0") {
            rest = true
          }
          index += 1
        }
        // Past the ninth digit only whether anything is there counts: 0.0000000001s is
        // some time, and rounds up to a millisecond as any other piece of one does.
        if rest { fraction += 1 }
        if index == digits { throw .invalidTime(text, reason: "a fraction needs digits after the point, as in 1.5s or 0.2s") }
      }
      if index == start { throw .invalidTime(text, reason: "a duration is a number and a unit, \(examples)") }
      let number = String(decoding: bytes[start..<index], as: UTF8.self)
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
      let unitStart = index
      while index < bytes.count, !ASCII.isDigit(bytes[index]), bytes[index] != UInt8(ascii: " ") {
        index += 1
      }
      let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self)
      let scale: Int64
      switch unit {
      case "ms": scale = 1
      case "s": scale = 1000
      case "m": scale = 60_000
      case "h": scale = 3_600_000
      case "d": scale = 86_400_000
      case "": throw .invalidTime(text, reason: "the number \(number) has no unit; give one, as in \(number)s or \(number)m")
      default: throw .invalidTime(text, reason: "'\(Display.value(unit, limit: 20))' is not a unit; use ms, s, m, h or d")
      }
      if whole > longest / scale { throw tooLong }
      total += whole * scale + (fraction * scale + denominator - 1) / denominator
      if total > longest { throw tooLong }
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    }
    return total
  }

  /// A duration that must be some time (how long an item lives): zero is refused.
  public static func nonZeroDuration(_ text: String) throws(PasteboardError) -> Int64 {
    let span = try duration(text)
    if span == 0 { throw .invalidTime(text, reason: "it is no time at all; give a duration longer than zero, \(examples)") }
    return span
  }

  /// When something given as a duration from `now` or as a time should happen, in
  /// milliseconds since 1970; a time that has passed is refused.
  public static func deadline(_ text: String, now: Int64) throws(PasteboardError) -> Int64 {
    if let time = try time(text) {
      if time <= now { throw .invalidTime(text, reason: "that time has passed; give a later one, or a duration \(examples)") }
      return time
    }
    return now + (try nonZeroDuration(text))
  }

  /// Whether the text is written as a date (`2026-11-22...`), whether or not it is a
  /// valid one: a duration never is.
  public static func looksLikeTime(_ text: String) -> Bool {
    looksLikeTime(Array(text.utf8))
  }

  static func looksLikeTime(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
  }

  /// An ISO 8601 time with a zone; nil when the text does not look like a date.
  static func time(_ text: String) throws(PasteboardError) -> Int64? {
    let bytes = Array(text.utf8)
    guard looksLikeTime(bytes) else { return nil }
    func digits(_ range: Range<Int>) -> Int? { ASCII.decimal(bytes, range) }
    let malformed = PasteboardError.invalidTime(text, reason: "a time is YYYY-MM-DDTHH:MM[:SS[.fff]] and a zone (Z or +01:00)")
    guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10), (1...12).contains(month),
      (1...31).contains(day), bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), let hour = digits(11..<13), let minute = digits(14..<16), hour < 24, minute < 60
    else { throw malformed }
    // Not carried over into the next month, as the calendar arithmetic would.
    let days = Timestamp.daysIn(month: month, of: year)
    if day > days {
      throw .invalidTime(text, reason: "there is no day \(day) in that month: it has \(days) days")
    }
    var index = 16
    var second = 0
    var milliseconds = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
      // Unix time has no leap seconds: 60 is not a second of a minute here.
      guard let value = digits(index + 1..<index + 3), value < 60 else { throw malformed }
      second = value
      index += 3
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        var scale = 100
        while index < bytes.count, let digit = digits(index..<index + 1) {
          milliseconds += digit * scale
          scale /= 10
          index += 1
        }
      }
    }
    guard index < bytes.count else {
      throw .invalidTime(text, reason: "give its time zone, as in \(text)Z or \(text)+01:00")
    }
    var offset = 0
    if bytes[index] == UInt8(ascii: "Z") && index == bytes.count - 1 {
      offset = 0
    } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      guard let zoneHours = digits(index + 1..<index + 3), zoneHours < 24 else { throw malformed }
      var zoneMinutes = 0
      let rest = bytes.count - (index + 3)
      if rest == 3, bytes[index + 3] == UInt8(ascii: ":"), let value = digits(index + 4..<index + 6), value < 60 {
        zoneMinutes = value
      } else if rest == 2, let value = digits(index + 3..<index + 5), value < 60 {
        zoneMinutes = value
      } else if rest != 0 {
        throw malformed
      }
      offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
    } else {
      throw malformed
    }
    let seconds = Timestamp.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) - offset
    return Int64(seconds) * 1000 + Int64(milliseconds)
  }

  /// The current time in milliseconds since 1970.
  public static func now() -> Int64 {
    SystemCall.realTimeMilliseconds()
  }
}
