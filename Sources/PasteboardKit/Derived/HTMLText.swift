import LinuxSystem

/// The plain text a browser copies of HTML (its innerText, simplified): derived for an
/// item that has HTML and no plain text (`DerivedForm.textFromHTML`). Tags go,
/// with what script, style, title and template elements hold; character references
/// are decoded (HTML 4's named ones and every numeric one); block elements end lines
/// (a paragraph with an empty line), br breaks one, table cells are separated by tabs;
/// white space collapses as HTML collapses it, except inside pre.
public enum HTMLText {
  /// No larger HTML is converted: it is read at about 16 MB a second, into four bytes a
  /// character, while the application that asked waits.
  public static let byteLimit: Int64 = 64 << 20

  /// The text of the HTML stored in `source` (`size` bytes), as UTF-8.
  static func plainText(from source: borrowing Descriptor, size: Int64) throws(PasteboardError) -> [UInt8] {
    guard size <= byteLimit else {
      throw .cannotDerive(type: "public.utf8-plain-text", reason: "the HTML is larger than \(byteLimit >> 20) MiB")
    }
    let html = try DerivedForm.read(source, size: size)
    return Array(plainText(String(decoding: html, as: UTF8.self)).utf8)
  }

  public static func plainText(_ html: String) -> String {
    var reader = Reader(Array(html.unicodeScalars))
    reader.run()
    return String(reader.output)
  }

  /// Elements whose content is not shown.
  static let hidden: Set<String> = ["script", "style", "title", "template", "noscript"]
  /// Elements that start and end on lines of their own.
  static let blocks: Set<String> = [
    "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
    "legend", "li", "listing", "main", "menu", "nav", "ol", "pre", "section", "summary", "table", "tbody", "tfoot",
    "thead", "tr", "ul",
  ]

  private struct Reader {
    let html: [Unicode.Scalar]
    var position = 0
    var output = String.UnicodeScalarView()
    /// Line breaks owed before the next text (the most any boundary asked for).
    var pendingBreaks = 0
    var pendingSpace = false
    var started = false
    var preformatted = 0
    /// A cell after the first in its row is preceded by a tab.
    var cellsInRow = 0

    init(_ html: [Unicode.Scalar]) { self.html = html }

    mutating func run() {
      var text: [Unicode.Scalar] = []
      while position < html.count {
        if html[position] == "<" {
          // The text before a tag goes out before the tag acts (a line break).
          add(decoded(text))
          text.removeAll(keepingCapacity: true)
          if let tagEnd = tag(at: position) {
            position = tagEnd
          } else {
            text.append("<")
            position += 1
          }
        } else {
          text.append(html[position])
          position += 1
        }
      }
      add(decoded(text))
    }

    /// Reads the markup at `start` (a tag, comment, doctype) and acts on it; returns
    /// where it ends, or nil when the `<` is text.
    mutating func tag(at start: Int) -> Int? {
      var index = start + 1
      guard index < html.count else { return nil }
      if html[index] == "!" {
        if matches("!--", at: index) {
          return find(Array("-->".unicodeScalars), from: index + 3).map { $0 + 3 } ?? html.count
        }
        return (find([">"], from: index) ?? html.count - 1) + 1
      }
      if html[index] == "?" { return (find([">"], from: index) ?? html.count - 1) + 1 }
      let closing = html[index] == "/"
      if closing { index += 1 }
      guard index < html.count, isLetter(html[index]) else {
        // "</>" and "</ x>" are dropped as a browser drops them; "< x" is text.
        return closing ? (find([">"], from: index) ?? html.count - 1) + 1 : nil
      }
      var name = ""
      while index < html.count, !isSpace(html[index]), html[index] != "/", html[index] != ">" {
        name.unicodeScalars.append(html[index])
        index += 1
      }
      name = name.lowercased()
      // Attributes, whose quoted values may hold ">".
      var quote: Unicode.Scalar?
      while index < html.count {
        let scalar = html[index]
        if let open = quote {
          if scalar == open { quote = nil }
        } else if scalar == "\"" || scalar == "'" {
          if index > 0, html[index - 1] == "=" || isSpace(html[index - 1]) { quote = scalar }
        } else if scalar == ">" {
          break
        }
        index += 1
      }
      let end = min(index + 1, html.count)
      if closing {
        close(name)
        return end
      }
      open(name)
      if HTMLText.hidden.contains(name) {
        // Its content is skipped up to its end tag (raw text for script and style).
        guard let closeTag = findEndTag(name, from: end) else { return html.count }
        return closeTag
      }
      // A newline right after pre's start tag is not part of its content.
      if name == "pre" || name == "listing" {
        if matches("\r\n", at: end) { return end + 2 }
        if matches("\n", at: end) { return end + 1 }
      }
      return end
    }

