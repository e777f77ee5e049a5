import LinuxSystem

/// A file open from the start, or opened when first read and closed once read (and
/// opened again if read again), so that a command reading any number of files holds a
/// few open at a time.
struct LateOpenedFile {
  private var opened: Descriptor?
  private let open: (() throws(PasteboardError) -> Descriptor)?
  /// What the file is, for the internal error of a read after its last close.
  private let what: String

  /// `opened` now, `open` after a close; either may be missing, not both.
  init(_ what: String, opened: Descriptor?, open: (() throws(PasteboardError) -> Descriptor)?) {
    self.what = what
    self.opened = opened
    self.open = open
  }

  var descriptor: Descriptor {
    mutating get throws(PasteboardError) {
      if let opened { return opened }
      guard let open else { throw .internalError("\(what) read after it was closed") }
      let descriptor = try open()
      opened = descriptor
      return descriptor
    }
  }

  /// Done reading: a file that can be opened again is closed.
  mutating func close() {
    if open != nil { opened = nil }
  }
}
