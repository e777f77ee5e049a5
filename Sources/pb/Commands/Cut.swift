import ArgumentParser
import PasteboardKit
import LinuxSystem

extension PB {
  struct Cut: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "cut", abstract: "Copy files to a pasteboard, one item each, then remove them; pb undo puts them back.",
      discussion: """
        Every file is checked first: a directory, a link, a file pb cannot read, or one \
        whose folder does not let it be removed stops the cut before anything is copied \
        or removed. The files are removed only once the pasteboard's change is on disk. \
        A cut is always undoable (no --no-undo: pb copy, then rm), and is refused into \
        a temporary pasteboard or one whose items expire. Undoing the cut puts each file \
        back with its permissions and modification time; if a file has appeared at that \
        path since, it is left alone and the original is put back next to it as \
        NAME.restored.
        """)

    @OptionGroup var board: LocalBoardOptions
    @OptionGroup var ifCount: IfCountOption
    @Option(help: ArgumentHelp("Name the undo entry (default: Cut).", valueName: "name"))
    var action: String?

    // Not offered: it is here to say why a cut cannot go without undo.
    @Flag(name: .customLong("no-undo"), help: .hidden)
    var noUndo = false
    @OptionGroup var progress: QuietOption

    @Argument(help: ArgumentHelp("The files to cut, one item each.", valueName: "file"))
    var files: [String] = []

    var request: CutRequest {
      CutRequest(pasteboard: board.pasteboard, write: WriteChoice(ifCount: ifCount.ifCount, action: action, noUndo: noUndo), quiet: progress.quiet, files: files)
    }
  }

  /// What `pb cut` was asked, as plain values.
  struct CutRequest: CommandRequest {
    var pasteboard: String?
    var write: WriteChoice
    var quiet: Bool
    var files: [String]

    func validate() throws {
      // The option group's check too, for a request built without it (the fast path's).
      try IfCountOption.validate(write.ifCount)
      if let action = write.action { try ActionName.validate(action, option: "--action") }
      if files.isEmpty { throw ValidationError("name the files to cut: pb cut FILE...") }
    }

    func run() throws {
      let name = BoardOptions.name(pasteboard)
      let store = try Store.open(creating: true)
      let existed = BoardOptions.exists(name, in: store)
      let pasteboard = try BoardOptions.open(pasteboard, creating: true, ifCount: write.ifCount)
      // A cut that took nothing leaves no board made for it (unless another writer has
      // written to it meanwhile), as a refused copy or import leaves none.
      var tookNothing = true
      defer { if tookNothing && !existed { try? store.deleteBoard(named: name, ifCount: 0) } }
      let options = write.options
      let meter = QuietOption.startProgress(quiet: quiet, expected: RepresentationSource.Input.regularFileSize(of: files.map { .file($0) }))
      defer { meter?.finish() }
      let result = try pasteboard.cut(files, detector: TypeDetector(), options: options)
      tookNothing = result.failures.count == files.count
      for failure in result.failures {
        StandardStreams.printError("pb: " + failure.message)
      }
      if !result.failures.isEmpty { throw SilentExit.filesLeft }
    }
  }
}
