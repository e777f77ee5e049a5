import Glibc
import LinuxSystem

/// POSIX pax tar (ustar headers, with pax extended headers for what they cannot hold),
/// written and read as a stream: a member's header, then its body straight from or to a
/// descriptor, in constant memory. It knows nothing of boards; see docs/archive-format.md.
///
/// Only regular files are written or read. A reader takes its input as untrusted: every
/// header's checksum, field and size is checked, any other kind of member is refused,
/// and a body that ends early is an error, never a short member.
public enum Tar {
  public static let blockSize = 512
  /// The largest size an ustar header holds (11 octal digits); larger ones go in a pax header.
  static let largestUstarSize: Int64 = 0o77777777777
  /// A pax extended header is a few records; one larger than this is not ours to read.
  public static let paxHeaderLimit = 64 * 1024

  /// Why a tar stream was refused: the member it was at (empty before the first) and what is wrong.
  public struct Failure: Error, Equatable, Sendable {
    public var reason: String

    public init(_ reason: String) {
      self.reason = reason
    }
  }
}

/// One member as its headers describe it.
public struct TarMember: Equatable, Sendable {
  public var name: String
  public var size: Int64
}

/// Writes a tar stream to a descriptor: each member's headers and body, then the end.
public final class TarWriter {
  private let output: Descriptor
  /// Every member gets this modification time (seconds since 1970).
  private let modified: Int64

  public init(to output: Descriptor, modified: Int64) {
    self.output = output
    self.modified = max(0, modified)
  }

  /// A member whose body is `bytes`.
  public func writeMember(named name: String, bytes: [UInt8]) throws(SystemError) {
    try writeHeaders(name: name, size: Int64(bytes.count))
    try output.writeAll(bytes)
    try writePadding(after: Int64(bytes.count))
  }

  /// A member whose body is the bytes of `contents` (a chunk of a stream).
  public func writeMember(named name: String, contents: UnsafeRawBufferPointer) throws(SystemError) {
    try writeHeaders(name: name, size: Int64(contents.count))
    try output.file.writeAll(contents)
    try writePadding(after: Int64(contents.count))
  }

  /// A member of `size` bytes read from `source`'s current offset. The source must hold
  /// exactly that many (a store data file, whose size is checked): fewer or more is an
  /// error, as the stream would then lie about the member.
  public func writeMember(named name: String, size: Int64, from source: Descriptor) throws(SystemError) {
    try writeHeaders(name: name, size: size)
    let copied = try ByteTransfer.copy(from: source.file, to: output.file)
    if copied != size {
      throw SystemError(errno: EIO, operation: "read all \(size) bytes (found \(copied)) of", path: source.path)
    }
    try writePadding(after: size)
  }

  /// A member of `size` bytes moved straight from the pipe `source`, which holds at least
  /// that many now (`unreadBytes`): spliced where the kernel can, so that a stream's
  /// bytes need not pass through this process.
  public func writeMember(named name: String, size: Int, fromPipe source: Descriptor) throws(SystemError) {
    try writeHeaders(name: name, size: Int64(size))
    try ByteTransfer.move(size, fromPipe: source.file, to: output.file)
    try writePadding(after: Int64(size))
  }

  /// The end of the archive: two blocks of zeros.
  public func finish() throws(SystemError) {
    try output.writeAll([UInt8](repeating: 0, count: 2 * Tar.blockSize))
  }

  private func writePadding(after size: Int64) throws(SystemError) {
    let rest = Int(size % Int64(Tar.blockSize))
    if rest != 0 { try output.writeAll([UInt8](repeating: 0, count: Tar.blockSize - rest)) }
  }

  private func writeHeaders(name: String, size: Int64) throws(SystemError) {
    try output.writeAll(Self.headers(name: name, size: size, modified: modified))
  }

