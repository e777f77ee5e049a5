import PasteboardKit
import Synchronization

import Glibc
import LinuxSystem

/// What a publish offers: one item's representations, open, under their target names.
/// The data files stay open for as long as the offer lives, so later writes to the
/// board (which remove replaced files) cannot change what is served. A derived target
/// (image/png from a JPEG, text from HTML) is made when first asked for, on a thread of
/// its own (`Derivation`), so that the owner answers every other request meanwhile; the
/// owner holds the requests for it until `collect` finds it made, into memory that
/// serves every later reader for the offer's lifetime. A PNG is served as it is made:
/// its first IDAT chunks go to a requestor while the rest are encoded (`available`). A failure is kept too, so a
/// damaged image is tried once and then refused.
public final class DesktopOffer {
  public let targets: [DesktopTargets.Target]
  let data: [Descriptor]
  let sizes: [Int64]
  /// The text as Latin-1, when `STRING` is offered.
  let latin1: [UInt8]?
  /// A secret's offer: once it is replaced, not even a transfer under way goes on.
  let concealed: Bool
  /// Each kind of derived target (there is one source of each), once asked for.
  private var derivedPNG: Derived?
  private var derivedText: Derived?

  private enum Derived {
    case making(Derivation)
    case made(Result<DerivedBytes, DesktopError>)
  }

  /// Text up to this size is looked at for the `STRING` target; larger text is offered
  /// as UTF-8 only.
  static let latin1Limit: Int64 = 16 << 20

  /// `types[i]` is the type of the data in `data[i]`.
  public init(types: [TypeIdentifier], data: [Descriptor], concealed: Bool, origin: DesktopTargets.Origin?) throws(DesktopError) {
    self.data = data
    self.concealed = concealed
    sizes = try DesktopError.catching { try data.map { Int64(try $0.status().st_size) } }
    var utf8Text = DesktopTargets.plainText(in: types)
    var latin1: [UInt8]?
    if let index = utf8Text {
      if sizes[index] <= Self.latin1Limit {
        let text = try Self.read(data[index], at: 0, count: Int(sizes[index]))
        if String(validating: text, as: UTF8.self) == nil {
          utf8Text = nil
        } else {
          latin1 = Self.latin1(text)
        }
      } else if !TypeRegistry.conforms(types[index], to: .utf8PlainText) {
        utf8Text = nil
      }
    }
    self.latin1 = latin1
    targets = DesktopTargets.targets(
      for: types, utf8Text: utf8Text, textIsLatin1: latin1 != nil, concealed: concealed, origin: origin)
  }

  /// Bytes a target's data has; a derived target is made first (an error when it cannot be).
  func size(of target: Int) throws(DesktopError) -> Int64 {
    switch targets[target].conversion {
    case .stored: sizes[targets[target].representation]
    case .latin1: Int64(latin1?.count ?? 0)
    case .constant(let bytes): Int64(bytes.count)
    case .png, .textFromHTML: Int64(try derived(target).bytes.count)
    }
  }

  /// Bytes of a target's data that can be sent now, and whether they are all of it: a
  /// PNG being made has its finished chunks (more as `collect` says it progressed); one
  /// whose conversion failed throws, however much of it was sent.
  func available(of target: Int) throws(DesktopError) -> (count: Int64, whole: Bool) {
    if case .making(let derivation) = derivedState(of: target), let stream = derivation.stream {
      let finished = stream.finished
      return (Int64(finished.bytes.count), finished.whole)
    }
    return (try size(of: target), true)
  }

  /// Up to `count` bytes of a target's data from `offset`.
  func bytes(of target: Int, at offset: Int64, count: Int) throws(DesktopError) -> [UInt8] {
    switch targets[target].conversion {
    case .stored: return try Self.read(data[targets[target].representation], at: offset, count: count)
    case .latin1: return Array((latin1 ?? []).dropFirst(Int(offset)).prefix(count))
    case .constant(let bytes): return Array(bytes.dropFirst(Int(offset)).prefix(count))
    case .png, .textFromHTML:
      if case .making(let derivation) = derivedState(of: target), let stream = derivation.stream {
        return withExtendedLifetime(stream) { Self.slice(stream.finished.bytes, at: offset, count: count) }
      }
      let made = try derived(target)
      return withExtendedLifetime(made) { Self.slice(made.bytes, at: offset, count: count) }
    }
  }

  private static func slice(_ bytes: UnsafeRawBufferPointer, at offset: Int64, count: Int) -> [UInt8] {
    let start = min(Int(clamping: offset), bytes.count)
    return Array(UnsafeRawBufferPointer(rebasing: bytes[start..<start + min(count, bytes.count - start)]))
  }

  private func derivedState(of target: Int) -> Derived? {
    targets[target].conversion == .png ? derivedPNG : derivedText
  }

  /// A derived target's data, once made.
  private func derived(_ target: Int) throws(DesktopError) -> DerivedBytes {
    guard case .made(let made) = targets[target].conversion == .png ? derivedPNG : derivedText else {
      throw .internalError("a derived target was read before it was made")
    }
    return try made.get()
  }

