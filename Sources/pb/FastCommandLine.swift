import ArgumentParser
import DesktopClipboard
import PasteboardKit

/// The command lines of the commands shell scripts run most (`paste`, `copy`, `count`,
/// `contains`, `types`, `type`, `cut`), parsed without ArgumentParser. Its parse builds
/// each command's argument set by reflection, and the protocol-conformance scans that
/// starts in a static binary cost three quarters of a small paste (8 M of 11 M
/// instructions); and it takes time quadratic in the number of positional words (`pb type`
/// of 4,000 words: 0.5 s; `pb cut` of 8,000 files: 13 s).
///
/// The declarations stay the one definition: this takes only a line it fully understands
/// and builds the request ArgumentParser's command would give (`CommandRequest`), with the
/// same validations, without constructing the command (its property wrappers cost more
/// to make than a small paste's own work).
/// Anything else (a word it does not know, an option given twice, a value that starts
/// with '-', help, a failed validation) goes to ArgumentParser, which gives the messages.
/// The option tables are generated from the declarations (scripts/generate-command-line.py,
/// checked fresh by a test), and a differential test holds the requests built here to
/// ArgumentParser's for every option, generated from the declarations too.
enum FastCommandLine {
  /// One command's options, each as its long name and its short one; the long name
  /// keys the values. Arrays searched in turn: a handful of options, and no dictionary
  /// to build on every run. Generated from the declarations (CommandLineTables.swift).
  /// A class, made once and shared: copying a struct of tuple arrays and destroying the
  /// copy made the runtime build the arrays' type from its mangled name, 4% of a small
  /// paste's instructions.
  final class Options: Sendable {
    let valued: [Option]
    let flags: [Option]
    /// Options whose value is taken even when it starts with '-' (`-i -1`).
    let unconditional: [String]
    /// Options that may be given more than once, each value kept.
    let repeating: [String]
    let takesPositionals: Bool

    init(valued: [Option], flags: [Option], unconditional: [String], repeating: [String], takesPositionals: Bool) {
      self.valued = valued
      self.flags = flags
      self.unconditional = unconditional
      self.repeating = repeating
      self.takesPositionals = takesPositionals
    }

    func long(_ name: String, in options: [Option]) -> String? {
      for option in options {
        if option.long == name { return option.long }
        if let short = option.short, short == name { return option.long }
      }
      return nil
    }
  }

  /// An option's long name and its short one. A struct, not a tuple: a tuple's metadata,
  /// and that of the `String?` in it, is built at run time on first use (28 K
  /// instructions, a tenth of a small paste).
  struct Option: Sendable {
    let long: String
    let short: String?

    init(_ long: String, _ short: String?) {
      self.long = long
      self.short = short
    }
  }

  /// An option's value as given, under its long name.
  struct Given {
    var name: String
    var value: String
  }

  /// What a line gave: option values by long name in the order given, flags,
  /// positional words. Pairs rather than a dictionary: the first dictionary of a key
  /// type costs a scan of every conformance record in the binary.
  struct Line {
    var given: [Given] = []
    var flags: [String] = []
    var positionals: [String] = []

    func values(_ name: String) -> [String] { given.filter { $0.name == name }.map(\.value) }
    func value(_ name: String) -> String? { given.last { $0.name == name }?.value }
    func flag(_ name: String) -> Bool { flags.contains(name) }
  }

