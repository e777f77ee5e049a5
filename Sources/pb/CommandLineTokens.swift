/// The one reader of pb's words: every reader of a command line (the split of joined short
/// options, the remote board's search, FastCommandLine, the subcommand check) takes its
/// words from here, so that what counts as an option, an option's value, `--` and a
/// positional word is decided in one place. ArgumentParser stays the one definition of
/// the commands; the tables this reads are generated from its declarations
/// (CommandLineTables.swift).
struct CommandLineTokens {
  /// A word as every reader sees it.
  enum Token {
    /// A word that is no option: one without a leading '-', `-` (standard input), or any
    /// word after `--`.
    case positional(String)
    /// `--`: the words after it are positional.
    case terminator
    /// `-x`, `-xyz`, `--name`, or `--name=value` (as `name` `--name` and `attached`
    /// `value`); `word` as given.
    case option(name: String, attached: String?, word: String)
  }

  /// Short options written as POSIX getopt takes them (see `split`). Generated from the
  /// declarations. Letters in strings rather than sets: a set of characters is hashed,
  /// and the first hashed type costs a scan of every conformance record in the binary.
  struct Options {
    /// Short options that take a value, as letters.
    var valued: String
    /// Short flags, as letters, -h among them.
    var flags: String
    /// Long options that take a value: the word after one is its value, never split.
    var longValued: [String]

    /// Whether an option word given without `=VALUE` takes the next word as its value.
    func takesValue(_ word: String) -> Bool {
      word.hasPrefix("--") ? longValued.contains(word) : word.count == 2 && valued.contains(word.last!)
    }
  }

  private var words: ArraySlice<String>
  private var onlyPositionals = false

  init(_ words: ArraySlice<String>) {
    self.words = words
  }

  /// The next word, classified; nil at the end.
  mutating func next() -> Token? {
    guard let word = words.popFirst() else { return nil }
    if onlyPositionals || word == "-" || !word.hasPrefix("-") { return .positional(word) }
    if word == "--" {
      onlyPositionals = true
      return .terminator
    }
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      return .option(name: String(word[..<equals]), attached: String(word[word.index(after: equals)...]), word: word)
    }
    return .option(name: word, attached: nil, word: word)
  }

  /// The next word as the value of the option just read, whatever it looks like; nil at
  /// the end.
  mutating func value() -> String? { words.popFirst() }

  /// The words not read yet.
  var rest: ArraySlice<String> { words }

  /// The words that name the command whose options a line gives, as the option tables
  /// key it (`copy`, `group begin`), and where its options start.
  static func command(_ arguments: [String]) -> (key: String, start: Int) {
    let key = arguments.first ?? ""
    if key == "group", arguments.count > 1 { return (key + " " + arguments[1], 2) }
    return (key, 1)
  }

  /// The arguments with short options written as POSIX getopt takes them split into
  /// separate words: a value joined to its option (`-i0`, `-pwork`, `-i-1`) and flags
  /// grouped (`-an`, `-anpwork`). ArgumentParser 1.8.2 splits grouped flags and, with
  /// `customShort(_:allowingJoined:)`, takes a value joined to the first letter of a word,
  /// but not one after grouped flags (`-anpwork`); and FastCommandLine reads separate
  /// words only. Words after `--`, values of options, and words that are not made of the
  /// subcommand's own short options (a negative number, an unknown letter) are left as
  /// they are, for the parser to take or to report.
  static func split(_ arguments: [String]) -> [String] {
    let (key, start) = command(arguments)
    // Most lines have no joined word.
    let mayBeJoined = arguments.dropFirst(start).contains { $0.count > 2 && $0.hasPrefix("-") && !$0.hasPrefix("--") }
    guard mayBeJoined, let options = options(key) else { return arguments }
    var result = Array(arguments[..<start])
    var tokens = CommandLineTokens(arguments[start...])
    while let token = tokens.next() {
      switch token {
      case .positional(let word):
        result.append(word)
      case .terminator:
        result.append("--")
        result += tokens.rest
        return result
      case .option(let name, let attached, let word):
        result.append(word)
        if word.hasPrefix("--") {
          if attached == nil, options.longValued.contains(name), let value = tokens.value() { result.append(value) }
          continue
        }
        guard let split = splitShort(word, options) else { continue }
        result.removeLast()
        result += split.words
        if split.needsValue, let value = tokens.value() { result.append(value) }
      }
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
