import FoundationEssentials

/// What `--json` prints. Field names follow UIPasteboard (`changeCount`,
/// `numberOfItems`); every report is one JSON value.
public enum Report {
  public struct Info: Encodable {
    public var name: String
    public var changeCount: Int
    public var numberOfItems: Int
    /// When the contents last changed, as `YYYY-MM-DDTHH:MM:SSZ`.
    public var modificationDate: String?
    public var path: String

    public init(_ state: PasteboardState, path: String) {
      name = state.name
      changeCount = state.changeCount
      numberOfItems = state.numberOfItems
      modificationDate = state.modificationDate.map { Timestamp.format(secondsSince1970: $0) }
      self.path = path
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
    public var preview: String?

    public init(index: Int, item: Item, preview: String?) {
      self.index = index
      representations = item.representations.map(RepresentationInfo.init)
      self.preview = preview
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

  /// Pretty-printed JSON with sorted keys and a final newline.
  public static func json(_ value: some Encodable) throws(PasteboardError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
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
    /// For a dynamic identifier: its decoded tag specification, as in `?0=6:1=toml`.
    public var tagSpecification: String?
    public var conformsTo: [String]
    public var conformance: [String]
    public var mimeTypes: [String]
    public var filenameExtensions: [String]

    public init(_ type: TypeIdentifier) {
      let declaration = TypeRegistry.declaration(of: type)
      let specification = DynamicIdentifier.specification(of: type)
      identifier = type.rawValue
      description = declaration?.description
      declared = declaration != nil
      dynamic = type.isDynamic
      tagSpecification = specification?.text
      conformsTo = TypeRegistry.parents(of: type).map(\.rawValue)
      conformance = TypeRegistry.ancestors(of: type).map(\.rawValue)
      mimeTypes = declaration?.mimeTypes ?? specification?.tags.filter { $0.tagClass == .mimeType }.map(\.value) ?? []
      filenameExtensions =
        declaration?.filenameExtensions ?? specification?.tags.filter { $0.tagClass == .filenameExtension }.map(\.value) ?? []
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
