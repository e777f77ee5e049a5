import Testing

@testable import PasteboardKit

@Suite(.tags(.unit)) struct SuggestionTests {
  static let commands = ["copy", "paste", "types", "contains", "items", "info", "clear", "cut", "undo", "redo", "history"]

  @Test(arguments: [
    ("pastee", ["paste"]), ("pste", ["paste"]), ("cpoy", ["copy"]), ("histroy", ["history"]), ("PASTE", ["paste"]),
    ("undo", ["undo"]), ("zzz", []), ("", []), ("conta", ["contains"]),
  ])
  func nearest(word: String, expected: [String]) {
    #expect(Suggestion.nearest(to: word, among: Self.commands) == expected)
  }

  @Test func distances() {
    #expect(Suggestion.editDistance(Array("abc"), Array("acb")) == 1, "a swap is one edit")
    #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
  }

  @Test func phrases() {
    #expect(Suggestion.phrase(["paste"]) == "did you mean 'paste'?")
    #expect(Suggestion.phrase(["a", "b", "c"]) == "did you mean 'a', 'b' or 'c'?")
    #expect(Suggestion.phrase([]) == nil)
  }
}
