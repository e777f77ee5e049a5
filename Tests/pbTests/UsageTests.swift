import Foundation
import Testing

@testable import pb

/// What pb says about its own command line: help, usage lines, and the parser's messages
/// in pb's one-line form.
@Suite("help and usage", .tags(.endToEnd))
struct UsageTests {
  @Test("undo and redo show the one count they take; help of help is shown")
  func helpTexts() throws {
    let sandbox = try Sandbox()
    for command in ["undo", "redo"] {
      let help = try sandbox.pb("help", command)
      #expect(help.status == 0 && help.text.contains("USAGE: pb \(command) [--pasteboard <name>] [<n>]\n"), "\(help)")
      #expect(!help.text.contains("<n> ..."), "\(help)")
    }
    let help = try sandbox.pb("help", "help")
    #expect(help.status == 0 && help.text.contains("USAGE: pb help [<subcommands> ...]"), "\(help)")
  }

  @Test("help asked for with a value (-h=x, --help=x) is the subcommand's own: named pb NAME, without the root's --version")
  func helpWithValue() throws {
    let sandbox = try Sandbox()
    for arguments in [["redo", "-h=x"], ["list", "--help=x"]] {
      let help = try sandbox.pb(arguments)
      #expect(help.status == 0 && help.text.contains("USAGE: pb \(arguments[0]) "), "\(help)")
      #expect(!help.text.contains("--version"), "\(help)")
    }
  }

  @Test(
    "help of an unknown nested subcommand, and words after --version, are refused with one line and 64",
    arguments: [
      (["help", "group", "nosuch"], "unknown subcommand 'nosuch' of pb group; see 'pb help group' for the list"),
      (["help", "group", "bgin"], "unknown subcommand 'bgin' of pb group; did you mean 'begin'?"),
      (["help", "paste", "extra"], "pb paste has no subcommands; give 'pb help paste'"),
      (["help", "group", "run", "x"], "pb group run has no subcommands; give 'pb help group run'"),
      (["--version", "extra"], "--version takes no arguments; give 'pb --version' alone"),
      (["group", "nosuch"], "unknown subcommand 'nosuch' of pb group; see 'pb help group' for the list"),
      (["group", "ned", "-p", "work"], "unknown subcommand 'ned' of pb group; did you mean 'end'?"),
    ])
  func extraWordsRefused(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb(arguments)
    #expect(result.status == 64 && result.text.isEmpty, "\(result)")
    #expect(result.stderr == "pb: \(message)\n", "\(result)")
  }

  @Test(
    "each of the argument parser's messages reads as one sentence naming the problem and the fix",
    arguments: [
      (["paste", "--item", "0"], "unknown option '--item'; did you mean '--items'?"),
      (["paste", "--bogus"], "unknown option '--bogus'; see 'pb paste --help'"),
      (["paste", "-p"], "missing value for '-p <name>'; see 'pb paste --help'"),
      (["publish", "--selection", "x"], "invalid value 'x' for '--selection <selection>'; give 'clipboard' or 'primary'"),
      (["publish", "--backend", "x"], "invalid value 'x' for '--backend <backend>'; give 'wayland', 'x11' or 'osc52'"),
      (["create", "--owner", "x", "y"], "invalid value 'x' for '--owner <pid>'; see 'pb create --help'"),
      (["info", "--json=x"], "'--json' takes no value; give it without '=x'"),
      (["info", "extra"], "unexpected argument 'extra'; see 'pb info --help'"),
      (["info", "a", "b"], "unexpected arguments 'a', 'b'; see 'pb info --help'"),
      (["contains"], "missing argument '<type> ...'; see 'pb contains --help'"),
      (["group", "begin", "a", "b"], "unexpected argument 'b'; see 'pb group begin --help'"),
      (["paste", "---x"], "unknown option '---x'; see 'pb paste --help'"),
      // A line break in what the parser echoes is shown escaped, not taken for the message's end.
      (["publish", "--selection", "a\nb"], "invalid value 'a\\nb' for '--selection <selection>'; give 'clipboard' or 'primary'"),
      (["info", "--bogus\nx"], "unknown option '--bogus\\nx'; see 'pb info --help'"),
      (["group", "run"], "name a command to run in the group: pb group run -- CMD ARGS...; see 'pb group run --help'"),
    ])
  func parserMessages(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.pb(arguments)
    #expect(result.status == 64 && result.text.isEmpty, "\(result)")
    #expect(result.stderr == "pb: \(message)\n", "\(result)")
  }

