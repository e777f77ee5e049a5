import FoundationEssentials

/// What `--json` prints. Field names follow UIPasteboard (`changeCount`,
/// `numberOfItems`); every report is one JSON value.
public enum Report {
  public struct Info: Encodable {
    public var name: String
    public var changeCount: Int
    /// How the last change came about: `done` (a command), `expired`.
    public var changeKind: String
    public var numberOfItems: Int
    /// When the contents last changed, as `YYYY-MM-DDTHH:MM:SSZ`.
    public var modificationDate: String?
    public var persistent: Bool
    public var owner: Owner?
    /// When the next item expires, and how long items live by default (`30s`).
    public var expires: String?
    public var defaultExpiry: String?
    public var path: String
    /// The history, as NSUndoManager reports it.
    public var canUndo: Bool
    public var canRedo: Bool
    public var undoActionName: String?
    public var redoActionName: String?
    public var levelsOfUndo: Int
    /// Bytes of data files that only history entries name.
    public var historyBytes: Int64

    public struct Owner: Encodable {
      public var pid: Int32
      public var command: String?

      enum CodingKeys: CodingKey { case pid, command }

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pid, forKey: .pid)
        try container.encode(command, forKey: .command)
      }
    }

    enum CodingKeys: CodingKey {
      case name, changeCount, changeKind, numberOfItems, modificationDate, persistent, owner, expires, defaultExpiry, path
      case canUndo, canRedo, undoActionName, redoActionName, levelsOfUndo, historyBytes
    }

    /// Every key, `null` when absent (the synthesized encoding leaves a nil one out), so
    /// that a script finds each key the man page lists.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(changeCount, forKey: .changeCount)
      try container.encode(changeKind, forKey: .changeKind)
      try container.encode(numberOfItems, forKey: .numberOfItems)
      try container.encode(modificationDate, forKey: .modificationDate)
      try container.encode(persistent, forKey: .persistent)
      try container.encode(owner, forKey: .owner)
      try container.encode(expires, forKey: .expires)
      try container.encode(defaultExpiry, forKey: .defaultExpiry)
      try container.encode(path, forKey: .path)
      try container.encode(canUndo, forKey: .canUndo)
      try container.encode(canRedo, forKey: .canRedo)
      try container.encode(undoActionName, forKey: .undoActionName)
      try container.encode(redoActionName, forKey: .redoActionName)
      try container.encode(levelsOfUndo, forKey: .levelsOfUndo)
      try container.encode(historyBytes, forKey: .historyBytes)
    }

    public init(_ state: PasteboardState, history: History, attributes: BoardAttributes, path: String) {
      name = state.name
      changeCount = state.changeCount
      changeKind = state.changeKind.rawValue
      numberOfItems = state.numberOfItems
      modificationDate = state.modificationDate.map { Timestamp.format(secondsSince1970: $0) }
      persistent = attributes.isPersistent
      owner = attributes.owner.map { Owner(pid: $0.process.pid, command: $0.command) }
      expires = state.nextExpiry.map { Timestamp.format(millisecondsSince1970: $0) }
      defaultExpiry = attributes.defaultExpiry.map(Report.duration)
      self.path = path
      canUndo = history.canUndo
      canRedo = history.canRedo
      undoActionName = history.undoActionName
      redoActionName = history.redoActionName
      levelsOfUndo = history.levelsOfUndo
      historyBytes = history.bytesHeldOnlyByHistory(current: state.items)
    }
  }

  /// `pb history --json`.
  public struct HistoryReport: Encodable {
    public var name: String
    public var levelsOfUndo: Int
    /// Newest first: the first is what `pb undo` undoes (over secrets, the step back to
    /// the state before them).
    public var undo: [Entry]
    /// Next first: the first is what `pb redo` redoes.
    public var redo: [Entry]
    public var group: Group?
    public var historyBytes: Int64

    /// One entry, with the state undoing (or redoing) it gives back.
    public struct Entry: Encodable {
      public var actionName: String
      public var date: String
      public var numberOfItems: Int
      /// Every type of those items, in order, each once.
      public var types: [String]
      public var bytes: Int64
      /// Files a cut removed, which undoing it puts back.
      public var cutFiles: [String]

      public init(_ entry: HistoryEntry) {
        actionName = entry.actionName
        date = Timestamp.format(millisecondsSince1970: entry.date)
        numberOfItems = entry.items.count
        var seen = Set<String>()
        types = entry.items.flatMap(\.types).map(\.rawValue).filter { seen.insert($0).inserted }
        bytes = entry.items.reduce(0) { $0 + $1.size }
        // Where a cut file is now: where undo put it back, if it did.
        cutFiles = entry.cutFiles.map { $0.restored?.path ?? $0.path }
      }
    }

    public struct Group: Encodable {
      public var name: String?
      public var depth: Int
      /// Whether a change was made in it yet.
      public var hasEntry: Bool
    }

    public init(name: String, state: PasteboardState, history: History) {
      self.name = name
      levelsOfUndo = history.levelsOfUndo
      undo = history.undoSteps.reversed().map(Entry.init)
      redo = history.redoStack.reversed().map(Entry.init)
      group = history.group.map { Group(name: $0.name, depth: $0.depth, hasEntry: $0.hasEntry) }
      historyBytes = history.bytesHeldOnlyByHistory(current: state.items)
    }
  }

  /// A duration as `pb` takes it back: `1h30m`, `500ms`.
  public static func duration(_ milliseconds: Int64) -> String {
    var rest = milliseconds
    var text = ""
    for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text.isEmpty ? "0s" : text
  }

  /// One change, as `pb watch --json` prints it, one object per line.
  public struct Change: Encodable {
    public var changeCount: Int
    public var changeKind: String
    public var numberOfItems: Int
    /// The types of item 0.
    public var types: [String]

    public init(_ state: PasteboardState) {
      changeCount = state.changeCount
      changeKind = state.changeKind.rawValue
      numberOfItems = state.numberOfItems
      types = state.items.first?.types.map(\.rawValue) ?? []
    }
  }

  public struct RepresentationInfo: Encodable {
    public var type: String
    public var size: Int64
    public var typeSource: String
    public var conformsTo: [String]

    public init(_ representation: Representation) {
      type = representation.type.rawValue
      size = representation.size
      typeSource = representation.typeSource.rawValue
      conformsTo = TypeRegistry.ancestors(of: representation.type).map(\.rawValue)
    }
  }

  public struct ItemInfo: Encodable {
    public var index: Int
    public var representations: [RepresentationInfo]
    /// A preview of its text; never for a concealed item.
    public var preview: String?
    public var concealed: Bool
    public var expires: String?

    public init(index: Int, item: Item, preview: String?) {
      self.index = index
      representations = item.representations.map(RepresentationInfo.init)
      self.preview = item.concealed ? nil : preview
      concealed = item.concealed
      expires = item.expires.map { Timestamp.format(millisecondsSince1970: $0) }
    }
  }

  public struct ItemTypes: Encodable {
    public var index: Int
    public var types: [String]

    public init(index: Int, types: [TypeIdentifier]) {
      self.index = index
      self.types = types.map(\.rawValue)
    }
  }

  /// One board, as `pb list --json` gives it.
  public struct Board: Encodable {
    public var name: String
    public var numberOfItems: Int
    public var bytes: Int64
    public var changeCount: Int
    public var persistent: Bool
    public var owner: Info.Owner?
    public var expires: String?
    public var defaultExpiry: String?

    public init(_ summary: BoardSummary) {
      let info = Info(summary.state, history: History(), attributes: summary.attributes, path: "")
      name = summary.name
      numberOfItems = summary.state.numberOfItems
      bytes = summary.bytes
      changeCount = summary.state.changeCount
      persistent = info.persistent
      owner = info.owner
      expires = info.expires
      defaultExpiry = info.defaultExpiry
    }
  }

  /// One JSON object on one line, keys sorted, for streams such as `pb watch --json`.
  public static func jsonLine(_ value: some Encodable) throws(PasteboardError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      throw .internalError("cannot encode JSON: \(error)")
    }
  }

  /// Pretty-printed JSON with sorted keys and a final newline. An empty array is `[]`, not
  /// the encoder's `[`, a blank line and `]` (no string in JSON holds a raw newline, so
  /// only an empty array looks like that).
  public static func json(_ value: some Encodable) throws(PasteboardError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      return text.replacing(#/\[\n[ ]*\n[ ]*\]/#, with: "[]") + "\n"
    } catch {
      throw .internalError("cannot encode JSON: \(error)")
    }
  }
}

