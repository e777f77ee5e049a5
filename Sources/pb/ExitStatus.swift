import DesktopClipboard
import PasteboardKit
import RemoteBoards

/// How a command ends without an error message of its own: the status says it all, or
/// the command has said what went wrong on lines of its own already.
enum SilentExit: Error {
  /// No: nothing found, nothing of the types, no change before the timeout.
  case negative
  /// Some of the files were not put back or removed; each was said on its own line.
  case filesLeft
  /// A status decided already: the command `group run` ran, a delete's first failure.
  case status(Int32)
}

/// The one place errors and outcomes become exit statuses (BSD sysexits; 1 is a negative answer).
enum ExitStatus {
  /// EX_OSERR: the process ran out of memory (see `SystemCall.reportOutOfMemory`).
  static let outOfMemory: Int32 = 71

  /// A hidden command's failure is the desktop's, EX_UNAVAILABLE like `DesktopError.failed`.
  static func of(_ end: HiddenCommandEnd) -> Int32 {
    switch end {
    case .done: 0
    case .failed: 69
    }
  }

  static func of(_ outcome: SilentExit) -> Int32 {
    switch outcome {
    case .negative: 1
    case .filesLeft: 73
    case .status(let status): status
    }
  }

  static func of(_ error: PasteboardError) -> Int32 {
    switch error {
    case .outputClosed: 0
    // As shells say it: 127 for a command not found, 126 for one found but not runnable.
    case .cannotRun(_, _, let found): found ? 126 : 127
    case .emptyPasteboard, .noRepresentation, .nothingToUndo, .noOpenGroup, .groupOpenedElsewhere, .binaryToTerminal: 1
    case .usage, .misuse, .invalidPasteboardName, .invalidTime, .invalidColor, .noSuchState: 64
    case .nothingToPin: 1
    case .emptyState: 1
    case .cutRefused(let refusal): of(refusal.error)
    case .malformedType, .malformedItemSet, .itemOutOfRange, .invalidText, .unknownTypeName, .typeContradicted, .badArchive: 65
    // The item's data is not what its type says (a damaged image), or too large to convert.
    case .cannotDerive: 65
    case .noSuchFile, .standardInputIsDirectory, .inputIsDirectory, .noSuchPasteboard, .pasteboardDeleted: 66
    case .magicUnavailable: 69
    case .corruptStore, .newerFormat, .changeCountExhausted, .internalError: 70
    case .storeNotCreatable, .cannotCreate, .pasteboardExists, .cannotCut, .cannotPutBack, .holdsFileNotPutBack, .historyTooLarge,
      .undoInGroup:
      73
    case .io: 74
    case .lockTimeout, .changeCountMismatch, .changedWhileReading, .watchLimit: 75
    case .insecureStore: 77
    case .invalidEnvironment: 78
    }
  }

  static func of(_ failure: RemoteFailure) -> Int32 {
    switch failure {
    case .unreachable, .noPB, .lost: 69
    case .loginRefused: 77
    case .version, .notAStream: 76
    case .silent, .slow: 75
    }
  }

  /// The status a refused request ends with there, as the other side is told it.
  static func of(_ refusal: ServeRefusal) -> Int32 {
    switch refusal {
    case .commandNotServed: 64
    case .commandNotStarted: 71
    case .requestUnreadable, .filesNotWritten, .filesUnreadable: 74
    case .noRequest, .notARequest, .damaged, .version, .requestNotAStream, .filesNotAStream: 76
    }
  }

  /// `pb serve`'s own status: 0 once the other side has its answer, whatever the
  /// command's status; 74 when it is gone before that.
  static func of(_ ending: RemoteServer.Ending) -> Int32 {
    switch ending {
    case .answered: 0
    case .refused(let refusal): of(refusal)
    case .disconnected: 74
    }
  }

  static func of(_ error: DesktopError) -> Int32 {
    switch error {
    case .empty: 1
    case .notOffered, .binaryToTerminal: 1
    case .notAmongTypesRead: 1
    case .osc52Refused: 65
    case .unavailable, .failed, .noXFixes, .hiddenCommandArguments: 69
    case .timeout, .keptSending, .bridgeRunning: 75
    case .wentAwayMidTransfer: 75
    case .pasteboard(let error): of(error)
    }
  }
}
