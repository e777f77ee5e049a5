#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import LinuxSystem

/// Everything that can go wrong in `pb`, each case with a message that names what is
/// wrong and how to fix it. The executable maps each case to one exit status.
public enum PasteboardError: Error, Sendable, Equatable {
  // A negative answer.
  case emptyPasteboard(board: String)
  case noRepresentation(types: [String], board: String)
  case nothingToUndo(board: String, redo: Bool)
  /// Data that is not text, not written to a terminal: `command` is the paste command
  /// that writes the same bytes, for the hint to save them.
  case binaryToTerminal(index: Int, type: String, size: Int64, filenameExtension: String, command: String)
  case noOpenGroup(board: String)
  /// A command pb was to run: not found (`found` false), or found but not runnable.
  case cannotRun(String, reason: String, found: Bool)
  case invalidEnvironment(variable: String, value: String, reason: String)
  case cannotCut(String, reason: String)
  /// Undo could not make a cut file again in its folder: nothing was undone.
  case cannotPutBack(String, reason: String)
  /// History holds the only copy of a file an undo could not put back.
  case holdsFileNotPutBack(String)

  // Bad usage.
  case usage(String)
  case invalidPasteboardName(String, reason: String)
  /// A duration or time that is not one (`--expire 10 parsecs`).
  case invalidTime(String, reason: String)

  // Bad data.
  case malformedType(String, reason: String)
  case unknownTypeName(String, suggestions: [String])
  case typeContradicted(given: String, found: String, input: String)
  case malformedItemSet(String, reason: String)
  case itemOutOfRange(index: Int, numberOfItems: Int)
  case invalidText(type: String, offset: Int64)

  // Missing input.
  case noSuchFile(String, reason: String)
  case noSuchPasteboard(String)
  /// The board was deleted while a writer was writing to it (nothing was committed) or
  /// while it was watched.
  case pasteboardDeleted(String, whileWriting: Bool)
  case pasteboardExists(String)
  /// A data file a reader had checked went before it was read (history was cleared, or
  /// a secret replaced, meanwhile).
  case changedWhileReading(board: String, changeCount: Int)
  /// `--if-count N` and the board is at another count: nothing was written.
  case changeCountMismatch(board: String, expected: Int, found: Int)

  // The desktop clipboard.
  /// No way to reach a desktop clipboard: `lookedFor` says what was looked for, `fix`
  /// what the command that failed can do instead (without it, a desktop session).
  case desktopUnavailable(lookedFor: String, fix: String? = nil)
  /// The desktop's clipboard could not be reached, or did not answer as it should.
  case desktopFailed(String)
  /// Nothing owns the desktop selection (`clipboard` or `primary`).
  case desktopEmpty(selection: String)
  /// `what` took longer than `seconds`: a limit `--timeout` sets when `adjustable`.
  case desktopTimeout(what: String, seconds: Double, adjustable: Bool)
  /// What OSC 52 cannot carry: `reason` says why and what to do.
  case osc52Refused(String)

  // The environment.
  case magicUnavailable(String)
  /// Something in the store that pb did not put there, or that others can change: a
  /// link, a FIFO, a foreign owner, a folder others can write to. `fix` is a command or
  /// step that works.
  case insecureStore(path: String, reason: String, fix: String)
  case storeNotCreatable(path: String, reason: String)
  case cannotCreate(path: String, reason: String)
  case corruptStore(path: String, reason: String)
  case newerFormat(path: String, found: Int, supported: Int)
  /// A board whose change count cannot grow any more (only a planted manifest gets there).
  case changeCountExhausted(board: String, path: String)
  case io(SystemError)
  case lockTimeout(board: String, seconds: Double)
  /// The kernel's per-user inotify limit named by `setting` is reached: nothing can be watched.
  case watchLimit(setting: WatchLimit)
  case internalError(String)
  /// The reader of our output went away (`pb paste | head -c1`): not an error to report.
  case outputClosed

