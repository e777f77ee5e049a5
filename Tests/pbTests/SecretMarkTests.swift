import Foundation
import Testing

/// Every convention by which an application marks its copy a secret (KDE's password
/// manager hint, CopyQ's hidden mark, nspasteboard.org's concealed type) makes it a
/// concealed item on import and keeps it out of the bridge; nspasteboard.org's transient
/// type keeps a copy out of history; pb's own concealed items carry all three marks.
/// Each on X11 (Xvfb) and on Wayland (headless sway), with test clients that offer
/// several types at once.
@Suite("every secret mark: honoured on import and by the bridge, all three offered", .tags(.endToEnd, .desktop))
struct SecretMarkTests {
  /// A mark, with the content that makes a copy a secret (any, for nspasteboard.org's).
  enum Mark: String, CaseIterable {
    case kde = "x-kde-passwordManagerHint"
    case copyQ = "application/x-copyq-hidden"
    case nspasteboard = "org.nspasteboard.ConcealedType"

    var content: String {
      switch self {
      case .kde: "secret"
      case .copyQ: "1"
      case .nspasteboard: ""
      }
    }
  }

  enum Backend: String, CaseIterable {
    case x11, wayland
  }

  /// A private desktop of either kind, spoken to with its own clients.
  final class Desk {
    let sandbox: Sandbox
    let x: PrivateX?
    let sway: PrivateSway?

    init(_ sandbox: Sandbox, _ backend: Backend) throws {
      self.sandbox = sandbox
      x = backend == .x11 ? try PrivateX(sandbox) : nil
      sway = backend == .wayland ? try PrivateSway(sandbox) : nil
    }

    /// What pb and the clients run against it need.
    var environment: [String: String] { x?.environment ?? sway?.environment ?? [:] }
    /// A bridge's, without the empty DISPLAY that keeps other clients off X.
    var bridgeEnvironment: [String: String] { environment.filter { !$0.value.isEmpty } }

    /// Owns the clipboard with a test client offering each NAME=CONTENT; returns once it
    /// owns it. Its output says "asked NAME" for each request.
    func offer(_ targets: [(String, String)]) throws -> Background {
      let specs = try targets.enumerated().map { index, target in
        "\(target.0)=\(try sandbox.file("offered-\(UUID().uuidString)-\(index)", target.1))"
      }
      let client = x != nil ? DesktopTests.client : ImportRobustnessTests.waylandLateClient
      let owner = try Background(sandbox, ["python3", client, "offer"] + specs, environment: environment)
      try #require(owner.waitFor("owned").contains("owned"), "\(owner.waitFor("owned"))")
      return owner
    }

    /// Copies `text` with xclip or wl-copy.
    func copy(_ text: String) throws {
      let copied =
        if let x { try x.xclipCopy(sandbox, ["-selection", "clipboard", "-i"], stdin: Data(text.utf8)) } else {
          try sway!.copy(sandbox, [text])
        }
      try #require(copied.status == 0, "\(copied)")
    }

    /// The clipboard's targets, as `xclip -o -t TARGETS` or `wl-paste -l` list them.
    func targets() throws -> [String] {
      let listed =
        if let x { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"]) } else {
          try sway!.client(sandbox, "wl-paste", ["-l"])
        }
      return listed.lines
    }

    /// The clipboard's data under `target`.
    func read(_ target: String) throws -> Result {
      if let x { return try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o", "-t", target]) }
      return try sway!.client(sandbox, "wl-paste", ["-n", "-t", target])
    }

    /// pb's watchers of an imported secret on this desktop.
    var watchers: [Int32] {
      ownerProcesses(with: x.map { "DISPLAY=\($0.display)" } ?? "WAYLAND_DISPLAY=\(sway!.socket)", command: "__secret-watch")
    }
  }

  /// The files under the store that hold `text`.
  private func files(_ sandbox: Sandbox, holding text: String) -> [String] {
    let root = sandbox.store.path
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { FileManager.default.contents(atPath: root + "/" + $0)?.range(of: Data(text.utf8)) != nil }
  }

  /// Everything pb shows of the board's past: the undo stack and the picker's list
  /// (with the present, listed as 0, unless `present` is false).
  private func history(_ sandbox: Sandbox, present: Bool = true) throws -> String {
    let listed = try sandbox.pb("history", "--list").lines.filter { present || !$0.hasPrefix("0\t") }
    return try sandbox.pb("history").text + listed.joined(separator: "\n")
  }

  /// Offers `text` with `mark` on `desk` and imports it: the import took effect, and the
  /// mark is no representation of the item. Returns the offer's owner.
  private func imported(_ sandbox: Sandbox, _ desk: Desk, _ text: String, marked mark: (String, String)) throws -> Background {
    let owner = try desk.offer([("text/plain", text), mark])
    let result = try sandbox.pb(["import"], environment: desk.environment)
    try #require(result.status == 0, "\(result)")
    try #require(try sandbox.pb("paste").text == text, "the import took effect")
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text"], "the mark is no representation of the item")
    return owner
  }

