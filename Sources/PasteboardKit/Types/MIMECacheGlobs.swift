/// The globs of a `mime.cache`, in the three forms `update-mime-database` sorts them into:
/// whole names (`makefile`), the reverse suffix tree (`*.tar.gz`), and other patterns
/// (`*.so.[0-9]*`). Each entry's weight field holds the weight (0 to 100) in its low byte
/// and, in bit 8, whether the glob is case-sensitive; case-insensitive globs are stored in
/// lower case. SharedMIMEInfo.mimeTypes(forFileName:) asks these in GLib's order.
/// A type a glob gives, with the glob's weight. A struct, not a tuple: an array of tuples
/// has its metadata built at run time from its mangled name on first use.
public struct MIMEGlobMatch: Sendable, Equatable {
  public var mime: String
  public var weight: Int
}

extension MIMECache {
  typealias GlobMatch = MIMEGlobMatch

  /// GLib keeps at most this many types from one lookup.
  static let mostGlobMatches = 10

  /// The type of a literal glob equal to `name`. A case-sensitive entry is refused unless
  /// `acceptingCaseSensitive` (the name is then the user's, not lowered). Nil when no entry
  /// has the name; `.some(nil)` when one has it but is refused, which ends GLib's search of
  /// lowered names in every cache.
  func literal(_ name: [UInt8], acceptingCaseSensitive: Bool) -> GlobMatch?? {
    guard let record = record(keyed: name, inList: literalList, size: 12) else { return nil }
    guard let flags = u32(record + 8), acceptingCaseSensitive || !Self.isCaseSensitive(flags),
      let mime = u32(record + 4).flatMap(string(at:))
    else { return .some(nil) }
    return GlobMatch(mime: mime, weight: flags & 0xFF)
  }

  /// The types of the longest suffix glob `name` ends with, in the cache's order.
  /// The tree holds each suffix reversed, one character a node, with the types as leaves
  /// (character 0, sorted first) among the children of the node the suffix ends at.
  func suffixMatches(_ name: [Unicode.Scalar], acceptingCaseSensitive: Bool) -> [GlobMatch] {
    guard let rootCount = u32(suffixTree), let firstRoot = u32(suffixTree + 4) else { return [] }
    // The children of each node matched, from the last character of the name backwards.
    var path: [SuffixNodes] = []
    var nodes = SuffixNodes(count: rootCount, first: firstRoot)
    for character in name.reversed() {
      guard let node = child(of: nodes, matching: character.value) else { break }
      path.append(node)
      nodes = node
    }
    for node in path.reversed() {
      let found = leaves(of: node, acceptingCaseSensitive: acceptingCaseSensitive)
      if !found.isEmpty { return found }
    }
    return []
  }

  /// The types whose glob is exactly `*.EXT`, with their weights (0 to 100).
  func types(forExtension ext: String) -> [GlobMatch] {
    guard let rootCount = u32(suffixTree), let firstRoot = u32(suffixTree + 4) else { return [] }
    var nodes = SuffixNodes(count: rootCount, first: firstRoot)
    for character in ("." + ext).unicodeScalars.reversed() {
      guard let node = child(of: nodes, matching: character.value) else { return [] }
      nodes = node
    }
    return leaves(of: nodes, acceptingCaseSensitive: true)
  }

  /// The types of the patterns that are neither literal nor a plain suffix, in the cache's
  /// order, matched as `fnmatch(3)` without flags matches them.
  func patternMatches(_ name: [Unicode.Scalar], acceptingCaseSensitive: Bool) -> [GlobMatch] {
    guard let count = u32(globList), count <= recordsFit(from: globList + 4, size: 12) else { return [] }
    var found: [GlobMatch] = []
    // One budget for the whole list: a planted cache of a million star patterns must not
    // cost a name lookup seconds (the real list takes a few thousand steps).
    var budget = Self.mostPatternWork
    for index in 0..<count where found.count < Self.mostGlobMatches {
      let record = globList + 4 + 12 * index
      guard let flags = u32(record + 8), let pattern = u32(record).flatMap(string(at:)) else { return [] }
      guard acceptingCaseSensitive || !Self.isCaseSensitive(flags) else { continue }
      guard let matched = GlobPattern.matches(Array(pattern.unicodeScalars), name, budget: &budget) else { return [] }
      guard matched else { continue }
      guard let mime = u32(record + 4).flatMap(string(at:)) else { return [] }
      found.append(GlobMatch(mime: mime, weight: flags & 0xFF))
    }
    return found
  }

  private static func isCaseSensitive(_ flags: Int) -> Bool { flags & 0x100 != 0 }

