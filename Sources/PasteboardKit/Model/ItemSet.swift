/// A set of item indexes as users write it: `0`, `1,3,5`, `2-4`, `all`, or a mix such
/// as `0,2-4`. Indexes are 0-based, the numbers `pb items` prints; negative ones count
/// from the end (`-1` is the last item, `-3--1` the last three, `1--1` all but the first).
public struct ItemSet: Sendable, Equatable, CustomStringConvertible {
  /// One end of a range: an index from the start, or a count back from the end.
  private enum Bound: Equatable, Sendable {
    case fromStart(Int)
    case fromEnd(Int)

    func resolved(numberOfItems count: Int) -> Int {
      switch self {
      case .fromStart(let index): index
      case .fromEnd(let back): count - back
      }
    }

    var written: String {
      switch self {
      case .fromStart(let index): String(index)
      case .fromEnd(let back): "-\(back)"
      }
    }
  }

  private enum Element: Equatable, Sendable {
    case all
    case range(Bound, Bound)
  }

  private let elements: [Element]
  public let description: String

  /// The set holding every item.
  public static let all = ItemSet(elements: [.all], description: "all")

  /// The set holding one item.
  public static func index(_ index: Int) -> ItemSet {
    ItemSet(elements: [.range(.fromStart(index), .fromStart(index))], description: String(index))
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
      // The first bound's own '-' is a sign; the next '-' separates the bounds.
      let signed = entry.hasPrefix("-")
      let body = signed ? entry.dropFirst() : Substring(entry)
      let separator = body.firstIndex(of: "-")
      let lowerText = (signed ? "-" : "") + (separator.map { body[..<$0] } ?? body)
      let upperText = separator.map { body[body.index(after: $0)...] }
      let lower = try bound(Substring(lowerText), in: text)
      let upper = try upperText.map { (written) throws(PasteboardError) in try bound(written, in: text) } ?? lower
      let backwards =
        switch (lower, upper) {
        case (.fromStart(let from), .fromStart(let to)): from > to
        case (.fromEnd(let from), .fromEnd(let to)): from < to
        default: false
        }
      if backwards {
        throw .malformedItemSet(
          text, reason: "the range \(Display.value(entry, limit: 24)) runs backwards; write \(upper.written)-\(lower.written)")
      }
      elements.append(.range(lower, upper))
    }
    return ItemSet(elements: elements, description: text)
  }

  private static func bound(_ written: Substring, in text: String) throws(PasteboardError) -> Bound {
    let negative = written.hasPrefix("-")
    let digits = negative ? written.dropFirst() : written
    if digits.isEmpty {
      throw .malformedItemSet(text, reason: "a range needs both ends, as in 2-4 or -3--1")
    }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .malformedItemSet(text, reason: "'\(Display.value(written, limit: 24))' is not an index")
    }
    guard let value = Int(digits), value <= Int(Int32.max) else {
      throw .malformedItemSet(text, reason: "'\(Display.value(written, limit: 24))' is too large")
    }
    if negative && value == 0 { throw .malformedItemSet(text, reason: "-0 is not an index; the last item is -1") }
    return negative ? .fromEnd(value) : .fromStart(value)
  }

  /// The chosen indexes in the order given, each once where it first comes (`1,0`
  /// pastes item 1 first, as a user listing them expects); an index past either end is
  /// an error that says how many items there are.
  public func indexes(numberOfItems count: Int) throws(PasteboardError) -> [Int] {
    // Marks rather than a Set<Int>: a set's first use costs a scan of the binary's
    // conformance records, more than a small paste's own work.
    var chosen = [Bool](repeating: false, count: count)
    var ordered: [Int] = []
    func choose(_ index: Int) {
      if !chosen[index] { ordered.append(index) }
      chosen[index] = true
    }
    for element in elements {
      switch element {
      case .all:
        for index in 0..<count { choose(index) }
      case .range(let lower, let upper):
        let from = lower.resolved(numberOfItems: count)
        let to = upper.resolved(numberOfItems: count)
        for (bound, index) in [(lower, from), (upper, to)] where index < 0 || index >= count {
          // Named as the user wrote it: -5, not -2.
          var shown = index
          if case .fromEnd(let back) = bound { shown = -back }
          throw .itemOutOfRange(index: shown, numberOfItems: count)
        }
        if from > to {
          throw .malformedItemSet(
            description, reason: "\(lower.written)-\(upper.written) runs backwards on \(count) items (\(from) to \(to))")
        }
        for index in from...to { choose(index) }
      }
    }
    return ordered
  }
}
