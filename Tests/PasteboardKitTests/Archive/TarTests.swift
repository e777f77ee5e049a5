import Foundation
import LinuxSystem
import Testing

@testable import PasteboardKit

/// Tar streams built by hand, block by block, as a hostile writer would make them.
enum TarBytes {
  /// One header block (a correct checksum unless the caller breaks it afterwards).
  static func header(_ name: String, size: Int64, type: Character = "0") -> [UInt8] {
    TarWriter.header(name: Array(name.utf8), size: size, type: type, modified: 0)
  }

  static func padded(_ body: [UInt8]) -> [UInt8] {
    body + [UInt8](repeating: 0, count: (512 - body.count % 512) % 512)
  }

  /// A regular member whose header says `size` (by default, the body's true size).
  static func member(_ name: String, _ body: [UInt8], size: Int64? = nil, type: Character = "0") -> [UInt8] {
    header(name, size: size ?? Int64(body.count), type: type) + padded(body)
  }

  /// A pax header carrying `records`, for the member after it.
  static func pax(_ records: [(String, String)]) -> [UInt8] {
    let body = records.flatMap { TarWriter.paxRecord($0.0, Array($0.1.utf8)) }
    return member("PaxHeaders/x", body, type: "x")
  }

  static let end = [UInt8](repeating: 0, count: 1024)

  /// Gives a header edited by hand a checksum that matches it again.
  static func sign(_ header: inout [UInt8]) {
    for index in 148..<156 { header[index] = 0x20 }
    let sum = header.reduce(0) { $0 + Int($1) }
    let digits: [UInt8] = Array(String(format: "%06o", sum).utf8)
    for (index, byte) in (digits + [0, 0x20]).enumerated() { header[148 + index] = byte }
  }
}

/// A file holding `bytes`, opened for reading, removed when the test ends.
final class TemporaryFile {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("pb-tar-\(UUID().uuidString)").path

  init(_ bytes: [UInt8] = []) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func open(writing: Bool = false) throws -> Descriptor {
    try SystemCall.open(path, flags: writing ? O_WRONLY | O_TRUNC : O_RDONLY)
  }

  var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }
}

