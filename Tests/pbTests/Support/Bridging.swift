import Foundation
import Testing

extension Background {
  /// `pb bridge ARGUMENTS` against the desktop (or remote) that `environment` names,
  /// returned once it watches the board: it asks the desktop for its events before that,
  /// so a copy made from then on, on either side, reaches it.
  static func bridge(_ sandbox: Sandbox, _ arguments: [String] = [], environment: [String: String]) throws -> Background {
    let bridge = try Background(sandbox, [Sandbox.binary, "bridge"] + arguments, environment: environment)
    try #require(waitUntil { bridge.isWatching }, "the bridge did not start: \(bridge.waitFor(""))")
    return bridge
  }
}

extension PrivateX {
  /// A private X server with `pb bridge` watching it and the sandbox's general board.
  static func bridged(_ sandbox: Sandbox) throws -> (PrivateX, Background) {
    let x = try PrivateX(sandbox)
    return (x, try Background.bridge(sandbox, environment: x.environment))
  }
}

extension PrivateSway {
  /// A bridge's environment: without the empty DISPLAY that keeps other clients off X.
  var bridgeEnvironment: [String: String] { environment.filter { !$0.value.isEmpty } }

  /// A private headless sway with `pb bridge` watching it and the general board.
  static func bridged(_ sandbox: Sandbox) throws -> (PrivateSway, Background) {
    let sway = try PrivateSway(sandbox)
    return (sway, try Background.bridge(sandbox, environment: sway.bridgeEnvironment))
  }
}
