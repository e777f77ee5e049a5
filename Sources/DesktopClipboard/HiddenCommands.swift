import PasteboardKit

/// pb's own detached processes, which no user types.
public enum HiddenCommand: Sendable, Equatable {
  /// `pb __desktop-owner`: holds a published selection.
  case owner
  /// `pb __secret-watch`: removes an imported secret once the desktop lets it go.
  case secretWatch
}

/// How a hidden command ended; pb gives it its exit status.
public enum HiddenCommandEnd: Sendable {
  /// It served until its selection or its secret was gone.
  case done
  /// It failed, and said why on its status pipe.
  case failed
}

/// What pb's own detached processes are started with (`pb __desktop-owner`, `pb
/// __secret-watch`): a typed value on each side, written as `key=value` words after the
/// hidden command's name and read back here, in one place, rather than words at fixed
/// positions. A list is its key repeated, in order.
struct HiddenCommandWords {
  private var pairs: [(key: String, value: String)] = []

  init() {}

  /// The words read back; nil when one is not `key=value`.
  init?(_ words: [String]) {
    for word in words {
      guard let equals = word.firstIndex(of: "=") else { return nil }
      pairs.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
    }
  }

  var words: [String] { pairs.map { $0.key + "=" + $0.value } }

  mutating func add(_ key: String, _ value: String) { pairs.append((key, value)) }

  /// The value of a key given once; nil when it is missing or repeated.
  func one(_ key: String) -> String? {
    let values = all(key)
    return values.count == 1 ? values[0] : nil
  }

  func all(_ key: String) -> [String] { pairs.filter { $0.key == key }.map(\.value) }

  /// Whether every key is one of `keys`.
  func hasOnly(_ keys: [String]) -> Bool { pairs.allSatisfy { keys.contains($0.key) } }

  /// `never`, or the expiry in milliseconds since the epoch.
  static func expiry(_ expires: Int64?) -> String { expires.map(String.init) ?? "never" }

  /// The expiry `expiry` wrote; nil inside when never, nil outside when neither.
  static func expiry(_ text: String?) -> Int64?? {
    guard let text else { return nil }
    if text == "never" { return .some(nil) }
    return Int64(text).map { .some($0) }
  }

  /// The keys both hidden commands start with: the selection, the board and change it
  /// came from, its expiry, the store.
  static let selectionKeys = ["backend", "selection", "board", "change-count", "expires", "store"]

  mutating func addSelection(
    backend: Desktop.Backend, selection: Desktop.Selection, origin: DesktopTargets.Origin, expires: Int64?, store: String
  ) {
    add("backend", backend.rawValue)
    add("selection", selection.rawValue)
    add("board", origin.board)
    add("change-count", String(origin.changeCount))
    add("expires", Self.expiry(expires))
    add("store", store)
  }

  /// What `addSelection` wrote; nil when a word of it is missing or wrong.
  func selection() -> (
    backend: Desktop.Backend, selection: Desktop.Selection, origin: DesktopTargets.Origin, expires: Int64?, store: String
  )? {
    guard let backend = one("backend").flatMap(Desktop.Backend.init(rawValue:)),
      let selection = one("selection").flatMap(Desktop.Selection.init(rawValue:)),
      let board = one("board"), let changeCount = one("change-count").flatMap({ Int($0) }),
      let expires = Self.expiry(one("expires")), let store = one("store")
    else { return nil }
    return (backend, selection, DesktopTargets.Origin(board: board, changeCount: changeCount), expires, store)
  }
}

/// The owner of a published selection: what it serves, and where from.
struct OwnerSettings: Equatable {
  var backend: Desktop.Backend
  var selection: Desktop.Selection
  var concealed: Bool
  var origin: DesktopTargets.Origin
  var expires: Int64?
  /// The store, as an absolute path (the owner runs in /).
  var store: String
  /// The representations' types, and their data files in the store (which a secret's
  /// watch looks for); the data itself comes on descriptors.
  var types: [TypeIdentifier]
  var files: [String]

  private static let keys = HiddenCommandWords.selectionKeys + ["concealed", "type", "file"]

  init(
    backend: Desktop.Backend, selection: Desktop.Selection, concealed: Bool, origin: DesktopTargets.Origin, expires: Int64?,
    store: String, types: [TypeIdentifier], files: [String]
  ) {
    (self.backend, self.selection, self.concealed, self.origin) = (backend, selection, concealed, origin)
    (self.expires, self.store, self.types, self.files) = (expires, store, types, files)
  }

  var words: [String] {
    var words = HiddenCommandWords()
    words.addSelection(backend: backend, selection: selection, origin: origin, expires: expires, store: store)
    words.add("concealed", concealed ? "yes" : "no")
    for type in types { words.add("type", type.rawValue) }
    for file in files { words.add("file", file) }
    return words.words
  }

  /// The settings `words` wrote; nil for words it did not write.
  init?(_ arguments: [String]) {
    guard let words = HiddenCommandWords(arguments), words.hasOnly(Self.keys), let shown = words.selection(),
      let concealed = words.one("concealed"), ["yes", "no"].contains(concealed),
      words.all("type").count == words.all("file").count
    else { return nil }
    self.init(
      backend: shown.backend, selection: shown.selection, concealed: concealed == "yes", origin: shown.origin,
      expires: shown.expires, store: shown.store, types: words.all("type").map { TypeIdentifier($0) }, files: words.all("file"))
  }
}

/// The watcher of an imported secret: which selection it came from, and where it is kept.
struct SecretWatchSettings: Equatable {
  var backend: Desktop.Backend
  var selection: Desktop.Selection
  var origin: DesktopTargets.Origin
  var expires: Int64?
  /// The store, as an absolute path (the watcher runs in /).
  var store: String
  /// The secret's data files in the store: what the watch removes.
  var files: [String]

  private static let keys = HiddenCommandWords.selectionKeys + ["file"]

  init(
    backend: Desktop.Backend, selection: Desktop.Selection, origin: DesktopTargets.Origin, expires: Int64?, store: String,
    files: [String]
  ) {
    (self.backend, self.selection, self.origin, self.expires, self.store, self.files) =
      (backend, selection, origin, expires, store, files)
  }

  var words: [String] {
    var words = HiddenCommandWords()
    words.addSelection(backend: backend, selection: selection, origin: origin, expires: expires, store: store)
    for file in files { words.add("file", file) }
    return words.words
  }

  /// The settings `words` wrote; nil for words it did not write.
  init?(_ arguments: [String]) {
    guard let words = HiddenCommandWords(arguments), words.hasOnly(Self.keys), let shown = words.selection(),
      !words.all("file").isEmpty
    else { return nil }
    self.init(
      backend: shown.backend, selection: shown.selection, origin: shown.origin, expires: shown.expires, store: shown.store,
      files: words.all("file"))
  }
}
