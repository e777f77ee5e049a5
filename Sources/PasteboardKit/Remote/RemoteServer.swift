import Glibc
import LinuxSystem

/// `pb serve`: the far end of a remote board. It reads one request from standard input,
/// runs that pb command line here (pb itself, started again), and sends the command's
/// output, error output and exit status back, framed as `RemoteStream` says. The request
/// is untrusted: only the commands the caller allows run, files it brings are written in
/// a private folder of their own under plain names, and a stream that breaks off stops
/// the command before it could take a cut-short input for the whole.
public final class RemoteServer: @unchecked Sendable {
  private let writer: TarWriter
  private let reader: TarReader
  private let allowed: [String]
  private let program: String

  /// The name of the private folders under $TMPDIR, before `.PID.STARTTIME.XXXXXX`.
  static let folderPrefix = "pb-serve"

  /// `allowed`: the subcommands a request may run. `program`: pb's version, for the hello.
  public init(allowed: [String], program: String) {
    writer = TarWriter(to: .standardOutput, modified: 0)
    reader = TarReader(from: .standardInput)
    self.allowed = allowed
    self.program = program
  }

  /// Serves one request; the status of `pb serve` itself (0 once the command's own status
  /// has been sent, whatever it was).
  public func run() -> Int32 {
    do {
      try writer.writeMember(named: RemoteStream.helloName, bytes: RemoteHello(program: program).json.line)
    } catch {
      return 74
    }
    // What a pb serve killed (SIGKILL) left behind: its folder, named after it.
    SystemCall.removeAbandonedTemporaryDirectories(prefix: Self.folderPrefix, in: Settings.process.temporaryFolder)
    let request: RemoteRequest
    do {
      guard let first = try reader.next() else { return refuse("the stream ended before its request", status: 76) }
      guard first.name == RemoteStream.requestName else {
        return refuse("the stream starts with '\(Display.value(first.name))', not a request", status: 76)
      }
      request = try RemoteRequest(json: reader.readBody(limit: RemoteStream.messageLimit))
    } catch let refusal as RemoteStream.Refusal {
      switch refusal {
      case .damaged(let reason): return refuse(reason, status: 76)
      case .version(let theirs):
        return refuse(
          "the pb that asked speaks stream version \(theirs) and this one (\(program)) version \(RemoteStream.version); "
            + "install the same pb on both machines", status: 76)
      }
    } catch let failure as Tar.Failure {
      return refuse("the request is not a pb stream: \(failure.reason)", status: 76)
    } catch {
      return refuse("the request could not be read: \(error)", status: 74)
    }
    guard let command = request.words.first, allowed.contains(command) else {
      return refuse(
        "pb serve runs the commands of remote boards (\(allowed.joined(separator: ", "))), not '\(Display.value(request.words[0]))'",
        status: 64)
    }
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
        let made = try SystemCall.makeOwnedTemporaryDirectory(prefix: Self.folderPrefix, in: Settings.process.temporaryFolder)
        folder = made
        guarded = Self.guardFolder(made)
        let paths = try receiveFiles(request.files, in: made)
        for (file, path) in zip(request.files, paths.paths) { words[file.word] = file.prefix + path }
        next = paths.next
      } else {
        next = try reader.next()
      }
    } catch let error as SystemError {
      return refuse("the files could not be received: cannot \(error.operation) \(error.path): \(error.reason)", status: 74)
    } catch let failure as Tar.Failure {
      return refuse("the files are not a pb stream: \(failure.reason)", status: 76)
    } catch let refusal as RemoteStream.Refusal {
      guard case .damaged(let reason) = refusal else { return refuse("the files could not be received", status: 76) }
      return refuse(reason, status: 76)
    } catch {
      return refuse("the files could not be received: \(error)", status: 74)
    }
    return runCommand(words, request: request, next: next, folder: folder)
  }

  // MARK: The command

  private func runCommand(_ words: [String], request: RemoteRequest, next: TarMember?, folder: String?) -> Int32 {
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
      child = try SystemCall.spawn(
        ["pb"] + words, program: "/proc/self/exe", environment: [
          RemoteStream.terminalsVariable: request.terminals.variable, RemoteStream.filesVariable: folder ?? "none",
        ],
        standardInput: childInput, standardOutput: outputPipe.write, standardError: errorPipe.write)
      output = outputPipe.read
      errors = errorPipe.read
      input = inputPipe?.write
    } catch {
      return refuse("the command could not be started: cannot \(error.operation) \(error.path): \(error.reason)", status: 71)
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
        guard current.name == RemoteStream.standardInputName, input != nil || !taking else {
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
  private func relayOutput(output: Descriptor, errors: Descriptor, child: ChildProcess) -> Int32 {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 4096)
    defer { buffer.deallocate() }
    _ = try? output.file.setPipeCapacity(RemoteStream.chunkSize)
    _ = try? Descriptor.standardOutput.file.setPipeCapacity(RemoteStream.chunkSize)
    var open: [(Descriptor, String)] = [(output, RemoteStream.standardOutputName), (errors, RemoteStream.standardErrorName)]
    do {
      while !open.isEmpty {
        let ready = try SystemCall.wait(
          open.map { SystemCall.PollRequest($0.0, events: Int16(POLLIN)) }, milliseconds: RemoteStream.aliveInterval,
          path: "the command's output")
        if ready.allSatisfy({ $0 == 0 }) {
          try writer.writeMember(named: RemoteStream.aliveName, bytes: [])
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
      try writer.writeMember(named: RemoteStream.exitName, bytes: Array(String(status).utf8))
      try writer.finish()
      return 0
    } catch {
      // The user's side is gone: the command has no one to answer.
      child.signal(SIGTERM)
      _ = try? child.waitForExit()
      return 74
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

  /// Says why the request is not run, as the command's own error output and status would.
  private func refuse(_ reason: String, status: Int32) -> Int32 {
    let line = Array("pb serve: \(reason)\n".utf8)
    do {
      try writer.writeMember(named: RemoteStream.standardErrorName, bytes: line)
      try writer.writeMember(named: RemoteStream.exitName, bytes: Array(String(status).utf8))
      try writer.finish()
    } catch {
      return 74
    }
    return 0
  }
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
