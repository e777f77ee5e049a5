/// What the library has to tell while it works that is not a failure: a front end shows
/// each as it sees fit (pb prints a line on standard error). The library writes nothing
/// to the terminal itself.
public enum Notice: Sendable, Equatable {
  /// A writer that has read standard input waits on past the lock timeout of `board`,
  /// since giving up would lose that input.
  case stillLocked(board: String, seconds: Double)
  /// Work of `operation` on `board` that a killed command left was finished; `note` is
  /// what that command would have said.
  case finishedInterrupted(operation: String, board: String, note: WorkNote)

  /// Where notices go; none are shown until a front end sets it.
  nonisolated(unsafe) public static var show: (Notice) -> Void = { _ in }
}
