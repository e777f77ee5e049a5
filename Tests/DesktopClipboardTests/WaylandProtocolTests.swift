import Foundation
import Testing

@testable import DesktopClipboard

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// pb's hand-written Wayland tables against the protocols' own XML: an opcode is the
/// request's or event's place in its interface's list, and the arguments pb sends or
/// reads are the XML's, in order. The core is checked against Debian's libwayland-dev;
/// data control against the XML in Protocols/, kept as published (with its licence):
/// ext's from wayland-protocols 1.44 (staging/ext-data-control), wlroots' from
/// wlr-protocols (unstable/, as Debian's librust-wayland-protocols-wlr-dev 0.3.6 ships it).
@Suite(.tags(.unit)) struct WaylandProtocolTests {
  static let corePath = "/usr/share/wayland/wayland.xml"

  /// Each data-control protocol: its interfaces' prefix and its XML.
  static let dataControlXML = [
    "zwlr_data_control_": vendored("wlr-data-control-unstable-v1.xml"),
    "ext_data_control_": vendored("ext-data-control-v1.xml"),
  ]

  static func vendored(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Protocols/" + name).path
  }

  /// One request or event of an interface: its name and its arguments' types in order.
  struct Message: Equatable {
    var name: String
    var arguments: [String]
  }

  /// Each interface's requests and events, in order.
  final class Reader: NSObject, XMLParserDelegate {
    var interfaces: [String: (requests: [Message], events: [Message])] = [:]
    private var current = ""
    private var inEvent = false

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let name = attributes["name"] ?? ""
      switch element {
      case "interface":
        current = name
        interfaces[name] = ([], [])
      case "request":
        inEvent = false
        interfaces[current]?.requests.append(Message(name: name, arguments: []))
      case "event":
        inEvent = true
        interfaces[current]?.events.append(Message(name: name, arguments: []))
      case "arg":
        // A new_id of no set interface goes on the wire as the interface's name, its
        // version and the id (wl_registry.bind).
        let type = attributes["type"] ?? ""
        let wire = type == "new_id" && attributes["interface"] == nil ? ["string", "uint", "new_id"] : [type]
        guard var messages = interfaces[current] else { break }
        if inEvent {
          messages.events[messages.events.count - 1].arguments += wire
        } else {
          messages.requests[messages.requests.count - 1].arguments += wire
        }
        interfaces[current] = messages
      default: break
      }
    }
  }

  static func read(_ path: String) throws -> Reader {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let parser = XMLParser(data: data)
    let reader = Reader()
    parser.delegate = reader
    try #require(parser.parse(), "\(path) parses")
    return reader
  }

  /// A table entry: the interface (for data control, without its `zwlr_`/`ext_` prefix
  /// and with it `_v1`), request or event, the name, pb's opcode for it, and the types of
  /// the arguments pb sends or reads.
  struct Entry: CustomTestStringConvertible {
    var interface: String
    var isEvent: Bool
    var name: String
    var opcode: UInt16
    var arguments: [String]
    var testDescription: String { "\(interface).\(name)" }
  }

  static func request(_ interface: String, _ name: String, _ opcode: UInt16, _ arguments: [String]) -> Entry {
    Entry(interface: interface, isEvent: false, name: name, opcode: opcode, arguments: arguments)
  }

  static func event(_ interface: String, _ name: String, _ opcode: UInt16, _ arguments: [String]) -> Entry {
    Entry(interface: interface, isEvent: true, name: name, opcode: opcode, arguments: arguments)
  }

  typealias P = WaylandProtocol

  static let core: [Entry] = [
    request("wl_display", "sync", P.Display.sync, ["new_id"]),
    request("wl_display", "get_registry", P.Display.getRegistry, ["new_id"]),
    event("wl_display", "error", P.Display.errorEvent, ["object", "uint", "string"]),
    request("wl_registry", "bind", P.Registry.bind, ["uint", "string", "uint", "new_id"]),
    event("wl_registry", "global", P.Registry.globalEvent, ["uint", "string", "uint"]),
    event("wl_callback", "done", P.Callback.doneEvent, ["uint"]),
  ]

  static let dataControl: [Entry] = [
    request("manager", "create_data_source", P.DataControlManager.createDataSource, ["new_id"]),
    request("manager", "get_data_device", P.DataControlManager.getDataDevice, ["new_id", "object"]),
    request("device", "set_selection", P.DataControlDevice.setSelection, ["object"]),
    request("device", "set_primary_selection", P.DataControlDevice.setPrimarySelection, ["object"]),
    event("device", "data_offer", P.DataControlDevice.dataOfferEvent, ["new_id"]),
    event("device", "selection", P.DataControlDevice.selectionEvent, ["object"]),
    event("device", "primary_selection", P.DataControlDevice.primarySelectionEvent, ["object"]),
    request("source", "offer", P.DataControlSource.offer, ["string"]),
    request("source", "destroy", P.DataControlSource.destroy, []),
    event("source", "send", P.DataControlSource.sendEvent, ["string", "fd"]),
    event("source", "cancelled", P.DataControlSource.cancelledEvent, []),
    request("offer", "receive", P.DataControlOffer.receive, ["string", "fd"]),
    request("offer", "destroy", P.DataControlOffer.destroy, []),
    event("offer", "offer", P.DataControlOffer.offerEvent, ["string"]),
  ]

  static func check(_ entry: Entry, in reader: Reader, interface: String, path: String) {
    guard let messages = reader.interfaces[interface] else {
      Issue.record("\(path) has no interface \(interface)")
      return
    }
    let list = entry.isEvent ? messages.events : messages.requests
    let index = list.firstIndex { $0.name == entry.name }
    #expect(index == Int(entry.opcode), "\(interface).\(entry.name): pb's opcode is \(entry.opcode), the XML's \(index.map(String.init) ?? "none")")
    #expect(index.map { list[$0].arguments } == entry.arguments, "\(interface).\(entry.name)'s arguments, in \(path)")
  }

  @Test("wl_display, wl_registry and wl_callback opcodes and arguments are the XML's", arguments: core)
  func coreTable(entry: Entry) throws {
    Self.check(entry, in: try Self.read(Self.corePath), interface: entry.interface, path: Self.corePath)
  }

  /// Both data-control protocols have the same requests and events, as pb assumes.
  @Test("data-control opcodes and arguments are wlroots' and ext's XML's", arguments: dataControl, dataControlXML.keys.sorted())
  func dataControlTable(entry: Entry, prefix: String) throws {
    let path = try #require(Self.dataControlXML[prefix])
    Self.check(entry, in: try Self.read(path), interface: prefix + entry.interface + "_v1", path: path)
  }
}
