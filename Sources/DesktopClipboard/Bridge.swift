import PasteboardKit
import Synchronization

import Glibc
import LinuxSystem

/// One desktop's side of `pb bridge`: it offers items, says when another client has
/// taken the selection, and reads what that client offers.
protocol BridgeEndpoint: AnyObject {
  /// The descriptors to wait on, with what to wait for.
  var pollEntries: [SystemCall.PollRequest] { get }
  /// How long a wait may last: 0 while events read already wait to be serviced (-1: no
  /// limit; transfers have none).
  var waitMilliseconds: Int32 { get }
  /// Acts on what the wait found (`ready`, in the order of `pollEntries`, or all 0 after
  /// a timeout); says what happened to the selection since.
  func service(_ ready: [Int16]) throws(DesktopError) -> SelectionEvents
  /// Takes the selection with `offer`; earlier offers finish their transfers (but not
  /// a secret's).
  func publish(_ offer: DesktopOffer) throws(DesktopError)
  /// Gives the selection up if pb's latest offer still holds it; that offer's transfers
  /// under way finish (a secret's end short).
  func withdraw()
  /// Withdraws pb's offer and empties the selection, whoever holds it.
  func clear() throws(DesktopError)
  /// Whether another client held the selection when the endpoint was made.
  var heldByAnotherAtStart: Bool { get }
  /// Makes a reader of what another client offers, on a connection of its own: it may
  /// run on another thread while the endpoint is serviced, and read from an offer of
  /// pb's own, which this loop answers.
  var makeReader: @Sendable (Desktop.ImportClock) throws(DesktopError) -> any SelectionReader { get }
  /// The offer of the selection's present owner is now the board's item: when that
  /// owner goes without handing the selection over, `service` says `ownerGone`.
  func keepOwner()
  /// Answers a request to save the clipboard (`saveRequested`): whether it was saved.
  func answerSave(_ saved: Bool)
}

/// What became of the selection while an endpoint was serviced.
struct SelectionEvents {
  /// Another client has taken the selection.
  var taken = false
  /// The owner whose offer was imported (`keepOwner`) went without handing the
  /// selection over (it exited, crashed or was killed), and nobody holds it now; not
  /// when it cleared the selection on purpose.
  var ownerGone = false
  /// An application asks the clipboard manager to save its copy before it exits
  /// (X11's SAVE_TARGETS), and waits for `answerSave`.
  var saveRequested = false
  /// The desktop took the selection from pb's latest offer (another client's copy, or a
  /// clear such as a password manager's), not pb itself.
  var offerLost = false
  /// Derived targets of pb's offers that could not be made, with why (a budget an
  /// image is over).
  var notDerived: [(target: String, error: DesktopError)] = []
}

/// Keeps a board and a desktop selection in step (`pb bridge`), driven by their
/// notifications, never by polling: the board's inotify watch, and the desktop's own
/// events when the selection changes hands. It knows its own offers, so a change it
/// made on one side never comes back to it from the other. What it offers goes from
/// the desktop when the item expires (a timer), and a secret as soon as the board no
/// longer holds it.
final class DesktopBridge {
  private let store: Store
  private let board: String
  private let direction: Desktop.Direction
  private let limits: Desktop.ImportLimits
  private let endpoint: any BridgeEndpoint
  /// The change count the last import made, which is not offered back.
  private var imported: Int?
  private var seen: Int?
  /// The item pb's latest offer holds while it may still hold the selection.
  private var served: Item?
  private let notify: (Desktop.BridgeNotice) -> Void

  init(
    store: Store, board: String, endpoint: any BridgeEndpoint, direction: Desktop.Direction, timeout: Int64,
    notify: @escaping (Desktop.BridgeNotice) -> Void
  ) {
    self.store = store
    self.board = board
    self.endpoint = endpoint
    self.direction = direction
    limits = Desktop.ImportLimits(timeout: timeout)
    self.notify = notify
  }

