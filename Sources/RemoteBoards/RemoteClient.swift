import Glibc
import LinuxSystem
import PasteboardKit
import Synchronization

/// A board on another machine: `HOST:BOARD` (`HOST:` alone is its general board).
public struct RemoteBoard: Equatable, Sendable {
  /// What ssh takes as a destination: `user@host`, an alias of the ssh configuration.
  public var host: String
  public var board: String

  /// The board a name gives, when it names one on another machine (it has a ':'); nil
  /// for a board of this machine. The host is checked as far as pb must (ssh would take
  /// one starting with '-' as an option); the board as every board name is.
  public static func parse(_ name: String) throws(PasteboardError) -> RemoteBoard? {
    guard let colon = name.firstIndex(of: ":") else { return nil }
    let host = String(name[..<colon])
    let board = String(name[name.index(after: colon)...])
    // An IPv6 address and known_hosts' [HOST]:PORT hold ':' of their own, where
    // HOST:BOARD would split them: ssh must get them under a name.
    if host.contains("[") || host.contains("]") || (host.isEmpty && board.contains(":")) {
      let address = name.contains("[") ? name.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" } : name[..<(name.lastIndex(of: ":") ?? colon)]
      throw .usage(
        "'\(Display.value(name))' names its host in brackets or by an IPv6 address, and HOST:BOARD splits at the first ':'; "
          + "name the host in ~/.ssh/config (Host NAME, HostName \(Display.value(String(address))), Port N) "
          + "and give NAME:BOARD, or set PB_SSH_COMMAND='ssh -p N'")
    }
    if host.isEmpty { throw .invalidPasteboardName(name, reason: "it names no host before the ':'; give HOST:BOARD") }
    if host.hasPrefix("-") { throw .invalidPasteboardName(name, reason: "a host cannot start with '-'") }
    if host.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f }) {
      throw .invalidPasteboardName(name, reason: "a host cannot hold a blank or control character")
    }
    // ssh://user@host:port/… and HOST:PORT:BOARD: a port cannot be given in the name.
    if board.hasPrefix("//") || board.contains(":") {
      throw .usage(
        "'\(Display.value(name))' gives a port or a URL, and a board on another machine is HOST:BOARD with one ':'; "
          + "give the port in ~/.ssh/config (Host NAME, Port N) and name the board NAME:BOARD, or set PB_SSH_COMMAND='ssh -p N'")
    }
    if board.isEmpty { return RemoteBoard(host: host, board: Pasteboard.general) }
    try Pasteboard.validate(name: board)
    return RemoteBoard(host: host, board: board)
  }

  public init(host: String, board: String) {
    self.host = host
    self.board = board
  }
}

/// Why a remote board could not be used: the host, and ssh's or the stream's own words.
public enum RemoteFailure: Error, Equatable, Sendable {
  /// ssh could not connect (no such host, connection refused, no route).
  case unreachable(host: String, reason: String)
  /// The other side refused the login (key refused, host key changed).
  case loginRefused(host: String, reason: String)
  /// The login worked and no pb ran there.
  case noPB(host: String, reason: String)
  /// A pb of another stream version answered.
  case version(host: String, theirs: Int, ours: Int)
  /// Something that is not a pb stream answered.
  case notAStream(host: String, reason: String)
  /// The connection broke off before the command's status came.
  case lost(host: String, reason: String)
  /// Nothing came for the time allowed.
  case silent(host: String, milliseconds: Int64)
  /// A command that does not wait carried too little for the time it took (a trickle).
  case slow(host: String, bytes: Int64, milliseconds: Int64)
}

/// Runs one pb command line on another machine's `pb serve` over ssh, and relays what it
/// says: its output to `output`, its messages to the caller's `errors`; returns its status.
///
/// The other side is untrusted: it cannot make this pb write anywhere but `output` and
/// `errors`, every message of the stream is checked and bounded but the output the
/// command asked for, and a side that stays silent longer than the timeout is given up.
public struct RemoteConnection: Sendable {
  public var host: String
  public var settings: Settings
  /// How long the other side may stay silent while pb waits for it.
  public var timeout: Int64

