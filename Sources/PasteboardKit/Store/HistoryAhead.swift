#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import LinuxSystem
import Synchronization

/// A board's history read and decoded on another thread while a copy sniffs its input:
/// libmagic's walk of its rules and the decode of a history of 50 entries each take about
/// a millisecond, and neither needs the other. The commit still reads the history under
/// the lock, as always, and takes this decode only for the very same bytes (decoding is a
/// function of the bytes alone): a history replaced in between, or one this thread could
/// not read or decode, is decoded there as before, with the same checks and messages.
/// This thread's read goes through no store checks for the same reason: only bytes
/// equal to the ones the checked read gets are ever used.
final class HistoryAhead {
  private struct Read: Sendable {
    let bytes: [UInt8]
    let file: HistoryFile
  }

  private final class Result: Sendable {
    let read = Mutex<Read?>(nil)
  }

  private let result = Result()
  private let thread: BackgroundThread

  /// Starts reading the newest history of the board at `boardPath`.
  init(boardPath: String) {
    let result = self.result
    thread = BackgroundThread {
      let read = Self.read(boardPath: boardPath)
      result.read.withLock { $0 = read }
    }
  }

  /// The decode of `bytes`, when they are what the thread read; waits for the thread.
  /// Taken once: a second call finds nothing.
  func file(decoding bytes: [UInt8]) -> HistoryFile? {
    thread.wait()
    guard let read = result.read.withLock({ read in defer { read = nil }; return read }), Self.same(read.bytes, bytes) else {
      return nil
    }
    return read.file
  }

  /// Byte equality by memcmp: Array's `==` compares element by element, 137,000
  /// instructions for a 19 KB history on the copy's own thread.
  private static func same(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    left.count == right.count
      && left.withUnsafeBytes { left in
        right.withUnsafeBytes { right in left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
      }
  }

  private static func read(boardPath: String) -> Read? {
    // As the store is opened: links only in the board's own path, none below it.
    guard let folder = try? Directory.open(path: boardPath).openDirectory(Pasteboard.Folder.history),
      let names = try? folder.entries()
    else { return nil }
    // The newest history is the one the commit reads; older ones are litter.
    var newest: (count: Int, name: String)?
    for name in names {
      if let count = Pasteboard.changeCount(ofManifestNamed: name), count > newest?.count ?? -1 { newest = (count, name) }
    }
    guard let newest, let file = try? folder.open(newest.name, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY),
      let status = try? file.status(), status.st_mode & S_IFMT == S_IFREG, status.st_size <= HistoryFile.sizeLimit
    else { return nil }
    let size = Int(status.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      initialized = (try? file.readFully(into: UnsafeMutableRawBufferPointer(buffer))) ?? 0
      failed = initialized != size
    }
    guard !failed, let decoded = try? HistoryFile.decode(bytes, path: folder.path + "/" + newest.name) else { return nil }
    return Read(bytes: bytes, file: decoded)
  }
}

extension Pasteboard {
  /// A history file's bytes decoded: by the thread that read them ahead, when it read
  /// these very bytes, or here.
  func decodeHistory(_ bytes: [UInt8], path: String) throws(PasteboardError) -> HistoryFile {
    if let decoded = historyAhead?.file(decoding: bytes) { return decoded }
    return try HistoryFile.decode(bytes, path: path)
  }
}
