import Glibc

// Terminals: raw mode, for reading a terminal's answer to an escape sequence.
extension SystemCall {
  /// Puts the terminal in raw mode (no echo, no line editing) and returns its settings
  /// before, for `restoreTerminal`: what it answers is read, not shown.
  public static func makeRaw(_ terminal: borrowing FileDescriptor, path: String) throws(SystemError) -> termios {
    var saved = termios()
    try check("set up", path) { tcgetattr(terminal.raw, &saved) }
    var raw = saved
    cfmakeraw(&raw)
    try check("set up", path) { tcsetattr(terminal.raw, TCSANOW, &raw) }
    return saved
  }

  public static func restoreTerminal(_ terminal: borrowing FileDescriptor, _ settings: termios) {
    var settings = settings
    _ = tcsetattr(terminal.raw, TCSANOW, &settings)
  }

  public static func isTerminal(_ descriptor: borrowing FileDescriptor) -> Bool {
    isatty(descriptor.raw) == 1
  }

  /// The terminal's size: cells, and pixels where the terminal says (0 where it does not).
  public static func windowSize(_ terminal: borrowing FileDescriptor) -> winsize? {
    var size = winsize()
    return ioctl(terminal.raw, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0 ? size : nil
  }

  /// Writes `query` to the terminal and returns what it answers, read in raw mode (so the
  /// shell never sees it as typed) until `isComplete` says the answer is whole; nil when
  /// the terminal says nothing whole within `milliseconds`, as a terminal that does not
  /// know the query may. Read a byte at a time: what is typed after the answer stays
  /// for the shell.
  public static func ask(
    _ terminal: borrowing FileDescriptor, _ query: [UInt8], milliseconds: Int64, path: String,
    isComplete: ([UInt8]) -> Bool
  ) throws(SystemError) -> [UInt8]? {
    let saved = try makeRaw(terminal, path: path)
    defer { restoreTerminal(terminal, saved) }
    try terminal.writeAll(query)
    let deadline = monotonicMilliseconds() + milliseconds
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    while !isComplete(answer) {
      let left = deadline - monotonicMilliseconds()
      guard left > 0, try waitReadable(terminal, milliseconds: Int32(clamping: left), path: path) else { return nil }
      guard try withUnsafeMutableBytes(of: &byte, { buffer throws(SystemError) in try terminal.read(into: buffer) }) == 1
      else { return nil }
      answer.append(byte)
      if answer.count > 4096 { return nil }
    }
    return answer
  }

  /// How many columns wide the terminal is; nil when it does not say (not a terminal,
  /// or one that reports 0, as some serial consoles do).
  public static func terminalColumns(_ terminal: borrowing FileDescriptor) -> Int? {
    var size = winsize()
    guard ioctl(terminal.raw, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
