import Glibc
import DesktopClipboard
import LinuxSystem
import PasteboardKit
import RemoteBoards

/// Every message pb prints for a failure, in one place: the library's errors carry facts,
/// and these are pb's words for them (its options, its commands, its fixes).
extension PasteboardError {
  /// The one line pb prints for this error, after its name.
  var message: String {
    switch self {
    case .emptyPasteboard(let board):
      return "pasteboard '\(Display.value(board))' is empty; copy something first: echo hello | pb copy\(Hint.option(board))"
    case .noRepresentation(let types, let board):
      let list = Display.value(types.joined(separator: ", "))
      return "no chosen item on '\(Display.value(board))' has a representation of \(list); see what it has: pb types -i all\(Hint.option(board))"
    case .binaryToTerminal(let index, let type, let size, let ext, let command):
      return "item \(index) is \(type) (\(ByteCount.format(size))), not text; save it with \(Display.line(command)) > file.\(ext) "
        + "or -o DIR, or write it here anyway with --force"
    case .nothingToUndo(let board, let redo):
      return redo
        ? "nothing to redo on '\(Display.value(board))'; only what was undone since the last change can be redone (pb history\(Hint.option(board)))"
        : "nothing to undo on '\(Display.value(board))'; see its history: pb history\(Hint.option(board))"
    case .cannotCut(let path, let reason):
      return "cannot cut '\(Display.path(path))': \(reason)"
    case .holdsFileNotPutBack(let path, let board):
      return "history holds the only copy of '\(Display.path(path))', which an undo could not put back; "
        + "have it with pb redo\(Hint.option(board)), then pb paste\(Hint.option(board)), before clearing history or lowering its levels"
    case .cannotPutBack(let path, let reason, let board):
      return "cannot put back '\(Display.path(path))': \(Display.line(reason)); nothing was undone (its bytes stay in the store: "
        + "fix that and undo again, or pb paste\(Hint.option(board)))"
    case .invalidEnvironment(let variable, let value, let reason):
      return "\(variable)='\(Display.value(value))' is not valid: \(reason); fix it or unset it"
    case .cannotRun(let command, let reason, _):
      // A reason that names its own fix ("...; install that") is not given the usual one.
      return "cannot run '\(Display.value(command))': \(reason)" + (reason.contains("; ") ? "" : "; check the command's name and PATH")
    case .noOpenGroup(let board):
      return "no undo group is open on '\(Display.value(board))'; open one first: pb group begin\(Hint.option(board))"
    case .groupOpenedElsewhere(let board, let levels):
      return "no undo group this shell opened is open on '\(Display.value(board))': "
        + "\(levels == 1 ? "the level open is" : "the \(levels) levels open are") another process's (a shell's or pb group run's), "
        + "which ends it (or exits)"
    case .undoInGroup(let board):
      return "an undo group is open on '\(Display.value(board))': close it first with pb group end\(Hint.option(board)), then undo "
        + "(pb history\(Hint.option(board)) shows the group)"
    case .usage(let text):
      return Display.line(text)
    case .misuse(let misuse):
      return Display.line(misuse.message)
    case .emptyState(let board, let number):
      return "state \(number) of pasteboard '\(Display.value(board))' is empty; show a state pb history --list\(Hint.option(board)) lists"
    case .noSuchState(let board, let number, let count):
      let valid = count == 0 ? "it holds no past state yet" : "give 0-\(count), as pb history --list\(Hint.option(board)) numbers them"
      return "no past state \(number) in the history of '\(Display.value(board))'; \(valid)"
    case .nothingToPin(let board, let number):
      let state = number == 0 ? "the current clip of '\(Display.value(board))'" : "past state \(number) of '\(Display.value(board))'"
      return "\(state) is empty or secret, and only a clip history keeps can be pinned; pin another (pb history --list\(Hint.option(board)))"
    case .cutRefused(let refusal):
      return refusal.error.message
    case .invalidPasteboardName(let name, let reason):
      return "invalid pasteboard name '\(Display.value(name))': \(reason); use letters, digits, '.', '_' and '-', as in com.example.notes"
    case .invalidTime(let text, let reason):
      return "invalid time '\(Display.value(text))': \(reason)"
    case .invalidColor(let text, let reason):
      return "'\(Display.value(text))' is not a color: \(reason); give one as CSS writes it: "
        + "#ff8800, #f80, #ff8800cc, rgb(255 136 0) or rgba(255, 136, 0, 0.5)"
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
    case .cannotDerive(let type, let reason, let board):
      return "cannot make \(Display.value(type)) of the item: \(Display.line(reason)); paste what it holds instead "
        + "(pb types\(board.map { Hint.option($0) } ?? "") lists it)"
    case .badArchive(let source, let reason):
      return "cannot import '\(Display.path(source))': \(Display.line(reason)); nothing was stored"
    case .noSuchFile(let path, let reason):
      return "cannot read '\(Display.path(path))': \(reason)"
    case .inputIsDirectory(let path, copying: false):
      return "cannot read '\(Display.path(path))': it is a directory; give the files inside it"
    case .inputIsDirectory(let path, copying: true):
      let folder = Display.shellWord(path)
      return "cannot copy '\(Display.path(path))': it is a directory; copy its files, an item each (pb copy \(folder)/*), "
        + "or the folder as one tar item (tar -cf - \(folder) | pb copy)"
    case .standardInputIsDirectory:
      return PasteboardError.noSuchFile("standard input", reason: "it is a directory; redirect a file instead: pb copy < FILE").message
    case .noSuchPasteboard(let name):
      return "no pasteboard named '\(Display.value(name))'; check the name, or write to it first: pb copy -p \(Hint.board(name))"
    case .pasteboardDeleted(let name, let whileWriting):
      return "pasteboard '\(Display.value(name))' was deleted" + (whileWriting ? " while pb wrote to it; nothing was written" : "")
    case .pasteboardExists(let name):
      return "pasteboard '\(Display.value(name))' exists already; use it, delete it first (pb delete \(Hint.board(name))), or pass --exist-ok"
    case .changedWhileReading(let board, let count):
      return "pasteboard '\(Display.value(board))' changed while pb read it: data of change \(count) went before it was read; read it again"
    case .changeCountMismatch(let board, let expected, let found):
      return "pasteboard '\(Display.value(board))' is at change count \(found), not \(expected); nothing was written (read it again, then retry)"
    case .magicUnavailable(let reason):
      return "cannot load libmagic's database (\(reason)); install libmagic-mgc, or give the type with -t"
    case .insecureStore(let path, let reason, let fix):
      return "refusing \(Display.path(path)): \(reason); \(fix)"
    case .storeNotCreatable(let path, let reason):
      return "cannot create the store at \(Display.path(path)): \(reason); point PB_DIR at a directory you own"
    case .cannotCreate(let path, let reason):
      return "cannot create \(Display.path(path)): \(reason)"
    case .historyTooLarge(let path, let limit):
      return "cannot create \(Display.path(path)): this change's undo entry would make the history pass \(limit >> 20) MiB; "
        + "give --no-undo, or make the change in smaller parts"
    case .corruptStore(let path, let reason):
      // A journal is work left to finish, not the pasteboard: without it pb goes on.
      let fix = path.hasSuffix("/journal") ? "remove it to go on without that work" : "remove it to start that pasteboard afresh"
      return "the store file \(Display.path(path)) is damaged (\(Display.line(reason))); \(fix)"
    case .newerFormat(let path, let found, let supported):
      return "the store at \(Display.path(path)) has format \(found), newer than this pb understands (\(supported)); upgrade pb"
    case .changeCountExhausted(let board, let path):
      return "pasteboard '\(Display.value(board))' cannot change any more: \(Display.path(path)) holds the highest change count there is; remove that manifest to start the pasteboard afresh"
    case .io(let error):
      return "cannot \(error.operation) \(Display.path(error.path)): \(error.reason)" + spaceFix(error)
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

  /// The fix for a write that found its file system full: free space, which in the store
  /// the undo history may be holding.
  private func spaceFix(_ error: SystemError) -> String {
    guard error.errno == ENOSPC || error.errno == EDQUOT else { return "" }
    let inStore = error.path.contains("/boards/")
    return "; free some space on its file system" + (inStore ? ", or drop a pasteboard's undo data with: pb history --clear -p NAME" : "")
  }
}

/// The board a hint acts on, named as the user named it: a hint's command line must act
/// on the board the failed one did, here or on the other machine.
enum Hint {
  /// `board` as a command line names it: under pb serve, `HOST:BOARD` (`HOST:` for the
  /// general board) with the host the user's pb named; here, the board. Ready for a shell.
  static func board(_ board: String, settings: Settings = .process) -> String {
    guard let host = settings.servedHost else { return Display.shellWord(board) }
    return Display.shellWord(host + ":" + (board == Pasteboard.general ? "" : board))
  }

  /// ` -p BOARD` for a hint's command line; nothing for the board a line without -p takes.
  static func option(_ board: String, settings: Settings = .process) -> String {
    if settings.servedHost == nil && board == (settings.pasteboard ?? Pasteboard.general) { return "" }
    return " -p " + Self.board(board, settings: settings)
  }
}

extension Misuse {
  var message: String {
    switch self {
    case .representationWithoutFile(let spec): "-r \(Display.value(spec)) names no file; write -r TYPE=FILE"
    case .standardInputTwice: "standard input ('-') can be read only once per command"
    case .typeGivenTwice(let type, let spellings):
      "one item cannot hold two representations of \(type) (\(Display.value(spellings))); give each a different type"
    case .typeFoundTwice(let type): "one item cannot hold two representations of \(type); give their types with -r TYPE=FILE"
    case .notOneItem(let count): "the item set chooses \(count) items; choose one, as -i 0 or -i -1"
    }
  }
}

extension CutRefusal {
  /// The refusal as the error pb reports for it: a misuse (64), a file that is not one
  /// to cut (66), or a file that cannot be cut (73).
  var error: PasteboardError {
    switch self {
    case .withoutUndo:
      return .usage("a cut is always undoable, so it takes no --no-undo; to remove files without undo, pb copy them, then rm them")
    case .temporaryBoard(let board):
      return .usage(
        "pasteboard '\(Display.value(board))' is temporary and goes when its owner exits, with the cut files; "
          + "cut to a persistent pasteboard, or pb copy the files")
    case .expiringBoard(let board):
      return .usage(
        "pasteboard '\(Display.value(board))' makes its items expire, and cut items are the only copy of the files; "
          + "cut to a pasteboard without expiry, or pb copy the files")
    case .namedTwice(let path):
      return .usage("'\(Display.path(path))' is named twice; name each file once")
    case .sameFile(let earlier, let later):
      return .usage("'\(Display.path(earlier))' and '\(Display.path(later))' are the same file; name it once")
    case .standardInput:
      return .usage("pb cut takes files, not standard input; use pb copy to copy standard input")
    case .storeFile(let path, let storeRoot):
      return .usage("'\(Display.path(path))' is one of pb's own store files (under \(Display.path(storeRoot))); pb cut takes your files")
    case .notAFile(let path, .directory):
      return .noSuchFile(path, reason: "it is a directory; pb cut takes files (give the files inside it)")
    case .notAFile(let path, .symbolicLink):
      return .noSuchFile(path, reason: "it is a symbolic link; cut the file it points to")
    case .notAFile(let path, .other):
      return .noSuchFile(path, reason: "it is not a regular file; pb cut takes files")
    case .replaced(let path):
      return .noSuchFile(path, reason: "it was replaced while pb cut it; nothing was cut")
    case .changedWhileCopied(let path):
      return .cannotCut(path, reason: "it changed while pb copied it; nothing was cut, try again")
    case .timeOutOfRange(let path):
      return .cannotCut(
        path, reason: "its modification time is too far from 1970 for pb to record (before 1678 or after 2262), "
          + "so undo could not give it back; set it with touch, or pb copy the file; nothing was cut"
      )
    case .pathTooLong(let path):
      return .cannotCut(
        path, reason: "its full path is longer than the system's limit (PATH_MAX), so undo could not put it back; "
          + "cut it from a folder with a shorter path; nothing was cut"
      )
    case .folderNotWritable(let path, let reason):
      return .cannotCut(path, reason: "its folder does not let it be removed (\(reason)); nothing was cut")
    case .stickyFolder(let path):
      return .cannotCut(
        path, reason: "it is another user's file in a sticky folder, so it cannot be removed; nothing was cut"
      )
    }
  }
}

extension Notice {
  /// pb's sink for the library's notices (every `Store.open` of a command's): each
  /// printed on standard error as it comes.
  static func printOnStandardError(_ notice: Notice) {
    StandardStreams.printError(notice.message)
  }

  /// What pb prints for a notice, on standard error.
  var message: String {
    switch self {
    case .stillLocked(let board, let seconds):
      "pb: pasteboard '\(Display.value(board))' is still locked by another pb after \(seconds) s; waiting, "
        + "because standard input was read and would be lost (Ctrl-C gives up)"
    case .finishedInterrupted(let operation, let board, let note):
      "pb: finishing an interrupted \(operation) of '\(Display.value(board))': \(note.message)"
    case .cutFilesKeptPastBudget(let board, let paths, let maxBytes):
      "pb: the history of '\(Display.value(board))' passed its budget (\(ByteCount.format(maxBytes))) and dropped older states, "
        + "but kept the only copy of \(paths.count == 1 ? "the cut file" : "the cut files") "
        + paths.map { "'\(Display.path($0))'" }.joined(separator: ", ")
        + ", which undoing the changes since puts back (pb history --clear drops \(paths.count == 1 ? "it" : "them"))"
    }
  }
}

extension DesktopError {
  var message: String {
    switch self {
    case .unavailable(let lookedFor, let fix):
      return "no desktop clipboard: \(lookedFor); \(fix ?? "run pb in a desktop session")"
    case .failed(let text):
      return Display.line(text)
    case .noXFixes:
      return "the X server lacks the XFixes extension, which pb bridge needs to hear of new copies"
    case .bridgeRunning(let board, let desktop, let pid):
      let running = pid.map { "pb bridge (pid \($0))" } ?? "another pb bridge"
      return "\(running) already bridges pasteboard '\(Display.value(board))' with \(desktop); "
        + "stop it first\(pid.map { " (kill \($0))" } ?? ""), or bridge another pasteboard with --pasteboard"
    case .empty(let selection):
      return "the desktop's \(selection) selection is empty; copy something in an application first"
    case .notOffered(let wanted, let selection, let offered):
      guard !wanted.isEmpty, !offered.isEmpty else {
        return "the desktop's \(selection) selection offers nothing pb can read; see what it offers: pb types --desktop"
      }
      return "the desktop's \(selection) selection offers no \(Display.value(wanted.joined(separator: ", "))); "
        + "it offers \(Display.value(offered.joined(separator: ", ")))"
    case .notAmongTypesRead(let wanted, let selection, let limit, let listed):
      return "only the first \(limit) of the \(listed) types the desktop's \(selection) selection offers are read, and "
        + "\(Display.value(wanted.joined(separator: ", "))) is not among them; no pb command reads further"
    case .binaryToTerminal(let name, let size, let ext, let command):
      return "the desktop's \(Display.value(name)) (\(ByteCount.format(size))) is not text; save it with \(Display.line(command)) "
        + "> file.\(ext), or write it here anyway with --force"
    case .timeout(let what, let seconds, let limit):
      return "\(what) did not answer within \(seconds) s; try again" + limit.lengthening
    case .keptSending(let what, let seconds, let limit):
      return "\(what) kept sending for \(seconds) s without ending its data; try again" + limit.lengthening
    case .wentAwayMidTransfer(let what, let received):
      return "\(what) went away after sending \(ByteCount.format(received)), before the end of its data; copy again in the application, then try again"
    case .osc52Refused(let reason):
      return Display.line(reason)
    case .hiddenCommandArguments(let command):
      let process =
        switch command {
        case .owner: "the owner process"
        case .secretWatch: "the secret's watcher"
        }
      return "internal error: \(process) was started with arguments it does not take"
    case .pasteboard(let error):
      return error.message
    }
  }
}

extension DesktopError.TimeLimit {
  /// How the command that ran into this limit can have longer: pb paste --desktop and pb
  /// types --desktop have no --timeout, but pb import of the same selection does.
  var lengthening: String {
    switch self {
    case .fixed: ""
    case .callers: ", or give it longer with --timeout"
    case .direct(let selection):
      ", or import it with a longer limit: pb import" + (selection == .clipboard ? "" : " --selection \(selection.rawValue)") + " --timeout 60s"
    }
  }
}

extension UnconvertedText {
  /// The line an import that kept the rest of the offer says of it.
  var note: String {
    "imported without the desktop's \(Display.value(name)): \(reason); copy it from an application that offers UTF-8 text"
  }
}

extension Desktop.BridgeNotice {
  var message: String {
    switch self {
    case .importedWithoutText(let text): text.note
    case .notImported(let error): "not imported: " + error.message
    case .importedLeavingOut(let leftOut, let kept): Desktop.LeftOut.note(leftOut, kept: kept)
    case .notDerived(let target, let error): "not offered as \(Display.value(target)): " + error.message
    }
  }
}

extension Desktop {
  /// What an import says of a secret it could not leave a watcher for.
  static func unwatchedNote(_ error: DesktopError) -> String {
    "the password stays on disk until it expires, and a pb command reads the board then: " + error.message
  }
}

extension Desktop.LeftOut {
  /// The one line an import that kept some types says of those it left out.
  static func note(_ list: [Desktop.LeftOut], kept: Int) -> String {
    "left out \(phrase(list)); imported \(kept) type\(kept == 1 ? "" : "s")"
  }

  /// The same line from `pb types --desktop` (`listing`) and `pb paste --desktop`, which
  /// look no further into an offer than an import reads.
  static func note(_ cut: Desktop.Cut, listing: Bool) -> String {
    let plural = cut.considered == 1 ? "" : "s"
    return "left out \(phrase(cut.leftOut)); "
      + (listing ? "listed \(cut.considered) name\(plural)" : "chose among \(cut.considered) type\(plural)")
  }
}

extension WorkNote {
  var message: String {
    switch self {
    case .notPutBack(let path, let reason, let board):
      "could not put back '\(Display.path(path))': \(reason) (its bytes stay in the store, in the entry pb history\(Hint.option(board)) shows it in)"
    case .leftHidden(let path, let reason, let hidden):
      "could not put back '\(Display.path(path))' (\(reason)); it is whole beside it as '\(Display.path(hidden))': rename it yourself"
    case .putBackBeside(let path, let placed):
      "'\(Display.path(path))' exists, so the cut file was put back next to it as '\(Display.path(placed))'"
    case .givenBackBeside(let path, let placed):
      "'\(Display.path(path))' exists, so the file redo had taken was given back next to it as '\(Display.path(placed))'"
    case .notGivenBack(let path, let reason):
      "could not give back '\(Display.path(path))': \(reason) (its bytes stay in the store)"
    case .changedWhileCut(let path):
      "'\(Display.path(path))' was changed or replaced while pb cut it; left in place (its copy is on the pasteboard)"
    case .changedSinceUndo(let path):
      "left '\(Display.path(path))' in place: it changed since undo put it back"
    case .notRemoved(let path, let reason):
      "'\(Display.path(path))' was copied but not removed: \(reason)"
    case .notRemovedAgain(let path, let reason):
      "could not remove '\(Display.path(path))' again: \(reason)"
    case .movedSinceUndo(let path):
      "'\(Display.path(path))' is not in the store: an undo put it back and it was moved since; left where it is"
    case .notAuthenticated(let path, let undo, let board):
      "\(undo ? "did not put back" : "left in place") '\(Display.path(path))': its record in the history is not authenticated "
        + "by your key (an older pb wrote it, or it was planted)"
        + (undo ? "; its bytes stay in the store: pb redo\(Hint.option(board)), then pb paste\(Hint.option(board))" : "")
    }
  }
}

extension RemoteFailure {
  var message: String {
    switch self {
    case .unreachable(let host, let reason):
      return "cannot reach '\(Display.value(host))': \(Self.clause(reason)); check the name and the network with: ssh \(Display.shellWord(host)) true"
    case .loginRefused(let host, let reason):
      return "'\(Display.value(host))' refused the login: \(Self.clause(reason)); check your key and the host key with: ssh \(Display.shellWord(host)) true"
    case .noPB(let host, let reason):
      return "pb is not installed on '\(Display.value(host))', or not on the PATH its ssh commands get (\(Self.clause(reason))); "
        + "install it there (./install.sh), or put its folder on that PATH"
    case .version(let host, let theirs, let ours):
      let newer = theirs > ours ? "update this pb" : "update the pb there"
      return "the pb on '\(Display.value(host))' speaks stream version \(theirs) and this one version \(ours); \(newer), so that both speak the same"
    case .notAStream(let host, let reason):
      return "'\(Display.value(host))' answered with something that is not a pb stream (\(Display.line(reason))); "
        + "a login script there that prints, or a 'pb' that is not pb's? check with: ssh \(Display.shellWord(host)) pb --version"
    case .lost(let host, let reason):
      return "the connection to '\(Display.value(host))' broke off: \(Self.clause(reason)); nothing more was done there after that point"
    case .silent(let host, let milliseconds):
      return "'\(Display.value(host))' said nothing for \(Double(milliseconds) / 1000) s; check the connection, or allow longer with PB_REMOTE_TIMEOUT"
    case .slow(let host, let bytes, let milliseconds):
      return "'\(Display.value(host))' passed only \(ByteCount.format(bytes)) in \(Double(milliseconds / 100) / 10) s, and a command that does not wait "
        + "must keep up \(ByteCount.format(Int64(RemoteStream.minimumRate)))/s once PB_REMOTE_TIMEOUT has passed; "
        + "check the connection, or allow longer with PB_REMOTE_TIMEOUT"
    }
  }
}

extension RemoteFailure {
  /// ssh's sentence as a clause of pb's line: without the full stop and blanks it ends with
  /// ("Permission denied (publickey)." would read "(publickey).;").
  static func clause(_ reason: String) -> String {
    Display.line(String(reason.reversed().drop { $0 == "." || $0.isWhitespace }.reversed()))
  }
}

extension ServeRefusal {
  /// Why `pb serve` does not run a request, after `pb serve: `.
  var message: String {
    switch self {
    case .noRequest:
      return "the stream ended before its request"
    case .notARequest(let name):
      return "the stream starts with '\(Display.value(name))', not a request"
    case .damaged(let reason):
      return reason
    case .version(let theirs, let ours):
      return "the pb that asked speaks stream version \(theirs) and this one (\(PB.configuration.version)) version \(ours); "
        + "install the same pb on both machines"
    case .requestNotAStream(let reason):
      return "the request is not a pb stream: \(reason)"
    case .requestUnreadable(let reason):
      return "the request could not be read: \(reason)"
    case .commandNotServed(let command, let served):
      return "pb serve runs the commands of remote boards (\(served.joined(separator: ", "))), not '\(Display.value(command))'"
    case .filesNotWritten(let error):
      return "the files could not be received: cannot \(error.operation) \(error.path): \(error.reason)"
    case .filesNotAStream(let reason):
      return "the files are not a pb stream: \(reason)"
    case .filesUnreadable(let reason):
      return "the files could not be received: \(reason)"
    case .commandNotStarted(let error):
      return "the command could not be started: cannot \(error.operation) \(error.path): \(error.reason)"
    }
  }
}

/// The line for a process out of memory, written by a signal handler: fixed text.
enum OutOfMemory {
  static let message = "out of memory: the address space this process may use (ulimit -v) is spent; raise the limit, "
    + "or give pb less at once"
}
