import Glibc
import Synchronization
import LinuxSystem

/// The system's MIME database (freedesktop shared-mime-info, `/usr/share/mime`), the
/// second source of type facts after the built-in registry. It is read at run time, and
/// only for a type the registry does not declare: its data is GPL, so pb embeds none of it,
/// and a command on common types never opens it.
///
/// Most facts come from `mime.cache`. Two that the cache does not hold come from the
/// type's own XML file, which `update-mime-database` writes next to it: the English
/// comment (the only place that says "script" or "source code") and the globs in their
/// declared order (the first is the preferred extension; the cache's tree loses order).
public final class SharedMIMEInfo: Sendable {
  /// What the type's XML file says.
  public struct Details: Sendable, Equatable {
    public var comment: String?
    /// Extensions of the `*.ext` globs, preferred first.
    public var extensions: [String]
  }

  /// The database of this system, from the XDG data directories. The process's own
  /// settings: the type registry that reads it is one for the process.
  public static let system = SharedMIMEInfo(directories: searchDirectories(.process))

  /// `mime` folders with a readable cache, highest priority first.
  private let databases: [Database]

  /// A struct, not a tuple: an array of tuples has its metadata built at run time from
  /// its mangled name on first use (see `Workspace.StagedFile`).
  private struct Database {
    let directory: String
    let cache: MIMECache
  }
  private let detailsCache = Mutex<[String: Details?]>([:])

  /// The largest cache and type file read; the real ones are about 150 KiB and 10 KiB.
  private static let largestCache = 16 << 20
  private static let largestTypeFile = 1 << 20

  init(directories: [String]) {
    // A folder named twice is read once, and only the first few are read: the list comes
    // from the environment, and each cache may be 16 MiB.
    var unique: [String] = []
    for directory in directories where !unique.contains(directory) { unique.append(directory) }
    var found: [Database] = []
    for directory in unique.prefix(Self.mostDatabases) {
      guard let cache = Self.cache(at: directory + "/mime.cache") else { continue }
      found.append(Database(directory: directory, cache: cache))
    }
    databases = found
  }

  /// The most `mime` folders read, and the most extensions read from one type file (real
  /// ones have a handful).
  private static let mostDatabases = 4
  private static let mostExtensions = 64

  /// Whether any database was found.
  public var isAvailable: Bool { !databases.isEmpty }

  /// `$XDG_DATA_HOME/mime`, then each of `$XDG_DATA_DIRS` (default
  /// `/usr/local/share:/usr/share`), as the specification orders them.
  static func searchDirectories(_ settings: Settings) -> [String] {
    let directories = [settings.dataHome] + settings.dataFolders.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    return directories.map { $0 + "/mime" }
  }

  /// The canonical name of a MIME type: itself, or what it is an alias of.
  public func canonical(_ mime: String) -> String {
    for database in databases {
      if let canonical = database.cache.canonical(of: mime) { return canonical }
    }
    return mime
  }

  /// Every alias of a canonical MIME type, across the databases, each once.
  public func aliases(of canonical: String) -> [String] {
    var found: [String] = []
    for database in databases {
      for alias in database.cache.aliases(of: canonical) where !found.contains(alias) { found.append(alias) }
    }
    return found
  }

  /// The `sub-class-of` links of a (canonical) MIME type, from the first database that has any.
  public func parents(of mime: String) -> [String] {
    for database in databases {
      let parents = database.cache.parents(of: mime)
      if !parents.isEmpty { return parents }
    }
    return []
  }

  public func genericIcon(of mime: String) -> String? {
    databases.lazy.compactMap { $0.cache.genericIcon(of: mime) }.first
  }

  /// The MIME type whose `*.ext` glob weighs most; nil when no glob names the extension.
  public func mimeType(forExtension ext: String) -> String? {
    for database in databases {
      let found = database.cache.types(forExtension: ext)
      // Ties go to the first, as the cache lists them.
      if let best = found.max(by: { $0.weight < $1.weight }).map(\.mime) { return best }
    }
    return nil
  }

