import ArgumentParser

/// Examples shown at the end of each subcommand's help (`pb help copy`, `pb copy
/// --help`): at least two each, as a user would type them.
enum Examples {
  static let table: [String: [String]] = [
    "copy": [
      "git rev-parse HEAD | pb copy -n", "pb copy notes.txt photo.png", "pb copy -r html=page.html -r txt=page.txt",
      "pass show site | pb copy --concealed --expire 30s",
    ],
    "paste": ["git show \"$(pb paste)\"", "pb paste -t public.html,public.plain-text", "pb paste -i all -t public.image -o images"],
    "types": ["pb types", "pb types -i all --conforming-to public.image"],
    "contains": ["pb contains public.image && pb paste > clip.png", "pb contains --all -i all public.text public.url"],
    "items": ["pb items", "pb items -i -1 --json"],
    "info": ["pb info", "pb info --json -p work"],
    "clear": ["pb clear", "pb clear -p work --if-count 7"],
    "cut": ["pb cut draft.md figure.png", "pb cut old.log && pb undo"],
    "undo": ["pb undo", "pb undo 3 -p work"],
    "redo": ["pb redo", "pb undo 2 && pb redo"],
    "history": [
      "pb history", "pb history --list | fzf | cut -f1 | xargs pb history --restore", "pb history --restore 3",
      "pb history --levels 10", "pb history --json -p work",
    ],
    "group": ["pb group run --name 'Import logs' -- ./collect-logs.sh", "pb group begin Report; pb copy a.txt; pb copy -a b.txt; pb group end"],
    "group begin": ["pb group begin 'Assemble report'", "pb group begin -p work"],
    "group end": ["pb group end", "pb group end -p work"],
    "group run": ["pb group run -- make report", "pb group run --name 'Import logs' -p work -- ./collect-logs.sh"],
    "type": ["pb type md", "pb type --sniff notes.toml photo.jpg"],
    "list": ["pb list", "pb list --json"],
    "create": ["board=$(pb create --unique --prefix build)", "pb create --persistent --expire 1h scratch"],
    "delete": ["pb delete scratch", "pb delete general --action Wipe"],
    "count": ["pb count", "n=$(pb count); pb paste | sort | pb copy --if-count \"$n\""],
    "wait": ["pb wait --timeout 30s", "while n=$(pb wait --since \"${n:-$(pb count)}\"); do echo \"changed: $n\"; done"],
    "publish": ["pb copy -r html=page.html -r txt=page.txt && pb publish", "pb publish -i -1 --selection primary", "pb publish --osc52"],
    "import": [
      "pb import && pb types", "pb import -a --selection primary --timeout 5s", "pb import --all-types --max-size 1G",
      "pb import --archive board.tar -p restored",
    ],
    "export": ["pb export --history > board.tar", "pb export | ssh host pb import --archive -"],
    "bridge": ["pb bridge &", "pb bridge --from-desktop -p clips"],
    "watch": ["pb watch --json", "pb watch --exec -- sh -c 'cat >> ~/clips.log'"],
    "serve": ["pb paste -p server:build   # runs 'ssh server pb serve'", "PB_SSH_COMMAND='ssh -p 2222' pb count -p server:"],
  ]

  /// `text` followed by the command's examples.
  static func discussion(_ name: String, _ text: String = "") -> String {
    let examples = (table[name] ?? []).map { "  $ " + $0 }.joined(separator: "\n")
    return (text.isEmpty ? "" : text + "\n\n") + "Examples:\n" + examples
  }
}

extension CommandConfiguration {
  /// A subcommand of pb (or of `group`, with `in`), its help ending with its examples.
  /// Its help and usage are only ever shown from the root parse, as `pb NAME`: parsed on
  /// its own (PB.parseSubcommand), a line that asks for help goes to the root.
  static func pb(
    _ name: String, in parent: String? = nil, abstract: String, usage: String? = nil, discussion: String = "",
    subcommands: [any ParsableCommand.Type] = []
  ) -> CommandConfiguration {
    CommandConfiguration(
      commandName: name, abstract: abstract, usage: usage,
      discussion: Examples.discussion(parent.map { "\($0) \(name)" } ?? name, discussion), subcommands: subcommands)
  }
}