  public var message: String {
    switch self {
    case .emptyPasteboard(let board):
      return "pasteboard '\(Display.value(board))' is empty; copy something first: echo hello | pb copy"
    case .noRepresentation(let types, let board):
      let list = Display.value(types.joined(separator: ", "))
      return "no chosen item on '\(Display.value(board))' has a representation of \(list); see what it has: pb types -i all"
    case .binaryToTerminal(let index, let type, let size, let ext, let command):
      return "item \(index) is \(type) (\(ByteCount.format(size))), not text; save it with \(Display.line(command)) > file.\(ext) "
        + "or -o DIR, or write it here anyway with --force"
    case .nothingToUndo(let board, let redo):
      return redo
        ? "nothing to redo on '\(Display.value(board))'; only what was undone since the last change can be redone (pb history)"
        : "nothing to undo on '\(Display.value(board))'; see its history: pb history -p \(Display.value(board))"
    case .cannotCut(let path, let reason):
      return "cannot cut '\(Display.path(path))': \(reason)"
    case .holdsFileNotPutBack(let path):
      return "history holds the only copy of '\(Display.path(path))', which an undo could not put back; "
        + "pb redo, then pb paste it, before clearing history or lowering its levels"
    case .cannotPutBack(let path, let reason):
      return "cannot put back '\(Display.path(path))': \(Display.line(reason)); nothing was undone (its bytes stay in the store: "
        + "fix that and undo again, or pb paste it)"
    case .invalidEnvironment(let variable, let value, let reason):
      return "\(variable)='\(Display.value(value))' is not valid: \(reason); fix it or unset it"
    case .cannotRun(let command, let reason, _):
      // A reason that names its own fix ("...; install that") is not given the usual one.
      return "cannot run '\(Display.value(command))': \(reason)" + (reason.contains("; ") ? "" : "; check the command's name and PATH")
    case .noOpenGroup(let board):
      return "no undo group is open on '\(Display.value(board))'; open one first: pb group begin"
    case .usage(let text):
      return Display.line(text)
    case .invalidPasteboardName(let name, let reason):
      return "invalid pasteboard name '\(Display.value(name))': \(reason); use letters, digits, '.', '_' and '-', as in com.example.notes"
    case .invalidTime(let text, let reason):
      return "invalid time '\(Display.value(text))': \(reason)"
    case .unknownTypeName(let word, let suggestions):
      let hint = Suggestion.phrase(suggestions).map { " (\($0))" } ?? ""
      return "unknown type '\(Display.value(word))'\(hint); give a type name (image, text), a known extension (png), a "
        + "MIME type (image/png), a UTI (public.png), or an extension of your own with a dot (.\(Display.value(word)))"
    case .typeContradicted(let given, let found, let input):
      return "\(Display.path(input)) holds \(found), not text as \(Display.value(given)) says; give its type or none (pb detects it), "
        + "or keep \(Display.value(given)) with --force-type"
    case .malformedType(let type, let reason):
      return "malformed type '\(Display.value(type))': \(reason); give a UTI (public.png), a MIME type (image/png) or an extension (png)"
    case .malformedItemSet(let set, let reason):
      return "malformed item set '\(Display.value(set))': \(reason); use indexes from 0 such as 0, 1,3, 2-4 or all"
    case .itemOutOfRange(let index, let count):
      let valid = count == 1 ? "only item 0" : "items 0-\(count - 1)"
      return "no item \(index): the pasteboard holds \(count) item\(count == 1 ? "" : "s") (\(valid))"
    case .invalidText(let type, let offset):
      return "the data is not valid \(Display.value(type)): bad byte at offset \(offset); give its real type with -t or omit -t to detect it"
    case .noSuchFile(let path, let reason):
      return "cannot read '\(Display.path(path))': \(reason)"
    case .noSuchPasteboard(let name):
      return "no pasteboard named '\(Display.value(name))'; check the name, or write to it first: pb copy -p \(Display.value(name))"
    case .pasteboardDeleted(let name, let whileWriting):
      return "pasteboard '\(Display.value(name))' was deleted" + (whileWriting ? " while pb wrote to it; nothing was written" : "")
    case .pasteboardExists(let name):
      return "pasteboard '\(Display.value(name))' exists already; use it, delete it first (pb delete \(Display.value(name))), or pass --exist-ok"
    case .changedWhileReading(let board, let count):
      return "pasteboard '\(Display.value(board))' changed while pb read it: data of change \(count) went before it was read; read it again"
    case .changeCountMismatch(let board, let expected, let found):
      return "pasteboard '\(Display.value(board))' is at change count \(found), not \(expected); nothing was written (read it again, then retry)"
    case .desktopUnavailable(let lookedFor, let fix):
      return "no desktop clipboard: \(lookedFor); \(fix ?? "run pb in a desktop session")"
    case .desktopFailed(let text):
      return Display.line(text)
    case .desktopEmpty(let selection):
      return "the desktop's \(selection) selection is empty; copy something in an application first"
    case .desktopTimeout(let what, let seconds, let adjustable):
      return "\(what) did not answer within \(seconds) s; try again" + (adjustable ? ", or give it longer with --timeout" : "")
    case .osc52Refused(let reason):
      return Display.line(reason)
    case .magicUnavailable(let reason):
      return "cannot load libmagic's database (\(reason)); install libmagic-mgc, or give the type with -t"
    case .insecureStore(let path, let reason, let fix):
      return "refusing \(Display.path(path)): \(reason); \(fix)"
    case .storeNotCreatable(let path, let reason):
      return "cannot create the store at \(Display.path(path)): \(reason); point PB_DIR at a directory you own"
    case .cannotCreate(let path, let reason):
      return "cannot create \(Display.path(path)): \(reason)"
    case .corruptStore(let path, let reason):
      // A journal is work left to finish, not the pasteboard: without it pb goes on.
      let fix = path.hasSuffix("/journal") ? "remove it to go on without that work" : "remove it to start that pasteboard afresh"
      return "the store file \(Display.path(path)) is damaged (\(Display.line(reason))); \(fix)"
    case .newerFormat(let path, let found, let supported):
      return "the store at \(Display.path(path)) has format \(found), newer than this pb understands (\(supported)); upgrade pb"
    case .changeCountExhausted(let board, let path):
      return "pasteboard '\(Display.value(board))' cannot change any more: \(Display.path(path)) holds the highest change count there is; remove that manifest to start the pasteboard afresh"
    case .io(let error):
      return "cannot \(error.operation) \(Display.path(error.path)): \(error.reason)" + Self.spaceFix(error)
    case .lockTimeout(let board, let seconds):
      return "pasteboard '\(Display.value(board))' stayed locked by another pb for \(seconds) s; try again, or raise PB_LOCK_TIMEOUT"
    case .watchLimit(let setting):
      let things = setting == .instances ? "inotify instances (one per watching process)" : "inotify watches"
      return "cannot watch for changes: this user has all the \(things) that \(setting.rawValue) allows; "
        + "end other watchers, or raise it: sysctl \(setting.rawValue)=N"
    case .internalError(let text):
      return "internal error: \(Display.line(text)); please report it"
    case .outputClosed:
      return "the reader of standard output went away"
    }
  }
}

