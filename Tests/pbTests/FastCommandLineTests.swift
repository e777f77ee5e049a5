import ArgumentParser
import Foundation
import Testing

@testable import pb

/// The plain parser for the hot commands must build exactly the request ArgumentParser's
/// command gives from the same declarations, or leave the line to it.
@Suite("fast command line")
struct FastCommandLineTests {
  /// Lines the fast parser takes, every option of every hot command among them.
  static let taken: [[String]] = [
    ["paste"], ["paste", "-p", "work"], ["paste", "--pasteboard=work"], ["paste", "-i", "-1"], ["paste", "--items", "0,2-3"],
    ["paste", "-t", "public.html,public.plain-text"], ["paste", "--type=png"], ["paste", "-d", ","], ["paste", "--delimiter", "\\t"],
    ["paste", "-0"], ["paste", "--null", "-i", "all"], ["paste", "-o", "out", "-n"], ["paste", "--output", "out", "--no-clobber"],
    ["paste", "--json"], ["paste", "--force", "-q"], ["paste", "--quiet", "-p", "a", "-i", "1"],
    ["copy"], ["copy", "file.txt"], ["copy", "-"], ["copy", "--", "-odd-name"], ["copy", "-p", "b", "a", "b"],
    ["copy", "-t", "public.utf8-plain-text"], ["copy", "--type", "png", "x.png"], ["copy", "-r", "html=a.html", "-r", "b.txt"],
    ["copy", "--representation=c.txt"], ["copy", "-a", "f"], ["copy", "--append"], ["copy", "--expire", "10m"], ["copy", "--expire=-1s"],
    ["copy", "--concealed"], ["copy", "--force-type", "-t", "text"], ["copy", "-n"], ["copy", "--trim-newline"],
    ["copy", "--if-count", "3"], ["copy", "--if-count=0"], ["copy", "--action", "Paste Link"], ["copy", "--no-undo"], ["copy", "-q", "-"],
    ["count"], ["count", "-p", "work"], ["count", "--pasteboard", "find"],
    ["contains", "text"], ["contains", "-i", "all", "image", "text"], ["contains", "--all", "--items", "-1", "png"],
    ["contains", "-p", "x", "--", "-weird"],
    ["types"], ["types", "-i", "all"], ["types", "--conforming-to", "public.image"], ["types", "--json", "-p", "b"],
  ]

  /// Lines left to ArgumentParser: unknown words, doubles, values like options, errors, help.
  static let left: [[String]] = [
    ["paste", "-x"], ["paste", "extra"], ["paste", "-p"], ["paste", "-p", "a", "-p", "b"], ["paste", "-t", "-x"],
    ["paste", "--json", "--json"], ["paste", "-0", "-d", ","], ["paste", "-n"], ["paste", "--json=yes"], ["paste", "-h"],
    ["paste", "--help"], ["copy", "--if-count", "x"], ["copy", "--if-count=-1"], ["copy", "--action", "a", "--no-undo"], ["copy", "--action", ""],
    ["count", "extra"], ["contains"], ["contains", "-i"], ["types", "x"], ["types", "--version"], ["copy", "--generate-completion-script"],
    ["list"], ["undo"], ["help", "paste"],
  ]

  /// The request ArgumentParser's command gives for a line.
  static func parsedRequest(_ line: [String]) throws -> any CommandRequest {
    let command = try PB.parseAsRoot(line)
    return try #require(command as? any RequestCommand, "\(line)").request
  }

  @Test("builds the request ArgumentParser's command gives", arguments: taken)
  func sameAsArgumentParser(line: [String]) throws {
    let fast = try #require(FastCommandLine.parse(line), "the fast parser takes \(line.joined(separator: " "))")
    #expect(String(reflecting: fast) == String(reflecting: try Self.parsedRequest(line)), "\(line)")
  }

  @Test("the comparison sees every value: a different one makes a different command")
  func comparisonIsMeaningful() throws {
    let fast = try #require(FastCommandLine.parse(["paste", "-p", "a", "-i", "1", "--json"]))
    for other in [["paste", "-p", "b", "-i", "1", "--json"], ["paste", "-p", "a", "-i", "2", "--json"], ["paste", "-p", "a", "-i", "1"]] {
      #expect(String(reflecting: fast) != String(reflecting: try Self.parsedRequest(other)), "\(other)")
    }
  }

  @Test("leaves the rest to ArgumentParser", arguments: left)
  func leavesTheRest(line: [String]) {
    #expect(FastCommandLine.parse(line) == nil, "\(line)")
  }

  @Test("every option of the hot commands is in its table")
  func tablesMatchTheDeclarations() throws {
    let commands = try DocsTests.commands()
    for name in FastCommandLine.commands {
      let spec = try #require(FastCommandLine.spec(name))
      let command = try #require(commands.first { $0.name == name }, "\(name)")
      let names = { (options: [(long: String, short: String?)]) in Set(options.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }) }
      #expect(names(spec.valued) == Set(command.valued), "\(name) options with values")
      // Help and version are the root parser's, wherever they stand.
      #expect(names(spec.flags) == Set(command.flags).subtracting(["-h", "--help", "--version"]), "\(name) flags")
    }
    #expect(FastCommandLine.spec("list") == nil)
  }
}
