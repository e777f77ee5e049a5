import FoundationEssentials

/// What a board was created with, kept as `board.json` in its folder (format 2). A board
/// without the file is persistent with no default expiry: every board written to
/// before it was created explicitly.
public struct BoardAttributes: Codable, Equatable, Sendable {
  /// The process a temporary board belongs to; nil for a persistent board.
  public var owner: Owner?
  /// How long items copied to the board live unless a copy says otherwise, in ms.
  public var defaultExpiry: Int64?

  public struct Owner: Codable, Equatable, Sendable {
    public var process: ProcessIdentity
    /// The owner's command name when the board was made, for `pb list`.
    public var command: String?

    public init(process: ProcessIdentity, command: String?) {
      self.process = process
      self.command = command
    }
  }

  public init(owner: Owner? = nil, defaultExpiry: Int64? = nil) {
    self.owner = owner
    self.defaultExpiry = defaultExpiry
  }

  public var isPersistent: Bool { owner == nil }

  static let fileName = "board.json"
  static let sizeLimit = 4096

  private enum CodingKeys: String, CodingKey {
    case owner, defaultExpiry
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    owner = try container.decodeIfPresent(Owner.self, forKey: .owner)
    defaultExpiry = try container.decodeIfPresent(Int64.self, forKey: .defaultExpiry)
    if let defaultExpiry, !(1...TimeSpec.longest).contains(defaultExpiry) {
      throw DecodingError.dataCorruptedError(forKey: .defaultExpiry, in: container, debugDescription: "\(defaultExpiry) is not a duration in ms")
    }
  }

  static func read(in board: Directory) throws(PasteboardError) -> BoardAttributes {
    guard let bytes = try StoreFiles.read(fileName, in: board, limit: sizeLimit) else { return BoardAttributes() }
    do {
      return try StoreJSONDecoder.decode(BoardAttributes.self, from: bytes)
    } catch {
      throw .corruptStore(path: board.path + "/" + fileName, reason: "not a pb board description")
    }
  }

  func encoded() throws(PasteboardError) -> [UInt8] {
    try StoreJSON.encode(self, what: "board description")
  }
}
