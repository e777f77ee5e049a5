import CMagic
import Foundation
import Testing

/// The index of libmagic's rules that pb keeps in the user's cache folder
/// (`$XDG_CACHE_HOME/pb/libmagic-index`, Sources/PasteboardKit/Sniffing/MagicIndex.swift):
/// built by the first sniff, used by later ones, replaced when damaged; a cache that cannot
/// be written, or rules libmagic takes from elsewhere (MAGIC, ~/.magic), cost no error and
/// no type. The right type is what pb says with the whole database (MAGIC names it).
@Suite("libmagic's index in the cache folder", .tags(.endToEnd), .knownLibmagic)
struct MagicIndexCacheTests {
  static let wholeDatabase = "/usr/share/misc/magic"
  static let indexName = "pb/libmagic-index"

  /// A sandbox with a home and a cache folder of its own, and files whose types only
  /// their content tells (no extensions).
  final class Cache {
    let sandbox: Sandbox
    let home: String
    let cache: String
    /// A Python script, an SVG behind its doctype, a PNG.
    let files: [String]
    var index: String { cache + "/" + MagicIndexCacheTests.indexName }

    init() throws {
      sandbox = try Sandbox()
      home = sandbox.root.appendingPathComponent("home").path
      cache = sandbox.root.appendingPathComponent("cache").path
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
      files = [
        try sandbox.file("script", "#!/usr/bin/env python3\nimport os\nprint(os.getcwd())\n"),
        try sandbox.file(
          "drawing",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
        try sandbox.file("picture", try SystemSamples.contents(SystemSamples.png)),
      ]
    }

    var script: String { files[0] }

    /// Runs pb with this home and cache (or `cache`), MAGIC unset unless given.
    func pb(_ arguments: [String], magic: String? = nil, cache: String? = nil, home: String? = nil) throws -> Result {
      var environment = ["-u", "MAGIC", "HOME=\(home ?? self.home)", "XDG_CACHE_HOME=\(cache ?? self.cache)"]
      if let magic { environment.append("MAGIC=\(magic)") }
      return try sandbox.run("/usr/bin/env", environment + [Sandbox.binary] + arguments, stdin: nil, environment: [:])
    }

    /// What pb says of `file` with the whole database: its line of `pb type --sniff`
    /// (name, type, and the source with libmagic's own answer).
    func truth(_ file: String) throws -> String {
      let result = try pb(["type", "--sniff", file], magic: MagicIndexCacheTests.wholeDatabase)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
      return result.text
    }

    /// Copies `file` to `board` (as `pb()` runs pb) and checks that it went in quietly
    /// with the type the whole database gives, and that a sniff now says the same.
    func expectRightType(_ file: String, board: String = "general", magic: String? = nil, cache: String? = nil, home: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
      let copy = try pb(["copy", "-p", board, file], magic: magic, cache: cache, home: home)
      #expect(copy.status == 0 && copy.stderr.isEmpty, "\(copy)", sourceLocation: sourceLocation)
      let truth = try truth(file)
      let type = truth.split(separator: "\t").dropFirst().first.map(String.init) ?? "?"
      let stored = try pb(["types", "-p", board], magic: magic, cache: cache, home: home)
      #expect(stored.lines == [type], "\(file): stored \(stored.lines), the whole database says \(truth)", sourceLocation: sourceLocation)
      let sniffed = try pb(["type", "--sniff", file], magic: magic, cache: cache, home: home)
      #expect(sniffed.text == truth && sniffed.stderr.isEmpty, "\(file): \(sniffed), the whole database says \(truth)", sourceLocation: sourceLocation)
    }

    /// The index's inode, and its mode and type; nil when there is nothing at its path.
    func status(_ path: String? = nil) -> stat? {
      var status = stat()
      return lstat(path ?? index, &status) == 0 ? status : nil
    }

    /// A valid index of this machine's database, built by pb in a cache of its own.
    func validIndex() throws -> Data {
      let other = sandbox.root.appendingPathComponent("other-cache").path
      let result = try pb(["type", "--sniff", script], cache: other)
      #expect(result.status == 0, "\(result)")
      return try #require(FileManager.default.contents(atPath: other + "/" + MagicIndexCacheTests.indexName))
    }
  }

