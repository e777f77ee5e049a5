import Foundation
import LinuxSystem
import Testing

@testable import PasteboardKit

/// Members whose bodies move between pipes and files without passing through pb (splice),
/// as a remote board's output does: the bytes, the framing and the fallbacks where the
/// kernel cannot splice.
@Suite(.tags(.unit)) struct TarPipeTests {
  /// Bodies of the sizes that matter to the framing: empty, one byte, a block less one,
  /// one block, and more than the reader's buffer, not a whole number of blocks.
  static let bodies: [[UInt8]] = [0, 1, 511, 512, (1 << 20) + 1].map { size in
    (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
  }

  /// A stream of `bodies` as `stdout` members, with a small message between them, as a
  /// plain tar writer makes it.
  func stream(_ bodies: [[UInt8]]) throws -> [UInt8] {
    let file = try TemporaryFile()
    let writer = TarWriter(to: try file.open(writing: true), modified: 0)
    for body in bodies {
      try writer.writeMember(named: "stdout", bytes: body)
      try writer.writeMember(named: "alive", bytes: [])
    }
    try writer.finish()
    return file.bytes
  }

  /// Reads `input` member by member: `stdout` bodies written to `destination` with
  /// `readBody(to:)`, the others read as bytes; the names in order.
  func readAll(from input: Descriptor, to destination: Descriptor) throws -> [String] {
    let reader = TarReader(from: input)
    var names: [String] = []
    while let member = try reader.next() {
      names.append(member.name)
      if member.name == "stdout" {
        try reader.readBody(to: destination)
      } else {
        #expect(try reader.readBody(limit: 0) == [])
      }
    }
    return names
  }

  /// A pipe fed `bytes` by a thread of its own, which closes it when done; its read end.
  func feeding(_ bytes: [UInt8], capacity: Int? = nil) throws -> (Descriptor, BackgroundThread) {
    let pipe = try SystemCall.pipe()
    if let capacity { try pipe.read.file.setPipeCapacity(capacity) }
    let write = pipe.write
    return (pipe.read, BackgroundThread { try? write.writeAll(bytes) })
  }

  @Test func bodiesSplicedFromAPipeToAFileArriveWholeAndTheMembersAfterThemStillRead() throws {
    let (input, feeder) = try feeding(try stream(Self.bodies))
    let output = try TemporaryFile()
    let names = try readAll(from: input, to: try output.open(writing: true))
    feeder.wait()
    #expect(names == Array(repeating: ["stdout", "alive"], count: Self.bodies.count).flatMap { $0 })
    #expect(output.bytes == Self.bodies.flatMap { $0 })
  }

  @Test func bodiesFromAFileGoThroughTheBufferWhereTheKernelCannotSplice() throws {
    let archive = try TemporaryFile(try stream(Self.bodies))
    let output = try TemporaryFile()
    // Neither end is a pipe: splice refuses, and the same bytes come through the buffer.
    _ = try readAll(from: try archive.open(), to: try output.open(writing: true))
    #expect(output.bytes == Self.bodies.flatMap { $0 })
  }

  @Test func aBodyCutShortIsRefusedWhenSpliced() throws {
    let (input, feeder) = try feeding(TarBytes.header("stdout", size: 4096) + [UInt8](repeating: 7, count: 1000))
    let output = try TemporaryFile()
    let reader = TarReader(from: input)
    #expect(try reader.next()?.name == "stdout")
    feeder.wait()
    #expect(throws: Tar.Failure.self) { try reader.readBody(to: try output.open(writing: true)) }
    #expect(output.bytes == [UInt8](repeating: 7, count: 1000))
  }

  @Test func aClosedDestinationTakesNothingMoreAndTheReaderGoesOnToTheNextMember() throws {
    SystemCall.ignoreBrokenPipes()  // as pb does: a write to a pipe without a reader fails with EPIPE
    let (input, feeder) = try feeding(try stream([Self.bodies[4], [1, 2, 3]]))
    let destination = try SystemCall.pipe().write  // its read end is closed at once
    let reader = TarReader(from: input)
    #expect(try reader.next()?.name == "stdout")
    #expect {
      try reader.readBody(to: destination)
    } throws: { ($0 as? SystemError)?.errno == EPIPE }
    // The rest of that body was dropped: the next member reads as written.
    #expect(try reader.next()?.name == "alive")
    #expect(try reader.readBody(limit: 0) == [])
    #expect(try reader.next() == TarMember(name: "stdout", size: 3))
    #expect(try reader.readBody(limit: 3) == [1, 2, 3])
    feeder.wait()
  }

  @Test func aMemberWrittenFromAPipeCarriesExactlyTheBytesTheHeaderSays() throws {
    let body = Array(Self.bodies[4].prefix(300_001))
    let (source, feeder) = try feeding(body + [9, 9, 9], capacity: 1 << 20)
    feeder.wait()  // the pipe holds the whole body and three bytes more
    let archive = try TemporaryFile()
    let writer = TarWriter(to: try archive.open(writing: true), modified: 0)
    try writer.writeMember(named: "stdout", size: body.count, fromPipe: source)
    try writer.finish()
    let reader = TarReader(from: try archive.open())
    #expect(try reader.next() == TarMember(name: "stdout", size: Int64(body.count)))
    #expect(try reader.readBody(limit: 1 << 20) == body)
    #expect(try reader.next() == nil)
    var rest = [UInt8](repeating: 0, count: 8)
    let count = try rest.withUnsafeMutableBytes { try source.file.read(into: $0) }
    #expect(Array(rest[..<count]) == [9, 9, 9])
  }
}
