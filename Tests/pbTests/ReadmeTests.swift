import Foundation
import Testing

/// The README's shell examples, run top to bottom in one bash as a new user types them,
/// so that a line that stops being true fails here. The rule a README writer follows is
/// in docs/development.md ("The README's examples").
@Suite("the README's examples", .tags(.endToEnd))
struct ReadmeTests {
  /// A `$ ` line of a ```sh block (with the lines it continues onto after a trailing `|`
  /// or `\`), and the lines the README shows under it: what it prints.
  struct Example {
    var command: String
    var output: [String] = []
  }

  static func examples(_ readme: String) -> [Example] {
    var examples: [Example] = []
    var inShellBlock = false
    var continues = false
    var takesOutput = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inShellBlock = line == "```sh"
        continues = false
        takesOutput = false
        continue
      }
      guard inShellBlock else { continue }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if continues, !examples.isEmpty {
        examples[examples.count - 1].command += "\n" + line
      } else if line.hasPrefix("$ ") {
        examples.append(Example(command: String(line.dropFirst(2))))
        takesOutput = true
      } else if trimmed.isEmpty || line.contains(#/^\S+\$ /#) {
        // A blank line ends an example; `laptop$ ` is a prompt on another machine.
        takesOutput = false
      } else if !trimmed.hasPrefix("#"), takesOutput {
        examples[examples.count - 1].output.append(line)
      }
      continues = line.hasSuffix("|") || line.hasSuffix("\\")
    }
    return examples
  }

  /// Lines this test cannot run (they need another machine, a desktop, a program the
  /// README stands for, or run until interrupted), each with what runs in its place (or
  /// nothing), so that the lines after it find the state they expect.
  static let notRunHere: [String: String?] = [
    "git rev-parse HEAD | pb copy -n         # stdin becomes one item; -n drops the trailing newline":
      "echo 80884ed | pb copy -n",
    #"git show "$(pb paste)""#: nil,
    "pb paste -i 0,2 -0 | xargs -0 ...           # NUL-separated": "pb paste -i 0,2 -0 | xargs -0 true",
    #"make 2>&1 | pb copy -p "$board""#: #"echo built | pb copy -p "$board""#,
    "pass show site | pb copy --concealed --expire 30s": "echo secret | pb copy --concealed --expire 30s",
    #"while n=$(pb wait --since "$n"); do echo "changed: $n"; done"#: nil,
    "pb watch --exec -- sh -c 'wc -c'      # a command per change, item 0 on its stdin": nil,
    #"pb group run --name "Import logs" -- ./collect-logs.sh   # all its changes: one entry"#:
      #"pb group run --name "Import logs" -- sh -c 'echo log | pb copy'"#,
    "pb export | ssh host pb import --archive -  # items alone: one change, Import, that pb undo takes back": nil,
    // The list shows the times of the day it runs.
    "pb history --list": nil,
    "pb history --list | fzf | cut -f1 | xargs pb history --restore   # or rofi -dmenu, dmenu -l 20":
      "pb history --restore 1",
    "pb history --list -0 | fzf --read0 --print0 --preview 'pb history --show {1}' |\n    cut -z -f1 | xargs -0 -r pb history --restore      # whole clips of many lines, previewed in full":
      nil,
    // The desktop's lines: DesktopTests run them against a private X server and sway.
    "pb copy -r html=page.html -r txt=page.txt && pb publish   # a browser pastes HTML, a terminal text": nil,
    "pb copy photo.jpg && pb publish --dry-run   # what a publish offers: also image/png (derived on request, never stored)":
      nil,
    "pb paste -t png > photo.png             # the same PNG an application gets, made on the spot (-t text of HTML: its text)":
      nil,
    "pb import && pb types                   # what an application copied: every type it offered": nil,
    "pb import --selection primary           # what is selected (middle-button paste)": nil,
    "pb import --timeout 5s --max-size 64M   # a photo from Qt or GTK: its PNG, not the dozen types made": nil,
    "pb import --expire 10s                  # gone in 10 s (a password manager's copy: 30 s unless said)": nil,
    "pb bridge &                             # both ways, on every change, never looping back;": nil,
    "systemctl --user enable --now pb-bridge # the bridge as a service (install.sh installs it)": nil,
    "systemctl --user edit pb-bridge         # its board: [Service] Environment=PB_PASTEBOARD=desktop": nil,
    "git rev-parse HEAD | pb copy -n && pb publish --osc52   # over SSH: to the laptop's clipboard (in kitty: every type)": nil,
    "pb publish --if-available               # in a shell hook: quiet where there is no desktop": nil,
    "pb types --desktop                      # what the clipboard holds: each name, the type pb reads": nil,
    "pb paste --desktop -t html              # one of them, chosen as paste -t chooses (text as UTF-8)": nil,
    "pb paste --desktop --selection primary  # what is selected": nil,
    "pb clear --desktop                      # the clipboard emptied, whoever held it": nil,
    "pb clear                                # with pb bridge running: the desktop's clipboard too": nil,
  ]

  /// What a line's comment says, checked: each pair is a command run after the line
  /// (nil: the line itself) and the standard output it must give.
  static let checks: [String: [(String?, String)]] = [
    "pb paste                                # paste: hello": [(nil, "hello\n")],
    "pb copy screenshot.png && pb types      # an image: its type detected (public.png), its bytes kept": [
      (nil, "public.png\n"), ("pb paste | cmp - screenshot.png && echo same", "same\n"),
    ],
    "pb undo                                 # hello again (pb redo: the image)": [
      ("pb paste", "hello\n"), ("pb redo > /dev/null && pb types && pb undo > /dev/null", "public.png\n"),
    ],
    "pb copy -p notes < todo.txt && pb paste -p notes   # a board of its own": [
      (nil, "eggs\nflour\n"), ("pb paste", "hello\n"),
    ],
    "git rev-parse HEAD | pb copy -n         # stdin becomes one item; -n drops the trailing newline": [("pb paste", "80884ed")],
    "pb paste -t public.rtf,public.html,public.plain-text": [(nil, "<p>Hello, <b>world</b></p>\n")],
    "pb paste -i-1 -pnotes                        # short options join as with getopt": [(nil, "eggs\nflour\n")],
    "pb contains color && pb paste -t color   # #ff8800: of GTK's color, or of a text that is one CSS color": [(nil, "#ff8800")],
    "PB_PASTEBOARD=com.example.notes pb paste": [(nil, "eggs\nflour\n")],
    #"pb copy --if-count "$n" < new.txt     # only if nobody wrote since count n (else exit 75)"#: [("pb paste", "new\n")],
    "echo oops | pb copy                     # over something you needed": [("pb paste", "oops\n")],
    "pb paste -i all -t public.image -o images   # one file per item; -n keeps files already there": [
      ("cmp images/1.png a.png && cmp images/2.jpeg b.jpg && echo same", "same\n"),
    ],
    "pb delete com.example.notes": [("pb list | grep com.example.notes | wc -l", "0\n")],
    "pb cut draft.md figure.png              # copy the files as items, then remove them": [
      ("test ! -e draft.md && test ! -e figure.png && pb items | cut -f2", "net.daringfireball.markdown (8 B)\npublic.png (1020 B)\n"),
    ],
    "pb undo                                 # puts them back, with their mode and mtime": [
      ("ls draft.md figure.png", "draft.md\nfigure.png\n"),
    ],
    // More than 10 changes came before: the pinned one is kept past the 10 levels, and counted apart.
    "pb history --pin 3                      # state 3 of --list stays past levels and budget (--unpin 3)": [
      ("pb history | head -1", "undo (newest first, 10 of at most 10, and 1 pinned):\n"),
    ],
    // The board's present is the --no-undo write: undo goes back over it to the group's a and b, then on through the archive's history.
    "pb import --archive board.tar -p restored   # with its history: pb undo walks back through it, then past the import": [
      ("pb paste -p restored", "token\n"), ("pb undo -p restored && pb paste -p restored -i all -d ''", "Undo Copy\na\nb\n"),
      ("pb undo -p restored", "Undo Report\n"),
    ],
    "pb group begin Report; pb copy a.txt; pb copy -a b.txt; pb group end": [
      ("pb paste -i all -d ''", "a\nb\n"), ("pb history | grep -c Report", "1\n"),
    ],
  ]

  /// The files the README's lines name, made in the folder they run in.
  static func makeFiles(_ sandbox: Sandbox) throws {
    let png = try SystemSamples.contents(SystemSamples.png)
    let jpeg = try SystemSamples.contents(SystemSamples.jpeg)
    _ = try sandbox.file("screenshot.png", png)
    _ = try sandbox.file("figure.png", png)
    _ = try sandbox.file("photo.jpg", jpeg)
    // As large as the README's `pb items` shows them: bytes after a PNG's end or a JPEG's
    // are still the same format to a reader.
    _ = try sandbox.file("a.png", png + Data(count: 49_357 - png.count))
    _ = try sandbox.file("b.jpg", jpeg + Data(count: 1_258_292 - jpeg.count))
    let shopping = "Shopping: eggs, flour, milk\n"
    _ = try sandbox.file("notes.txt", shopping + String(repeating: "-", count: 811 - shopping.count) + "\n")
    _ = try sandbox.file("todo.txt", "eggs\nflour\n")
    _ = try sandbox.file("page.html", "<p>Hello, <b>world</b></p>\n")
    _ = try sandbox.file("page.txt", "Hello, world\n")
    _ = try sandbox.file("new.txt", "new\n")
    _ = try sandbox.file("big.iso", Data(count: 1 << 20))
    _ = try sandbox.file("draft.md", "# Draft\n")
    _ = try sandbox.file("a.txt", "a\n")
    _ = try sandbox.file("b.txt", "b\n")
    _ = try sandbox.file("token.txt", "token\n")
    _ = try sandbox.file("photos/one.jpg", jpeg)
  }

  /// Whether `actual` is `expected`, where a line `...` stands for any lines.
  static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first.trimmingCharacters(in: .whitespaces) == "..." {
      return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
    }
    return actual.first == first && matches(actual.dropFirst(), expected.dropFirst())
  }

  @Test("every runnable line of the README does what it says, run in order in one shell with pb, pbcopy and pbpaste first on PATH")
  func readmeRuns() throws {
    let readme = try DocsTests.read("README.md")
    let examples = Self.examples(readme)
    #expect(examples.count > 60, "the README's examples were found")
    let commands = Set(examples.map(\.command))
    for line in Array(Self.notRunHere.keys) + Array(Self.checks.keys) {
      let inReadme = commands.contains(line)
      #expect(inReadme, "no README line is \(line.debugDescription): update the test with the README")
    }

    let sandbox = try Sandbox()
    try Self.makeFiles(sandbox)
    // pbcopy and pbpaste as install.sh makes them: links to pb, first on PATH.
    let bin = sandbox.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for name in ["pb", "pbcopy", "pbpaste"] {
      try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: Sandbox.binary)
    }

    // Each step prints a marker before it and its status after, so that one bash can run
    // them all (variables and boards carry over, as in a user's shell).
    struct Step {
      var line: String
      var command: String
      var expected: [String]?
      var exact: String?
    }
    var steps: [Step] = []
    for example in examples {
      if let standIn = Self.notRunHere[example.command] {
        if let standIn { steps.append(Step(line: example.command, command: standIn)) }
        continue
      }
      steps.append(Step(line: example.command, command: example.command, expected: example.output.isEmpty ? nil : example.output))
      for (probe, prints) in Self.checks[example.command] ?? [] {
        if let probe {
          steps.append(Step(line: example.command + "\n  then: " + probe, command: probe, exact: prints))
        } else {
          steps[steps.count - 1].exact = prints
        }
      }
    }
    var script = "export PATH=\(bin.path):$PATH\ncd \(sandbox.root.path)\n"
    for (index, step) in steps.enumerated() {
      script += "printf '\\036%d\\036' \(index)\n\(step.command)\nprintf '\\037%d\\037' $?\n"
    }
    let result = try sandbox.run("/bin/bash", ["-c", script], stdin: nil, environment: [:], timeLimit: 300)
    #expect(result.status == 0, "\(result.stderr)")

    let output = result.text
    for (index, step) in steps.enumerated() {
      guard let start = output.range(of: "\u{1E}\(index)\u{1E}"),
        let end = output[start.upperBound...].firstMatch(of: /\x1F(\d+)\x1F/)
      else {
        Issue.record("the shell stopped before \(step.line.debugDescription)\n\(result.stderr)")
        break
      }
      let printed = String(output[start.upperBound..<end.range.lowerBound])
      let status = String(end.output.1)
      #expect(status == "0", "README line \(step.line.debugDescription) exited \(status); stderr of the run:\n\(result.stderr)")
      if let exact = step.exact {
        #expect(printed == exact, "README line \(step.line.debugDescription) printed \(printed.debugDescription), not \(exact.debugDescription)")
      }
      if let expected = step.expected {
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let printedLines = lines.last == "" ? lines.dropLast() : lines[...]
        #expect(
          Self.matches(printedLines, expected[...]),
          "README line \(step.line.debugDescription) printed\n\(printed)\nwhere the README shows\n\(expected.joined(separator: "\n"))")
      }
    }
  }
}
