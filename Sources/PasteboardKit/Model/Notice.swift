/// What the library has to tell while it works that is not a failure: each goes, as it
/// comes, to the sink the store was opened with (pb's prints a line on standard error).
/// The library writes nothing to the terminal itself.
public enum Notice: Sendable, Equatable {
  /// A writer that has read standard input waits on past the lock timeout of `board`,
  /// since giving up would lose that input.
  case stillLocked(board: String, seconds: Double)
  /// Work of `operation` on `board` that a killed command left was finished; `note` is
  /// what that command would have said.
  case finishedInterrupted(operation: String, board: String, note: WorkNote)
  /// History passed its budget of `maxBytes` on `board` and dropped older states, but
  /// not the only copy of these cut files: they went to a newer entry, which undoing
  /// puts them back with.
  case cutFilesKeptPastBudget(board: String, paths: [String], maxBytes: Int64)
}
