import Glibc
import LinuxSystem

/// What pb takes from its environment, each variable interpreted here and nowhere else
/// (an empty variable is as unset unless said otherwise). A value is read when it is
/// asked for, not when the settings are made: a paste reads the three or four it needs,
/// and the passwd file only without $HOME.
public struct Settings: Sendable {
  private let environment: Environment

  public init(_ environment: Environment) {
    self.environment = environment
  }

  /// The process's own. Made once; the process-wide caches (the shared-mime-info
  /// databases, the libmagic index) read it, as nothing passes settings to them.
  public static let process = Settings(.process)

  // MARK: Folders

  /// `$HOME`, else the user's entry in /etc/passwd, else `/`. Not getpwuid: pb is linked
  /// statically, and glibc's NSS would need its shared libraries at run time.
  public var home: String {
    if let home = environment["HOME"] { return home }
    guard let passwd = try? SystemCall.open("/etc/passwd", flags: O_RDONLY) else { return "/" }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
    defer { buffer.deallocate() }
    guard let count = try? passwd.readFully(into: buffer) else { return "/" }
    return Self.passwdHome(Array(buffer[..<count]), user: SystemCall.effectiveUserID()) ?? "/"
  }

  /// The home directory of `user` in the text of /etc/passwd (`name:x:uid:gid:gecos:home:shell`).
  static func passwdHome(_ text: [UInt8], user: uid_t) -> String? {
    for line in text.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard fields.count >= 6, let uid = ASCII.decimal(Array(fields[2]), 0..<fields[2].count), uid == Int(user) else { continue }
      return Array(fields[5]).withUnsafeBufferPointer { PathBytes.string($0) }
    }
    return nil
  }

  /// An XDG base folder: the variable when it is an absolute path, else its default.
  private func baseFolder(_ variable: String, default relative: String) -> String {
    environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + relative
  }

  /// The store: `$PB_DIR` as given, else `pb` in the data folder.
  public var storeFolder: String { environment["PB_DIR"] ?? dataHome + "/pb" }

  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String { baseFolder("XDG_DATA_HOME", default: "/.local/share") }

  /// `$XDG_DATA_DIRS` as given, else `/usr/local/share:/usr/share`.
  public var dataFolders: String { environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share" }

  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public var stateHome: String { baseFolder("XDG_STATE_HOME", default: "/.local/state") }

  /// pb's cache folder: `pb` in `$XDG_CACHE_HOME`, else in `~/.cache`; nil without a home
  /// to put it in (no `$HOME` nor passwd entry, or `/`).
  public var cacheFolder: String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/pb" }
    let home = home
    return home.hasPrefix("/") && home != "/" ? home + "/.cache/pb" : nil
  }

  /// `$XDG_RUNTIME_DIR` as given (each user checks it is absolute, or joins a name to it).
  public var runtimeFolder: String? { environment["XDG_RUNTIME_DIR"] }

  /// `$TMPDIR` when it is an absolute path, else /tmp.
  public var temporaryFolder: String { environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp" }

  // MARK: Programs

  /// Where a program name is looked for: `$PATH` as given, empty too (the working
  /// folder), else posix_spawnp's own search path.
  public var programSearchPath: String { environment.value(keepingEmpty: "PATH") ?? "/bin:/usr/bin" }

  /// Whether `$MAGIC` is set, even to nothing: libmagic then loads what it names instead
  /// of its default database.
  public var magicIsSet: Bool { environment.value(keepingEmpty: "MAGIC") != nil }

  // MARK: pb's own

  /// `$PB_PASTEBOARD`: the board a command uses when it names none.
  public var pasteboard: String? { environment["PB_PASTEBOARD"] }

  /// `$PB_LOCK_TIMEOUT` as given (`lockTimeout` is its value).
  public var lockTimeoutSetting: String? { environment["PB_LOCK_TIMEOUT"] }

  /// Seconds a writer waits for a board's lock; nil when `$PB_LOCK_TIMEOUT` is unset or
  /// not a number of seconds from 0 to 86400.
  public var lockTimeout: Double? { lockTimeoutSetting.flatMap(Self.seconds(parsing:)) }

  static func seconds(parsing text: String) -> Double? {
    // Decimal seconds as documented (10, 0.5, .5 as sleep takes them), not all that
    // Double reads: hex, exponents, signs.
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard text.contains(where: \.isWholeNumber),
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } })
    else { return nil }
    guard let seconds = Double(text), seconds.isFinite, (0...86400).contains(seconds) else { return nil }
    return seconds
  }

  /// `$PB_PROGRESS`: 0 for no progress line, 1 for one.
  public var progress: String? { environment["PB_PROGRESS"] }

  /// `$PB_REMOTE_TIMEOUT`: how long a board on another machine may stay silent.
  public var remoteTimeout: String? { environment["PB_REMOTE_TIMEOUT"] }

  /// `$PB_SSH_COMMAND`: what runs instead of `ssh`, by the shell.
  public var sshCommand: String? { environment["PB_SSH_COMMAND"] }

  /// `$PB_SSH_CONTROL`: no, 0, false or off for no shared ssh connection.
  public var sshControl: String? { environment["PB_SSH_CONTROL"] }

  /// `$PB_SERVED_FILES`, set by `pb serve` alone: the folder of the files a command it
  /// runs was brought.
  public var servedFiles: String? { environment["PB_SERVED_FILES"] }

  /// `$PB_SERVED_TERMINALS`, set by `pb serve` alone: which of the user's standard streams
  /// on the other machine are terminals (`input,output,error`); set and empty, none.
  public var servedTerminals: [Substring]? { environment.value(keepingEmpty: "PB_SERVED_TERMINALS").map { $0.split(separator: ",") } }

  /// `PB_TEST_SCRATCH_FOLDER=1`, for tests: every writer stages in the scratch folder.
  public var forcesScratchFolder: Bool { environment["PB_TEST_SCRATCH_FOLDER"] == "1" }

  // MARK: The desktop

  /// `$PB_DESKTOP`: the backend to use.
  public var desktopBackend: String? { environment["PB_DESKTOP"] }

  /// `$WAYLAND_DISPLAY`: the compositor, a socket's path or its name in the runtime folder.
  public var waylandDisplay: String? { environment["WAYLAND_DISPLAY"] }

  /// `$DISPLAY`: the X server.
  public var display: String? { environment["DISPLAY"] }

  /// Whether this is an SSH session (`$SSH_TTY` or `$SSH_CONNECTION`).
  public var isSSHSession: Bool { environment["SSH_TTY"] != nil || environment["SSH_CONNECTION"] != nil }

  /// Whether the terminal is kitty outside tmux, which takes every type (OSC 5522).
  public var isKittyOutsideTmux: Bool { environment["TERM"] == "xterm-kitty" && environment["TMUX"] == nil }

  // MARK: Pictures on the terminal

  /// The colours a picture drawn in symbols may use: `$COLORTERM` says 24-bit colour
  /// (truecolor, 24bit), `$TERM` 256 colours; else the 16 every terminal has.
  public var terminalColors: TerminalColors {
    if let colors = environment["COLORTERM"], colors == "truecolor" || colors == "24bit" { return .direct }
    return environment["TERM"]?.contains("256color") == true ? .indexed256 : .indexed16
  }

  public enum TerminalColors: Sendable { case indexed16, indexed256, direct }

  /// Whether the terminal is iTerm2 (or WezTerm), whose inline images no query reveals.
  public var isITerm2Terminal: Bool {
    environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2"
      || environment["TERM_PROGRAM"] == "WezTerm"
  }

  /// `$FZF_PREVIEW_COLUMNS` and `$FZF_PREVIEW_LINES`: the preview window a picture for
  /// fzf --preview, which reads it from a pipe, is drawn in.
  public var previewWindow: (columns: Int, rows: Int)? {
    guard let columns = environment["FZF_PREVIEW_COLUMNS"].flatMap({ Int($0) }),
      let rows = environment["FZF_PREVIEW_LINES"].flatMap({ Int($0) }), columns > 0, rows > 0
    else { return nil }
    return (columns, rows)
  }
}
