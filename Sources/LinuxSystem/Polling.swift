import Glibc

// Waiting for descriptors to be ready (poll).
extension SystemCall {
  /// One descriptor poll(2) waits on, and what for (POLLIN, POLLOUT).
  public struct PollRequest {
    let fd: Int32
    public let events: Int16

    /// The request keeps `descriptor` open while it exists.
    private let owner: Descriptor?

    public init(_ descriptor: Descriptor, events: Int16) {
      self.fd = descriptor.file.raw
      self.events = events
      self.owner = descriptor
    }

    init(_ fd: Int32, events: Int16) {
      self.fd = fd
      self.events = events
      self.owner = nil
    }

    /// A descriptor that a C library owns and closes itself (libxcb's connection): its
    /// number is all pb is given.
    public init(foreign fd: CInt, events: Int16) {
      self.init(fd, events: events)
    }
  }

  /// Waits until `descriptor` can be read (or has hung up) for at most `milliseconds`
  /// (-1: for ever); false when the time ran out. `path` names what is waited for.
  public static func waitReadable(
    _ descriptor: borrowing FileDescriptor, milliseconds: Int32, path: String, retryOnInterrupt: Bool = true
  ) throws(SystemError) -> Bool {
    var request = pollfd(fd: descriptor.raw, events: Int16(POLLIN), revents: 0)
    let ready = try check("wait for", path, retryOnInterrupt: retryOnInterrupt) { poll(&request, 1, milliseconds) }
    return ready > 0 && request.revents != 0
  }

  /// poll(2): waits until one of the descriptors has one of its `events` or
  /// `milliseconds` pass; returns what each has.
  public static func wait(_ requests: [PollRequest], milliseconds: Int32, path: String, retryOnInterrupt: Bool = true)
    throws(SystemError) -> [Int16]
  {
    var list = requests.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    // `requests` (a parameter, alive until the return) keeps their descriptors open.
    try check("wait for", path, retryOnInterrupt: retryOnInterrupt) { poll(&list, nfds_t(list.count), milliseconds) }
    return list.map(\.revents)
  }
}
