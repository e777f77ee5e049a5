import PasteboardKit

/// What `--json` prints. Field names follow UIPasteboard (`changeCount`,
/// `numberOfItems`); every report is one JSON value, laid out by the library's one JSON
/// writer.
protocol JSONReport {
  var json: JSONValue { get }
}

enum Report {
  struct Info: JSONReport {
    var name: String
    var changeCount: Int
    /// How the last change came about: `done` (a command), `expired`.
    var changeKind: String
    var numberOfItems: Int
    /// When the contents last changed, as `YYYY-MM-DDTHH:MM:SSZ`.
    var modificationDate: String?
    var persistent: Bool
    var owner: Owner?
    /// When the next item expires, and how long items live by default (`30s`).
    var expires: String?
    var defaultExpiry: String?
    var path: String
    /// The history, as NSUndoManager reports it.
    var canUndo: Bool
    var canRedo: Bool
    var undoActionName: String?
    var redoActionName: String?
    var levelsOfUndo: Int
    /// Bytes of data files that only history entries name.
    var historyBytes: Int64

    struct Owner: JSONReport {
      var pid: Int32
      var command: String?

      var json: JSONValue { .members(["pid": .integer(pid), "command": command.map(JSONValue.string) ?? .null]) }
    }

    /// Every key, `null` when absent, so that a script finds each key the man page lists.
    var json: JSONValue {
      .members([
        "name": .string(name), "changeCount": .integer(changeCount), "changeKind": .string(changeKind),
        "numberOfItems": .integer(numberOfItems), "modificationDate": modificationDate.map(JSONValue.string) ?? .null,
        "persistent": .bool(persistent), "owner": owner?.json ?? .null, "expires": expires.map(JSONValue.string) ?? .null,
        "defaultExpiry": defaultExpiry.map(JSONValue.string) ?? .null, "path": .string(path), "canUndo": .bool(canUndo),
        "canRedo": .bool(canRedo), "undoActionName": undoActionName.map(JSONValue.string) ?? .null,
        "redoActionName": redoActionName.map(JSONValue.string) ?? .null, "levelsOfUndo": .integer(levelsOfUndo),
        "historyBytes": .integer(historyBytes),
      ])
    }

