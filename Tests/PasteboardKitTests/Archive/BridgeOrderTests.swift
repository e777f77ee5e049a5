import Testing

@testable import PasteboardKit

/// What a bridge's end takes: the newest change of each board, once; its own change back
/// only as the answer to two changes made at once, and only at the served end.
@Suite(.tags(.unit)) struct BridgeOrderTests {
  static let here = "aaaaaaaaaaaaaaaa"
  static let there = "bbbbbbbbbbbbbbbb"
  static let third = "cccccccccccccccc"

  static func stamp(_ sender: String, _ count: Int, origin: String? = nil, _ originCount: Int? = nil) -> BridgeStamp {
    BridgeStamp(sender: sender, senderCount: count, origin: origin ?? sender, originCount: originCount ?? count)
  }

  @Test func aSendersOlderOrSameStateIsRefusedOnceANewerWasTaken() {
    var order = BridgeOrder(board: Self.here)
    let first = order.takes(Self.stamp(Self.there, 5), over: 1, holding: [], at: .served)
    #expect(first)
    let again = order.takes(Self.stamp(Self.there, 5), over: 2, holding: [], at: .served)
    #expect(!again, "the other bridge's copy of it")
    let late = order.takes(Self.stamp(Self.there, 4), over: 2, holding: [], at: .served)
    #expect(!late, "an older one, late")
    let newer = order.takes(Self.stamp(Self.there, 6), over: 2, holding: [], at: .served)
    #expect(newer)
    let ownSent = order.takes(Self.stamp(Self.here, 9), over: 2, holding: [], at: .served)
    #expect(!ownSent, "its own state, sent by itself")
  }

  @Test func anEchoOfItsOwnChangeIsTakenOnlyAtTheServedEndAndOnlyWhileItIsItsNewest() {
    var order = BridgeOrder(board: Self.here)
    // Here changed to count 3 while there's change 10 came: taken, as count 4.
    let crossing = order.takes(Self.stamp(Self.there, 10), over: 3, holding: [], at: .served)
    #expect(crossing)
    order.imported(Self.stamp(Self.there, 10), replacing: 3, holding: [], as: 4, holding: [])
    #expect(order.local == 3)
    var user = order
    let echo = Self.stamp(Self.there, 11, origin: Self.here, 3)
    let echoAtUser = user.takes(echo, over: 4, holding: [], at: .user)
    #expect(!echoAtUser)
    let echoAtServed = order.takes(echo, over: 4, holding: [], at: .served)
    #expect(echoAtServed)
    var older = BridgeOrder(board: Self.here)
    let olderEcho = older.takes(Self.stamp(Self.there, 11, origin: Self.here, 2), over: 3, holding: [], at: .served)
    #expect(!olderEcho, "count 3 is newer")
  }

  @Test func aThirdBoardsChangeNoNewerThanOneTakenIsRefused() {
    var order = BridgeOrder(board: Self.here)
    let fromThird = order.takes(Self.stamp(Self.third, 7), over: 1, holding: [], at: .served)
    #expect(fromThird)
    let relayedAgain = order.takes(Self.stamp(Self.there, 3, origin: Self.third, 7), over: 2, holding: [], at: .served)
    #expect(!relayedAgain)
    let relayedNewer = order.takes(Self.stamp(Self.there, 4, origin: Self.third, 8), over: 2, holding: [], at: .served)
    #expect(relayedNewer)
  }
}
