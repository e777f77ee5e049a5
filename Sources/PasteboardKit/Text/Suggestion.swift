/// "Did you mean ...?": the known words nearest to a misspelt one.
public enum Suggestion {
  /// The candidates within a small edit distance of `word` (insertions, deletions,
  /// substitutions and swaps of neighbours, ignoring case), nearest first; a candidate
  /// that starts with `word` counts as near. Empty when nothing is close.
  public static func nearest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty else { return [] }
    // Short words tolerate one edit; longer ones two.
    let allowed = typed.count <= 4 ? 1 : 2
    var scored: [(distance: Int, candidate: String)] = []
    for candidate in candidates {
      let known = Array(candidate.lowercased())
      let distance = known.starts(with: typed) && typed.count >= 2 ? 1 : editDistance(typed, known)
      if distance <= allowed { scored.append((distance, candidate)) }
    }
    return scored.sorted { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }.prefix(limit).map(\.candidate)
  }

  /// Optimal string alignment distance: Levenshtein plus the swap of two neighbours.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }

  /// `did you mean 'paste'?`, `did you mean 'paste' or 'types'?`; nil without candidates.
  public static func phrase(_ suggestions: [String]) -> String? {
    alternatives(suggestions.map { "'\($0)'" }).map { "did you mean \($0)?" }
  }

  /// `a`, `a or b`, `a, b or c`; nil for none.
  public static func alternatives(_ words: [String]) -> String? {
    guard let last = words.last else { return nil }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }
}
