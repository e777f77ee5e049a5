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
    // Printable ASCII, nearly every value (types, names), is shown as it is, without
    // escaping each character.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
      return text.utf8.count > limit ? String(text.prefix(limit)) + "…" : String(text)
    }
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
    if isShownAsIs(scalar) { return String(scalar) }
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\u{1B}": return "\\e"
    default: break
    }
    if PathBytes.isEscape(scalar) { return "\\x" + hex(scalar.value - PathBytes.escapeBase) }
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "\\x" + hex(scalar.value) }
    return "\\u{" + String(scalar.value, radix: 16) + "}"
  }

  /// Whether a message shows `scalar` as it is: not a control character, an undecodable
  /// byte, or a character that is invisible (bidirectional overrides and the like could
  /// disguise a name).
  static func isShownAsIs(_ scalar: Unicode.Scalar) -> Bool {
    if PathBytes.isEscape(scalar) || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
    switch scalar.properties.generalCategory {
    case .lineSeparator, .paragraphSeparator, .format, .control, .surrogate, .privateUse, .unassigned: return false
    default: return true
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
  /// sequence reaches a terminal; white space at either end goes too. `showingHidden`
  /// shows those characters escaped instead, as messages show them (`\e`, `\u{202e}`),
  /// for a person reading a terminal: a right-to-left override or a zero-width space
  /// left out silently would show another text than the clip's.
  public static func oneLine(_ text: String, showingHidden: Bool = false) -> String {
    // Read as UTF-8 bytes, ASCII classed by a table: `pb history --list` makes a line of
    // every clip in history, megabytes of text, and looking up Unicode's tables for each
    // character was 90% of its time.
    var text = text
    return text.withUTF8 { bytes in
      let asciiClasses = Self.asciiLineClasses
      // Written straight into room for the longest line the text can make: each byte read
      // gives at most three, a line break "↵", or shown escaped four, a control's "\x07"
      // (untouched room costs no memory).
      let line = [UInt8](unsafeUninitializedCapacity: bytes.count * (showingHidden ? 4 : 3)) { line, count in
        // Counted in a local, not through `count`: a store through that pointer after each
        // byte written kept the loop from holding it in a register.
        var written = 0
        var breaks = 0
        var space = false
        var afterReturn = false
        var index = 0
        while index < bytes.count {
          let start = index
          let lead = bytes[index]
          var kind: LineClass
          var value = UInt32(lead)
          if lead < 0x80 {
            kind = asciiClasses[Int(lead)]
            index += 1
          } else {
            // A String's bytes are valid UTF-8: a lead byte and its continuation bytes.
            index = min(index + (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2), bytes.count)
            value = UInt32(lead & (0x7F >> (index - start)))
            for continuation in bytes[(start + 1)..<index] { value = value << 6 | UInt32(continuation & 0x3F) }
            kind = Unicode.Scalar(value).map(lineClass) ?? .dropped
          }
          // Shown escaped, the character is written as its escape's ASCII.
          var escape: String.UTF8View?
          if kind == .dropped, showingHidden, let scalar = Unicode.Scalar(value) {
            escape = escaped(scalar).utf8
            kind = .shown
          }
          switch kind {
          case .lineBreak:
            // CR LF is one break.
            if lead != UInt8(ascii: "\n") || !afterReturn { breaks += 1 }
          case .space:
            space = true
          case .shown:
            if written > 0 {
              if breaks > 0 {
                for _ in 0..<breaks {
                  for byte in "↵".utf8 {
                    line[written] = byte
                    written += 1
                  }
                }
              } else if space {
                line[written] = UInt8(ascii: " ")
                written += 1
              }
            }
            breaks = 0
            space = false
            if let escape {
              for byte in escape {
                line[written] = byte
                written += 1
              }
            } else {
              for offset in start..<index {
                line[written] = bytes[offset]
                written += 1
              }
            }
          case .dropped:
            break
          }
          afterReturn = lead == UInt8(ascii: "\r")
        }
        count = written
      }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// What `oneLine` makes of a character.
  enum LineClass {
    case lineBreak, space, shown, dropped
  }

  static func lineClass(_ scalar: Unicode.Scalar) -> LineClass {
    switch scalar.value {
    // LF, VT, FF, CR, NEL, and the line and paragraph separators.
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return .lineBreak
    default: break
    }
    if scalar.properties.isWhitespace { return .space }
    return isShownAsIs(scalar) ? .shown : .dropped
  }

  /// `lineClass` of each ASCII character, worked out once.
  static let asciiLineClasses: [LineClass] = (0..<128).map { lineClass(Unicode.Scalar(UInt8($0))) }
}
