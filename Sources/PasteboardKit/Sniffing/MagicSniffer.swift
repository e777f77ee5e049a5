import CMagic
import Synchronization

/// libmagic, loaded on first use (commands that need no sniffing never pay for it).
///
/// The sniffers of a process share one libmagic, which stays loaded until the process
/// ends: closing it walks the compiled-pattern slots of all its 22,000 rules, 190,000
/// instructions and a dozen page faults (6% of a small `pb copy`'s sniffing), to free
/// memory the process's exit returns anyway.
public final class MagicSniffer: TypeSniffer {
  private let libmagic: Libmagic

  /// `sharesLibmagic: false` loads a libmagic of this sniffer's own, closed with it: its
  /// patterns are compiled afresh (tests compare how they are compiled). `indexed: false`
  /// has it load the whole database for every sniff, never the rules `MagicIndex` picks
  /// (tests compare their answers).
  public init(sharesLibmagic: Bool = true, indexed: Bool = true) {
    libmagic = sharesLibmagic && indexed ? .shared : Libmagic(indexed: indexed)
  }

  /// Whether this process sniffs with libmagic's rules indexed (`MagicIndex`).
  public static var usesIndex: Bool { MagicIndex.shared != nil }

  public func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType {
    try libmagic.sniff(head)
  }

  /// The head decompressed in memory by zlib, bzip2 or xz, then sniffed: libmagic's own
  /// decompression of a buffer forks a program. A stream the head cuts short is read as
  /// far as it goes (for bzip2, whole blocks only); the first 8 KiB of what it holds name a
  /// tarball or an SVG.
  public func sniffDecompressed(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> String? {
    let inner = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 16)
    defer { inner.deallocate() }
    let count = cmagic_decompress_head(head.baseAddress, head.count, inner.baseAddress, inner.count)
    guard count > 0 else { return nil }
    return try sniff(UnsafeRawBufferPointer(rebasing: inner[..<count])).mimeType
  }
}

/// libmagic, loaded on first use: for each sniff the rules `MagicIndex` picks for its data,
/// or the whole database where there is no index or the data needs it all. libmagic keeps
/// state between calls (its answer, its compiled patterns), so one thread at a time uses it.
private final class Libmagic: Sendable {
  static let shared = Libmagic(indexed: true)

  private let indexed: Bool

  /// libmagic's handles; used only under the lock.
  private struct Cookies: @unchecked Sendable {
    /// The whole database, loaded once.
    var whole: OpaquePointer?
    /// Loaded anew with each sniff's rules, which it reads from `rules`.
    var picked: OpaquePointer?
    var rules: UnsafeMutableRawBufferPointer?
  }

  private let cookies = Mutex(Cookies())

  init(indexed: Bool) {
    self.indexed = indexed
  }

  deinit {
    cookies.withLock { cookies in
      if let whole = cookies.whole { magic_close(whole) }
      if let picked = cookies.picked { magic_close(picked) }
      cookies.rules?.deallocate()
    }
  }

  func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType {
    try cookies.withLock { (cookies) throws(PasteboardError) -> SniffedType in
      if indexed, let index = MagicIndex.shared, index.isIntact {
        let picked: OpaquePointer
        let rules: UnsafeMutableRawBufferPointer
        if let opened = cookies.picked, let buffer = cookies.rules {
          picked = opened
          rules = buffer
        } else {
          picked = try Self.open()
          rules = index.makeRulesBuffer()
          cookies.picked = picked
          cookies.rules = rules
        }
        if index.load(into: picked, rules: rules, for: head) {
          // An index file truncated in place under this process reads zeros from then on:
          // what libmagic made of them is left for the whole database to answer. So is a
          // failure (libmagic takes compiled rules as they are: a damaged index's can be
          // ones it refuses); the whole database then answers as it would alone.
          if let answer = magic_buffer(picked, head.baseAddress, head.count), index.isIntact {
            return SniffedType(magicOutput: String(cString: answer))
          }
        }
      }
      let whole: OpaquePointer
      if let loaded = cookies.whole {
        whole = loaded
      } else {
        whole = try Self.open()
        if magic_load(whole, nil) != 0 {
          let reason = magic_error(whole).map { String(cString: $0) } ?? "magic_load failed"
          magic_close(whole)
          throw .magicUnavailable(reason)
        }
        cookies.whole = whole
      }
      return Self.answer(whole, head)
    }
  }

  /// libmagic's answer for `head`. Data it fails on (UTF-32 with a code point past
  /// U+10FFFF makes its encoding check give up, and `file` print "ERROR: (null)") gets
  /// no answer from it, as data it cannot name: the other sources decide, and the copy
  /// goes ahead. Its database is loaded by then; only that failing is an error.
  private static func answer(_ cookie: OpaquePointer, _ head: UnsafeRawBufferPointer) -> SniffedType {
    guard let answer = magic_buffer(cookie, head.baseAddress, head.count) else {
      return SniffedType(mimeType: "application/octet-stream", charset: nil)
    }
    return SniffedType(magicOutput: String(cString: answer))
  }

  private static func open() throws(PasteboardError) -> OpaquePointer {
    guard let cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING) else {
      throw .magicUnavailable("magic_open failed")
    }
    // How much of a buffer libmagic may read: a whole head, no more.
    var limit = TypeDetector.headSize
    _ = magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &limit)
    return cookie
  }
}