@Suite(.tags(.unit)) struct TarTests {
  /// Every member of a stream with its body, or the failure's reason.
  func read(_ bytes: [UInt8]) throws -> [(TarMember, [UInt8])] {
    let file = try TemporaryFile(bytes)
    let reader = TarReader(from: try file.open())
    var members: [(TarMember, [UInt8])] = []
    while let member = try reader.next() {
      members.append((member, try reader.readBody(limit: 1 << 24)))
    }
    return members
  }

  func refusal(_ bytes: [UInt8]) -> String? {
    do {
      _ = try read(bytes)
      return nil
    } catch let failure as Tar.Failure {
      return failure.reason
    } catch {
      return "\(error)"
    }
  }

  @Test func writtenMembersReadBackByteForByteWithLongNamesInPaxHeaders() throws {
    let longName = "data/" + String(repeating: "n", count: 150) + "-é"
    let body = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let source = try TemporaryFile(body)
    let output = try TemporaryFile()
    let writer = TarWriter(to: try output.open(writing: true), modified: 1_700_000_000)
    try writer.writeMember(named: "pb-archive.json", bytes: Array("{}".utf8))
    try writer.writeMember(named: longName, size: Int64(body.count), from: try source.open())
    try writer.writeMember(named: "empty", bytes: [])
    try writer.finish()
    let bytes = output.bytes
    #expect(bytes.count % 512 == 0)
    // The long name went into a pax header: the ustar name field holds its first 100 bytes.
    #expect(String(decoding: bytes, as: UTF8.self).contains("path=" + longName))

    // GNU tar and Python's tarfile read the pax header's name, and the body after it.
    for (tool, arguments) in [
      ("/usr/bin/tar", ["-tf", output.path]),
      ("/usr/bin/python3", ["-c", "import sys, tarfile; [print(m.name, m.size) for m in tarfile.open(sys.argv[1])]", output.path]),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0 && listed.contains(longName), "\(tool): \(listed)")
    }

    let members = try read(bytes)
    #expect(members.map(\.0.name) == ["pb-archive.json", longName, "empty"])
    #expect(members.map(\.0.size) == [2, Int64(body.count), 0])
    #expect(members[1].1 == body)
    #expect(members[2].1.isEmpty)
  }

  @Test func aSourceShorterThanItsSizeIsAnErrorNotAShortMember() throws {
    let source = try TemporaryFile([1, 2, 3])
    let output = try TemporaryFile()
    let writer = TarWriter(to: try output.open(writing: true), modified: 0)
    #expect(throws: SystemError.self) { try writer.writeMember(named: "x", size: 10, from: try source.open()) }
  }

  @Test func paxRecordsCountTheirOwnLengthAcrossDigitBoundaries() {
    for length in 0..<300 {
      let record = TarWriter.paxRecord("path", [UInt8](repeating: UInt8(ascii: "a"), count: length))
      let digits = record.prefix { $0 != 0x20 }
      #expect(Int(String(decoding: digits, as: UTF8.self)) == record.count, "value of \(length) bytes")
    }
  }

  @Test func aPaxSizeOverridesTheUstarSizeAndIsChecked() throws {
    let body: [UInt8] = Array("twelve bytes".utf8)
    let stream = TarBytes.pax([("size", "12"), ("mtime", "1.5")]) + TarBytes.member("big", body, size: 0)[0..<512]
      + TarBytes.padded(body) + TarBytes.end
    let members = try read(Array(stream))
    #expect(members.map(\.0.size) == [12])
    #expect(members.first?.1 == body)

    for bad in ["-5", "99999999999999999999", "", "1e3", "+4"] {
      let stream = TarBytes.pax([("size", bad)]) + TarBytes.member("x", []) + TarBytes.end
      #expect(refusal(stream)?.contains("is not a size") == true, "size=\(bad)")
    }
  }

  @Test func sizesPastWhatUstarHoldsGoInAPaxHeaderAndReadBack() throws {
    let large = Tar.largestUstarSize + 1
    let headers = TarWriter.headers(name: "data/0123456789abcdef", size: large, modified: 0)
    #expect(headers.count == 3 * 512, "a pax header, its records, the ustar header")
    #expect(headers[1024 + 124..<1024 + 136].allSatisfy { $0 == UInt8(ascii: "0") || $0 == 0 }, "ustar size 0")
    let file = try TemporaryFile(headers)
    let reader = TarReader(from: try file.open())
    #expect(try reader.next() == TarMember(name: "data/0123456789abcdef", size: large))
    #expect(throws: Tar.Failure.self, "the body is not there") { try reader.readBody { _ in } }
    let small = TarWriter.headers(name: "data/0123456789abcdef", size: Tar.largestUstarSize, modified: 0)
    #expect(small.count == 512, "the largest size ustar holds needs no pax header")
  }

  @Test func aHeaderWithABadChecksumIsRefused() {
    var stream = TarBytes.member("pb-archive.json", Array("{}".utf8)) + TarBytes.end
    stream[3] ^= 0x01  // a byte of the name
    #expect(refusal(stream)?.contains("checksum") == true)
  }

  @Test func sizeFieldsThatAreNotOctalNumbersAreRefused() {
    for field in ["-0000000005\0", "99999999999\0", "\u{80}0000000001\0", "           "] {
      var header = TarBytes.header("x", size: 0)
      for (index, byte) in field.utf8.prefix(12).enumerated() { header[124 + index] = byte }
      // Sign the header again, so that only the size is wrong.
      TarBytes.sign(&header)
      #expect(refusal(header + TarBytes.end)?.contains("size") == true, "size field \(field.debugDescription)")
    }
  }

  @Test(arguments: ["1", "2", "3", "4", "5", "6", "g", "L", "K", "S", "7"] as [Character])
  func membersOtherThanFilesAndPaxHeadersAreRefused(type: Character) {
    let stream = TarBytes.member("data/0123456789abcdef", [], type: type) + TarBytes.end
    #expect(refusal(stream)?.contains("not a regular file") == true)
  }

  @Test func linkTargetsAndSparseFilesInPaxHeadersAreRefused() {
    #expect(refusal(TarBytes.pax([("linkpath", "/etc/passwd")]) + TarBytes.member("x", []) + TarBytes.end) != nil)
    #expect(refusal(TarBytes.pax([("GNU.sparse.map", "0,1")]) + TarBytes.member("x", []) + TarBytes.end) != nil)
  }

  @Test func malformedPaxRecordsAreRefused() {
    for records in ["5 path=x\n", "30 path=x\n", "abc path=x\n", "9 pathx\n\n", "99999999999999999999999 a=b\n"] {
      let stream = TarBytes.member("PaxHeaders/x", Array(records.utf8), type: "x") + TarBytes.member("x", []) + TarBytes.end
      #expect(refusal(stream)?.contains("pax header") == true, "\(records.debugDescription)")
    }
  }

  @Test func aBodyCutShortIsRefused() {
    let whole = TarBytes.member("x", [UInt8](repeating: 7, count: 2000)) + TarBytes.end
    for length in [512 + 100, 512 + 1536, 512 + 2000, 512 + 2048, 512 + 2048 + 512] {
      #expect(refusal(Array(whole[..<length])) != nil, "cut at \(length)")
    }
    #expect(refusal(Array(whole[..<300]))?.contains("cut short") == true, "a header cut short")
    #expect((try? read(whole))?.count == 1)
  }

  @Test func aStreamWithoutItsEndMarkerIsRefused() {
    #expect(refusal(TarBytes.member("x", [1])) != nil)
    #expect(refusal(TarBytes.member("x", [1]) + [UInt8](repeating: 0, count: 512)) != nil)
    #expect(refusal(TarBytes.pax([("path", "y")]) + TarBytes.end) != nil, "a pax header needs its member")
    #expect(refusal([]) != nil)
  }

  @Test func aHeaderThatIsNotUstarIsRefused() {
    var header = TarBytes.header("x", size: 0)
    // GNU's old magic, "ustar  \0", signed again.
    for (index, byte) in Array("ustar  \0".utf8).enumerated() { header[257 + index] = byte }
    TarBytes.sign(&header)
    #expect(refusal(header + TarBytes.end)?.contains("ustar") == true)
  }

  @Test func namesAreReturnedAsWrittenForTheCallerToJudge() throws {
    // The tar layer uses no name as a path; the board archive compares each with the
    // one it expects. A prefix field joins the name.
    var header = TarBytes.header("passwd", size: 0)
    for (index, byte) in Array("../../etc".utf8).enumerated() { header[345 + index] = byte }
    TarBytes.sign(&header)
    #expect(try read(header + TarBytes.end).map(\.0.name) == ["../../etc/passwd"])
  }
}
