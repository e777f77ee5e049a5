import Foundation
import Testing

/// A password manager's copy (`x-kde-passwordManagerHint=secret`) imported with
/// `pb import` is a concealed item, stored in plain text under `data/`: it expires (30 s
/// by default, `--expire`), and then leaves the board, the disk and history.
@Suite("an imported secret expires, and leaves the disk and history when it does")
struct ImportedSecretTests {
  private func waitUntil(_ condition: () throws -> Bool) rethrows {
    let deadline = Date().addingTimeInterval(10)
    while try !condition() && Date() < deadline { usleep(20_000) }
  }

  /// A password manager's copy of `secret` on `x`'s clipboard.
  private func password(_ sandbox: Sandbox, _ x: PrivateX, _ secret: String) throws -> Background {
    try x.offer(
      sandbox, ["UTF8_STRING=\(try sandbox.file("pw.txt", secret))", "x-kde-passwordManagerHint=\(try sandbox.file("hint", "secret"))"])
  }

  /// The files under the store that hold `bytes`.
  private func files(_ sandbox: Sandbox, holding bytes: String) -> [String] {
    let root = sandbox.store.path
    let needle = Data(bytes.utf8)
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { FileManager.default.contents(atPath: root + "/" + $0)?.range(of: needle) != nil }
  }

  private static func date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  @Test("an imported password expires 30 s after the import by default")
  func defaultExpiry() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let owner = try password(sandbox, x, "hunter2")
    let before = Date()
    let imported = try sandbox.pb(["import"], environment: x.environment)
    #expect(imported.status == 0, "\(imported)")
    #expect(try sandbox.pb("paste").text == "hunter2", "the import took effect")
    #expect(try sandbox.pb("items").text.contains("<concealed>"))
    let info = try sandbox.json(try sandbox.pb("info", "--json")) as? [String: Any]
    let expires = (info?["expires"] as? String).flatMap(Self.date)
    #expect(expires != nil, "\(String(describing: info))")
    if let expires {
      let after = expires.timeIntervalSince(before)
      #expect(after > 25 && after <= 31, "expires \(after) s after the import")
    }

    // Not a password: no expiry of its own.
    let plain = try x.offer(sandbox, ["UTF8_STRING=\(try sandbox.file("plain.txt", "words"))"])
    #expect(try sandbox.pb(["import"], environment: x.environment).status == 0)
    #expect(try sandbox.pb("paste").text == "words", "the second import took effect")
    let second = try sandbox.json(try sandbox.pb("info", "--json")) as? [String: Any]
    #expect(second?["expires"] is NSNull, "\(String(describing: second))")
    withExtendedLifetime((owner, plain)) {}
  }

  @Test("--expire: once the secret expires it is gone from the board, from every file of the store and from undo")
  func expiredSecretLeavesDiskAndHistory() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let owner = try password(sandbox, x, "correct horse battery staple")
    let imported = try sandbox.pb(["import", "--expire", "300ms"], environment: x.environment)
    try #require(imported.status == 0, "\(imported)")
    // The import took effect: the secret is the board's item, in plain text on disk.
    #expect(try sandbox.pb("paste").text == "correct horse battery staple")
    #expect(!files(sandbox, holding: "correct horse battery staple").isEmpty, "the secret is stored")
    waitUntil { (try? sandbox.pb("paste").status) == 1 }
    #expect(try sandbox.pb("paste").status == 1, "expired")
    #expect(files(sandbox, holding: "correct horse battery staple") == [], "no file holds the secret")
    let undone = try sandbox.pb("undo")
    #expect(undone.status == 0, "\(undone)")
    #expect(try sandbox.pb("paste").text == "before", "undo gives the state before the import")
    #expect(files(sandbox, holding: "correct horse battery staple") == [], "undo brought no secret back")
    #expect(!(try sandbox.pb("history").text.contains("correct horse")))
    withExtendedLifetime(owner) {}

    let bad = try sandbox.pb(["import", "--expire", "soon"], environment: x.environment)
    #expect(bad.status == 64 && bad.stderr.contains("soon"), "\(bad)")
    #expect(try sandbox.pb("paste").text == "before", "a bad --expire changes nothing")
  }
}
