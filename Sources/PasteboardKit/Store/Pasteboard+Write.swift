#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the bytes of one representation come from, and its type if the user gave one.
public struct RepresentationSource: Sendable, Equatable {
  public enum Input: Sendable, Equatable {
    case standardInput
    case file(String)
  }

  public var input: Input
  public var type: TypeIdentifier?

  public init(input: Input, type: TypeIdentifier? = nil) {
    self.input = input
    self.type = type
  }
}

/// The representations of one item to write, in order (the first is the preferred one).
public struct ItemSource: Sendable, Equatable {
  public var representations: [RepresentationSource]

  public init(representations: [RepresentationSource]) {
    self.representations = representations
  }
}

extension Pasteboard {
  public enum WriteMode: Sendable {
    /// The items written become the whole contents.
    case replace
    /// The items written go after the existing ones.
    case append
  }

  /// Writes items in one atomic change: every input is streamed into the store first,
  /// then one commit makes them visible and raises the change count by one. Inputs are
  /// opened before anything is read, so a missing file fails before stdin is consumed.
  public func write(_ items: [ItemSource], mode: WriteMode, detector: TypeDetector)
    throws(PasteboardError) -> PasteboardState
  {
    let sources = items.flatMap(\.representations)
    if sources.filter({ $0.input == .standardInput }).count > 1 {
      throw .usage("standard input ('-') can be read only once per command")
    }
    for item in items {
      let given = item.representations.compactMap(\.type)
      if let duplicate = given.first(where: { type in given.filter { $0 == type }.count > 1 }) {
        throw .usage("one item cannot hold two representations of \(duplicate); give each a different type")
      }
    }
    let inputs = try sources.map { (source) throws(PasteboardError) in try OpenInput(source.input) }
    defer { inputs.forEach { $0.close() } }
    let workspace = try Workspace(for: self)
    var written: [Item] = []
    var next = 0
    for item in items {
      var representations: [Representation] = []
      for source in item.representations {
        let representation = try stage(inputs[next], declaredType: source.type, into: workspace, detector: detector)
        next += 1
        if representations.contains(where: { $0.type == representation.type }) {
          throw .usage(
            "one item cannot hold two representations of \(representation.type); give their types with -r TYPE=FILE")
        }
        representations.append(representation)
      }
      written.append(Item(representations: representations))
    }
    return try commit(from: workspace) { current in
      mode == .append ? current.items + written : written
    }
  }

  /// Empties the pasteboard; this is a change like any other.
  public func clear() throws(PasteboardError) -> PasteboardState {
    let workspace = try Workspace(for: self)
    return try commit(from: workspace) { _ in [] }
  }

  /// Streams one input into a new data file of the workspace, sniffing its head when no
  /// type was given.
  private func stage(_ input: OpenInput, declaredType: TypeIdentifier?, into workspace: Workspace, detector: TypeDetector)
    throws(PasteboardError) -> Representation
  {
    let head = UnsafeMutableRawBufferPointer.allocate(byteCount: declaredType == nil ? TypeDetector.headSize : 0, alignment: 16)
    defer { head.deallocate() }
    let headCount: Int
    let detection: TypeDetection
    do {
      if let declaredType {
        headCount = 0
        detection = TypeDetection(type: declaredType, source: .given)
      } else {
        headCount = try SystemCall.readFully(input.descriptor, into: head, path: input.path)
        let isWhole = headCount < head.count
        detection = try detector.detect(
          head: UnsafeRawBufferPointer(rebasing: head[..<headCount]), isWhole: isWhole, filenameExtension: input.filenameExtension)
      }
    } catch let error as SystemError {
      throw .io(error)
    } catch let error as PasteboardError {
      throw error
    } catch {
      throw .internalError("\(error)")
    }
    do {
      let (file, fd) = try workspace.createDataFile(extension: TypeRegistry.preferredFilenameExtension(for: detection.type))
      defer { SystemCall.close(fd) }
      let destination = ByteTransfer.Endpoint(fd: fd, path: workspace.path + "/" + file)
      try SystemCall.writeAll(fd, UnsafeRawBufferPointer(rebasing: head[..<headCount]), path: destination.path)
      // A short head means the input ended; reading on could block (a terminal's
      // end-of-file is not sticky).
      let reachedEnd = declaredType == nil && headCount < head.count
      let rest = reachedEnd ? 0 : try ByteTransfer.copy(from: ByteTransfer.Endpoint(fd: input.descriptor, path: input.path), to: destination)
      return Representation(type: detection.type, file: file, size: Int64(headCount) + rest, typeSource: detection.source)
    } catch {
      throw .io(error)
    }
  }
}

/// An input opened before anything is read.
private struct OpenInput {
  let descriptor: Int32
  let path: String
  let filenameExtension: String?
  private let owned: Bool

  init(_ input: RepresentationSource.Input) throws(PasteboardError) {
    switch input {
    case .standardInput:
      descriptor = STDIN_FILENO
      path = "standard input"
      filenameExtension = nil
      owned = false
    case .file(let name):
      do {
        descriptor = try SystemCall.open(name, flags: O_RDONLY)
        let kind = try SystemCall.status(descriptor, path: name).st_mode & S_IFMT
        if kind == S_IFDIR {
          SystemCall.close(descriptor)
          throw PasteboardError.noSuchFile(name, reason: "it is a directory; give the files inside it")
        }
      } catch let error as SystemError {
        throw .noSuchFile(name, reason: error.reason)
      } catch let error as PasteboardError {
        throw error
      } catch {
        throw .internalError("\(error)")
      }
      path = name
      filenameExtension = FilenameExtension.of(path: name)
      owned = true
    }
  }

  func close() {
    if owned { SystemCall.close(descriptor) }
  }
}
