import PasteboardKit

/// How an item's representations are named on the desktop clipboard, and how what the
/// desktop offers becomes an item: the rules both backends share, kept apart from any
/// protocol so that they can be tested on their own.
public enum DesktopTargets {
  /// The names under which UTF-8 text is offered, most specific first: MIME types for
  /// toolkits that ask by MIME type, and X11's own names for older clients.
  public static let textAliases = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT"]
  /// X11's Latin-1 text: offered only when the text has no character above U+00FF.
  public static let latin1Text = "STRING"
  /// File URLs are also offered as a URI list, as file managers expect.
  public static let uriList = "text/uri-list"
  /// KDE's hint, honoured by Klipper and other clipboard managers, that the data is a
  /// secret and must not be kept in a clipboard history.
  public static let passwordManagerHint = "x-kde-passwordManagerHint"
  /// CopyQ's mark of a copy it must not store (its content "1"), as CopyQ hides an item.
  public static let copyQHidden = "application/x-copyq-hidden"
  /// nspasteboard.org's mark of a secret (a password), whatever its content.
  public static let concealedType = "org.nspasteboard.ConcealedType"
  /// nspasteboard.org's mark of a copy not to be recorded (an application's passing
  /// use of the clipboard), whatever its content: imported as `--no-undo` writes are.
  public static let transientType = "org.nspasteboard.TransientType"
  /// The marks by which applications say a copy is a secret, each as a concealed item
  /// is offered with it: every clipboard manager honours one of them (Klipper the KDE
  /// hint, CopyQ its own), so a concealed item carries all three. The nspasteboard.org
  /// type's content means nothing; CopyQ's must be "1".
  public static let secretMarks = [(passwordManagerHint, "secret"), (copyQHidden, "1"), (concealedType, "secret")]
  /// pb's own mark on what it offers: the board and change count the item is from, so
  /// that `pb bridge` knows its own offers (and another pb's of the same board).
  public static let pbItem = "application/x-pb-item"
  /// pb's list of the targets of its offer that are derived (a line each), so that a pb
  /// importing the offer keeps what the item holds and not what was made of it.
  public static let pbDerived = "application/x-pb-derived"
  /// The one type of the offer pb makes on Wayland just before it empties the selection
  /// (`pb clear --desktop`): data control says only that the selection became empty,
  /// the same when its owner exited, and a bridge that keeps copies alive would put
  /// back one cleared on purpose. Nobody's copy: never read, nor kept.
  public static let pbCleared = "application/x-pb-cleared"
  /// The most bytes a mark of pb's (`pbItem`, `pbDerived`) read from an owner may have.
  static let markLimit = 64 << 10
  /// Marks that say who holds the selection, not what it holds: a clipboard manager
  /// that sees its own mark offered ignores the copy (CopyQ does not record it), so
  /// they are not kept, nor offered again. CopyQ's, and KDE Klipper's for what it put
  /// back itself; pb's own mark (`pbItem`) is read for `pb bridge` and not kept either.
  /// In lower case: MIME types are compared without case.
  public static let ownerMarks: Set<String> = [
    "application/x-copyq-owner", "application/x-copyq-owner-window-title", "application/x-copyq-clipboard-mode",
    "application/x-kde-onlyreplaceempty", "application/x-kde-syncselection",
  ]
  /// Names X11 reserves for questions about a selection rather than its data.
  public static let metaTargets: Set<String> = [
    "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INSERT_PROPERTY", "LENGTH",
  ]

  /// How one target's bytes come from a representation.
  public enum Conversion: Equatable, Sendable {
    /// The stored bytes as they are.
    case stored
    /// Stored UTF-8 text as Latin-1 (for `STRING`).
    case latin1
    /// These bytes, not a representation's (the password-manager hint).
    case constant([UInt8])
    /// A PNG decoded and encoded from the stored image when first asked for
    /// (`DerivedForm.png`): derived, never stored.
    case png
    /// The text a browser would copy of the stored HTML (`DerivedForm.textFromHTML`): derived.
    case textFromHTML
  }

  static let pngName = "image/png"

