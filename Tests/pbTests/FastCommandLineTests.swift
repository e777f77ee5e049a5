import ArgumentParser
import Foundation
import Testing

@testable import pb

/// The plain parser for the hot commands must build exactly the request ArgumentParser's
/// command gives from the same declarations, or leave the line to it.
@Suite("fast command line", .tags(.endToEnd))
struct FastCommandLineTests {
  /// Lines left to ArgumentParser: unknown words, doubles, values like options, errors, help.
  static let left: [[String]] = [
    ["paste", "-x"], ["paste", "extra"], ["paste", "-p"], ["paste", "-p", "a", "-p", "b"], ["paste", "-t", "-x"],
    ["paste", "--json", "--json"], ["paste", "-0", "-d", ","], ["paste", "-n"], ["paste", "--json=yes"], ["paste", "-h"],
    ["paste", "--help"], ["copy", "--if-count", "x"], ["copy", "--if-count=-1"], ["copy", "--action", "a", "--no-undo"], ["copy", "--action", ""],
    ["count", "extra"], ["contains"], ["contains", "-i"], ["types", "x"], ["types", "--version"], ["copy", "--generate-completion-script"],
    ["type"], ["type", "--sniff"], ["type", "-x"], ["cut"], ["cut", "--action", "", "f"], ["cut", "--if-count", "x", "f"],
    ["list"], ["undo"], ["help", "paste"],
  ]

  /// The request ArgumentParser's command gives for a line.
  static func parsedRequest(_ line: [String]) throws -> any CommandRequest {
    let command = try PB.parseAsRoot(line)
    return try #require(command as? any RequestCommand, "\(line)").request
  }

  /// A line made from the declarations, and whether the fast parser may leave it to
  /// ArgumentParser even when that takes it (an option given twice: ArgumentParser keeps
  /// the last, the fast parser leaves that to it).
  struct Case {
    var words: [String]
    var mayBeLeft = false
  }

  /// Every option of every command the fast path reads, from `--experimental-dump-help`:
  /// alone with values (one like an option among them), its long and short names, joined
  /// (`--type=x`, `-tx`, `-an`, `-ap3`) and separate, given twice, after `--`, each pair of
  /// options, and each of these with a positional word after it.
  static func cases() throws -> [Case] {
    let values = ["3", "-1", "x=y z"]
    var cases: [Case] = []
    for command in try DocsTests.commands() where FastCommandLine.commands.contains(command.name) {
      let name = command.name
      let table = try #require(FastCommandLine.options(name))
      let shortFlags = command.flags.filter { $0.count == 2 }
      var lines: [Case] = []
      for option in command.valued {
        for value in values {
          lines.append(Case(words: [name, option, value]))
          lines.append(Case(words: [name, option.count == 2 ? option + value : option + "=" + value]))
        }
        let long = table.valued.first { $0.long == option || $0.short == option }?.long
        lines.append(Case(words: [name, option, "3", option, "4"], mayBeLeft: !table.repeating.contains(long ?? "")))
        lines.append(Case(words: [name, "--", option, "3"]))
        lines.append(Case(words: [name, option]))
        for flag in shortFlags where option.count == 2 { lines.append(Case(words: [name, flag + option.dropFirst() + "3"])) }
      }
      for flag in command.flags {
        lines.append(Case(words: [name, flag]))
        lines.append(Case(words: [name, flag, flag], mayBeLeft: true))
        lines.append(Case(words: [name, "--", flag]))
        if flag.hasPrefix("--") { lines.append(Case(words: [name, flag + "=x"])) }
        for other in shortFlags where flag.count == 2 && other != flag { lines.append(Case(words: [name, flag + other.dropFirst()])) }
      }
      // Each pair of options, by one name each, with a value for those that take one.
      let options = table.valued.map { [$0.short ?? $0.long, "3"] } + table.flags.map { [$0.short ?? $0.long] }
      for (position, one) in options.enumerated() {
        for other in options.dropFirst(position + 1) { lines.append(Case(words: [name] + one + other)) }
      }
      lines.append(Case(words: [name]))
      cases += lines + lines.map { Case(words: $0.words + ["text"], mayBeLeft: $0.mayBeLeft) }
    }
    return cases
  }

  @Test("builds the request ArgumentParser's command gives, for every option of every command it reads")
  func sameAsArgumentParser() throws {
    let cases = try Self.cases()
    #expect(cases.count > 500)
    var taken = 0
    for line in cases {
      // As pb reads its arguments: joined short options split first, for both parsers.
      let words = CommandLineTokens.split(line.words)
      // Help, version and errors are not commands: nothing to compare, and nothing to take.
      let reference = ((try? PB.parseAsRoot(words)) as? any RequestCommand)?.request
      if let fast = FastCommandLine.parse(words) {
        taken += 1
        #expect(reference.map { String(reflecting: fast) == String(reflecting: $0) } == true, "\(line.words)")
      } else if !line.mayBeLeft {
        #expect(reference == nil, "ArgumentParser takes \(line.words), the fast parser leaves it")
      }
    }
    #expect(taken > cases.count / 3, "the fast parser takes \(taken) of \(cases.count)")
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

  @Test("the option tables are what scripts/generate-command-line.py makes of the declarations")
  func tablesAreFresh() throws {
    let sandbox = try Sandbox()
    let script = DocsTests.repository.appendingPathComponent("scripts/generate-command-line.py").path
    let generated = try sandbox.run("/usr/bin/env", ["python3", script, Sandbox.binary], stdin: nil, environment: [:])
    #expect(generated.status == 0, "\(generated)")
    let committed = try DocsTests.read("Sources/pb/CommandLineTables.swift")
    #expect(generated.text == committed, "run scripts/generate-command-line.py > Sources/pb/CommandLineTables.swift")
    #expect(FastCommandLine.options("list") == nil)
  }
}
