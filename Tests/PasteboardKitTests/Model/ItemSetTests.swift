import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct ItemSetTests {
  @Test(arguments: [
    ("0", 5, [0]), ("1,3", 5, [1, 3]), ("2-4", 5, [2, 3, 4]), ("all", 3, [0, 1, 2]), ("0,2-3", 5, [0, 2, 3]),
    ("3,1,1", 5, [3, 1]), ("-1,0", 3, [2, 0]), ("2,all", 3, [2, 0, 1]), ("all", 0, []), ("ALL", 2, [0, 1]), ("1 , 2", 3, [1, 2]),
    ("-1", 5, [4]), ("-3--1", 5, [2, 3, 4]), ("1--1", 4, [1, 2, 3]), ("0,-1", 3, [0, 2]), ("-2-4", 5, [3, 4]), ("-1", 1, [0]),
  ])
  func parsesAndChooses(text: String, count: Int, expected: [Int]) throws {
    #expect(try ItemSet.parse(text).indexes(numberOfItems: count) == expected)
  }

  @Test(arguments: ["", "x", "3-1", "1-", "-0", "--1", "-1--3", "-", "1,,2", "1-2-3", "١", "99999999999999999999", "0x1", "-1-"])
  func rejectsMalformed(text: String) {
    #expect {
      _ = try ItemSet.parse(text)
    } throws: { error in
      guard case PasteboardError.malformedItemSet(let set, _) = error else { return false }
      return set == text
    }
  }

  @Test func outOfRangeNamesTheCount() throws {
    let set = try ItemSet.parse("1,99")
    #expect(throws: PasteboardError.itemOutOfRange(index: 99, numberOfItems: 2)) {
      try set.indexes(numberOfItems: 2)
    }
    #expect(throws: PasteboardError.itemOutOfRange(index: 5, numberOfItems: 2)) {
      try ItemSet.parse("1-5").indexes(numberOfItems: 2)
    }
    #expect(throws: PasteboardError.itemOutOfRange(index: -5, numberOfItems: 3), "named as written") {
      try ItemSet.parse("-5--1").indexes(numberOfItems: 3)
    }
    #expect(throws: PasteboardError.itemOutOfRange(index: -1, numberOfItems: 0)) {
      try ItemSet.parse("-1").indexes(numberOfItems: 0)
    }
    // Mixed ends can only be ordered once the count is known.
    #expect(throws: PasteboardError.self) { try ItemSet.parse("3--3").indexes(numberOfItems: 4) }
    #expect(try ItemSet.parse("3--3").indexes(numberOfItems: 6) == [3])
  }
}
