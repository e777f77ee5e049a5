import Foundation
import Testing

@testable import PasteboardKit

/// What a manifest may say: the decoder is the store's gate for untrusted files.
@Suite(.tags(.unit)) struct ManifestTests {
  static func manifest(changeCount: String = "3", file: String = "0123456789abcdef.txt", size: String = "5", type: String = "public.plain-text") -> [UInt8] {
    Array("""
      {"format": 1, "changeCount": \(changeCount), "date": "2026-11-22T10:00:00Z", "items": [
        {"representations": [{"file": "\(file)", "size": \(size), "type": "\(type)", "typeSource": "given"}]}]}
      """.utf8)
  }

  @Test func aManifestAsPbWritesItIsRead() throws {
    let decoded = try Manifest.decode(Self.manifest(), path: "m")
    #expect(decoded.changeCount == 3)
    #expect(decoded.items.first?.representations.first?.file == "0123456789abcdef.txt")
    let again = try Manifest.decode(decoded.encoded(), path: "m")
    #expect(again == decoded)
  }

  @Test(arguments: [
    (manifest(file: "../../../../etc/passwd"), "items[0].representations[0].file"),
    (manifest(file: "0123456789abcdef/x"), "representations[0].file"),
    (manifest(file: ".0123456789abcdef"), "representations[0].file"),
    (manifest(file: "0123456789ABCDEF.txt"), "representations[0].file"),
    (manifest(file: "0123456789abcdef."), "representations[0].file"),
    (manifest(size: "-5"), "representations[0].size: -5 is not a size"),
    (manifest(size: "1e400"), "representations[0].size: 1e400 is not a whole number in range"),
    (Array("{\"format\": 1, \"changeCount\": 3, \"items\": [}".utf8), "not valid JSON"),
    (manifest(type: "a b"), "representations[0].type"),
    (manifest(type: "public..png"), "representations[0].type"),
    (manifest(changeCount: "-1"), "changeCount"),
    (manifest(changeCount: "9223372036854775807"), "changeCount"),
    (manifest(changeCount: "99999999999999999999"), "field changeCount: 99999999999999999999 is not a whole number in range"),
    (Array(#"{"format": 1, "changeCount": 1, "items": [{"representations": [{"file": "0123456789abcdef"}]}]}"#.utf8), "representations[0].type: it is missing"),
  ])
  func damagedManifestsAreRefusedNamingTheField(bytes: [UInt8], field: String) {
    #expect {
      _ = try Manifest.decode(bytes, path: "state/3.json")
    } throws: { error in
      guard case .corruptStore(let path, let reason) = error as? PasteboardError else { return false }
      return path == "state/3.json" && reason.contains(field) && !reason.contains("\n")
    }
  }

  @Test func theHighestCountIsReadButCannotGrow() throws {
    let highest = String(Manifest.highestChangeCount)
    #expect(try Manifest.decode(Self.manifest(changeCount: highest), path: "m").changeCount == Manifest.highestChangeCount)
    #expect(Manifest.highestChangeCount == Int(Int64.max) - 1)
  }

  @Test func manifestNamesAreReadOnlyAsPbWritesThem() {
    #expect(Pasteboard.changeCount(ofManifestNamed: "42.json") == 42)
    #expect(Pasteboard.changeCount(ofManifestNamed: "0.json") == 0)
    #expect(Pasteboard.changeCount(ofManifestNamed: "9223372036854775806.json") == Manifest.highestChangeCount)
    for name in ["042.json", "-1.json", "+1.json", ".json", "1.JSON", "1.json.tmp", "9223372036854775807.json", "99999999999999999999.json", "１.json"] {
      #expect(Pasteboard.changeCount(ofManifestNamed: name) == nil, "\(name)")
    }
  }

  @Test func dataFileNamesAreOfPbsOwnForm() {
    for name in ["0123456789abcdef", "0123456789abcdef.png", "0123456789abcdef.c++", "0123456789abcdef.tar_gz"] {
      #expect(StoreFiles.isDataFileName(name), "\(name)")
    }
    for name in ["", "..", "0123456789abcde", "0123456789abcdefg", "0123456789abcdef/", "0123456789abcdef.", "0123456789abcdef..", "0123456789abcdef.a/b", "0123456789abcdef.a.b", "0123456789abcdef." + String(repeating: "x", count: 33)] {
      #expect(!StoreFiles.isDataFileName(name), "\(name)")
    }
  }
}

@Suite(.tags(.unit)) struct ManifestLimitTests {
  @Test func aWriterNeverCommitsAManifestReadersWouldRefuse() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("pbkit-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let board = try Store.open(at: root, settings: .test(home: root), creating: true).pasteboard(named: "general", creating: true)
    let representation = Representation(type: .utf8PlainText, file: "0123456789abcdef.txt", size: 0, typeSource: .given)
    let many = Array(repeating: Item(representations: Array(repeating: representation, count: 100)), count: 1500)
    let before = try board.state()
    #expect(throws: (any Error).self) {
      _ = try board.commit(from: nil) { _, _, _ in many }
    }
    #expect(try board.state() == before, "nothing was committed")
    let few = Array(many.prefix(10))
    #expect(try board.commit(from: nil) { _, _, _ in few }.state.numberOfItems == 10, "a manifest within the limit commits")
  }
}
