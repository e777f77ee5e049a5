import Glibc
import LinuxSystem

/// Everything that can go wrong in PasteboardKit, each case with the facts a front end
/// needs to say what is wrong and how to fix it: the words are the front end's (pb's are
/// in Sources/pb/Messages.swift), as is the exit status each case maps to.
public enum PasteboardError: Error, Sendable, Equatable {
  // A negative answer.
  case emptyPasteboard(board: String)
  /// `pb history --show N` of a past state without items (the one before the first copy).
  case emptyState(board: String, number: Int)
  case noRepresentation(types: [String], board: String)
  case nothingToUndo(board: String, redo: Bool)
  /// Data that is not text, not written to a terminal: `command` is the paste command
  /// that writes the same bytes, for the hint to save them (a front end's, given by it).
  case binaryToTerminal(index: Int, type: String, size: Int64, filenameExtension: String, command: String)
  case noOpenGroup(board: String)
  /// `pb group end` from a process that opened none of the `levels` open: they are
  /// other processes' (a shell's, `pb group run`'s), which close them.
  case groupOpenedElsewhere(board: String, levels: Int)
  /// A command pb was to run: not found (`found` false), or found but not runnable.
  case cannotRun(String, reason: String, found: Bool)
  case invalidEnvironment(variable: String, value: String, reason: String)
  case cannotCut(String, reason: String)
  /// Undo of `board` could not make a cut file again in its folder: nothing was undone.
  case cannotPutBack(String, reason: String, board: String)
  /// The history of `board` holds the only copy of a file an undo could not put back.
  case holdsFileNotPutBack(String, board: String)
  /// Undo while an undo group is open, which NSUndoManager refuses too.
  case undoInGroup(board: String)

  // Bad usage.
  /// A front end's own refusal of its command line, in its own words; the library
  /// never throws it.
  case usage(String)
  /// `pb history --restore N` with no past state N: the history holds `count` (1 to count).
  case noSuchState(board: String, number: Int, count: Int)
  /// `pb history --pin N` of an empty state or one holding a secret.
  case nothingToPin(board: String, number: Int)
  /// A request the library cannot carry out as asked: nothing was done.
  case misuse(Misuse)
  /// Why a cut cut nothing.
  case cutRefused(CutRefusal)
  case invalidPasteboardName(String, reason: String)
  /// A duration or time that is not one (`--expire 10 parsecs`).
  case invalidTime(String, reason: String)
  /// A color that is not one (`--color nope`): not one CSS color (`Color.parse`).
  case invalidColor(String, reason: String)

  // Bad data.
  case malformedType(String, reason: String)
  case unknownTypeName(String, suggestions: [String])
  case typeContradicted(given: String, found: String, input: String)
  case malformedItemSet(String, reason: String)
  case itemOutOfRange(index: Int, numberOfItems: Int)
  case invalidText(type: String, offset: Int64)
  /// A form of `type` could not be made of an item's data (`DerivedForm`): a damaged
  /// image, or one over its budget; `reason` says which. `board` is the pasteboard it was
  /// pasted from, for the hint (none when an offer on the desktop made it).
  case cannotDerive(type: String, reason: String, board: String? = nil)
  /// An archive (`pb import --archive`) that is not one pb reads: nothing was stored.
  case badArchive(source: String, reason: String)

  // Missing input.
  case noSuchFile(String, reason: String)
  /// Standard input is a directory, which has no bytes to copy.
  case standardInputIsDirectory
  /// A directory named as a file to read; `copying` when `pb copy` named it, whose fix is
  /// to copy its files, or a tar of it as one item.
  case inputIsDirectory(String, copying: Bool = false)
  case noSuchPasteboard(String)
  /// The board was deleted while a writer was writing to it (nothing was committed) or
  /// while it was watched.
  case pasteboardDeleted(String, whileWriting: Bool)
  case pasteboardExists(String)
  /// A data file a reader had checked went before it was read (history was cleared, or
  /// a secret replaced, meanwhile).
  case changedWhileReading(board: String, changeCount: Int)
  /// The board is not at the change count the writer expected: nothing was written.
  case changeCountMismatch(board: String, expected: Int, found: Int)

  // The environment.
  case magicUnavailable(String)
  /// Something in the store that pb did not put there, or that others can change: a
  /// link, a FIFO, a foreign owner, a folder others can write to. `fix` is a command or
  /// step that works.
  case insecureStore(path: String, reason: String, fix: String)
  case storeNotCreatable(path: String, reason: String)
  case cannotCreate(path: String, reason: String)
  /// One change's undo entry would make the board's history file larger than `limit`
  /// bytes, however much older history is dropped.
  case historyTooLarge(path: String, limit: Int)
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
}

extension PasteboardError {
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

  /// The fact a failure carries, for a record of work that failed (the journal's): the
  /// reason, without a front end's words around it.
  var reason: String {
    switch self {
    case .cannotCut(_, let reason), .cannotPutBack(_, let reason, _), .noSuchFile(_, let reason), .corruptStore(_, let reason),
      .cannotCreate(_, let reason), .storeNotCreatable(_, let reason), .insecureStore(_, let reason, _):
      reason
    case .io(let error): error.reason
    case .internalError(let text): text
    default: "\(self)"
    }
  }

  /// Wraps a failed system call; a write to a closed pipe is the reader going away.
  public init(_ error: SystemError) {
    self = error.errno == EPIPE ? .outputClosed : .io(error)
  }
}

import Glibc

/// A request the library refuses before doing anything.
public enum Misuse: Sendable, Equatable {
  /// `TYPE=` with no file after the '='.
  case representationWithoutFile(spec: String)
  /// Standard input named twice in one write.
  case standardInputTwice
  /// Two representations of one item given the same type (`spellings` as the user gave them).
  case typeGivenTwice(type: String, spellings: String)
  /// Two representations of one item detected as the same type.
  case typeFoundTwice(type: String)
  /// An item set that chooses `count` items where one is needed.
  case notOneItem(count: Int)
}

/// Why a cut refused to start: nothing was cut.
public enum CutRefusal: Sendable, Equatable {
  /// A cut that would not be undoable (its files would be gone for good).
  case withoutUndo
  /// A temporary board, which goes with its owner, and would take the files with it.
  case temporaryBoard(String)
  /// A board whose items expire, which would take the files with them.
  case expiringBoard(String)
  case namedTwice(String)
  case sameFile(String, String)
  case standardInput
  /// One of the store's own files, under `storeRoot`.
  case storeFile(String, storeRoot: String)
  /// Not a regular file (`kind` is what it is): named as given.
  case notAFile(String, kind: FileKind)
  /// Replaced by another file between the check and the read.
  case replaced(String)
  case changedWhileCopied(String)
  /// A modification time that history cannot record.
  case timeOutOfRange(String)
  /// A full path longer than PATH_MAX, which undo could not open again.
  case pathTooLong(String)
  /// A folder that does not let this user remove the file (`reason`, from the system).
  case folderNotWritable(String, reason: String)
  /// Another user's file in a sticky folder.
  case stickyFolder(String)

  public enum FileKind: Sendable, Equatable {
    case directory, symbolicLink, other
  }
}

/// The kernel settings that bound what one user may watch with inotify.
public enum WatchLimit: String, Sendable {
  case instances = "fs.inotify.max_user_instances"
  case watches = "fs.inotify.max_user_watches"
}
