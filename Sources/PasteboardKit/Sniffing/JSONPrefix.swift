/// Whether the head of a longer text is the start of one JSON document: an object or an
/// array whose syntax holds up to the cut. libmagic only knows JSON it sees whole, so a
/// document longer than the sniffed head gets its weak text guess (`text/plain`, or
/// `text/html` for markup in its strings); 64 KiB of valid JSON is evidence enough.
enum JSONPrefix {
  private enum Expect { case value, keyOrClose, key, colon, commaOrClose, valueOrClose, end }

  static func holds(_ head: UnsafeRawBufferPointer) -> Bool {
    var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var open: [UInt8] = []
    var expect = Expect.value
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    // After a complete value: what may follow in the container holding it.
    func closed() -> Expect { open.isEmpty ? .end : .commaOrClose }
    while index < head.count {
      let byte = head[index]
      if isSpace(byte) {
        index += 1
        continue
      }
      let closer = open.last == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
      if byte == closer, expect == .keyOrClose || expect == .valueOrClose || expect == .commaOrClose {
        open.removeLast()
        expect = closed()
        index += 1
        continue
      }
      switch expect {
      case .end:
        return false
      case .colon:
        guard byte == UInt8(ascii: ":") else { return false }
        expect = .value
        index += 1
      case .commaOrClose:
        guard byte == UInt8(ascii: ",") else { return false }
        expect = open.last == UInt8(ascii: "{") ? .key : .value
        index += 1
      case .key, .keyOrClose:
        guard byte == UInt8(ascii: "\""), let end = stringEnd(head, from: index) else { return false }
        if end >= head.count { return true }
        index = end
        expect = .colon
      case .value, .valueOrClose:
        if open.isEmpty && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[") { return false }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          // Deeper than any real document: not worth following.
          guard open.count < 512 else { return false }
          open.append(byte)
          expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
          index += 1
        case UInt8(ascii: "\""):
          guard let end = stringEnd(head, from: index) else { return false }
          if end >= head.count { return true }
          index = end
          expect = closed()
        default:
          let start = index
          while index < head.count, Self.scalarBytes.contains(head[index]) { index += 1 }
          guard index > start, index == head.count || isScalar(head, start, index) else { return false }
          expect = closed()
        }
      }
    }
    return !open.isEmpty || expect == .end
  }

  /// Bytes of numbers and of true, false and null.
  private static let scalarBytes: [UInt8] = Array("0123456789+-.eEtruefalsn".utf8)

  /// Whether a whole number or literal is one (a cut one is taken as it is).
  private static func isScalar(_ head: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
    let word = Array(head[start..<end])
    if ["true", "false", "null"].contains(where: { Array($0.utf8) == word }) { return true }
    guard let first = word.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      return false
    }
    return word.allSatisfy { Array("0123456789+-.eE".utf8).contains($0) }
  }

  /// The index past a string's closing quote; head.count when the head ends inside it, nil
  /// for a control character, which JSON strings never hold.
  private static func stringEnd(_ head: UnsafeRawBufferPointer, from quote: Int) -> Int? {
    var index = quote + 1
    while index < head.count {
      switch head[index] {
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\\"): index += 2
      case 0..<0x20: return nil
      default: index += 1
      }
    }
    return head.count
  }
}
