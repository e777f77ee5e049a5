import PasteboardKit

/// The one place errors become exit statuses (BSD sysexits; 1 is a negative answer).
enum ExitStatus {
  static func of(_ error: PasteboardError) -> Int32 {
    switch error {
    case .outputClosed: 0
    // As shells say it: 127 for a command not found, 126 for one found but not runnable.
    case .cannotRun(_, _, let found): found ? 126 : 127
    case .emptyPasteboard, .noRepresentation, .nothingToUndo, .noOpenGroup, .binaryToTerminal, .desktopEmpty: 1
    case .usage, .invalidPasteboardName, .invalidTime: 64
    case .malformedType, .malformedItemSet, .itemOutOfRange, .invalidText, .unknownTypeName, .typeContradicted, .osc52Refused: 65
    case .noSuchFile, .noSuchPasteboard, .pasteboardDeleted: 66
    case .magicUnavailable, .desktopUnavailable, .desktopFailed: 69
    case .corruptStore, .newerFormat, .changeCountExhausted, .internalError: 70
    case .storeNotCreatable, .cannotCreate, .pasteboardExists, .cannotCut, .cannotPutBack, .holdsFileNotPutBack: 73
    case .io: 74
    case .lockTimeout, .changeCountMismatch, .changedWhileReading, .desktopTimeout, .watchLimit: 75
    case .insecureStore: 77
    case .invalidEnvironment: 78
    }
  }
}
