import LinuxSystem
/// How values from users and from the store appear in messages: control characters and
/// bytes that are not UTF-8 escaped (`\e`, `\n`, `caf\xe9.txt`), so a message cannot
/// move the cursor, change colours or break into two lines; and long values cut short,
/// so a 40,000-character argument does not become a 40,000-character message.
public enum Display {
  /// The longest an echoed value is shown, in characters after escaping.
  public static let limit = 80

  /// A value as a message shows it: escaped, and cut to `limit` characters with "…".
  public static func value(_ text: some StringProtocol, limit: Int = limit) -> String {
    var shown = ""
    var count = 0
    for scalar in text.unicodeScalars {
      let piece = escaped(scalar)
      if count + piece.count > limit { return shown + "…" }
      shown += piece
      count += piece.count
    }
    return shown
  }

  /// A path as a message shows it: escaped, and when long, cut in the middle so that
  /// its start and its last components stay visible.
  public static func path(_ path: String, limit: Int = 160) -> String {
    let whole = value(path, limit: Int.max)
    guard whole.count > limit else { return whole }
    let tail = limit * 2 / 3
    return String(whole.prefix(limit - tail - 1)) + "…" + String(whole.suffix(tail))
  }

  /// Escapes control characters (also in a whole line that pb did not write, such as a
  /// parser's message) and makes it one line.
  public static func line(_ text: String) -> String {
    value(text, limit: Int.max)
  }

  /// `word` as a shell reads it back: as it is when it holds nothing the shell treats
  /// specially, else in single quotes, or as `$'...'` when it holds control characters
  /// or bytes that are not UTF-8 (which a message would show escaped).
  public static func shellWord(_ word: String) -> String {
    if let quoted = ansiQuoted(word) { return quoted }
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.,/:=+@%".unicodeScalars.contains(scalar))
    }
    return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }

  /// A word that a message would show escaped, as an ANSI-C quoted `$'...'` word that
  /// bash, zsh and ksh read back as the same bytes; nil when nothing in it is escaped.
  /// (A plain quoted word would show `\e` where the user gave an escape character.)
  public static func ansiQuoted(_ word: String) -> String? {
    guard word.unicodeScalars.contains(where: { escaped($0) != String($0) }) else { return nil }
    var quoted = "$'"
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": quoted += "\\\\"
      case "'": quoted += "\\'"
      default:
        let shown = escaped(scalar)
        if shown == String(scalar) {
          quoted += shown
        } else if PathBytes.isEscape(scalar) || scalar.value < 0x80 {
          quoted += shown  // \n, \t, \r, \e and \xHH: a byte, as in the argument
        } else {
          let digits = String(scalar.value, radix: 16)
          quoted += "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
        }
      }
    }
    return quoted + "'"
  }

  static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\u{1B}": return "\\e"
    default: break
    }
    if PathBytes.isEscape(scalar) { return "\\x" + hex(scalar.value - PathBytes.escapeBase) }
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "\\x" + hex(scalar.value) }
    switch scalar.properties.generalCategory {
    case .lineSeparator, .paragraphSeparator, .format, .control, .surrogate, .privateUse, .unassigned:
      // Bidirectional overrides and other invisible characters could disguise a name.
      return "\\u{" + String(scalar.value, radix: 16) + "}"
    default:
      return String(scalar)
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }
}

extension Display {
  /// Text as one line of a list whose fields are separated by tabs: each line break
  /// becomes "↵" (a picker still finds the words of every line), other runs of white
  /// space one space, and control and invisible characters go, so that no escape
  /// sequence reaches a terminal; white space at either end goes too.
  public static func oneLine(_ text: String) -> String {
    var line = String.UnicodeScalarView()
    var breaks = 0
    var space = false
    var afterReturn = false
    for scalar in text.unicodeScalars {
      defer { afterReturn = scalar == "\r" }
      if "\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar) {
        // CR LF is one break.
        if scalar != "\n" || !afterReturn { breaks += 1 }
      } else if scalar.properties.isWhitespace {
        space = true
      } else if escaped(scalar) == String(scalar) {
        if !line.isEmpty {
          if breaks > 0 {
            line.append(contentsOf: String(repeating: "↵", count: breaks).unicodeScalars)
          } else if space {
            line.append(" ")
          }
        }
        breaks = 0
        space = false
        line.append(scalar)
      }
    }
    return String(line)
  }
}
