import Foundation
import Testing

/// Attacks on `pb bridge` as the desktop's clipboard manager: hostile X clients and
/// requests the clipboard manager specification does not expect.
@Suite("pb bridge as clipboard manager, attacked")
struct ClipboardManagerAttackTests {
  private func waitUntil(_ condition: () throws -> Bool) rethrows {
    let deadline = Date().addingTimeInterval(10)
    while try !condition() && Date() < deadline { usleep(20_000) }
  }

  /// Asks CLIPBOARD_MANAGER for SAVE_TARGETS N times, as an application does before it
  /// exits; prints "ok", "refused" or "timeout" and the seconds each answer took.
  static let saveRequests = """
    import sys, time
    from Xlib import X, display
    d = display.Display()
    manager, save = d.intern_atom("CLIPBOARD_MANAGER"), d.intern_atom("SAVE_TARGETS")
    for _ in range(int(sys.argv[1])):
        w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        w.convert_selection(manager, save, d.intern_atom("PB_SAVE"), X.CurrentTime)
        d.flush()
        started, answer = time.time(), "timeout"
        while answer == "timeout" and time.time() < started + 10:
            while d.pending_events():
                e = d.next_event()
                if e.type == X.SelectionNotify and e.requestor == w:
                    answer = "ok" if e.property else "refused"
            time.sleep(0.002)
        print(answer, "%.2f" % (time.time() - started), flush=True)
        w.destroy()
    """

  @Test("X11: SAVE_TARGETS while pb's own offer holds the clipboard is answered at once, not read from itself")
  func saveWhileOwnOfferHolds() throws {
    let sandbox = try Sandbox()
    let x = try PrivateX(sandbox)
    try #require(try sandbox.pb(["copy"], stdin: Data("the board's own".utf8)).status == 0)
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"], environment: x.environment)
    try waitUntil { bridge.isWatching }
    let paste = { try x.client(sandbox, "xclip", ["-selection", "clipboard", "-o"]) }
    try waitUntil { (try? paste().text) == "the board's own" }
    try #require(try paste().text == "the board's own", "the bridge did not offer the board's item")

    let saves = try x.client(sandbox, "python3", ["-c", Self.saveRequests, "3"])
    try #require(saves.status == 0, "\(saves)")
    #expect(saves.lines.count == 3, "\(saves)")
    for line in saves.lines {
      let seconds = Double(line.split(separator: " ").last ?? "") ?? 99
      // Before the fix: the bridge asked itself for the clipboard and waited out its
      // 2 s time limit, then refused.
      #expect(line.hasPrefix("ok ") && seconds < 1, "\(saves)")
    }
    #expect(try paste().text == "the board's own")
    #expect(try sandbox.changeCount() == 1, "a save of pb's own offer is no change")
    #expect(bridge.waitFor("pb bridge").isEmpty, "the bridge reported: \(bridge.waitFor(""))")
  }
}