  @Test("shapes of the parser's messages no pb command line gives are rewritten too")
  func parserShapes() {
    let help = "see 'pb bridge --help'"
    #expect(
      ParserMessage.sentence("Value to be set with flag '--b' had already been set with flag '--a'", help: help)
        == "'--a' and '--b' do not go together; give one of them")
    #expect(ParserMessage.sentence("Missing one of: '<a>', '<b>'", help: help) == "missing one of '<a>', '<b>'; \(help)")
    #expect(ParserMessage.sentence("The value 'x' is invalid.", help: help) == "invalid value 'x'; \(help)")
    #expect(
      ParserMessage.sentence("The value 'x' is invalid for '<n>': not a number", help: help)
        == "invalid value 'x' for '<n>': not a number; \(help)")
    #expect(
      ParserMessage.sentence("The value 'x' is invalid for '--k <k>'. Please provide one of the following:\n  - a\n  - b", help: help)
        == "invalid value 'x' for '--k <k>'; give 'a' or 'b'")
    #expect(ParserMessage.sentence("Missing required subcommand.", help: help) == "missing required subcommand; \(help)")
    #expect(ParserMessage.sentence("give one number of entries, not 2 words", help: help) == "give one number of entries, not 2 words; \(help)")
  }

  @Test("each writer's --action help names its own default entry name")
  func actionDefaults() throws {
    let sandbox = try Sandbox()
    for (command, name) in [("clear", "Clear"), ("cut", "Cut"), ("delete", "Delete"), ("copy", "Copy")] {
      let help = try sandbox.pb(command, "--help").text.replacingOccurrences(of: "\n", with: " ")
        .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
      let line = try #require(help.range(of: #"--action <name> [^.]*\."#, options: .regularExpression).map { String(help[$0]) }, "\(command)")
      #expect(line.contains("(default: \(name)"), "\(command): \(line)")
      let others = ["Copy", "Append", "Clear", "Cut", "Delete"].filter { $0 != name && !(command == "copy" && $0 == "Append") }
      #expect(!others.contains { line.contains($0) }, "\(command) names another command's default: \(line)")
    }
  }
}

/// The man page agrees with the binary on what pb info --json prints.
extension DocsTests {
  @Test("pb info --json prints every key, null when absent, and the man page lists exactly those keys")
  func infoKeys() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.pb("copy", stdin: Data("x".utf8)).status == 0)
    let info = try #require(try sandbox.json(sandbox.pb("info", "--json")) as? [String: Any])
    for key in ["owner", "expires", "defaultExpiry", "redoActionName"] {
      #expect(info[key] is NSNull, "\(key) is null on a persistent board without expiry or redo: \(info)")
    }
    #expect(info["modificationDate"] is String && info["undoActionName"] as? String == "Copy", "\(info)")
    let empty = try #require(try sandbox.json(sandbox.pb("info", "--json", "-p", "find")) as? [String: Any])
    #expect(Set(empty.keys) == Set(info.keys), "the same keys on any board: \(empty)")

    // The man page's list under --json, from ".Cm info" to what it says of them all.
    let manual = try Self.read("man/pb.1")
    let start = try #require(manual.range(of: ".Cm info\ngives an object with\n"))
    let end = try #require(manual.range(of: "each always there", range: start.upperBound..<manual.endIndex))
    let documented = manual[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix(".Li ") else { return nil }
      return line.dropFirst(4).split(separator: " ").first.map(String.init)
    }
    #expect(Set(documented) == Set(info.keys), "man page: \(documented.sorted()), pb info --json: \(info.keys.sorted())")
    // And the option's own help.
    let help = try sandbox.pb("info", "--help").text.replacingOccurrences(of: "\n", with: " ")
    for key in info.keys {
      #expect(help.range(of: #"\b\#(key)\b"#, options: .regularExpression) != nil, "pb info --help lacks \(key)")
    }
  }
}
