import Glibc
import LinuxSystem
import PasteboardKit
import Synchronization

/// One end of `pb bridge --remote`: a board kept in step with another machine's. Each end
/// reads archives (`pb export`'s, one after another) from its input and imports each into
/// its board as one change named Bridge, and writes an archive of its board to its output
/// for each change it did not make itself. The two ends are the same code: the user's pb
/// runs one beside its connection and `pb serve` runs the other, so a change made by an
/// archive received is never sent back, on either side. What an end sends says which
/// change it carries, and an end refuses one older than the board took already
/// (`BridgeOrder`): two bridges of one pair, or an echo arriving late, never put an older
/// change over a newer one.
// Unchecked: `store` is the watching thread's alone; the receiving thread opens its own.
public final class RemoteBridgeEnd: @unchecked Sendable {
  /// The name `pb serve` runs an end under: a word no user types as a command.
  public static let command = "__bridge-end"
  public static let actionName = "Bridge"

  private let store: Store
  private let board: String
  private let concealed: Bool
  private let output: Descriptor
  /// Change counts this end made by importing (not to be sent back), and the first
  /// failure of the receiving side.
  private let received = Mutex<(counts: Set<Int>, ended: Bool, failure: PasteboardError?)>(([], false, nil))

  public init(
    board: String, concealed: Bool, output: Descriptor, settings: Settings, notify: @escaping (Notice) -> Void = { _ in }
  ) throws(PasteboardError) {
    store = try Store.open(at: settings.storeFolder, settings: settings, creating: true, notify: notify)
    store.housekeeping()
    try store.pasteboard(named: board, creating: true).prepareBridgeOrder()
    self.board = board
    self.concealed = concealed
    self.output = output
  }

  /// Runs until the input ends (the other end is gone) or fails; `sendsFirst`: the
  /// board as it is now goes to the other end first, when it holds anything.
  public func run(input: Descriptor, sendsFirst: Bool) throws(PasteboardError) {
    let monitor = try ChangeMonitor(store: store, board: board)
    var (pasteboard, state) = try monitor.current()
    // Unstamped, as an older pb's: the board as it is when the bridge starts wins there.
    if sendsFirst && !state.items.isEmpty { try send(pasteboard, state, stamped: false) }
    let receiver = BackgroundThread { [self] in receive(from: input, as: sendsFirst ? .user : .served) }
    receiver.detach()
    var last = state.changeCount
    while true {
      let ended = received.withLock { ($0.ended, $0.failure) }
      if ended.0 {
        if let failure = ended.1 { throw failure }
        return
      }
      guard let changed = try monitor.state(after: last, timeout: 200) else { continue }
      state = changed
      last = state.changeCount
      pasteboard = try monitor.current().pasteboard
      // Taken under the lock the import holds until its count is recorded, so that a
      // change seen while it commits is known as its own.
      let own = received.withLock { $0.counts.remove(state.changeCount) != nil }
      // The user's end (the one that sends first) also sends back what it received: when
      // both sides changed at once, each imports the other's change and they would end
      // swapped; sent back, the other side takes this one's, and both end the same. The
      // other end imports what it holds already as no change, so nothing echoes on.
      if !own || sendsFirst { try send(pasteboard, state) }
    }
  }

  /// Writes the board's items as an archive, unless they hold a concealed item and the
  /// bridge does not carry those: then the change stays on this side.
  private func send(_ pasteboard: Pasteboard, _ state: PasteboardState, stamped: Bool = true) throws(PasteboardError) {
    if !concealed && state.items.contains(where: \.concealed) { return }
    _ = try pasteboard.exportArchive(to: output, history: false, concealed: concealed, stamped: stamped)
  }

  private func receive(from input: Descriptor, as end: BridgeEnd) {
    let reader = TarReader(from: input)
    var failure: PasteboardError?
    do {
      let store = try Store.open(at: self.store.path, settings: self.store.settings, creating: true, notify: self.store.notify)
      while try reader.startsAnother() {
        let pasteboard = try store.pasteboard(named: board, creating: true)
        try received.withLock { received throws(PasteboardError) in
          let imported = try pasteboard.importArchive(
            reading: reader, source: "the other end of the bridge", holdsStandardInput: true, append: false,
            actionName: Self.actionName, skippingIdentical: true, orderedAs: end)
          // Refused, it made no change: the count is of a change this end may still have to send.
          if !imported.refused { received.counts.insert(imported.state.changeCount) }
        }
      }
    } catch let error as PasteboardError {
      failure = error
    } catch let error as Tar.Failure {
      failure = .badArchive(source: "the other end of the bridge", reason: error.reason)
    } catch {
      failure = .internalError("\(error)")
    }
    received.withLock {
      $0.ended = true
      $0.failure = failure
    }
  }
}
