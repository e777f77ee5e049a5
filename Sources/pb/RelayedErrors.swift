import LinuxSystem
import PasteboardKit

/// The other side's error output as this pb shows its own messages: through
/// `Display.line`, so that no control character reaches the terminal as one (a title, a
/// write to the clipboard, a cleared screen), while lines stay lines. Only what pb's own
/// progress line writes passes as it is: a carriage return and `ESC [ K`, which erases the
/// rest of the line.
struct RelayedErrors {
  /// What `RemoteConnection.run` is given for the other side's error output: each piece
  /// shown on standard error as it comes.
  static func toStandardError() -> (_ piece: [UInt8], _ last: Bool) -> Void {
    var relayed = RelayedErrors()
    return { piece, last in try? Descriptor.standardError.writeAll(relayed.shown(piece, last: last)) }
  }

  /// The end of the last piece, when it may be the start of a character or of `ESC [ K`
  /// that the next piece completes.
  private var held: [UInt8] = []

  /// `bytes`, after what was held, as shown; `last`: nothing follows, nothing is held.
  mutating func shown(_ bytes: [UInt8], last: Bool = false) -> [UInt8] {
    var piece = held + bytes
    held = []
    if !last { held = Array(piece[Self.unfinished(piece)...]) }
    piece.removeLast(held.count)
    let text = piece.withUnsafeBufferPointer { PathBytes.string($0) }
    var shown = ""
    var plain = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.first {
      let erase = scalar == "\u{1B}" && scalars.dropFirst().prefix(2).elementsEqual(["[", "K"])
      guard scalar == "\n" || scalar == "\r" || erase else {
        plain.append(scalar)
        scalars.removeFirst()
        continue
      }
      shown += Display.line(String(plain)) + (erase ? "\u{1B}[K" : String(scalar))
      plain.removeAll()
      scalars.removeFirst(erase ? 3 : 1)
    }
    return Array((shown + Display.line(String(plain))).utf8)
  }

  /// Where the unfinished end of `bytes` starts: a UTF-8 sequence that lacks bytes, or
  /// `ESC` or `ESC [` (bytes.count when nothing is unfinished).
  private static func unfinished(_ bytes: [UInt8]) -> Int {
    if bytes.last == 0x1B { return bytes.count - 1 }
    if bytes.suffix(2).elementsEqual([0x1B, UInt8(ascii: "[")]) { return bytes.count - 2 }
    for back in 1...3 where back <= bytes.count {
      let byte = bytes[bytes.count - back]
      // A lead byte: 110xxxxx (2 bytes), 1110xxxx (3), 11110xxx (4).
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
      if length > back { return bytes.count - back }
      if byte < 0x80 || byte >= 0xC0 { break }
    }
    return bytes.count
  }
}
