#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An input opened before anything is read.
struct OpenInput {
  let descriptor: Int32
  let path: String
  let filenameExtension: String?
  private let owned: Bool

  init(_ input: RepresentationSource.Input) throws(PasteboardError) {
    switch input {
    case .standardInput:
      if Self.isDirectory(STDIN_FILENO, path: "standard input") {
        throw .noSuchFile("standard input", reason: "it is a directory; redirect a file instead: pb copy < FILE")
      }
      descriptor = STDIN_FILENO
      path = "standard input"
      filenameExtension = nil
      owned = false
    case .file(let name):
      descriptor = try PasteboardError.catching({ .noSuchFile(name, reason: $0.reason) }) {
        let fd = try SystemCall.open(name, flags: O_RDONLY)
        if Self.isDirectory(fd, path: name) {
          SystemCall.close(fd)
          throw PasteboardError.noSuchFile(name, reason: "it is a directory; give the files inside it")
        }
        return fd
      }
      path = name
      filenameExtension = FilenameExtension.of(path: name)
      owned = true
    }
  }

  private static func isDirectory(_ descriptor: Int32, path: String) -> Bool {
    (try? SystemCall.status(descriptor, path: path).st_mode & S_IFMT) == S_IFDIR
  }

  func close() {
    if owned { SystemCall.close(descriptor) }
  }
}
