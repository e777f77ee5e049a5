import LinuxSystem
import PasteboardKit

extension Settings {
  /// A test's settings: only a home of its own (`root`), nothing of the process's
  /// environment, so that no variable the tests run under reaches the store.
  static func test(home root: String) -> Settings { Settings(Environment(["HOME": root])) }
}
