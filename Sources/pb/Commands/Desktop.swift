import ArgumentParser
import DesktopClipboard
import PasteboardKit
import LinuxSystem

extension Desktop.Selection: ExpressibleByArgument {}
extension Desktop.Backend: ExpressibleByArgument {}

/// `--selection`, `--backend` and `--if-available`: how a command reaches the desktop.
struct DesktopOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The desktop selection: clipboard (Ctrl-C) or primary (what is selected).", valueName: "selection"))
  var selection: Desktop.Selection = .clipboard

  @Option(help: ArgumentHelp("Reach the desktop through wayland, x11 or osc52 (default: $PB_DESKTOP, else as DESKTOP in pb(1) says).", valueName: "backend"))
  var backend: Desktop.Backend?

  @Flag(name: .customLong("if-available"), help: "Succeed quietly when there is no desktop clipboard to reach.")
  var ifAvailable = false

  var choice: DesktopChoice { DesktopChoice(selection: selection, backend: backend, ifAvailable: ifAvailable) }
}

/// The desktop options as plain values, as a request holds them.
struct DesktopChoice {
  var selection: Desktop.Selection
  var backend: Desktop.Backend?
  var ifAvailable: Bool

  /// The choice when no desktop option is given.
  static let standard = DesktopChoice(selection: .clipboard, backend: nil, ifAvailable: false)

  /// Refuses the desktop options on a line without --desktop (`desktop` false), where
  /// they would choose nothing.
  func requireDesktop(_ desktop: Bool) throws {
    guard !desktop else { return }
    let given = [("--selection", selection != .clipboard), ("--backend", backend != nil), ("--if-available", ifAvailable)]
    if let option = given.first(where: \.1)?.0 {
      throw ValidationError("\(option) is for the desktop clipboard; give it with --desktop")
    }
  }

  /// Runs `body` with the way to the desktop (OSC 52 with `osc52`, publish's flag); no
  /// desktop is a quiet success with --if-available, else names the fixes this command has.
  func run(publishing: Bool, osc52: Bool = false, _ body: (Desktop.Route) throws -> Void) throws {
    var chosen: Desktop.Backend?
    do {
      let route = try Desktop.route(given: osc52 ? .osc52 : backend, publishing: publishing, settings: .process)
      chosen = route.backend
      try body(route)
    } catch DesktopError.unavailable(let lookedFor, _) {
      if ifAvailable { return }
      throw DesktopError.unavailable(lookedFor: lookedFor, fix: fix(publishing: publishing, chosen: chosen, osc52: osc52))
    }
  }

  /// What can be done without a desktop: only publish sends to a terminal, and OSC 52,
  /// once chosen, is undone where it was chosen.
  private func fix(publishing: Bool, chosen: Desktop.Backend?, osc52: Bool) -> String {
    var fixes = ["run pb in a desktop session"]
    if chosen == .osc52 {
      let choice = osc52 ? "--osc52" : backend == .osc52 ? "--backend osc52" : Settings.process.desktopBackend.map { _ in "PB_DESKTOP=osc52" }
      let place = publishing ? "from a terminal or in a desktop session" : "in a desktop session"
      fixes = ["run it \(place)" + (choice.map { " without \($0)" } ?? "")]
    } else if publishing {
      fixes.append("pass --osc52 to send the text to this terminal's clipboard")
    }
    return fixes.joined(separator: ", ") + ", or add --if-available to make this a quiet success"
  }
}

