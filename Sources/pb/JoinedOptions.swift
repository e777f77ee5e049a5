/// Short options written as POSIX getopt takes them: a value joined to its option
/// (`-i0`, `-pwork`, `-i-1`) and flags grouped (`-an`, `-anpwork`). ArgumentParser takes
/// only separate words, so such a word is split before parsing. The table says, per
/// subcommand, which short options take a value and which are flags; the docs tests check
/// it against the parser's own declarations (`--experimental-dump-help`).
enum JoinedOptions {
  struct Options {
    /// Short options that take a value, as letters.
    var valued: Set<Character>
    /// Short flags, as letters.
    var flags: Set<Character>
    /// Long options that take a value: the word after one is its value, never split.
    var longValued: Set<String>
  }

  /// The commands FastCommandLine reads take theirs from its tables; the rest are here.
  static let table: [String: Options] = Dictionary(
    uniqueKeysWithValues: FastCommandLine.commands.compactMap { name in FastCommandLine.spec(name).map { (name, Options($0)) } }
  ).merging(others) { derived, _ in derived }

  private static let others: [String: Options] = [
    "items": Options(valued: ["p", "i"], flags: ["h"], longValued: ["--pasteboard", "--items"]),
    "info": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard"]),
    "clear": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard", "--if-count", "--action"]),
    "wait": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard", "--since", "--timeout"]),
    "watch": Options(valued: ["p", "t"], flags: ["h"], longValued: ["--pasteboard", "--type"]),
    "cut": Options(valued: ["p"], flags: ["q", "h"], longValued: ["--pasteboard", "--if-count", "--action"]),
    "undo": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard"]),
    "redo": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard"]),
    "history": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard", "--levels"]),
    "type": Options(valued: [], flags: ["h"], longValued: []),
    "list": Options(valued: [], flags: ["h"], longValued: []),
    "create": Options(valued: [], flags: ["h"], longValued: ["--prefix", "--owner", "--expire"]),
    "delete": Options(valued: [], flags: ["h"], longValued: ["--if-count", "--action"]),
    "group begin": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard"]),
    "group end": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard"]),
    "group run": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard", "--name"]),
    "publish": Options(valued: ["p", "i"], flags: ["h"], longValued: ["--pasteboard", "--items", "--selection", "--backend"]),
    "bridge": Options(valued: ["p"], flags: ["h"], longValued: ["--pasteboard", "--selection", "--backend", "--timeout"]),
    "import": Options(valued: ["p"], flags: ["a", "h"], longValued: ["--pasteboard", "--selection", "--backend", "--timeout"]),
  ]

  /// The arguments with joined short options split into separate words. Words after
  /// `--`, values of options, and words that are not made of the subcommand's own short
  /// options (a negative number, an unknown letter) are left as they are, for the
  /// parser to take or to report.
  static func split(_ arguments: [String]) -> [String] {
    var start = 1
    var key = arguments.first ?? ""
    if key == "group", arguments.count > 1 {
      key += " " + arguments[1]
      start = 2
    }
    // Most lines have no joined word; the table is built only for one that may.
    let mayBeJoined = arguments.dropFirst(start).contains { $0.count > 2 && $0.hasPrefix("-") && !$0.hasPrefix("--") }
    guard mayBeJoined, let options = table[key] else { return arguments }
    var result = Array(arguments[..<start])
    var takesValue = false
    for (position, word) in arguments.enumerated().dropFirst(start) {
      if takesValue {
        result.append(word)
        takesValue = false
        continue
      }
      if word == "--" {
        result += arguments[position...]
        return result
      }
      if word.hasPrefix("--") {
        result.append(word)
        takesValue = options.longValued.contains(word)
        continue
      }
      guard word.hasPrefix("-"), word.count >= 2, let split = splitShort(word, options) else {
        result.append(word)
        continue
      }
      result += split.words
      takesValue = split.needsValue
    }
    return result
  }

  /// `-anpwork` as `-a -n -p work`; nil when some letter is not one of the options.
  private static func splitShort(_ word: String, _ options: Options) -> (words: [String], needsValue: Bool)? {
    var words: [String] = []
    var rest = Substring(word.dropFirst())
    while let letter = rest.first {
      rest = rest.dropFirst()
      if options.flags.contains(letter) {
        words.append("-\(letter)")
      } else if options.valued.contains(letter) {
        words.append("-\(letter)")
        if rest.isEmpty { return (words, true) }
        words.append(String(rest))
        return (words, false)
      } else {
        return nil
      }
    }
    return (words, false)
  }
}

extension JoinedOptions.Options {
  /// A fast-path command's options, with -h, which every command takes.
  init(_ spec: FastCommandLine.Spec) {
    let letter = { (name: String?) in name.flatMap { $0.count == 2 ? $0.last : nil } }
    valued = Set(spec.valued.compactMap { letter($0.short) })
    flags = Set(spec.flags.compactMap { letter($0.short) } + ["h"])
    longValued = Set(spec.valued.map(\.long))
  }
}
