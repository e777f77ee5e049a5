/// One `mime.cache` of shared-mime-info, the compact index `update-mime-database` writes
/// (spec "Shared MIME-info Database" 0.21, cache format 1.x): aliases, `sub-class-of`
/// links, generic icons and the reverse suffix tree of globs. Every number in it is a
/// big-endian offset or count, and all of it is untrusted: each read is bounds-checked and
/// a cache that does not hold together is dropped whole, never followed off its end.
struct MIMECache: Sendable {
  private let bytes: [UInt8]
  private let aliasList: Int
  private let parentList: Int
  private let suffixTree: Int
  private let genericIconList: Int

  /// The longest string read from the cache; MIME types and icon names are far shorter.
  private static let longestString = 255

  init?(bytes: [UInt8]) {
    self.bytes = bytes
    // Header: major, minor (2 bytes each), then nine list offsets.
    guard bytes.count >= 40, Self.u16(bytes, 0) == 1 else { return nil }
    let offsets = (0..<9).map { Self.u32(bytes, 4 + 4 * $0) ?? -1 }
    guard offsets.allSatisfy({ $0 >= 40 && $0 <= bytes.count - 4 }) else { return nil }
    aliasList = offsets[0]
    parentList = offsets[1]
    suffixTree = offsets[3]
    genericIconList = offsets[8]
  }

  /// The canonical name of an alias, such as `application/xml` for `text/xml`.
  func canonical(of mime: String) -> String? {
    find(mime, inPairList: aliasList).flatMap(string(at:))
  }

  /// The aliases whose canonical name is `canonical`, in the cache's (sorted) order. The
  /// list is keyed by alias, so this reads all of it: a lookup for types pb does not declare.
  func aliases(of canonical: String) -> [String] {
    guard let count = u32(aliasList), count <= (bytes.count - aliasList - 4) / 8 else { return [] }
    let wanted = Array(canonical.utf8)
    var found: [String] = []
    for index in 0..<count {
      guard let name = u32(aliasList + 4 + 8 * index), let target = u32(aliasList + 8 + 8 * index) else { return found }
      if compare(wanted, toStringAt: target) == 0, let alias = string(at: name) { found.append(alias) }
    }
    return found
  }

  /// The types `mime` is declared a sub-class of, in the cache's order.
  func parents(of mime: String) -> [String] {
    guard let list = find(mime, inPairList: parentList), let count = u32(list), count <= 64 else { return [] }
    return (0..<count).compactMap { u32(list + 4 + 4 * $0).flatMap(string(at:)) }
  }

  /// The generic icon the database gives a type (`text-x-script` for scripts).
  func genericIcon(of mime: String) -> String? {
    find(mime, inPairList: genericIconList).flatMap(string(at:))
  }

  /// The types whose glob is exactly `*.EXT`, with their weights (0 to 100).
  func types(forExtension ext: String) -> [(mime: String, weight: Int)] {
    // The tree holds each glob's literal suffix reversed, one character a node; the
    // leaves under the node reached by "txe." are the types of "*.ext".
    guard let rootCount = u32(suffixTree), let firstRoot = u32(suffixTree + 4) else { return [] }
    var nodes = (count: rootCount, first: firstRoot)
    for character in ("." + ext).unicodeScalars.reversed() {
      guard let node = child(of: nodes, matching: character.value) else { return [] }
      nodes = node
    }
    var found: [(mime: String, weight: Int)] = []
    for index in 0..<min(nodes.count, 4096) {
      let node = nodes.first + 12 * index
      guard let character = u32(node) else { return [] }
      guard character == 0 else { break }  // leaves sort first
      guard let mime = u32(node + 4).flatMap(string(at:)), let weight = u32(node + 8) else { return [] }
      found.append((mime, weight & 0xFF))
    }
    return found
  }

  private func child(of nodes: (count: Int, first: Int), matching character: UInt32) -> (count: Int, first: Int)? {
    guard nodes.count <= 1 << 20 else { return nil }
    for index in 0..<nodes.count {
      let node = nodes.first + 12 * index
      guard let value = u32(node) else { return nil }
      if value == Int(character) {
        guard let count = u32(node + 4), let first = u32(node + 8) else { return nil }
        return (count, first)
      }
    }
    return nil
  }

  /// Binary search of a list of (name offset, value offset) pairs sorted by name;
  /// returns the value offset.
  private func find(_ key: String, inPairList list: Int) -> Int? {
    guard let count = u32(list), count <= (bytes.count - list - 4) / 8 else { return nil }
    let key = Array(key.utf8)
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      guard let name = u32(list + 4 + 8 * middle), let order = compare(key, toStringAt: name) else { return nil }
      if order == 0 { return u32(list + 8 + 8 * middle) }
      if order < 0 { high = middle - 1 } else { low = middle + 1 }
    }
    return nil
  }

  /// `strcmp(key, string at offset)`, nil when the string runs off the end.
  private func compare(_ key: [UInt8], toStringAt offset: Int) -> Int? {
    guard offset >= 0 else { return nil }
    var index = 0
    while true {
      guard offset + index < bytes.count, index <= Self.longestString else { return nil }
      let stored = bytes[offset + index]
      let wanted = index < key.count ? key[index] : 0
      if wanted != stored { return Int(wanted) - Int(stored) }
      if stored == 0 { return 0 }
      index += 1
    }
  }

  private func string(at offset: Int) -> String? {
    guard offset >= 0, offset < bytes.count else { return nil }
    let end = min(bytes.count, offset + Self.longestString + 1)
    guard let nul = bytes[offset..<end].firstIndex(of: 0) else { return nil }
    return String(validating: bytes[offset..<nul], as: UTF8.self)
  }

  private func u32(_ offset: Int) -> Int? { Self.u32(bytes, offset) }

  private static func u32(_ bytes: [UInt8], _ offset: Int) -> Int? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }
}
