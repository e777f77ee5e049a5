import PasteboardKit

import Glibc
import LinuxSystem

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

  static func publish(
    _ item: Item, data: [Descriptor], origin: DesktopTargets.Origin, selection: Desktop.Selection, settings: Settings
  )
    throws(DesktopError)
  {
    // kitty takes every type (OSC 5522); inside tmux only OSC 52 gets through.
    if settings.isKittyOutsideTmux {
      let offer = try DesktopOffer(types: item.types, data: data, concealed: item.concealed, origin: origin)
      return try KittyClipboard.publish(offer, selection: selection, terminal: try openTerminal(flags: O_RDWR))
    }
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
    let text = try DesktopOffer.read(data[index], at: 0, count: Int(size))
    let terminal = try openTerminal(flags: O_WRONLY)
    try DesktopError.catching { try terminal.writeAll(sequence(for: text, selection: selection)) }
  }

  /// The controlling terminal: the sequence must reach it even when output is a pipe.
  static func openTerminal(flags: Int32) throws(DesktopError) -> Descriptor {
    do {
      return try SystemCall.open("/dev/tty", flags: flags | O_NOCTTY)
    } catch {
      throw .unavailable(lookedFor: "there is no terminal to send OSC 52 to (\(error.reason))")
    }
  }
}

/// kitty's clipboard protocol (OSC 5522): every representation under its MIME type, in
/// packets of at most 4096 bytes of data, after which the terminal answers.
public enum KittyClipboard {
  static let start: [UInt8] = [0x1B] + Array("]5522;".utf8)
  static let end: [UInt8] = [0x1B, UInt8(ascii: "\\")]
  /// The answer that the write is done.
  static let done = start + Array("type=write:status=DONE".utf8) + end

  /// The packets that write `offer` (its targets named by MIME type) to `selection`.
  static func packets(for offer: DesktopOffer, selection: Desktop.Selection) throws(DesktopError) -> [UInt8] {
    var bytes = start + Array("type=write\(selection == .primary ? ":loc=primary" : "")".utf8) + end
    for (index, target) in offer.targets.enumerated() where target.name.contains("/") && target.conversion == .stored {
      var name: [UInt8] = []
      Array(target.name.utf8).withUnsafeBytes { Base64.append($0, to: &name) }
      var offset: Int64 = 0
      let size = try offer.size(of: index)
      repeat {
        let chunk = try offer.bytes(of: index, at: offset, count: Int(min(4096, size - offset)))
        bytes += start + Array("type=wdata:mime=".utf8) + name + [UInt8(ascii: ";")]
        chunk.withUnsafeBytes { Base64.append($0, to: &bytes) }
        bytes += end
        offset += Int64(chunk.count)
      } while offset < size
    }
    return bytes + start + Array("type=wdata".utf8) + end
  }

  static func publish(_ offer: DesktopOffer, selection: Desktop.Selection, terminal: Descriptor) throws(DesktopError) {
    let packets = try packets(for: offer, selection: selection)
    // The answer comes as if typed: read in raw mode, so that the shell never sees it.
    let saved = try DesktopError.catching { try SystemCall.makeRaw(terminal.file, path: "the terminal") }
    defer { SystemCall.restoreTerminal(terminal.file, saved) }
    try DesktopError.catching { try terminal.writeAll(packets) }
    var answer: [UInt8] = []
    let deadline = SystemCall.monotonicMilliseconds() + 5000
    var byte: UInt8 = 0
    while !answer.ends(with: end) || !answer.contains(subsequence: Array("type=write:status=".utf8)) {
      let left = deadline - SystemCall.monotonicMilliseconds()
      let ready = try DesktopError.catching {
        try SystemCall.waitReadable(terminal.file, milliseconds: Int32(clamping: max(0, left)), path: "the terminal")
      }
      guard ready, left > 0 else { throw .timeout(what: "the terminal (kitty's clipboard protocol)", seconds: 5, limit: .fixed) }
      let count = try DesktopError.catching {
        try withUnsafeMutableBytes(of: &byte) { try terminal.file.read(into: $0) }
      }
      if count == 0 { throw .failed("the terminal closed before it answered") }
      answer.append(byte)
    }
    if !answer.ends(with: done) {
      let status = String(decoding: answer, as: UTF8.self).split(separator: "=").last.map { String($0.dropLast(2)) } ?? ""
      throw .failed("the terminal refused the copy (\(Display.value(status))); allow it in kitty's clipboard_control")
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }

  fileprivate func contains(subsequence: [UInt8]) -> Bool {
    guard count >= subsequence.count else { return false }
    return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
  }
}