  /// Runs until the board is deleted or the desktop goes.
  func run() throws(DesktopError) {
    let monitor = try DesktopError.inStore { () throws(PasteboardError) in try ChangeMonitor(store: store, board: board) }
    if direction != .toDesktop, endpoint.heldByAnotherAtStart {
      // An application's copy is the clipboard now (the bridge starts at login, or
      // again after a crash): it is newer than the board's item, so it is imported
      // under the usual rules (a secret is left alone, on the clipboard), and the
      // board's item is not offered over it, unless the copy is this board's own (a
      // `pb publish` still serving), which may be older than item 0.
      seen = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current().state.changeCount }
      try startImport(monitor, atStart: true)
    }
    try boardChanged(monitor)
    var ready = [Int16](repeating: 0, count: endpoint.pollEntries.count)
    while true {
      let events = try endpoint.service(ready)
      for (target, error) in events.notDerived { notify(.notDerived(target: target, error)) }
      if events.offerLost, let item = served, item.concealed {
        // The desktop dropped the secret the bridge offered (a password manager clearing
        // it, another copy): the board keeps it no longer either, and offers nothing in
        // its place.
        served = nil
        let files = item.representations.map(\.file)
        if let state = try? monitor.current().pasteboard.removeSecret(files: files) { seen = state.changeCount }
      }
      if events.taken {
        served = nil  // another client's now
        keepsOwner = false
        if direction != .toDesktop { try startImport(monitor, atStart: false) }
      }
      if events.saveRequested, !saveWaits {
        // The copy was usually imported when it was made; if not (it failed), now; the
        // answer waits for the import under way.
        if !keepsOwner && importing == nil { try startImport(monitor, atStart: false) }
        if importing == nil { endpoint.answerSave(keepsOwner) } else { saveWaits = true }
      }
      if events.ownerGone {
        // The owner of the copy under import went: its copy is offered once stored.
        if importing != nil { ownerWent = true } else if keepsOwner { try offerImported(monitor) }
      }
      if importDone {
        // Finished after the desktop's events that came with it: its owner's going is
        // known by then.
        importDone = false
        try finishImport(monitor)
      }
      if let expires = served?.expires, expires <= TimeSpec.now() {
        endpoint.withdraw()
        served = nil
        // The board drops it too (a change of kind expired), and its next item is offered.
        _ = try? monitor.current().pasteboard.removeExpired()
        try boardChanged(monitor)
        // The desktop is serviced again before the wait: withdrawing may have set its
        // events aside.
        ready = []
        continue
      }
      let entries = endpoint.pollEntries
      let expiry = served?.expires.map { Int32(clamping: max(0, $0 - TimeSpec.now())) } ?? -1
      let found = try DesktopError.catching {
        try SystemCall.wait(
          entries + [monitor.readable] + (importing.map { [$0.readable] } ?? []),
          milliseconds: Desktop.soonest(endpoint.waitMilliseconds, expiry), path: "the desktop and the board")
      }
      ready = Array(found.prefix(entries.count))
      if found[entries.count] != 0 {
        try DesktopError.inStore { () throws(PasteboardError) in try monitor.drain() }
        try boardChanged(monitor)
      }
      importDone = found.count > entries.count + 1 && found[entries.count + 1] != 0
    }
  }

  /// The import under way has ended, and is finished once the desktop is serviced.
  private var importDone = false

  /// Whether the present owner's offer is the board's item, kept alive by the bridge
  /// when that owner goes.
  private var keepsOwner = false
  /// The import under way, read on a thread of its own: an owner that never answers
  /// held the loop for the whole import, and pb's own changes waited (over 180 s behind
  /// one listing 5,000 types). The loop goes on publishing, and stores what was read.
  private var importing: ImportWork?
  /// Another client took the selection while an import was under way: read next.
  private var importAgain = false
  /// A request to save the clipboard waits for the import under way.
  private var saveWaits = false
  /// The owner of the copy under import went while it was read.
  private var ownerWent = false

  /// Begins reading what another client offers (after the import under way, if any).
  private func startImport(_ monitor: ChangeMonitor, atStart: Bool) throws(DesktopError) {
    guard importing == nil else {
      importAgain = true
      return
    }
    let since = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current().state.changeCount }
    // Told now, while the owner is the one read: it may go before the read ends.
    ownerWent = false
    endpoint.keepOwner()
    importing = try ImportWork(
      board: board, since: since, atStart: atStart, limits: limits, makeReader: endpoint.makeReader)
  }

  /// Stores what the import under way read, unless the board has changed since it
  /// began (a newer change wins); when that made the board's item, the bridge keeps it
  /// alive after its owner goes (as clipboard manager, both directions only).
  private func finishImport(_ monitor: ChangeMonitor) throws(DesktopError) {
    guard let work = importing else { return }
    importing = nil
    let again = importAgain
    let went = ownerWent
    importAgain = false
    ownerWent = false
    switch work.outcome() {
    case .failure(let error):
      switch error {
      case .empty, .timeout, .keptSending, .wentAwayMidTransfer, .failed:
        // Not when the owner went while it was read, or another copy came: the next
        // import covers it, and the report was of a copy nobody holds.
        if !went && !again { notify(.notImported(error)) }
      default: throw error
      }
    case .success(.thisBoards):
      // A `pb publish` of this board holds the selection at start: the board's item 0
      // is offered instead, being newer.
      if work.atStart {
        seen = nil
        try boardChanged(monitor)
      }
    case .success(.secret):
      break  // a password: never kept
    case .success(.read(let read)):
      var options = Pasteboard.WriteOptions()
      options.ifCount = work.since
      let pasteboard = try DesktopError.inStore { () throws(PasteboardError) in try store.pasteboard(named: board, creating: false) }
      do throws(DesktopError) {
        let result: Desktop.Imported
        do throws(DesktopError) {
          result = try Desktop.store(read, into: pasteboard, append: false, options: options)
        } catch .pasteboard(.changeCountMismatch(let name, let expected, let found)) where found == expected + 1 {
          // Items that expired meanwhile (a secret's watcher removing it as its copy
          // left the desktop) are no newer copy: stored over them, unless more changed.
          let now = try? pasteboard.state()
          guard let now, now.changeCount == found, now.changeKind == .expired else {
            throw .pasteboard(.changeCountMismatch(board: name, expected: expected, found: found))
          }
          options.ifCount = found
          result = try Desktop.store(read, into: pasteboard, append: false, options: options)
        }
        imported = result.state.changeCount
        if let text = result.unconverted { notify(.importedWithoutText(text)) }
        if !result.leftOut.isEmpty { notify(.importedLeavingOut(result.leftOut, kept: result.kept)) }
        if direction == .both, !again {
          keepsOwner = true
          if went { try offerImported(monitor) }
        }
      } catch .pasteboard(.changeCountMismatch) {
        // The board changed while the copy was read: that change is newer.
      }
    }
    if again {
      try startImport(monitor, atStart: false)
    } else if saveWaits {
      saveWaits = false
      endpoint.answerSave(keepsOwner)
    }
  }

  /// The item last imported, offered with every representation now that its owner
  /// has gone, while it is still the board's newest change (a later change on the board
  /// has been offered already).
  private func offerImported(_ monitor: ChangeMonitor) throws(DesktopError) {
    keepsOwner = false
    guard direction == .both, let imported else { return }
    let (pasteboard, state) = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current() }
    guard state.changeCount == imported, let item = state.items.first, !item.concealed else { return }
    do {
      try offer(pasteboard)
    } catch .failed {
      // Another client took the selection first (another clipboard manager): theirs.
    }
  }

  /// Takes the selection with the board's item 0, every representation.
  private func offer(_ pasteboard: Pasteboard) throws(DesktopError) {
    let (item, changeCount, data) = try DesktopError.inStore { () throws(PasteboardError) in try pasteboard.openItem(.index(0)) }
    try endpoint.publish(
      try DesktopOffer(
        types: item.types, data: try DesktopError.inStore { () throws(PasteboardError) in try data.map { (data) throws(PasteboardError) in try data.descriptor } }, concealed: item.concealed,
        origin: DesktopTargets.Origin(board: board, changeCount: changeCount)))
    served = item
    keepsOwner = false
  }

  /// The board's item 0, offered when the board has changed (not by an import of ours);
  /// a board emptied (`pb clear`, not an expiry) empties the desktop's selection too; a
  /// secret offered that the board no longer holds (cleared, undone) is withdrawn.
  private func boardChanged(_ monitor: ChangeMonitor) throws(DesktopError) {
    let (pasteboard, state) = try DesktopError.inStore { () throws(PasteboardError) in try monitor.current() }
    if state.changeCount != seen {
      let before = seen
      seen = state.changeCount
      if direction != .fromDesktop, state.changeCount != imported, !state.items.isEmpty {
        try offer(pasteboard)
        return
      }
      // Not at start (an empty board then says nothing of the desktop's copy), nor for
      // an expiry, whose offer is withdrawn where it is noticed.
      if direction != .fromDesktop, state.changeCount != imported, before != nil, state.changeKind != .expired {
        try endpoint.clear()
        served = nil
        keepsOwner = false
        return
      }
    }
    if let served, served.concealed, !state.items.contains(where: { $0.representations == served.representations }) {
      endpoint.withdraw()
      self.served = nil
    }
  }
}

