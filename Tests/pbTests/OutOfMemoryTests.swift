import Foundation
import Testing

/// pb under an address-space limit too small for it (`ulimit -v`): one line and exit 71
/// (EX_OSERR), never a crash, and the store as it was or with the change made whole.
@Suite("out of memory")
struct OutOfMemoryTests {
  @Test("copy, undo and history under ulimit -v: one line and 71, never a signal; the store reads back", arguments: ["copy", "undo", "history"])
  func underAnAddressSpaceLimit(command: String) throws {
    let sandbox = try Sandbox()
    let input = try sandbox.file("input.txt", "third")
    var written: Set<String> = ["third"]
    var refused = 0
    // From where the binary cannot start to where it runs: a debug build's shared
    // libraries do not map at the lowest (127, before pb runs), a static one's do.
    for limit in stride(from: 20_000, through: 120_000, by: 10_000) {
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
}
