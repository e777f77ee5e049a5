import ArgumentParser
import PasteboardKit

/// The command lines of the commands shell scripts run most (`paste`, `copy`, `count`,
/// `contains`, `types`), parsed without ArgumentParser. Its parse builds each command's
/// argument set by reflection, and the protocol-conformance scans that starts in a static
/// binary cost three quarters of a small paste (8 M of 11 M instructions).
///
/// The declarations stay the one definition: this takes only a line it fully understands
/// and builds the same command ArgumentParser would, then runs the same `validate()`s.
/// Anything else (a word it does not know, an option given twice, a value that starts
/// with '-', help, a failed validation) goes to ArgumentParser, which gives the messages.
/// DocsTests holds these option names to the declarations, and a differential test holds
/// the commands built here to ArgumentParser's for every option.
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
    var build: (Line) throws -> any ParsableCommand

    func long(_ name: String, in options: [(long: String, short: String?)]) -> String? {
      options.first { $0.long == name || $0.short == name }?.long
    }
  }

  /// What a line gave: option values by long name, flags, positional words.
  struct Line {
    var values: [String: [String]] = [:]
    var flags: [String] = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
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
      var command = PB.Paste()
      command.board = .parsed(pasteboard: line.value("--pasteboard"))
      command.itemSet = .parsed(items: line.value("--items"))
      command.types = line.value("--type")
      command.delimiter = line.value("--delimiter")
      command.nullDelimited = line.flag("--null")
      command.directory = line.value("--output")
      command.noClobber = line.flag("--no-clobber")
      command.json = line.flag("--json")
      command.force = line.flag("--force")
      command.progress = .parsed(quiet: line.flag("--quiet"))
      try command.validate()
      return command
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
      var command = PB.Copy()
      command.board = .parsed(pasteboard: line.value("--pasteboard"))
      command.type = line.value("--type")
      command.representations = line.values["--representation"] ?? []
      command.append = line.flag("--append")
      command.expire = line.value("--expire")
      command.concealed = line.flag("--concealed")
      command.forceType = line.flag("--force-type")
      command.trimNewline = line.flag("--trim-newline")
      command.ifCount = try .parsed(ifCount: line.value("--if-count"))
      command.undo = .parsed(action: line.value("--action"), noUndo: line.flag("--no-undo"))
      command.progress = .parsed(quiet: line.flag("--quiet"))
      command.files = line.positionals
      try command.ifCount.validate()
      try command.undo.validate()
      try command.validate()
      return command
    }
  }

  static var count: Spec {
    Spec(valued: [board], flags: []) { line in
      var command = PB.Count()
      command.board = .parsed(pasteboard: line.value("--pasteboard"))
      return command
    }
  }

  static var contains: Spec {
    Spec(valued: [board, items], flags: [("--all", nil)], unconditional: ["--items"], takesPositionals: true) { line in
      // The types are required: without them ArgumentParser says so.
      guard !line.positionals.isEmpty else { throw NotTaken() }
      var command = PB.Contains()
      command.board = .parsed(pasteboard: line.value("--pasteboard"))
      command.itemSet = .parsed(items: line.value("--items"))
      command.all = line.flag("--all")
      command.types = line.positionals
      return command
    }
  }

  static var types: Spec {
    Spec(valued: [board, items, ("--conforming-to", nil)], flags: [("--json", nil)], unconditional: ["--items"]) { line in
      var command = PB.Types()
      command.board = .parsed(pasteboard: line.value("--pasteboard"))
      command.itemSet = .parsed(items: line.value("--items"))
      command.conformingTo = line.value("--conforming-to")
      command.json = line.flag("--json")
      return command
    }
  }

  /// Thrown by a builder for a line ArgumentParser should see.
  struct NotTaken: Error {}

  /// The command for `arguments` (after the joined short options are split), or nil for
  /// ArgumentParser to parse.
  static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
    guard let name = arguments.first, let spec = spec(name), let line = read(arguments.dropFirst(), spec) else { return nil }
    return try? spec.build(line)
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
        guard line.values[key] == nil || spec.repeating.contains(key) else { return nil }
        line.values[key, default: []].append(value)
      } else if let key = spec.long(name, in: spec.flags), attached == nil, !line.flags.contains(key) {
        line.flags.append(key)
      } else {
        return nil
      }
    }
    return line
  }
}

// The option groups as the parser would leave them; each property is set, as a
// property of a command built outside the parser must be.
extension BoardOptions {
  static func parsed(pasteboard: String?) -> Self {
    var options = Self()
    options.pasteboard = pasteboard
    return options
  }
}

extension ItemSetOption {
  static func parsed(items: String?) -> Self {
    var options = Self()
    options.items = items
    return options
  }
}

extension QuietOption {
  static func parsed(quiet: Bool) -> Self {
    var options = Self()
    options.quiet = quiet
    return options
  }
}

extension UndoOptions {
  static func parsed(action: String?, noUndo: Bool) -> Self {
    var options = Self()
    options.action = action
    options.noUndo = noUndo
    return options
  }
}

extension IfCountOption {
  /// Text that is not a whole number is for ArgumentParser to refuse.
  static func parsed(ifCount text: String?) throws -> Self {
    var options = Self()
    guard let text else {
      options.ifCount = nil
      return options
    }
    guard let count = Int(text) else { throw FastCommandLine.NotTaken() }
    options.ifCount = count
    return options
  }
}