  public init(host: String, settings: Settings) throws(PasteboardError) {
    self.host = host
    self.settings = settings
    timeout = try settings.remoteTimeout.map { (text) throws(PasteboardError) in
      do throws(PasteboardError) {
        return try TimeSpec.duration(text)
      } catch {
        guard case .invalidTime(_, let reason) = error else { throw error }
        throw .invalidEnvironment(variable: "PB_REMOTE_TIMEOUT", value: text, reason: reason)
      }
    } ?? Int64(RemoteStream.defaultTimeout * 1000)
  }

  // MARK: ssh

  /// The ssh command line that starts `pb serve` on the host. PB_SSH_COMMAND replaces
  /// `ssh` as GIT_SSH_COMMAND does for git: run by the shell, the arguments after it.
  func sshWords(_ arguments: [String]) -> [String] {
    let words = ["-T", "-e", "none"] + arguments
    guard let command = settings.sshCommand else { return ["ssh"] + words }
    // The shell's own name is the variable's, so that its "not found" tells a command
    // missing here from a pb missing there.
    return ["/bin/sh", "-c", command + " \"$@\"", Self.sshCommandVariable] + words
  }

  static let sshCommandVariable = "PB_SSH_COMMAND"

  /// How the connection is shared between commands: the user's own ControlMaster when
  /// their ssh configuration has one, else pb's own control socket in `socketFolder` with
  /// a short ControlPersist; none with PB_SSH_CONTROL=no.
  func sharingOptions() -> [String] {
    if let setting = settings.sshControl, ["no", "0", "false", "off"].contains(setting.lowercased()) { return [] }
    guard let (path, folder) = socketFolder() else { return [] }
    let name = Self.socketName(sshWords([]) + [host])
    let socket = path + "/" + name
    let ours = ["-o", "ControlMaster=auto", "-o", "ControlPath=" + socket, "-o", "ControlPersist=60"]
    // A socket of ours there means the question below was answered already; a recent
    // mark, that the user's configuration shares connections itself.
    if let found = try? folder.status(of: name), found.st_mode & S_IFMT == S_IFSOCK { return ours }
    let mark = name + ".theirs"
    if let marked = try? folder.status(of: mark), TimeSpec.now() / 1000 - Int64(marked.st_mtim.tv_sec) < 60 { return [] }
    guard userSharesConnections() else { return ours }
    _ = try? folder.remove(mark)
    _ = try? folder.open(mark, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    return []
  }

  /// Where pb's control sockets are: `pb/ssh` in $XDG_RUNTIME_DIR, or where there is none
  /// (root over ssh, cron, a container) or it is not private, in $XDG_CACHE_HOME or
  /// ~/.cache, which is made private (0700) when missing, as ssh makes ~/.ssh. Every
  /// folder is checked as `privateFolder` checks it.
  func socketFolder() -> (path: String, folder: Directory)? {
    if let runtime = settings.runtimeFolder, runtime.hasPrefix("/"), let real = Self.safePath(runtime),
      let folder = Self.privateFolder(in: real, ["pb", "ssh"])
    {
      return (real + "/pb/ssh", folder)
    }
    guard let cache = settings.cacheHome, let slash = cache.lastIndex(of: "/") else { return nil }
    if (try? SystemCall.status(path: cache)) == nil, let parent = try? Directory.open(path: slash == cache.startIndex ? "/" : String(cache[..<slash])) {
      try? parent.makeDirectory(String(cache[cache.index(after: slash)...]), mode: 0o700)
    }
    guard let real = Self.safePath(cache) else { return nil }
    return Self.privateFolder(in: real, ["pb", "ssh"]).map { (real + "/pb/ssh", $0) }
  }

  /// `path` with no link in it, when no other user can swap it for a folder of theirs:
  /// every folder above it is root's or this user's, and not written by group or others
  /// unless sticky (as /tmp). ssh finds the socket by its path, not by the folder pb
  /// checked, so a folder of this user's inside another user's (XDG_CACHE_HOME=/srv/team/
  /// cache) could be renamed away and replaced, socket and all, and ssh would send the
  /// command's input to the other user's socket.
  static func safePath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    let real = String(cString: resolved)
    free(resolved)
    let user = SystemCall.effectiveUserID()
    var above = ""
    for component in real.split(separator: "/").dropLast() {
      above += "/" + component
      guard let status = try? SystemCall.status(path: above), status.st_uid == user || status.st_uid == 0,
        status.st_mode & 0o022 == 0 || status.st_mode & S_ISVTX != 0
      else { return nil }
    }
    guard let root = try? SystemCall.status(path: "/"), root.st_uid == 0 || root.st_uid == user, root.st_mode & 0o022 == 0 else {
      return nil
    }
    return real
  }

