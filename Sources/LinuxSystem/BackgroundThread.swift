import Glibc

/// Work that runs on a thread of its own while the caller goes on (a copy decodes its
/// board's history while it sniffs its input); `wait` returns once it is done. The thread
/// starts with every signal blocked, so signal handlers run on the threads they always
/// ran on. Where no thread can be made, the work is done at once, on the caller's.
public final class BackgroundThread {
  private var thread: pthread_t?

  public init(_ work: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Work(work)).toOpaque()
    var all = sigset_t()
    var previous = sigset_t()
    sigfillset(&all)
    // A new thread inherits the signal mask in force when it is made.
    pthread_sigmask(SIG_SETMASK, &all, &previous)
    var created = pthread_t()
    let status = pthread_create(
      &created, nil,
      { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    if status == 0 {
      thread = created
    } else {
      Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
    }
  }

  /// Waits until the work is done; at once when it is.
  public func wait() {
    guard let thread else { return }
    self.thread = nil
    pthread_join(thread, nil)
  }

  /// Lets the work go on to its end (or the process's) without anyone waiting for it.
  public func detach() {
    guard let thread else { return }
    self.thread = nil
    pthread_detach(thread)
  }

  deinit {
    wait()
  }
}

private final class Work: Sendable {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}
