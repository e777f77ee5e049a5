import Glibc
import LinuxSystem

extension Pasteboard {
  /// The items `itemSet` chooses, as indexes into `state`: an empty pasteboard is a
  /// negative answer, an index past the end an error naming how many items there are.
  public func chosenIndexes(_ itemSet: ItemSet, in state: PasteboardState) throws(PasteboardError) -> [Int] {
    if state.items.isEmpty { throw .emptyPasteboard(board: name) }
    return try itemSet.indexes(numberOfItems: state.items.count)
  }

  /// Opens, for each chosen item, its first representation of the first of `types` it
  /// has (its preferred one when `types` is empty), or a form derived from one it has
  /// (`Item.choice`), made now into a memory file. Items with none are skipped, as in
  /// UIPasteboard's `data(forPasteboardType:inItemSet:)`, and so is one whose text turns
  /// out to hold no color; if no item has one, that is a negative answer. With no item
  /// set, item 0 without `types`, else the first item that has one of them: `pb paste -t
  /// image` of text and an image gives the image.
  public func open(items itemSet: ItemSet?, types: [TypeIdentifier]) throws(PasteboardError) -> [OpenRepresentation] {
    var derived: [Int: DerivedForm] = [:]
    let (_, opened) = try openConsistently(later: true) { (state) throws(PasteboardError) in
      derived = [:]
      var chosen: [(index: Int, representation: Representation)] = []
      let firstHolding = firstHolding(itemSet, types)
      for index in try chosenIndexes(itemSet ?? (firstHolding ? .all : .index(0)), in: state) {
        switch state.items[index].choice(preferring: types) {
        case .stored(let representation): chosen.append((index, representation))
        case .derived(let form, let source):
          derived[chosen.count] = form
          chosen.append((index, source))
        case nil: continue
        }
        // A text may turn out to hold no color once read: keep looking past it.
        if firstHolding, derived[chosen.count - 1]?.isColor != true { break }
      }
      return chosen
    }
    let noRepresentation = PasteboardError.noRepresentation(types: types.map(\.shown), board: name)
    if opened.isEmpty { throw noRepresentation }
    if derived.isEmpty { return opened }
    var made: [OpenRepresentation] = []
    for (position, source) in opened.enumerated() {
      guard let form = derived[position] else {
        made.append(source)
        continue
      }
      defer { source.close() }
      if form.isColor, try form.color(from: try source.descriptor, size: source.representation.size) == nil { continue }
      let file = try PasteboardError.catching { try SystemCall.memoryFile(named: "derived \(form.type.rawValue)") }
      let size: Int64
      do {
        size = try form.make(from: try source.descriptor, size: source.representation.size, into: file)
      } catch .cannotDerive(let type, let reason, _) {
        throw .cannotDerive(type: type, reason: reason, board: name)
      }
      let representation = Representation(type: form.type, file: "", size: size, typeSource: source.representation.typeSource)
      made.append(OpenRepresentation(index: source.index, representation: representation, descriptor: file))
    }
    if made.isEmpty { throw noRepresentation }
    if firstHolding(itemSet, types) {
      made.dropFirst().forEach { $0.close() }
      return [made[0]]
    }
    return made
  }

  /// Opens every representation of the one item `itemSet` chooses (`pb publish`): what
  /// is opened is a snapshot no later write can change.
  public func openItem(_ itemSet: ItemSet) throws(PasteboardError)
    -> (item: Item, changeCount: Int, representations: [OpenRepresentation])
  {
    var chosen: Item?
    let (state, opened) = try openConsistently { (state) throws(PasteboardError) in
      let indexes = try chosenIndexes(itemSet, in: state)
      guard indexes.count == 1 else {
        throw .misuse(.notOneItem(count: indexes.count))
      }
      chosen = state.items[indexes[0]]
      return state.items[indexes[0]].representations.map { (indexes[0], $0) }
    }
    guard let chosen else { throw .internalError("no item was chosen") }
    return (chosen, state.changeCount, opened)
  }

