import ArgumentParser
import PasteboardKit

/// The command lines of the commands shell scripts run most (`paste`, `copy`, `count`,
/// `contains`, `types`), parsed without ArgumentParser. Its parse builds each command's
/// argument set by reflection, and the protocol-conformance scans that starts in a static
/// binary cost three quarters of a small paste (8 M of 11 M instructions).
///
/// The declarations stay the one definition: this takes only a line it fully understands
/// and builds the request ArgumentParser's command would give (`CommandRequest`), with the
/// same validations, without constructing the command (its property wrappers cost more
/// to make than a small paste's own work).
/// Anything else (a word it does not know, an option given twice, a value that starts
/// with '-', help, a failed validation) goes to ArgumentParser, which gives the messages.
/// A test holds these option names to the declarations, and a differential test holds the
/// requests built here to ArgumentParser's for every option.
enum FastCommandLine {
  /// One command's options, each as its long name and its short one; the long name
  /// keys the values. Arrays searched in turn: a handful of options, and no dictionary
  /// to build on every run.
  struct Spec {
    var valued: [(long: String, short: String?)]
    var flags: [(long: String, short: String?)]
    /// Options whose value is taken even when it starts with '-' (`-i -1`).
    var unconditional: [String] = []
    /// Options that may be given more than once, each value kept.
    var repeating: [String] = []
    var takesPositionals = false
    var build: (Line) throws -> any CommandRequest

    func long(_ name: String, in options: [(long: String, short: String?)]) -> String? {
      options.first { $0.long == name || $0.short == name }?.long
    }
  }

  /// What a line gave: option values by long name in the order given, flags,
  /// positional words. Pairs rather than a dictionary: the first dictionary of a key
  /// type costs a scan of every conformance record in the binary.
  struct Line {
    var given: [(name: String, value: String)] = []
    var flags: [String] = []
    var positionals: [String] = []

    func values(_ name: String) -> [String] { given.filter { $0.name == name }.map(\.value) }
    func value(_ name: String) -> String? { given.last { $0.name == name }?.value }
    func flag(_ name: String) -> Bool { flags.contains(name) }
  }

  static let board = (long: "--pasteboard", short: Optional("-p"))
  static let items = (long: "--items", short: Optional("-i"))
  static let quiet = (long: "--quiet", short: Optional("-q"))

  /// The names of the commands parsed here.
  static let commands = ["paste", "copy", "count", "contains", "types"]

  /// The spec of one command, made when it runs: only its own.
  static func spec(_ name: String) -> Spec? {
    switch name {
    case "paste": paste
    case "copy": copy
    case "count": count
    case "contains": contains
    case "types": types
    default: nil
    }
  }

  static var paste: Spec {
    Spec(
      valued: [board, items, ("--type", "-t"), ("--delimiter", "-d"), ("--output", "-o")],
      flags: [quiet, ("--null", "-0"), ("--no-clobber", "-n"), ("--json", nil), ("--force", nil)],
      unconditional: ["--items"]
    ) { line in
      PasteRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), types: line.value("--type"),
        delimiter: line.value("--delimiter"), nullDelimited: line.flag("--null"), directory: line.value("--output"),
        noClobber: line.flag("--no-clobber"), json: line.flag("--json"), force: line.flag("--force"), quiet: line.flag("--quiet"))
    }
  }

  static var copy: Spec {
    Spec(
      valued: [board, ("--type", "-t"), ("--representation", "-r"), ("--expire", nil), ("--if-count", nil), ("--action", nil)],
      flags: [
        quiet, ("--append", "-a"), ("--concealed", nil), ("--force-type", nil), ("--trim-newline", "-n"), ("--no-undo", nil),
      ],
      unconditional: ["--expire", "--if-count"], repeating: ["--representation"], takesPositionals: true
    ) { line in
      // A count that is not a whole number is ArgumentParser's to refuse.
      let ifCount = try line.value("--if-count").map { text in try Int(text) ?? { throw NotTaken() }() }
      try IfCountOption.validate(ifCount)
      try ActionName.validate(action: line.value("--action"), noUndo: line.flag("--no-undo"))
      return CopyRequest(
        pasteboard: line.value("--pasteboard"), type: line.value("--type"), representations: line.values("--representation"),
        append: line.flag("--append"), expire: line.value("--expire"), concealed: line.flag("--concealed"),
        forceType: line.flag("--force-type"), trimNewline: line.flag("--trim-newline"), ifCount: ifCount,
        action: line.value("--action"), noUndo: line.flag("--no-undo"), quiet: line.flag("--quiet"), files: line.positionals)
    }
  }

  static var count: Spec {
    Spec(valued: [board], flags: []) { line in CountRequest(pasteboard: line.value("--pasteboard")) }
  }

  static var contains: Spec {
    Spec(valued: [board, items], flags: [("--all", nil)], unconditional: ["--items"], takesPositionals: true) { line in
      // The types are required: without them ArgumentParser says so.
      guard !line.positionals.isEmpty else { throw NotTaken() }
      return ContainsRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), all: line.flag("--all"), types: line.positionals)
    }
  }

  static var types: Spec {
    Spec(valued: [board, items, ("--conforming-to", nil)], flags: [("--json", nil)], unconditional: ["--items"]) { line in
      TypesRequest(
        pasteboard: line.value("--pasteboard"), items: line.value("--items"), conformingTo: line.value("--conforming-to"),
        json: line.flag("--json"))
    }
  }

  /// Thrown by a builder for a line ArgumentParser should see.
  struct NotTaken: Error {}

  /// The validated request for `arguments` (after the joined short options are split),
  /// or nil for ArgumentParser to parse.
  static func parse(_ arguments: [String]) -> (any CommandRequest)? {
    guard let name = arguments.first, let spec = spec(name), let line = read(arguments.dropFirst(), spec),
      let request = try? spec.build(line), (try? request.validate()) != nil
    else { return nil }
    return request
  }

  static func read(_ words: ArraySlice<String>, _ spec: Spec) -> Line? {
    var line = Line()
    var words = words
    var onlyPositionals = false
    while let word = words.popFirst() {
      if onlyPositionals || word == "-" || !word.hasPrefix("-") {
        guard spec.takesPositionals else { return nil }
        line.positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      var name = word
      var attached: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        attached = String(word[word.index(after: equals)...])
      }
      if let key = spec.long(name, in: spec.valued) {
        let value: String
        if let attached {
          value = attached
        } else {
          guard let next = words.popFirst(), spec.unconditional.contains(key) || !next.hasPrefix("-") else { return nil }
          value = next
        }
        guard line.value(key) == nil || spec.repeating.contains(key) else { return nil }
        line.given.append((key, value))
      } else if let key = spec.long(name, in: spec.flags), attached == nil, !line.flags.contains(key) {
        line.flags.append(key)
      } else {
        return nil
      }
    }
    return line
  }
}
