/// A set of item indexes as users write it: `0`, `1,3,5`, `2-4`, `all`, or a mix such
/// as `0,2-4`. Indexes are 0-based, the numbers `pb items` prints.
public struct ItemSet: Sendable, Equatable, CustomStringConvertible {
  private enum Element: Equatable, Sendable {
    case all
    case range(ClosedRange<Int>)
  }

  private let elements: [Element]
  public let description: String

  /// The set holding every item.
  public static let all = ItemSet(elements: [.all], description: "all")

  /// The set holding one item.
  public static func index(_ index: Int) -> ItemSet {
    ItemSet(elements: [.range(index...index)], description: String(index))
  }

  private init(elements: [Element], description: String) {
    self.elements = elements
    self.description = description
  }

  public static func parse(_ text: String) throws(PasteboardError) -> ItemSet {
    if text.isEmpty { throw .malformedItemSet(text, reason: "it is empty") }
    var elements: [Element] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let entry = part.filter { $0 != " " }
      if entry.isEmpty { throw .malformedItemSet(text, reason: "it has an empty entry") }
      if entry.lowercased() == "all" {
        elements.append(.all)
        continue
      }
      if entry.hasPrefix("-") {
        throw .malformedItemSet(text, reason: "indexes start at 0 and cannot be negative")
      }
      let bounds = entry.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count <= 2 else { throw .malformedItemSet(text, reason: "'\(Display.value(entry, limit: 24))' is not a range such as 2-4") }
      let lower = try number(bounds[0], in: text)
      let upper = bounds.count == 2 ? try number(bounds[1], in: text) : lower
      guard lower <= upper else {
        throw .malformedItemSet(text, reason: "the range \(Display.value(entry, limit: 24)) runs backwards; write \(upper)-\(lower)")
      }
      elements.append(.range(lower...upper))
    }
    return ItemSet(elements: elements, description: text)
  }

  private static func number(_ digits: Substring, in text: String) throws(PasteboardError) -> Int {
    if digits.isEmpty {
      throw .malformedItemSet(text, reason: "a range needs both ends, as in 2-4")
    }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .malformedItemSet(text, reason: "'\(Display.value(digits, limit: 24))' is not an index")
    }
    guard let value = Int(digits), value <= Int(Int32.max) else {
      throw .malformedItemSet(text, reason: "'\(Display.value(digits, limit: 24))' is too large")
    }
    return value
  }

  /// The chosen indexes in ascending order, each once; an index past the end is an error
  /// that says how many items there are.
  public func indexes(numberOfItems count: Int) throws(PasteboardError) -> [Int] {
    var chosen = Set<Int>()
    for element in elements {
      switch element {
      case .all:
        chosen.formUnion(0..<count)
      case .range(let range):
        if range.upperBound >= count {
          throw .itemOutOfRange(index: max(range.lowerBound, count), numberOfItems: count)
        }
        chosen.formUnion(range)
      }
    }
    return chosen.sorted()
  }
}