  /// Reads the state and opens the data of the representations `choose` picks from it.
  /// A data file gone before it was opened means a writer replaced the state meanwhile:
  /// then the state is read again, so that what is opened is always of one state. A
  /// file still missing from the same state is damage, reported with its name.
  /// With `later`, past the first 16, each data file is only checked now (there, of its
  /// size) and opened when first read, so that reading many items needs a few open files
  /// at a time; one a writer removes before it is read makes that read fail (75),
  /// naming the change.
  func openConsistently(
    later: Bool = false, _ choose: (PasteboardState) throws(PasteboardError) -> [(index: Int, representation: Representation)]
  ) throws(PasteboardError) -> (state: PasteboardState, opened: [OpenRepresentation]) {
    var missing: (changeCount: Int, file: String)?
    return try readConsistently("read the data of") { () throws(PasteboardError) -> (state: PasteboardState, opened: [OpenRepresentation])? in
      let state = try state()
      let manifestPath = path + "/" + Folder.state + "/\(state.changeCount).json"
      var opened: [OpenRepresentation] = []
      for (index, representation) in try choose(state) {
        // The first few are opened now, a snapshot no writer can take away (a paste of
        // one item never fails for a copy made meanwhile); past them, one at a time.
        if later && opened.count >= OpenInput.keptOpen, let data = try folder(Folder.data) {
          if try checkData(representation, in: data, manifestPath: manifestPath) {
            let count = state.changeCount
            opened.append(
              OpenRepresentation(index: index, representation: representation, path: data.path + "/" + representation.file) {
                () throws(PasteboardError) -> Descriptor in
                guard let descriptor = try self.openData(representation, manifestPath: manifestPath) else {
                  throw .changedWhileReading(board: self.name, changeCount: count)
                }
                return descriptor
              })
            continue
          }
        } else if let descriptor = try openData(representation, manifestPath: manifestPath) {
          opened.append(OpenRepresentation(index: index, representation: representation, descriptor: descriptor))
          continue
        }
        if let missing, missing == (state.changeCount, representation.file) {
          throw .corruptStore(
            path: manifestPath, reason: "its data file \(Display.value(representation.file)) is missing from \(Folder.data)/")
        }
        missing = (state.changeCount, representation.file)
        return nil
      }
      return (state, opened)
    }
  }

  /// Whether every chosen item holds a representation conforming to one of `types`
  /// (to each of them, with `requireAll`); with no item set, whether some item does, as
  /// `open` without one pastes the first that does. An empty pasteboard contains nothing.
  public func contains(_ types: [TypeIdentifier], items itemSet: ItemSet?, requireAll: Bool) throws(PasteboardError) -> Bool {
    let state = try state()
    if state.items.isEmpty { return false }
    let colored = types.contains(TypeIdentifier.color) ? try itemsWithColor(itemSet ?? .all) : []
    func qualifies(_ index: Int) -> Bool {
      let held = state.items[index].types
      let holds = { (type: TypeIdentifier) in
        held.contains { TypeRegistry.conforms($0, to: type) } || (type == TypeIdentifier.color && colored.contains(index))
      }
      return requireAll ? types.allSatisfy(holds) : types.contains(where: holds)
    }
    guard let itemSet else { return state.items.indices.contains(where: qualifies) }
    return try itemSet.indexes(numberOfItems: state.items.count).allSatisfy(qualifies)
  }
}

extension Pasteboard {
  /// Whether `open` gives the first item that has one of `types` rather than the items chosen.
  private func firstHolding(_ itemSet: ItemSet?, _ types: [TypeIdentifier]) -> Bool { itemSet == nil && !types.isEmpty }

  /// The chosen items that hold a color (`TypeIdentifier.color`): read, since a text holds one
  /// only if it reads as one.
  func itemsWithColor(_ itemSet: ItemSet) throws(PasteboardError) -> Set<Int> {
    do {
      let colors = try open(items: itemSet, types: [.color])
      defer { colors.forEach { $0.close() } }
      return Set(colors.map(\.index))
    } catch .noRepresentation, .emptyPasteboard {
      return []
    }
  }
}

extension Pasteboard {
  /// The pasteboard named by `PB_PASTEBOARD`, else `general`.
  public static func defaultName(_ settings: Settings) -> String { settings.pasteboard ?? general }

  /// The state with, for each item that has text, a one-line preview of its first text
  /// representation, read from one and the same state.
  public func stateWithPreviews() throws(PasteboardError) -> (state: PasteboardState, previews: [Int: String]) {
    let (state, opened) = try openConsistently(later: true) { state in
      state.items.enumerated().compactMap { index, item in
        guard !item.concealed else { return nil }
        return item.representations.first { TypeRegistry.conforms($0.type, to: .text) }.map { (index, $0) }
      }
    }
    var previews: [Int: String] = [:]
    for text in opened {
      previews[text.index] = try text.preview()
      text.close()
    }
    return (state, previews)
  }
}
