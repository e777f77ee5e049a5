import Testing

/// Every suite of this target runs in-process: `unit`, one of the tags `scripts/test
/// --tags` chooses by (the others are in Tests/pbTests/Support/Tags.swift).
extension Tag {
  @Tag static var unit: Self
}
