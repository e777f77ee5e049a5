import Glibc

/// The magic of a `mime.cache`: a list of matches sorted by priority (highest first),
/// each a type, its priority and a tree of matchlets. A match holds when any of its top
/// matchlets does; a matchlet holds when its value (under its mask) occurs at one of the
/// offsets of its range and it has no children or any child holds.
///
/// It is read as GLib's xdgmime reads it, so that pb and the system agree: the first match
/// in the list wins, and values are compared byte for byte as stored. (The cache keeps
/// `host16`/`host32` values big-endian with their word size; the specification would swap
/// them on a little-endian machine, GLib does not: its `host16` 0420 executable rule matches
/// the bytes 01 10 here, as pb's does.)
///
/// A cache is untrusted, so the walk is bounded three ways: every count is capped by what
/// fits in the file, children nest at most 32 deep (the real database: 5), and a lookup
/// may spend `workPerCacheByte` steps (offsets tried and bytes compared) per byte of the
/// cache, and 2 million at most (the real rules take about 40,000 on any head). A cache
/// that asks for more, through forged ranges or children that loop, answers nothing.
extension MIMECache {
  private static let workPerCacheByte = 32
  /// And never more than this in all: a planted 16 MiB cache would otherwise buy half a
  /// billion steps (the real rules take about 40,000).
  private static let mostWork = 2_000_000
  private static let matchSize = 16

  /// The first match of the list that `head` satisfies, with its priority; nil when none
  /// does or the magic does not hold together.
  func magicMatch(in head: UnsafeRawBufferPointer) -> (mime: String, priority: Int)? {
    guard let count = u32(magicList), let first = u32(magicList + 8),
      count <= recordsFit(from: first, size: Self.matchSize)
    else { return nil }
    // Nil both when no match holds and when the walk finds the cache broken.
    let found: (mimeOffset: Int, priority: Int)? = bytes.withMemoryRebound(to: UInt8.self) { cache in
      var walk = MagicWalk(cache: cache, head: head, budget: min(Self.workPerCacheByte * cache.count, Self.mostWork))
      for index in 0..<count {
        let match = first + Self.matchSize * index
        guard let priority = walk.u32(match), let mimeOffset = walk.u32(match + 4),
          let matchlets = walk.u32(match + 8), let firstMatchlet = walk.u32(match + 12),
          let holds = walk.anyHolds(count: matchlets, first: firstMatchlet, depth: 0)
        else { return nil }
        if holds { return (mimeOffset, priority) }
      }
      return nil
    }
    guard let match = found, let mime = string(at: match.mimeOffset) else { return nil }
    return (mime, match.priority)
  }

  /// Whether any match of the list names `mime` (as stored, canonical).
  func hasMagic(for mime: String) -> Bool {
    guard let count = u32(magicList), let first = u32(magicList + 8), count <= recordsFit(from: first, size: Self.matchSize)
    else { return false }
    return (0..<count).contains { index in
      u32(first + Self.matchSize * index + 4).flatMap { string(at: $0) } == mime
    }
  }

  /// The longest head any rule looks at (the list's `max_extent`), capped at `largest`.
  func magicExtent(largest: Int) -> Int {
    min(u32(magicList + 4) ?? 0, largest)
  }
}

/// One lookup's walk of the matchlets, with the work it may still spend.
private struct MagicWalk {
  let cache: UnsafeBufferPointer<UInt8>
  let head: UnsafeRawBufferPointer
  var budget: Int

  private static let deepest = 32
  private static let matchletSize = 32

  func u32(_ offset: Int) -> Int? {
    guard offset >= 0, offset <= cache.count - 4 else { return nil }
    return Int(UInt32(bigEndian: UnsafeRawBufferPointer(cache).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// Whether any of `count` matchlets from `first` holds; nil when the cache does not hold
  /// together (a record off its end, too deep, or over the budget).
  mutating func anyHolds(count: Int, first: Int, depth: Int) -> Bool? {
    guard depth < Self.deepest, first >= 0, count <= (cache.count - min(first, cache.count)) / Self.matchletSize
    else { return nil }
    for index in 0..<count {
      guard let holds = holds(matchletAt: first + Self.matchletSize * index, depth: depth) else { return nil }
      if holds { return true }
    }
    return false
  }

  /// A field of a matchlet that `anyHolds` found within the cache.
  private func field(_ offset: Int) -> Int {
    Int(UInt32(bigEndian: UnsafeRawBufferPointer(cache).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// Whether the matchlet at `offset` (wholly in the cache: `anyHolds` checked its list)
  /// holds; nil when it points off the cache.
  private mutating func holds(matchletAt offset: Int, depth: Int) -> Bool? {
    let rangeStart = field(offset), rangeLength = field(offset + 4), valueLength = field(offset + 12)
    let value = field(offset + 16), mask = field(offset + 20)
    guard value <= cache.count - valueLength, mask == 0 || mask <= cache.count - valueLength else { return nil }
    guard let found = valueOccurs(at: value, length: valueLength, mask: mask, from: rangeStart, count: rangeLength)
    else { return nil }
    guard found else { return false }
    let children = field(offset + 24)
    if children == 0 { return true }
    return anyHolds(count: children, first: field(offset + 28), depth: depth + 1)
  }

  /// Whether the value occurs in the head at one of `count` offsets from `start`.
  private mutating func valueOccurs(at value: Int, length: Int, mask: Int, from start: Int, count: Int) -> Bool? {
    // Offsets where the value would run past the head can never match.
    let last = min(start + min(count, head.count) - 1, head.count - length)
    budget -= max(last - start + 1, 1)
    guard budget >= 0 else { return nil }
    guard start <= last, let base = head.baseAddress else { return false }
    // One offset to try (most rules look at one place): its first byte decides most, with
    // no call to memchr.
    if last == start, mask == 0, length > 0, head[start] != cache[value] { return false }
    var position = start
    while position <= last {
      if mask == 0, length > 0 {
        // Most values are unmasked: jump to the next place their first byte is (memchr
        // scans many bytes a step), rather than trying each offset.
        guard let found = memchr(base + position, Int32(cache[value]), last - position + 1) else { return false }
        position = base.distance(to: UnsafeRawPointer(found))
      }
      var index = 0
      while index < length {
        let byte = head[position + index]
        let wanted = cache[value + index]
        if mask == 0 ? byte != wanted : (byte ^ wanted) & cache[mask + index] != 0 { break }
        index += 1
      }
      budget -= index
      guard budget >= 0 else { return nil }
      if index == length { return true }
      position += 1
    }
    return false
  }
}
