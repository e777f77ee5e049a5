import ArgumentParser
import LinuxSystem
import PasteboardKit
import RemoteBoards

extension PB {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration.pb(
      "serve", abstract: "Serve this machine's boards to pb on another machine (pb starts it over ssh; not for typing).",
      discussion: """
        A pb given a board as HOST:BOARD runs 'ssh HOST pb serve' and speaks pb's stream over \
        its standard input and output: the command line travels inside the stream, never on \
        ssh's. Only the commands of remote boards run. See REMOTE BOARDS in pb(1) and \
        docs/stream-format.md.
        """)

    func run() throws {
      if StandardStreams.outputIsTerminal {
        throw PasteboardError.usage(
          "pb serve speaks pb's stream to a pb on another machine over ssh, not to a terminal; name a board as HOST:BOARD instead")
      }
      let server = RemoteServer(
        allowed: RemoteCommand.commands + [RemoteBridgeEnd.command], programs: RemoteCommand.programs, program: PB.configuration.version, settings: .process)
      var ending = server.run()
      if case .refused(let refusal) = ending {
        ending = server.tell("pb serve: " + refusal.message, status: ExitStatus.of(refusal))
      }
      let status = ExitStatus.of(ending)
      if status != 0 { throw SilentExit.status(status) }
    }
  }
}
