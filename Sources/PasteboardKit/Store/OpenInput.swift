#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An input opened before anything is read.
final class OpenInput {
  let descriptor: Descriptor
  let filenameExtension: String?
  let isStandardInput: Bool
  var path: String { descriptor.path }

  init(_ input: RepresentationSource.Input) throws(PasteboardError) {
    switch input {
    case .standardInput:
      if Self.isDirectory(Descriptor.standardInput) {
        throw .noSuchFile("standard input", reason: "it is a directory; redirect a file instead: pb copy < FILE")
      }
      descriptor = .standardInput
      filenameExtension = nil
      isStandardInput = true
    case .file(let name):
      do {
        descriptor = try SystemCall.open(name, flags: O_RDONLY | O_NOCTTY)
      } catch {
        throw .noSuchFile(name, reason: error.reason)
      }
      if Self.isDirectory(descriptor) {
        throw .noSuchFile(name, reason: "it is a directory; give the files inside it")
      }
      filenameExtension = FilenameExtension.of(path: name)
      isStandardInput = false
    }
  }

  /// A file opened by the caller (`pb cut`, which checks it first).
  init(opened descriptor: Descriptor, filenameExtension: String?) {
    self.descriptor = descriptor
    self.filenameExtension = filenameExtension
    isStandardInput = false
  }

  private static func isDirectory(_ descriptor: Descriptor) -> Bool {
    (try? descriptor.status().st_mode & S_IFMT) == S_IFDIR
  }
}