extension PB {
  struct Publish: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "publish", abstract: "Offer an item on the desktop clipboard, every representation under its MIME type.",
      discussion: """
        Returns once the desktop has the item; a pb process of its own serves it (a \
        snapshot: later changes to the board do not change it) until another \
        application copies, or until the item expires; a concealed item also only \
        while the board holds it. See DESKTOP in pb(1) for the names each type is \
        offered under. With --dry-run, NAME<TAB>SOURCE lines instead: the names the \
        item would be offered under, each with the stored type it comes from, "derived \
        from TYPE" for one made on request and never stored (image/png from a JPEG, \
        text from HTML).
        """)

    @OptionGroup var board: LocalBoardOptions

    @Option(name: .both("i", "items"), parsing: .unconditional,
      help: ArgumentHelp("The item to offer (default 0; -1 is the last).", valueName: "index"))
    var item: String?

    @Flag(help: "Send the item's text to the terminal's clipboard with OSC 52 (same as --backend osc52).")
    var osc52 = false

    @OptionGroup var desktop: DesktopOptions

    @Flag(name: .customLong("dry-run"), help: "List the names the item would be offered under, each with its source, and offer nothing.")
    var dryRun = false

    @Flag(help: "With --dry-run: print a JSON array of {name, type, derived}.")
    var json = false

    var request: PublishRequest {
      PublishRequest(pasteboard: board.pasteboard, item: item, osc52: osc52, desktop: desktop.choice, dryRun: dryRun, json: json)
    }
  }

  /// What `pb publish` was asked, as plain values.
  struct PublishRequest: CommandRequest {
    var pasteboard: String?
    var item: String?
    var osc52: Bool
    var desktop: DesktopChoice
    var dryRun = false
    var json = false

    func validate() throws {
      if osc52, let backend = desktop.backend, backend != .osc52 {
        throw ValidationError("--osc52 and --backend \(backend.rawValue) contradict each other; give one of them")
      }
      if dryRun && (osc52 || desktop.backend == .osc52) {
        throw ValidationError("--dry-run lists what X11 and Wayland are offered; OSC 52 sends only the text; give one of them")
      }
      if json && !dryRun { throw ValidationError("--json reports what --dry-run lists; give it with --dry-run") }
    }

    func run() throws {
      if dryRun { return try listOffer() }
      try desktop.run(publishing: true, osc52: osc52) { route in
        let store = try Store.open(creating: false)
        let pasteboard = try store.pasteboard(named: BoardOptions.name(pasteboard), creating: false)
        let (item, changeCount, data) = try pasteboard.openItem(try ItemSetOption.itemSet(self.item, default: ItemSet.parse("0")))
        try Desktop.publish(
          item, data: try data.map { (data) throws(PasteboardError) in try data.descriptor }, origin: DesktopTargets.Origin(board: pasteboard.name, changeCount: changeCount),
          store: store, selection: desktop.selection, route: route)
      }
    }
  }

  struct Import: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "import", abstract: "Copy what the desktop clipboard holds, every type it offers, as one item.",
      discussion: """
        The text types the desktop offers (UTF8_STRING, text/plain, ...) become one \
        public.utf8-plain-text representation, converted from UTF-16 or Latin-1 when \
        offered only so; a type pb does not know keeps its MIME type, but marks of who \
        holds the selection (application/x-copyq-owner) are not kept. An offer marked \
        as a secret (x-kde-passwordManagerHint, application/x-copyq-hidden=1 or \
        org.nspasteboard.ConcealedType) becomes a concealed item, which expires \
        after 30s unless --expire says otherwise, and leaves the disk sooner if its \
        application withdraws it from the desktop (a process stays behind to watch); one \
        marked org.nspasteboard.TransientType is kept out of history, as --no-undo. Image types \
        a toolkit makes on request (image/bmp, image/jpeg, image/xpm...) are not read \
        when the original is offered (image/png). A type late, refused or over the size \
        limit is left out, and named on one line; the rest is kept. The change is \
        undoable, named Import. With --archive, the items come from an archive that pb \
        export wrote instead (see ARCHIVES in pb(1)), and no desktop is needed.
        """)

    @OptionGroup var board: BoardOptions

    @Flag(name: .both("a", "append"), help: "Add the item after the pasteboard's items instead of replacing them.")
    var append = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Give up on the types not read within this, keeping those that were (default 10s; each type 2s, or a fifth of it if longer).",
        valueName: "duration"))
    var timeout: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Make the item vanish after a duration or at an ISO 8601 time (a concealed one after 30s by default).", valueName: "when"))
    var expire: String?

    @Option(name: .customLong("max-size"), parsing: .unconditional, help: ArgumentHelp("Leave out the types that do not fit in this many bytes, all types together (default 256MiB).", valueName: "size"))
    var maxSize: String?

    @Flag(name: .customLong("all-types"), help: "Read the image types a toolkit makes on request too, not only the original.")
    var allTypes = false

    @Option(help: ArgumentHelp("Read the items from an archive pb export wrote (- for standard input), not the desktop.", valueName: "file"))
    var archive: String?

    @OptionGroup var desktop: DesktopOptions

    var request: ImportRequest {
      ImportRequest(
        pasteboard: board.pasteboard, append: append, timeout: timeout, expire: expire, maxSize: maxSize, allTypes: allTypes,
        archive: archive, desktop: desktop.choice)
    }
  }

  /// What `pb import` was asked, as plain values.
  struct ImportRequest: CommandRequest {
    var pasteboard: String?
    var append: Bool
    var timeout: String?
    var expire: String? = nil
    var maxSize: String?
    var allTypes: Bool
    var archive: String? = nil
    var desktop: DesktopChoice

    func validate() throws {
      if archive != nil {
        let desktopOnly = [
          ("--timeout", timeout != nil), ("--expire", expire != nil), ("--max-size", maxSize != nil), ("--all-types", allTypes),
          ("--backend", desktop.backend != nil), ("--if-available", desktop.ifAvailable), ("--selection", desktop.selection != .clipboard),
        ]
        if let given = desktopOnly.first(where: \.1)?.0 {
          throw ValidationError("\(given) is for the desktop, and --archive reads no desktop; give one of them")
        }
      }
      if let maxSize, ByteCount.parse(maxSize) == nil {
        throw ValidationError(
          "--max-size \(Display.value(maxSize)) is not a size; give bytes, or a number with K, M, G or T (as in 64M or 1.5GiB)")
      }
    }

    func run() throws {
      if let archive { return try importArchive(archive) }
      var limits = Desktop.ImportLimits(allTypes: allTypes)
      if let timeout { limits.timeout = try TimeSpec.duration(timeout) }
      if let size = maxSize.flatMap(ByteCount.parse) { limits.maxSize = size }
      var options = Pasteboard.WriteOptions()
      options.expires = try expire.map { (text) throws(PasteboardError) in try TimeSpec.deadline(text, now: TimeSpec.now()) }
      try desktop.run(publishing: false) { route in
        let store = try Store.open(creating: true)
        store.housekeeping()
        let pasteboard = try store.pasteboard(named: BoardOptions.name(pasteboard), creating: true)
        let imported = try Desktop.importItem(
          into: pasteboard, store: store, selection: desktop.selection, route: route, append: append, limits: limits,
          options: options)
        if let text = imported.unconverted { StandardStreams.printError("pb: " + text.note) }
        if !imported.leftOut.isEmpty {
          StandardStreams.printError("pb: " + Desktop.LeftOut.note(imported.leftOut, kept: imported.kept))
        }
        if let error = imported.unwatched { StandardStreams.printError("pb: " + Desktop.unwatchedNote(error)) }
      }
    }

    /// `--archive FILE`: an archive instead of the desktop, as one change named Import.
    private func importArchive(_ file: String) throws {
      let input = RepresentationSource.Input(argument: file)
      if input == .standardInput, StandardStreams.inputIsTerminal {
        throw PasteboardError.usage("--archive - reads an archive from standard input, which is a terminal; redirect one: pb import --archive - < board.tar")
      }
      let store = try Store.open(creating: true)
      store.housekeeping()
      let name = BoardOptions.name(pasteboard)
      let existed = Pasteboard.isStandard(name) || (try? store.pasteboard(named: name, creating: false)) != nil
      let board = try store.pasteboard(named: name, creating: true)
      let imported: BoardArchive.Imported
      do throws(PasteboardError) {
        imported = try board.importArchive(from: input, append: append)
      } catch {
        // A refused archive stores nothing: not even the board made for it (unless
        // another writer has written to it meanwhile), whatever refused it (a missing
        // file too).
        if !existed { try? store.deleteBoard(named: name, ifCount: 0) }
        throw error
      }
      if imported.expiredLeftOut > 0 {
        let count = imported.expiredLeftOut
        StandardStreams.printError("pb: left out \(count) item\(count == 1 ? "" : "s") of the archive that had expired")
      }
      if imported.historyLeftOut {
        StandardStreams.printError("pb: the archive's history was not taken: -a adds its items only; import it without -a to take it")
      }
    }
  }

  struct Bridge: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "bridge", abstract: "Keep a pasteboard and the desktop clipboard in step, both ways, until interrupted.",
      discussion: """
        Each new item 0 of the pasteboard is offered on the desktop as pb publish \
        offers it, and each copy in an application becomes the pasteboard's item as pb \
        import makes it. Driven by change notifications, never polling; a change it made \
        on one side is not carried back. Secrets (marked as pb import reads them) are never \
        imported. What it offers leaves the desktop when it expires, and a concealed \
        item as soon as the board no longer holds it; such an item leaves the board \
        when the desktop drops the offer (cleared, or replaced). A change that empties \
        the pasteboard (pb clear) empties the desktop clipboard too. Runs until interrupted, or until \
        the pasteboard is deleted (exit 66).
        """)

    @OptionGroup var board: LocalBoardOptions

    @Flag(name: .customLong("to-desktop"), help: "Only offer the pasteboard's changes on the desktop.")
    var toDesktop = false

    @Flag(name: .customLong("from-desktop"), help: "Only copy the desktop's changes to the pasteboard.")
    var fromDesktop = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Give up on the types of a copy not read within this, keeping those that were (default 10s; each type 2s, or a fifth of it if longer).",
        valueName: "duration"))
    var timeout: String?

    @OptionGroup var desktop: DesktopOptions

    @Option(
      help: ArgumentHelp(
        "Keep the pasteboard in step with one of another machine, over ssh, instead of the desktop (see REMOTE BOARDS in pb(1)).",
        valueName: "host[:name]"))
    var remote: String?

    @Flag(help: "With --remote: carry changes that hold concealed items too (they stay on their side by default).")
    var concealed = false

    var request: BridgeRequest {
      BridgeRequest(
        pasteboard: board.pasteboard, toDesktop: toDesktop, fromDesktop: fromDesktop, timeout: timeout, desktop: desktop.choice,
        remote: remote, concealed: concealed)
    }
  }

  /// What `pb bridge` was asked, as plain values.
  struct BridgeRequest: CommandRequest {
    var pasteboard: String?
    var toDesktop: Bool
    var fromDesktop: Bool
    var timeout: String?
    var desktop: DesktopChoice
    var remote: String? = nil
    var concealed = false

    func validate() throws {
      if remote != nil {
        let desktopOnly = [
          ("--to-desktop", toDesktop), ("--from-desktop", fromDesktop), ("--timeout", timeout != nil),
          ("--backend", desktop.backend != nil), ("--if-available", desktop.ifAvailable), ("--selection", desktop.selection != .clipboard),
        ]
        if let given = desktopOnly.first(where: \.1)?.0 {
          throw ValidationError("\(given) is for the desktop, and --remote bridges no desktop; give one of them")
        }
      } else if concealed {
        throw ValidationError("--concealed is for --remote; the desktop bridge never offers what it should not")
      }
      if toDesktop && fromDesktop {
        throw ValidationError("--to-desktop and --from-desktop each leave out the other way; give one of them, or neither for both")
      }
    }

    func run() throws {
      if let remote { return try BridgeRemote.run(remote, local: BoardOptions.name(pasteboard), concealed: concealed) }
      let limit = try timeout.map { (text) throws(PasteboardError) in try TimeSpec.duration(text) } ?? Desktop.ImportLimits.defaultTimeout
      try desktop.run(publishing: false) { route in
        let pasteboard = try BoardOptions.open(pasteboard, creating: true)
        try Desktop.bridge(
          store: try Store.open(creating: true), board: pasteboard.name, selection: desktop.selection, route: route,
          direction: toDesktop ? .toDesktop : fromDesktop ? .fromDesktop : .both, timeout: limit,
          notify: { StandardStreams.printError("pb bridge: " + $0.message) })
      }
    }
  }
}

