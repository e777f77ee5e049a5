import LinuxSystem
import PasteboardKit
import RemoteBoards

/// A command line that `pb serve` runs for a pb on another machine (PB_SERVED_FILES set,
/// by pb serve alone). The line is untrusted, and may be all an ssh key is allowed to run
/// (a forced `pb serve`): it reaches this machine's boards and nothing else. Checked on
/// the line as parsed, so that no spelling of an option gets past: no file read but those
/// the stream brought, no file written, no program run, no third machine.
enum ServedLine {
  /// For a copy's write options: whether standard input, read to its end, was all of it
  /// (under pb serve, only once pb serve marked its end).
  static let standardInputIsWhole: @Sendable () -> Bool = { RemoteStream.servedInputIsWhole(.process) }

  /// `request` is only worked out under pb serve: finding a command's request costs a
  /// search of the binary's conformances, which every other line is spared.
  static func check(
    _ request: @autoclosure () -> (any CommandRequest)?, remote: Bool, settings: Settings = .process
  ) throws(PasteboardError) {
    guard let folder = settings.servedFiles else { return }
    func refused(_ what: String) -> PasteboardError {
      .usage("pb serve runs the commands of this machine's boards for another machine, not \(what)")
    }
    // Paths pb serve made: its private folder's, and standard input.
    func brought(_ path: String) -> Bool {
      path == "-" || (folder.hasPrefix("/") && path.hasPrefix(folder + "/") && !path.split(separator: "/").contains(".."))
    }
    if remote { throw refused("one on a board of a third machine (HOST:BOARD)") }
    switch request() {
    case let copy as CopyRequest:
      if copy.from != nil { throw refused("copy --from") }
      let representations = try copy.representations.map { (spec) throws(PasteboardError) in try RepresentationSource.parse(spec: spec) }
      let paths = copy.files + representations.compactMap { source -> String? in
        if case .file(let path) = source.input { return path }
        return nil
      }
      if let path = paths.first(where: { !brought($0) }) { throw refused("a copy of its file '\(Display.value(path))'") }
    case let paste as PasteRequest:
      if paste.directory != nil { throw refused("paste -o, which writes files there") }
    case let watch as PB.WatchRequest:
      if watch.exec { throw refused("watch --exec, which runs a program there") }
    case let importing as PB.ImportRequest:
      guard let archive = importing.archive else { throw refused("an import from its desktop") }
      if !brought(archive) { throw refused("an import of its file '\(Display.value(archive))'") }
    case let list as PB.ListRequest:
      if list.host != nil { throw refused("a list of a third machine's boards") }
    default:
      break
    }
  }
}
