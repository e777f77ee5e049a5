import ArgumentParser
import PasteboardKit

/// `-p NAME`: the pasteboard a command works on.
struct BoardOptions: ParsableArguments {
  @Option(
    name: [.customShort("p"), .customLong("pasteboard")],
    help: ArgumentHelp("The pasteboard to use (default: $PB_PASTEBOARD, else general).", valueName: "name"))
  var pasteboard: String?

  var name: String { pasteboard ?? Pasteboard.defaultName }

  /// Opens the board; writers create the store and the board as needed.
  func open(creating: Bool) throws(PasteboardError) -> Pasteboard {
    try Store.open(creating: creating).pasteboard(named: name, creating: creating)
  }
}

/// `--if-count N`: write only if the board is still at change count N.
struct IfCountOption: ParsableArguments {
  // Unconditional, so that a negative count reaches validate() and gets its message.
  @Option(
    name: .customLong("if-count"), parsing: .unconditional,
    help: ArgumentHelp("Change the pasteboard only if its change count is still this (else exit 75).", valueName: "count"))
  var ifCount: Int?

  func validate() throws {
    if let ifCount, ifCount < 0 { throw ValidationError("--if-count takes a change count, 0 or more, not \(ifCount)") }
  }
}

/// `-i SET`: the items a reader looks at.
struct ItemSetOption: ParsableArguments {
  // Unconditional parsing, so that `-i -1` reaches the index-set parser and gets its
  // message instead of being taken for an option.
  @Option(
    name: [.customShort("i"), .customLong("items")], parsing: .unconditional,
    help: ArgumentHelp("The items to use: 0, 1,3, 2-4, all (0-based).", valueName: "set"))
  var items: String?

  func itemSet(default defaultSet: ItemSet) throws(PasteboardError) -> ItemSet {
    try items.map(ItemSet.parse) ?? defaultSet
  }
}
