import Glibc
import LinuxSystem

/// A command line pb runs for the user (`pb group run`, `pb watch --exec`). It is checked
/// when it is made, so that a name that runs nothing is refused before anything waits on
/// it, and refused the same way whoever runs it.
public struct ExternalCommand: Sendable {
  public let words: [String]

  /// Refuses (with `cannotRun`) a command whose program cannot be found in `searchPath`
  /// (PATH's value) or run.
  public init(_ words: [String], searchPath: String) throws(PasteboardError) {
    let name = words.first ?? ""
    let path: String
    do {
      path = try SystemCall.findProgram(name, searchPath: searchPath)
    } catch {
      throw Self.cannotRun(name, error)
    }
    // The kernel says ENOENT for a script whose interpreter is missing, as if the script were.
    if let interpreter = Self.missingInterpreter(path) {
      throw .cannotRun(
        name, reason: "its #! line names '\(Display.value(interpreter))', which is not found; install that, or correct the line",
        found: true)
    }
    self.words = words
  }

  /// The interpreter that the `#!` line of the script at `path` names, when it cannot be run.
  static func missingInterpreter(_ path: String) -> String? {
    guard let file = try? SystemCall.open(path, flags: O_RDONLY) else { return nil }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
    defer { buffer.deallocate() }
    guard let count = try? file.readFully(into: buffer), count > 2, buffer[0] == UInt8(ascii: "#"), buffer[1] == UInt8(ascii: "!")
    else { return nil }
    let line = buffer[2..<count].prefix { $0 != UInt8(ascii: "\n") }
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let word = line.drop(while: blank).prefix { !blank($0) }
    guard !word.isEmpty else { return nil }
    let interpreter = String(decoding: word, as: UTF8.self)
    return SystemCall.canExecute(interpreter) ? nil : interpreter
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
    case ENOENT, ENOTDIR: return .cannotRun(name, reason: "not found", found: false)
    case EACCES:
      // A file the user may run once it is marked so: the fix is chmod, not the name or PATH.
      if name.contains("/"), let status = try? SystemCall.status(path: name), status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == SystemCall.effectiveUserID()
      {
        return .cannotRun(name, reason: "not an executable file; make it one with: chmod +x \(Display.value(name))", found: true)
      }
      return .cannotRun(name, reason: "not an executable file", found: true)
    case ENOEXEC:
      return .cannotRun(name, reason: "neither a program nor a script with a #! line; add one, as in #!/bin/sh", found: true)
    default: return .cannotRun(name, reason: error.reason, found: true)
    }
  }
}
