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

  /// How many columns wide the terminal is; nil when it does not say (not a terminal,
  /// or one that reports 0, as some serial consoles do).
  public static func terminalColumns(_ terminal: borrowing FileDescriptor) -> Int? {
    var size = winsize()
    guard ioctl(terminal.raw, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
