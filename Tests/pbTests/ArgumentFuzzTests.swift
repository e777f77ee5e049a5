import Foundation
import Testing

@testable import PasteboardKit
@testable import pb
import LinuxSystem

/// Random arguments for every parser a user's words reach: index sets, type names and
/// lists, `-r` specs and board names, huge, with control characters and with bytes that
/// are not UTF-8. None may trap; every refusal is one short line with nothing a terminal
/// would act on (as pb words it: the library gives facts, pb its messages); and the board
/// they are tried against is left as it was.
@Suite(.tags(.unit, .long)) struct ArgumentFuzzTests {
  /// SplitMix64, seeded, so that a failure can be replayed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
  }

  /// Plain text, whatever the bytes: the board's value is text, and libmagic is not under test.
  final class TextSniffer: TypeSniffer {
    func sniff(_ head: UnsafeRawBufferPointer) throws(PasteboardError) -> SniffedType { SniffedType(magicOutput: "text/plain; charset=us-ascii") }
  }

  static let alphabets: [[Unicode.Scalar]] = [
    Array("0123456789,-all ".unicodeScalars),
    Array("abcdefghijklmnopqrstuvwxyzABCZ0123456789.-_+/=;*".unicodeScalars),
    Array("public.png,image/png;charset=utf-8 dyn.a.".unicodeScalars),
    (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2028}", "\u{FEFF}"],
    (0x80...0xFF).map { Unicode.Scalar(PathBytes.escapeBase + UInt32($0))! },
    ["é", "日", "🙂", "\u{301}", "\u{10FFFF}", "\u{E000}"],
  ]

  static func randomInput(_ generator: inout Generator) -> String {
    var scalars = String.UnicodeScalarView()
    let length: Int
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<2: length = Int.random(in: 10_000...40_000, using: &generator)
    case 2..<10: length = 0
    default: length = Int.random(in: 1...24, using: &generator)
    }
    var alphabet = alphabets.randomElement(using: &generator)!
    for _ in 0..<length {
      if Int.random(in: 0..<8, using: &generator) == 0 { alphabet = alphabets.randomElement(using: &generator)! }
      scalars.append(alphabet.randomElement(using: &generator)!)
    }
    return String(scalars)
  }

  func expectSafe(_ error: PasteboardError, input: String, parser: String) {
    let message = error.message
    let unsafe = message.unicodeScalars.first { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || PathBytes.isEscape(scalar)
        || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .lineSeparator
    }
    #expect(unsafe == nil, "\(parser) message has \(String(describing: unsafe)) for input \(Display.value(input)): \(message)")
    #expect(message.count < 500, "\(parser) message of \(message.count) characters for input of \(input.count)")
  }

  @Test func parsersNeverTrapAndRefuseInOneSafeLine() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbfuzz-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let store = try Store.open(at: root, settings: Settings(Environment(["HOME": root])), creating: true)
    let board = try store.pasteboard(named: "general", creating: true)
    let input = root + "-value"
    try Data("fuzzed board value".utf8).write(to: URL(fileURLWithPath: input))
    defer { try? FileManager.default.removeItem(atPath: input) }
    let written = try board.write(
      [ItemSource(representations: [RepresentationSource(input: .file(input), type: .utf8PlainText)])], mode: .replace,
      detector: TypeDetector(sniffer: TextSniffer()))
    #expect(written.changeCount == 1)

    var generator = Generator(state: 0x5EED_1234_ABCD_0001)
    var refusals = 0
    let runs = 10_000
    for _ in 0..<runs {
      let text = Self.randomInput(&generator)
      do {
        let set = try ItemSet.parse(text)
        _ = try? board.open(items: set, types: [])
      } catch {
        refusals += 1
        expectSafe(error, input: text, parser: "ItemSet.parse")
      }
      do {
        let types = try TypeIdentifier.parseList(text)
        _ = try? board.contains(types, items: .all, requireAll: false)
      } catch {
        refusals += 1
        expectSafe(error, input: text, parser: "TypeIdentifier.parseList")
      }
      do { _ = try RepresentationSource.parse(spec: text) } catch {
        refusals += 1
        expectSafe(error, input: text, parser: "RepresentationSource.parse")
      }
      do { _ = try store.pasteboard(named: text, creating: false) } catch {
        refusals += 1
        expectSafe(error, input: text, parser: "Store.pasteboard(named:)")
      }
    }
    #expect(refusals > runs, "the inputs were mostly refused, as random words should be: \(refusals)")
    let after = try board.state()
    #expect(after == written, "the board changed")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/boards") == ["general"], "a board was created")
  }
}
