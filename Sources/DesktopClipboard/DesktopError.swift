import PasteboardKit
import LinuxSystem

/// What can go wrong reaching the desktop's clipboard, each case with the facts a front
/// end words (pb's words are in Sources/pb/Messages.swift); a failure of the store or of
/// a system call on the way is the library's own error, carried whole.
public enum DesktopError: Error, Sendable, Equatable {
  /// No way to reach a desktop clipboard: `lookedFor` says what was looked for, `fix`
  /// what the command that failed can do instead, in the front end's words (without it,
  /// a desktop session).
  case unavailable(lookedFor: String, fix: String? = nil)
  /// The desktop's clipboard could not be reached, or did not answer as it should.
  case failed(String)
  /// The X server lacks XFixes, without which the bridge cannot hear of new copies.
  case noXFixes
  /// Another `pb bridge` (process `pid`, when known) bridges `board` with the same
  /// selection of the same desktop: a second would import every copy twice.
  case bridgeRunning(board: String, desktop: String, pid: Int32?)
  /// Nothing owns the desktop selection (`clipboard` or `primary`).
  case empty(selection: String)
  /// The desktop's `selection` offers none of the types `wanted` (none at all pb can
  /// read when `wanted` is empty); it offers `offered`.
  case notOffered(wanted: [String], selection: String, offered: [String])
  /// None of the types `wanted` is among the first `limit` of the `listed` names the
  /// desktop's `selection` offers, the only ones pb reads (`ImportLimits.typeLimit`).
  case notAmongTypesRead(wanted: [String], selection: String, limit: Int, listed: Int)
  /// The type chosen of the desktop's offer (offered as `name`) is not text, and
  /// would be written to a terminal: `command` (> file.`filenameExtension`) saves it.
  case binaryToTerminal(name: String, size: Int64, filenameExtension: String, command: String)
  /// `what` took longer than `seconds`; `limit` says who can give it longer.
  case timeout(what: String, seconds: Double, limit: TimeLimit)
  /// `what` began to send and was still sending after `seconds`: data without end, or
  /// too slow to end in time.
  case keptSending(what: String, seconds: Double, limit: TimeLimit)
  /// `what` went away (its window destroyed: killed, or it quit) after it began to send,
  /// `received` bytes in: the rest never comes.
  case wentAwayMidTransfer(what: String, received: Int64)
  /// What OSC 52 cannot carry: `reason` says why and what to do.
  case osc52Refused(String)
  /// A hidden command was started with words it does not take: a pb of another version
  /// started it, or a person did.
  case hiddenCommandArguments(HiddenCommand)
  case pasteboard(PasteboardError)

  /// Whose limit a read that took too long ran into: what a front end can offer to
  /// lengthen it.
  public enum TimeLimit: Sendable, Equatable {
    /// pb's own, for a part of the desktop that answers at once or not at all (the X
    /// server, the compositor, a terminal): nothing lengthens it.
    case fixed
    /// The one the caller gave the import (`ImportLimits.timeout`).
    case callers
    /// A direct read's (`Desktop.readOffered`, `offeredNames`), which is fixed: an
    /// import of the same `selection` can be given longer.
    case direct(selection: Desktop.Selection)
  }

  static func io(_ error: SystemError) -> DesktopError { .pasteboard(.io(error)) }
  static func internalError(_ text: String) -> DesktopError { .pasteboard(.internalError(text)) }
  static func invalidEnvironment(variable: String, value: String, reason: String) -> DesktopError {
    .pasteboard(.invalidEnvironment(variable: variable, value: value, reason: reason))
  }

  /// Runs `body`, in which the store can fail.
  static func inStore<Result>(_ body: () throws(PasteboardError) -> Result) throws(DesktopError) -> Result {
    do {
      return try body()
    } catch {
      throw .pasteboard(error)
    }
  }

  /// Runs `body`, in which system calls, the library and the desktop code can all fail:
  /// each failure becomes a DesktopError.
  @discardableResult static func catching<Result>(_ body: () throws -> Result) throws(DesktopError) -> Result {
    do {
      return try body()
    } catch let error as DesktopError {
      throw error
    } catch let error as PasteboardError {
      throw .pasteboard(error)
    } catch let error as SystemError {
      throw .io(error)
    } catch {
      throw .internalError("\(error)")
    }
  }
}
