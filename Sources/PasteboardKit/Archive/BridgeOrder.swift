import Glibc
import LinuxSystem

/// Which change a remote bridge's archive carries (its manifest's `bridge` member,
/// docs/archive-format.md): the board that sent it at its change count, and the board
/// whose change made that state (by anything but a bridge's import) at its count there.
/// Two bridges of one pair each carry every change, and neither waits for the other: with
/// the stamp, a receiver refuses a change older than one it already took.
public struct BridgeStamp: Equatable, Sendable {
  public var sender: String
  public var senderCount: Int
  public var origin: String
  public var originCount: Int

  var json: JSONValue {
    .members([
      "board": .string(sender), "changeCount": .integer(senderCount), "origin": .string(origin),
      "originCount": .integer(originCount),
    ])
  }

  init(sender: String, senderCount: Int, origin: String, originCount: Int) {
    self.sender = sender
    self.senderCount = senderCount
    self.origin = origin
    self.originCount = originCount
  }

  init(json object: JSONObject) throws {
    sender = try object.required("board").boardIdentity()
    senderCount = try object.required("changeCount").changeCount()
    origin = try object.required("origin").boardIdentity()
    originCount = try object.required("originCount").changeCount()
  }
}

/// The end of a bridge an import is made by. Two changes made at once on the two sides
/// cross each other; the user's end then sends back what it took, and the served end
/// takes that echo of its own change, so that both end with the same one.
public enum BridgeEnd: Sendable {
  case user, served
}

/// What a board's remote bridges took, `bridged.json` in its folder
/// (docs/store-format.md): the board's own identity, the newest count of each board taken
/// from, and the last few imports with the change each carried. Read and written under
/// the board's lock by an import (once its change is committed); read without it by an
/// export, to stamp what it sends.
struct BridgeOrder {
  static let fileName = "bridged.json"
  static let sizeLimit = 256 << 10
  /// Boards remembered, the newest first: more than one machine's bridges will meet.
  static let mostBoards = 256
  /// Imports remembered: enough for an export that read a state while later imports
  /// committed to still find the one that made it.
  static let importsKept = 4

  var board: String
  /// The count of the board's newest change that no bridge imported.
  var local: Int
  var seen: [Seen]
  var imports: [Import]

  struct Seen {
    var board: String
    var changeCount: Int
  }

  /// The state at `changeCount`, whose first data file is `file` (fresh names: an import
  /// whose commit failed never matches a later state), came from `origin` at `originCount`.
  struct Import {
    var changeCount: Int
    var file: String?
    var origin: String
    var originCount: Int
  }

  init(board: String) {
    self.board = board
    local = 0
    seen = []
    imports = []
  }

  init(json object: JSONObject) throws {
    board = try object.required("board").boardIdentity()
    local = try object.required("local").changeCount()
    seen = try object.required("seen").array().map { field in
      let entry = try field.object()
      return Seen(board: try entry.required("board").boardIdentity(), changeCount: try entry.required("changeCount").changeCount())
    }
    imports = try object.required("imports").array().map { field in
      let entry = try field.object()
      return Import(
        changeCount: try entry.required("changeCount").changeCount(), file: try entry.field("file")?.dataFileName(),
        origin: try entry.required("origin").boardIdentity(), originCount: try entry.required("originCount").changeCount())
    }
  }

  var json: JSONValue {
    .members([
      "board": .string(board), "local": .integer(local),
      "seen": .array(seen.map { .members(["board": .string($0.board), "changeCount": .integer($0.changeCount)]) }),
      "imports": .array(
        imports.map {
          .members([
            "changeCount": .integer($0.changeCount), "file": $0.file.map(JSONValue.string), "origin": .string($0.origin),
            "originCount": .integer($0.originCount),
          ])
        }),
    ])
  }

  static func read(in board: Directory) throws(PasteboardError) -> BridgeOrder? {
    guard let bytes = try StoreFiles.read(fileName, in: board, limit: sizeLimit) else { return nil }
    return try StoreJSON.decode(bytes, path: board.path + "/" + fileName, supported: 1, what: "bridge record") { object in
      _ = try StoreJSON.checkFormat(object, supported: 1)
      return try BridgeOrder(json: object)
    }
  }

