import Glibc

/// The environment variables pb reads, their bytes kept as `PathBytes` carries them. The
/// one reader of the process's environment; a test gives its own values.
public struct Environment: Sendable {
  private let lookup: @Sendable (String) -> String?

  /// The process's environment (getenv).
  public static let process = Environment { name in
    getenv(name).map { PathBytes.string(cString: $0) }
  }

  /// Fixed values, for tests: a name not given is unset.
  public init(_ variables: [String: String]) {
    lookup = { name in variables[name] }
  }

  /// Values from `lookup`, for tests that count what is read.
  public init(lookup: @escaping @Sendable (String) -> String?) {
    self.lookup = lookup
  }

  /// The value of `name`; nil when it is unset or empty.
  public subscript(_ name: String) -> String? { lookup(name).flatMap { $0.isEmpty ? nil : $0 } }

  /// The value of `name`, empty too; nil only when it is unset.
  public func value(keepingEmpty name: String) -> String? { lookup(name) }
}
