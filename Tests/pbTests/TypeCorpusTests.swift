import Foundation
import Testing

/// The type corpus: real files of a few hundred formats (Tests/TypeCorpus, see its README),
/// with what GLib and libmagic said of each (corpus.tsv, by scripts/record-type-corpus.py).
/// pb must be exact wherever GLib is and keep the kind wherever GLib does, from a file
/// (name and data) and from a pipe (data alone), and be exact as often as GLib overall.
@Suite("type corpus", .tags(.endToEnd, .long))
struct TypeCorpusTests {
  struct Entry {
    var path: String
    var mime: String
    var kind: String
    var glibFile: String
    var glibFileVerdict: String
    var glibData: String
    var glibDataVerdict: String
  }

  static let folder = DocsTests.repository.appendingPathComponent("Tests/TypeCorpus")
  static let kinds = ["image": "public.image", "audio": "public.audio", "video": "public.movie", "text": "public.text"]

  static let entries: [Entry] = {
    let table = (try? DocsTests.read("Tests/TypeCorpus/corpus.tsv")) ?? ""
    let lines = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { fields in
      let row = Dictionary(uniqueKeysWithValues: zip(header, fields))
      return Entry(
        path: folder.appendingPathComponent(row["path"] ?? "").path, mime: row["mime"] ?? "", kind: row["kind"] ?? "",
        glibFile: row["glib_file"] ?? "", glibFileVerdict: row["glib_file_verdict"] ?? "",
        glibData: row["glib_data"] ?? "", glibDataVerdict: row["glib_data_verdict"] ?? "")
    }
  }()

  /// One road to a type: by file (`pb type --sniff FILE`) or by data (the file piped in).
  enum Road: String, CaseIterable, CustomStringConvertible {
    case file = "by file"
    case data = "by data"
    var description: String { rawValue }
  }

  /// pb's type for every entry on both roads, and what each type conforms to.
  struct Answers {
    var types: [Road: [String]]
    var conformance: [String: Set<String>]
    var identifiers: [String: String]

    func isExact(_ type: String, _ entry: Entry) -> Bool {
      guard let truth = identifiers[entry.mime] else { return false }
      return conformance[type, default: [type]].contains(truth)
    }

    /// What a reader asking for `image` (audio, video, text) gets: exact is not enough
    /// when the true type's identifier does not conform to its kind.
    func keepsKind(_ type: String, _ entry: Entry) -> Bool {
      guard let kind = TypeCorpusTests.kinds[entry.kind] else { return true }
      return conformance[type, default: [type]].contains(kind)
    }
  }

  struct RunFailed: Error, CustomStringConvertible {
    var result: Result
    var description: String { "\(result)" }
  }

  /// Asks pb once per road for all the files (through a pipe a process per file, in one
  /// shell), then once for the identifiers of the true types and what its answers conform to.
  static func askPB() throws -> Answers {
    let sandbox = try Sandbox()
    func reports(_ result: Result) throws -> [[String: Any]] {
      guard result.status == 0, let reports = try sandbox.json(result) as? [[String: Any]] else { throw RunFailed(result: result) }
      return reports
    }
    let paths = entries.map(\.path)
    let fileTypes = try reports(sandbox.pb(["type", "--sniff", "--json"] + paths)).map { $0["type"] as? String ?? "" }
    let byData = try sandbox.shell(
      #"while IFS= read -r file; do type=$(cat "$file" | pb type --sniff - | cut -f2); echo "${type:-none}"; done"#,
      stdin: Data(paths.map { $0 + "\n" }.joined().utf8))
    guard byData.status == 0, byData.lines.count == paths.count, fileTypes.count == paths.count else { throw RunFailed(result: byData) }
    let mimes = Array(Set(entries.map(\.mime))).sorted()
    let identifiers = try reports(sandbox.pb(["type", "--json"] + mimes)).map { $0["identifier"] as? String ?? "" }
    let answered = Array(Set(fileTypes + byData.lines).subtracting(["", "none"])).sorted()
    var conformance: [String: Set<String>] = [:]
    for (type, report) in zip(answered, try reports(sandbox.pb(["type", "--json"] + answered))) {
      conformance[type] = Set([type, report["identifier"] as? String ?? type] + (report["conformance"] as? [String] ?? []))
    }
    return Answers(
      types: [.file: fileTypes, .data: byData.lines], conformance: conformance,
      identifiers: Dictionary(uniqueKeysWithValues: zip(mimes, identifiers)))
  }

