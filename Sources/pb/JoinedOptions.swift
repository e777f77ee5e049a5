/// Short options written as POSIX getopt takes them: a value joined to its option
/// (`-i0`, `-pwork`, `-i-1`) and flags grouped (`-an`, `-anpwork`). ArgumentParser 1.8.2
/// splits grouped flags and, with `customShort(_:allowingJoined:)`, takes a value joined
/// to the first letter of a word, but not one after grouped flags (`-anpwork`); and
/// FastCommandLine reads separate words only. So such a word is split before either
/// parser sees it, by the tables generated from the declarations.
enum JoinedOptions {
  /// Generated from the declarations (CommandLineTables.swift). Letters in strings
  /// rather than sets: a set of characters is hashed, and the first hashed type costs a
  /// scan of every conformance record in the binary.
  struct Options {
    /// Short options that take a value, as letters.
    var valued: String
    /// Short flags, as letters, -h among them.
    var flags: String
    /// Long options that take a value: the word after one is its value, never split.
    var longValued: [String]
  }

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
    // Most lines have no joined word.
    let mayBeJoined = arguments.dropFirst(start).contains { $0.count > 2 && $0.hasPrefix("-") && !$0.hasPrefix("--") }
    guard mayBeJoined, let options = options(key) else { return arguments }
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
