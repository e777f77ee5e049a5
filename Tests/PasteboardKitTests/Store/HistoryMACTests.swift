import Testing

@testable import PasteboardKit

/// SHA-256 and HMAC against their standards' vectors, and what a cut file's MAC covers.
@Suite(.tags(.unit)) struct HistoryMACTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
  }

  @Test func sha256MatchesFIPS180AndEveryPaddingBoundary() {
    #expect(Self.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(Self.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // Python's hashlib, for lengths around the 64-byte block and its 56-byte padding edge.
    for (count, digest) in [
      (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
      (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
      (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
      (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
      (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
      (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
    ] {
      #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: count))) == digest, "\(count) bytes")
    }
  }

  @Test func hmacMatchesRFC4231() {
    #expect(
      Self.hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      Self.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      Self.hex(
        SHA256.hmac(
          key: [UInt8](repeating: 0xaa, count: 131), message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test func aSealCoversEveryFieldUndoAndRedoActOnAndItsBoardAndEntry() {
    let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
    let cut = CutFile(
      path: "/home/me/a", file: "0123456789abcdef", mode: 0o644, modified: 7, restored: RestoredFile(path: "/home/me/a", identity: identity))
    let seal = HistorySeal(key: [UInt8](repeating: 7, count: 32), board: "general")
    let text = seal.seal(cut, entryCount: 9)
    #expect(text.utf8.count == 64 && seal.verifies(cut, entryCount: 9, seal: text))
    var changed: [CutFile] = []
    for edit: (inout CutFile) -> Void in [
      { $0.path = "/home/me/b" }, { $0.file = "0123456789abcdee" }, { $0.mode = 0o4755 }, { $0.modified = 8 },
      { $0.restored = nil }, { $0.restored?.path = "/home/me/a.restored" }, { $0.restored?.identity.device = 9 },
      { $0.restored?.identity.inode = 9 }, { $0.restored?.identity.size = 9 }, { $0.restored?.identity.modified = 9 },
      { $0.restored?.identity.changed = 9 },
    ] {
      var other = cut
      edit(&other)
      changed.append(other)
    }
    for other in changed { #expect(!seal.verifies(other, entryCount: 9, seal: text), "\(other)") }
    #expect(!seal.verifies(cut, entryCount: 10, seal: text), "another entry")
    #expect(!HistorySeal(key: seal.key, board: "other").verifies(cut, entryCount: 9, seal: text), "another board")
    #expect(!HistorySeal(key: [UInt8](repeating: 8, count: 32), board: "general").verifies(cut, entryCount: 9, seal: text), "another key")
    #expect(!seal.verifies(cut, entryCount: 9, seal: String(text.dropLast()) + "0") || text.hasSuffix("0"))
  }
}