  public struct Target: Equatable, Sendable {
    public var name: String
    /// The representation the bytes come from (unused for a constant).
    public var representation: Int
    public var conversion: Conversion

    /// Made from a representation when asked for, not stored: what the item lacks for
    /// applications that read only PNG, or only plain text.
    public var isDerived: Bool { conversion == .png || conversion == .textFromHTML }

    public init(name: String, representation: Int, conversion: Conversion) {
      self.name = name
      self.representation = representation
      self.conversion = conversion
    }
  }

  /// The targets an item is offered under, in order (its preferred representation
  /// first): each representation under its type's preferred MIME type (or, with none,
  /// its type identifier); the first plain text that is UTF-8 also under the text
  /// aliases, and as `STRING` when `textIsLatin1`; a file URL also as a URI list; a
  /// concealed item with every secret mark; with `origin`, pb's mark. A name is
  /// offered once, for the first representation that has it. After the stored ones, the
  /// derived (`DerivedForm`): image/png for an item without it that has an image, and
  /// an HTML item without plain text under the text aliases (not `STRING`: whether the
  /// text is Latin-1 is known only once it is made).
  public static func targets(
    for types: [TypeIdentifier], utf8Text: Int?, textIsLatin1: Bool, concealed: Bool, origin: Origin? = nil
  ) -> [Target] {
    var targets: [Target] = []
    func add(_ name: String, _ representation: Int, _ conversion: Conversion = .stored) {
      if !targets.contains(where: { $0.name == name }) {
        targets.append(Target(name: name, representation: representation, conversion: conversion))
      }
    }
    for (index, type) in types.enumerated() {
      let name = TypeRegistry.preferredMIMEType(for: type) ?? type.rawValue
      // An item an earlier pb imported with another program's mark, or a secret mark
      // (offered below with the content that says so, for a concealed item only).
      if isOwnerMark(name) || isSecretMark(name) { continue }
      add(name, index)
      if index == utf8Text {
        for alias in textAliases { add(alias, index) }
        if textIsLatin1 { add(latin1Text, index, .latin1) }
      }
      if TypeRegistry.conforms(type, to: TypeIdentifier("public.file-url")) { add(uriList, index) }
    }
    if let image = DerivedForm.png.source(in: types) { add(pngName, image, .png) }
    if utf8Text == nil, let html = DerivedForm.textFromHTML.source(in: types) {
      for alias in textAliases { add(alias, html, .textFromHTML) }
    }
    if concealed {
      for (name, content) in secretMarks { add(name, 0, .constant(Array(content.utf8))) }
    }
    if let origin {
      add(pbItem, 0, .constant(origin.bytes))
      let derived = targets.filter(\.isDerived).map { $0.name + "\n" }.joined()
      if !derived.isEmpty { add(pbDerived, 0, .constant(Array(derived.utf8))) }
    }
    return targets
  }

  /// Where an offered item comes from: a board at a change count.
  public struct Origin: Equatable, Sendable {
    public var board: String
    public var changeCount: Int

    public init(board: String, changeCount: Int) {
      self.board = board
      self.changeCount = changeCount
    }

    /// `board` and `changeCount` on a line each.
    public var bytes: [UInt8] { Array("\(board)\n\(changeCount)\n".utf8) }

    public init?(bytes: [UInt8]) {
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count == 3, lines[2].isEmpty, let count = Int(lines[1]) else { return nil }
      self.init(board: String(lines[0]), changeCount: count)
    }
  }

  /// The first representation that is plain text, the one the text aliases name.
  public static func plainText(in types: [TypeIdentifier]) -> Int? {
    types.firstIndex { TypeRegistry.conforms($0, to: .plainText) }
  }

  /// Whether `name` is one of `secretMarks` (compared without case, as MIME types are).
  static func isSecretMark(_ name: String) -> Bool {
    secretMarks.contains { $0.0.caseInsensitiveEquals(name) }
  }

  /// Whether `names` (an offer's targets) carry a secret mark, CopyQ's whatever its
  /// content: for a copy already imported as a secret, whose content is not read again.
  public static func listsSecretMark(_ names: [String]) -> Bool {
    names.contains(where: isSecretMark)
  }

