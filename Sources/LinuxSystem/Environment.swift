import Glibc

/// The environment variables pb reads, non-empty ones only, their bytes kept as
/// `PathBytes` carries them. The process's own by default; a test gives its own values.
public struct Environment: Sendable {
  private let lookup: @Sendable (String) -> String?

  /// The process's environment (getenv).
  public static let process = Environment { name in
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return PathBytes.string(cString: value)
  }

  /// Fixed values, for tests: a name not given is unset, an empty value is as unset.
  public init(_ variables: [String: String]) {
    lookup = { name in variables[name].flatMap { $0.isEmpty ? nil : $0 } }
  }

  private init(lookup: @escaping @Sendable (String) -> String?) {
    self.lookup = lookup
  }

  /// The value of `name`; nil when it is unset or empty.
  public subscript(_ name: String) -> String? { lookup(name) }
}
