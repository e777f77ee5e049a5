import Glibc

/// The record of the work outside the store that goes with one commit (a cut removing
/// files, an undo putting them back, a redo taking them again), written before any of
/// it starts, as a database's rollback journal: whoever takes the board's lock next
/// finds it and finishes the work (the commit happened) or undoes what was begun (it did
/// not), so that a process killed at any moment, or a full disk, never leaves a user's
/// bytes neither where they were nor in the store. See docs/store-format.md, "Recovery".
///
/// `boards/<name>/journal`: the plan on its first line, then a line of progress per step
/// done, each one JSON object; the plan is written whole (unnamed and linked) and on
/// disk before any step, and the file is removed once the work is over.
struct Journal: Equatable {
  static let fileName = "journal"
  static let currentFormat = 4
  /// A plan names at most this many steps' worth of text (history's own limit).
  static let sizeLimit = HistoryFile.sizeLimit

  enum Operation: String, CaseIterable {
    case cut, undo, redo
  }

  enum Method: String, CaseIterable {
    /// Undo: the data file gets a second, hidden name in the cut file's folder, which is
    /// renamed into place; then its name in `data/` goes.
    case link
    /// Undo: a copy of the data file, made under a hidden name, renamed into place.
    case copy
    /// Redo: the file undo put back is renamed into `data/`, before the commit.
    case take
    /// Cut and redo: the file is removed after the commit, if it is still the one named.
    case remove
  }

  struct Step: Equatable {
    /// The path the file goes to (undo) or is at (cut, redo).
    var path: String
    /// The data file holding its bytes.
    var file: String
    var method: Method
    /// Undo: the hidden name in the path's folder it is made under.
    var temporary: String?
    /// Undo: the permission bits and modification time it gets.
    var mode: UInt32?
    var modified: Int64?
    /// Cut and redo: the file to take or remove, as it was when the plan was made.
    var identity: FileIdentity?
  }

  enum Progress: Equatable {
    /// Undo: the file is whole under its hidden name, this inode.
    case prepared(inode: UInt64)
    /// Undo: renamed into place at this path.
    case placed(path: String)
    /// Take or remove: done.
    case done
    /// Could not be done; the bytes stay in the store.
    case failed(String)
  }

  var operation: Operation
  /// The change count before the commit, and the one the commit makes.
  var from: Int
  var to: Int
  var steps: [Step]
  /// The latest progress of each step, by index.
  var progress: [Progress?]
  /// Undo: the inode each step's hidden file was made with, which it keeps once placed:
  /// a file at its place with another inode is not the one undo made.
  var madeInodes: [UInt64?]

  init(operation: Operation, from: Int, to: Int, steps: [Step]) {
    self.operation = operation
    self.from = from
    self.to = to
    self.steps = steps
    progress = Array(repeating: nil, count: steps.count)
    madeInodes = progress.map { _ in nil }
  }

  /// Records a step's progress (a `prepared` one also as the step's made inode).
  mutating func note(_ step: Int, _ progress: Progress) {
    self.progress[step] = progress
    if case .prepared(let inode) = progress { madeInodes[step] = inode }
  }

  // MARK: The file

  var planLine: [UInt8] {
    JSONValue.members([
      "format": .integer(Self.currentFormat), "operation": .string(operation.rawValue), "from": .integer(from),
      "to": .integer(to), "steps": .array(steps.map(\.json)),
    ]).line
  }

  static func progressLine(step: Int, _ progress: Progress) -> [UInt8] {
    let value: JSONValue =
      switch progress {
      case .prepared(let inode): .members(["step": .integer(step), "prepared": .integer(inode)])
      case .placed(let path): .members(["step": .integer(step), "placed": .string(path)])
      case .done: .members(["step": .integer(step), "done": .bool(true)])
      case .failed(let reason): .members(["step": .integer(step), "failed": .string(reason)])
      }
    return value.line
  }

