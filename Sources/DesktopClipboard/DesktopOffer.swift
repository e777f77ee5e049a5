import PasteboardKit
import LinuxSystem

/// What a publish offers: one item's representations, open, under their target names.
/// The data files stay open for as long as the offer lives, so later writes to the
/// board (which remove replaced files) cannot change what is served. A derived target
/// (image/png from a JPEG, text from HTML) is made when first asked for, into a memory
/// file that serves every later reader for the offer's lifetime; a failure is kept too,
/// so a damaged image is tried once and then refused.
public final class DesktopOffer {
  public let targets: [DesktopTargets.Target]
  let data: [Descriptor]
  let sizes: [Int64]
  /// The text as Latin-1, when `STRING` is offered.
  let latin1: [UInt8]?
  /// A secret's offer: once it is replaced, not even a transfer under way goes on.
  let concealed: Bool
  /// What each kind of derived target was made into (there is one source of each).
  private var derivedPNG: Result<DerivedData, DesktopError>?
  private var derivedText: Result<DerivedData, DesktopError>?

  /// A derived target's bytes, in a memory file.
  private final class DerivedData {
    let file: Descriptor
    let size: Int64

    init(file: consuming Descriptor, size: Int64) {
      self.file = file
      self.size = size
    }
  }

  /// Text up to this size is looked at for the `STRING` target; larger text is offered
  /// as UTF-8 only.
  static let latin1Limit: Int64 = 16 << 20

  /// `types[i]` is the type of the data in `data[i]`.
  public init(types: [TypeIdentifier], data: [Descriptor], concealed: Bool, origin: DesktopTargets.Origin?) throws(DesktopError) {
    self.data = data
    self.concealed = concealed
    sizes = try DesktopError.catching { try data.map { Int64(try $0.status().st_size) } }
    var utf8Text = DesktopTargets.plainText(in: types)
    var latin1: [UInt8]?
    if let index = utf8Text {
      if sizes[index] <= Self.latin1Limit {
        let text = try Self.read(data[index], at: 0, count: Int(sizes[index]))
        if String(validating: text, as: UTF8.self) == nil {
          utf8Text = nil
        } else {
          latin1 = Self.latin1(text)
        }
      } else if !TypeRegistry.conforms(types[index], to: .utf8PlainText) {
        utf8Text = nil
      }
    }
    self.latin1 = latin1
    targets = DesktopTargets.targets(
      for: types, utf8Text: utf8Text, textIsLatin1: latin1 != nil, concealed: concealed, origin: origin)
  }

  /// Bytes a target's data has; a derived target is made first (an error when it cannot be).
  func size(of target: Int) throws(DesktopError) -> Int64 {
    switch targets[target].conversion {
    case .stored: sizes[targets[target].representation]
    case .latin1: Int64(latin1?.count ?? 0)
    case .constant(let bytes): Int64(bytes.count)
    case .png, .textFromHTML: try derived(target).size
    }
  }

  /// Up to `count` bytes of a target's data from `offset`.
  func bytes(of target: Int, at offset: Int64, count: Int) throws(DesktopError) -> [UInt8] {
    switch targets[target].conversion {
    case .stored: return try Self.read(data[targets[target].representation], at: offset, count: count)
    case .latin1: return Array((latin1 ?? []).dropFirst(Int(offset)).prefix(count))
    case .constant(let bytes): return Array(bytes.dropFirst(Int(offset)).prefix(count))
    case .png, .textFromHTML: return try Self.read(try derived(target).file, at: offset, count: count)
    }
  }

  /// A derived target's data, made on the first request.
  private func derived(_ target: Int) throws(DesktopError) -> DerivedData {
    let isPNG = targets[target].conversion == .png
    let made: Result<DerivedData, DesktopError>
    if let done = isPNG ? derivedPNG : derivedText {
      made = done
    } else {
      let source = targets[target].representation
      made = Result { () throws(DesktopError) in
        let bytes = try isPNG ? ImageConversion.png(from: data[source], size: sizes[source])
          : HTMLText.plainText(from: data[source], size: sizes[source])
        let file = try DesktopError.catching { try SystemCall.memoryFile(named: isPNG ? "derived image/png" : "derived text") }
        try DesktopError.catching { try file.writeAll(bytes) }
        return DerivedData(file: file, size: Int64(bytes.count))
      }
      if isPNG { derivedPNG = made } else { derivedText = made }
    }
    return try made.get()
  }

  static func read(_ descriptor: Descriptor, at offset: Int64, count: Int) throws(DesktopError) -> [UInt8] {
    do {
      return try [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
        filled = try descriptor.readFully(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
      }
    } catch let error as SystemError {
      throw .io(error)
    } catch {
      throw .internalError("\(error)")
    }
  }

  /// UTF-8 text as Latin-1, or nil when it has a character above U+00FF.
  static func latin1(_ text: [UInt8]) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
      guard scalar.value <= 0xFF else { return nil }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }
}
