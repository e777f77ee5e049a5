import Foundation
import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct TimestampTests {
  @Test(arguments: [
    (0, "1970-01-01T00:00:00Z"),
    (-1, "1969-12-31T23:59:59Z"),
    (951_782_400, "2000-02-29T00:00:00Z"),
    (1_700_000_000, "2023-11-14T22:13:20Z"),
    (4_107_542_399, "2100-02-28T23:59:59Z"),
    (-2_208_988_800, "1900-01-01T00:00:00Z"),
  ])
  func formatsAndParses(seconds: Int, text: String) {
    #expect(Timestamp.format(secondsSince1970: seconds) == text)
    #expect(Timestamp.parse(text) == seconds)
  }

  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"), (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
    (1_700_000_000_005, "2023-11-14T22:13:20.005Z"),
  ])
  func formatsAndParsesMilliseconds(milliseconds: Int64, text: String) {
    #expect(Timestamp.format(millisecondsSince1970: milliseconds) == text)
    #expect(Timestamp.parseMilliseconds(text) == milliseconds)
  }

  @Test func agreesWithFoundationAcrossCenturies() {
    let seed = FuzzGenerator.seed(0x7135)
    var generator = FuzzGenerator(state: seed)
    for _ in 0..<2000 {
      let seconds = Int.random(in: -4_000_000_000...8_000_000_000, using: &generator)
      let expected = Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
      #expect(Timestamp.format(secondsSince1970: seconds) == expected, "seed \(seed)")
      #expect(Timestamp.parse(expected) == seconds, "seed \(seed)")
    }
  }

  @Test(arguments: ["", "2023-11-14", "2023-11-14T22:13:20", "2023-13-01T00:00:00Z", "2023-11-14 22:13:20Z", "2023-11-14T22:13:2xZ", "+023-11-14T22:13:20Z"])
  func rejectsOtherForms(text: String) {
    #expect(Timestamp.parse(text) == nil)
  }

  @Test func daysThatDoNotExistAreRefusedNotCarriedOver() throws {
    #expect(Timestamp.parse("2028-02-29T00:00:00Z") != nil, "a leap day")
    #expect(Timestamp.parse("2000-02-29T00:00:00Z") != nil, "400 years make a leap year")
    for text in [
      "2027-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2027-02-30T00:00:00Z", "2027-04-31T00:00:00Z", "2027-01-01T24:00:00Z",
      "2027-01-01T00:60:00Z", "2027-01-01T00:00:60Z",
    ] {
      #expect(Timestamp.parse(text) == nil, "\(text)")
      #expect(Timestamp.parseMilliseconds(text) == nil, "\(text)")
    }
    #expect(try TimeSpec.time("2028-02-29T12:00Z") != nil)
    for text in ["2027-02-30T00:00:00Z", "2027-02-29T00:00Z", "2100-02-29T00:00Z", "2027-06-31T00:00Z", "2027-01-01T00:00:60Z",
      "2027-01-01T00:00+01:75"]
    {
      #expect(throws: PasteboardError.self, "\(text)") { try TimeSpec.time(text) }
    }
  }
}
