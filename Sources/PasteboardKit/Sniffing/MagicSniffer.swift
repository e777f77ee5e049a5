import CMagic
import Synchronization

/// libmagic, loaded on first use (loading the database costs about 0.2 ms, so commands
/// that need no sniffing never pay it).
///
/// The sniffers of a process share one libmagic, which stays loaded until the process
/// ends: closing it walks the compiled-pattern slots of all its 22,000 rules, 190,000
/// instructions and a dozen page faults (6% of a small `pb copy`'s sniffing), to free
/// memory the process's exit returns anyway.
public final class MagicSniffer: TypeSniffer {
  private let libmagic: Libmagic

  /// `sharesLibmagic: false` loads a libmagic of this sniffer's own, closed with it: its
  /// patterns are compiled afresh (tests compare how they are compiled).
  public init(sharesLibmagic: Bool = true) {
    libmagic = sharesLibmagic ? .shared : Libmagic()
  }

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

/// One libmagic handle, loaded on first use. libmagic keeps state between calls (its
/// answer, its compiled patterns), so one thread at a time uses it.
private final class Libmagic: Sendable {
  static let shared = Libmagic()

  /// libmagic's handle; used only under the lock.
  private struct Cookie: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private let cookie = Mutex<Cookie?>(nil)

  deinit {
    cookie.withLock { cookie in
      if let cookie { magic_close(cookie.pointer) }
    }
  }

  func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType {
    try cookie.withLock { (loaded) throws(PasteboardError) -> SniffedType in
      let cookie: OpaquePointer
      if let loaded {
        cookie = loaded.pointer
      } else {
        cookie = try Self.load()
        loaded = Cookie(pointer: cookie)
      }
      guard let answer = magic_buffer(cookie, head.baseAddress, head.count) else {
        let reason = magic_error(cookie).map { String(cString: $0) } ?? "magic_buffer failed"
        throw .magicUnavailable(reason)
      }
      return SniffedType(magicOutput: String(cString: answer))
    }
  }

  private static func load() throws(PasteboardError) -> OpaquePointer {
    guard let cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING) else {
      throw .magicUnavailable("magic_open failed")
    }
    if magic_load(cookie, nil) != 0 {
      let reason = magic_error(cookie).map { String(cString: $0) } ?? "magic_load failed"
      magic_close(cookie)
      throw .magicUnavailable(reason)
    }
    // How much of a buffer libmagic may read: a whole head, no more.
    var limit = TypeDetector.headSize
    _ = magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &limit)
    return cookie
  }
}
