import LinuxSystem
import PasteboardKit

/// Buffered writes to a descriptor (stdout by default), and pasted data sent straight
/// from the store by the kernel. Not thread-safe: `pb` writes from one thread.
final class Output: @unchecked Sendable {
  private let descriptor: Descriptor
  private var buffer: [UInt8] = []

  init(_ descriptor: Descriptor = .standardOutput) {
    self.descriptor = descriptor
  }

  static let standard = Output()

  /// Writes text; a path in it is written as the bytes it stands for (see `PathBytes`).
  func write(_ text: String) throws(PasteboardError) {
    try write(PathBytes.bytes(text))
  }

  func write(_ bytes: [UInt8]) throws(PasteboardError) {
    // Bytes as many as the buffer holds go out as they are: a clip of megabytes that
    // `pb history --list` writes is not copied once more.
    if bytes.count >= ByteTransfer.bufferSize {
      try flush()
      do {
        try descriptor.writeAll(bytes)
      } catch {
        throw PasteboardError(error)
      }
      return
    }
    buffer += bytes
    if buffer.count >= ByteTransfer.bufferSize { try flush() }
  }

  func flush() throws(PasteboardError) {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    do {
      try descriptor.writeAll(buffer)
    } catch {
      throw PasteboardError(error)
    }
  }

  /// Sends a file's bytes from its start, after anything buffered.
  func send(file data: Descriptor) throws(PasteboardError) {
    try flush()
    do {
      try data.file.seek(to: 0)
      try ByteTransfer.copy(from: data.file, to: descriptor.file)
    } catch {
      throw PasteboardError(error)
    }
  }

  /// Sends a representation's bytes, after anything buffered.
  func send(_ representation: OpenRepresentation) throws(PasteboardError) {
    try flush()
    try representation.write(to: descriptor)
  }
}
