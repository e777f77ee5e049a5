import CImage
import LinuxSystem

/// A representation an item lacks that pb makes, when asked for, from one it has: the
/// image/png of an image in another format, the text of an HTML item without text, and
/// the color an item holds as text (`Color`). Never stored: `pb publish` offers the first
/// two (made in its owner on an application's request) and `pb paste -t` gives them all,
/// through `make`, so an application and a paste get the same bytes.
public enum DerivedForm: Sendable, Equatable, CaseIterable {
  /// A PNG decoded and encoded from the image (`ImageConversion`).
  case png
  /// The text a browser would copy of the HTML (`HTMLText`), as UTF-8.
  case textFromHTML
  /// The color of GTK's `application/x-color` as `#rrggbb` (`Color.hex`), and of a text
  /// that is one CSS color: what the `color` kind (`TypeIdentifier.color`) is answered with.
  case colorFromGTK
  case colorFromText

  /// The image types a PNG is made from.
  public static let pngSources: [TypeIdentifier] = [
    "public.jpeg", "com.compuserve.gif", "com.microsoft.bmp", "org.webmproject.webp", "public.tiff",
  ].map { TypeIdentifier($0) }

  /// The type of what is made.
  public var type: TypeIdentifier {
    switch self {
    case .png: TypeIdentifier("public.png")
    case .textFromHTML, .colorFromGTK, .colorFromText: .utf8PlainText
    }
  }

  /// Whether a reader asking for `wanted` gets this: a type it makes, or, for a color,
  /// the `color` kind alone (plain text asked for is the text as stored).
  public func answers(_ wanted: TypeIdentifier) -> Bool {
    isColor ? wanted == .color : TypeRegistry.conforms(type, to: wanted)
  }

  public var isColor: Bool { self == .colorFromGTK || self == .colorFromText }

  /// Whether a reader asking for text alone (`-t text`), which both this and its source
  /// are, gets this: the words of HTML rather than its markup. An image in its own format is
  /// as much an image as the PNG, and is given as stored.
  public var standsInForSource: Bool { self == .textFromHTML }

  /// The representation of an item of `types` this is made from, when the item lacks it
  /// (a PNG, or plain text) and has what it is made from (an image of `pngSources`, or
  /// HTML). A color's is GTK's `application/x-color`, or for an item without it the
  /// first plain text, which holds one only if it reads as one (`make` says).
  public func source(in types: [TypeIdentifier]) -> Int? {
    switch self {
    case .png:
      if types.contains(where: { TypeRegistry.conforms($0, to: type) }) { return nil }
      return types.firstIndex { type in Self.pngSources.contains { TypeRegistry.conforms(type, to: $0) } }
    case .textFromHTML:
      if types.contains(where: { TypeRegistry.conforms($0, to: .plainText) }) { return nil }
      return types.firstIndex { TypeRegistry.conforms($0, to: TypeIdentifier("public.html")) }
    case .colorFromGTK:
      return types.firstIndex(of: Color.gtkType)
    case .colorFromText:
      if types.contains(Color.gtkType) { return nil }
      return types.firstIndex { TypeRegistry.conforms($0, to: .plainText) }
    }
  }

  /// Makes it from the `size` bytes of `source` into `file`; returns the bytes written.
  /// What cannot be made (a damaged image, one over its budget, a text that is not one
  /// color) is `cannotDerive`.
  public func make(from source: borrowing Descriptor, size: Int64, into file: borrowing Descriptor) throws(PasteboardError)
    -> Int64
  {
    let made = try make(from: source, size: size)
    do {
      try file.file.writeAll(made.bytes)
    } catch {
      throw .io(error)
    }
    return Int64(made.bytes.count)
  }

  /// Makes it from the `size` bytes of `source`, kept in memory: for an owner that serves
  /// it for as long as its offer lives, without the copy into a file (12 ms of CPU for
  /// the 20 MB PNG of a 12-megapixel photo).
  /// A PNG is made into `stream` when one is given, readable there as it is made.
  public func make(from source: borrowing Descriptor, size: Int64, into stream: DerivedStream? = nil) throws(PasteboardError)
    -> DerivedBytes
  {
    switch self {
    case .png: return try ImageConversion.png(from: source, size: size, into: stream)
    case .textFromHTML: return DerivedBytes(copying: try HTMLText.plainText(from: source, size: size))
    case .colorFromGTK, .colorFromText:
      guard let color = try color(from: source, size: size) else {
        throw .cannotDerive(type: TypeIdentifier.color.rawValue, reason: "it holds no color")
      }
      return DerivedBytes(copying: Array(color.hex.utf8))
    }
  }

