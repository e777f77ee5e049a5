/// The interface tables pb speaks Wayland with: each request's and event's opcode, its
/// place in its interface's list. The tests check them, and the arguments pb sends and
/// reads, against the protocols' XML: the core against libwayland's wayland.xml, data
/// control (wlroots' and ext's, which agree) against the copies in
/// Tests/DesktopClipboardTests/Protocols; sway checks them end to end.
enum WaylandProtocol {
  enum Display {
    static let sync: UInt16 = 0
    static let getRegistry: UInt16 = 1
    static let errorEvent: UInt16 = 0
  }

  enum Registry {
    static let bind: UInt16 = 0
    static let globalEvent: UInt16 = 0
  }

  enum Callback {
    static let doneEvent: UInt16 = 0
  }

  enum DataControlManager {
    static let createDataSource: UInt16 = 0
    static let getDataDevice: UInt16 = 1
  }

  enum DataControlDevice {
    static let setSelection: UInt16 = 0
    static let setPrimarySelection: UInt16 = 2
    static let dataOfferEvent: UInt16 = 0
    static let selectionEvent: UInt16 = 1
    static let primarySelectionEvent: UInt16 = 3
  }

  enum DataControlSource {
    static let offer: UInt16 = 0
    static let destroy: UInt16 = 1
    static let sendEvent: UInt16 = 0
    static let cancelledEvent: UInt16 = 1
  }

  enum DataControlOffer {
    static let receive: UInt16 = 0
    static let destroy: UInt16 = 1
    static let offerEvent: UInt16 = 0
  }
}