// MARK: The desktop, directly

extension PasteRequest {
  /// Options that choose among a board's items or where they go: the desktop holds one
  /// offer, and its bytes go to standard output.
  func validateDesktop() throws {
    let boardOnly = [
      ("--pasteboard", pasteboard != nil), ("--items", items != nil), ("--output", directory != nil),
      ("--no-clobber", noClobber), ("--delimiter", delimiter != nil), ("--null", nullDelimited), ("--json", json),
    ]
    if let given = boardOnly.first(where: \.1)?.0 {
      throw ValidationError("\(given) is for a pasteboard's items, and --desktop writes what the desktop holds; give one of them")
    }
  }

  /// `--desktop`: the desktop's type that -t chooses (else its first), to standard
  /// output; nothing stored, no board read.
  func pasteDesktop() throws {
    let preferred = try types.map(TypeIdentifier.parseList) ?? []
    try desktopChoice.run(publishing: false) { route in
      let read = try Desktop.readOffered(preferred, selection: desktopChoice.selection, route: route, limits: Desktop.ImportLimits()) {
        StandardStreams.printError("pb: " + Desktop.LeftOut.note($0, listing: false))
      }
      // Raw binary on a terminal garbles it until `reset`, as for a board's item.
      if !force, StandardStreams.outputIsTerminal, !TypeRegistry.conforms(read.type, to: .text) {
        var command = ["pb", "paste", "--desktop"]
        if desktopChoice.selection != .clipboard { command += ["--selection", desktopChoice.selection.rawValue] }
        if let types { command += ["-t", types] }
        throw DesktopError.binaryToTerminal(
          name: read.name, size: read.size, filenameExtension: TypeRegistry.preferredFilenameExtension(for: read.type) ?? "bin",
          command: command.map(Display.shellWord).joined(separator: " "))
      }
      try Output.standard.send(file: read.data)
    }
  }
}

