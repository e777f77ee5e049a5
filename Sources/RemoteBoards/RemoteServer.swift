import Glibc
import LinuxSystem
import PasteboardKit

/// `pb serve`: the far end of a remote board. It reads one request from standard input,
/// runs that pb command line here (pb itself, started again), and sends the command's
/// output, error output and exit status back, framed as `RemoteStream` says. The request
/// is untrusted: only the commands the caller allows run, files it brings are written in
/// a private folder of their own under plain names, and a stream that breaks off stops
/// the command before it could take a cut-short input for the whole. A request it will
/// not run ends with a `ServeRefusal`, which pb words and then has `tell` the other side.
public final class RemoteServer: @unchecked Sendable {
  private let writer: TarWriter
  private let reader: TarReader
  private let allowed: [String]
  private let program: String
  /// Where its folder goes ($TMPDIR).
  private let settings: Settings

  /// The name of the private folders under $TMPDIR, before `.PID.STARTTIME.XXXXXX`.
  static let folderPrefix = "pb-serve"

  /// Of `allowed`, those run under their own name (pbcopy, pbpaste), not as `pb COMMAND`.
  private let programs: [String]

  /// `allowed`: the subcommands a request may run; `programs`, those of them that are pb
  /// under another name. `program`: pb's version, for the hello.
  public init(allowed: [String], programs: [String] = [], program: String, settings: Settings) {
    self.programs = programs
    writer = TarWriter(to: .standardOutput, modified: 0)
    reader = TarReader(from: .standardInput)
    self.allowed = allowed
    self.program = program
    self.settings = settings
  }

  /// How serving one request ended.
  public enum Ending: Equatable, Sendable {
    /// The command ran and its status was sent, whatever it was.
    case answered
    /// The request is not run: the other side is to be told why (`tell`).
    case refused(ServeRefusal)
    /// The other side is gone (a write to it failed): no one is left to answer.
    case disconnected
  }

  /// Serves one request.
  public func run() -> Ending {
    do {
      try writer.writeMember(named: RemoteStream.Member.hello.rawValue, bytes: RemoteHello(program: program).json.line)
    } catch {
      return .disconnected
    }
    // What a pb serve killed (SIGKILL) left behind: its folder, named after it.
    SystemCall.removeAbandonedTemporaryDirectories(prefix: Self.folderPrefix, in: settings.temporaryFolder)
    let request: RemoteRequest
    do {
      guard let first = try reader.next() else { return .refused(.noRequest) }
      guard first.name == RemoteStream.Member.request.rawValue else { return .refused(.notARequest(startsWith: first.name)) }
      request = try RemoteRequest(json: reader.readBody(limit: RemoteStream.messageLimit))
    } catch let refusal as RemoteStream.Refusal {
      switch refusal {
      case .damaged(let reason): return .refused(.damaged(reason))
      case .version(let theirs): return .refused(.version(theirs: theirs, ours: RemoteStream.version))
      }
    } catch let failure as Tar.Failure {
      return .refused(.requestNotAStream(reason: failure.reason))
    } catch {
      return .refused(.requestUnreadable(reason: "\(error)"))
    }
    // A request holds a command: RemoteRequest refuses one without.
    let command = request.words.first ?? ""
    guard allowed.contains(command) else { return .refused(.commandNotServed(command, served: allowed)) }
    var folder: String?
    // Kept open while the folder is guarded: SIGTERM, SIGHUP or SIGINT removes it too (all
    // but its file folders `N/`, when files came).
    var guarded: (parent: Directory, folder: Directory)?
    defer {
      if let folder {
        if guarded != nil { SystemCall.releaseScratchFolder() }
        SystemCall.removeTemporaryDirectory(folder)
      }
    }
    var words = request.words
    let next: TarMember?
    do {
      if !request.files.isEmpty || request.input {
        // Standard input's end is marked there too (RemoteStream.servedInputIsWhole).
        let made = try SystemCall.makeOwnedTemporaryDirectory(prefix: Self.folderPrefix, in: settings.temporaryFolder)
        folder = made
        guarded = Self.guardFolder(made)
        let paths = try receiveFiles(request.files, in: made)
        for (file, path) in zip(request.files, paths.paths) { words[file.word] = file.prefix + path }
        next = paths.next
      } else {
        next = try reader.next()
      }
    } catch let error as SystemError {
      return .refused(.filesNotWritten(error))
    } catch let failure as Tar.Failure {
      return .refused(.filesNotAStream(reason: failure.reason))
    } catch RemoteStream.Refusal.damaged(let reason) {
      return .refused(.damaged(reason))
    } catch {
      return .refused(.filesUnreadable(reason: "\(error)"))
    }
    return runCommand(words, request: request, next: next, folder: folder)
  }

  // MARK: The command

