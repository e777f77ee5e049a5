import LinuxSystem
/// What a board was created with, kept as `board.json` in its folder (format 2). A board
/// without the file is persistent with no default expiry: every board written to
/// before it was created explicitly.
public struct BoardAttributes: Equatable, Sendable {
  /// The process a temporary board belongs to; nil for a persistent board.
  public var owner: Owner?
  /// How long items copied to the board live unless a copy says otherwise, in ms.
  public var defaultExpiry: Int64?

  public struct Owner: Equatable, Sendable {
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

  init(json object: JSONObject) throws {
    owner = try object.field("owner").map { field in
      let owner = try field.object()
      return Owner(process: try ProcessIdentity(json: owner.required("process").object()), command: try owner.field("command")?.string())
    }
    let expiry = object.field("defaultExpiry")
    defaultExpiry = try expiry?.integer(Int64.self)
    if let expiry, let defaultExpiry, !(1...TimeSpec.longest).contains(defaultExpiry) {
      throw expiry.damaged("\(defaultExpiry) is not a duration in ms")
    }
  }

  static func read(in board: Directory) throws(PasteboardError) -> BoardAttributes {
    guard let bytes = try StoreFiles.read(fileName, in: board, limit: sizeLimit) else { return BoardAttributes() }
    do {
      guard let object = try StoreJSON.topObject(bytes) else { throw JSONError.whole("") }
      return try BoardAttributes(json: object)
    } catch {
      throw .corruptStore(path: board.path + "/" + fileName, reason: "not a pb board description")
    }
  }

  var json: JSONValue {
    .members([
      "owner": owner.map { .members(["process": $0.process.json, "command": $0.command.map(JSONValue.string)]) },
      "defaultExpiry": defaultExpiry.map(JSONValue.integer),
    ])
  }

  func encoded() -> [UInt8] { json.pretty }
}
