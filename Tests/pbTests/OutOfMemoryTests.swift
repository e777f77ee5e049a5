import Foundation
import Testing

/// pb under an address-space limit too small for it (`ulimit -v`): one line and exit 71
/// (EX_OSERR), never a crash, and the store as it was or with the change made whole.
@Suite("out of memory", .tags(.endToEnd, .long))
struct OutOfMemoryTests {
  @Test("copy, undo and history under ulimit -v: one line and 71, never a signal; the store reads back", arguments: ["copy", "undo", "history"])
  func underAnAddressSpaceLimit(command: String) throws {
    let sandbox = try Sandbox()
    let input = try sandbox.file("input.txt", "third")
    var written: Set<String> = ["third"]
    var refused = 0
    // From just above what the program itself maps (below it, the kernel cannot start
    // it: SIGSEGV before pb runs) to where it runs; a debug build's shared libraries
    // do not map at the lowest (127, before pb runs).
    let lowest = max(20_000, (try Self.loadedKiB(Sandbox.binary) / 10_000 + 1) * 10_000)
    for limit in stride(from: lowest, through: lowest + 100_000, by: 10_000) {
      // Something to undo each time.
      written.insert("value \(limit)")
      #expect(try sandbox.pb("copy", stdin: Data("value \(limit)".utf8)).status == 0)
      let result = try sandbox.shell("ulimit -v \(limit); pb \(command) < \(input)")
      let lines = result.stderr.split(separator: "\n")
      if result.status == 71 {
        refused += 1
        #expect(lines.count == 1 && lines[0].hasPrefix("pb: out of memory: "), "\(limit): \(result)")
      } else if result.status == 127 {
        #expect(result.stderr.contains("error while loading shared libraries"), "\(limit): \(result)")
      } else {
        #expect(result.status == 0, "\(limit): \(result)")
      }
      let pasted = try sandbox.pb("paste")
      #expect(pasted.status == 0 && written.contains(pasted.text), "\(limit): \(pasted)")
      #expect(try sandbox.pb("history", "--json").status == 0)
    }
    #expect(refused > 0, "some limit left pb too little")
  }

  /// The KiB an ELF64 program's loaded segments (PT_LOAD) take in memory.
  static func loadedKiB(_ path: String) throws -> Int {
    let elf = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func number(_ offset: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 | Int(elf[offset + $1]) << (8 * $1) }
    }
    let (table, entrySize, count) = (number(0x20, 8), number(0x36, 2), number(0x38, 2))
    let loaded = (0..<count).map { table + $0 * entrySize }.filter { number($0, 4) == 1 }.map { number($0 + 0x28, 8) }
    return loaded.reduce(0, +) / 1024
  }
}
