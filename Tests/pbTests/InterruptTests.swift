import Foundation
import Testing

/// Writers interrupted or held up: none of their bytes stay behind, none are lost.
@Suite("interrupted and delayed writers", .tags(.endToEnd))
struct InterruptTests {
  static let marker = "INTERRUPTED-MARKER-51c2"

  /// Files of the store whose bytes contain the marker.
  func filesWithMarker(_ sandbox: Sandbox) throws -> [String] {
    let result = try sandbox.shell("grep -rl -- '\(Self.marker)' '\(sandbox.store.path)' || true")
    return result.lines.filter { !$0.isEmpty }
  }

  /// Both ways a writer stages: unnamed files of data/ (which vanish with the process
  /// whatever kills it), and the scratch folder of a filesystem without them, forced by
  /// `PB_TEST_SCRATCH_FOLDER`, where only the signal guard removes the bytes.
  @Test(
    "SIGINT, SIGTERM or SIGHUP in the middle of pb copy's input leaves none of its bytes in the store",
    arguments: [("INT", 130), ("TERM", 143), ("HUP", 129)], [false, true])
  func signalMidInput(signal: (String, Int), inScratchFolder: Bool) throws {
    let (signal, status) = signal
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("committed".utf8)).status == 0)
    // The writer reads from a FIFO that stays open, so it is in the middle of its input
    // when the signal comes; the probe before the signal proves the bytes were staged
    // (in an unnamed file of data/ or a file of the scratch folder, read through /proc;
    // regular files only, as the FIFO is one of the writer's descriptors too).
    // Job control, so that the background writer does not start with SIGINT ignored.
    let staged = #"$(for fd in /proc/$writer/fd/*; do [ -f "$fd" ] && grep -q -- "$MARKER" "$fd" && echo found; done | wc -l)"#
    let script = """
      set -m
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)' MARKER='\(Self.marker)'\(inScratchFolder ? " PB_TEST_SCRATCH_FOLDER=1" : "")
      mkfifo feed
      pb copy < feed &
      writer=$!
      exec 3> feed
      { printf '%s' "$MARKER"; head -c 300000 /dev/zero; } >&3
      wait_until '[ \(staged) -gt 0 ]'
      echo "staged: \(staged)"
      echo "scratch folders: $(ls "$PB_DIR/boards/general/tmp" | wc -l)"
      kill -\(signal) $writer
      wait $writer
      echo "status: $?"
      exec 3>&-
      """
    let result = try sandbox.shell(script, timeLimit: 30)
    #expect(result.lines.contains("staged: 1"), "the writer had staged its bytes before the signal: \(result)")
    #expect(result.lines.contains("scratch folders: \(inScratchFolder ? 1 : 0)"), "staged where it was meant to: \(result)")
    #expect(result.lines.contains("status: \(status)"), "\(result)")
    #expect(try filesWithMarker(sandbox).isEmpty, "the interrupted writer's bytes are still in the store")
    let tmp = try FileManager.default.contentsOfDirectory(atPath: sandbox.store.appendingPathComponent("boards/general/tmp").path)
    #expect(tmp.isEmpty, "no scratch folder is left: \(tmp)")
    #expect(try sandbox.pb("paste").text == "committed")
    #expect(try sandbox.changeCount() == 1)
  }

  @Test("a signal the caller ignores stays ignored: a background writer of a script finishes")
  func ignoredSignal() throws {
    let sandbox = try Sandbox()
    // The signal comes once the writer has read the first bytes and waits for more.
    let script = """
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)'
      mkfifo feed
      pb copy < feed &
      writer=$!
      exec 3> feed
      printf 'survives' >&3
      wait_until 'blocked $writer pipe'
      kill -INT $writer
      exec 3>&-
      wait $writer
      echo "status: $?"
      """
    let result = try sandbox.shell(script, timeLimit: 30)
    #expect(result.lines.contains("status: 0"), "\(result)")
    #expect(try sandbox.pb("paste").text == "survives")
  }

  @Test("a writer that has read standard input waits past the lock timeout instead of losing it, and says why")
  func lockedAfterInput() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("before".utf8)).status == 0)
    // The writer stages from a FIFO; then another process holds the board lock while the
    // input ends, so the commit finds the lock taken, until the writer has said why it waits.
    let script = """
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)' PB_LOCK_TIMEOUT=0.3
      mkfifo feed
      pb copy < feed 2> copy.err &
      writer=$!
      exec 3> feed
      printf 'kept input' >&3
      wait_until '[ -n "$(ls "$PB_DIR/boards/general/tmp")" ]'
      mkfifo release
      flock "$PB_DIR/boards/general/lock" sh -c ': > held; read line < release' 3>&- &
      holder=$!
      wait_until '[ -e held ]'
      exec 3>&-
      wait_until 'grep -q "waiting, because" copy.err'
      echo go > release
      wait $writer
      echo "status: $?"
      wait $holder
      cat copy.err
      """
    let result = try sandbox.shell(script, timeLimit: 30)
    #expect(result.lines.contains("status: 0"), "\(result)")
    #expect(result.text.contains("is still locked by another pb after 0.3 s; waiting, because standard input was read"), "\(result)")
    #expect(try sandbox.pb("paste").text == "kept input")
    #expect(try sandbox.changeCount() == 2)
  }

  @Test("with only files as input, a lock timeout gives up (75) and changes nothing")
  func lockTimeoutWithFiles() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("before".utf8)).status == 0)
    let file = try sandbox.file("input.txt", "from a file")
    let result = try sandbox.shell("""
      cd '\(sandbox.root.path)'
      export PB_DIR='\(sandbox.store.path)' PB_LOCK_TIMEOUT=0.2
      mkfifo release
      flock "$PB_DIR/boards/general/lock" sh -c ': > held; read line < release' &
      wait_until '[ -e held ]'
      pb copy '\(file)'
      echo "status: $?"
      echo go > release
      wait
      """, timeLimit: 30)
    #expect(result.lines.contains("status: 75"), "\(result)")
    #expect(result.stderr.contains("stayed locked by another pb for 0.2 s"), "\(result)")
    #expect(try sandbox.pb("paste").text == "before")
  }

  @Test("large data is freed even when the caller ignores SIGCHLD, and a trash/ left full is swept by the next commit")
  func emptier() throws {
    let sandbox = try Sandbox()
    let trash = sandbox.store.appendingPathComponent("boards/general/trash")
    let script = """
      export PB_DIR='\(sandbox.store.path)'
      head -c 3000000 /dev/urandom | env --ignore-signal=CHLD pb copy && echo small | env --ignore-signal=CHLD pb copy
      echo "status: $?"
      """
    let result = try sandbox.shell(script, timeLimit: 30)
    #expect(result.lines.contains("status: 0"), "\(result)")
    let trashEmptied = { try waitUntil { try FileManager.default.contentsOfDirectory(atPath: trash.path).isEmpty } }
    #expect(try trashEmptied(), "the 3 MB value was not freed")
    // An emptier that died leaves files behind; the next commit frees them.
    _ = try sandbox.file("store/boards/general/trash/0123456789abcdef.bin", Data(repeating: 1, count: 1000))
    #expect(try sandbox.pb("copy", stdin: Data("next".utf8)).status == 0)
    #expect(try trashEmptied(), "the left-over trash was not swept")
    #expect(try sandbox.pb("paste").text == "next")
  }
}