extension Report {
  /// What a type is: `pb type`.
  public struct TypeInfo: Encodable {
    public var identifier: String
    public var description: String?
    public var declared: Bool
    public var dynamic: Bool
    /// Where the facts about the type come from: built-in, shared-mime-info or dynamic.
    public var source: String
    /// For a dynamic identifier: its decoded tag specification, as in `?0=6:1=toml`.
    public var tagSpecification: String?
    public var conformsTo: [String]
    /// `conformsTo` with where each link comes from and why.
    public var parents: [Parent]
    public var conformance: [String]
    public var mimeTypes: [String]
    public var filenameExtensions: [String]
    public var filenameExtensionsSource: String?

    public struct Parent: Encodable {
      public var type: String
      public var source: String
      public var reason: String?
    }

    public init(_ type: TypeIdentifier) {
      let declaration = TypeRegistry.declaration(of: type)
      let specification = DynamicIdentifier.specification(of: type)
      identifier = type.rawValue
      description = TypeRegistry.description(of: type)
      declared = declaration != nil
      dynamic = type.isDynamic
      source = TypeRegistry.source(of: type).rawValue
      tagSpecification = specification?.text
      let facts = TypeRegistry.parentFacts(of: type)
      conformsTo = facts.map(\.type.rawValue)
      parents = facts.map { Parent(type: $0.type.rawValue, source: $0.source.rawValue, reason: $0.reason) }
      conformance = TypeRegistry.ancestors(of: type).map(\.rawValue)
      mimeTypes = declaration?.mimeTypes ?? specification?.tags.filter { $0.tagClass == .mimeType }.map(\.value) ?? []
      let extensions = TypeRegistry.filenameExtensions(of: type)
      filenameExtensions = extensions.extensions
      filenameExtensionsSource = extensions.extensions.isEmpty ? nil : extensions.source.rawValue
    }
  }

  /// What `pb copy` would store for an input, and why: `pb type --sniff`.
  public struct Sniffed: Encodable {
    public var input: String
    public var type: String
    public var typeSource: String
    public var libmagic: String?

    public init(input: String, detection: TypeDetection, sniffed: SniffedType?) {
      self.input = input
      type = detection.type.rawValue
      typeSource = detection.source.rawValue
      libmagic = sniffed.map { answer in answer.charset.map { "\(answer.mimeType); charset=\($0)" } ?? answer.mimeType }
    }
  }
}