extension TypesRequest {
  /// `--desktop`: the names the desktop's selection offers, each with the type pb reads
  /// it as (only those conforming to --conforming-to); nothing stored, no board read.
  func listDesktopOffer() throws {
    let parent = try conformingTo.map(TypeIdentifier.parse)
    try desktopChoice.run(publishing: false) { route in
      let offered = try Desktop.offeredNames(selection: desktopChoice.selection, route: route) {
        StandardStreams.printError("pb: " + Desktop.LeftOut.note($0, listing: true))
      }.filter { name in
        parent.map { parent in name.type.map { TypeRegistry.conforms($0, to: parent) } ?? false } ?? true
      }
      let output = Output.standard
      if json {
        try output.write(Report.json(offered.map(Report.OfferedName.init)))
      } else {
        for name in offered { try output.write("\(Display.line(name.name))\t\(Report.OfferedName(name).meaning)\n") }
      }
      if offered.isEmpty { throw SilentExit.negative }
    }
  }
}

extension Report {
  /// A name the desktop offers, and what pb reads it as.
  struct OfferedName: JSONReport {
    var name: String
    var type: String?
    /// What `pb types --desktop` prints of it: the type, or what the name is.
    var meaning: String

    init(_ offered: Desktop.OfferedName) {
      name = offered.name
      type = offered.type?.rawValue
      meaning =
        switch offered.meaning {
        case .type(let type): type.rawValue
        case .secretMark: "(mark of a secret)"
        case .pbMark: "(pb's mark)"
        case .ownerMark: "(mark of who holds it)"
        case .unknown: "(no type pb reads)"
        }
    }

