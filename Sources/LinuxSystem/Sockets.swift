import Glibc
import CLinuxIO

// Unix sockets, with descriptors passed alongside the bytes (the Wayland protocol's way).
extension SystemCall {
  /// A stream socket connected to the Unix socket at `path`.
  public static func connectUnix(_ path: String) throws(SystemError) -> Descriptor {
    Descriptor(FileDescriptor(try check("connect to", path) { PathBytes.withCString(path) { pb_connect_unix($0) } }, path: path))
  }

  /// Sends all of `bytes` on a socket, with `descriptors` attached to the first part
  /// (they stay the caller's, and open, until this returns).
  public static func send(_ socket: Descriptor, _ bytes: [UInt8], passing descriptors: [Descriptor]) throws(SystemError) {
    var offset = 0
    var attached = descriptors.map { $0.file.raw }
    while offset < bytes.count || !attached.isEmpty {
      let sent = try check("send to", socket.path) {
        bytes[offset...].withUnsafeBytes { part in
          pb_send_with_fds(socket.file.raw, part.baseAddress, part.count, attached, Int32(attached.count))
        }
      }
      attached = []
      offset += sent
    }
  }

  /// Receives what a socket has (at most `capacity` bytes), and descriptors sent with it,
  /// owned from here on and named `received`; no bytes means the other end closed.
  public static func receive(_ socket: Descriptor, capacity: Int, naming received: String) throws(SystemError)
    -> (bytes: [UInt8], descriptors: [Descriptor])
  {
    var fds = [Int32](repeating: -1, count: 28)
    var count: Int32 = 28
    var bytes = [UInt8](repeating: 0, count: capacity)
    let length = try check("receive from", socket.path) {
      bytes.withUnsafeMutableBytes { buffer in pb_receive_with_fds(socket.file.raw, buffer.baseAddress, capacity, &fds, &count) }
    }
    return (Array(bytes[..<length]), fds[..<Int(count)].map { Descriptor(FileDescriptor($0, path: received)) })
  }
}