  private func runCommand(_ words: [String], request: RemoteRequest, next: TarMember?, folder: String?) -> Ending {
    let child: ChildProcess
    let output: Descriptor
    let errors: Descriptor
    var input: Descriptor?
    do throws(SystemError) {
      let outputPipe = try SystemCall.pipe(named: "the command's output")
      let errorPipe = try SystemCall.pipe(named: "the command's error output")
      let inputPipe = request.input ? try SystemCall.pipe(named: "the command's input") : nil
      let childInput: Descriptor
      if let inputPipe { childInput = inputPipe.read } else { childInput = try SystemCall.open("/dev/null", flags: O_RDONLY) }
      var environment = [
        RemoteStream.terminalsVariable: request.terminals.variable, RemoteStream.filesVariable: folder ?? "none",
      ]
      if let host = request.host { environment[RemoteStream.hostVariable] = host }
      child = try SystemCall.spawn(
        (programs.contains(words[0]) ? [] : ["pb"]) + words, program: "/proc/self/exe", environment: environment,
        standardInput: childInput, standardOutput: outputPipe.write, standardError: errorPipe.write)
      output = outputPipe.read
      errors = errorPipe.read
      input = inputPipe?.write
    } catch {
      return .refused(.commandNotStarted(error))
    }
    // Not waited for: once the status is sent, what is left of the request side is nobody's.
    let handoff = Handoff(input)
    BackgroundThread { [self] in relayInput(to: handoff, first: next, child: child, folder: folder) }.detach()
    input = nil
    return relayOutput(output: output, errors: errors, child: child)
  }

  /// Standard input's members into the command (when it takes them), until the stream's
  /// end closes its input; then the wait for the user's pb to let go of its side, which it
  /// does only once it has the status. A stream that breaks off before its end (the
  /// user's pb killed, the connection lost) or breaks the rules stops the command first,
  /// so that it never sees an end and takes what came as all of its input; one that ends
  /// after its end but before the status stops it too, as nobody waits for it any more
  /// (a `pb wait` would otherwise wait on until the board changed). The input's end is
  /// marked in `folder` before the input closes: should pb serve itself be killed, the
  /// command sees its input end unmarked, and stores nothing
  /// (RemoteStream.servedInputIsWhole).
  private func relayInput(to handoff: Handoff, first: TarMember?, child: ChildProcess, folder: String?) {
    // Taken here, not passed in: an argument is held until the call returns.
    var input = handoff.take()
    var member = first
    var taking = input != nil
    // Spliced from sshd's pipe to the command's, both made to hold a member.
    if let input {
      reader.growInputPipe(to: RemoteStream.chunkSize)
      _ = try? input.file.setPipeCapacity(RemoteStream.chunkSize)
    }
    do {
      while let current = member {
        guard current.name == RemoteStream.Member.standardInput.rawValue, input != nil || !taking else {
          throw Tar.Failure("'\(Display.value(current.name))' where the end of the request was expected")
        }
        if taking, let input {
          do {
            try reader.readBody(to: input)
          } catch let error as SystemError where error.errno == EPIPE {
            // The command stopped reading (it failed, or needs no more): the rest is read and dropped.
            taking = false
          }
        } else {
          try reader.readBody { _ in }
        }
        member = try reader.next()
      }
      if input != nil, let folder {
        let marker = try Directory.open(path: folder).open(RemoteStream.inputWholeName, flags: O_WRONLY | O_CREAT | O_EXCL)
        marker.keepOpenUntilHere()
      }
      input = nil
      if try reader.startsAnother() { throw Tar.Failure("something follows the end of the request") }
    } catch {}
    // Once the status was sent and the command waited for, this reaches no process.
    child.signal(SIGTERM)
  }