  @Test("the first sniff builds the index in the cache folder (0700, 0600); the next one uses it as it is")
  func builtOnceThenUsed() throws {
    let cache = try Cache()
    #expect(cache.status() == nil)
    try cache.expectRightType(cache.script)
    let folder = try #require(cache.status(cache.cache + "/pb"), "no pb folder in the cache")
    #expect(folder.st_mode & S_IFMT == S_IFDIR && folder.st_mode & 0o777 == 0o700, "folder mode \(String(folder.st_mode, radix: 8))")
    let built = try #require(cache.status(), "no index in \(cache.cache)")
    #expect(built.st_mode & S_IFMT == S_IFREG && built.st_mode & 0o777 == 0o600, "index mode \(String(built.st_mode, radix: 8))")
    #expect(built.st_size > 1_000_000, "\(built.st_size) bytes")
    for file in cache.files {
      try cache.expectRightType(file)
    }
    let after = try #require(cache.status())
    #expect(after.st_ino == built.st_ino && after.st_mtim.tv_sec == built.st_mtim.tv_sec && after.st_mtim.tv_nsec == built.st_mtim.tv_nsec, "the index was built again")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.cache + "/pb") == ["libmagic-index"])
  }

  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case garbage, truncated, otherIdentity = "another database's identity", empty, directory
    case symlinkToFile = "a symlink to a file", symlinkToIndex = "a symlink to a valid index"
    var testDescription: String { rawValue }
  }

