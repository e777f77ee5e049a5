import CMagic

/// libmagic, loaded on first use (loading the database costs about 0.2 ms, so commands
/// that need no sniffing never pay it).
public final class MagicSniffer: TypeSniffer {
  private var cookie: OpaquePointer?
  private let headLimit: Int

  /// `headLimit` bounds how much of the head libmagic may read.
  public init(headLimit: Int = TypeDetector.headSize) {
    self.headLimit = headLimit
  }

  deinit {
    if let cookie { magic_close(cookie) }
  }

  private func loaded() throws(PasteboardError) -> OpaquePointer {
    if let cookie { return cookie }
    guard let cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING) else {
      throw .magicUnavailable("magic_open failed")
    }
    if magic_load(cookie, nil) != 0 {
      let reason = magic_error(cookie).map { String(cString: $0) } ?? "magic_load failed"
      magic_close(cookie)
      throw .magicUnavailable(reason)
    }
    var limit = headLimit
    _ = magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &limit)
    self.cookie = cookie
    return cookie
  }

  public func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType {
    let cookie = try loaded()
    guard let answer = magic_buffer(cookie, head.baseAddress, head.count) else {
      let reason = magic_error(cookie).map { String(cString: $0) } ?? "magic_buffer failed"
      throw .magicUnavailable(reason)
    }
    return SniffedType(magicOutput: String(cString: answer))
  }

  /// The head decompressed in memory by zlib, bzip2 or xz, then sniffed: libmagic's own
  /// decompression of a buffer forks a program. A stream the head cuts short is read as
  /// far as it goes; the first 8 KiB of what it holds name a tarball or an SVG.
  public func sniffDecompressed(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> String? {
    let inner = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 16)
    defer { inner.deallocate() }
    let count = cmagic_decompress_head(head.baseAddress, head.count, inner.baseAddress, inner.count)
    guard count > 0 else { return nil }
    return try sniff(UnsafeRawBufferPointer(rebasing: inner[..<count])).mimeType
  }
}