    init(_ state: PasteboardState, history: History, attributes: BoardAttributes, path: String) {
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
  struct HistoryReport: JSONReport {
    var name: String
    var levelsOfUndo: Int
    /// Newest first: the first is what `pb undo` undoes (over secrets, the step back to
    /// the state before them).
    var undo: [Entry]
    /// Next first: the first is what `pb redo` redoes.
    var redo: [Entry]
    var group: Group?
    var historyBytes: Int64
    var maxBytes: Int64

    /// One entry, with the state undoing (or redoing) it gives back.
    struct Entry: JSONReport {
      var actionName: String
      var date: String
      var numberOfItems: Int
      /// Every type of those items, in order, each once.
      var types: [String]
      var bytes: Int64
      /// Files a cut removed, which undoing it puts back.
      var cutFiles: [String]
      var pinned = false

      var json: JSONValue {
        .members([
          "actionName": .string(actionName), "date": .string(date), "numberOfItems": .integer(numberOfItems),
          "types": .array(types.map(JSONValue.string)), "bytes": .integer(bytes), "cutFiles": .array(cutFiles.map(JSONValue.string)),
          "pinned": .bool(pinned),
        ])
      }

      init(_ entry: HistoryEntry) {
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

    struct Group: JSONReport {
      var name: String?
      var depth: Int
      /// Whether a change was made in it yet.
      var hasEntry: Bool

      var json: JSONValue { .members(["name": name.map(JSONValue.string), "depth": .integer(depth), "hasEntry": .bool(hasEntry)]) }
    }

    var json: JSONValue {
      .members([
        "name": .string(name), "levelsOfUndo": .integer(levelsOfUndo), "undo": .array(undo.map(\.json)),
        "redo": .array(redo.map(\.json)), "group": group?.json, "historyBytes": .integer(historyBytes),
        "maxBytes": .integer(maxBytes),
      ])
    }

    init(name: String, state: PasteboardState, history: History) {
      self.name = name
      levelsOfUndo = history.levelsOfUndo
      // A set: a planted history may hold as many pins as entries.
      let pins = Set(history.pins)
      func entry(_ entry: HistoryEntry) -> Entry {
        var reported = Entry(entry)
        reported.pinned = !pins.isEmpty && pins.contains(History.pinKey(entry.items))
        return reported
      }
      undo = history.undoSteps.reversed().map(entry)
      redo = history.redoStack.reversed().map(entry)
      group = history.group.map { Group(name: $0.name, depth: $0.depth, hasEntry: $0.hasEntry) }
      historyBytes = history.bytesHeldOnlyByHistory(current: state.items)
      maxBytes = history.maxBytes
    }
  }

  /// A duration as `pb` takes it back: `1h30m`, `500ms`.
  static func duration(_ milliseconds: Int64) -> String {
    var rest = milliseconds
    var text = ""
    for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text.isEmpty ? "0s" : text
  }

  /// One change, as `pb watch --json` prints it, one object per line.
  struct Change: JSONReport {
    var changeCount: Int
    var changeKind: String
    var numberOfItems: Int
    /// The types of item 0.
    var types: [String]

    var json: JSONValue {
      .members([
        "changeCount": .integer(changeCount), "changeKind": .string(changeKind), "numberOfItems": .integer(numberOfItems),
        "types": .array(types.map(JSONValue.string)),
      ])
    }

    init(_ state: PasteboardState) {
      changeCount = state.changeCount
      changeKind = state.changeKind.rawValue
      numberOfItems = state.numberOfItems
      types = state.items.first?.types.map(\.rawValue) ?? []
    }
  }

  struct RepresentationInfo: JSONReport {
    var type: String
    var size: Int64
    var typeSource: String
    var conformsTo: [String]

    var json: JSONValue {
      .members([
        "type": .string(type), "size": .integer(size), "typeSource": .string(typeSource),
        "conformsTo": .array(conformsTo.map(JSONValue.string)),
      ])
    }

    init(_ representation: Representation) {
      type = representation.type.rawValue
      size = representation.size
      typeSource = representation.typeSource.rawValue
      conformsTo = TypeRegistry.ancestors(of: representation.type).map(\.rawValue)
    }
  }

  struct ItemInfo: JSONReport {
    var index: Int
    var representations: [RepresentationInfo]
    /// A preview of its text; never for a concealed item.
    var preview: String?
    var concealed: Bool
    var expires: String?

    var json: JSONValue {
      .members([
        "index": .integer(index), "representations": .array(representations.map(\.json)), "preview": preview.map(JSONValue.string),
        "concealed": .bool(concealed), "expires": expires.map(JSONValue.string),
      ])
    }

    init(index: Int, item: Item, preview: String?) {
      self.index = index
      representations = item.representations.map(RepresentationInfo.init)
      self.preview = item.concealed ? nil : preview
      concealed = item.concealed
      expires = item.expires.map { Timestamp.format(millisecondsSince1970: $0) }
    }
  }

  struct ItemTypes: JSONReport {
    var index: Int
    var types: [String]

    var json: JSONValue { .members(["index": .integer(index), "types": .array(types.map(JSONValue.string))]) }

    init(index: Int, types: [TypeIdentifier]) {
      self.index = index
      self.types = types.map(\.rawValue)
    }
  }

  /// One board, as `pb list --json` gives it.
  struct Board: JSONReport {
    var name: String
    var numberOfItems: Int
    var bytes: Int64
    var changeCount: Int
    var persistent: Bool
    var owner: Info.Owner?
    var expires: String?
    var defaultExpiry: String?

    var json: JSONValue {
      .members([
        "name": .string(name), "numberOfItems": .integer(numberOfItems), "bytes": .integer(bytes), "changeCount": .integer(changeCount),
        "persistent": .bool(persistent), "owner": owner?.json, "expires": expires.map(JSONValue.string),
        "defaultExpiry": defaultExpiry.map(JSONValue.string),
      ])
    }

    init(_ summary: BoardSummary) {
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
  static func jsonLine(_ value: some JSONReport) -> String {
    String(decoding: value.json.line, as: UTF8.self)
  }

  /// Pretty-printed JSON with sorted keys and a final newline.
  static func json(_ value: some JSONReport) -> String {
    String(decoding: value.json.report, as: UTF8.self)
  }

  static func json(_ values: [some JSONReport]) -> String {
    String(decoding: JSONValue.array(values.map(\.json)).report, as: UTF8.self)
  }
}

extension Report {
  /// What a type is: `pb type`.
  struct TypeInfo: JSONReport {
    var identifier: String
    var description: String?
    var declared: Bool
    var dynamic: Bool
    /// Where the facts about the type come from: built-in, shared-mime-info or dynamic.
    var source: String
    /// For a dynamic identifier: its decoded tag specification, as in `?0=6:1=toml`.
    var tagSpecification: String?
    var conformsTo: [String]
    /// `conformsTo` with where each link comes from and why.
    var parents: [Parent]
    var conformance: [String]
    var mimeTypes: [String]
    var filenameExtensions: [String]
    var filenameExtensionsSource: String?

    struct Parent: JSONReport {
      var type: String
      var source: String
      var reason: String?

      var json: JSONValue { .members(["type": .string(type), "source": .string(source), "reason": reason.map(JSONValue.string)]) }
    }

    var json: JSONValue {
      .members([
        "identifier": .string(identifier), "description": description.map(JSONValue.string), "declared": .bool(declared),
        "dynamic": .bool(dynamic), "source": .string(source), "tagSpecification": tagSpecification.map(JSONValue.string),
        "conformsTo": .array(conformsTo.map(JSONValue.string)), "parents": .array(parents.map(\.json)),
        "conformance": .array(conformance.map(JSONValue.string)), "mimeTypes": .array(mimeTypes.map(JSONValue.string)),
        "filenameExtensions": .array(filenameExtensions.map(JSONValue.string)),
        "filenameExtensionsSource": filenameExtensionsSource.map(JSONValue.string),
      ])
    }

    init(_ type: TypeIdentifier) {
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
      mimeTypes = TypeRegistry.mimeTypes(of: type)
      let extensions = TypeRegistry.filenameExtensions(of: type)
      filenameExtensions = extensions.extensions
      filenameExtensionsSource = extensions.extensions.isEmpty ? nil : extensions.source.rawValue
    }
  }

  /// What `pb copy` would store for an input, and why: `pb type --sniff`.
  struct Sniffed: JSONReport {
    var input: String
    var type: String
    var typeSource: String
    var libmagic: String?
    /// The MIME database's answer from the data, when it was asked.
    var sharedMIMEInfo: String?
    /// The types the file's name gives, best first.
    var fileName: [String]

    var json: JSONValue {
      .members([
        "input": .string(input), "type": .string(type), "typeSource": .string(typeSource), "libmagic": libmagic.map(JSONValue.string),
        "sharedMIMEInfo": sharedMIMEInfo.map(JSONValue.string), "fileName": .array(fileName.map(JSONValue.string)),
      ])
    }

    /// What each source said, after the one that decided: `libmagic: text/plain; charset=us-ascii`.
    var evidence: [String] {
      [libmagic.map { "libmagic: \($0)" }, sharedMIMEInfo.map { "shared-mime-info: \($0)" },
       fileName.isEmpty ? nil : "name: " + fileName.joined(separator: ", ")].compactMap { $0 }
    }

    init(input: String, detection: TypeDetection, evidence: TypeEvidence) {
      self.input = input
      type = detection.type.rawValue
      typeSource = detection.source.rawValue
      libmagic = evidence.libmagic.map { answer in
        (answer.charset.map { "\(answer.mimeType); charset=\($0)" } ?? answer.mimeType)
          + (evidence.libmagicInside.map { ", holding \($0)" } ?? "")
      }
      sharedMIMEInfo = evidence.sharedMIMEInfo
      fileName = evidence.fileName.map(\.rawValue)
    }
  }
}
