/// What a cut, an undo or a redo did not do as planned with one file, which it went on
/// past: the facts, for a front end to report (pb words them in Sources/pb/Messages.swift).
/// Paths are as history keeps them; a reason is the system's.
public enum WorkNote: Sendable, Equatable {
  /// Undo of `board` could not put the file back; its bytes stay in the store, in its
  /// history entry.
  case notPutBack(String, reason: String, board: String)
  /// Undo could not rename the file into place; it is whole beside it under `hidden`.
  case leftHidden(String, reason: String, hidden: String)
  /// A file had taken the name since, so undo put the cut file back as `placed`.
  case putBackBeside(String, placed: String)
  /// A file had taken the name since, so a redo that did not happen gave the file it had
  /// taken back as `placed`.
  case givenBackBeside(String, placed: String)
  /// A redo that did not happen could not give the file back; its bytes stay in the store.
  case notGivenBack(String, reason: String)
  /// The file changed (or was replaced) while a cut removed it: left in place.
  case changedWhileCut(String)
  /// The file changed since undo put it back: a redo left it in place.
  case changedSinceUndo(String)
  /// A cut copied the file but could not remove it.
  case notRemoved(String, reason: String)
  /// A redo could not remove again a file undo had put back.
  case notRemovedAgain(String, reason: String)
  /// Undo had put the file back and it was moved since: left where it is.
  case movedSinceUndo(String)
  /// Undo did not put the file back (`undo`), or redo did not take it again, because its
  /// record in the history of `board` has no valid MAC (`HistorySeal`): a path only the
  /// store named.
  case notAuthenticated(String, undo: Bool, board: String)
}
