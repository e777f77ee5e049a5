import Foundation
import Testing

/// Completion of `pb history --restore N` and `--show N`: the numbers of the board's states, in
/// zsh with their previews, as a user sees them after a Tab.
extension DocsTests {
  /// What a Tab after `line` lists in a real zsh, matches with their descriptions: the
  /// lines of its terminal output, split at escape sequences too (which move the cursor
  /// between them).
  func zshListing(_ sandbox: Sandbox, _ line: String) throws -> [String] {
    let driver = Self.repository.appendingPathComponent("Tests/pbTests/Support/complete.zsh").path
    let completions = Self.repository.appendingPathComponent("completions").path
    let result = try sandbox.shell(
      "export PB_DIR=\(sandbox.store.path) HOME=\(sandbox.root.path); cd \(sandbox.root.path); zsh \(driver) \(completions) '\(line)' --listing")
    #expect(result.status == 0, "\(result)")
    return result.text.replacing(#/\x1B\[[0-9;]*[A-Za-z]|\x07/#, with: "\n").split(separator: "\n").map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
  }

  /// A store whose general held nothing, an item of HTML and PNG, "first apple" and
  /// "second banana", and now "third cherry"; board three held nothing, then x.
  func boardWithPastStates() throws -> Sandbox {
    let sandbox = try boardOfTwo()
    for text in ["first apple", "second banana"] {
      #expect(try sandbox.pb("copy", stdin: Data(text.utf8)).status == 0)
    }
    #expect(try sandbox.pb("copy", stdin: Data("third cherry".utf8)).status == 0)
    return sandbox
  }

  @Test("both shells complete --restore with the numbers of the past states of the board in use")
  func restoreNumbers() throws {
    let sandbox = try boardWithPastStates()
    let numbers = try sandbox.pb("history", "--list").lines.map { String($0.prefix { $0 != "\t" }) }
    #expect(numbers == ["0", "1", "2", "3"], "the store's general has states to offer")
    #expect(try bashTab(sandbox, "pb history --restore ").offered == numbers)
    #expect(try bashTab(sandbox, "pb history --restore=").offered == numbers)
    #expect(try zshCompletions(sandbox, "pb history --restore ") == numbers)
    #expect(try zshCompletions(sandbox, "pb history --restore=") == numbers)
    #expect(try bashTab(sandbox, "pb history --show ").offered == numbers)
    #expect(try zshCompletions(sandbox, "pb history --show ") == numbers)
    // The board chosen with -p: three holds x and y, and held x (and before it nothing).
    for choice in ["-pthree", "-p three", "--pasteboard=three", "--pasteboard three"] {
      #expect(try bashTab(sandbox, "pb history \(choice) --restore ").offered == ["0", "1"], "bash, \(choice)")
      #expect(try zshCompletions(sandbox, "pb history \(choice) --restore ") == ["0", "1"], "zsh, \(choice)")
    }
    #expect(try bashTab(sandbox, "pb history --rest").line == "pb history --restore ")
    #expect(try bashTab(sandbox, "pb history -p nothing-here --restore ").offered.isEmpty)
  }

  @Test("zsh describes each number with its state's preview, in the order of the list")
  func restorePreviews() throws {
    let sandbox = try boardWithPastStates()
    let listing = try zshListing(sandbox, "pb history --restore ")
    let described = listing.filter { $0.contains(" -- ") }
    #expect(described == ["0  -- third cherry", "1  -- second banana", "2  -- first apple", "3  -- <p>x</p>"], "\(listing)")
    // Past nine, in the list's order still, not sorted as text (1, 10, 11, 2, ...).
    for number in 1...11 {
      #expect(try sandbox.pb("copy", "-p", "many", stdin: Data("clip \(number)".utf8)).status == 0)
    }
    let many = try zshListing(sandbox, "pb history -p many --restore ").filter { $0.contains(" -- ") }
    #expect(many.map { String($0.prefix { $0 != " " }) } == (0...10).map(String.init), "\(many)")
    #expect(many.first == "0   -- clip 11" && many.last == "10  -- clip 1", "\(many)")
  }
}
