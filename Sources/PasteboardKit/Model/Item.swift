/// How the type of a stored representation was chosen.
public enum TypeSource: String, Sendable, CaseIterable {
  /// The user gave it (`-t`, or `TYPE=` in `-r TYPE=FILE`).
  case given
  /// The filename extension of the file the data came from.
  case filenameExtension = "extension"
  /// libmagic's answer on the head of the data.
  case magic = "libmagic"
  /// The system's MIME database on the head of the data: its magic rules or, for XML, the
  /// root element's namespace.
  case mimeDatabase = "shared-mime-info"
  /// The data is valid UTF-8 without NUL bytes, whatever libmagic thought.
  case textCheck = "text"
}

/// One representation of an item: bytes stored under one type.
public struct Representation: Sendable, Equatable {
  public var type: TypeIdentifier
  /// The data file's name inside the pasteboard's `data` folder.
  public var file: String
  public var size: Int64
  public var typeSource: TypeSource

  public init(type: TypeIdentifier, file: String, size: Int64, typeSource: TypeSource) {
    self.type = type
    self.file = file
    self.size = size
    self.typeSource = typeSource
  }
}

/// What a reader asking for some types gets of an item.
public enum RepresentationChoice: Sendable, Equatable {
  case stored(Representation)
  /// Made from the stored `source` when read.
  case derived(DerivedForm, source: Representation)
}

/// One item of a pasteboard: the same thing in one or more representations, in the
/// order they were written (the first is the preferred one).
public struct Item: Sendable, Equatable {
  /// The most representations one item holds: that many, each of the longest type there
  /// is, still fit in a manifest (a desktop offer has a few dozen).
  public static let mostRepresentations = 10_000

  public var representations: [Representation]
  /// When the item vanishes, in milliseconds since 1970; nil for never.
  public var expires: Int64?
  /// A secret: never previewed or listed, never kept in history, its data removed as
  /// soon as it is replaced.
  public var concealed: Bool
  /// False for an item written with `--no-undo`: history never keeps it.
  public var recorded: Bool

  public init(representations: [Representation], expires: Int64? = nil, concealed: Bool = false, recorded: Bool = true) {
    self.representations = representations
    self.expires = expires
    self.concealed = concealed
    self.recorded = recorded
  }

  /// Whether history may keep the item: not a secret, not written with `--no-undo`.
  /// The data of an item it may not keep is removed as soon as the item is replaced.
  public var isRecordable: Bool { recorded && !concealed }

  /// The representation a reader asking for `types` gets: the first of the types that
  /// the item has (a representation conforming to it counts), in the order given; with
  /// no types, the first representation. Text, the kind, asks for the plainest text: plain
  /// text before HTML or RTF stored ahead of it, as pbpaste gives (`-t html` for the HTML).
  public func representation(preferring types: [TypeIdentifier]) -> Representation? {
    if types.isEmpty { return representations.first }
    for type in types {
      if type == .text, let plain = representations.first(where: { TypeRegistry.conforms($0.type, to: .plainText) }) {
        return plain
      }
      if let match = representations.first(where: { TypeRegistry.conforms($0.type, to: type) }) {
        return match
      }
    }
    return nil
  }

  /// What a reader asking for `types` gets: the stored representation
  /// `representation(preferring:)` gives or, when the item has none of the types, a
  /// form derived from what it has that is of one of them (the first type's first).
  /// Asked for text alone, an item whose text is HTML gives its words
  /// (`DerivedForm.standsInForSource`); in a longer list (pbpaste's) the HTML is
  /// text like any other. The `color` kind is answered by a color form only: of a
  /// text, one that reads as a color when it is made. Nil when it has neither.
  public func choice(preferring types: [TypeIdentifier]) -> RepresentationChoice? {
    if let stored = representation(preferring: types) {
      if types.count == 1, TypeRegistry.conforms(types[0], to: .text),
        let form = DerivedForm.allCases.first(where: { $0.standsInForSource && TypeRegistry.conforms($0.type, to: types[0]) }),
        let source = form.source(in: self.types), representations[source] == stored
      {
        return .derived(form, source: stored)
      }
      return .stored(stored)
    }
    for wanted in types {
      for form in DerivedForm.allCases where form.answers(wanted) {
        if let source = form.source(in: self.types) { return .derived(form, source: representations[source]) }
      }
    }
    return nil
  }

  public var types: [TypeIdentifier] { representations.map(\.type) }

  /// Bytes held by all representations.
  public var size: Int64 { representations.reduce(0) { $0 + $1.size } }

  /// Whether the item is gone at `time` (milliseconds since 1970).
  public func hasExpired(at time: Int64) -> Bool { expires.map { $0 <= time } ?? false }
}

/// What kind of change made a state, as UIDocument's change kinds: `done` by a command
/// that writes, `undone` and `redone` by `pb undo` and `pb redo`, `expired` when items
/// reached their time (not a user action).
public enum ChangeKind: String, Sendable, CaseIterable {
  case done
  case undone
  case redone
  case expired
}

/// What a pasteboard holds at one change count.
public struct PasteboardState: Sendable, Equatable {
  public var name: String
  public var changeCount: Int
  /// The items readers see: those that have not expired.
  public var items: [Item]
  /// When the contents last changed, in seconds since 1970; nil before the first change.
  public var modificationDate: Int?
  public var changeKind: ChangeKind

  public var numberOfItems: Int { items.count }
  /// The earliest time an item expires, if any does.
  public var nextExpiry: Int64? { items.compactMap(\.expires).min() }
}