  /// The types the globs give a file name, best first, as GLib's xdgmime finds them: a
  /// literal name (`Makefile`) alone; else the types of the longest suffix (`*.tar.gz` before
  /// `*.gz`); else the other patterns (`*.so.[0-9]*`). Each step tries the name in lower
  /// case against the case-insensitive globs, then as given against all of them, and takes
  /// the first database with an answer; the types are then sorted by weight, ties kept in
  /// the database's order (`*.m` gives Objective-C, then MATLAB), at most ten of them.
  /// Several types mean the name alone does not decide.
  public func mimeTypes(forFileName path: String) -> [MIMEGlobMatch] {
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    guard !name.isEmpty else { return [] }
    // GLib lowers ASCII letters only, as the database lowers its case-insensitive globs.
    let lowered = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    // GLib stops looking for a lowered literal at the first cache that has it, refused or not.
    if let literal = databases.lazy.compactMap({ $0.cache.literal(Array(lowered.utf8), acceptingCaseSensitive: false) }).first {
      if let literal { return [literal] }
    }
    if let literal = databases.lazy.compactMap({ $0.cache.literal(Array(name.utf8), acceptingCaseSensitive: true) }).first,
      let literal
    {
      return [literal]
    }
    let asGiven = Array(name.unicodeScalars)
    let inLowerCase = Array(lowered.unicodeScalars)
    let lookups: [(MIMECache) -> [MIMECache.GlobMatch]] = [
      { $0.suffixMatches(inLowerCase, acceptingCaseSensitive: false) },
      { $0.suffixMatches(asGiven, acceptingCaseSensitive: true) },
      { $0.patternMatches(inLowerCase, acceptingCaseSensitive: false) },
      { $0.patternMatches(asGiven, acceptingCaseSensitive: true) },
    ]
    for lookup in lookups {
      for database in databases {
        let found = lookup(database.cache)
        if !found.isEmpty { return Self.heaviestFirst(found) }
      }
    }
    return []
  }

  /// Matches sorted by weight, heaviest first, keeping the database's order among equals
  /// (Swift does not promise a stable sort). An insertion sort: a lookup keeps at most
  /// `MIMECache.mostGlobMatches`, and sorting enumerated pairs cost a small copy the run-time
  /// building of their tuple types' metadata.
  static func heaviestFirst(_ matches: [MIMEGlobMatch]) -> [MIMEGlobMatch] {
    var sorted: [MIMEGlobMatch] = []
    sorted.reserveCapacity(matches.count)
    for match in matches {
      var place = sorted.count
      while place > 0 && sorted[place - 1].weight < match.weight { place -= 1 }
      sorted.insert(match, at: place)
    }
    return sorted
  }

  /// The type the database's magic gives a file that starts with `head`, and its priority
  /// (0 to 100): of each database the first match of its list (they are sorted by priority),
  /// of those the highest, ties to the first database; nil when no rule matches. As with
  /// GLib, an empty head and the "looks like text" fallback are the caller's.
  public func magicMatch(in head: UnsafeRawBufferPointer) -> (mime: String, priority: Int)? {
    var best: (mime: String, priority: Int)?
    for database in databases {
      if let found = database.cache.magicMatch(in: head), found.priority > (best?.priority ?? 0) { best = found }
    }
    return best
  }

  /// How many bytes of a file the magic rules look at, at most (18,730 in shared-mime-info
  /// 2.2, from one rule; nearly all look within the first 4 KiB).
  public var magicExtent: Int {
    databases.map { $0.cache.magicExtent(largest: Self.largestCache) }.max() ?? 0
  }

  /// The type the XML namespaces list gives a root element, such as `image/svg+xml` for
  /// `svg` in `http://www.w3.org/2000/svg`. GLib does not read this list (an SVG root with
  /// a prefix is `application/xml` to it); the specification asks for it on XML data.
  public func typeOfXMLRoot(namespace: String, localName: String) -> String? {
    let root = XMLRoot(namespace: namespace, localName: localName)
    return databases.lazy.compactMap { $0.cache.typeOfXMLRoot(root) }.first
  }

  /// Whether `mime` is a kind of `base` and not the same format (nor an alias of it).
  public func isStrictSubclass(_ mime: String, of base: String) -> Bool {
    isSubclass(mime, of: base) && !isSubclass(base, of: mime)
  }

  /// Whether `mime` is `base` or a kind of it, as xdg_mime_mime_type_subclass answers:
  /// through aliases and `sub-class-of` links, and GLib's implicit rules: `MEDIA/*` holds
  /// every `MEDIA/...`, `text/plain` every `text/...`, `application/octet-stream`
  /// everything but `inode/...`. Links that loop are followed once.
  public func isSubclass(_ mime: String, of base: String) -> Bool {
    let base = canonical(base)
    let media = base.hasSuffix("/*") ? base.dropLast() : nil
    var pending = [canonical(mime)]
    var seen: Set<String> = []
    while let type = pending.popLast(), seen.count < Self.mostAncestors {
      guard seen.insert(type).inserted else { continue }
      if type == base || media.map(type.hasPrefix) == true || (base == "text/plain" && type.hasPrefix("text/"))
        || (base == "application/octet-stream" && !type.hasPrefix("inode/"))
      {
        return true
      }
      for database in databases { pending += database.cache.parents(of: type).map(canonical) }
    }
    return false
  }

  /// The most types isSubclass visits; real chains are a handful long.
  private static let mostAncestors = 256

  /// The comment and globs of a MIME type (of its canonical name), from its XML file; nil
  /// when the type has none.
  public func details(of name: String) -> Details? {
    let mime = canonical(name)
    if let known = detailsCache.withLock({ $0[mime] }) { return known }
    let found = readDetails(of: mime)
    detailsCache.withLock { $0[mime] = found }
    return found
  }

