import Glibc
import LinuxSystem

/// A state as `pb history --list` lists it for a picker: the present one (number 0) or
/// a past one (numbered as `History.pastStates` numbers them, which `restore` takes).
public struct ListedState: Sendable {
  public var number: Int
  public var items: [Item]
  /// When the board came to hold it, in ms since 1970; nil when no longer known.
  public var made: Int64?
  /// The change that left it, and when (ms since 1970); nil for the present.
  public var replacedBy: String?
  public var replaced: Int64?
  /// Whether it is pinned (`pb history --pin`).
  public var pinned: Bool
  /// The manifest or history file that names its data files, for `text(of:item:)`.
  var filesOf: String
}

extension Pasteboard {
  /// The most bytes of one item's text a list holds: a picker finds a word anywhere in
  /// any clip people copy, and a list of states never needs gigabytes of memory.
  public static let listedTextLimit = 16 << 20

  /// The states a picker offers, newest first: the present, then the past states.
  /// A state without items is left out, and so is one the same as the state listed
  /// just before it (same types and bytes, item for item): its number is skipped, so
  /// that every number listed is still the one `restore` and `openState` take.
  /// Read without the lock, as `stateAndHistory` reads. Texts are not read here but by
  /// `text(of:item:)`, a state at a time as it is written, so that a list holds one
  /// text at a time however many states it has.
  public func statesToPick() throws(PasteboardError) -> [ListedState] {
    try listedStates().states
  }

  /// `statesToPick` and the history file they were read from, read in one consistent read.
  private func listedStates() throws(PasteboardError) -> (states: [ListedState], from: HistoryVersion) {
    try readConsistently("read the history of") { () throws(PasteboardError) -> ([ListedState], HistoryVersion)? in
      var (present, history, version) = try stateHistoryAndVersion()
      // Expired items are gone from every state, as a restore would find them.
      history.dropExpired(at: clock())
      let manifestPath = path + "/" + Folder.state + "/\(present.changeCount).json"
      let historyPath = path + "/" + Folder.history + "/\(present.changeCount).json"
      let now = ListedState(
        number: 0, items: present.items, made: present.modificationDate.map { Int64($0) * 1000 }, replacedBy: nil, replaced: nil,
        pinned: history.pins.contains(History.pinKey(present.items)), filesOf: manifestPath)
      let past = history.pastStates.map { state in
        ListedState(
          number: state.number, items: state.items, made: state.made, replacedBy: state.replacedBy, replaced: state.replaced,
          pinned: state.pinned, filesOf: historyPath)
      }
      var listed: [ListedState] = []
      for state in [now] + past where !state.items.isEmpty {
        if let newer = listed.last, try sameContents(newer.items, state.items, manifestPath: historyPath) { continue }
        listed.append(state)
      }
      return (listed, version)
    }
  }

  /// The states to pick, each handed out with its text only while the board still holds
  /// it: a list written while another pb clears the history or its budget drops states
  /// leaves out the states gone, rather than listing them without their text under
  /// numbers that `--show` and `--restore` refuse.
  public func pickStates() throws(PasteboardError) -> StatePicking {
    let (states, version) = try listedStates()
    return StatePicking(pasteboard: self, states: states, listedFrom: version)
  }

  /// Which history file, at which change count, a read found (nil: none, an empty history).
  struct HistoryVersion: Equatable {
    var changeCount: Int
    var file: FileIdentity?
  }

  func historyVersion(at count: Int) throws(PasteboardError) -> HistoryVersion {
    guard let folder = try folder(Folder.history) else { return HistoryVersion(changeCount: count, file: nil) }
    let status: stat?
    do {
      status = try folder.status(of: "\(count).json")
    } catch {
      throw StoreTrust.refusal(error) ?? .io(error)
    }
    return HistoryVersion(changeCount: count, file: status.map(FileIdentity.init))
  }

  /// Item `index`'s whole text (its first plain text, else its first text of any kind)
  /// of a state `statesToPick` listed; nil for an item without text, a concealed one, and
  /// one whose text is missing (a writer dropped the state since it was listed) or damaged
  /// (restoring that state says what is wrong).
  public func text(of state: ListedState, item index: Int) throws(PasteboardError) -> String? {
    if case .text(let text) = try listedText(of: state, item: index) { return text }
    return nil
  }

