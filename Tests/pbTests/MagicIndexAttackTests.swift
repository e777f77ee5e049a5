import Foundation
import Testing

/// Attacks on the libmagic index pb keeps in the user's cache folder
/// ($XDG_CACHE_HOME/pb/libmagic-index): compiled rules libmagic trusts as they are, so pb
/// must read only an index of the user's own, never through a link, and leave nothing
/// behind when it replaces one.
@Suite("libmagic index cache attacks", .tags(.endToEnd), .knownLibmagic)
struct MagicIndexCacheAttackTests {
  /// A one-pixel PNG's first bytes.
  static let png = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 0x08,
    0x06, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
  ])

  let sandbox: Sandbox
  let cacheHome: URL
  var cache: URL { cacheHome.appendingPathComponent("pb") }
  var index: URL { cache.appendingPathComponent("libmagic-index") }

  init() throws {
    sandbox = try Sandbox()
    cacheHome = sandbox.root.appendingPathComponent("cache")
  }

  func sniffPNG() throws -> Result {
    let path = try sandbox.file("pixel.png", Self.png)
    return try sandbox.pb("type", "--sniff", path, environment: ["XDG_CACHE_HOME": cacheHome.path])
  }

  @Test("an index in a cache folder others can write to is not read")
  func folderOthersCanWrite() throws {
    #expect(try sniffPNG().text.contains("libmagic: image/png"))
    // Someone who can write to the folder swaps PNG's type in the index's rules.
    var bytes = try Data(contentsOf: index)
    let png = Data("image/png\0".utf8)
    var replaced = 0
    while let range = bytes.range(of: png) {
      bytes.replaceSubrange(range, with: Data("text/html\0".utf8))
      replaced += 1
    }
    try #require(replaced > 0)
    try bytes.write(to: index)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cache.path)
    let result = try sniffPNG()
    #expect(result.status == 0, "\(result)")
    #expect(result.text.contains("libmagic: image/png"), "\(result)")
  }

  @Test("a symbolic link in place of the cache folder is not followed")
  func folderIsALink() throws {
    let elsewhere = sandbox.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: cache, withDestinationURL: elsewhere)
    let result = try sniffPNG()
    #expect(result.status == 0, "\(result)")
    #expect(result.text.contains("libmagic: image/png"), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  @Test("replacing a stale index leaves no temporary of a writer killed before its rename")
  func killedWritersTemporaries() throws {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try Data("stale".utf8).write(to: index)
    // What `pb` killed while writing its index in place of a stale one leaves (6 MB each).
    let leftover = cache.appendingPathComponent(".libmagic-index.0123456789abcdef")
    try Data(repeating: 0, count: 4096).write(to: leftover)
    let result = try sniffPNG()
    #expect(result.text.contains("libmagic: image/png"), "\(result)")
    let size = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int ?? 0
    #expect(size > 1 << 20)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path) == ["libmagic-index"])
  }

  @Test("an index truncated in place while pb has it mapped costs no crash and no answer")
  func truncatedWhileMapped() throws {
    #expect(try sniffPNG().text.contains("libmagic: image/png"))
    let path = try sandbox.file("pixel.png", Self.png)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["type", "--sniff", path, "-", path]
    process.environment = sandbox.environment.merging(["XDG_CACHE_HOME": cacheHome.path]) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // pb has sniffed the first file (the index is mapped) and waits for standard input.
    let maps = "/proc/\(process.processIdentifier)/maps"
    #expect(waitUntil(seconds: 30) { (try? String(contentsOfFile: maps, encoding: .utf8))?.contains("libmagic-index") ?? false })
    // Truncated in place (a restore tool, `: > file`), not replaced as pb replaces it.
    #expect(truncate(index.path, 0) == 0)
    try input.fileHandleForWriting.write(contentsOf: Self.png)
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(text)")
    #expect(text.components(separatedBy: "libmagic: image/png").count == 4, "\(text)")
  }

  @Test("an index whose rules libmagic refuses costs no error: the whole database answers")
  func rulesLibmagicRefuses() throws {
    #expect(try sniffPNG().text.contains("libmagic: image/png"))
    // The PNG test's relation made one libmagic cannot evaluate ("cannot happen: invalid
    // relation"), past everything cmagic_index_check reads.
    var bytes = try Data(contentsOf: index)
    var damaged = 0
    var from = bytes.startIndex
    while let range = bytes.range(of: Data("image/png\0".utf8), in: from..<bytes.endIndex) {
      bytes[range.lowerBound - 224 + 4] = 0x7F
      damaged += 1
      from = range.upperBound
    }
    try #require(damaged > 0)
    try bytes.write(to: index)
    let result = try sniffPNG()
    #expect(result.status == 0, "\(result)")
    #expect(result.text.contains("libmagic: image/png"), "\(result)")
  }

  @Test(
    "pb run by root with a user's HOME (sudo) leaves no folder of root's in that user's cache",
    .enabled(if: geteuid() == 0, "needs root to give the home to another user"))
  func rootInAUsersHome() throws {
    let home = sandbox.root.appendingPathComponent("alice")
    let userCache = home.appendingPathComponent(".cache")
    try FileManager.default.createDirectory(at: userCache, withIntermediateDirectories: true)
    for folder in [home, userCache] { #expect(chown(folder.path, 65534, 65534) == 0) }
    let path = try sandbox.file("pixel.png", Self.png)
    let result = try sandbox.pb("type", "--sniff", path, environment: ["HOME": home.path, "XDG_CACHE_HOME": ""])
    #expect(result.text.contains("libmagic: image/png"), "\(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: userCache.path).isEmpty)
  }
}