  func write(in board: Directory) throws(PasteboardError) {
    var json = json
    if case .object(var members) = json {
      _ = members.add("format", .integer(1))
      json = .object(members)
    }
    try PasteboardError.catching { try StoreFiles.writeAtomically(json.pretty, named: Self.fileName, in: board) }
  }

  static func firstFile(of items: [Item]) -> String? { items.first?.representations.first?.file }

  /// The import that made the state at `changeCount` holding `items`; nil for a change
  /// made here.
  func importMaking(_ changeCount: Int, holding items: [Item]) -> Import? {
    imports.first { $0.changeCount == changeCount && $0.file == Self.firstFile(of: items) }
  }

  func seenCount(of board: String) -> Int { seen.first { $0.board == board }?.changeCount ?? -1 }

  mutating func saw(_ board: String, at changeCount: Int) {
    let newest = max(changeCount, seenCount(of: board))
    seen.removeAll { $0.board == board }
    seen.insert(Seen(board: board, changeCount: newest), at: 0)
    if seen.count > Self.mostBoards { seen.removeLast(seen.count - Self.mostBoards) }
  }

  /// Whether the change `stamp` carries is to replace the state at `changeCount` holding
  /// `items`. Refused: a state of the sender no newer than one taken from it already (the
  /// other bridge brought it first); this board's own change, when it has made a newer
  /// one since (or, at the user's end, the one it holds: see `BridgeEnd`); a third
  /// board's change no newer than one taken from that board. Records what it saw.
  mutating func takes(_ stamp: BridgeStamp, over changeCount: Int, holding items: [Item], at end: BridgeEnd) -> Bool {
    if stamp.sender == board || stamp.senderCount <= seenCount(of: stamp.sender) { return false }
    let ownNewest = importMaking(changeCount, holding: items) == nil ? changeCount : local
    let taken: Bool
    if stamp.origin == board {
      taken = stamp.originCount == ownNewest && end == .served
    } else {
      taken = stamp.origin == stamp.sender || stamp.originCount > seenCount(of: stamp.origin)
    }
    saw(stamp.sender, at: stamp.senderCount)
    if stamp.origin != board { saw(stamp.origin, at: stamp.originCount) }
    return taken
  }

  /// Records the import that makes the state at `changeCount` holding `items`.
  mutating func imported(
    _ stamp: BridgeStamp, replacing current: Int, holding currentItems: [Item], as changeCount: Int, holding items: [Item]
  ) {
    if importMaking(current, holding: currentItems) == nil { local = current }
    imports.insert(
      Import(changeCount: changeCount, file: Self.firstFile(of: items), origin: stamp.origin, originCount: stamp.originCount), at: 0)
    if imports.count > Self.importsKept { imports.removeLast(imports.count - Self.importsKept) }
  }
}

extension JSONField {
  /// A board's identity in a bridge's records: 16 lower-case hex digits.
  func boardIdentity() throws -> String {
    let text = try string()
    guard text.utf8.count == 16, text.utf8.allSatisfy({ ASCII.isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
    else { throw damaged("'\(Display.value(text))' is not a board identity of 16 hex digits") }
    return text
  }
}

extension Pasteboard {
  /// Gives the board its identity for remote bridges, once, under its lock.
  public func prepareBridgeOrder() throws(PasteboardError) {
    try withLock { (directory) throws(PasteboardError) in
      if try BridgeOrder.read(in: directory) == nil { try BridgeOrder(board: StoreFiles.uniqueName()).write(in: directory) }
    }
  }

  /// What an export of `state` by a bridge says it carries; nil for a board no bridge
  /// prepared (its archive then goes unordered, as an older pb's).
  func bridgeStamp(of state: PasteboardState) throws(PasteboardError) -> BridgeStamp? {
    guard let directory, let order = try BridgeOrder.read(in: directory) else { return nil }
    let made = order.importMaking(state.changeCount, holding: state.items)
    return BridgeStamp(
      sender: order.board, senderCount: state.changeCount, origin: made?.origin ?? order.board,
      originCount: made?.originCount ?? state.changeCount)
  }
}
