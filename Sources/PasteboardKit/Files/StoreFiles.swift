import Glibc
import LinuxSystem

/// Whole-file reads and writes of the store's small metadata files (the format number,
/// manifests), and the names pb gives the files it makes.
enum StoreFiles {
  /// Reads a small file of the store, checked as `openStoreFile` checks; nil when it does
  /// not exist. A file larger than `limit` is refused as damaged: pb never writes one,
  /// and reading it whole could take any amount of memory.
  /// A file of the store larger than this is checked to fit in memory before it is read.
  static let largeFile = 1 << 20
  /// What reading a file takes at most for each of its bytes: the bytes, their parse
  /// (a node of 16 bytes for every 6 at most), the values and the file written anew.
  static let memoryPerByteRead = 8

  static func read(_ relative: String, in directory: Directory, limit: Int) throws(PasteboardError) -> [UInt8]? {
    guard let (file, status) = try directory.openStoreFile(relative) else { return nil }
    if status.st_size > limit {
      throw .corruptStore(path: file.path, reason: "it is \(status.st_size) bytes, more than the \(limit) pb ever writes")
    }
    // Read whole, decoded and written anew, a file takes several times its size.
    if status.st_size > largeFile { SystemCall.exitUnlessMemoryFor(bytes: Int(status.st_size) * memoryPerByteRead) }
    // One byte more than allowed tells a file that grew since its status was taken. Read
    // into the array itself: a buffer copied into one touched every page twice.
    var failure: SystemError?
    let bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size) + 1) { buffer, initialized in
      do throws(SystemError) {
        initialized = try file.readFully(into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        failure = error
      }
    }
    if let failure { throw .io(failure) }
    if bytes.count > status.st_size {
      throw .corruptStore(path: file.path, reason: "it changed while pb read it")
    }
    return bytes
  }

  /// Writes a new file and gives it its name once whole, so a reader sees the old file
  /// (or none) or the whole new one. A name not taken yet is given to an unnamed file
  /// (nothing to remove, and no temporary name left by a writer that dies); a name in
  /// use, or a filesystem without unnamed files, takes a temporary name and a rename.
  /// `durable` waits until the file and its name are on disk.
  /// Returns the file written, open for writing at its end, whatever the umask left of
  /// its mode (the journal appends to it).
  @discardableResult
  static func writeAtomically(_ bytes: [UInt8], named name: String, in directory: Directory, durable: Bool = false)
    throws(SystemError) -> Descriptor
  {
    if let file = try directory.openUnnamedFile() {
      try file.writeAll(bytes)
      if durable { try file.sync() }
      do {
        try directory.linkUnnamed(file, as: name)
        if durable { try directory.descriptor.sync() }
        return file
      } catch where error.errno == EEXIST {
        // Replacing: the rename below.
      }
    }
    let temporary = ".\(name).\(uniqueName())"
    do {
      let file = try directory.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      try file.writeAll(bytes)
      if durable { try file.sync() }
      try directory.rename(temporary, to: name, in: directory)
      if durable { try directory.descriptor.sync() }
      return file
    } catch {
      try? directory.remove(temporary)
      throw error
    }
  }

  /// A name no other writer will pick: 16 random hex digits.
  static func uniqueName() -> String {
    var name: [UInt8] = []
    for byte in SystemCall.randomBytes(8) {
      name.append(ASCII.hexDigit(byte >> 4))
      name.append(ASCII.hexDigit(byte & 15))
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// Whether `name` is a data file name as pb writes them: 16 lower-case hex digits and
  /// an optional extension of letters, digits, '-', '_' and '+'. A manifest naming
  /// anything else (`../../etc/passwd`, `a/b`, a hidden file) is damaged.
  static func isDataFileName(_ name: String) -> Bool {
    // Through the bytes in place: each representation of a 50-entry history is checked
    // on every commit.
    var name = name
    return name.withUTF8(isDataFileName)
  }

  private static func isDataFileName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 16, bytes.count <= 16 + 1 + 32 else { return false }
    for byte in bytes[..<16] {
      guard ASCII.isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      else { return false }
    }
    if bytes.count == 16 { return true }
    guard bytes[16] == UInt8(ascii: "."), bytes.count > 17 else { return false }
    return bytes[17...].allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "+"):
        true
      default: false
      }
    }
  }
}
