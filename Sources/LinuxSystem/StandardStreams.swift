import Glibc

/// The process's standard streams, as a Unix filter needs them.
public enum StandardStreams {
  /// Call first thing. A write to a closed pipe becomes an EPIPE error instead of a
  /// signal, so `pb paste | head -c1` can end quietly; and a closed standard descriptor
  /// is reopened on /dev/null so that no file `pb` opens can take its number (a closed
  /// stdin then reads as empty, a closed stdout fails to write).
  public static func prepare() {
    SystemCall.ignoreBrokenPipes()
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let replacement = open("/dev/null", O_RDONLY)
      if replacement >= 0 && replacement != fd {
        dup2(replacement, fd)
        close(replacement)
      }
    }
  }

  /// Writes one line to stderr; a failure to report is not reported.
  public static func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = try? Descriptor.standardError.writeAll(bytes)
  }
}
