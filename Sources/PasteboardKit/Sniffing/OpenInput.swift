import Glibc
import LinuxSystem

/// An input checked before anything is read: a missing or unreadable file fails before
/// standard input is consumed. It is open from then on, or, with `closingUntilRead`
/// (a write of many files), opened again when it is read and closed once read, so that
/// a write of any number of files holds a few open at a time.
final class OpenInput {
  /// The last component of the file's path: its name types are looked up by.
  let fileName: String?
  let isStandardInput: Bool
  let path: String
  private var file: LateOpenedFile

  /// How many inputs of one write stay open from their check to their read: the common
  /// case, a few files, opens each once.
  static let keptOpen = 16

  init(_ input: RepresentationSource.Input, closingUntilRead: Bool = false) throws(PasteboardError) {
    switch input {
    case .standardInput:
      if Self.isDirectory(Descriptor.standardInput) {
        throw .standardInputIsDirectory
      }
      file = LateOpenedFile("an input", opened: .standardInput, open: nil)
      path = Descriptor.standardInput.path
      fileName = nil
      isStandardInput = true
    case .file(let name):
      let open = { () throws(PasteboardError) -> Descriptor in
        let descriptor: Descriptor
        do throws(SystemError) {
          descriptor = try SystemCall.open(name, flags: O_RDONLY | O_NOCTTY)
        } catch {
          throw .noSuchFile(name, reason: error.reason)
        }
        if Self.isDirectory(descriptor) {
          throw .inputIsDirectory(name)
        }
        return descriptor
      }
      let descriptor = try open()
      file = LateOpenedFile("an input", opened: closingUntilRead ? nil : descriptor, open: closingUntilRead ? open : nil)
      path = name
      fileName = Self.lastComponent(of: name)
      isStandardInput = false
    }
  }

  /// A file the caller opens: at once (`opened`), or with `open` when it is read.
  init(opened descriptor: Descriptor?, open: (() throws(PasteboardError) -> Descriptor)? = nil, path: String, fileName: String?) {
    file = LateOpenedFile("an input", opened: descriptor, open: open)
    self.path = path
    self.fileName = fileName
    isStandardInput = false
  }

  /// The inputs of one write: beyond the first few, each is closed until it is read.
  static func all(_ inputs: [RepresentationSource.Input]) throws(PasteboardError) -> [OpenInput] {
    var all: [OpenInput] = []
    for (index, input) in inputs.enumerated() {
      all.append(try OpenInput(input, closingUntilRead: index >= keptOpen))
    }
    return all
  }

  var descriptor: Descriptor {
    get throws(PasteboardError) { try file.descriptor }
  }

  /// Read: an input opened when read is closed.
  func close() { file.close() }

  static func lastComponent(of path: String) -> String? {
    path.split(separator: "/").last.map(String.init)
  }

  private static func isDirectory(_ descriptor: Descriptor) -> Bool {
    (try? descriptor.status().st_mode & S_IFMT) == S_IFDIR
  }
}

extension RepresentationSource.Input {
  /// The input opened for reading as a copy opens it, with a copy's messages (no such
  /// file, a directory): for a copy whose bytes go elsewhere (a board on another machine).
  public func openForReading() throws(PasteboardError) -> Descriptor {
    try OpenInput(self).descriptor
  }
}