  /// Whether the database declares the type: it has a file, links or an icon of its own.
  public func knows(_ mime: String) -> Bool {
    canonical(mime) != mime || !parents(of: mime).isEmpty || genericIcon(of: mime) != nil || details(of: mime) != nil
  }

  /// Whether the database can tell the type by itself, by a magic rule or a glob: a type
  /// it only declares (KDE's `application/x-java-applet`, a name for a browser plugin's
  /// data) is not one it would ever give a file.
  public func recognizes(_ mime: String) -> Bool {
    let name = canonical(mime)
    return databases.contains { $0.cache.hasMagic(for: name) } || !(details(of: name)?.extensions.isEmpty ?? true)
  }

  private func readDetails(of mime: String) -> Details? {
    let halves = mime.split(separator: "/", omittingEmptySubsequences: false)
    // A MIME token never holds a slash; a name that is not one cannot reach another file.
    guard halves.count == 2, !halves.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else { return nil }
    for database in databases {
      if let bytes = Self.read("\(database.directory)/\(halves[0])/\(halves[1]).xml", largest: Self.largestTypeFile) {
        return Self.parseDetails(String(decoding: bytes, as: UTF8.self))
      }
    }
    return nil
  }

  /// Reads the untranslated `<comment>` and the `*.ext` globs of one type's XML. The file
  /// is machine-written in a fixed form; anything else in it is passed over.
  static func parseDetails(_ xml: String) -> Details {
    var comment: String?
    var extensions: [String] = []
    var rest = Substring(xml)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      if rest.hasPrefix("comment>"), comment == nil {
        // A tag that never closes ends the reading: the rest cannot be a well-made file.
        guard let end = rest.firstRange(of: "</comment>") else { break }
        comment = unescape(rest[rest.index(rest.startIndex, offsetBy: 8)..<end.lowerBound])
      } else if rest.hasPrefix("glob ") {
        guard let close = rest.firstIndex(of: ">") else { break }
        if let pattern = attribute("pattern", in: rest[..<close]), pattern.hasPrefix("*."),
          case let ext = pattern.dropFirst(2), !ext.isEmpty, !ext.contains(where: { "*?[]".contains($0) }),
          extensions.count < Self.mostExtensions
        {
          let lowered = ext.lowercased()
          if !extensions.contains(lowered) { extensions.append(lowered) }
        }
        // On from the tag's end: a file of `<glob ` without `>` must not be searched again
        // from each of them.
        rest = rest[close...]
      }
    }
    return Details(comment: comment, extensions: extensions)
  }

  private static func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.firstRange(of: name + "=\"") else { return nil }
    let value = tag[start.upperBound...]
    guard let end = value.firstIndex(of: "\"") else { return nil }
    return unescape(value[..<end])
  }

  private static func unescape(_ text: Substring) -> String {
    var result = String(text)
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
      result = result.replacing(entity, with: character)
    }
    return result
  }

  /// A `mime.cache`: the system's (root's, writable by no one else) mapped for the
  /// process, so a sniff reads the few pages it looks at; any other one read whole, as
  /// its owner could cut it short under a mapping.
  private static func cache(at path: String) -> MIMECache? {
    guard let (file, info) = openRegularFile(path, largest: largestCache) else { return nil }
    if info.st_uid == 0, info.st_mode & 0o022 == 0, let mapped = SystemCall.mapForProcess(file, size: Int(info.st_size)) {
      return MIMECache(mapped: mapped)
    }
    return read(file, size: Int(info.st_size)).flatMap { MIMECache(bytes: $0) }
  }

  /// A whole regular file, or nil. Read, not mapped: its owner could rewrite it in place
  /// while pb runs.
  private static func read(_ path: String, largest: Int) -> [UInt8]? {
    guard let (file, info) = openRegularFile(path, largest: largest) else { return nil }
    return read(file, size: Int(info.st_size))
  }

  /// A regular file of at most `largest` bytes, opened, and its status.
  private static func openRegularFile(_ path: String, largest: Int) -> (Descriptor, stat)? {
    guard let file = try? SystemCall.open(path, flags: O_RDONLY | O_NONBLOCK), let info = try? file.status(),
      info.st_mode & S_IFMT == S_IFREG, info.st_size <= largest
    else { return nil }
    return (file, info)
  }

  private static func read(_ file: Descriptor, size: Int) -> [UInt8]? {
    // Read straight into the array's storage: no zero fill, no second copy.
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      do {
        initialized = try file.readFully(into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        failed = true
        initialized = 0
      }
    }
    return failed ? nil : bytes
  }
}

extension SharedMIMEInfo {
  /// Every MIME type whose `*.ext` glob weighs most, in the cache's order: several when
  /// their globs tie, which the database leaves to the content to settle.
  public func heaviestMIMETypes(forExtension ext: String) -> [String] {
    for database in databases {
      let found = database.cache.types(forExtension: ext)
      guard let weight = found.map(\.weight).max() else { continue }
      return found.filter { $0.weight == weight }.map(\.mime)
    }
    return []
  }
}
