import Glibc
import LinuxSystem

extension Pasteboard {
  public enum WriteMode: Sendable {
    /// The items written become the whole contents.
    case replace
    /// The items written go after the existing ones.
    case append
  }

  /// What a write gives the items it makes, and when it may happen.
  public struct WriteOptions: Sendable {
    /// When the items vanish (ms since 1970); nil for the board's default expiry, if any.
    public var expires: Int64?
    public var concealed: Bool
    /// Write only if the board is still at this change count.
    public var ifCount: Int?
    /// The undo entry's name (`--action`); nil names it after the command.
    public var actionName: String?
    /// False for `--no-undo`: the change is not recorded, and history never keeps its items.
    public var recordsUndo: Bool
    /// `--trim-newline`: each input's one trailing newline, if any, is not stored.
    public var trimsNewline = false
    /// `--force-type`: a type given as text is kept even for data that is not text.
    public var forcesType = false
    /// Asked once standard input has been read to its end, before anything is stored:
    /// whether that end was the input's own. Not so where the input came over a
    /// connection that broke off (a `pb serve` killed), and then nothing is stored.
    public var standardInputIsWhole: @Sendable () -> Bool = { true }

    public init(
      expires: Int64? = nil, concealed: Bool = false, ifCount: Int? = nil, actionName: String? = nil, recordsUndo: Bool = true
    ) {
      self.expires = expires
      self.concealed = concealed
      self.ifCount = ifCount
      self.actionName = actionName
      self.recordsUndo = recordsUndo
    }

    func recording(_ defaultName: String, cutFiles: [CutFile] = []) -> Recording {
      Recording(actionName: actionName ?? defaultName, cutFiles: cutFiles, records: recordsUndo)
    }
  }

  /// Writes items in one atomic change: every input is streamed into the store first,
  /// then one commit makes them visible and raises the change count by one. Inputs are
  /// opened before anything is read, so a missing file fails before stdin is consumed;
  /// so does a board no longer at `options.ifCount`.
  public func write(_ items: [ItemSource], mode: WriteMode, detector: TypeDetector, options: WriteOptions = WriteOptions())
    throws(PasteboardError) -> PasteboardState
  {
    let sources = items.flatMap(\.representations)
    if sources.filter({ $0.input == .standardInput }).count > 1 {
      throw .misuse(.standardInputTwice)
    }
    for item in items {
      let given = item.representations.compactMap(\.type)
      if let duplicate = given.first(where: { type in given.filter { $0 == type }.count > 1 }) {
        let spellings = given.filter { $0 == duplicate }.map { $0.spelling ?? $0.rawValue }.joined(separator: " and ")
        throw .misuse(.typeGivenTwice(type: "\(duplicate)", spellings: spellings))
      }
    }
    let inputs = try OpenInput.all(sources.map(\.input))
    let (workspace, written) = try stage(items, inputs: inputs, detector: detector, options: options)
    if workspace.holdsStandardInput && !options.standardInputIsWhole() {
      throw .io(SystemError(errno: ECONNRESET, operation: "read", path: "the input from the other machine"))
    }
    let recording = options.recording(mode == .append ? "Append" : "Copy")
    return try commit(from: workspace, ifCount: options.ifCount, recording: recording) { live, _, _ in
      mode == .append ? live + written : written
    }.state
  }

  /// Writes one item from data the caller has opened, each with its type (`pb import`:
  /// what the desktop offered, under the types it named). `name` says where each came
  /// from in messages. Types are kept as given, as with `--force-type`.
  public func write(
    opened representations: [(type: TypeIdentifier, data: Descriptor, name: String)], mode: WriteMode, options: WriteOptions,
    defaultAction: String = "Import"
  ) throws(PasteboardError) -> PasteboardState {
    var options = options
    options.forcesType = true
    let item = ItemSource(representations: representations.map { RepresentationSource(input: .file($0.name), type: $0.type) })
    let inputs = representations.map { OpenInput(opened: $0.data, path: $0.name, fileName: nil) }
    let (workspace, written) = try stage([item], inputs: inputs, detector: TypeDetector(), options: options)
    return try commit(from: workspace, ifCount: options.ifCount, recording: options.recording(defaultAction)) { live, _, _ in
      mode == .append ? live + written : written
    }.state
  }

  /// Writes one item holding `color` twice (`pb copy --color`): as text (`Color.hex`),
  /// for whatever pastes text, and as GTK's `application/x-color`, for its color widgets.
  public func write(color: Color, mode: WriteMode, options: WriteOptions) throws(PasteboardError) -> PasteboardState {
    let forms = [
      (TypeIdentifier.utf8PlainText, Array(color.hex.utf8), "the color as text"),
      (Color.gtkType, color.gtkBytes, "the color as \(Color.gtkMIMEType)"),
    ]
    let opened = try forms.map { (type, bytes, name) throws(PasteboardError) in
      let file = try PasteboardError.catching {
        let file = try SystemCall.memoryFile(named: name)
        try file.writeAll(bytes)
        try file.file.seek(to: 0)
        return file
      }
      return (type: type, data: file, name: name)
    }
    return try write(opened: opened, mode: mode, options: options, defaultAction: mode == .append ? "Append" : "Copy")
  }