  /// Steps one pattern-list lookup may take, all patterns together.
  static let mostPatternWork = 1_000_000

  /// Sibling nodes of the suffix tree: how many, and the offset of the first. A struct, not
  /// a tuple: an array of tuples has its metadata built at run time on first use.
  struct SuffixNodes {
    var count: Int
    var first: Int
  }

  /// The children of the node among `nodes` that holds `character` (binary search: nodes
  /// are sorted by character).
  private func child(of nodes: SuffixNodes, matching character: UInt32) -> SuffixNodes? {
    guard nodes.count <= recordsFit(from: nodes.first, size: 12) else { return nil }
    var low = 0
    var high = nodes.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let node = nodes.first + 12 * middle
      guard let value = u32(node) else { return nil }
      if value == Int(character) {
        guard let count = u32(node + 4), let first = u32(node + 8) else { return nil }
        return SuffixNodes(count: count, first: first)
      }
      if value < Int(character) { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }

  /// The leaves among `nodes`: the types of the suffix that ends there.
  private func leaves(of nodes: SuffixNodes, acceptingCaseSensitive: Bool) -> [GlobMatch] {
    guard nodes.count <= recordsFit(from: nodes.first, size: 12) else { return [] }
    var found: [GlobMatch] = []
    for index in 0..<nodes.count where found.count < Self.mostGlobMatches {
      let node = nodes.first + 12 * index
      guard let character = u32(node) else { return [] }
      guard character == 0 else { break }  // leaves sort first
      guard let mime = u32(node + 4).flatMap(string(at:)), let flags = u32(node + 8) else { return [] }
      if acceptingCaseSensitive || !Self.isCaseSensitive(flags) { found.append(GlobMatch(mime: mime, weight: flags & 0xFF)) }
    }
    return found
  }
}

/// A shell pattern as `fnmatch(3)` reads it with no flags: `*`, `?`, brackets with ranges
/// and `!` or `^` negation, backslash quoting; `/` and a leading `.` are ordinary characters.
enum GlobPattern {
  /// Whether `name` matches `pattern`. One star is backtracked at a time, the classic way,
  /// so the work is at most the product of the lengths, whatever the pattern.
  static func matches(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
    var budget = Int.max
    return matches(pattern, name, budget: &budget) ?? false
  }

  /// As `matches`, spending a step of `budget` per character compared; nil once it is spent.
  static func matches(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar], budget: inout Int) -> Bool? {
    var p = 0
    var n = 0
    // Where to resume after the last star: the pattern after it, and the next name position.
    var resume: (pattern: Int, name: Int)?
    while n < name.count {
      budget -= 1
      if budget < 0 { return nil }
      if p < pattern.count {
        if pattern[p] == "*" {
          p += 1
          resume = (p, n)
          continue
        }
        if let next = matchOne(pattern, at: p, name[n]) {
          p = next
          n += 1
          continue
        }
      }
      guard let star = resume else { return false }
      p = star.pattern
      n = star.name + 1
      resume = (star.pattern, n)
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  /// The pattern position after the element at `p` when it matches `character`, else nil.
  private static func matchOne(_ pattern: [Unicode.Scalar], at p: Int, _ character: Unicode.Scalar) -> Int? {
    switch pattern[p] {
    case "?":
      return p + 1
    case "[":
      if let (matched, end) = bracket(pattern, at: p, character) { return matched ? end : nil }
      return character == "[" ? p + 1 : nil  // no closing bracket: a plain "["
    case "\\" where p + 1 < pattern.count:
      return pattern[p + 1] == character ? p + 2 : nil
    default:
      return pattern[p] == character ? p + 1 : nil
    }
  }

  /// Whether the bracket expression opening at `open` holds `character`, and the position
  /// after its `]`; nil when it never closes.
  private static func bracket(_ pattern: [Unicode.Scalar], at open: Int, _ character: Unicode.Scalar) -> (Bool, Int)? {
    var index = open + 1
    let negated = index < pattern.count && (pattern[index] == "!" || pattern[index] == "^")
    if negated { index += 1 }
    var found = false
    var first = true
    while index < pattern.count {
      var low = pattern[index]
      if low == "]" && !first { return (found != negated, index + 1) }
      first = false
      if low == "\\", index + 1 < pattern.count {
        index += 1
        low = pattern[index]
      }
      index += 1
      var high = low
      if index + 1 < pattern.count, pattern[index] == "-", pattern[index + 1] != "]" {
        high = pattern[index + 1]
        index += 2
      }
      if low.value <= character.value && character.value <= high.value { found = true }
    }
    return nil
  }
}