  @Test("a damaged index is built again (a folder in its place is left alone); the type stays right, quietly", arguments: Damage.allCases)
  func damagedIndex(_ damage: Damage) throws {
    let cache = try Cache()
    let valid = try cache.validIndex()
    try FileManager.default.createDirectory(atPath: cache.cache + "/pb", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let precious = cache.sandbox.root.appendingPathComponent("precious").path
    var planted = Data()
    switch damage {
    case .garbage:
      planted = Data((0..<valid.count / 2).map { UInt8(truncatingIfNeeded: ($0 &* 7919) >> 3) })
    case .truncated:
      planted = valid.prefix(valid.count - 376)
    case .otherIdentity:
      // The header names the database by device, inode, size and times: change its size
      // (found as the 8 bytes of the database's size in the header).
      planted = valid
      let size = try #require(try FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: "/usr/share/misc/magic.mgc").resolvingSymlinksInPath().path)[.size] as? Int)
      let word = withUnsafeBytes(of: UInt64(size).littleEndian) { Data($0) }
      let at = try #require(valid.prefix(256).range(of: word)?.lowerBound, "the database's size in the header")
      planted[at] ^= 0x01
    case .empty:
      planted = Data()
    case .directory:
      try FileManager.default.createDirectory(atPath: cache.index, withIntermediateDirectories: false)
      _ = try cache.sandbox.file("cache/pb/libmagic-index/inside", "kept")
    case .symlinkToFile:
      try Data("a file of the user's\n".utf8).write(to: URL(fileURLWithPath: precious))
      try FileManager.default.createSymbolicLink(atPath: cache.index, withDestinationPath: precious)
    case .symlinkToIndex:
      try valid.write(to: URL(fileURLWithPath: precious))
      try FileManager.default.createSymbolicLink(atPath: cache.index, withDestinationPath: precious)
    }
    if [.garbage, .truncated, .otherIdentity, .empty].contains(damage) {
      try planted.write(to: URL(fileURLWithPath: cache.index))
      #expect(chmod(cache.index, 0o600) == 0)
    }
    let preciousBefore = FileManager.default.contents(atPath: precious)
    for file in cache.files {
      try cache.expectRightType(file)
    }
    if damage == .directory {
      #expect((cache.status()?.st_mode ?? 0) & S_IFMT == S_IFDIR, "the folder is still there")
      #expect(FileManager.default.contents(atPath: cache.index + "/inside") == Data("kept".utf8))
      return
    }
    #expect(FileManager.default.contents(atPath: precious) == preciousBefore, "the link's target was written")
    let replaced = try #require(cache.status(), "no index after the copy")
    #expect(replaced.st_mode & S_IFMT == S_IFREG && replaced.st_mode & 0o777 == 0o600, "mode \(String(replaced.st_mode, radix: 8))")
    #expect(FileManager.default.contents(atPath: cache.index) == valid, "the index is not the one pb builds")
    // The new index is used as it is.
    try cache.expectRightType(cache.script)
    #expect(cache.status()?.st_ino == replaced.st_ino, "the replaced index was built again")
  }

  /// The index check reads its header and record table only; libmagic trusts the rules in
  /// it. Rules another user wrote (a cache folder others can write to, such as /tmp)
  /// must not decide the type, any more than they may write to the store.
  @Test(
    "an index another user wrote, in a cache folder others can write to, does not decide the type",
    .enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func indexOfAnotherUser() throws {
    let cache = try Cache()
    let valid = try cache.validIndex()
    let shared = cache.sandbox.root.appendingPathComponent("shared").path
    try FileManager.default.createDirectory(atPath: shared + "/pb", withIntermediateDirectories: true)
    #expect(chmod(shared, 0o1777) == 0 && chmod(shared + "/pb", 0o777) == 0)
    // The PNG rule's type changed: an answer that only the planted rules give.
    var planted = valid
    let png = Data("image/png\0".utf8)
    var searchFrom = planted.startIndex
    while let found = planted.range(of: png, in: searchFrom..<planted.endIndex) {
      planted.replaceSubrange(found, with: Data("image/pwn\0".utf8))
      searchFrom = found.upperBound
    }
    #expect(planted != valid)
    try planted.write(to: URL(fileURLWithPath: shared + "/" + Self.indexName))
    #expect(chown(shared + "/pb", 65534, 65534) == 0 && chown(shared + "/" + Self.indexName, 65534, 65534) == 0)
    let picture = cache.files[2]
    let sniffed = try cache.pb(["type", "--sniff", picture], cache: shared)
    #expect(sniffed.text == (try cache.truth(picture)) && !sniffed.text.contains("pwn"), "\(sniffed)")
    #expect(FileManager.default.contents(atPath: shared + "/" + Self.indexName) == planted || cache.status(shared + "/" + Self.indexName)?.st_uid == 0)
  }

  @Test("a cache that cannot be written is no error: below a file")
  func cacheBelowAFile() throws {
    let cache = try Cache()
    let file = try cache.sandbox.file("not-a-folder", "plain\n")
    for path in [file + "/cache", file] {
      for sample in cache.files {
        try cache.expectRightType(sample, cache: path)
      }
    }
    #expect(FileManager.default.contents(atPath: file) == Data("plain\n".utf8))
    #expect(cache.status(cache.home + "/.cache") == nil, "an index went to ~/.cache instead")
  }

  /// As root, a folder's mode stops no one: the user is nobody then.
  @Test("a cache that cannot be written is no error: a folder of mode 0500, or its pb folder")
  func readOnlyCache() throws {
    let cache = try Cache()
    let root = geteuid() == 0
    // What nobody reaches: the sandbox, a store, a home and the caches of its own.
    let place = cache.sandbox.root.appendingPathComponent("user").path
    try FileManager.default.createDirectory(atPath: place + "/home", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: place + "/locked", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: place + "/inner/pb", withIntermediateDirectories: true)
    var files: [String] = []
    for (number, file) in cache.files.enumerated() {
      let copy = place + "/sample\(number)"
      try FileManager.default.copyItem(atPath: file, toPath: copy)
      files.append(copy)
    }
    if root {
      #expect(chmod(cache.sandbox.root.path, 0o755) == 0)
      #expect(chown(place, 65534, 65534) == 0)
      for path in ["home", "locked", "inner", "inner/pb"] { #expect(chown(place + "/" + path, 65534, 65534) == 0) }
    }
    #expect(chmod(place + "/locked", 0o500) == 0 && chmod(place + "/inner/pb", 0o500) == 0)
    func pb(_ arguments: [String], cache folder: String, magic: String? = nil) throws -> Result {
      var command = ["-u", "MAGIC", "HOME=\(place)/home", "XDG_CACHE_HOME=\(folder)", "PB_DIR=\(place)/store"]
      if let magic { command.append("MAGIC=\(magic)") }
      command += [Sandbox.binary] + arguments
      if root { command = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env"] + command }
      return try cache.sandbox.run(root ? "/usr/bin/setpriv" : "/usr/bin/env", command, stdin: nil, environment: [:])
    }
    for folder in [place + "/locked", place + "/inner"] {
      for file in files {
        let copy = try pb(["copy", file], cache: folder)
        #expect(copy.status == 0 && copy.stderr.isEmpty, "\(copy)")
        let truth = try pb(["type", "--sniff", file], cache: folder, magic: Self.wholeDatabase)
        let sniffed = try pb(["type", "--sniff", file], cache: folder)
        #expect(truth.status == 0 && sniffed.text == truth.text && sniffed.stderr.isEmpty, "\(sniffed), the whole database says \(truth.text)")
        let type = truth.text.split(separator: "\t").dropFirst().first.map(String.init) ?? "?"
        #expect(try pb(["types"], cache: folder).lines == [type], "\(file)")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder + (folder.hasSuffix("inner") ? "/pb" : "")).isEmpty)
    }
    #expect(cache.status(place + "/home/.cache") == nil, "an index went to ~/.cache instead")
  }

  @Test("rules taken from elsewhere (MAGIC, ~/.magic) build no index, and the types stay right")
  func rulesFromElsewhere() throws {
    let cache = try Cache()
    for file in cache.files {
      try cache.expectRightType(file, magic: Self.wholeDatabase)
    }
    #expect(cache.status(cache.cache + "/pb") == nil, "an index was built though MAGIC is set")
    // A rule of the user's own, which libmagic reads with its database.
    let home = cache.sandbox.root.appendingPathComponent("home-with-magic").path
    _ = try cache.sandbox.file("home-with-magic/.magic", "0\tstring\tPBMAGICTEST\tpb's test data\n!:mime\tapplication/x-pb-test\n")
    let marked = try cache.sandbox.file("marked", "PBMAGICTEST, and then some text\n")
    for file in cache.files {
      let copy = try cache.pb(["copy", file], home: home)
      #expect(copy.status == 0 && copy.stderr.isEmpty, "\(copy)")
      let sniffed = try cache.pb(["type", "--sniff", file], home: home)
      #expect(sniffed.text == (try cache.truth(file)), "\(sniffed)")
    }
    let sniffed = try cache.pb(["type", "--sniff", marked], home: home)
    #expect(sniffed.text.contains("libmagic: application/x-pb-test"), "the user's rule was not read: \(sniffed)")
    #expect(cache.status(cache.cache + "/pb") == nil, "an index was built though ~/.magic has rules")
    #expect(cache.status(home + "/.cache") == nil)
  }

  @Test("eight copies at once with an empty cache folder: all right, and the index left behind is whole")
  func copiesAtOnce() throws {
    let cache = try Cache()
    let valid = try cache.validIndex()
    let runs = (1...8).map { number in
      let file = cache.files[number % cache.files.count]
      return "env -u MAGIC HOME='\(cache.home)' XDG_CACHE_HOME='\(cache.cache)' pb copy -p board\(number) '\(file)' 2>err\(number); echo $? >status\(number) &"
    }
    let result = try cache.sandbox.shell(runs.joined(separator: "\n") + "\nwait")
    #expect(result.status == 0, "\(result)")
    for number in 1...8 {
      let status = try String(contentsOf: cache.sandbox.root.appendingPathComponent("status\(number)"), encoding: .utf8)
      let errors = try String(contentsOf: cache.sandbox.root.appendingPathComponent("err\(number)"), encoding: .utf8)
      #expect(status == "0\n" && errors.isEmpty, "copy \(number) exited \(status): \(errors)")
      let file = cache.files[number % cache.files.count]
      let type = try cache.truth(file).split(separator: "\t").dropFirst().first.map(String.init)
      #expect(try cache.pb(["types", "-p", "board\(number)"]).lines == [type ?? "?"], "board\(number), \(file)")
    }
    let left = try #require(cache.status(), "no index left behind")
    #expect(FileManager.default.contents(atPath: cache.index) == valid, "the index left behind is not whole")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.cache + "/pb") == ["libmagic-index"], "temporary files left behind")
    try cache.expectRightType(cache.script)
    #expect(cache.status()?.st_ino == left.st_ino, "the index left behind was built again")
  }
}

extension Trait where Self == ConditionTrait {
  /// pb keeps an index only with the libmagic it was written for (CMagic.h): the test
  /// process links the same static libmagic as the pb it runs.
  static var knownLibmagic: Self {
    .enabled(
      if: cmagic_shortcuts_available() == 1,
      "written for libmagic 5.44 (\(CMAGIC_KNOWN_LIBMAGIC)); compiled against \(MAGIC_VERSION), running \(magic_version())")
  }
}
