import LinuxSystem
import PasteboardKit

/// The stream a pb speaks with `pb serve` on another machine, over ssh's standard input and
/// output: in each direction a pax tar stream (the framing of board archives, `Tar`) whose
/// members are messages. Documented, with its version, in docs/stream-format.md.
///
/// Towards `pb serve`: `pb-request.json` (the command line and what comes with it), then
/// the bodies of the files the command names, as `file/N` members in order (a file may
/// come in several members, appended), then its standard input as `stdin` members, then
/// the end. From `pb serve`: `pb-serve.json` (its version) first, then `stdout`, `stderr`
/// and `alive` members as the command runs, then `exit` (its status), then the end.
public enum RemoteStream {
  /// Both sides must speak the same version: a change to the messages bumps it.
  public static let version = 1
  public static let format = "pb-stream"

  /// The members' names, but for the files' (`filePrefix` and a number).
  enum Member: String {
    case request = "pb-request.json", standardInput = "stdin"
    case hello = "pb-serve.json", standardOutput = "stdout", standardError = "stderr", alive, exit
  }
  static let filePrefix = "file/"

  /// A JSON message, or an error message's member, larger than this is refused.
  static let messageLimit = 1 << 20
  /// The most bytes one `stdout`, `stderr` or `stdin` member carries as `pb serve` writes
  /// them (a reader accepts members of any size, streamed).
  static let chunkSize = 1 << 20
  /// How often `pb serve` says it is alive while the command is silent (a `pb wait`).
  static let aliveInterval: Int32 = 5_000
  /// How long the other side may stay silent before a command gives up, unless
  /// PB_REMOTE_TIMEOUT says otherwise.
  public static let defaultTimeout = 30.0
  /// Bytes a second that a command that does not wait must carry on average, either way,
  /// once the timeout has passed (32 kbit/s: a poor mobile link keeps up).
  public static let minimumRate = 4096

  /// Whether a request's command waits by design (`wait`, `watch`, a bridge's end): its
  /// `alive` keeps it going, and it may take as long as it likes.
  static func waits(_ request: RemoteRequest) -> Bool {
    request.words.first.map { ["wait", "watch", RemoteBridgeEnd.command].contains($0) } ?? false
  }
  /// The variable through which `pb serve` tells the command it runs which of its
  /// standard streams are terminals on the user's side ("input,output,error").
  public static let terminalsVariable = "PB_SERVED_TERMINALS"
  /// The variable through which `pb serve` tells the command it runs that its line came
  /// from another machine: the private folder of the files the stream brought, the only
  /// files it may read ("none" when none came).
  public static let filesVariable = "PB_SERVED_FILES"
  /// The variable through which `pb serve` tells the command the host its board was
  /// named with on the user's side, so that a hint names the board as the user did
  /// (`pb history -p HOST:BOARD`).
  public static let hostVariable = "PB_SERVED_HOST"
}

/// What the user's pb asks `pb serve` to run: a pb command line, without `pb`, whose board
/// is one of the serving machine's, and the files it names, which travel in the stream.
public struct RemoteRequest: Equatable, Sendable {
  /// A word of the command line that names a local file: the serving side puts the
  /// file's bytes in a file of its own named `name` and gives its path, after `prefix`.
  public struct FileWord: Equatable, Sendable {
    public var word: Int
    public var prefix: String
    public var name: String

    public static func at(_ word: Int, prefix: String, name: String) -> FileWord { FileWord(word: word, prefix: prefix, name: name) }
  }

  public var words: [String]
  public var files: [FileWord]
  /// Whether standard input travels (a copy from it); the command's is empty otherwise.
  public var input: Bool
  /// Which of the user's standard streams are terminals: the command behaves as it would
  /// there (no binary to a terminal, a progress line).
  public var terminals: Terminals
  /// The host as the user named it (`HOST` of `HOST:BOARD`), for hints only; an older pb
  /// sends none, and its hints then name the board as the serving machine does.
  public var host: String?

  public struct Terminals: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let input = Terminals(rawValue: 1)
    public static let output = Terminals(rawValue: 2)
    public static let error = Terminals(rawValue: 4)
    /// Each stream with its name in `PB_SERVED_TERMINALS`.
    static let named: [(name: String, stream: Terminals)] = [("input", .input), ("output", .output), ("error", .error)]

