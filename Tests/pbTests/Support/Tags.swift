import Testing

/// What a suite needs and costs, so that `scripts/test --tags` can choose suites: every
/// suite has `unit` (in-process) or `endToEnd` (runs the built pb), and `desktop` (a
/// private Xvfb or sway), `remote` (the private sshd) or `long` where they apply.
extension Tag {
  @Tag static var unit: Self
  @Tag static var endToEnd: Self
  @Tag static var desktop: Self
  @Tag static var remote: Self
  @Tag static var long: Self
}