  /// Whether a target's data can be served now. A derived target not asked for before
  /// starts being made, and is not ready until `collect` finds it made (or refused:
  /// then `size` throws why), or, for a PNG, its first chunk finished: past the image's
  /// budget checks, so a bomb is refused before any of it is sent.
  func isReady(_ target: Int) -> Bool {
    let conversion = targets[target].conversion
    guard conversion == .png || conversion == .textFromHTML else { return true }
    let isPNG = conversion == .png
    switch isPNG ? derivedPNG : derivedText {
    case .made: return true
    case .making(let derivation): return derivation.stream.map { !$0.finished.bytes.isEmpty } ?? false
    case nil: break
    }
    let source = data[targets[target].representation]
    let size = sizes[targets[target].representation]
    let started: Derived
    do {
      started = .making(
        try Derivation(named: targets[target].name, streamed: isPNG) { stream throws(DesktopError) in
          do throws(PasteboardError) {
            let form: DerivedForm = isPNG ? .png : .textFromHTML
            return try form.make(from: source, size: size, into: stream)
          } catch .cannotDerive(_, let reason, _) {
            throw .failed(reason)
          } catch {
            throw .pasteboard(error)
          }
        })
    } catch {
      started = .made(.failure(error))
    }
    if isPNG { derivedPNG = started } else { derivedText = started }
    if case .made = started { return true }
    return false
  }

  /// What to wait on beside the desktop: the end of each derivation under way, and a
  /// PNG's progress.
  var pollEntries: [SystemCall.PollRequest] {
    [derivedPNG, derivedText].flatMap { derived -> [SystemCall.PollRequest] in
      guard case .making(let derivation) = derived else { return [] }
      return ([derivation.done] + (derivation.progressed.map { [$0] } ?? [])).map { SystemCall.PollRequest($0, events: Int16(POLLIN)) }
    }
  }

  /// Takes in the derivations that have ended; returns whether any ended or a PNG has
  /// more finished (`finished`: the owner then sends what waited for it), and the
  /// targets of those that failed, with why (a budget an image is over), for the owner
  /// to tell.
  func collect() -> (finished: Bool, failed: [(target: String, error: DesktopError)]) {
    var finished = false
    var failed: [(target: String, error: DesktopError)] = []
    func take(_ derived: inout Derived?) {
      guard case .making(let derivation) = derived else { return }
      if derivation.takeProgress() { finished = true }
      guard let outcome = derivation.outcome else { return }
      derived = .made(outcome)
      finished = true
      if case .failure(let error) = outcome { failed.append((derivation.name, error)) }
    }
    take(&derivedPNG)
    take(&derivedText)
    return (finished, failed)
  }

  deinit {
    // Conversions for an offer no longer served that have not begun never begin.
    for derived in [derivedPNG, derivedText] {
      if case .making(let derivation) = derived { derivation.abandon() }
    }
  }

  static func read(_ descriptor: Descriptor, at offset: Int64, count: Int) throws(DesktopError) -> [UInt8] {
    do {
      return try [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
        filled = try descriptor.readFully(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
      }
    } catch let error as SystemError {
      throw .io(error)
    } catch {
      throw .internalError("\(error)")
    }
  }

  /// UTF-8 text as Latin-1, or nil when it has a character above U+00FF.
  static func latin1(_ text: [UInt8]) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
      guard scalar.value <= 0xFF else { return nil }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }
}

/// One derived target made on a thread of its own. The thread closes the write end of a
/// pipe when it is done, so that `done` reads as ended: the owner's poll watches it, and
/// the thread never touches the owner's connection. One derivation runs at a time in a
/// process, so that an owner's memory holds one budget's worth at most (a bridge's
/// successive offers each start one).
final class Derivation: Sendable {
  let name: String
  /// Readable (at its end) once the outcome is in.
  let done: Descriptor
  /// A PNG's bytes as they are finished, and a pipe its encoder writes a byte to each
  /// time more are: the owner's poll wakes to send them, with no timer.
  let stream: DerivedStream?
  let progressed: Descriptor?
  private let result = Mutex<Result<DerivedBytes, DesktopError>?>(nil)
  private let wanted = Mutex(true)
  private static let oneAtATime = Mutex(())

  init(named name: String, streamed: Bool, _ work: @escaping @Sendable (DerivedStream?) throws(DesktopError) -> DerivedBytes)
    throws(DesktopError)
  {
    self.name = name
    let (read, write) = try DesktopError.catching { try SystemCall.pipe(named: "the end of a conversion") }
    done = read
    if streamed {
      let (woken, wake) = try DesktopError.catching {
        let ends = try SystemCall.pipe(named: "the progress of a conversion")
        try ends.read.file.setNonBlocking()
        try ends.write.file.setNonBlocking()
        return ends
      }
      progressed = woken
      // A full pipe already wakes the owner: a byte not written is not missed.
      stream = DerivedStream { withUnsafeBytes(of: UInt8(1)) { _ = try? wake.file.writeSome($0) } }
    } else {
      progressed = nil
      stream = nil
    }
    BackgroundThread { [self] in
      let outcome = Self.oneAtATime.withLock { _ -> Result<DerivedBytes, DesktopError> in
        guard wanted.withLock({ $0 }) else { return .failure(.failed("the offer was replaced")) }
        return Result { () throws(DesktopError) in try work(stream) }
      }
      result.withLock { $0 = outcome }
      // Closed as this closure is released, right after: the owner's poll wakes.
      write.keepOpenUntilHere()
    }.detach()
  }

  /// The outcome, once the work is done.
  var outcome: Result<DerivedBytes, DesktopError>? { result.withLock { $0 } }

  /// Whether the encoder has finished more since last asked (the progress pipe emptied).
  func takeProgress() -> Bool {
    guard let progressed else { return false }
    var any = false
    var buffer = [UInt8](repeating: 0, count: 64)
    while let count = buffer.withUnsafeMutableBytes({ try? progressed.file.read(into: $0) }), count > 0 { any = true }
    return any
  }

  /// The offer has gone: work not yet begun is not done.
  func abandon() {
    wanted.withLock { $0 = false }
  }
}
