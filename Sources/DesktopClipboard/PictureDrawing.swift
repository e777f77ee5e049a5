import CImage
import CPicture
import PasteboardKit

/// An image drawn for a terminal (pb paste of an image item on a terminal): decoded by
/// CImage's decoders within the budget a stored image of its size has (a damaged or
/// hostile image is a `Failure`, never a crash), then drawn by libchafa in the protocol
/// the terminal answered that it takes. See TerminalPicture.swift in pb for the choice.
public enum PictureDrawing {
  public enum TerminalProtocol: Sendable, Equatable {
    case symbols, sixel, kitty, iTerm2
  }

  /// Where the picture goes: the most cells it may take, and a cell's size in pixels.
  public struct Space: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int

    public init(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
      (self.columns, self.rows, self.cellWidth, self.cellHeight) = (columns, rows, cellWidth, cellHeight)
    }
  }

  /// The terminal's bytes for the picture of the image in `bytes`.
  public static func draw(
    _ bytes: [UInt8], as terminalProtocol: TerminalProtocol, colors: Settings.TerminalColors, in space: Space
  ) throws(ImageConversion.Failure) -> [UInt8] {
    let budget = ImageConversion.Budget.forStoredImage(of: Int64(bytes.count))
    var image = pbx_image()
    var limits = pbx_budget(
      max_bytes: UInt64(max(0, budget.memory - Int64(bytes.count))), max_scans: UInt32(clamping: max(0, budget.scans)))
    let decoded = bytes.withUnsafeBufferPointer { pbx_image_decode_picture($0.baseAddress, $0.count, &limits, &image) }
    defer { pbx_image_free(&image) }
    try ImageConversion.check(decoded)
    var request = pbx_picture_request(
      protocol: Int32(code(terminalProtocol)),
      colors: Int32(colors == .direct ? PBX_COLORS_DIRECT : colors == .indexed256 ? PBX_COLORS_256 : PBX_COLORS_16),
      max_columns: UInt32(clamping: space.columns), max_rows: UInt32(clamping: space.rows),
      cell_width: UInt32(clamping: space.cellWidth), cell_height: UInt32(clamping: space.cellHeight))
    var drawn: UnsafeMutablePointer<UInt8>?
    var count = 0
    guard pbx_picture_draw(&request, image.pixels, image.width, image.height, image.channels, &drawn, &count) == 0,
      let drawn
    else { throw .damaged }
    defer { pbx_picture_free(drawn) }
    return Array(UnsafeBufferPointer(start: drawn, count: count))
  }

  private static func code(_ terminalProtocol: TerminalProtocol) -> Int {
    switch terminalProtocol {
    case .symbols: Int(PBX_PICTURE_SYMBOLS)
    case .sixel: Int(PBX_PICTURE_SIXEL)
    case .kitty: Int(PBX_PICTURE_KITTY)
    case .iTerm2: Int(PBX_PICTURE_ITERM2)
    }
  }
}
