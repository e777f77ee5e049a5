import CImage
import LinuxSystem

/// The image/png derived for an image item that has none (`DerivedForm.png`): made when
/// an application first asks pb's desktop owner or `pb paste -t png` asks, from the
/// item's JPEG, GIF, BMP, WebP or TIFF, by the libraries of CImage (libjpeg-turbo, giflib, libwebp, libtiff,
/// stb_image for BMP; libdeflate compresses the PNG). A damaged or hostile image is
/// refused with an error, never a crash: what its headers claim is held to a `Budget`
/// before anything large is allocated or any scan decoded.
public enum ImageConversion {
  /// What one conversion may take.
  public struct Budget: Sendable, Equatable {
    /// Bytes the stored image (read whole), its decoded pixels with the decoder's own
    /// working memory, and then the PNG compressed from them may take at their peak.
    public var memory: Int64
    /// Scans of a JPEG (a progressive one has about ten; each is a pass over the image).
    public var scans: Int

    /// The owner's for any image: an RGB photo of about 30 megapixels, or an RGBA image
    /// of about 24; the owner stays under 256 MiB whatever small image it is given.
    public static let standard = Budget(memory: 192 << 20, scans: 100)

    /// What a stored image of `size` bytes may take: `standard`, or `sizeFactor` times
    /// its size up to `largest`, whichever is more. A hostile image is small and claims
    /// much; a 48-megapixel photo is megabytes, and converts as it did before budgets.
    public static func forStoredImage(of size: Int64) -> Budget {
      let scaled = size > largest.memory / sizeFactor ? largest.memory : size * sizeFactor
      return Budget(memory: max(standard.memory, scaled), scans: standard.scans)
    }

    static let sizeFactor: Int64 = 64
    static let largest = Budget(memory: 1 << 30, scans: 100)
  }

  public enum Failure: Error, Equatable, Sendable {
    case unknownFormat
    case damaged
    /// Converting it would take more memory than `Budget.memory`.
    case overMemoryBudget
    /// A JPEG of more scans than `Budget.scans`.
    case overScanBudget
    case noMemory

    public func reason(_ budget: Budget) -> String {
      switch self {
      case .unknownFormat: "the image is not a JPEG, GIF, BMP, WebP or TIFF"
      case .damaged: "the image is damaged"
      case .overMemoryBudget: "converting the image would take more than its memory budget of \(budget.memory >> 20) MiB"
      case .overScanBudget: "the JPEG has more than its budget of \(budget.scans) scans"
      case .noMemory: "there is not enough memory to convert the image"
      }
    }
  }

  /// The PNG of the image stored in `source` (`size` bytes). Slow work (a tenth of a
  /// second for a large photo): the owner runs it on a thread of its own (`DesktopOffer`).
  /// With a `stream`, its first bytes can be read while the rest are encoded.
  static func png(from source: borrowing Descriptor, size: Int64, into stream: DerivedStream? = nil) throws(PasteboardError)
    -> DerivedBytes
  {
    let budget = Budget.forStoredImage(of: size)
    // The stored bytes are held while the image is decoded: they count in the budget.
    guard size <= budget.memory else { throw refused(.overMemoryBudget, budget) }
    let bytes = try DerivedForm.read(source, size: size)
    do {
      return try convert(bytes, budget: Budget(memory: budget.memory - size, scans: budget.scans), into: stream ?? DerivedStream())
    } catch {
      throw refused(error, budget)
    }
  }

  private static func refused(_ failure: Failure, _ budget: Budget) -> PasteboardError {
    .cannotDerive(type: "public.png", reason: failure.reason(budget))
  }

  /// The PNG of the image in `bytes`, converted within `budget`.
  public static func png(from bytes: [UInt8], budget: Budget = .standard) throws(Failure) -> [UInt8] {
    let made = try convert(bytes, budget: budget, into: DerivedStream())
    // The copy is made before the memory goes with `made`.
    return withExtendedLifetime(made) { Array(made.bytes) }
  }

  /// The PNG of the image in `bytes`, converted within `budget` into `stream`, whose
  /// memory it stays in.
  private static func convert(_ bytes: [UInt8], budget: Budget, into stream: DerivedStream) throws(Failure) -> DerivedBytes {
    guard let handle = stream.handle else { throw .noMemory }
    var limits = pbx_budget(max_bytes: UInt64(max(0, budget.memory)), max_scans: UInt32(clamping: max(0, budget.scans)))
    let converted = bytes.withUnsafeBufferPointer { pbx_image_convert_png_streamed($0.baseAddress, $0.count, &limits, handle) }
    try check(converted)
    return stream.whole()
  }

  /// A decoder's status as a failure (PBX_IMAGE_OK: none); the terminal picture's decoding shares it.
  public static func check(_ status: Int32) throws(Failure) {
    switch status {
    case Int32(PBX_IMAGE_OK): return
    case Int32(PBX_IMAGE_UNKNOWN_FORMAT): throw .unknownFormat
    case Int32(PBX_IMAGE_OVER_MEMORY_BUDGET): throw .overMemoryBudget
    case Int32(PBX_IMAGE_OVER_SCAN_BUDGET): throw .overScanBudget
    case Int32(PBX_IMAGE_NO_MEMORY): throw .noMemory
    default: throw .damaged
    }
  }
}
