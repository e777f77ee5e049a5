import Glibc
import LinuxSystem
import PasteboardKit
import RemoteBoards

/// `pb bridge --remote HOST[:BOARD]`: this machine's end of a bridge runs here, the other
/// under `pb serve` there, their archives passing both ways over one ssh session.
enum BridgeRemote {
  static func run(_ remote: String, local: String, concealed: Bool) throws {
    guard let target = try RemoteBoard.parse(remote.contains(":") ? remote : remote + ":") else { return }
    try Pasteboard.validate(name: local)
    let toRemote = try SystemCall.pipe(named: "the bridge to \(target.host)")
    let fromRemote = try SystemCall.pipe(named: "the bridge from \(target.host)")
    let end = try RemoteBridgeEnd(
      board: local, concealed: concealed, output: toRemote.write, settings: .process, notify: Notice.printOnStandardError)
    let input = fromRemote.read
    BackgroundThread {
      // This end failing (its board deleted, a store error) ends the bridge: said, then
      // the process ends, and ssh with it.
      do {
        try end.run(input: input, sendsFirst: true)
      } catch {
        Glibc.exit(PB.report(error))
      }
    }.detach()
    let words = [RemoteBridgeEnd.command, "--pasteboard", target.board] + (concealed ? ["--concealed"] : [])
    let request = RemoteRequest(words: words, input: true, terminals: [])
    let status = try RemoteConnection(host: target.host, settings: .process).run(
      request, files: [], input: toRemote.read, output: fromRemote.write, errors: RelayedErrors.toStandardError())
    RemoteCommand.sayIfKilled(status, host: target.host)
    if status != 0 { throw SilentExit.status(status) }
  }

  /// The other end, as `pb serve` runs it: `__bridge-end --pasteboard NAME [--concealed]`.
  static func runEnd(_ arguments: [String]) -> Int32 {
    StandardStreams.prepare()
    guard arguments.count >= 2, arguments[0] == "--pasteboard", arguments.dropFirst(2).allSatisfy({ $0 == "--concealed" }) else {
      StandardStreams.printError("pb: \(RemoteBridgeEnd.command) is pb serve's end of pb bridge --remote, not a command to type")
      return 64
    }
    do {
      try Pasteboard.validate(name: arguments[1])
      let end = try RemoteBridgeEnd(board: arguments[1], concealed: arguments.count > 2, output: .standardOutput, settings: .process)
      try end.run(input: .standardInput, sendsFirst: false)
      return 0
    } catch {
      return PB.report(error)
    }
  }
}
