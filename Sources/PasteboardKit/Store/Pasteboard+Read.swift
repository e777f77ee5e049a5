#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A representation chosen for reading, with its data file open: a writer that replaces
/// the contents meanwhile cannot take the bytes away.
public final class OpenRepresentation {
  public let index: Int
  public let representation: Representation
  let descriptor: Int32
  let path: String

  init(index: Int, representation: Representation, descriptor: Int32, path: String) {
    self.index = index
    self.representation = representation
    self.descriptor = descriptor
    self.path = path
  }

  deinit { SystemCall.close(descriptor) }

  /// Reads up to `limit` bytes from the start of the data.
  public func head(_ limit: Int) throws(PasteboardError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, limit - filled, off_t(filled)) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .io(SystemError(errno: errno, operation: "read", path: path))
      }
      filled += count
    }
    return Array(bytes[..<filled])
  }
}

extension Pasteboard {
  /// The items `itemSet` chooses, as indexes into `state`: an empty pasteboard is a
  /// negative answer, an index past the end an error naming how many items there are.
  public func chosenIndexes(_ itemSet: ItemSet, in state: PasteboardState) throws(PasteboardError) -> [Int] {
    if state.items.isEmpty { throw .emptyPasteboard(board: name) }
    return try itemSet.indexes(numberOfItems: state.items.count)
  }

  /// Opens, for each chosen item, its first representation of the first of `types` it
  /// has (its preferred one when `types` is empty). Items with none are skipped, as in
  /// UIPasteboard's `data(forPasteboardType:inItemSet:)`; if no item has one, that is a
  /// negative answer.
  public func open(items itemSet: ItemSet, types: [TypeIdentifier]) throws(PasteboardError) -> [OpenRepresentation] {
    let (_, opened) = try openConsistently { (state) throws(PasteboardError) in
      try chosenIndexes(itemSet, in: state).compactMap { index in
        state.items[index].representation(preferring: types).map { (index, $0) }
      }
    }
    if opened.isEmpty { throw .noRepresentation(types: types.map(\.rawValue), board: name) }
    return opened
  }

  /// Reads the state and opens the data of the representations `choose` picks from it.
  /// A data file gone before it was opened means a writer replaced the state meanwhile:
  /// then the state is read again, so that what is opened is always of one state.
  func openConsistently(
    _ choose: (PasteboardState) throws(PasteboardError) -> [(index: Int, representation: Representation)]
  ) throws(PasteboardError) -> (state: PasteboardState, opened: [OpenRepresentation]) {
    attempts: for _ in 0..<100 {
      let state = try state()
      var opened: [OpenRepresentation] = []
      for (index, representation) in try choose(state) {
        let dataPath = path + "/data/" + representation.file
        do {
          let fd = try openData(representation)
          opened.append(OpenRepresentation(index: index, representation: representation, descriptor: fd, path: dataPath))
        } catch where error.errno == ENOENT {
          continue attempts
        } catch {
          throw .io(error)
        }
      }
      return (state, opened)
    }
    throw .io(SystemError(errno: EAGAIN, operation: "read the data of", path: path))
  }

  /// Whether every chosen item holds a representation conforming to one of `types`
  /// (to each of them, with `requireAll`). An empty pasteboard contains nothing.
  public func contains(_ types: [TypeIdentifier], items itemSet: ItemSet, requireAll: Bool) throws(PasteboardError) -> Bool {
    let state = try state()
    if state.items.isEmpty { return false }
    let indexes = try itemSet.indexes(numberOfItems: state.items.count)
    return indexes.allSatisfy { index in
      let held = state.items[index].types
      let holds = { (type: TypeIdentifier) in held.contains { TypeRegistry.conforms($0, to: type) } }
      return requireAll ? types.allSatisfy(holds) : types.contains(where: holds)
    }
  }
}

extension Pasteboard {
  /// The pasteboard named by `PB_PASTEBOARD`, else `general`.
  public static var defaultName: String { Store.environment("PB_PASTEBOARD") ?? general }

  /// The state with, for each item that has text, a one-line preview of its first text
  /// representation, read from one and the same state.
  public func stateWithPreviews() throws(PasteboardError) -> (state: PasteboardState, previews: [Int: String]) {
    let (state, opened) = try openConsistently { state in
      state.items.enumerated().compactMap { index, item in
        item.representations.first { TypeRegistry.conforms($0.type, to: .text) }.map { (index, $0) }
      }
    }
    var previews: [Int: String] = [:]
    for text in opened {
      previews[text.index] = try text.preview()
    }
    return (state, previews)
  }
}
