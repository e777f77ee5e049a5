import PasteboardKit

/// ArgumentParser's messages in pb's form: one sentence naming the problem, then the fix.
/// The parser's own shapes ("Unknown option '--item'. Did you mean '--items'?", "The value
/// 'x' is invalid for '--selection <selection>'. Please provide one of ...") are matched
/// here; a message pb wrote itself (a `ValidationError`) only gets `help` after it.
enum ParserMessage {
  /// `help` ("see 'pb paste --help'") ends the sentences that name no fix of their own.
  /// Only the first line of `message` is kept, with what a list on the lines below it gives.
  /// `builtIn` are the options the parser answers itself (`--help`), which it never
  /// suggests for a misspelt one.
  static func sentence(_ message: String, help: String, builtIn: [String] = []) -> String {
    let lines = message.split(separator: "\n").map(String.init)
    let first = lines.first ?? "invalid usage"
    if let match = first.wholeMatch(of: #/Unknown option ('[^']*')\. Did you mean ('[^']*')\?/#) {
      return "unknown option \(match.1); did you mean \(match.2)?"
    }
    if let match = first.wholeMatch(of: #/Unknown option '(--[^']*)'/#),
      let nearest = Suggestion.phrase(Suggestion.nearest(to: String(match.1), among: builtIn))
    {
      return "unknown option '\(match.1)'; \(nearest)"
    }
    if let match = first.wholeMatch(of: #/The value (.*) is invalid for ('[^']*')\. Please provide one of (.*)/#) {
      // Up to five values on the line, separated by ", " and " and " or " or "; more as a list below it.
      let values =
        match.3 == "the following:"
        ? lines.dropFirst().map { "'" + $0.trimmingPrefix(while: { $0 == " " || $0 == "-" }) + "'" }
        : match.3.dropLast().split(separator: #/, | and | or /#).map(String.init)
      return "invalid value \(match.1) for \(match.2); give \(Suggestion.alternatives(values) ?? "a value")"
    }
    if let match = first.wholeMatch(of: #/The value (.*) is invalid(?: for ('[^']*'))?(: .*|\.)?/#) {
      let reason = match.3.map { $0 == "." ? "" : String($0) } ?? ""
      return "invalid value \(match.1)\(match.2.map { " for \($0)" } ?? "")\(reason); \(help)"
    }
    if let match = first.wholeMatch(of: #/The option ('[^']*') does not take any value, but '(.*)' was specified\./#) {
      return "\(match.1) takes no value; give it without '=\(match.2)'"
    }
    if let match = first.wholeMatch(of: #/\d+ unexpected arguments: (.*)/#) {
      return "unexpected arguments \(match.1); \(help)"
    }
    if let match = first.wholeMatch(of: #/Missing expected argument (.*)/#) {
      return "missing argument \(match.1); \(help)"
    }
    if let match = first.wholeMatch(of: #/Missing one of: (.*)/#) {
      return "missing one of \(match.1); \(help)"
    }
    let flag = #/flag ('[^']*')(?: in '[^']*')?/#
    if let match = first.wholeMatch(of: #/Value to be set with (.*) had already been set with (.*)/#),
      let second = match.1.wholeMatch(of: flag)?.1, let earlier = match.2.wholeMatch(of: flag)?.1
    {
      return second == earlier ? "give \(earlier) once" : "\(earlier) and \(second) do not go together; give one of them"
    }
    if let match = first.wholeMatch(of: #/Invalid option: (.*)/#) {
      return "unknown option '\(match.1)'; \(help)"
    }
    // The parser ends a sentence with a period; pb's own messages end without one ("ARGS...").
    let plain = first.hasSuffix(".") && !first.hasSuffix("..") ? String(first.dropLast()) : first
    return "\(lowercasingFirst(plain)); \(help)"
  }

  private static func lowercasingFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