  /// What a listed item's text is now.
  enum ListedText {
    case text(String)
    /// The item has no text, is a secret, or its text is damaged.
    case none
    /// Its data file is gone: a writer dropped the state since it was listed.
    case gone
  }

  func listedText(of state: ListedState, item index: Int) throws(PasteboardError) -> ListedText {
    let item = state.items[index]
    let text =
      item.representations.first { TypeRegistry.conforms($0.type, to: .plainText) }
      ?? item.representations.first { TypeRegistry.conforms($0.type, to: .text) }
    guard !item.concealed, let text else { return .none }
    let opened: Descriptor?
    do throws(PasteboardError) {
      opened = try openData(text, manifestPath: state.filesOf)
    } catch {
      // A damaged state is listed without its text rather than failing the list.
      guard case .corruptStore = error else { throw error }
      return .none
    }
    guard let opened else { return .gone }
    return try OpenRepresentation(index: 0, representation: text, descriptor: opened).wholeText().map(ListedText.text) ?? .none
  }

  /// Every item's text of a listed state, as `text(of:item:)` reads each.
  public func texts(of state: ListedState) throws(PasteboardError) -> [String?] {
    var texts: [String?] = []
    for index in state.items.indices { texts.append(try text(of: state, item: index)) }
    return texts
  }

  /// Whether two states hold the same items: the same representations, of the same
  /// types, with the same bytes (shared data files, as undo and restore leave them, or
  /// equal ones, as two copies of the same text make). A secret is never the same as
  /// what history keeps, so a listed past state never hides behind one.
  private func sameContents(_ first: [Item], _ second: [Item], manifestPath: String) throws(PasteboardError) -> Bool {
    guard first.count == second.count else { return false }
    for (one, other) in zip(first, second) {
      guard one.concealed == other.concealed, !one.concealed, one.representations.count == other.representations.count else {
        return false
      }
      for (mine, theirs) in zip(one.representations, other.representations) {
        guard mine.type == theirs.type, mine.size == theirs.size else { return false }
        if mine.file == theirs.file { continue }
        guard try sameBytes(mine, theirs, manifestPath: manifestPath) else { return false }
      }
    }
    return true
  }

  /// Compares two data files of the same size; a file missing or damaged is not the same.
  private func sameBytes(_ first: Representation, _ second: Representation, manifestPath: String) throws(PasteboardError) -> Bool {
    let one: Descriptor?
    let other: Descriptor?
    do throws(PasteboardError) {
      one = try openData(first, manifestPath: manifestPath)
      other = try openData(second, manifestPath: manifestPath)
    } catch {
      guard case .corruptStore = error else { throw error }
      return false
    }
    guard let one, let other else { return false }
    // Of the same size (openData checked both against the sizes compared): a prefix is all.
    do {
      return try ByteTransfer.isPrefix(one.file, of: other.file)
    } catch {
      throw .io(error)
    }
  }

  /// Opens the representation `pb paste -t types` would write of state `number`'s first
  /// item: 0 is the present (as `pb paste` reads it), 1 and up the past states as
  /// `History.pastStates` numbers them.
  public func openState(_ number: Int, types: [TypeIdentifier]) throws(PasteboardError) -> [OpenRepresentation] {
    if number == 0 { return try open(items: .index(0), types: types) }
    guard directory != nil else { throw .noSuchState(board: name, number: number, count: 0) }
    var missing: (changeCount: Int, file: String)?
    let opened = try readConsistently("read the history of") { () throws(PasteboardError) -> [OpenRepresentation]? in
      var (present, history) = try stateAndHistory()
      history.dropExpired(at: clock())
      let states = history.pastStates
      guard number <= states.count else { throw .noSuchState(board: name, number: number, count: states.count) }
      guard let first = states[number - 1].items.first else { throw .emptyState(board: name, number: number) }
      guard let representation = first.representation(preferring: types) else { return [] }
      let historyPath = path + "/" + Folder.history + "/\(present.changeCount).json"
      if let descriptor = try openData(representation, manifestPath: historyPath) {
        return [OpenRepresentation(index: 0, representation: representation, descriptor: descriptor)]
      }
      if let missing, missing == (present.changeCount, representation.file) {
        throw .corruptStore(
          path: historyPath, reason: "its data file \(Display.value(representation.file)) is missing from \(Folder.data)/")
      }
      missing = (present.changeCount, representation.file)
      return nil
    }
    if opened.isEmpty { throw .noRepresentation(types: types.map(\.shown), board: name) }
    return opened
  }
}