/// One import of the bridge, read on a thread of its own with its own connection to
/// the desktop; `readable` is ready once it is done.
private final class ImportWork: Sendable {
  /// What a read found.
  enum Found: Sendable {
    case read(Desktop.ReadOffer)
    /// A secret (an offer with a secret mark): never kept.
    case secret
    /// This board's own item, offered by a `pb publish`.
    case thisBoards
  }

  /// The board's change count when the read began.
  let since: Int
  /// Whether it is the import of what held the selection when the bridge started.
  let atStart: Bool
  private let done: Descriptor
  private let found = Mutex<Result<Found, DesktopError>?>(nil)

  init(
    board: String, since: Int, atStart: Bool, limits: Desktop.ImportLimits,
    makeReader: @escaping @Sendable (Desktop.ImportClock) throws(DesktopError) -> any SelectionReader
  ) throws(DesktopError) {
    self.since = since
    self.atStart = atStart
    let (done, finished) = try DesktopError.catching { try SystemCall.pipe(named: "the bridge's import") }
    self.done = done
    BackgroundThread { [self] in
      let result = Result { () throws(DesktopError) in try Self.read(board: board, limits: limits, makeReader: makeReader) }
      found.withLock { $0 = result }
      try? finished.writeAll([1])
    }.detach()
  }