    /// As `PB_SERVED_TERMINALS` says them.
    public var variable: String { Self.named.filter { contains($0.stream) }.map(\.name).joined(separator: ",") }
  }

  public init(words: [String], files: [FileWord] = [], input: Bool = false, terminals: Terminals, host: String? = nil) {
    self.words = words
    self.files = files
    self.input = input
    self.terminals = terminals
    self.host = host
  }

  var json: JSONValue {
    .members([
      "format": .string(RemoteStream.format),
      "version": .integer(RemoteStream.version),
      "words": .array(words.map { .string($0) }),
      "files": .array(files.map { .members(["word": .integer($0.word), "prefix": .string($0.prefix), "name": .string($0.name)]) }),
      "input": .bool(input),
      "terminals": .members([
        "input": .bool(terminals.contains(.input)), "output": .bool(terminals.contains(.output)),
        "error": .bool(terminals.contains(.error)),
      ]),
      "host": host.map { .string($0) },
    ])
  }

  /// Reads a request as untrusted input: every field checked, each file word naming a
  /// word of the line once, each file name one plain name.
  init(json bytes: [UInt8]) throws(RemoteStream.Refusal) {
    self = try RemoteStream.readMessage("the request", of: bytes, notA: "request") { object in
      let version = try RemoteStream.checkHeader(object)
      guard version == RemoteStream.version else { throw RemoteStream.Refusal.version(theirs: version) }
      let wordsField = try object.required("words")
      let words = try wordsField.array().map { try $0.string() }
      guard !words.isEmpty, words.count <= 4096 else { throw wordsField.damaged("it holds no command, or too many words") }
      var seen: Set<Int> = []
      let filesField = try object.required("files")
      let files = try filesField.array().map { field in
        let file = try field.object()
        let wordField = try file.required("word")
        let word = try wordField.integer(Int.self)
        guard word >= 1, word < 4096, seen.insert(word).inserted else { throw wordField.damaged("\(word) is not a word of the line, or is named twice") }
        let nameField = try file.required("name")
        let name = try nameField.string()
        guard RemoteStream.isPlainFileName(name) else { throw nameField.damaged("'\(Display.value(name))' is not a plain file name") }
        return FileWord(word: word, prefix: try file.required("prefix").string(), name: name)
      }
      guard files.allSatisfy({ $0.word < words.count }) else { throw filesField.damaged("a file names a word past the line") }
      let input = try object.required("input").bool()
      let terminalsField = try object.required("terminals").object()
      var terminals: Terminals = []
      if try terminalsField.required("input").bool() { terminals.insert(.input) }
      if try terminalsField.required("output").bool() { terminals.insert(.output) }
      if try terminalsField.required("error").bool() { terminals.insert(.error) }
      // Shown in hints only, escaped there; bounded as a host name is.
      let hostField = object.field("host")
      let host = try hostField?.string()
      if let host, host.isEmpty || host.utf8.count > 1024 || host.contains(":") {
        throw hostField!.damaged("'\(Display.value(host))' is not a host name")
      }
      return RemoteRequest(words: words, files: files, input: input, terminals: terminals, host: host)
    }
  }
}

/// What `pb serve` says first: the stream version it speaks, and its pb's version.
public struct RemoteHello: Equatable, Sendable {
  public var version: Int
  public var program: String

  public init(version: Int = RemoteStream.version, program: String) {
    self.version = version
    self.program = program
  }

  var json: JSONValue {
    .members(["format": .string(RemoteStream.format), "version": .integer(version), "pb": .string(program)])
  }

  /// Reads a hello; a version other than ours is read too (its number is the message).
  init(json bytes: [UInt8]) throws(RemoteStream.Refusal) {
    self = try RemoteStream.readMessage("its first message", of: bytes, notA: "stream") { object in
      RemoteHello(version: try RemoteStream.checkHeader(object), program: try object.field("pb")?.string() ?? "unknown")
    }
  }
}

extension RemoteStream {
  /// Reads a JSON message as untrusted input: a damaged field or text that is not JSON
  /// becomes a refusal that names the message (`what`).
  static func readMessage<Message>(
    _ what: String, of bytes: [UInt8], notA kind: String, _ read: (JSONObject) throws -> Message
  ) throws(Refusal) -> Message {
    do {
      guard let object = try JSONObject.top(of: bytes) else { throw JSONError.whole("it is not a pb \(kind)") }
      return try read(object)
    } catch let error as Refusal {
      throw error
    } catch let error as JSONError {
      throw .damaged("\(what) is damaged: \(error.message)")
    } catch {
      throw .damaged("\(what) is not valid JSON")
    }
  }
}

extension RemoteStream {
  /// Why one side refused the other's stream.
  public enum Refusal: Error, Equatable, Sendable {
    /// Not a pb stream, or one that breaks its rules: what is wrong.
    case damaged(String)
    /// A pb stream of another version.
    case version(theirs: Int)
  }

  /// The format and version every JSON message starts with.
  static func checkHeader(_ object: JSONObject) throws -> Int {
    guard (try? object.required("format").string()) == format else { throw JSONError.whole("it is not a pb stream") }
    let field = try object.required("version")
    let version = try field.integer(Int.self)
    guard version >= 1 else { throw field.damaged("\(version) is not a version") }
    return version
  }

  /// A name a file of the request may have on the serving side: one path component.
  static func isPlainFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0) && name.utf8.count <= 255
  }

  /// The file `pb serve` makes in its folder once the stream has brought standard input
  /// to its end, before it closes the command's input.
  static let inputWholeName = "input-whole"

  /// Whether standard input, at its end, was all of it: always, but under `pb serve`
  /// (PB_SERVED_FILES set), where an input that ends because pb serve was killed (no one
  /// left to stop the command) must not be stored as if whole: there the end must have
  /// been marked in pb serve's folder.
  public static func servedInputIsWhole(_ settings: Settings) -> Bool {
    guard let folder = settings.servedFiles else { return true }
    return folder.hasPrefix("/") && (try? SystemCall.status(path: folder + "/" + inputWholeName)) != nil
  }

  /// `file/N`'s N, or nil for any other name.
  static func fileIndex(_ name: String) -> Int? {
    guard name.hasPrefix(filePrefix) else { return nil }
    let digits = name.dropFirst(filePrefix.count)
    guard !digits.isEmpty, digits.count <= 4, digits.utf8.allSatisfy(ASCII.isDigit) else { return nil }
    return Int(digits)
  }
}