  /// The request a read line gives: the part of each command that is not generated, as
  /// it names the request's fields.
  static func build(_ name: String, _ line: Line) throws -> (any CommandRequest)? {
    switch name {
    case "paste":
      return PasteRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), types: line.value("--type"),
        delimiter: line.value("--delimiter"), nullDelimited: line.flag("--null"), directory: line.value("--output"),
        noClobber: line.flag("--no-clobber"), json: line.flag("--json"), force: line.flag("--force"), quiet: line.flag("--quiet"),
        desktop: line.flag("--desktop"), desktopChoice: try desktopChoice(line))
    case "copy":
      return CopyRequest(
        pasteboard: line.value("--pasteboard"), type: line.value("--type"), representations: line.values("--representation"),
        append: line.flag("--append"), expire: line.value("--expire"), concealed: line.flag("--concealed"),
        forceType: line.flag("--force-type"), trimNewline: line.flag("--trim-newline"),
        write: try writeChoice(line), quiet: line.flag("--quiet"), files: line.positionals, from: line.value("--from"),
        color: line.value("--color"))
    case "count":
      return CountRequest(pasteboard: line.value("--pasteboard"))
    case "contains":
      // The types are required: without them ArgumentParser says so.
      guard !line.positionals.isEmpty else { throw NotTaken() }
      return ContainsRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), all: line.flag("--all"), types: line.positionals)
    case "cut":
      return PB.CutRequest(pasteboard: line.value("--pasteboard"), write: try writeChoice(line), quiet: line.flag("--quiet"), files: line.positionals)
    case "type":
      // The types or files are required: without them ArgumentParser says so.
      guard !line.positionals.isEmpty else { throw NotTaken() }
      return PB.TypeInfoRequest(sniff: line.flag("--sniff"), json: line.flag("--json"), arguments: line.positionals)
    case "types":
      return TypesRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), conformingTo: line.value("--conforming-to"),
        desktop: line.flag("--desktop"), json: line.flag("--json"), desktopChoice: try desktopChoice(line))
    default:
      return nil
    }
  }

  /// The writing options copy and cut share. A count that is not a whole number is
  /// ArgumentParser's to refuse.
  private static func writeChoice(_ line: Line) throws -> WriteChoice {
    let ifCount = try line.value("--if-count").map { text in try Int(text) ?? { throw NotTaken() }() }
    return WriteChoice(ifCount: ifCount, action: line.value("--action"), noUndo: line.flag("--no-undo"))
  }

  /// The desktop options of `paste --desktop` and `types --desktop`. A name that is no
  /// selection or backend is ArgumentParser's to refuse.
  private static func desktopChoice(_ line: Line) throws -> DesktopChoice {
    guard let selection = Desktop.Selection(rawValue: line.value("--selection") ?? Desktop.Selection.clipboard.rawValue)
    else { throw NotTaken() }
    var backend: Desktop.Backend?
    if let name = line.value("--backend") {
      guard let chosen = Desktop.Backend(rawValue: name) else { throw NotTaken() }
      backend = chosen
    }
    return DesktopChoice(selection: selection, backend: backend, ifAvailable: line.flag("--if-available"))
  }

  /// Thrown by a builder for a line ArgumentParser should see.
  struct NotTaken: Error {}

  /// The validated request for `arguments` (after the joined short options are split),
  /// or nil for ArgumentParser to parse.
  static func parse(_ arguments: [String]) -> (any CommandRequest)? {
    guard let name = arguments.first, let options = options(name), let line = read(arguments.dropFirst(), options),
      let request = try? build(name, line), (try? request.validate()) != nil
    else { return nil }
    return request
  }

  static func read(_ words: ArraySlice<String>, _ options: Options) -> Line? {
    var line = Line()
    var tokens = CommandLineTokens(words)
    while let token = tokens.next() {
      switch token {
      case .positional(let word):
        guard options.takesPositionals else { return nil }
        line.positionals.append(word)
      case .terminator:
        continue
      case .option(let name, let attached, _):
        if let key = options.long(name, in: options.valued) {
          let value: String
          if let attached {
            value = attached
          } else {
            guard let next = tokens.value(), options.unconditional.contains(key) || !next.hasPrefix("-") else { return nil }
            value = next
          }
          guard line.value(key) == nil || options.repeating.contains(key) else { return nil }
          line.given.append(Given(name: key, value: value))
        } else if let key = options.long(name, in: options.flags), attached == nil, !line.flags.contains(key) {
          line.flags.append(key)
        } else {
          return nil
        }
      }
    }
    return line
  }
}