  /// Reads a journal: the plan, then each progress line. A last line cut short (the
  /// writer was killed while appending it) is the only damage taken as nothing.
  static func decode(_ bytes: [UInt8], path: String) throws(PasteboardError) -> Journal {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    let endsWhole = lines.last?.isEmpty ?? false
    if endsWhole { lines.removeLast() }
    guard let plan = lines.first else { throw .corruptStore(path: path, reason: "it holds no plan") }
    var journal = try StoreJSON.decode(plan, path: path, supported: currentFormat, what: "journal", as: Journal.init(json:))
    for (number, line) in lines.enumerated().dropFirst() {
      do throws(PasteboardError) {
        let (step, progress) = try StoreJSON.decode(line, path: path, supported: currentFormat, what: "journal line") {
          try Self.progress(json: $0)
        }
        guard journal.steps.indices.contains(step) else {
          throw PasteboardError.corruptStore(path: path, reason: "line \(number + 1) names step \(step), which the plan has not")
        }
        journal.note(step, progress)
      } catch {
        if number == lines.count - 1 && !endsWhole { break }
        throw error
      }
    }
    return journal
  }

  private init(json object: JSONObject) throws {
    _ = try StoreJSON.checkFormat(object, supported: Self.currentFormat)
    operation = try object.required("operation").oneOf(Operation.self)
    from = try object.required("from").changeCount()
    let toField = try object.required("to")
    to = try toField.changeCount()
    guard to == from + 1 else { throw toField.damaged("a journal's commit makes the next change count") }
    steps = try object.required("steps").array().map { try Step(json: $0.object()) }
    progress = Array(repeating: nil, count: steps.count)
    madeInodes = progress.map { _ in nil }
  }

  private static func progress(json object: JSONObject) throws -> (Int, Progress) {
    let step = try object.required("step").integer(Int.self)
    if let inode = object.field("prepared") { return (step, .prepared(inode: try inode.integer(UInt64.self))) }
    if let placed = object.field("placed") {
      let path = try placed.string()
      guard CutFile.isNormalisedAbsolute(path) else { throw placed.damaged("it is not an absolute, normalised path") }
      return (step, .placed(path: path))
    }
    if object.field("done") != nil { return (step, .done) }
    if let reason = object.field("failed") { return (step, .failed(try reason.string())) }
    throw JSONError.whole("a progress line says nothing")
  }
}

extension Journal.Step {
  fileprivate init(json object: JSONObject) throws {
    let pathField = try object.required("path")
    path = try pathField.string()
    guard CutFile.isNormalisedAbsolute(path) else { throw pathField.damaged("it is not an absolute, normalised path") }
    file = try object.required("file").dataFileName()
    method = try object.required("method").oneOf(Journal.Method.self)
    if let field = object.field("temporary") {
      let name = try field.string()
      guard Self.isTemporaryName(name, for: path) else { throw field.damaged("it is not a hidden name pb makes") }
      temporary = name
    }
    if let field = object.field("mode") {
      let mode = try field.integer(UInt32.self)
      guard mode <= 0o777 else { throw field.damaged("\(mode) is not a set of permission bits") }
      self.mode = mode
    }
    modified = try object.field("modified")?.integer(Int64.self)
    identity = try object.field("identity").map { try FileIdentity(json: $0.object()) }
    let isUndo = method == .link || method == .copy
    guard isUndo == (temporary != nil && mode != nil && modified != nil), isUndo == (identity == nil) else {
      throw JSONError(field: "steps", reason: "a \(method.rawValue) step lacks what it needs")
    }
  }

  var json: JSONValue {
    .members([
      "path": .string(path), "file": .string(file), "method": .string(method.rawValue),
      "temporary": temporary.map(JSONValue.string), "mode": mode.map { .integer($0) }, "modified": modified.map { .integer($0) },
      "identity": identity.map(\.json),
    ])
  }

  /// The hidden name undo makes a file under before renaming it into place:
  /// `.NAME.pb-<16 hex digits>`, or `.pb-<16 hex digits>` for a long NAME.
  static func temporaryName(for path: String) -> String {
    let name = Pasteboard.split(path).name
    return name.utf8.count > 200 ? ".pb-\(StoreFiles.uniqueName())" : ".\(name).pb-\(StoreFiles.uniqueName())"
  }

  static func isTemporaryName(_ temporary: String, for path: String) -> Bool {
    let name = Pasteboard.split(path).name
    let prefix = name.utf8.count > 200 ? ".pb-" : ".\(name).pb-"
    guard temporary.hasPrefix(prefix), temporary.utf8.count == prefix.utf8.count + 16 else { return false }
    return StoreFiles.isDataFileName(String(temporary.dropFirst(prefix.count)))
  }
}