  /// `path`'s folders `names`, made as needed: each a folder of this user's that no one
  /// else may write, not a link; nil (no sharing) when one is not. `path` too must be
  /// this user's and written by no one else: there another user could swap a folder
  /// for theirs, and a socket there for one that takes ssh's standard streams.
  private static func privateFolder(in path: String, _ names: [String]) -> Directory? {
    guard var folder = try? Directory.open(path: path), let top = try? folder.status(),
      top.st_uid == SystemCall.effectiveUserID(), top.st_mode & 0o022 == 0
    else { return nil }
    for name in names {
      if (try? folder.status(of: name)) == nil { try? folder.makeDirectory(name, mode: 0o700) }
      guard let status = try? folder.status(of: name), status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == SystemCall.effectiveUserID(), status.st_mode & 0o022 == 0,
        let next = try? folder.openDirectory(name)
      else { return nil }
      folder = next
    }
    return folder
  }

  /// Whether `ssh -G HOST` (the configuration ssh would use) has a ControlMaster or a
  /// ControlPath of the user's.
  private func userSharesConnections() -> Bool {
    guard let lines = try? Self.capture(sshWords(["-G", "--", host]).filter { $0 != "-T" && $0 != "-e" && $0 != "none" }) else {
      return false
    }
    var master = false
    var path = false
    for line in lines.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2 else { continue }
      switch parts[0].lowercased() {
      case "controlmaster": master = !["false", "no"].contains(parts[1].lowercased())
      case "controlpath": path = parts[1].lowercased() != "none"
      default: break
      }
    }
    return master || path
  }

  /// A short name for a socket, the same for the same ssh command and host (a socket's
  /// path must fit in 108 bytes).
  static func socketName(_ words: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in words.joined(separator: "\u{0}").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// What a short command prints (at most 1 MiB), its errors dropped.
  private static func capture(_ words: [String]) throws(SystemError) -> String {
    let (child, reading) = try startCapturing(words)
    let bytes = reading.readRest(limit: 1 << 20)
    if bytes.count >= 1 << 20 { child.signal(SIGKILL) }
    _ = try child.waitForExit()
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func startCapturing(_ words: [String]) throws(SystemError) -> (ChildProcess, Descriptor) {
    let pipe = try SystemCall.pipe(named: "ssh -G")
    let null = try SystemCall.open("/dev/null", flags: O_RDWR)
    let child = try SystemCall.spawn(words, environment: [:], standardInput: null, standardOutput: pipe.write, standardError: null)
    return (child, pipe.read)
  }

  // MARK: Running a command

  /// Runs `request` on the host. `files` are the bodies of the request's file words, in
  /// order; `input` is standard input when the request takes it. `errors` is given the
  /// command's error output, unchecked, as each piece comes, and then, once the stream is
  /// done, nothing with `last` true; the caller shows it.
  ///
  /// Throws a `RemoteFailure`, or a `PasteboardError` (no ssh here, a PB_SSH_COMMAND that
  /// does not run, or `.outputClosed` when the output's reader went away).
  public func run(
    _ request: RemoteRequest, files: [Descriptor], input: Descriptor?, output: Descriptor,
    errors: (_ piece: [UInt8], _ last: Bool) -> Void
  ) throws -> Int32 {
    // Made before ssh starts, so that nothing fails between its start and the wait for it.
    let (finished, drained) = try (Wakeup(), Wakeup())
    let (ssh, sending, receiving, sshErrors) = try start(sshWords(sharingOptions() + ["--", host, "pb serve"]))
    let session = Session(
      host: host, ssh: ssh, timeout: timeout, waits: RemoteStream.waits(request), sshCommand: settings.sshCommand,
      finished: finished)
    let drain = ErrorDrain(sshErrors, stopped: drained)
    let drainThread = BackgroundThread { drain.run() }
    BackgroundThread { Self.send(request, files: files, input: input, to: sending, session: session) }.detach()
    let watchdog = BackgroundThread { session.watch() }
    defer {
      session.finish()
      watchdog.wait()
    }
    let reader = TarReader(from: receiving)
    // Silence counts while a read waits, also within a member that stalls halfway.
    reader.waitingForInput = { session.reading($0) }
    let outcome = Result { () throws -> Int32 in try session.receive(from: reader, output: output, errors: errors) }
    // ssh is done once the stream is: its status tells a refused login from a lost link.
    // Its exit is waited for as the other side is, no longer than the timeout.
    session.reading(true)
    // A stream refused while the other side still sends (ssh still holds the pipe: no
    // hang-up) is stopped here, and ssh's status is then this pb's doing, not a lost link.
    var stopped = false
    if case .failure = outcome {
      let hungUp = (try? SystemCall.wait([SystemCall.PollRequest(receiving, events: Int16(POLLIN))], milliseconds: 0, path: host))?
        .first.map { $0 & Int16(POLLHUP) != 0 } ?? false
      stopped = !hungUp
      ssh.signalWithChildren(SIGTERM)
    }
    let sshStatus = (try? ssh.waitForExit()) ?? 255
    drain.stop()
    drainThread.wait()
    switch outcome {
    case .success(let status): return status
    case .failure(let error as PasteboardError): throw error
    case .failure(let error as RemoteFailure): throw error
    case .failure(let error):
      throw session.failure(error, sshStatus: stopped ? 0 : sshStatus, sshSaid: drain.lastLine)
    }
  }

  /// Starts ssh on three pipes; their other ends, which ssh alone then holds, so that its
  /// exit is their end.
  private func start(_ words: [String]) throws(PasteboardError)
    -> (ssh: ChildProcess, toRemote: Descriptor, fromRemote: Descriptor, errors: Descriptor)
  {
    do throws(SystemError) {
      let toRemote = try SystemCall.pipe(named: "the connection to \(host)")
      let fromRemote = try SystemCall.pipe(named: "the connection to \(host)")
      let errors = try SystemCall.pipe(named: "ssh's error output")
      let ssh = try SystemCall.spawn(
        words, environment: [:], standardInput: toRemote.read, standardOutput: fromRemote.write, standardError: errors.write)
      return (ssh, toRemote.write, fromRemote.read, errors.read)
    } catch {
      if error.errno == ENOENT { throw .cannotRun(words[0], reason: "not found; install OpenSSH's client (ssh)", found: false) }
      throw .io(error)
    }
  }

  /// Writes the request, the files and standard input, then the end. A write that fails
  /// means the other side has gone; what it said (or ssh's reason) is the reader's.
  /// `session` hears of each member taken, and of the waits for this side's own input,
  /// which are not the other side's time.
  private static func send(
    _ request: RemoteRequest, files: [Descriptor], input: Descriptor?, to connection: Descriptor, session: Session
  ) {
    defer { session.inputSent() }
    let writer = TarWriter(to: connection, modified: 0)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 4096)
    defer { buffer.deallocate() }
    // The pipe to ssh holds a member, so that ssh reads it in large pieces.
    _ = try? connection.file.setPipeCapacity(RemoteStream.chunkSize)
    // A file's or a pipe's bytes move to ssh's pipe without passing through pb: a member
    // is what the file holds past its offset, or what the pipe holds, in whole blocks (up
    // to a member's size), spliced after its header. A file that shrinks meanwhile fails
    // the move, and the stream ends without its end.
    func ready(_ source: Descriptor, kind: mode_t) throws(SystemError) -> Int {
      var bytes = 0
      if kind == S_IFREG {
        bytes = max(0, Int(try source.status().st_size) - Int(try source.file.offset()))
      } else if kind == S_IFIFO {
        session.waitingHere(true)
        defer { session.waitingHere(false) }
        _ = try SystemCall.waitReadable(source.file, milliseconds: -1, path: source.path)
        bytes = try source.file.unreadBytes()
      }
      return min(bytes, RemoteStream.chunkSize) / Tar.blockSize * Tar.blockSize
    }
    func stream(_ source: Descriptor, as name: String) throws(SystemError) {
      let kind = try source.status().st_mode & S_IFMT
      var sent = false
      while true {
        let whole = try ready(source, kind: kind)
        if whole > 0 {
          session.sending(whole)
          try writer.writeMember(named: name, size: whole, fromPipe: source)
          session.sent()
          sent = true
          continue
        }
        let count: Int
        do {
          // From a terminal or a socket, the read waits for this side's input.
          session.waitingHere(kind != S_IFREG)
          defer { session.waitingHere(false) }
          count = try source.file.read(into: buffer)
        }
        if count == 0 && sent { return }
        session.sending(count)
        try writer.writeMember(named: name, contents: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        session.sent()
        sent = true
        if count == 0 { return }
      }
    }
    do throws(SystemError) {
      try writer.writeMember(named: RemoteStream.Member.request.rawValue, bytes: request.json.line)
      for (index, file) in files.enumerated() { try stream(file, as: RemoteStream.filePrefix + String(index)) }
      if let input { try stream(input, as: RemoteStream.Member.standardInput.rawValue) }
      try writer.finish()
      // Kept open until this process ends, after the status has come: its end before
      // that tells pb serve that nobody waits for the command any more.
      _ = Unmanaged.passRetained(connection)
    } catch {
      // A local file that fails to read must not end the stream as if it were whole: the
      // connection closes without the end, and the other side stops the command.
      return
    }
  }
}

/// One command's conversation: what has come, and the watch on the other side's pace.
///
/// Two limits, on the time pb waits for the other side (not the time it writes what came
/// to its output, nor the time it waits for its own input): silence longer than the
/// timeout since the other side was last heard from, and for a command that does not
/// wait, more time in all than the timeout plus a second for each `minimumRate` bytes the
/// stream has carried either way, so that a side that trickles is given up too. An
/// `alive` is heard only where waiting is the point (`RemoteStream.waits`), or while this
/// side still sends the command its input: the command there then waits for this side.
private final class Session: Sendable {
  let host: String
  let ssh: ChildProcess
  let timeout: Int64
  /// Whether the command waits by design (wait, watch, a bridge): no limit in all, and its
  /// `alive` is heard.
  let waits: Bool
  /// PB_SSH_COMMAND, when it replaces ssh.
  let sshCommand: String?
  private let clock = Mutex(Clock())
  private let state = Mutex<(finished: Bool, over: RemoteFailure?, hello: Bool)>((false, nil, false))
  /// Ends the watch's wait as soon as the command is done: a watch that slept in fixed
  /// steps kept every command waiting for the step to end (25 ms on average).
  private let finished: Wakeup

  /// Milliseconds: the clock runs while the reader waits for the other side and the
  /// sender does not wait for this side's input.
  private struct Clock {
    var reading = true
    var waitingHere = false
    var inputSent = false
    /// Whether the member being read is one whose bytes are heard (not an unasked `alive`).
    var hearing = false
    /// When the clock last started running, while it runs.
    var runningSince: Int64? = SystemCall.monotonicMilliseconds()
    /// Time run since the other side was last heard, and in all, until `runningSince`.
    var silent: Int64 = 0
    var waited: Int64 = 0
    /// Bytes of members sent and received.
    var carried: Int64 = 0
    /// Whether a member of output or error output has come.
    var output = false

    /// Silence and time in all as of `now`.
    func read(at now: Int64) -> (silent: Int64, waited: Int64) {
      let running = runningSince.map { now - $0 } ?? 0
      return (silent + running, waited + running)
    }

    /// Counts the time run until now, then starts or stops the clock as the state says.
    mutating func settle(_ change: (inout Clock) -> Void) {
      let now = SystemCall.monotonicMilliseconds()
      (silent, waited) = read(at: now)
      change(&self)
      runningSince = reading && !waitingHere ? now : nil
    }
  }

  init(host: String, ssh: ChildProcess, timeout: Int64, waits: Bool, sshCommand: String?, finished: Wakeup) {
    self.finished = finished
    self.host = host
    self.ssh = ssh
    self.timeout = timeout
    self.waits = waits
    self.sshCommand = sshCommand
  }

  /// Ends ssh when the other side has been silent for longer than the timeout, or has
  /// taken too long for what it carried.
  func watch() {
    // Silence and time in all grow no faster than the clock: neither limit can be passed
    // before the nearer one's distance has gone by.
    var distance: Int64 = 0
    while true {
      if finished.wait(milliseconds: distance) { return }
      let (now, clock) = (SystemCall.monotonicMilliseconds(), clock.withLock { $0 })
      let (silent, waited) = clock.read(at: now)
      var over: RemoteFailure?
      let allowed = timeout + clock.carried * 1000 / Int64(RemoteStream.minimumRate)
      let trickled = !waits && waited > allowed
      distance = max(1, min(timeout - silent, waits ? Int64.max : allowed - waited) + 1)
      if silent > timeout || (trickled && !clock.output) {
        // A side that sent nothing but `alive` said nothing, whichever limit it reached first.
        over = .silent(host: host, milliseconds: timeout)
      } else if trickled {
        over = .slow(host: host, bytes: clock.carried, milliseconds: waited)
      }
      let stop = state.withLock { state -> Bool in
        if state.finished { return true }
        if over != nil { state.over = over }
        return over != nil
      }
      if stop {
        if over != nil { ssh.signalWithChildren(SIGTERM) }
        return
      }
    }
  }

  func finish() {
    state.withLock { $0.finished = true }
    finished.wake()
  }

  /// The reader starts (true) or ends (false) a wait for input; input that came within a
  /// member that is heard is the other side heard from.
  func reading(_ yes: Bool) {
    clock.withLock { clock in
      clock.settle {
        $0.reading = yes
        if !yes && $0.hearing { $0.silent = 0 }
      }
    }
  }

  /// A member has begun: whether it is heard from (an `alive` only where the command
  /// waits, or while its input is being sent), and the bytes it carries.
  private func received(_ member: TarMember) {
    clock.withLock { clock in
      clock.settle {
        $0.hearing = member.name != RemoteStream.Member.alive.rawValue || waits || !$0.inputSent
        if $0.hearing { $0.silent = 0 }
        // Counted as it begins, at most a chunk: a member that declares more and trickles
        // gains no more than that.
        $0.carried += min(member.size, Int64(RemoteStream.chunkSize))
        if [RemoteStream.Member.standardOutput.rawValue, RemoteStream.Member.standardError.rawValue].contains(member.name) { $0.output = true }
      }
    }
  }

  /// A member is read: what comes next is not heard from until it is known.
  private func memberRead() {
    clock.withLock { clock in
      clock.settle {
        $0.hearing = false
        $0.reading = true
      }
    }
  }

  /// The sender waits (true) or no longer waits for this side's own input.
  func waitingHere(_ yes: Bool) { clock.withLock { clock in clock.settle { $0.waitingHere = yes } } }

  /// The sender hands the other side a member's `bytes`; `sent` once it took them.
  func sending(_ bytes: Int) { clock.withLock { $0.carried += Int64(bytes) } }
  func sent() { clock.withLock { clock in clock.settle { $0.silent = 0 } } }

  /// The input is all sent (or its sending failed): an `alive` is heard no longer but
  /// where the command waits.
  func inputSent() { clock.withLock { clock in clock.settle { $0.inputSent = true } } }

  /// Reads the answer: the hello, then output, messages and the status; the status.
  func receive(from reader: TarReader, output: Descriptor, errors: (_ piece: [UInt8], _ last: Bool) -> Void) throws -> Int32 {
    guard let first = try reader.next() else { throw Tar.Failure("the stream ended before it began") }
    guard first.name == RemoteStream.Member.hello.rawValue else { throw Tar.Failure("it starts with '\(Display.value(first.name))'") }
    let hello = try RemoteHello(json: reader.readBody(limit: RemoteStream.messageLimit))
    state.withLock { $0.hello = true }
    received(first)
    guard hello.version == RemoteStream.version else {
      throw RemoteFailure.version(host: host, theirs: hello.version, ours: RemoteStream.version)
    }
    var status: Int32?
    defer { errors([], true) }
    while let member = try reader.next() {
      received(member)
      reading(false)
      defer { memberRead() }
      guard status == nil else { throw Tar.Failure("'\(Display.value(member.name))' comes after the exit status") }
      switch member.name {
      case RemoteStream.Member.standardOutput.rawValue:
        // Spliced from ssh's pipe to the output, without a copy through pb; the pipe holds
        // a member, so that ssh writes large pieces.
        reader.growInputPipe(to: RemoteStream.chunkSize)
        do {
          try reader.readBody(to: output)
        } catch let error as SystemError where error.errno == EPIPE {
          // A closed output (`pb paste -p host: | head -c1`) ends the command quietly, as here.
          throw PasteboardError.outputClosed
        }
      case RemoteStream.Member.standardError.rawValue:
        errors(try reader.readBody(limit: RemoteStream.messageLimit), false)
      case RemoteStream.Member.alive.rawValue:
        _ = try reader.readBody(limit: 0)
      case RemoteStream.Member.exit.rawValue:
        let text = String(decoding: try reader.readBody(limit: 3), as: UTF8.self)
        guard let value = Int32(text), (0...255).contains(value), text.utf8.allSatisfy(ASCII.isDigit) else {
          throw Tar.Failure("its exit status '\(Display.value(text))' is not a status")
        }
        status = value
      default:
        throw Tar.Failure("it sends '\(Display.value(member.name))', which is no message of a pb stream")
      }
    }
    guard let status else { throw Tar.Failure("it ended without the command's exit status") }
    return status
  }

  /// What went wrong, from what was read, ssh's status and its last words: a
  /// `RemoteFailure`, or a PB_SSH_COMMAND that does not run.
  func failure(_ error: any Error, sshStatus: Int32, sshSaid: String) -> any Error {
    let (over, hello) = state.withLock { ($0.over, $0.hello) }
    if let over { return over }
    let said = sshSaid.hasPrefix("ssh: ") ? String(sshSaid.dropFirst(5)) : sshSaid
    if !hello {
      switch sshStatus {
      case 255:
        let refusals = ["Permission denied", "Host key verification failed", "Too many authentication failures", "REMOTE HOST IDENTIFICATION"]
        if refusals.contains(where: said.contains) { return RemoteFailure.loginRefused(host: host, reason: said) }
        return RemoteFailure.unreachable(host: host, reason: said.isEmpty ? "ssh failed without saying why" : said)
      case 126, 127:
        if said.hasPrefix(RemoteConnection.sshCommandVariable + ": ") {
          return PasteboardError.cannotRun(
            sshCommand ?? "", reason: "\(said); check the command in PB_SSH_COMMAND", found: sshStatus == 126)
        }
        return RemoteFailure.noPB(host: host, reason: said.isEmpty ? "the shell there found no pb" : said)
      default:
        if said.contains("not found") || said.contains("No such file") { return RemoteFailure.noPB(host: host, reason: said) }
      }
    }
    let reason: String
    switch error {
    case let failure as Tar.Failure: reason = failure.reason
    case let refusal as RemoteStream.Refusal:
      if case .damaged(let text) = refusal { reason = text } else { reason = "its version is not this pb's" }
    default: reason = "\(error)"
    }
    // A stream that began and broke off with ssh failing is a lost connection; one that
    // breaks the rules while ssh is content is garbage.
    if hello && sshStatus != 0 {
      return RemoteFailure.lost(host: host, reason: said.isEmpty ? "ssh ended with status \(sshStatus)" : said)
    }
    return RemoteFailure.notAStream(host: host, reason: reason)
  }
}

/// Keeps the last words ssh says on its error output, reading until ssh is done: a master
/// connection left running in the background may keep the pipe open, so the end of the
/// pipe is not waited for.
private final class ErrorDrain: Sendable {
  private let source: Descriptor
  private let said = Mutex<[UInt8]>([])
  private let stopped: Wakeup

  init(_ source: Descriptor, stopped: Wakeup) {
    self.source = source
    self.stopped = stopped
  }

  func run() {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 8)
    defer { buffer.deallocate() }
    var stopping = false
    while true {
      // Until ssh's words come or `stop`; once stopped, only what is there already.
      let events = Int16(POLLIN)
      guard
        let ready = try? SystemCall.wait(
          [SystemCall.PollRequest(source, events: events), SystemCall.PollRequest(stopped.readable, events: events)],
          milliseconds: stopping ? 0 : -1, path: source.path)
      else { return }
      if ready[0] == 0 {
        if stopping || ready[1] == 0 { return }
        stopping = true
        continue
      }
      guard let count = try? source.file.read(into: buffer), count > 0 else { return }
      said.withLock { said in
        said += buffer[0..<count]
        if said.count > 8192 { said.removeFirst(said.count - 8192) }
      }
    }
  }

  /// Reads what is there already, then stops.
  func stop() { stopped.wake() }

  /// The last line that says something, shown as a value.
  var lastLine: String {
    let text = said.withLock { String(decoding: $0, as: UTF8.self) }
    // ssh ends its lines with "\r\n", one Character in Swift: isNewline, not == "\n".
    let line = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
    return Display.line(String(line))
  }
}

/// One thread's word to another that waits on it: a pipe that `wake` makes readable, which
/// a poll waits on beside whatever else it waits for.
private final class Wakeup: Sendable {
  let readable: Descriptor
  private let writable: Descriptor

  init() throws(PasteboardError) {
    do throws(SystemError) {
      (readable, writable) = try SystemCall.pipe(named: "a thread's wake-up")
    } catch {
      throw .io(error)
    }
  }

  func wake() { try? writable.writeAll([1]) }

  /// Whether `wake` came within `milliseconds` (-1: for ever); a failed wait counts as one,
  /// so that no waiter is left waiting.
  func wait(milliseconds: Int64) -> Bool {
    (try? SystemCall.waitReadable(readable.file, milliseconds: Int32(clamping: milliseconds), path: readable.path)) ?? true
  }
}
