import Foundation
import Testing

@testable import DesktopClipboard

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The core of pb's hand-written Wayland tables against the protocol's own XML, from
/// Debian's libwayland-dev: an opcode is the request's or event's place in its list.
@Suite struct WaylandProtocolTests {
  static let path = "/usr/share/wayland/wayland.xml"

  /// Each interface's requests and events, in order.
  final class Reader: NSObject, XMLParserDelegate {
    var interfaces: [String: (requests: [String], events: [String])] = [:]
    private var current = ""

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let name = attributes["name"] ?? ""
      switch element {
      case "interface":
        current = name
        interfaces[name] = ([], [])
      case "request": interfaces[current]?.requests.append(name)
      case "event": interfaces[current]?.events.append(name)
      default: break
      }
    }
  }

  @Test("wl_display, wl_registry and wl_callback opcodes are the XML's")
  func coreOpcodes() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.path))
    let parser = XMLParser(data: data)
    let reader = Reader()
    parser.delegate = reader
    try #require(parser.parse())
    let display = try #require(reader.interfaces["wl_display"])
    let registry = try #require(reader.interfaces["wl_registry"])
    let callback = try #require(reader.interfaces["wl_callback"])
    #expect(display.requests.firstIndex(of: "sync") == Int(WaylandProtocol.Display.sync))
    #expect(display.requests.firstIndex(of: "get_registry") == Int(WaylandProtocol.Display.getRegistry))
    #expect(display.events.firstIndex(of: "error") == Int(WaylandProtocol.Display.errorEvent))
    #expect(registry.requests.firstIndex(of: "bind") == Int(WaylandProtocol.Registry.bind))
    #expect(registry.events.firstIndex(of: "global") == Int(WaylandProtocol.Registry.globalEvent))
    #expect(callback.events.firstIndex(of: "done") == Int(WaylandProtocol.Callback.doneEvent))
  }
}
