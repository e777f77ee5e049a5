import Glibc
import LinuxSystem
import Synchronization

/// What pb takes from its environment, each variable interpreted here and nowhere else
/// (an empty variable is as unset unless said otherwise). pb makes one at start
/// (`Settings.process`) and hands it down: the store keeps it, each board, the remote
/// code and the desktop's route take it from there. A value is read when it is first
/// asked for, not when the settings are made (a paste reads the three or four it
/// needs, and the passwd file only without $HOME), and at most once: copies share what
/// was read.
public struct Settings: Sendable {
  private let environment: Environment
  private let read = ReadOnce()

  public init(_ environment: Environment) {
    self.environment = environment
  }

  /// The process's own, for pb to make once and hand down, and for the two caches that
  /// are the process's whatever a caller's settings say: libmagic's index (libmagic
  /// itself takes `$MAGIC` from the process) and the shared-mime-info databases behind
  /// the process-wide type registry.
  public static let process = Settings(.process)

  /// What was read so far: each variable once, and the home.
  private final class ReadOnce: Sendable {
    let variables = Mutex<[Variable]>([])
    let home = Mutex<String?>(nil)
  }

  /// A struct, not a tuple: see `Workspace.StagedFile`.
  private struct Variable {
    let name: String
    let value: String?
  }

  /// `name`'s value, empty too; nil only when it is unset.
  private func value(keepingEmpty name: String) -> String? {
    read.variables.withLock { variables in
      if let known = variables.first(where: { $0.name == name }) { return known.value }
      let value = environment.value(keepingEmpty: name)
      variables.append(Variable(name: name, value: value))
      return value
    }
  }

  /// `name`'s value; nil when it is unset or empty.
  private subscript(_ name: String) -> String? { value(keepingEmpty: name).flatMap { $0.isEmpty ? nil : $0 } }

  // MARK: Folders

  /// `$HOME`, else the user's entry in /etc/passwd, else `/`. Not getpwuid: pb is linked
  /// statically, and glibc's NSS would need its shared libraries at run time.
  public var home: String {
    read.home.withLock { home in
      if let home { return home }
      let found = self["HOME"] ?? passwdHome()
      home = found
      return found
    }
  }

