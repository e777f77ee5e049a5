import Glibc
import LinuxSystem

/// Where the bytes of one representation come from, and its type if the user gave one.
public struct RepresentationSource: Sendable, Equatable {
  public enum Input: Sendable, Equatable {
    case standardInput
    case file(String)
  }

  public var input: Input
  public var type: TypeIdentifier?

  public init(input: Input, type: TypeIdentifier? = nil) {
    self.input = input
    self.type = type
  }

  /// `[TYPE=]FILE`, as `pb copy -r` takes it: the part before the first '=' is the
  /// type; an empty one (`=FILE`) means detect it.
  public static func parse(spec: String) throws(PasteboardError) -> RepresentationSource {
    guard let equals = spec.firstIndex(of: "=") else { return RepresentationSource(input: Input(argument: spec)) }
    let typeText = String(spec[..<equals])
    let file = String(spec[spec.index(after: equals)...])
    if file.isEmpty { throw .misuse(.representationWithoutFile(spec: spec)) }
    let type = typeText.isEmpty ? nil : try TypeIdentifier.parse(typeText)
    return RepresentationSource(input: Input(argument: file), type: type)
  }
}

extension RepresentationSource.Input {
  /// A file argument; '-' is standard input.
  public init(argument: String) {
    self = argument == "-" ? .standardInput : .file(argument)
  }

  /// The bytes a copy of these inputs will move, when every one is a regular file
  /// (standard input redirected from a file counts); nil otherwise.
  public static func regularFileSize(of inputs: [Self]) -> Int64? {
    var total: Int64 = 0
    for input in inputs {
      let status: stat?
      switch input {
      case .standardInput: status = try? Descriptor.standardInput.status()
      case .file(let path): status = try? SystemCall.status(path: path)
      }
      guard let status, status.st_mode & S_IFMT == S_IFREG else { return nil }
      total += Int64(status.st_size)
    }
    return total
  }
}

/// The representations of one item to write, in order (the first is the preferred one).
public struct ItemSource: Sendable, Equatable {
  public var representations: [RepresentationSource]

  public init(representations: [RepresentationSource]) {
    self.representations = representations
  }
}
