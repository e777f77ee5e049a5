#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A command line pb runs for the user (`pb group run`, `pb watch --exec`). It is checked
/// when it is made, so that a name that runs nothing is refused before anything waits on
/// it, and refused the same way whoever runs it.
public struct ExternalCommand: Sendable {
  public let words: [String]

  /// Refuses (with `cannotRun`) a command whose program cannot be found in PATH or run.
  public init(_ words: [String]) throws(PasteboardError) {
    let name = words.first ?? ""
    do {
      _ = try SystemCall.findProgram(name)
    } catch {
      throw Self.cannotRun(name, error)
    }
    self.words = words
  }

  /// Runs the command (see `SystemCall.run`) and returns its exit status.
  func run(input: SystemCall.ProgramInput, environment: [String: String], outlivingInterrupts: Bool = false)
    throws(PasteboardError) -> Int32
  {
    do {
      return try SystemCall.run(words, input: input, environment: environment, outlivingInterrupts: outlivingInterrupts)
    } catch {
      throw Self.cannotRun(words.first ?? "", error)
    }
  }

  private static func cannotRun(_ name: String, _ error: SystemError) -> PasteboardError {
    switch error.errno {
    case ENOENT, ENOTDIR: .cannotRun(name, reason: "not found", found: false)
    case EACCES: .cannotRun(name, reason: "not an executable file", found: true)
    default: .cannotRun(name, reason: error.reason, found: true)
    }
  }
}