  private func passwdHome() -> String {
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
    self[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + relative
  }

  /// The store: `$PB_DIR` as given, else `pb` in the data folder.
  public var storeFolder: String { self["PB_DIR"] ?? dataHome + "/pb" }

  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String { baseFolder("XDG_DATA_HOME", default: "/.local/share") }

  /// `$XDG_DATA_DIRS` as given, else `/usr/local/share:/usr/share`.
  public var dataFolders: String { self["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share" }

  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public var stateHome: String { baseFolder("XDG_STATE_HOME", default: "/.local/state") }

  /// pb's cache folder: `pb` in `$XDG_CACHE_HOME`, else in `~/.cache`; nil without a home
  /// to put it in (no `$HOME` nor passwd entry, or `/`).
  public var cacheFolder: String? { cacheHome.map { $0 + "/pb" } }

  /// `$XDG_CACHE_HOME`, else `~/.cache`; nil as for `cacheFolder`.
  public var cacheHome: String? {
    if let cache = self["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
    let home = home
    return home.hasPrefix("/") && home != "/" ? home + "/.cache" : nil
  }

  /// `$XDG_RUNTIME_DIR` as given (each user checks it is absolute, or joins a name to it).
  public var runtimeFolder: String? { self["XDG_RUNTIME_DIR"] }

  /// `$TMPDIR` when it is an absolute path, else /tmp.
  public var temporaryFolder: String { self["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp" }

  // MARK: Programs

  /// Where a program name is looked for: `$PATH` as given, empty too (the working
  /// folder), else posix_spawnp's own search path.
  public var programSearchPath: String { value(keepingEmpty: "PATH") ?? "/bin:/usr/bin" }

  /// Whether `$MAGIC` is set, even to nothing: libmagic then loads what it names instead
  /// of its default database.
  public var magicIsSet: Bool { value(keepingEmpty: "MAGIC") != nil }

  // MARK: pb's own

  /// `$PB_PASTEBOARD`: the board a command uses when it names none.
  public var pasteboard: String? { self["PB_PASTEBOARD"] }

  /// `$PB_LOCK_TIMEOUT` as given (`lockTimeout` is its value).
  public var lockTimeoutSetting: String? { self["PB_LOCK_TIMEOUT"] }

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
  public var progress: String? { self["PB_PROGRESS"] }

  /// `$PB_REMOTE_TIMEOUT`: how long a board on another machine may stay silent.
  public var remoteTimeout: String? { self["PB_REMOTE_TIMEOUT"] }

  /// `$PB_SSH_COMMAND`: what runs instead of `ssh`, by the shell.
  public var sshCommand: String? { self["PB_SSH_COMMAND"] }

  /// `$PB_SSH_CONTROL`: no, 0, false or off for no shared ssh connection.
  public var sshControl: String? { self["PB_SSH_CONTROL"] }

  /// `$PB_SERVED_FILES`, set by `pb serve` alone: the folder of the files a command it
  /// runs was brought.
  public var servedFiles: String? { self["PB_SERVED_FILES"] }

  /// `$PB_SERVED_HOST`, set by `pb serve` alone: the host the user named the board with
  /// on the other machine, for hints.
  public var servedHost: String? { servedFiles == nil ? nil : self["PB_SERVED_HOST"] }

  /// `$PB_SERVED_TERMINALS`, set by `pb serve` alone: which of the user's standard streams
  /// on the other machine are terminals (`input,output,error`); set and empty, none.
  public var servedTerminals: [Substring]? { value(keepingEmpty: "PB_SERVED_TERMINALS").map { $0.split(separator: ",") } }

  /// `PB_TEST_SCRATCH_FOLDER=1`, for tests: every writer stages in the scratch folder.
  public var forcesScratchFolder: Bool { self["PB_TEST_SCRATCH_FOLDER"] == "1" }

  // MARK: The desktop

  /// `$PB_DESKTOP`: the backend to use.
  public var desktopBackend: String? { self["PB_DESKTOP"] }

  /// `$WAYLAND_DISPLAY`: the compositor, a socket's path or its name in the runtime folder.
  public var waylandDisplay: String? { self["WAYLAND_DISPLAY"] }

  /// `$DISPLAY`: the X server.
  public var display: String? { self["DISPLAY"] }

  /// Whether this is an SSH session (`$SSH_TTY` or `$SSH_CONNECTION`).
  public var isSSHSession: Bool { self["SSH_TTY"] != nil || self["SSH_CONNECTION"] != nil }

  /// Whether the terminal is kitty outside tmux, which takes every type (OSC 5522).
  public var isKittyOutsideTmux: Bool { self["TERM"] == "xterm-kitty" && self["TMUX"] == nil }

  // MARK: Pictures on the terminal

  /// The colours a picture drawn in symbols may use: `$COLORTERM` says 24-bit colour
  /// (truecolor, 24bit), `$TERM` 256 colours; else the 16 every terminal has.
  public var terminalColors: TerminalColors {
    if let colors = self["COLORTERM"], colors == "truecolor" || colors == "24bit" { return .direct }
    return self["TERM"]?.contains("256color") == true ? .indexed256 : .indexed16
  }

  public enum TerminalColors: Sendable { case indexed16, indexed256, direct }

  /// Whether the terminal is iTerm2 (or WezTerm), whose inline images no query reveals.
  public var isITerm2Terminal: Bool {
    self["TERM_PROGRAM"] == "iTerm.app" || self["LC_TERMINAL"] == "iTerm2"
      || self["TERM_PROGRAM"] == "WezTerm"
  }

  /// `$FZF_PREVIEW_COLUMNS` and `$FZF_PREVIEW_LINES`: the preview window a picture for
  /// fzf --preview, which reads it from a pipe, is drawn in.
  public var previewWindow: (columns: Int, rows: Int)? {
    guard let columns = self["FZF_PREVIEW_COLUMNS"].flatMap({ Int($0) }),
      let rows = self["FZF_PREVIEW_LINES"].flatMap({ Int($0) }), columns > 0, rows > 0
    else { return nil }
    return (columns, rows)
  }
}