  /// The command's output and error output as members, `alive` while it is silent, then
  /// its exit status and the end.
  ///
  /// The command's output does not pass through this process: a member is what the
  /// output pipe holds when it is read (up to a member's size, in whole blocks, so no
  /// padding follows), spliced after its header into the stream. That pipe, and the one
  /// to sshd, are made to hold a member's worth, so that members are large and the
  /// processes on either side take turns less often.
  private func relayOutput(output: Descriptor, errors: Descriptor, child: ChildProcess) -> Ending {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 4096)
    defer { buffer.deallocate() }
    _ = try? output.file.setPipeCapacity(RemoteStream.chunkSize)
    _ = try? Descriptor.standardOutput.file.setPipeCapacity(RemoteStream.chunkSize)
    var open: [(Descriptor, String)] = [(output, RemoteStream.Member.standardOutput.rawValue), (errors, RemoteStream.Member.standardError.rawValue)]
    do {
      while !open.isEmpty {
        let ready = try SystemCall.wait(
          open.map { SystemCall.PollRequest($0.0, events: Int16(POLLIN)) }, milliseconds: RemoteStream.aliveInterval,
          path: "the command's output")
        if ready.allSatisfy({ $0 == 0 }) {
          try writer.writeMember(named: RemoteStream.Member.alive.rawValue, bytes: [])
          continue
        }
        var closed: [Int] = []
        for (index, events) in ready.enumerated() where events != 0 {
          let (descriptor, name) = open[index]
          if descriptor === output {
            let whole = min(try output.file.unreadBytes(), RemoteStream.chunkSize) / Tar.blockSize * Tar.blockSize
            if whole > 0 {
              try writer.writeMember(named: name, size: whole, fromPipe: output)
              continue
            }
          }
          // Less than a block, error output, or the end (a read of 0).
          let count = try descriptor.file.read(into: buffer)
          if count == 0 {
            closed.append(index)
          } else {
            try writer.writeMember(named: name, contents: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
          }
        }
        for index in closed.reversed() { open.remove(at: index) }
      }
      let status = try child.waitForExit()
      try writer.writeMember(named: RemoteStream.Member.exit.rawValue, bytes: Array(String(status).utf8))
      try writer.finish()
      return .answered
    } catch {
      // The user's side is gone: the command has no one to answer.
      child.signal(SIGTERM)
      _ = try? child.waitForExit()
      return .disconnected
    }
  }

  // MARK: Files

  /// Writes the request's files, each in a folder of its own (`N/NAME`) in `folder`, from
  /// the `file/N` members that follow the request; their paths, and the member after them.
  private func receiveFiles(_ files: [RemoteRequest.FileWord], in folder: String) throws -> (paths: [String], next: TarMember?) {
    let directory = try Directory.open(path: folder)
    var paths: [String] = []
    var current: Descriptor?
    var member = try reader.next()
    while let found = member, let index = RemoteStream.fileIndex(found.name) {
      if index == paths.count, index < files.count {
        try directory.makeDirectory(String(index), mode: 0o700)
        let path = "\(index)/\(files[index].name)"
        current = try directory.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        paths.append(folder + "/" + path)
      } else if index != paths.count - 1 {
        throw RemoteStream.Refusal.damaged("'\(found.name)' comes out of order: the files come one after another, from file/0")
      }
      guard let file = current else { throw RemoteStream.Refusal.damaged("'\(found.name)' names no file of the request") }
      try reader.readBody { try file.file.writeAll($0) }
      member = try reader.next()
    }
    guard paths.count == files.count else {
      throw RemoteStream.Refusal.damaged("the request names \(files.count) files and the stream brings \(paths.count)")
    }
    return (paths, member)
  }

  private static func guardFolder(_ folder: String) -> (parent: Directory, folder: Directory)? {
    guard let slash = folder.lastIndex(of: "/"), let parent = try? Directory.open(path: String(folder[..<slash])),
      let opened = try? Directory.open(path: folder)
    else { return nil }
    SystemCall.guardScratchFolder(String(folder[folder.index(after: slash)...]), in: parent.descriptor, opened: opened.descriptor)
    return (parent, opened)
  }

  // MARK: Refusals

  /// Tells the other side why its request was not run (`run`'s refusal, in pb's words),
  /// as the command's own error output and status would.
  public func tell(_ message: String, status: Int32) -> Ending {
    do {
      try writer.writeMember(named: RemoteStream.Member.standardError.rawValue, bytes: Array((message + "\n").utf8))
      try writer.writeMember(named: RemoteStream.Member.exit.rawValue, bytes: Array(String(status).utf8))
      try writer.finish()
    } catch {
      return .disconnected
    }
    return .answered
  }
}

/// Why `pb serve` does not run a request: told to the other side, in pb's words, as the
/// command's error output and status.
public enum ServeRefusal: Equatable, Sendable {
  /// The stream ended before its request.
  case noRequest
  /// The stream's first member is not the request.
  case notARequest(startsWith: String)
  /// The request or the files break the stream's rules: what is wrong.
  case damaged(String)
  /// The request is in another stream version.
  case version(theirs: Int, ours: Int)
  case requestNotAStream(reason: String)
  case requestUnreadable(reason: String)
  /// A command remote boards do not run (`served` are those they do).
  case commandNotServed(String, served: [String])
  /// A file of the request could not be written here.
  case filesNotWritten(SystemError)
  case filesNotAStream(reason: String)
  case filesUnreadable(reason: String)
  case commandNotStarted(SystemError)
}

/// A descriptor passed to another thread whose taker alone holds it: a closure that
/// captured the descriptor itself would keep it open for as long as the closure lives.
private final class Handoff: @unchecked Sendable {
  private var value: Descriptor?

  init(_ value: Descriptor?) {
    self.value = value
  }

  /// The descriptor, once; only the one thread that takes it calls this.
  func take() -> Descriptor? {
    defer { value = nil }
    return value
  }
}
