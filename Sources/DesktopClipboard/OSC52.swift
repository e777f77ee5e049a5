import PasteboardKit

#if canImport(Glibc)
  import Glibc
#endif

/// OSC 52: an escape sequence written to the terminal, which puts its text on the
/// clipboard of the machine the terminal runs on (the way back from an SSH session).
/// Text only; terminals and multiplexers cap its length.
public enum OSC52 {
  /// The most text pb sends: tmux drops a longer sequence without a word, and other
  /// terminals cap it near here too.
  public static let limit: Int64 = 768 << 10

  /// The sequence that sets `selection` to `text`.
  public static func sequence(for text: [UInt8], selection: Desktop.Selection) -> [UInt8] {
    var bytes = Array("\u{1B}]52;\(selection == .primary ? "p" : "c");".utf8)
    text.withUnsafeBytes { Base64.append($0, to: &bytes) }
    bytes.append(0x07)  // BEL ends it: older terminals do not take ESC \ here
    return bytes
  }

  static func publish(_ item: Item, data: [Descriptor], selection: Desktop.Selection, terminal: Descriptor?)
    throws(PasteboardError)
  {
    guard let index = DesktopTargets.plainText(in: item.types) else {
      let types = item.types.map(\.rawValue).joined(separator: ", ")
      throw .osc52Refused(
        "OSC 52 carries text only, and the item has none (\(types)); publish it from a desktop session instead")
    }
    let size = Int64((try? data[index].status().st_size) ?? 0)
    if size > limit {
      throw .osc52Refused(
        "the text is \(size) bytes, more than the \(limit >> 10) KiB OSC 52 carries (tmux drops longer sequences without a "
          + "word, and passes OSC 52 on at all only with set -g set-clipboard on); copy less, or publish from a desktop session")
    }
    var text = [UInt8](repeating: 0, count: Int(size))
    let read = try PasteboardError.catching { try text.withUnsafeMutableBytes { try data[index].readFully(into: $0, at: 0) } }
    text.removeSubrange(read...)
    let tty: Descriptor
    if let terminal { tty = terminal } else { tty = try openTerminal() }
    try PasteboardError.catching { try tty.writeAll(sequence(for: text, selection: selection)) }
  }

  /// The controlling terminal: the sequence must reach it even when output is a pipe.
  private static func openTerminal() throws(PasteboardError) -> Descriptor {
    do {
      return try SystemCall.open("/dev/tty", flags: O_WRONLY | O_NOCTTY)
    } catch {
      throw .desktopUnavailable(lookedFor: "DISPLAY is unset, and there is no terminal to send OSC 52 to (\(error.reason))")
    }
  }
}
