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

  private static let keys = ["backend", "selection", "concealed", "board", "change-count", "expires", "store", "type", "file"]

  init(
    backend: Desktop.Backend, selection: Desktop.Selection, concealed: Bool, origin: DesktopTargets.Origin, expires: Int64?,
    store: String, types: [TypeIdentifier], files: [String]
  ) {
    (self.backend, self.selection, self.concealed, self.origin) = (backend, selection, concealed, origin)
    (self.expires, self.store, self.types, self.files) = (expires, store, types, files)
  }

  var words: [String] {
    var words = HiddenCommandWords()
    words.add("backend", backend.rawValue)
    words.add("selection", selection.rawValue)
    words.add("concealed", concealed ? "yes" : "no")
    words.add("board", origin.board)
    words.add("change-count", String(origin.changeCount))
    words.add("expires", HiddenCommandWords.expiry(expires))
    words.add("store", store)
    for type in types { words.add("type", type.rawValue) }
    for file in files { words.add("file", file) }
    return words.words
  }

  /// The settings `words` wrote; nil for words it did not write.
  init?(_ arguments: [String]) {
    guard let words = HiddenCommandWords(arguments), words.hasOnly(Self.keys),
      let backend = words.one("backend").flatMap(Desktop.Backend.init(rawValue:)),
      let selection = words.one("selection").flatMap(Desktop.Selection.init(rawValue:)),
      let concealed = words.one("concealed"), ["yes", "no"].contains(concealed),
      let board = words.one("board"), let changeCount = words.one("change-count").flatMap({ Int($0) }),
      let expires = HiddenCommandWords.expiry(words.one("expires")), let store = words.one("store"),
      words.all("type").count == words.all("file").count
    else { return nil }
    self.init(
      backend: backend, selection: selection, concealed: concealed == "yes",
      origin: DesktopTargets.Origin(board: board, changeCount: changeCount), expires: expires, store: store,
      types: words.all("type").map { TypeIdentifier($0) }, files: words.all("file"))
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

  private static let keys = ["backend", "selection", "board", "change-count", "expires", "store", "file"]

  init(
    backend: Desktop.Backend, selection: Desktop.Selection, origin: DesktopTargets.Origin, expires: Int64?, store: String,
    files: [String]
  ) {
    (self.backend, self.selection, self.origin, self.expires, self.store, self.files) =
      (backend, selection, origin, expires, store, files)
  }

  var words: [String] {
    var words = HiddenCommandWords()
    words.add("backend", backend.rawValue)
    words.add("selection", selection.rawValue)
    words.add("board", origin.board)
    words.add("change-count", String(origin.changeCount))
    words.add("expires", HiddenCommandWords.expiry(expires))
    words.add("store", store)
    for file in files { words.add("file", file) }
    return words.words
  }

  /// The settings `words` wrote; nil for words it did not write.
  init?(_ arguments: [String]) {
    guard let words = HiddenCommandWords(arguments), words.hasOnly(Self.keys),
      let backend = words.one("backend").flatMap(Desktop.Backend.init(rawValue:)),
      let selection = words.one("selection").flatMap(Desktop.Selection.init(rawValue:)),
      let board = words.one("board"), let changeCount = words.one("change-count").flatMap({ Int($0) }),
      let expires = HiddenCommandWords.expiry(words.one("expires")), let store = words.one("store"),
      !words.all("file").isEmpty
    else { return nil }
    self.init(
      backend: backend, selection: selection, origin: DesktopTargets.Origin(board: board, changeCount: changeCount),
      expires: expires, store: store, files: words.all("file"))
  }
}