  static let marked = Backend.allCases.flatMap { backend in Mark.allCases.map { (backend, $0) } }

  @Test("pb import: a copy with each mark is a concealed item, out of history, and leaves the disk when its owner goes", arguments: marked)
  func importedMark(_ backend: Backend, _ mark: Mark) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let secret = "\(mark.rawValue) hunter2"
    let owner = try imported(sandbox, desk, secret, marked: (mark.rawValue, mark.content))
    #expect(try sandbox.pb("items").text.contains("<concealed>"))
    #expect(!(try history(sandbox).contains("hunter2")))
    kill(owner.pid, SIGKILL)
    waitUntil { files(sandbox, holding: secret).isEmpty }
    #expect(files(sandbox, holding: secret) == [], "no file holds the secret once its owner went")
    waitUntil { desk.watchers.isEmpty }
    #expect(desk.watchers.isEmpty, "the watcher ends with the secret")
    #expect(try sandbox.pb("undo").status == 0)
    #expect(try sandbox.pb("paste").text == "before", "undo gives the state before the import")
    #expect(!(try history(sandbox).contains("hunter2")))
    withExtendedLifetime(owner) {}
  }

  @Test("pb import: CopyQ's mark with another content than 1 marks no secret", arguments: Backend.allCases)
  func copyQMarkReadForItsContent(_ backend: Backend) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    let owner = try imported(sandbox, desk, "shown words", marked: (Mark.copyQ.rawValue, "0"))
    #expect(owner.waitFor("asked \(Mark.copyQ.rawValue)").contains("asked \(Mark.copyQ.rawValue)"), "the mark was read")
    #expect(!(try sandbox.pb("items").text.contains("<concealed>")))
    withExtendedLifetime(owner) {}
  }

  @Test("pb import: CopyQ's mark listed but refused when read marks a secret, never an ordinary item in history")
  func copyQMarkRefused() throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, .x11)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let text = try sandbox.file("offered-text", "refused-mark hunter2")
    let owner = try Background(
      sandbox, ["python3", DesktopTests.client, "offer", "text/plain=\(text)", "\(Mark.copyQ.rawValue)="], environment: desk.environment)
    try #require(owner.waitFor("owned").contains("owned"), "\(owner.waitFor("owned"))")
    let result = try sandbox.pb(["import"], environment: desk.environment)
    try #require(result.status == 0, "\(result)")
    try #require(try sandbox.pb("paste").text == "refused-mark hunter2", "the import took effect")
    #expect(owner.waitFor("asked \(Mark.copyQ.rawValue)").contains("asked \(Mark.copyQ.rawValue)"), "the mark was asked for")
    #expect(try sandbox.pb("items").text.contains("<concealed>"))
    #expect(try sandbox.pb(["copy"], stdin: Data("after".utf8)).status == 0)
    #expect(!(try history(sandbox).contains("hunter2")), "the copy after it leaves no secret in history")
    withExtendedLifetime(owner) {}
  }

  /// Starts a bridge on `desk` and waits until it has imported a first copy.
  private func bridge(_ sandbox: Sandbox, _ desk: Desk) throws -> Background {
    let bridge = try Background.bridge(sandbox, environment: desk.bridgeEnvironment)
    try desk.copy("before")
    try waitUntil { (try? sandbox.pb("paste").text) == "before" }
    try #require(try sandbox.pb("paste").text == "before", "the bridge did not import: \(bridge.waitFor(""))")
    return bridge
  }

  @Test("pb bridge: a copy with each mark is never stored, nor its data read", arguments: marked)
  func bridgedMark(_ backend: Backend, _ mark: Mark) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    let bridge = try bridge(sandbox, desk)
    let count = try sandbox.changeCount()
    let secret = "\(mark.rawValue) hunter2"
    let owner = try desk.offer([("text/plain", secret), (mark.rawValue, mark.content)])
    // Once the bridge has looked at the offer (X11 asks the owner for its targets; CopyQ's
    // mark is read for its content), the next copy comes: the bridge reads it after it.
    if backend == .x11 { owner.waitFor("asked TARGETS") }
    if mark == .copyQ { owner.waitFor("asked \(mark.rawValue)") }
    try desk.copy("after")
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    try #require(try sandbox.pb("paste").text == "after", "the bridge did not import: \(bridge.waitFor(""))")
    #expect(try sandbox.changeCount() == count + 1, "the secret made a change")
    #expect(!owner.waitFor("").contains("asked text/plain"), "the secret's text was read: \(owner.waitFor(""))")
    #expect(files(sandbox, holding: secret) == [])
    #expect(!(try history(sandbox).contains("hunter2")))
    withExtendedLifetime((bridge, owner)) {}
  }

  @Test("pb import: a transient copy is the board's item, out of history; undo gives the state before it", arguments: Backend.allCases)
  func importedTransient(_ backend: Backend) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    try #require(try sandbox.pb(["copy"], stdin: Data("before".utf8)).status == 0)
    let owner = try imported(sandbox, desk, "passing words", marked: ("org.nspasteboard.TransientType", ""))
    // The transient copy is the present (--list's 0), as the test's import asserts; no past.
    #expect(!(try history(sandbox, present: false).contains("passing")))
    #expect(try sandbox.pb("undo").status == 0)
    #expect(try sandbox.pb("paste").text == "before", "undo gives the state before the transient copy")
    #expect(try sandbox.pb("redo").status != 0, "the transient copy does not come back")
    #expect(!(try history(sandbox).contains("passing")))
    withExtendedLifetime(owner) {}
  }

  @Test("pb bridge: a transient copy is the board's item while it is the clipboard, never in history", arguments: Backend.allCases)
  func bridgedTransient(_ backend: Backend) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    let bridge = try bridge(sandbox, desk)
    let owner = try desk.offer([("text/plain", "passing words"), ("org.nspasteboard.TransientType", "")])
    try waitUntil { (try? sandbox.pb("paste").text) == "passing words" }
    try #require(try sandbox.pb("paste").text == "passing words", "the bridge did not import: \(bridge.waitFor(""))")
    try desk.copy("after")
    try waitUntil { (try? sandbox.pb("paste").text) == "after" }
    try #require(try sandbox.pb("paste").text == "after", "the bridge did not import: \(bridge.waitFor(""))")
    let past = try history(sandbox)
    #expect(past.contains("before"), "the copy before is in history: \(past)")
    #expect(!past.contains("passing"), "\(past)")
    #expect(try sandbox.pb("undo").status == 0)
    #expect(try sandbox.pb("paste").text == "before", "undo goes past the transient copy")
    withExtendedLifetime((bridge, owner)) {}
  }

  /// The marks `desk`'s clipboard carries, as a client reads them.
  private func expectAllMarks(_ desk: Desk, _ context: String) throws {
    let targets = try desk.targets()
    for mark in Mark.allCases {
      #expect(targets.contains(mark.rawValue), "\(context): \(targets)")
    }
    #expect(try desk.read(Mark.kde.rawValue).text == "secret", "\(context)")
    #expect(try desk.read(Mark.copyQ.rawValue).text == "1", "\(context)")
    #expect(try desk.read(Mark.nspasteboard.rawValue).status == 0, "\(context)")
  }

  @Test("pb publish and pb bridge offer a concealed item with all three marks; an ordinary one with none", arguments: Backend.allCases)
  func concealedOffersEveryMark(_ backend: Backend) throws {
    let sandbox = try Sandbox()
    let desk = try Desk(sandbox, backend)
    try #require(try sandbox.pb(["copy", "--concealed"], stdin: Data("published hunter2".utf8)).status == 0)
    let published = try sandbox.pb(["publish"], environment: desk.environment)
    try #require(published.status == 0, "\(published)")
    try #require(try desk.read("text/plain").text == "published hunter2", "the publish took effect")
    try expectAllMarks(desk, "publish")

    try #require(try sandbox.pb(["copy"], stdin: Data("ordinary".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: desk.environment).status == 0)
    try #require(try desk.read("text/plain").text == "ordinary")
    let ordinary = try desk.targets()
    #expect(!Mark.allCases.contains { ordinary.contains($0.rawValue) }, "\(ordinary)")

    let bridge = try Background.bridge(sandbox, environment: desk.bridgeEnvironment)
    try #require(try sandbox.pb(["copy", "--concealed"], stdin: Data("bridged hunter2".utf8)).status == 0)
    try waitUntil { (try? desk.read("text/plain").text) == "bridged hunter2" }
    try #require(try desk.read("text/plain").text == "bridged hunter2", "the bridge did not offer: \(bridge.waitFor(""))")
    try expectAllMarks(desk, "bridge")
    withExtendedLifetime(bridge) {}
  }

  @Test("CopyQ 6.4 beside pb does not store pb's concealed item, and stores the ordinary one after it")
  func copyQLeavesConcealedItem() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    let copyq = try PrivateCopyQ(sandbox, x)
    try #require(copyq.size == 0, "CopyQ starts empty")

    try #require(try sandbox.pb(["copy", "--concealed"], stdin: Data("copyq hunter2".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    try #require(try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]).text == "copyq hunter2")
    // Taken in (a change coming soon after would have made it skip this one).
    try waitUntil { !copyq.changes.isEmpty }
    try #require(copyq.changes.count == 1, "CopyQ did not take the secret's change in: \(copyq.changes)")
    #expect(copyq.changes[0].contains("hidden clipboard"), "\(copyq.changes)")
    try #require(try sandbox.pb(["copy"], stdin: Data("copyq ordinary".utf8)).status == 0)
    try #require(try sandbox.pb(["publish"], environment: x.environment).status == 0)
    try waitUntil { copyq.read(0) == "copyq ordinary" }
    try #require(copyq.read(0) == "copyq ordinary", "CopyQ did not store an ordinary copy")
    #expect(copyq.size == 1, "CopyQ stored \(String(describing: copyq.size)) items")
    let stored = (0..<(copyq.size ?? 0)).map { copyq.read($0) }
    #expect(!stored.contains { $0?.contains("hunter2") != false }, "\(stored)")
    withExtendedLifetime(copyq) {}
  }
}