    mutating func open(_ name: String) {
      switch name {
      case "br":
        if started && pendingBreaks > 0 { breakLines(pendingBreaks) }
        breakLines(1)
        started = true
      case "p":
        require(2)
      case "tr":
        cellsInRow = 0
        require(1)
      case "td", "th":
        if cellsInRow > 0 && started {
          pendingSpace = false
          if pendingBreaks == 0 { output.append("\t") }
        }
        cellsInRow += 1
      case "pre", "listing":
        require(1)
        preformatted += 1
      default:
        if HTMLText.blocks.contains(name) { require(1) }
      }
    }

    mutating func close(_ name: String) {
      switch name {
      case "p": require(2)
      case "pre", "listing":
        preformatted = max(0, preformatted - 1)
        require(1)
      default:
        if HTMLText.blocks.contains(name) { require(1) }
      }
    }

    mutating func require(_ breaks: Int) {
      pendingBreaks = max(pendingBreaks, breaks)
    }

    mutating func breakLines(_ count: Int) {
      for _ in 0..<count { output.append("\n") }
      pendingBreaks = 0
      pendingSpace = false
    }

    mutating func add(_ text: [Unicode.Scalar]) {
      for scalar in text {
        if preformatted == 0 && isSpace(scalar) {
          pendingSpace = true
          continue
        }
        if started && pendingBreaks > 0 {
          breakLines(pendingBreaks)
        } else if started && pendingSpace {
          output.append(" ")
        }
        pendingBreaks = 0
        pendingSpace = false
        // A no-break space is copied as a space (as browsers do), but never collapsed.
        output.append(scalar == "\u{A0}" ? " " : scalar == "\r" ? "\n" : scalar)
        started = true
      }
    }

    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    func isLetter(_ scalar: Unicode.Scalar) -> Bool {
      (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    func matches(_ text: String, at index: Int) -> Bool {
      let wanted = Array(text.unicodeScalars)
      return index + wanted.count <= html.count && Array(html[index..<index + wanted.count]) == wanted
    }

    func find(_ wanted: [Unicode.Scalar], from start: Int) -> Int? {
      guard !wanted.isEmpty, start + wanted.count <= html.count else { return nil }
      var index = start
      while index + wanted.count <= html.count {
        if html[index] == wanted[0] && html[index..<index + wanted.count].elementsEqual(wanted) { return index }
        index += 1
      }
      return nil
    }

    /// Where `</name` (any case) starts at or after `start`.
    func findEndTag(_ name: String, from start: Int) -> Int? {
      let wanted = Array(name.unicodeScalars)
      var index = start
      while let found = find(["<", "/"], from: index) {
        let nameStart = found + 2
        if nameStart + wanted.count <= html.count,
          zip(html[nameStart..<nameStart + wanted.count], wanted).allSatisfy({ lowered($0) == $1 }),
          nameStart + wanted.count == html.count || !isLetter(html[nameStart + wanted.count])
            && !(html[nameStart + wanted.count].properties.numericType != nil)
        {
          return found
        }
        index = found + 2
      }
      return nil
    }

    func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      scalar >= "A" && scalar <= "Z" ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    /// `text` with its character references decoded.
    func decoded(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
      guard text.contains("&") else { return text }
      var result: [Unicode.Scalar] = []
      result.reserveCapacity(text.count)
      var index = 0
      while index < text.count {
        guard text[index] == "&", let (scalar, end) = HTMLText.reference(in: text, at: index) else {
          result.append(text[index])
          index += 1
          continue
        }
        result.append(scalar)
        index = end
      }
      return result
    }
  }

  /// The character a reference at `start` (its "&") stands for, and where it ends.
  static func reference(in text: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
    var index = start + 1
    guard index < text.count else { return nil }
    if text[index] == "#" {
      index += 1
      let hex = index < text.count && (text[index] == "x" || text[index] == "X")
      if hex { index += 1 }
      var value: UInt32 = 0
      var digits = 0
      while index < text.count, let digit = Int(String(text[index]), radix: hex ? 16 : 10), text[index].isASCII {
        // Past the last code point the value only has to stay invalid.
        value = min(value &* (hex ? 16 : 10) &+ UInt32(digit), 0x11_0000)
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      if index < text.count && text[index] == ";" { index += 1 }
      return (numericCharacter(value), index)
    }
    var name = ""
    while index < text.count, name.unicodeScalars.count < 10, text[index].isASCII,
      text[index].properties.isAlphabetic || text[index].properties.numericType != nil
    {
      name.unicodeScalars.append(text[index])
      index += 1
    }
    if index < text.count && text[index] == ";", let value = namedReferences[name] {
      return (Unicode.Scalar(value)!, index + 1)
    }
    // The oldest names are also read without a semicolon, as browsers read them.
    if let value = namedReferences[name], value <= 0xFF { return (Unicode.Scalar(value)!, index) }
    return nil
  }

  /// A numeric reference's character: HTML reads 0x80-0x9F as Windows-1252, and what is
  /// no character as U+FFFD.
  static func numericCharacter(_ value: UInt32) -> Unicode.Scalar {
    if value >= 0x80 && value <= 0x9F, let mapped = windows1252[value] { return Unicode.Scalar(mapped)! }
    if value == 0 { return "\u{FFFD}" }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  static let windows1252: [UInt32: UInt32] = [
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6,
    0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C,
    0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
    0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
  ]

  /// HTML 4's named character references (HTML 5 keeps them all).
  static let namedReferences: [String: UInt32] = {
    var table: [String: UInt32] = ["quot": 34, "amp": 38, "apos": 39, "lt": 60, "gt": 62]
    // U+00A0 to U+00FF, in order.
    let latin1 = """
      nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute \
      micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig \
      Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash \
      Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc \
      euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml \
      yacute thorn yuml
      """.split(separator: " ")
    for (offset, name) in latin1.enumerated() { table[String(name)] = 0xA0 + UInt32(offset) }
    let greek = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho".split(separator: " ")
    for (offset, name) in greek.enumerated() {
      table[String(name)] = 0x391 + UInt32(offset)
      table[name.lowercased()] = 0x3B1 + UInt32(offset)
    }
    for (offset, name) in "Sigma Tau Upsilon Phi Chi Psi Omega".split(separator: " ").enumerated() {
      table[String(name)] = 0x3A3 + UInt32(offset)
      table[name.lowercased()] = 0x3C3 + UInt32(offset)
    }
    let others: [String: UInt32] = [
      "OElig": 338, "oelig": 339, "Scaron": 352, "scaron": 353, "Yuml": 376, "fnof": 402, "circ": 710, "tilde": 732,
      "sigmaf": 962, "thetasym": 977, "upsih": 978, "piv": 982, "ensp": 8194, "emsp": 8195, "thinsp": 8201,
      "zwnj": 8204, "zwj": 8205, "lrm": 8206, "rlm": 8207, "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217,
      "sbquo": 8218, "ldquo": 8220, "rdquo": 8221, "bdquo": 8222, "dagger": 8224, "Dagger": 8225, "bull": 8226,
      "hellip": 8230, "permil": 8240, "prime": 8242, "Prime": 8243, "lsaquo": 8249, "rsaquo": 8250, "oline": 8254,
      "frasl": 8260, "euro": 8364, "image": 8465, "weierp": 8472, "real": 8476, "trade": 8482, "alefsym": 8501,
      "larr": 8592, "uarr": 8593, "rarr": 8594, "darr": 8595, "harr": 8596, "crarr": 8629, "lArr": 8656, "uArr": 8657,
      "rArr": 8658, "dArr": 8659, "hArr": 8660, "forall": 8704, "part": 8706, "exist": 8707, "empty": 8709,
      "nabla": 8711, "isin": 8712, "notin": 8713, "ni": 8715, "prod": 8719, "sum": 8721, "minus": 8722, "lowast": 8727,
      "radic": 8730, "prop": 8733, "infin": 8734, "ang": 8736, "and": 8743, "or": 8744, "cap": 8745, "cup": 8746,
      "int": 8747, "there4": 8756, "sim": 8764, "cong": 8773, "asymp": 8776, "ne": 8800, "equiv": 8801, "le": 8804,
      "ge": 8805, "sub": 8834, "sup": 8835, "nsub": 8836, "sube": 8838, "supe": 8839, "oplus": 8853, "otimes": 8855,
      "perp": 8869, "sdot": 8901, "lceil": 8968, "rceil": 8969, "lfloor": 8970, "rfloor": 8971, "lang": 0x27E8,
      "rang": 0x27E9, "loz": 9674, "spades": 9824, "clubs": 9827, "hearts": 9829, "diams": 9830,
    ]
    table.merge(others) { first, _ in first }
    return table
  }()
}
