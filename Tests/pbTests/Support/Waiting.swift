import Foundation
import Glibc

/// The one way a test waits: polls `condition` every 20 ms until it holds or `seconds`
/// pass, and says which. A test waits on an event it can see (a file, a count, a
/// process, a line of output), never a fixed time; the limit is generous because CI's
/// two cores are loaded, and reaching it means the event never came.
@discardableResult
func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  repeat {
    if try condition() { return true }
    usleep(20_000)
  } while Date() < deadline
  return try condition()
}
