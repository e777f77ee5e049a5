import PasteboardKit
import Testing

@testable import DesktopClipboard

/// The settings pb's hidden processes start with are read back as they were written, and
/// any other words are refused rather than taken by position.
@Suite(.tags(.unit)) struct HiddenCommandsTests {
  static let owner = OwnerSettings(
    backend: .wayland, selection: .primary, concealed: true, origin: DesktopTargets.Origin(board: "a=b c", changeCount: 7),
    expires: 1_700_000_000_000, store: "/tmp/a store=x", types: [TypeIdentifier("public.html"), .utf8PlainText],
    files: ["1.html", "2.txt"])

  @Test("the owner's settings are read back as written: values with '=' and spaces, a list in order, no expiry")
  func ownerRoundTrip() {
    #expect(OwnerSettings(Self.owner.words) == Self.owner)
    var plain = Self.owner
    (plain.concealed, plain.expires, plain.types, plain.files) = (false, nil, [], [])
    #expect(OwnerSettings(plain.words) == plain)
    #expect(plain.words.contains("expires=never"))
  }

  @Test("the secret watcher's settings are read back as written")
  func secretWatchRoundTrip() {
    let settings = SecretWatchSettings(
      backend: .x11, selection: .clipboard, origin: DesktopTargets.Origin(board: "general", changeCount: 0), expires: nil,
      store: "/s", files: ["f1", "f2"])
    #expect(SecretWatchSettings(settings.words) == settings)
  }

  @Test("words it did not write are refused: by position, unknown or repeated keys, types without files")
  func otherWordsRefused() {
    let words = Self.owner.words
    #expect(OwnerSettings(["x11", "clipboard", "plain", "general", "0", "never", "/s"]) == nil)
    #expect(OwnerSettings(words + ["colour=red"]) == nil)
    #expect(OwnerSettings(words + ["board=other"]) == nil)
    #expect(OwnerSettings(words + ["type=public.png"]) == nil)
    #expect(OwnerSettings(words.filter { !$0.hasPrefix("store=") }) == nil)
    #expect(OwnerSettings(words.map { $0 == "backend=wayland" ? "backend=none" : $0 }) == nil)
    #expect(SecretWatchSettings(words) == nil, "an owner's settings are no watcher's")
  }
}