    var json: JSONValue {
      .members(["name": .string(name), "type": type.map(JSONValue.string) ?? .null])
    }
  }
}

extension PB.ClearRequest {
  /// Options that choose how a board's change is recorded: --desktop changes no board.
  func validateDesktop() throws {
    let boardOnly = [
      ("--pasteboard", pasteboard != nil), ("--if-count", write.ifCount != nil), ("--action", write.action != nil),
      ("--no-undo", write.noUndo),
    ]
    if let given = boardOnly.first(where: \.1)?.0 {
      throw ValidationError("\(given) is for a pasteboard, and --desktop clears only the desktop's selection; give one of them")
    }
  }

  /// `--desktop`: the desktop's selection emptied, whoever holds it; no board touched.
  func clearDesktop() throws {
    try desktopChoice.run(publishing: false) { route in
      try Desktop.clear(selection: desktopChoice.selection, route: route)
    }
  }
}

extension PB.PublishRequest {
  /// `--dry-run`: what `pb publish` would offer of the one chosen item.
  func listOffer() throws {
    let pasteboard = try BoardOptions.open(self.pasteboard, creating: false)
    let (item, changeCount, data) = try pasteboard.openItem(try ItemSetOption.itemSet(self.item, default: .index(0)))
    let offer = try DesktopOffer(
      types: item.types, data: try data.map { (data) throws(PasteboardError) in try data.descriptor }, concealed: item.concealed,
      origin: DesktopTargets.Origin(board: pasteboard.name, changeCount: changeCount))
    let listed = offer.targets.map { target in Report.DesktopTarget(target, types: item.types) }
    let output = Output.standard
    if json {
      try output.write(Report.json(listed))
    } else {
      for target in listed { try output.write("\(target.name)\t\(target.source)\n") }
    }
  }
}

extension Report {
  /// A name `pb publish` offers an item under, and what its bytes are.
  struct DesktopTarget: JSONReport {
    var name: String
    /// The stored type the bytes come from (nil for a mark pb adds).
    var type: String?
    var derived: Bool
    /// What `pb publish --dry-run` prints of where the bytes come from.
    var source: String

    init(_ target: DesktopTargets.Target, types: [TypeIdentifier]) {
      name = target.name
      derived = target.isDerived
      switch target.conversion {
      case .constant:
        type = nil
        source =
          switch name {
          case DesktopTargets.pbItem: "pb's mark (board and change count)"
          case DesktopTargets.pbDerived: "pb's list of the derived names"
          default: "mark of a secret"
          }
      case .latin1:
        type = types[target.representation].rawValue
        source = "\(types[target.representation].rawValue) as Latin-1"
      case .stored, .png, .textFromHTML:
        type = types[target.representation].rawValue
        source = derived ? "derived from \(types[target.representation].rawValue)" : types[target.representation].rawValue
      }
    }

    var json: JSONValue {
      .members(["name": .string(name), "type": type.map(JSONValue.string) ?? .null, "derived": .bool(derived)])
    }
  }
}
