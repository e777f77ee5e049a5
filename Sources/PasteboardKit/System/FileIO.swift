#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Small whole-file helpers for the store's own metadata files.
enum FileIO {
  /// Reads a file that is known to be small (a manifest, the format number).
  static func readSmallFile(_ name: String, in directory: Int32, path: String) throws(SystemError) -> [UInt8] {
    let fd = try SystemCall.open(name, in: directory, flags: O_RDONLY | O_NOFOLLOW, path: path)
    defer { SystemCall.close(fd) }
    var bytes: [UInt8] = []
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let count = try SystemCall.read(fd, into: chunk, path: path)
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// Writes a new file under a temporary name and renames it into place, so a reader
  /// sees the old file or the whole new one.
  static func writeFileAtomically(_ bytes: [UInt8], named name: String, in directory: Int32, path: String)
    throws(SystemError)
  {
    let temporary = ".\(name).\(uniqueName())"
    let fd = try SystemCall.open(
      temporary, in: directory, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600, path: path)
    do {
      try SystemCall.writeAll(fd, bytes, path: path)
    } catch {
      SystemCall.close(fd)
      try? SystemCall.remove(temporary, in: directory, path: path)
      throw error
    }
    SystemCall.close(fd)
    do {
      try SystemCall.rename(temporary, in: directory, to: name, in: directory, path: path)
    } catch {
      try? SystemCall.remove(temporary, in: directory, path: path)
      throw error
    }
  }

  /// A name no other writer will pick: 16 random hex digits.
  static func uniqueName() -> String {
    let digits = Array("0123456789abcdef".utf8)
    var name: [UInt8] = []
    for byte in SystemCall.randomBytes(8) {
      name.append(digits[Int(byte >> 4)])
      name.append(digits[Int(byte & 15)])
    }
    return String(decoding: name, as: UTF8.self)
  }
}
