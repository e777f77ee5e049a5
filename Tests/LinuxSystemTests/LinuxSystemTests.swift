import Glibc
import LinuxSystem
import Testing

@Suite(.tags(.unit)) struct FileDescriptorTests {
  @Test("bytes written to a pipe's end are read from the other; closing the writer ends the reader's data")
  func pipeRoundTrip() throws {
    let (reader, writer) = try SystemCall.pipe()
    try writer.writeAll(Array("hello".utf8))
    #expect(try SystemCall.waitReadable(reader.file, milliseconds: 1000, path: "the pipe"))
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try buffer.withUnsafeMutableBytes { try reader.file.read(into: $0) }
    #expect(Array(buffer[..<count]) == Array("hello".utf8))
    _ = consume writer
    let rest = try buffer.withUnsafeMutableBytes { try reader.readFully(into: $0) }
    #expect(rest == 0)
  }

  @Test("waiting on a pipe with nothing in it times out")
  func waitTimesOut() throws {
    let (reader, writer) = try SystemCall.pipe()
    #expect(try !SystemCall.waitReadable(reader.file, milliseconds: 10, path: "the pipe"))
    let ready = try SystemCall.wait([.init(reader, events: Int16(POLLIN)), .init(writer, events: Int16(POLLOUT))], milliseconds: 10, path: "the pipe")
    #expect(ready.map { $0 != 0 } == [false, true])
  }

  @Test("a file in memory is read back from its start after a rewind, and a copy moves all of it")
  func memoryFileCopy() throws {
    let file = try SystemCall.memoryFile(named: "source")
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
    try file.writeAll(bytes)
    try file.file.rewind()
    let copy = try SystemCall.memoryFile(named: "copy")
    #expect(try ByteTransfer.copy(from: file.file, to: copy.file) == Int64(bytes.count))
    #expect(try ByteTransfer.isPrefix(file.file, of: copy.file))
    #expect(try copy.status().st_size == bytes.count)
  }

  @Test("a failed call names the operation and the path")
  func errorsNameThePath() {
    #expect(throws: SystemError(errno: ENOENT, operation: "open", path: "/nonexistent/pb")) {
      try SystemCall.open("/nonexistent/pb", flags: O_RDONLY)
    }
  }
}

@Suite(.tags(.unit)) struct EnvironmentTests {
  @Test("given values stand for the process's: an empty value is as unset")
  func givenValues() {
    let environment = Environment(["DISPLAY": ":1", "WAYLAND_DISPLAY": ""])
    #expect(environment["DISPLAY"] == ":1")
    #expect(environment["WAYLAND_DISPLAY"] == nil)
    #expect(environment["HOME"] == nil)
    #expect(environment.value(keepingEmpty: "WAYLAND_DISPLAY") == "")
    #expect(environment.value(keepingEmpty: "HOME") == nil)
  }

  @Test("the process's environment is read with getenv")
  func processValues() {
    setenv("PB_LINUX_SYSTEM_TEST", "value", 1)
    defer { unsetenv("PB_LINUX_SYSTEM_TEST") }
    #expect(Environment.process["PB_LINUX_SYSTEM_TEST"] == "value")
    setenv("PB_LINUX_SYSTEM_TEST", "", 1)
    #expect(Environment.process["PB_LINUX_SYSTEM_TEST"] == nil)
    #expect(Environment.process.value(keepingEmpty: "PB_LINUX_SYSTEM_TEST") == "")
  }
}

@Suite(.tags(.unit)) struct TemporaryDirectoryTests {
  @Test("a temporary folder is made in a parent whose name is not UTF-8, and its path keeps the parent's bytes")
  func parentNotUTF8() throws {
    let parentBytes = Array("/tmp/pb-test-\(getpid())-".utf8) + [0xFF] + Array("x".utf8)
    let parent = (parentBytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { PathBytes.string(cString: $0.baseAddress!) } }
    try #require((parentBytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o700) } } == 0)
    defer { _ = (parentBytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { rmdir($0.baseAddress!) } } }
    let made = try SystemCall.makeTemporaryDirectory(prefix: "pb-test", in: parent)
    #expect(made.hasPrefix(parent + "/pb-test."))
    #expect(PathBytes.withCString(made) { rmdir($0) } == 0, "the folder is where its path says")
  }
}
