import LinuxSystem
import PasteboardKit

// What pb's commands take from its settings (`Settings.process`, the one value read
// from the environment), handed to the library, which reads no settings of its own.

extension Store {
  /// The store the settings name (`$PB_DIR`, else the data folder's), its notices
  /// written to standard error.
  static func open(creating: Bool) throws(PasteboardError) -> Store {
    try open(at: Settings.process.storeFolder, settings: .process, creating: creating, notify: Notice.printOnStandardError)
  }
}

extension ExternalCommand {
  /// The command, its program looked for in `$PATH`.
  init(_ words: [String]) throws(PasteboardError) {
    try self.init(words, searchPath: Settings.process.programSearchPath)
  }
}

extension StandardStreams {
  // Under `pb serve`, the streams are pipes to the user's pb on another machine, and
  // PB_SERVED_TERMINALS says which of the user's own are terminals: a command then
  // refuses binary for a terminal, or shows progress, as it would there.
  static var inputIsTerminal: Bool { isTerminal("input", .standardInput) }
  static var outputIsTerminal: Bool { isTerminal("output", .standardOutput) }
  static var errorIsTerminal: Bool { isTerminal("error", .standardError) }

  private static func isTerminal(_ stream: Substring, _ descriptor: Descriptor) -> Bool {
    Settings.process.servedTerminals?.contains(stream) ?? SystemCall.isTerminal(descriptor.file)
  }
}
