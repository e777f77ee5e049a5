import ArgumentParser
import PasteboardKit

extension PB {
  struct TypeInfo: RequestCommand {
    static let configuration = CommandConfiguration.pb(
      "type", abstract: "Explain types, or show the type pb copy would store for files.",
      discussion: """
        Each TYPE may be a UTI, a MIME type, a filename extension or a dyn. identifier. \
        With --sniff, each argument is a file ('-' is standard input) and pb prints the \
        type pb copy would store, which source decided (libmagic, shared-mime-info, the file's \
        name, or pb's text check), and what each source said.
        """)

    @Flag(help: "Treat the arguments as files and show the type pb copy would store for each, and why.")
    var sniff = false

    @Flag(help: "Print a JSON array of reports.")
    var json = false

    @Argument(help: ArgumentHelp("Types to explain, or files with --sniff.", valueName: "type-or-file"))
    var arguments: [String]

    var request: TypeInfoRequest { TypeInfoRequest(sniff: sniff, json: json, arguments: arguments) }
  }

  /// What `pb type` was asked, as plain values.
  struct TypeInfoRequest: CommandRequest {
    var sniff: Bool
    var json: Bool
    var arguments: [String]

    func run() throws {
      let output = Output.standard
      if sniff {
        let detector = TypeDetector()
        var reports: [Report.Sniffed] = []
        for argument in arguments {
          let input = RepresentationSource.Input(argument: argument)
          let detection = try detector.detect(input)
          reports.append(Report.Sniffed(input: argument, detection: detection, evidence: detector.lastEvidence))
        }
        if json { return try output.write(Report.json(reports)) }
        for report in reports {
          let evidence = report.evidence.map(Display.line).joined(separator: "; ")
          let why = report.typeSource + (evidence.isEmpty ? "" : " (\(evidence))")
          try output.write("\(Display.path(report.input, limit: Int.max))\t\(report.type)\t\(why)\n")
        }
        return
      }
      let reports = try arguments.map { (text) throws(PasteboardError) in
        Report.TypeInfo(try TypeIdentifier.parse(text, allowingUnknownWords: true))
      }
      if json { return try output.write(Report.json(reports)) }
      for (position, report) in reports.enumerated() {
        if position > 0 { try output.write("\n") }
        try output.write(report.identifier + "\n")
        // Built-in facts are all Apple's; elsewhere each link says where it came from.
        let parents = report.parents.map { parent in
          report.declared ? parent.type : "\(parent.type) (\(parent.source)\(parent.reason.map { ": \($0)" } ?? ""))"
        }
        let extensionSource = report.filenameExtensionsSource.flatMap { $0 == report.source ? nil : " (\($0))" } ?? ""
        let lines: [(String, String?)] = [
          ("description", report.description),
          ("source", report.source),
          ("dynamic", report.tagSpecification.map { "yes, for \($0)" }),
          ("conforms to", parents.isEmpty ? "nothing" : parents.joined(separator: ", ")),
          ("conformance", report.conformance.isEmpty ? nil : report.conformance.joined(separator: ", ")),
          ("MIME types", report.mimeTypes.isEmpty ? nil : report.mimeTypes.joined(separator: ", ")),
          ("extensions", report.filenameExtensions.isEmpty ? nil : report.filenameExtensions.joined(separator: ", ") + extensionSource),
        ]
        // Descriptions and conformance reasons come from the system's MIME database.
        for case let (label, value?) in lines {
          try output.write("  \(label): \(Display.line(value))\n")
        }
        let word = arguments[position]
        if !word.contains("."), !word.contains("/"), TypeIdentifier.knownWord(word) == nil {
          try output.write("  note: '\(Display.value(word))' is not a name pb knows, so copy -t refuses it; this is what .\(Display.value(word)) gives\n")
        }
      }
    }
  }
}
