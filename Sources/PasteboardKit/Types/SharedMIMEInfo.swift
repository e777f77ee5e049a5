#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
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

  /// The database of this system, from the XDG data directories.
  public static let system = SharedMIMEInfo(directories: searchDirectories())

  /// `mime` folders with a readable cache, highest priority first.
  private let databases: [(directory: String, cache: MIMECache)]
  private let detailsCache = Mutex<[String: Details?]>([:])

  /// The largest cache and type file read; the real ones are about 150 KiB and 10 KiB.
  private static let largestCache = 16 << 20
  private static let largestTypeFile = 1 << 20

  init(directories: [String]) {
    databases = directories.compactMap { directory in
      guard let bytes = Self.read(directory + "/mime.cache", largest: Self.largestCache),
        let cache = MIMECache(bytes: bytes)
      else { return nil }
      return (directory, cache)
    }
  }

  /// Whether any database was found.
  public var isAvailable: Bool { !databases.isEmpty }

  /// `$XDG_DATA_HOME/mime`, then each of `$XDG_DATA_DIRS` (default
  /// `/usr/local/share:/usr/share`), as the specification orders them.
  static func searchDirectories() -> [String] {
    let home = Store.environment("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? Store.homeDirectory + "/.local/share"
    let system = Store.environment("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share"
    let directories = [home] + system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
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
          case let ext = pattern.dropFirst(2), !ext.isEmpty, !ext.contains(where: { "*?[]".contains($0) })
        {
          let lowered = ext.lowercased()
          if !extensions.contains(lowered) { extensions.append(lowered) }
        }
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

  /// A whole regular file, or nil. The file is read, not mapped, so that a cache rewritten
  /// in place while pb runs cannot fault it.
  private static func read(_ path: String, largest: Int) -> [UInt8]? {
    guard let file = try? SystemCall.open(path, flags: O_RDONLY | O_NONBLOCK), let info = try? file.status(),
      info.st_mode & S_IFMT == S_IFREG, info.st_size <= largest
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    guard let count = try? bytes.withUnsafeMutableBytes({ (buffer) throws(SystemError) in try file.readFully(into: buffer) })
    else { return nil }
    return Array(bytes[..<count])
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
