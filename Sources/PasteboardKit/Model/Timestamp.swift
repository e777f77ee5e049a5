/// A manifest's date as `YYYY-MM-DDTHH:MM:SSZ`, read and written without Foundation's
/// ISO 8601 machinery, which loads the time zone database and cost about a tenth of
/// every `pb paste`. Whole seconds since 1970, UTC, are all a manifest needs.
public enum Timestamp {
  public static func format(secondsSince1970 seconds: Int) -> String {
    format(seconds: seconds, milliseconds: nil)
  }

  /// `YYYY-MM-DDTHH:MM:SS[.mmm]Z`, written byte by byte: a history holds a hundred dates,
  /// and building each from interpolated strings cost more than the rest of its entry.
  private static func format(seconds: Int, milliseconds: Int?) -> String {
    let (days, secondOfDay) = floorDivision(seconds, 86_400)
    let (year, month, day) = civilDate(daysSince1970: days)
    let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    guard (0...9999).contains(year) else {
      let whole = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
      return whole + (milliseconds.map { "." + padded($0, 3) } ?? "") + "Z"
    }
    return String(unsafeUninitializedCapacity: 24) { buffer in
      var end = 0
      func put(_ value: Int, _ width: Int, then separator: UInt8) {
        var rest = value
        for position in stride(from: end + width - 1, through: end, by: -1) {
          buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        buffer[end + width] = separator
        end += width + 1
      }
      put(year, 4, then: UInt8(ascii: "-"))
      put(month, 2, then: UInt8(ascii: "-"))
      put(day, 2, then: UInt8(ascii: "T"))
      put(hour, 2, then: UInt8(ascii: ":"))
      put(minute, 2, then: UInt8(ascii: ":"))
      if let milliseconds {
        put(second, 2, then: UInt8(ascii: "."))
        put(milliseconds, 3, then: UInt8(ascii: "Z"))
      } else {
        put(second, 2, then: UInt8(ascii: "Z"))
      }
      return end
    }
  }

  /// The seconds since 1970 of a timestamp in exactly the form `format` writes, else nil.
  static func parse(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z") else { return nil }
      return secondsOfDateAndTime(bytes)
    }
  }

  /// The seconds of the `YYYY-MM-DDTHH:MM:SS` that starts `bytes`, else nil.
  private static func secondsOfDateAndTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? { ASCII.decimal(bytes, range) }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...daysIn(month: month, of: year)).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// Milliseconds since 1970 as `YYYY-MM-DDTHH:MM:SS.mmmZ` (expiry times need them).
  public static func format(millisecondsSince1970 milliseconds: Int64) -> String {
    let (seconds, fraction) = floorDivision(Int(milliseconds), 1000)
    return format(seconds: seconds, milliseconds: fraction)
  }

  /// The milliseconds since 1970 of a timestamp as either `format` writes it.
  static func parseMilliseconds(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { parseMilliseconds(utf8: $0) }
  }

  /// `parseMilliseconds` of a text's UTF-8 bytes (a store file's, read without a String:
  /// a history's 50 dates cost a copy an array each).
  static func parseMilliseconds(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    switch bytes.count {
    case 20:
      guard bytes[19] == UInt8(ascii: "Z"), let seconds = secondsOfDateAndTime(bytes) else { return nil }
      return Int64(seconds) * 1000
    case 24:
      guard bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z"), let fraction = ASCII.decimal(bytes, 20..<23),
        let seconds = secondsOfDateAndTime(bytes)
      else { return nil }
      return Int64(seconds) * 1000 + Int64(fraction)
    default:
      return nil
    }
  }

  /// The days of a month of the Gregorian calendar (February has 29 in leap years).
  static func daysIn(month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Seconds since 1970 of a civil date and time in UTC (for user-given times).
  static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
    daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// Division rounding down, so that a time before 1970 keeps a remainder in 0..<divisor.
  static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  // The proleptic Gregorian calendar in 400-year eras of 146,097 days, counted from
  // 1 March so that the leap day ends a year (Howard Hinnant's civil-date algorithms).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let marchYear = month <= 2 ? year - 1 : year
    let (era, yearOfEra) = floorDivision(marchYear, 400)
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
  }
}