  /// Streams the opened inputs (one per representation, in order) into a new workspace
  /// and returns the items they make, ready to commit. Each input is closed once read;
  /// `afterEach` sees it before that.
  func stage(
    _ items: [ItemSource], inputs: [OpenInput], detector: TypeDetector, options: WriteOptions,
    afterEach: (OpenInput, Representation) throws(PasteboardError) -> Void = { _, _ in }
  ) throws(PasteboardError) -> (Workspace, [Item]) {
    // Checked again under the lock; here so that a stale count reads no input.
    if options.ifCount != nil { try check(changeCount(), against: options.ifCount) }
    var expires = options.expires
    if expires == nil, let defaultExpiry = try attributes().defaultExpiry { expires = clock() + defaultExpiry }
    let workspace = try Workspace(for: self)
    var written: [Item] = []
    var next = 0
    do throws(PasteboardError) {
      for item in items {
        var representations: [Representation] = []
        for source in item.representations {
          if inputs[next].isStandardInput { workspace.holdsStandardInput = true }
          let representation = try stage(
            inputs[next], declaredType: source.type, into: workspace, detector: detector, trimmingNewline: options.trimsNewline,
            forcingType: options.forcesType)
          try afterEach(inputs[next], representation)
          inputs[next].close()
          next += 1
          if representations.contains(where: { $0.type == representation.type }) {
            throw .misuse(.typeFoundTwice(type: "\(representation.type)"))
          }
          representations.append(representation)
        }
        written.append(
          Item(representations: representations, expires: expires, concealed: options.concealed, recorded: options.recordsUndo))
      }
    } catch {
      // A board deleted while its input streamed in takes the scratch folder with it.
      if let directory { try checkStillInPlace(directory) }
      throw error
    }
    return (workspace, written)
  }

  /// Empties the pasteboard; this is a change like any other.
  public func clear(options: WriteOptions = WriteOptions()) throws(PasteboardError) -> PasteboardState {
    try commit(from: nil, ifCount: options.ifCount, recording: options.recording("Clear")) { _, _, _ in [] }.state
  }

  /// Streams one input into a new data file of the workspace, sniffing its head when no
  /// type was given. A type given as text is checked against the head too: data that
  /// is plainly not text (libmagic names a type that is not text, and the bytes are not
  /// text either) is refused rather than stored under the wrong type, unless
  /// `forcingType`.
  private func stage(
    _ input: OpenInput, declaredType: TypeIdentifier?, into workspace: Workspace, detector: TypeDetector, trimmingNewline: Bool,
    forcingType: Bool
  ) throws(PasteboardError) -> Representation {
    // Types declared UTF-8 are validated byte by byte below, with the offset of the
    // first bad byte; the head check is for the other text types.
    let checksText =
      declaredType.map { !forcingType && TypeRegistry.conforms($0, to: .text) && !TypeRegistry.conforms($0, to: .utf8PlainText) }
      ?? false
    let readsHead = declaredType == nil || checksText
    let head = UnsafeMutableRawBufferPointer.allocate(byteCount: readsHead ? TypeDetector.headSize : 0, alignment: 16)
    defer { head.deallocate() }
    let inputData = try input.descriptor
    let (headCount, detection) = try PasteboardError.catching { () throws -> (Int, TypeDetection) in
      let count = readsHead ? try inputData.readFully(into: head) : 0
      let bytes = UnsafeRawBufferPointer(rebasing: head[..<count])
      if let declaredType {
        if checksText, count > 0, TextCheck.encoding(of: bytes, isWhole: count < head.count) == nil {
          let found = try detector.detect(head: bytes, isWhole: count < head.count, fileName: input.fileName)
          if !TypeRegistry.conforms(found.type, to: .text) {
            throw PasteboardError.typeContradicted(given: declaredType.shown, found: found.type.rawValue, input: input.path)
          }
        }
        return (count, TypeDetection(type: declaredType, source: .given))
      }
      let detection = try detector.detect(head: bytes, isWhole: count < head.count, fileName: input.fileName)
      return (count, detection)
    }
    return try PasteboardError.catching {
      let (file, data) = try workspace.createDataFile(extension: TypeRegistry.preferredFilenameExtension(for: detection.type))
      let headBytes = UnsafeRawBufferPointer(rebasing: head[..<headCount])
      try data.file.writeAll(headBytes)
      // A short head means the input ended; reading on could block (a terminal's
      // end-of-file is not sticky).
      let reachedEnd = readsHead && headCount < head.count
      var rest: Int64 = 0
      if let declaredType, TypeRegistry.conforms(declaredType, to: .utf8PlainText) {
        // Data declared UTF-8 must be UTF-8: check it as it streams through, head first.
        var validator = UTF8StreamValidator()
        var invalidOffset = validator.check(headBytes)
        var finished = true
        if invalidOffset == nil && !reachedEnd {
          finished = try ByteTransfer.copy(&rest, from: inputData.file, to: data.file, rejecting: { chunk in
            invalidOffset = validator.check(chunk)
            return invalidOffset != nil
          })
        }
        if let offset = invalidOffset ?? (finished ? validator.finish() : nil) {
          throw PasteboardError.invalidText(type: declaredType.shown, offset: offset)
        }
      } else if !reachedEnd {
        rest = try ByteTransfer.copy(from: inputData.file, to: data.file)
      }
      var size = Int64(headCount) + rest
      if trimmingNewline, size > 0 {
        var last: UInt8 = 0
        let read = try withUnsafeMutableBytes(of: &last) { try data.readFully(into: $0, at: size - 1) }
        if read == 1, last == UInt8(ascii: "\n") {
          size -= 1
          try data.truncate(to: size)
        }
      }
      return Representation(type: detection.type, file: file, size: size, typeSource: detection.source)
    }
  }
}