  var readable: SystemCall.PollRequest { SystemCall.PollRequest(done, events: Int16(POLLIN)) }

  /// What the read found; once `readable` is ready.
  func outcome() -> Result<Found, DesktopError> {
    found.withLock { $0 } ?? .failure(.internalError("the bridge's import ended without a result"))
  }

  private static func read(
    board: String, limits: Desktop.ImportLimits,
    makeReader: @Sendable (Desktop.ImportClock) throws(DesktopError) -> any SelectionReader
  ) throws(DesktopError) -> Found {
    let clock = limits.started()
    let reader = try makeReader(clock)
    let plan = try reader.importPlan()
    if plan.concealed { return .secret }
    if plan.fromPB {
      if DesktopTargets.Origin(bytes: try reader.readMark(DesktopTargets.pbItem))?.board == board { return .thisBoards }
    }
    return .read(try Desktop.readOffer(plan, from: reader, maxSize: limits.maxSize, clock: clock))
  }
}

extension Desktop {
  /// What the bridge has to tell as it runs that does not end it: a front end shows each.
  public enum BridgeNotice: Sendable, Equatable {
    /// An import kept the offer without its text, which came only in a charset pb
    /// cannot convert.
    case importedWithoutText(UnconvertedText)
    /// An import kept `kept` representations, and left out these types.
    case importedLeavingOut([LeftOut], kept: Int)
    /// What another application copied was not imported: it did not answer in time,
    /// or offered nothing pb can keep.
    case notImported(DesktopError)
    /// A derived target of the board's item (image/png from a JPEG) could not be made:
    /// the application that asked got nothing for it.
    case notDerived(target: String, DesktopError)
  }
}
