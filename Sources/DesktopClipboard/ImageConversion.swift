import CImage
import LinuxSystem

/// The image/png offered on the desktop for an image item that has none: made in the
/// owner process when an application first asks, from the item's JPEG, GIF, BMP, WebP
/// or TIFF, by the libraries of CImage (libjpeg-turbo, giflib, libwebp, libtiff,
/// stb_image for BMP; libdeflate compresses the PNG). A damaged or hostile image is refused with an error,
/// never a crash, and no image is decoded past the limits.
public enum ImageConversion {
  /// No image of more pixels is decoded: 100 megapixels are 400 MB as RGBA.
  public static let pixelLimit: UInt64 = 100_000_000
  /// Nor a stored image larger than this, read whole into memory.
  public static let byteLimit: Int64 = 256 << 20

  public enum Failure: Error, Equatable, Sendable {
    case unknownFormat
    case damaged
    case tooLarge
    case noMemory

    var reason: String {
      switch self {
      case .unknownFormat: "the image is not a JPEG, GIF, BMP, WebP or TIFF"
      case .damaged: "the image is damaged"
      case .tooLarge: "the image is larger than \(ImageConversion.pixelLimit / 1_000_000) megapixels or \(ImageConversion.byteLimit >> 20) MiB"
      case .noMemory: "there is not enough memory to convert the image"
      }
    }
  }

  /// The PNG of the image stored in `source` (`size` bytes).
  static func png(from source: borrowing Descriptor, size: Int64) throws(DesktopError) -> [UInt8] {
    guard size <= byteLimit else { throw .failed(Failure.tooLarge.reason) }
    let bytes = try DesktopOffer.read(source, at: 0, count: Int(size))
    do {
      return try png(from: bytes)
    } catch {
      throw .failed(error.reason)
    }
  }

  /// The PNG of the image in `bytes`, decoded within `pixelLimit`.
  public static func png(from bytes: [UInt8], pixelLimit: UInt64 = pixelLimit) throws(Failure) -> [UInt8] {
    var image = pbx_image()
    let decoded = bytes.withUnsafeBufferPointer { pbx_image_decode($0.baseAddress, $0.count, pixelLimit, &image) }
    try check(decoded)
    defer { pbx_image_free(&image) }
    var png: UnsafeMutablePointer<UInt8>?
    var count = 0
    try check(pbx_image_encode_png(&image, &png, &count))
    defer { pbx_free(png) }
    return Array(UnsafeBufferPointer(start: png, count: count))
  }

  private static func check(_ status: Int32) throws(Failure) {
    switch status {
    case Int32(PBX_IMAGE_OK): return
    case Int32(PBX_IMAGE_UNKNOWN_FORMAT): throw .unknownFormat
    case Int32(PBX_IMAGE_TOO_LARGE): throw .tooLarge
    case Int32(PBX_IMAGE_NO_MEMORY): throw .noMemory
    default: throw .damaged
    }
  }
}
