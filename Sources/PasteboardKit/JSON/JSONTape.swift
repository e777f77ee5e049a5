import Glibc

/// A stretch of a text, by byte offsets. Not a Range: a generic type's metadata is looked
/// up at run time wherever values holding it are copied.
struct TextSpan {
  var start: Int
  var end: Int
}

/// One value of a parsed text. A container is followed by its contents (an object by its
/// key and value in turn), and `next` skips past them. 16 bytes: a hostile file makes one
/// for every two or three of its bytes, and each is a multiple of them.
struct JSONNode {
  enum Kind: UInt8 {
    case null, bool, number, string, array, object
  }

  /// Bytes: a string's contents inside its quotes, a number's text, a container from its
  /// opening bracket to just past its closing one.
  var start: Int32
  var end: Int32
  /// The node after this value and all it holds.
  var next: Int32
  /// The kind in the low 3 bits, the flag in the next, the count above them.
  private var packed: UInt32

  /// The most a container's count may be (the parser makes fewer nodes than this).
  static let largestCount = Int(UInt32.max >> 4)

  init(kind: Kind, flag: Bool, start: Int32, end: Int32, next: Int32, count: Int32) {
    self.start = start
    self.end = end
    self.next = next
    packed = UInt32(kind.rawValue) | (flag ? 8 : 0) | UInt32(count) << 4
  }

  var kind: Kind { Kind(rawValue: UInt8(packed & 7))! }
  /// A bool's value; for a string, whether its text has escapes or bytes beyond ASCII
  /// (checked as it was read, decoded each time it is asked for), rather than being plain
  /// ASCII between `start` and `end`.
  var flag: Bool { packed & 8 != 0 }
  /// A container's members or elements.
  var count: Int32 {
    get { Int32(packed >> 4) }
    set { packed = packed & 15 | UInt32(newValue) << 4 }
  }

  /// A string's or a number's text.
  func text(in bytes: [UInt8]) -> String {
    if kind == .string && flag { return JSONNode.decoded(bytes, from: Int(start), to: Int(end)) }
    return String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
  }

  /// The text of a string with escapes or bytes beyond ASCII, which the parser checked:
  /// decoded when it is read rather than kept from the parse, where a hostile file of
  /// short strings cost a String of 64 bytes for each few of its own.
  static func decoded(_ text: [UInt8], from start: Int, to end: Int) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(end - start)
    text.withUnsafeBufferPointer { bytes in
      func hexQuad(_ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
          let byte = bytes[at + offset]
          let digit =
            byte >= UInt8(ascii: "a") ? byte - UInt8(ascii: "a") + 10 : byte >= UInt8(ascii: "A") ? byte - UInt8(ascii: "A") + 10 : byte - UInt8(ascii: "0")
          value = value << 4 | UInt32(digit)
        }
        return value
      }
      var at = start
      while at < end {
        let byte = bytes[at]
        at += 1
        guard byte == UInt8(ascii: "\\") else {
          output.append(byte)
          continue
        }
        let escape = bytes[at]
        at += 1
        switch escape {
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = hexQuad(at)
          at += 4
          if (0xD800...0xDBFF).contains(scalar) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad(at + 2) - 0xDC00)
            at += 6
          }
          output.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default: output.append(escape)  // " \\ /
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// A store file parsed into one flat list of nodes over its bytes: the text is checked
/// as it is read, but no value is built until a reader asks for it (a 50-entry history,
/// read on every commit, took 0.95 M instructions as a tree of values built and freed,
/// 0.56 M as nodes).
final class JSONTape {
  let bytes: [UInt8]
  let nodes: [JSONNode]

  init(bytes: [UInt8], nodes: [JSONNode]) {
    self.bytes = bytes
    self.nodes = nodes
  }

  /// A string node's text (a number node's too).
  func text(at index: Int) -> String {
    nodes[index].text(in: bytes)
  }

  /// Whether the string node at `index` is `key`; plain keys are compared byte by byte.
  /// Inlined: every field of every entry of a history is looked up through it, and most
  /// keys passed over differ in length.
  @inline(__always)
  func text(at index: Int, is key: StaticString) -> Bool {
    let node = nodes[index]
    if node.flag || !key.hasPointerRepresentation { return text(at: index) == key.description }
    let length = key.utf8CodeUnitCount
    guard length == Int(node.end - node.start) else { return false }
    return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + Int(node.start), key.utf8Start, length) == 0 }
  }

  /// Where node `target` is, as `items[0].representations[1].size` (then `.key` when
  /// `key` is given; "" is the top-level value): found by walking down from the top, as
  /// only an error needs it.
  func path(to target: Int, then key: String? = nil) -> String {
    var path = ""
    var atTop = true
    func append(member: String) {
      path += atTop ? member : "." + member
      atTop = false
    }
    var node = 0
    descending: while node != target {
      let container = nodes[node]
      var child = node + 1
      switch container.kind {
      case .object:
        for _ in 0..<container.count {
          let value = child + 1
          let next = Int(nodes[value].next)
          if value <= target && target < next {
            append(member: text(at: child))
            node = value
            continue descending
          }
          child = next
        }
      case .array:
        for index in 0..<Int(container.count) {
          let next = Int(nodes[child].next)
          if child <= target && target < next {
            path += "[" + String(index) + "]"
            atTop = false
            node = child
            continue descending
          }
          child = next
        }
      default: break
      }
      break
    }
    if let key { append(member: key) }
    return path
  }

  /// Whether string nodes `first` and `second` are the same plain text (false for text
  /// with escapes or beyond ASCII, which is not compared).
  func hasSameText(_ first: Int, _ second: Int) -> Bool {
    let (a, b) = (nodes[first], nodes[second])
    guard a.kind == .string, b.kind == .string, !a.flag, !b.flag, a.end - a.start == b.end - b.start else { return false }
    return bytes.withUnsafeBufferPointer {
      memcmp($0.baseAddress! + Int(a.start), $0.baseAddress! + Int(b.start), Int(a.end - a.start)) == 0
    }
  }

  /// A number node's value when it is a whole number of at most 18 digits (every count,
  /// size and format pb writes is), read from the text without making a String of it.
  func wholeNumber(at index: Int) -> Int? {
    let node = nodes[index]
    let negative = node.start < node.end && bytes[Int(node.start)] == UInt8(ascii: "-")
    let digits = Int(node.start) + (negative ? 1 : 0)..<Int(node.end)
    return ASCII.decimal(bytes, digits).map { negative ? -$0 : $0 }
  }

  /// A string node's bytes when its text is plain ASCII in the file (no escapes).
  func plainBytes(at index: Int) -> ArraySlice<UInt8>? {
    let node = nodes[index]
    guard node.kind == .string, !node.flag else { return nil }
    return bytes[Int(node.start)..<Int(node.end)]
  }

  /// The value at `index` as a `JSONValue` (`JSONParser.document`, for tests).
  func value(at index: Int) -> JSONValue {
    let node = nodes[index]
    switch node.kind {
    case .null: return .null
    case .bool: return .bool(node.flag)
    case .number: return .number(text(at: index))
    case .string: return .string(text(at: index))
    case .array:
      var elements: [JSONValue] = []
      var child = index + 1
      for _ in 0..<node.count {
        elements.append(value(at: child))
        child = Int(nodes[child].next)
      }
      return .array(elements)
    case .object:
      var members = JSONMembers()
      var child = index + 1
      for _ in 0..<node.count {
        _ = members.add(text(at: child), value(at: child + 1))
        child = Int(nodes[child + 1].next)
      }
      return .object(members)
    }
  }
}