  /// Whether `name` is another program's mark of who holds the selection.
  static func isOwnerMark(_ name: String) -> Bool {
    ownerMarks.contains(name.lowercased())
  }

  /// What to read of an offer: the text aliases present, best first, then text in other
  /// charsets (the first that converts becomes one UTF-8 text representation); every
  /// other target with the type it becomes, in the offer's order; and whether the offer
  /// is marked as a secret, or transient. Meta targets, owner and secret marks and
  /// X11's own names for other things (PIXMAP) are left out, and so are the image types
  /// a toolkit makes on request when an original is offered (`toolkitImageTypes`),
  /// unless `allTypes`.
  public struct ImportPlan: Sendable {
    public var text: [String] = []
    /// Where the text goes among the representations: before `others[textPosition]`.
    public var textPosition = 0
    public var others: [(name: String, type: TypeIdentifier)] = []
    public var concealed = false
    /// The offer lists CopyQ's hidden mark, whose content says whether it is a secret
    /// (`SelectionReader.importPlan` reads it).
    public var listsCopyQHidden = false
    /// The offer is marked transient (`transientType`): imported without undo.
    public var transient = false
    /// The offer carries pb's mark (its content says which board it is from).
    public var fromPB = false
    /// The toolkit-made image types not read, because the original is.
    public var generated: [String] = []
    /// The types listed after `others` had `Desktop.ImportLimits.typeLimit`: not read.
    public var pastTypeLimit: [String] = []
    /// The offer lists its derived targets (`pbDerived`): `leavingOut` drops them.
    public var listsDerived = false
    /// What the plan was made of, to make it again without the derived targets.
    var offered: [String] = []
    var allTypes = false

    /// The names past the type limit, as an import leaves them out, and `considered`.
    func cut(considered: Int) -> Desktop.Cut {
      Desktop.Cut(
        leftOut: pastTypeLimit.map { Desktop.LeftOut(name: $0, reason: .pastTypeLimit(Desktop.ImportLimits.typeLimit)) },
        considered: considered)
    }

    /// The plan without the targets a pb offer lists as derived (`listed`, the bytes of
    /// its `pbDerived`): an import keeps only what the item held. Made again from what is
    /// left, so that a derived image/png does not pass for the original of a JPEG.
    public func leavingOut(derived listed: [UInt8]) -> ImportPlan {
      let names = Set(String(decoding: listed, as: UTF8.self).split(separator: "\n").map { $0.lowercased() })
      var plan = DesktopTargets.importPlan(offered: offered.filter { !names.contains($0.lowercased()) }, allTypes: allTypes)
      // What CopyQ's mark said, read once (`SelectionReader.importPlan`).
      plan.concealed = plan.concealed || concealed
      return plan
    }
  }

  /// The image types Qt and GTK make on request from the one image an application
  /// copied (Qt's QImageWriter formats with the common plugins, gdk-pixbuf's savers and
  /// the aliases each offers them under), in lower case. Each is converted when asked
  /// for, and some take seconds for a photo (Qt's XPM of a 1920x1080 photo is 45 MB),
  /// without a pixel the original lacks. Not GIF (neither toolkit writes it: a GIF offered
  /// is the application's own) nor PNG (the lossless one every toolkit offers).
  public static let toolkitImageTypes: Set<String> = [
    "application/x-qt-image",  // Qt's internal name: its PNG again
    "image/bmp", "image/x-bmp", "image/x-ms-bmp", "image/x-win-bitmap",
    "image/ico", "image/x-ico", "image/x-icon", "image/icon", "image/vnd.microsoft.icon", "application/ico", "text/ico",
    "image/cur", "image/x-icns",
    "image/jpeg", "image/jpg", "image/pjpeg",
    "image/tiff", "image/webp", "image/avif", "image/heif", "image/heic", "image/jp2", "image/x-tga", "image/x-targa",
    "image/xpm", "image/x-xpm", "image/x-xpixmap", "image/xbm", "image/x-xbm", "image/x-xbitmap",
    "image/pbm", "image/pgm", "image/ppm", "image/x-portable-bitmap", "image/x-portable-graymap",
    "image/x-portable-pixmap", "image/x-portable-anymap",
  ]