  /// The color in the `size` bytes of `source`, as this form reads it; nil when they
  /// hold none (not 8 bytes, a text that is not one color).
  public func color(from source: borrowing Descriptor, size: Int64) throws(PasteboardError) -> Color? {
    guard size <= Color.longestText else { return nil }
    let bytes = try Self.read(source, size: size)
    return self == .colorFromGTK ? Color(gtkBytes: bytes) : Color(css: bytes)
  }

  static func read(_ source: borrowing Descriptor, size: Int64) throws(PasteboardError) -> [UInt8] {
    do {
      return try [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, filled in
        filled = try source.readFully(into: UnsafeMutableRawBufferPointer(buffer), at: 0)
      }
    } catch let error as SystemError {
      throw .io(error)
    } catch {
      throw .internalError("\(error)")
    }
  }
}

/// A derived form's bytes, in memory of their own that goes with the last reference.
/// Never written after it is made, so any thread may read it.
public final class DerivedBytes: @unchecked Sendable {
  public let bytes: UnsafeRawBufferPointer
  private let release: (UnsafeMutableRawPointer?) -> Void

  /// Takes `count` bytes at `start`, which `release` frees.
  init(taking start: UnsafeMutableRawPointer?, count: Int, release: @escaping (UnsafeMutableRawPointer?) -> Void) {
    bytes = UnsafeRawBufferPointer(start: start, count: count)
    self.release = release
  }

  convenience init(copying array: [UInt8]) {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 1)
    array.withUnsafeBytes { copy.copyMemory(from: $0) }
    self.init(taking: copy.baseAddress, count: array.count) { $0?.deallocate() }
  }

  deinit {
    release(UnsafeMutableRawPointer(mutating: bytes.baseAddress))
  }
}

/// A derived PNG as it is made: its encoder finishes it an IDAT chunk (1 MiB) at a time,
/// and what is finished can be read (sent to a requestor) while the rest is encoded.
/// Nothing is finished before the image has passed its budget checks, and the end of
/// the PNG only once the whole conversion has succeeded: a reader of a conversion that
/// fails never has a PNG that looks whole.
public final class DerivedStream: @unchecked Sendable {
  /// nil when there was no memory for it: a conversion into it is refused as `noMemory`.
  let handle: OpaquePointer?
  /// Called on the encoder's thread each time more is finished: kept for the stream's life.
  private let progress: Progress?

  private final class Progress {
    let call: @Sendable () -> Void
    init(_ call: @escaping @Sendable () -> Void) { self.call = call }
  }

  /// A stream whose encoder calls `progressed` (on its own thread, so it must only wake
  /// a reader) each time more bytes are finished.
  public init(progressed: (@Sendable () -> Void)? = nil) {
    progress = progressed.map(Progress.init)
    let context = progress.map { Unmanaged.passUnretained($0).toOpaque() }
    let callback: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? =
      progress == nil ? nil : { context in Unmanaged<Progress>.fromOpaque(context!).takeUnretainedValue().call() }
    handle = pbx_png_stream_create(callback, context)
  }

  /// The bytes finished so far (valid while the stream lives), and whether they are the whole PNG.
  public var finished: (bytes: UnsafeRawBufferPointer, whole: Bool) {
    guard let handle else { return (UnsafeRawBufferPointer(start: nil, count: 0), false) }
    var count = 0
    var whole: Int32 = 0
    let start = pbx_png_stream_finished(handle, &count, &whole)
    return (UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count), whole != 0)
  }

  /// The whole PNG, in the stream's memory (which lives as long as the bytes).
  func whole() -> DerivedBytes {
    let bytes = finished.bytes
    return DerivedBytes(taking: UnsafeMutableRawPointer(mutating: bytes.baseAddress), count: bytes.count) { [self] _ in
      withExtendedLifetime(self) {}
    }
  }

  deinit {
    pbx_png_stream_destroy(handle)
  }
}