/// `pb history --list`'s states, a state at a time with its first item's text (nil
/// without one), as `Pasteboard.pickStates` read them: a state the board no longer
/// holds when its turn comes is left out. Checking costs a `stat` of the history file
/// per state; only when that file has changed is the history read again.
public struct StatePicking {
  private let pasteboard: Pasteboard
  public let states: [ListedState]
  private var nextIndex = 0
  private let listedFrom: Pasteboard.HistoryVersion
  /// The history as last read, when it changed since the list was read.
  private var changed: Changed?

  /// The states a changed history still holds, each named by its data files (`pinKey`):
  /// at the list's change count by number (the present as 0), since a later change
  /// anywhere (a number then names another state: `--if-count` guards a restore).
  private struct Changed {
    var version: Pasteboard.HistoryVersion
    var byNumber: [[String]]
    var anywhere: Set<[String]>
  }

  init(pasteboard: Pasteboard, states: [ListedState], listedFrom: Pasteboard.HistoryVersion) {
    self.pasteboard = pasteboard
    self.states = states
    self.listedFrom = listedFrom
  }

  public mutating func next() throws(PasteboardError) -> (state: ListedState, text: String?)? {
    while nextIndex < states.count {
      let state = states[nextIndex]
      nextIndex += 1
      guard try isStillHeld(state) else { continue }
      switch try pasteboard.listedText(of: state, item: 0) {
      case .text(let text): return (state, text)
      case .none: return (state, nil)
      case .gone: continue
      }
    }
    return nil
  }

  private mutating func isStillHeld(_ state: ListedState) throws(PasteboardError) -> Bool {
    let latest = changed?.version ?? listedFrom
    if try pasteboard.historyVersion(at: latest.changeCount) != latest {
      changed = try read()
    }
    guard let changed else { return true }
    let key = History.pinKey(state.items)
    if changed.version.changeCount == listedFrom.changeCount {
      return state.number < changed.byNumber.count && changed.byNumber[state.number] == key
    }
    return changed.anywhere.contains(key)
  }

  private func read() throws(PasteboardError) -> Changed {
    try pasteboard.readConsistently("read the history of") { () throws(PasteboardError) -> Changed? in
      var (present, history, version) = try pasteboard.stateHistoryAndVersion()
      history.dropExpired(at: pasteboard.clock())
      let byNumber = [History.pinKey(present.items)] + history.pastStates.map { History.pinKey($0.items) }
      return Changed(version: version, byNumber: byNumber, anywhere: Set(byNumber))
    }
  }
}

extension OpenRepresentation {
  /// The data as text, up to `Pasteboard.listedTextLimit` bytes (cut at a character);
  /// nil for data that is not UTF-8 text.
  func wholeText() throws(PasteboardError) -> String? {
    guard TypeRegistry.conforms(representation.type, to: .text) else { return nil }
    let isWhole = representation.size <= Int64(Pasteboard.listedTextLimit)
    var bytes = try head(isWhole ? Int(representation.size) : Pasteboard.listedTextLimit)
    let valid = bytes.withUnsafeBytes { TextCheck.firstNonTextOffset(in: $0, isWhole: isWhole) == nil }
    guard valid else { return nil }
    // A cut text ends on a whole character: drop the continuation bytes and the lead
    // byte of one the cut split.
    if !isWhole, let lead = bytes.lastIndex(where: { $0 & 0xC0 != 0x80 }), bytes[lead] >= 0xC0 {
      let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
      if bytes.count - lead < length { bytes.removeSubrange(lead...) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