  /// Whether the offer holds an image the toolkit types were made from: image/png, or
  /// an image type of the application's own that no toolkit makes (image/gif,
  /// image/svg+xml, image/x-xcf...). An offer of toolkit types alone is read whole: one
  /// of them is then the original.
  static func offersOriginalImage(_ names: [String]) -> Bool {
    names.contains { name in
      let lower = name.lowercased()
      return lower.hasPrefix("image/") && !toolkitImageTypes.contains(lower)
    }
  }

  public static func importPlan(offered names: [String], allTypes: Bool = false) -> ImportPlan {
    var plan = ImportPlan()
    plan.offered = names
    plan.allTypes = allTypes
    let skipsGenerated = !allTypes && offersOriginalImage(names)
    let textOrder = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", latin1Text, "TEXT"]
    var textSeen = false
    // Sets, not searches of the lists so far: an owner may list 262,144 names (the
    // TARGETS limit), and a search per name took hours before the first type was read.
    var typesKept: Set<TypeIdentifier> = []
    // In lower case, each name planned (read, left out or skipped) once.
    var namesSeen: Set<String> = []
    for name in names {
      if name.caseInsensitiveEquals(copyQHidden) {
        plan.listsCopyQHidden = true
        continue
      }
      if isSecretMark(name) {
        plan.concealed = true
        continue
      }
      if name.caseInsensitiveEquals(transientType) {
        plan.transient = true
        continue
      }
      if name == pbItem {
        plan.fromPB = true
        continue
      }
      if name == pbDerived {
        plan.listsDerived = true
        continue
      }
      if name == pbCleared { continue }
      if metaTargets.contains(name) || isOwnerMark(name) { continue }
      if textOrder.contains(where: { $0.caseInsensitiveEquals(name) }) || name.lowercased().hasPrefix("text/plain;") {
        if !textSeen {
          textSeen = true
          plan.textPosition = plan.others.count
        }
        continue
      }
      if skipsGenerated && toolkitImageTypes.contains(name.lowercased()) {
        plan.generated.append(name)
        continue
      }
      // A name listed again is not parsed again (parsing one costs about a millisecond).
      guard namesSeen.insert(name.lowercased()).inserted else { continue }
      if plan.others.count >= Desktop.ImportLimits.typeLimit {
        // Named, not parsed.
        if name.contains("/") || name.contains(".") { plan.pastTypeLimit.append(name) }
        continue
      }
      guard let type = importedType(of: name) else { continue }
      if type != .utf8PlainText && typesKept.insert(type).inserted { plan.others.append((name, type)) }
    }
    let offered = { (wanted: ArraySlice<String>) in wanted.compactMap { wanted in names.first { $0.caseInsensitiveEquals(wanted) } } }
    // UTF-8 first, then a charset a MIME type names, before X11's STRING and TEXT: wl-copy
    // offers whatever it was given under those too, UTF-16 as "Latin-1".
    plan.text = offered(textOrder.prefix(3))
    let firstAliases = Set(plan.text)
    plan.text += names.filter { name in name.lowercased().hasPrefix("text/plain;") && !firstAliases.contains(name) }
    plan.text += offered(textOrder.dropFirst(3))
    plan.text = Array(plan.text.prefix(Desktop.ImportLimits.typeLimit))
    return plan
  }

  /// The type a target name stands for: a MIME type's (a dynamic identifier that keeps
  /// an unknown one), or a declared type identifier pb offered under its own name.
  static func importedType(of name: String) -> TypeIdentifier? {
    if name.contains("/") { return try? TypeIdentifier.parse(name) }
    guard name.contains("."), let type = try? TypeIdentifier.parse(name), TypeRegistry.declaration(of: type) != nil else {
      return nil
    }
    return type
  }
}

extension String {
  fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
    lowercased() == other.lowercased()
  }
}