  /// A member's ustar header, preceded by a pax header (padded) when the name or the
  /// size does not fit it.
  static func headers(name: String, size: Int64, modified: Int64) -> [UInt8] {
    let nameBytes = Array(name.utf8)
    let nameFits = nameBytes.count <= 100 && nameBytes.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    let sizeFits = size <= Tar.largestUstarSize
    var blocks: [UInt8] = []
    if !nameFits || !sizeFits {
      var records: [UInt8] = []
      if !nameFits { records += paxRecord("path", nameBytes) }
      if !sizeFits { records += paxRecord("size", Array(String(size).utf8)) }
      let paxName = "PaxHeaders/" + String(decoding: ustarName(nameBytes), as: UTF8.self)
      blocks += header(name: ustarName(Array(paxName.utf8)), size: Int64(records.count), type: "x", modified: modified)
      blocks += records + [UInt8](repeating: 0, count: (Tar.blockSize - records.count % Tar.blockSize) % Tar.blockSize)
    }
    return blocks + header(name: ustarName(nameBytes), size: sizeFits ? size : 0, type: "0", modified: modified)
  }

  /// A name cut to the 100 bytes of an ustar header, printable ASCII only (the pax
  /// header holds the real one).
  private static func ustarName(_ bytes: [UInt8]) -> [UInt8] {
    Array(bytes.map { $0 >= 0x20 && $0 < 0x7f ? $0 : UInt8(ascii: "_") }.prefix(100))
  }

  /// `LENGTH KEY=VALUE\n`, LENGTH counting the whole record, its own digits included.
  static func paxRecord(_ key: String, _ value: [UInt8]) -> [UInt8] {
    let body = Array(" \(key)=".utf8) + value + [UInt8(ascii: "\n")]
    var length = body.count + 1
    while String(length).utf8.count + body.count != length { length += 1 }
    return Array(String(length).utf8) + body
  }

  static func header(name: [UInt8], size: Int64, type: Character, modified: Int64) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: Tar.blockSize)
    func put(_ bytes: [UInt8], at offset: Int) {
      for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
    }
    func octal(_ value: Int64, width: Int) -> [UInt8] {
      let digits = String(value, radix: 8)
      return Array((String(repeating: "0", count: max(0, width - 1 - digits.utf8.count)) + digits).utf8) + [0]
    }
    put(name, at: 0)
    put(octal(0o644, width: 8), at: 100)
    put(octal(0, width: 8), at: 108)
    put(octal(0, width: 8), at: 116)
    put(octal(size, width: 12), at: 124)
    put(octal(min(modified, Tar.largestUstarSize), width: 12), at: 136)
    block[156] = type.asciiValue ?? UInt8(ascii: "0")
    put(Array("ustar".utf8) + [0], at: 257)
    put(Array("00".utf8), at: 263)
    put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)
    let sum = block.reduce(0) { $0 + Int64($1) }
    put(Array((String(repeating: "0", count: 6 - String(sum, radix: 8).utf8.count) + String(sum, radix: 8)).utf8) + [0, 0x20], at: 148)
    return block
  }
}

/// Reads a tar stream from a descriptor, member by member: `next()` gives the next
/// member's name and size, then `readBody` (or `readBody(limit:)`) its bytes. Refuses,
/// with a `Tar.Failure`, anything but pax and regular-file members, a bad checksum, a
/// size or name that does not parse, a body cut short, and a stream without its end.
public final class TarReader {
  private let input: Descriptor
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0
  /// The body of the member `next` gave, still to read (with its padding).
  private var pending: (size: Int64, name: String)?
  private var finished = false
  private var grewInputPipe = false
  /// Told true before each read of the input and false after it: how a reader tells
  /// time spent waiting for the other side from time spent on what came.
  public var waitingForInput: ((Bool) -> Void)?

  public init(from input: Descriptor) {
    self.input = input
    buffer = .allocate(byteCount: ByteTransfer.bufferSize, alignment: 4096)
  }

  deinit { buffer.deallocate() }

