/// How the type of a stored representation was chosen.
public enum TypeSource: String, Codable, Sendable {
  /// The user gave it (`-t`, or `TYPE=` in `-r TYPE=FILE`).
  case given
  /// The filename extension of the file the data came from.
  case filenameExtension = "extension"
  /// libmagic's answer on the head of the data.
  case magic = "libmagic"
  /// The data is valid UTF-8 without NUL bytes, whatever libmagic thought.
  case textCheck = "text"
}

/// One representation of an item: bytes stored under one type.
public struct Representation: Codable, Sendable, Equatable {
  public var type: TypeIdentifier
  /// The data file's name inside the pasteboard's `data` folder.
  public var file: String
  public var size: Int64
  public var typeSource: TypeSource

  enum CodingKeys: String, CodingKey {
    case type, file, size, typeSource
  }

  public init(type: TypeIdentifier, file: String, size: Int64, typeSource: TypeSource) {
    self.type = type
    self.file = file
    self.size = size
    self.typeSource = typeSource
  }
}

/// One item of a pasteboard: the same thing in one or more representations, in the
/// order they were written (the first is the preferred one).
public struct Item: Codable, Sendable, Equatable {
  public var representations: [Representation]

  /// The representation a reader asking for `types` gets: the first of the types that
  /// the item has (a representation conforming to it counts), in the order given; with
  /// no types, the first representation.
  public func representation(preferring types: [TypeIdentifier]) -> Representation? {
    if types.isEmpty { return representations.first }
    for type in types {
      if let match = representations.first(where: { TypeRegistry.conforms($0.type, to: type) }) {
        return match
      }
    }
    return nil
  }

  public var types: [TypeIdentifier] { representations.map(\.type) }
}

/// What a pasteboard holds at one change count.
public struct PasteboardState: Sendable, Equatable {
  public var name: String
  public var changeCount: Int
  public var items: [Item]
  /// When the contents last changed, in seconds since 1970; nil before the first change.
  public var modificationDate: Int?

  public var numberOfItems: Int { items.count }
}
