import Glibc
import LinuxSystem

/// A representation chosen for reading, and its data file: open from the start (a
/// snapshot no writer can take away), or opened when first read and closed once read,
/// so that a reader of any number of items holds one data file open at a time. Data
/// files are never written again once committed, so one opened late holds the bytes
/// of the state that was read, if it is there at all.
public final class OpenRepresentation {
  public let index: Int
  public let representation: Representation
  let path: String
  private var file: LateOpenedFile

  init(index: Int, representation: Representation, descriptor: Descriptor) {
    self.index = index
    self.representation = representation
    self.file = LateOpenedFile("a representation", opened: descriptor, open: nil)
    self.path = descriptor.path
  }

  init(index: Int, representation: Representation, path: String, open: @escaping () throws(PasteboardError) -> Descriptor) {
    self.index = index
    self.representation = representation
    self.path = path
    self.file = LateOpenedFile("a representation", opened: nil, open: open)
  }

  /// The data, open: it stays readable even once a later write removes its file.
  public var descriptor: Descriptor {
    get throws(PasteboardError) { try file.descriptor }
  }

  /// Done reading: a representation opened when first read closes its file (and opens
  /// it again if read again).
  public func close() { file.close() }

  /// Reads up to `limit` bytes from the start of the data.
  public func head(_ limit: Int) throws(PasteboardError) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: limit, alignment: 16)
    defer { buffer.deallocate() }
    let data = try descriptor
    let filled: Int
    do {
      filled = try data.readFully(into: buffer, at: 0)
    } catch {
      throw .io(error)
    }
    return Array(buffer[..<filled])
  }

  /// Whether the data's last byte is a newline: `pb paste` then adds no newline of its
  /// own between items, as `cat` of the files would not.
  public func endsWithNewline() throws(PasteboardError) -> Bool {
    guard representation.size > 0 else { return false }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
    defer { buffer.deallocate() }
    let data = try descriptor
    do {
      return try data.readFully(into: buffer, at: representation.size - 1) == 1 && buffer[0] == 0x0A
    } catch {
      throw .io(error)
    }
  }
}

extension OpenRepresentation {
  /// A short printable preview of text data: the first line, at most `characters` long;
  /// nil for data that is not text.
  public func preview(characters: Int = 40) throws(PasteboardError) -> String? {
    guard TypeRegistry.conforms(representation.type, to: .text) else { return nil }
    let bytes = try head(characters * 4)
    let valid = bytes.withUnsafeBytes { TextCheck.firstNonTextOffset(in: $0, isWhole: false) == nil }
    guard valid else { return nil }
    var text = ""
    for character in String(decoding: bytes, as: UTF8.self) {
      if text.count == characters { return text + "…" }
      if character == "\n" || character == "\r\n" { return text + (bytes.count > text.utf8.count + 1 ? "…" : "") }
      if character == "\t" { text += " "; continue }
      if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { continue }
      // Invisible characters that reorder or hide text (a right-to-left override, a
      // zero-width space, a line separator, a tag) reached the terminal as they were:
      // U+202E turned the rest of the line around.
      let hidden: Set<Unicode.GeneralCategory> = [.format, .lineSeparator, .paragraphSeparator]
      // Zero-width joiners inside a cluster stay: they join an emoji sequence (👨‍👩‍👧) or
      // an Indic conjunct, and hide nothing.
      let joined = character.unicodeScalars.count > 1
      let isHidden = { (scalar: Unicode.Scalar) in
        hidden.contains(scalar.properties.generalCategory) && !(joined && (scalar == "\u{200D}" || scalar == "\u{200C}"))
      }
      if character.unicodeScalars.contains(where: isHidden) {
        text.unicodeScalars.append(contentsOf: character.unicodeScalars.filter { !isHidden($0) })
        continue
      }
      text.append(character)
    }
    return text
  }
}

extension OpenRepresentation {
  /// Saves the bytes as a file in `directory` (made if missing), replacing a file of
  /// that name unless `keepingExisting`; returns the file's path and whether it was
  /// written (false: a file of that name was there and was kept).
  public func save(in directory: String, as name: String, keepingExisting: Bool = false) throws(PasteboardError)
    -> (path: String, written: Bool)
  {
    let filePath = directory.hasSuffix("/") ? directory + name : directory + "/" + name
    return try PasteboardError.catching({ .cannotCreate(path: filePath, reason: $0.reason) }) {
      try SystemCall.makeDirectory(directory, mode: 0o777)
      guard let file = try Self.create(filePath, keepingExisting: keepingExisting) else { return (filePath, false) }
      defer { close() }
      try write(to: file)
      return (filePath, true)
    }
  }

  /// Writes all the bytes to `file`, sent by the kernel where it can.
  public func write(to file: Descriptor) throws(PasteboardError) {
    let data = try descriptor
    do {
      try data.file.seek(to: 0)
      try ByteTransfer.copy(from: data.file, to: file.file)
    } catch {
      throw PasteboardError(error)
    }
  }

  /// The file to save into; nil when it exists and is to be kept.
  private static func create(_ path: String, keepingExisting: Bool) throws(SystemError) -> Descriptor? {
    do {
      return try SystemCall.open(path, flags: O_WRONLY | O_CREAT | (keepingExisting ? O_EXCL : O_TRUNC), mode: 0o666)
    } catch where keepingExisting && error.errno == EEXIST {
      return nil
    }
  }

  /// A file name for this item's data: its index and the type's preferred extension.
  public var suggestedFileName: String { "\(index).\(suggestedExtension)" }

  /// The type's preferred extension, `bin` when it has none.
  public var suggestedExtension: String { TypeRegistry.preferredFilenameExtension(for: representation.type) ?? "bin" }
}