  /// The next member, or nil at the end of the archive (two blocks of zeros). The body
  /// of the member before must have been read.
  public func next() throws -> TarMember? {
    guard pending == nil else { throw Tar.Failure("internal: a member's body was not read") }
    if finished { return nil }
    var pax: (path: String?, size: Int64?)?
    while true {
      guard let block = try readBlock() else {
        throw Tar.Failure(pax == nil ? "the archive ends without its end marker (it was cut short)" : "the archive ends after a pax header")
      }
      if block.allSatisfy({ $0 == 0 }) {
        guard pax == nil else { throw Tar.Failure("a pax header is followed by the end of the archive") }
        guard let second = try readBlock(), second.allSatisfy({ $0 == 0 }) else {
          throw Tar.Failure("the archive ends with one block of zeros, not two (it was cut short or is damaged)")
        }
        finished = true
        return nil
      }
      try Self.checkHeader(block)
      let name = try Self.headerName(block)
      let size = try Self.number(block, at: 124, width: 12, field: "size of '\(Display.value(name))'")
      let type = block[156]
      switch type {
      case UInt8(ascii: "x"):
        guard pax == nil else { throw Tar.Failure("two pax headers in a row before '\(Display.value(name))'") }
        guard size <= Int64(Tar.paxHeaderLimit) else {
          throw Tar.Failure("a pax header of \(size) bytes, more than the \(Tar.paxHeaderLimit) a pb archive has")
        }
        pending = (size, name)
        let records = try readBody(limit: Tar.paxHeaderLimit)
        pax = try Self.parsePax(records)
      case UInt8(ascii: "0"), 0:
        let member = TarMember(name: pax?.path ?? name, size: pax?.size ?? size)
        pending = (member.size, member.name)
        return member
      default:
        throw Tar.Failure("'\(Display.value(name))' is \(Self.kind(of: type)), not a regular file; an archive holds files only")
      }
    }
  }

  /// After an archive's end: whether another archive follows in the same input (false
  /// when the input ends there), and if so, reads on into it.
  public func startsAnother() throws -> Bool {
    guard finished || (pending == nil && start == end) else { throw Tar.Failure("internal: an archive was not read to its end") }
    // Blocks of zeros after an end are padding (tar pads to records of 10240 bytes).
    while true {
      if start == end { try fill() }
      guard start < end else { return false }
      guard buffer[start] == 0, let block = try readBlock() else { break }
      guard block.allSatisfy({ $0 == 0 }) else { throw Tar.Failure("after the end of an archive comes a block that is neither zeros nor a header") }
    }
    finished = false
    return true
  }