  /// Asked once for all the tests of the suite.
  static let asked = Swift.Result { try askPB() }

  static func glibVerdict(_ entry: Entry, _ road: Road) -> String {
    road == .file ? entry.glibFileVerdict : entry.glibDataVerdict
  }

  static func glibType(_ entry: Entry, _ road: Road) -> String {
    road == .file ? entry.glibFile : entry.glibData
  }

  /// One line per file that fails, for one failure message.
  static func failures(_ answers: Answers, _ road: Road, where failed: (String, Entry) -> Bool) -> [String] {
    zip(entries, answers.types[road] ?? []).filter { failed($1, $0) }.map { entry, type in
      "\(entry.path.dropFirst(folder.path.count + 1)): expected \(entry.mime) (\(entry.kind)), pb \(type), GLib \(glibType(entry, road))"
    }
  }

  @Test("the corpus holds at least 300 files of at least 150 formats, each file present")
  func corpusSize() {
    #expect(Self.entries.count >= 300)
    #expect(Set(Self.entries.map(\.mime)).count >= 150)
    #expect(Self.entries.filter { Self.kinds[$0.kind] != nil }.count >= 150)
    let missing = Self.entries.map(\.path).filter { !FileManager.default.fileExists(atPath: $0) }
    #expect(missing.isEmpty, "files of corpus.tsv missing: \(missing)")
  }

  /// Files where GLib is exact and pb deliberately is not, with why. The test fails when
  /// one of them becomes exact too, so the list never outlives its reason.
  static let deliberateMisses: [Road: [String: String]] = {
    var byFile: [String: String] = [:]
    // Binary data never gets a type that conforms to text: the database makes PKCS #7
    // signatures a sub-class of text, so their glob is not believed for binary bytes.
    byFile["files/0449/message.p7s"] = "binary data: the database's pkcs7-signature is text"
    return [
      .file: byFile,
      .data: [:],
    ]
  }()

  @Test("pb is exact wherever GLib is, by file and by data, but for the deliberate misses", arguments: Road.allCases)
  func exactWhereGLibIs(road: Road) throws {
    let answers = try Self.asked.get()
    let allowed = Self.deliberateMisses[road] ?? [:]
    let failed = Self.failures(answers, road) { type, entry in
      Self.glibVerdict(entry, road) == "exact" && !answers.isExact(type, entry)
        && allowed[String(entry.path.dropFirst(Self.folder.path.count + 1))] == nil
    }
    if !failed.isEmpty {
      Issue.record("\(failed.count) files \(road) where GLib is exact and pb is not:\n\(failed.joined(separator: "\n"))")
    }
    // A deliberate miss that pb now gets right, or that GLib no longer does, leaves the list.
    let stale = Self.failures(answers, road) { type, entry in
      allowed[String(entry.path.dropFirst(Self.folder.path.count + 1))] != nil
        && (answers.isExact(type, entry) || Self.glibVerdict(entry, road) != "exact")
    }
    #expect(stale.isEmpty, "deliberate misses that are no longer misses: \(stale)")
    #expect(Self.failures(answers, road) { _, entry in allowed[String(entry.path.dropFirst(Self.folder.path.count + 1))] != nil }.count
      == allowed.count, "every deliberate miss names a corpus file")
  }

  @Test("pb keeps the kind (image, audio, video, text) wherever GLib does, by file and by data", arguments: Road.allCases)
  func kindWhereGLibKeepsIt(road: Road) throws {
    let answers = try Self.asked.get()
    let failed = Self.failures(answers, road) { type, entry in
      Self.kinds[entry.kind] != nil && Self.glibVerdict(entry, road) != "miss" && !answers.keepsKind(type, entry)
    }
    if !failed.isEmpty {
      Issue.record("\(failed.count) files \(road) where GLib keeps the kind and pb loses it:\n\(failed.joined(separator: "\n"))")
    }
  }

  @Test("pb is exact at least as often as GLib, by file and by data", arguments: Road.allCases)
  func exactRateAtLeastGLibs(road: Road) throws {
    let answers = try Self.asked.get()
    let pbExact = zip(Self.entries, answers.types[road] ?? []).filter { answers.isExact($1, $0) }.count
    let glibExact = Self.entries.filter { Self.glibVerdict($0, road) == "exact" }.count
    let total = Self.entries.count
    print("type corpus \(road): pb exact \(pbExact)/\(total), GLib \(glibExact)/\(total)")
    #expect(pbExact >= glibExact, "pb is exact for \(pbExact) of \(total) files \(road), GLib for \(glibExact)")
  }
}
