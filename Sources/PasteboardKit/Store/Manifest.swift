/// The committed description of a pasteboard at one change count, stored as
/// `state/<changeCount>.json`. Documented in docs/store-format.md.
struct Manifest: Equatable {
  /// 2 added item attributes (`expires`, `concealed`) and `changeKind`; 3 added
  /// `noUndo` and the change kinds `undone` and `redone`; 4 added `historyExpires`.
  static let currentFormat = 5
  /// Change counts are 0..<Int64.max; a board at the highest refuses further changes.
  static let highestChangeCount = Int(Int64.max) - 1
  /// The most a manifest file may hold; pb never writes one this large.
  static let sizeLimit = 16 << 20

  var format: Int
  var changeCount: Int
  /// Seconds since 1970 when the change was committed; stored as a UTC timestamp.
  var date: Int?
  var items: [Item]
  var changeKind: ChangeKind = .done
  /// When the first item only history holds expires (ms since 1970): from then on, the
  /// next command removes it and its data, reader or writer.
  var historyExpires: Int64?

  static func empty() -> Manifest {
    Manifest(format: currentFormat, changeCount: 0, date: nil, items: [])
  }

  init(format: Int, changeCount: Int, date: Int?, items: [Item], changeKind: ChangeKind = .done, historyExpires: Int64? = nil) {
    self.format = format
    self.changeCount = changeCount
    self.date = date
    self.items = items
    self.changeKind = changeKind
    self.historyExpires = historyExpires
  }

  init(json object: JSONObject) throws {
    (format, changeCount) = try StoreJSON.header(object, supported: Self.currentFormat)
    if let field = object.field("date") {
      let timestamp = try field.string()
      guard let seconds = Timestamp.parse(timestamp) else {
        throw field.damaged("'\(Display.value(timestamp))' is not a YYYY-MM-DDTHH:MM:SSZ timestamp")
      }
      date = seconds
    }
    var read = RepresentationsRead()
    items = try object.required("items").array().map { try Item(json: $0.object(), reading: &read) }
    changeKind = try object.field("changeKind")?.oneOf(ChangeKind.self) ?? .done
    historyExpires = try object.field("historyExpires")?.millisecondTimestamp()
  }

  var json: JSONValue {
    .members([
      "format": .integer(format), "changeCount": .integer(changeCount),
      "date": date.map { .string(Timestamp.format(secondsSince1970: $0)) }, "items": .array(items.map(\.json)),
      "changeKind": .string(changeKind.rawValue),
      "historyExpires": historyExpires.map { .string(Timestamp.format(millisecondsSince1970: $0)) },
    ])
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> Manifest {
    try StoreJSON.decode(bytes, path: path, supported: currentFormat, what: "manifest", mostNodes: StoreJSON.mostNodes(ofPretty: bytes.count), as: Manifest.init(json:))
  }

  func encoded() -> [UInt8] { json.pretty }
}

/// The type and type source of the representation read last from a file, kept while the
/// next ones have the same text: the representations of a history's 50 entries share a
/// few types, and reading one anew cost more than the rest of its representation.
struct RepresentationsRead {
  private var typeNode = -1
  private var type: TypeIdentifier?
  private var sourceNode = -1
  private var source: TypeSource?

  init() {}

  /// The type named by `field`, checked as a well-formed identifier.
  mutating func type(_ field: JSONField) throws -> TypeIdentifier {
    if let type, field.tape.hasSameText(typeNode, field.node) { return type }
    let text = try field.string()
    guard let parsed = try? TypeIdentifier.parseIdentifier(text), text.utf8.count <= 255 else {
      throw field.damaged("'\(Display.value(text))' is not a type identifier")
    }
    (typeNode, type) = (field.node, parsed)
    return parsed
  }

  mutating func typeSource(_ field: JSONField) throws -> TypeSource {
    if let source, field.tape.hasSameText(sourceNode, field.node) { return source }
    let read = try field.oneOf(TypeSource.self)
    (sourceNode, source) = (field.node, read)
    return read
  }
}

extension Representation {
  /// Checks every field as it is read: the file must be one plain name of the form pb
  /// writes, the size a size, the type a well-formed identifier.
  init(json object: JSONObject, reading read: inout RepresentationsRead) throws {
    let type = try read.type(object.required("type"))
    let file = try object.required("file").dataFileName()
    let sizeField = try object.required("size")
    let size = try sizeField.integer(Int64.self)
    guard size >= 0 else { throw sizeField.damaged("\(size) is not a size") }
    self.init(type: type, file: file, size: size, typeSource: try read.typeSource(object.required("typeSource")))
  }

  var json: JSONValue {
    .members(["type": .string(type.rawValue), "file": .string(file), "size": .integer(size), "typeSource": .string(typeSource.rawValue)])
  }
}

extension Item {
  init(json object: JSONObject) throws {
    var read = RepresentationsRead()
    try self.init(json: object, reading: &read)
  }

  /// An item of a file whose items are read in turn, sharing `read`.
  init(json object: JSONObject, reading read: inout RepresentationsRead) throws {
    let list = try object.required("representations")
    representations = try list.array().map { try Representation(json: $0.object(), reading: &read) }
    if representations.isEmpty { throw list.damaged("an item has no representation") }
    expires = try object.field("expires")?.millisecondTimestamp()
    concealed = try object.field("concealed")?.bool() ?? false
    recorded = !(try object.field("noUndo")?.bool() ?? false)
  }

  var json: JSONValue {
    .members([
      "representations": .array(representations.map(\.json)),
      "expires": expires.map { .string(Timestamp.format(millisecondsSince1970: $0)) },
      "concealed": concealed ? .bool(true) : nil, "noUndo": recorded ? nil : .bool(true),
    ])
  }
}

extension PasteboardState {
  /// The state readers see at `time`: items that have expired are gone from it.
  init(name: String, manifest: Manifest, at time: Int64 = TimeSpec.now()) {
    self.init(
      name: name, changeCount: manifest.changeCount, items: manifest.items.filter { !$0.hasExpired(at: time) },
      modificationDate: manifest.date, changeKind: manifest.changeKind)
  }
}

/// The kinds of field several store files hold, each checked one way.
extension JSONField {
  func changeCount() throws -> Int {
    let count = try integer(Int.self)
    guard (0...Manifest.highestChangeCount).contains(count) else {
      throw damaged("\(count) is not a change count from 0 to \(Manifest.highestChangeCount)")
    }
    return count
  }

  /// One plain name of the form pb gives its data files.
  func dataFileName() throws -> String {
    let file = try string()
    guard StoreFiles.isDataFileName(file) else { throw damaged("'\(Display.value(file))' is not a data file name pb writes") }
    return file
  }

  func millisecondTimestamp() throws -> Int64 {
    if let time = tape.plainBytes(at: node)?.withUnsafeBufferPointer({ Timestamp.parseMilliseconds(utf8: $0) }) { return time }
    let text = try string()
    guard let time = Timestamp.parseMilliseconds(text) else {
      throw damaged("'\(Display.value(text))' is not a YYYY-MM-DDTHH:MM:SS.mmmZ timestamp")
    }
    return time
  }
}