  /// Streams the current member's body to `sink`, chunk by chunk, then skips its padding.
  /// A body cut short is an error.
  public func readBody(into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
    guard let (size, name) = pending else { throw Tar.Failure("internal: no member to read") }
    var left = size
    while left > 0 {
      if start == end { try fill() }
      guard start < end else {
        throw Tar.Failure("'\(Display.value(name))' ends after \(size - left) of its \(size) bytes (the archive was cut short)")
      }
      let count = Int(min(Int64(end - start), left))
      try sink(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + count)]))
      start += count
      left -= Int64(count)
    }
    pending = nil
    let padding = Int((Int64(Tar.blockSize) - size % Int64(Tar.blockSize)) % Int64(Tar.blockSize))
    if padding > 0 {
      guard try readExactly(padding) != nil else {
        throw Tar.Failure("'\(Display.value(name))' ends before its padding (the archive was cut short)")
      }
    }
  }

  /// Asks for the input, when it is a pipe, to hold `bytes` (once; a failure is no
  /// error): whoever writes large bodies into it then writes them in large pieces, with
  /// fewer turns between it and this reader.
  public func growInputPipe(to bytes: Int) {
    guard !grewInputPipe else { return }
    grewInputPipe = true
    _ = try? input.file.setPipeCapacity(bytes)
  }

  /// Writes the current member's body to `destination`: what the reader holds of it, then
  /// the rest spliced straight from the input when it is a pipe (through the buffer
  /// otherwise), then reads its padding and the next header block only, so that the next
  /// body is spliced too. A body cut short is a `Tar.Failure`. A destination whose reader
  /// has gone (EPIPE) takes no more: the rest of the body is read and dropped, and that
  /// error thrown, the reader at the next member. Another write that fails is thrown as
  /// it comes, and the reader is done.
  public func readBody(to destination: Descriptor) throws {
    guard let (size, name) = pending else { throw Tar.Failure("internal: no member to read") }
    var left = size
    var splicing = true
    var closed: SystemError?
    reading: while left > 0 {
      if start == end, splicing, closed == nil {
        // The wait for input is the other side's time; the splice's, once input is
        // there, is the destination's.
        if let waitingForInput {
          waitingForInput(true)
          defer { waitingForInput(false) }
          _ = try SystemCall.waitReadable(input.file, milliseconds: -1, path: input.path)
        }
        switch try splice(to: destination, upTo: left) {
        case .moved(let moved):
          guard moved > 0 else { break reading }
          left -= Int64(moved)
          continue reading
        case .unsupported: splicing = false
        case .closed(let error): closed = error
        }
      }
      if start == end { try fill() }
      guard start < end else { break }
      let count = Int(min(Int64(end - start), left))
      if closed == nil {
        closed = try Self.write(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + count)]), to: destination)
      }
      start += count
      left -= Int64(count)
    }
    guard left == 0 else {
      throw Tar.Failure("'\(Display.value(name))' ends after \(size - left) of its \(size) bytes (the archive was cut short)")
    }
    pending = nil
    let padding = Int((Int64(Tar.blockSize) - size % Int64(Tar.blockSize)) % Int64(Tar.blockSize))
    if splicing { try fill(upTo: padding + Tar.blockSize) }
    if padding > 0 {
      guard try readExactly(padding) != nil else {
        throw Tar.Failure("'\(Display.value(name))' ends before its padding (the archive was cut short)")
      }
    }
    if let closed { throw closed }
  }

  private enum Spliced {
    case moved(Int)
    /// The kernel cannot splice from the input to that destination.
    case unsupported
    /// The destination's reader has gone (EPIPE).
    case closed(SystemError)
  }

  /// One splice of up to `count` bytes from the input to `destination`.
  private func splice(to destination: Descriptor, upTo count: Int64) throws(SystemError) -> Spliced {
    do {
      guard let moved = try ByteTransfer.splice(from: input.file, to: destination.file, upTo: Int(min(count, Int64(Int32.max))))
      else { return .unsupported }
      return .moved(moved)
    } catch {
      guard error.errno == EPIPE else { throw error }
      return .closed(error)
    }
  }

  /// Writes `bytes` to `destination`; the EPIPE of a destination whose reader has gone is
  /// returned, any other failure thrown.
  private static func write(_ bytes: UnsafeRawBufferPointer, to destination: Descriptor) throws(SystemError) -> SystemError? {
    do {
      try destination.file.writeAll(bytes)
      return nil
    } catch {
      guard error.errno == EPIPE else { throw error }
      return error
    }
  }

  /// The current member's body as bytes, refused when larger than `limit`.
  public func readBody(limit: Int) throws -> [UInt8] {
    guard let (size, name) = pending else { throw Tar.Failure("internal: no member to read") }
    guard size <= Int64(limit) else { throw Tar.Failure("'\(Display.value(name))' holds \(size) bytes, more than \(limit)") }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(size))
    try readBody { bytes += $0 }
    return bytes
  }

  // MARK: Blocks

  private func fill() throws {
    if start == end {
      start = 0
      end = 0
    }
    waitingForInput?(true)
    defer { waitingForInput?(false) }
    let count = try input.file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
    end += count
  }

  /// Reads until the buffer holds `count` bytes (at most the buffer) or the input ends,
  /// and no further.
  private func fill(upTo count: Int) throws {
    guard end - start < count else { return }
    if start > 0 {
      buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
      end -= start
      start = 0
    }
    while end < count {
      // The wait for the next header is the other side's time too.
      waitingForInput?(true)
      defer { waitingForInput?(false) }
      let read = try input.file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<count]))
      if read == 0 { return }
      end += read
    }
  }

  /// Exactly `count` bytes (at most the buffer), or nil when the input ends first.
  private func readExactly(_ count: Int) throws -> [UInt8]? {
    if end - start < count {
      // Move what is left to the front, so the rest fits after it.
      if start > 0 {
        buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
        end -= start
        start = 0
      }
      while end - start < count {
        let before = end
        try fill()
        if end == before { return nil }
      }
    }
    let bytes = Array(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + count)]))
    start += count
    return bytes
  }

  private func readBlock() throws -> [UInt8]? { try readExactly(Tar.blockSize) }

  // MARK: Headers

  /// The checksum, the magic and version of POSIX ustar.
  static func checkHeader(_ block: [UInt8]) throws {
    var sum: Int64 = 0
    for (index, byte) in block.enumerated() { sum += (148..<156).contains(index) ? 0x20 : Int64(byte) }
    let recorded = try number(block, at: 148, width: 8, field: "checksum")
    guard recorded == sum else { throw Tar.Failure("a header's checksum is \(recorded), its bytes sum to \(sum): the header is damaged") }
    guard Array(block[257..<263]) == Array("ustar".utf8) + [0], Array(block[263..<265]) == Array("00".utf8) else {
      throw Tar.Failure("a header is not POSIX ustar (its magic is not 'ustar' version 00)")
    }
  }

  /// An octal field: digits, with spaces before them and NULs or spaces after. The base-256
  /// form some tars use for large numbers is refused (a pax header says those).
  static func number(_ block: [UInt8], at offset: Int, width: Int, field: String) throws -> Int64 {
    var bytes = block[offset..<(offset + width)]
    while let first = bytes.first, first == 0x20 { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 0 || last == 0x20 { bytes = bytes.dropLast() }
    guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x37).contains($0) }) else {
      throw Tar.Failure("the \(field) field is not an octal number")
    }
    var value: Int64 = 0
    for byte in bytes { value = value * 8 + Int64(byte - 0x30) }  // at most 12 digits: within Int64
    return value
  }

  /// `prefix/name` from the ustar fields, each ending at its first NUL; valid UTF-8.
  static func headerName(_ block: [UInt8]) throws -> String {
    func field(_ range: Range<Int>) -> ArraySlice<UInt8> {
      let slice = block[range]
      return slice.prefix { $0 != 0 }
    }
    let name = field(0..<100)
    let prefix = field(345..<500)
    let whole = prefix.isEmpty ? Array(name) : Array(prefix) + [UInt8(ascii: "/")] + Array(name)
    guard let text = String(validating: whole, as: UTF8.self) else { throw Tar.Failure("a member's name is not UTF-8") }
    return text
  }

  /// The records of a pax extended header: `path` and `size` are used; GNU's sparse
  /// files and a link's target are refused (they change what the body means); the rest
  /// (times, owners) is ignored, as POSIX allows.
  static func parsePax(_ bytes: [UInt8]) throws -> (path: String?, size: Int64?) {
    var path: String?
    var size: Int64?
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let space = rest.firstIndex(of: 0x20), space - rest.startIndex <= 20,
        let length = Int(String(decoding: rest[rest.startIndex..<space], as: UTF8.self)),
        length > space - rest.startIndex + 1, length <= rest.count,
        rest[rest.startIndex + length - 1] == UInt8(ascii: "\n")
      else { throw Tar.Failure("a pax header's records are malformed") }
      let record = rest[(space + 1)..<(rest.startIndex + length - 1)]
      rest = rest[(rest.startIndex + length)...]
      guard let equals = record.firstIndex(of: UInt8(ascii: "=")),
        let key = String(validating: record[record.startIndex..<equals], as: UTF8.self),
        let value = String(validating: record[(equals + 1)...], as: UTF8.self)
      else { throw Tar.Failure("a pax header's record is not KEY=VALUE in UTF-8") }
      switch key {
      case "path":
        guard path == nil else { throw Tar.Failure("a pax header gives the path twice") }
        path = value
      case "size":
        guard size == nil else { throw Tar.Failure("a pax header gives the size twice") }
        guard !value.isEmpty, value.utf8.allSatisfy(ASCII.isDigit), let parsed = Int64(value) else {
          throw Tar.Failure("a pax header's size '\(Display.value(value))' is not a size")
        }
        size = parsed
      case "linkpath":
        throw Tar.Failure("a pax header gives a link's target; an archive holds files only")
      default:
        if key.hasPrefix("GNU.sparse") { throw Tar.Failure("a pax header describes a sparse file; an archive holds plain files only") }
      }
    }
    return (path, size)
  }

  static func kind(of type: UInt8) -> String {
    switch type {
    case UInt8(ascii: "1"): "a hard link"
    case UInt8(ascii: "2"): "a symbolic link"
    case UInt8(ascii: "3"), UInt8(ascii: "4"): "a device"
    case UInt8(ascii: "5"): "a directory"
    case UInt8(ascii: "6"): "a FIFO"
    case UInt8(ascii: "g"): "a global pax header"
    case UInt8(ascii: "L"), UInt8(ascii: "K"): "a GNU long-name header"
    default: "of type '\(Display.value(String(decoding: [type], as: UTF8.self)))'"
    }
  }
}
