/// One `mime.cache` of shared-mime-info, the compact index `update-mime-database` writes
/// (spec "Shared MIME-info Database" 0.21, cache format 1.x): aliases, `sub-class-of`
/// links, generic icons, globs (literal names, the reverse suffix tree, other patterns),
/// magic and XML namespaces. Every number in it is a big-endian offset or count, and all
/// of it is untrusted: each read is bounds-checked and a cache that does not hold together
/// is dropped whole, never followed off its end. The globs, magic and namespaces are read
/// in MIMECacheGlobs.swift, MIMECacheMagic.swift and MIMEXMLRoot.swift.
struct MIMECache: @unchecked Sendable {
  /// The cache's bytes: the system's file mapped for the process, or a copy this value
  /// keeps (`owner`). Never written.
  let bytes: UnsafeRawBufferPointer
  private let owner: Storage?
  private let aliasList: Int
  private let parentList: Int
  let literalList: Int
  let suffixTree: Int
  let globList: Int
  let magicList: Int
  let namespaceList: Int
  private let genericIconList: Int

  /// The longest string read from the cache; MIME types and icon names are far shorter.
  private static let longestString = 255

  /// Owns a copy of the bytes a cache was made from.
  private final class Storage: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer

    init(_ bytes: [UInt8]) {
      buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 8)
      buffer.copyBytes(from: bytes)
    }

    deinit { buffer.deallocate() }
  }

  /// A cache from a copy of `bytes`.
  init?(bytes: [UInt8]) {
    let storage = Storage(bytes)
    self.init(mapped: UnsafeRawBufferPointer(rebasing: storage.buffer[..<bytes.count]), owner: storage)
  }

  /// A cache read where it lies: `bytes` stay valid for the process (a mapped file).
  init?(mapped bytes: UnsafeRawBufferPointer) {
    self.init(mapped: bytes, owner: nil)
  }

  private init?(mapped bytes: UnsafeRawBufferPointer, owner: Storage?) {
    self.bytes = bytes
    self.owner = owner
    // Header: major, minor (2 bytes each), then nine list offsets.
    guard bytes.count >= 40, Self.u16(bytes, 0) == 1 else { return nil }
    let offsets = (0..<9).map { Self.u32(bytes, 4 + 4 * $0) ?? -1 }
    guard offsets.allSatisfy({ $0 >= 40 && $0 <= bytes.count - 4 }) else { return nil }
    aliasList = offsets[0]
    parentList = offsets[1]
    literalList = offsets[2]
    suffixTree = offsets[3]
    globList = offsets[4]
    magicList = offsets[5]
    namespaceList = offsets[6]
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

  /// Binary search of a list of (name offset, value offset) pairs sorted by name;
  /// returns the value offset.
  private func find(_ key: String, inPairList list: Int) -> Int? {
    record(keyed: Array(key.utf8), inList: list, size: 8).flatMap { u32($0 + 4) }
  }

  /// Binary search of a list (a count, then records of `size` bytes, each starting with the
  /// offset of its name) sorted by name; returns the offset of the record named `key`.
  func record(keyed key: [UInt8], inList list: Int, size: Int) -> Int? {
    guard let count = u32(list), count <= recordsFit(from: list + 4, size: size) else { return nil }
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      let record = list + 4 + size * middle
      guard let name = u32(record), let order = compare(key, toStringAt: name) else { return nil }
      if order == 0 { return record }
      if order < 0 { high = middle - 1 } else { low = middle + 1 }
    }
    return nil
  }

  /// `strcmp(key, string at offset)`, nil when the string runs off the end.
  func compare(_ key: [UInt8], toStringAt offset: Int) -> Int? {
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

  func string(at offset: Int) -> String? {
    guard offset >= 0, offset < bytes.count else { return nil }
    let end = min(bytes.count, offset + Self.longestString + 1)
    guard let nul = bytes[offset..<end].firstIndex(of: 0) else { return nil }
    return String(validating: bytes[offset..<nul], as: UTF8.self)
  }

  func u32(_ offset: Int) -> Int? { Self.u32(bytes, offset) }

  /// How many records of `size` bytes from `offset` fit in the cache: the cap on any count
  /// read from it, so a forged count cannot make a loop outrun the file.
  func recordsFit(from offset: Int, size: Int) -> Int {
    offset >= 0 && offset < bytes.count ? (bytes.count - offset) / size : 0
  }

  private static func u32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func u16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
    Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }
}