extension PasteboardError {
  /// The fix for a write that found its file system full: free space, which in the store
  /// the undo history may be holding.
  static func spaceFix(_ error: SystemError) -> String {
    guard error.errno == ENOSPC || error.errno == EDQUOT else { return "" }
    let inStore = error.path.contains("/boards/")
    return "; free some space on its file system" + (inStore ? ", or drop a pasteboard's undo data with: pb history --clear -p NAME" : "")
  }

  /// Runs `body`, in which both system calls and pb's own checks can fail: a failed
  /// system call becomes `systemFailure(error)`, a PasteboardError passes through.
  @discardableResult public static func catching<Result>(
    _ systemFailure: (SystemError) -> PasteboardError = PasteboardError.io, _ body: () throws -> Result
  ) throws(PasteboardError) -> Result {
    do {
      return try body()
    } catch let error as SystemError {
      throw systemFailure(error)
    } catch let error as PasteboardError {
      throw error
    } catch {
      throw .internalError("\(error)")
    }
  }

  /// Wraps a failed system call; a write to a closed pipe is the reader going away.
  init(_ error: SystemError) {
    self = error.errno == EPIPE ? .outputClosed : .io(error)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The kernel settings that bound what one user may watch with inotify.
public enum WatchLimit: String, Sendable {
  case instances = "fs.inotify.max_user_instances"
  case watches = "fs.inotify.max_user_watches"
}
