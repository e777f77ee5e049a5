import Testing

@testable import PasteboardKit
import LinuxSystem

@Suite(.tags(.unit)) struct PathBytesTests {
  func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
    PathBytes.bytes(bytes.withUnsafeBufferPointer { PathBytes.string($0) })
  }

  @Test func everyByteStringComesBackUnchanged() {
    let seed = FuzzGenerator.seed(0xB17E5)
    var generator = FuzzGenerator(state: seed)
    let cases: [[UInt8]] = [
      Array("café.txt".utf8), [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x74], [0xFF], [0xC3], [0xED, 0xA0, 0x80],
      Array("\u{10FF80}\u{10FFFF}x".utf8), [0xF4, 0x8F, 0xBE], [0xF4, 0x90, 0x80, 0x80],
    ]
    for bytes in cases {
      #expect(roundTrip(bytes) == bytes, "\(bytes)")
    }
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
      #expect(roundTrip(bytes) == bytes, "\(bytes) (seed \(seed))")
    }
  }

  @Test func validTextIsItself() {
    let text = "naïve/日本/🙂"
    let decoded = Array(text.utf8).withUnsafeBufferPointer { PathBytes.string($0) }
    #expect(decoded == text)
    #expect(PathBytes.isValidText(decoded))
    let latin1 = [UInt8(0x63), 0xE9].withUnsafeBufferPointer { PathBytes.string($0) }
    #expect(!PathBytes.isValidText(latin1))
  }
}

@Suite(.tags(.unit)) struct DisplayTests {
  @Test func controlCharactersAndUndecodableBytesAreEscaped() {
    let latin1 = [UInt8(0x63), 0x61, 0x66, 0xE9].withUnsafeBufferPointer { PathBytes.string($0) }
    #expect(Display.value(latin1 + ".txt") == "caf\\xe9.txt")
    #expect(Display.value("\u{1B}[2J\u{1B}[31mX\nY") == "\\e[2J\\e[31mX\\nY")
    #expect(Display.value("a\u{202E}b\u{7F}\u{9B}") == "a\\u{202e}b\\x7f\\x9b")
    #expect(Display.value("plain café") == "plain café")
  }

  @Test func longValuesAreCut() {
    let shown = Display.value(String(repeating: "9", count: 40_000))
    #expect(shown.count == Display.limit + 1 && shown.hasSuffix("…"))
    let path = "/" + String(repeating: "d/", count: 200) + "state/1.json"
    let shownPath = Display.path(path)
    #expect(shownPath.count <= 161 && shownPath.hasSuffix("state/1.json") && shownPath.hasPrefix("/d/"))
  }

  @Test func oneLineMarksBreaksJoinsSpaceAndDropsWhatATerminalWouldObey() {
    let cases: [(String, String)] = [
      ("  col1\tcol2\r\nline two\n\u{1B}]0;title\u{07}\u{1B}[2Jcleared \u{202E}txt.exe ", "col1 col2↵line two↵]0;title[2Jcleared txt.exe"),
      // CR LF is one break; CR CR, LF CR LF and CR, a dropped character, LF are two.
      ("a\r\nb", "a↵b"), ("a\r\rb", "a↵↵b"), ("a\n\r\nb", "a↵↵b"), ("a\r\u{01}\nb", "a↵↵b"),
      ("a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f", "a↵b↵c↵d↵e↵f"),
      ("a\u{A0}b\u{3000}c \t d", "a b c d"),
      // DEL, a C1 control, invisible and private characters, an undecodable byte, an unassigned one.
      ("x\u{7F}\u{9B}\u{200B}\u{E000}\u{10FF80}\u{378}y", "xy"),
      ("naïve 日本 🙂 e\u{301}", "naïve 日本 🙂 e\u{301}"),
      ("\n\n  start\t", "start"), ("end \n\n", "end"), ("\t\r\n", ""), ("", ""),
    ]
    for (text, line) in cases {
      #expect(Display.oneLine(text) == line, "\(text.debugDescription)")
    }
  }
}
