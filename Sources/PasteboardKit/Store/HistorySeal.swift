import Glibc
import LinuxSystem
import Synchronization

/// A cut file's record names a path outside the store, where undo makes a file and redo
/// takes one: the store's files are untrusted input, so each record carries a MAC
/// (HMAC-SHA256) made with the user's key, which is kept outside the store
/// (`HistoryKey`). It covers everything undo and redo act on outside for that record and
/// binds it to its board and its entry's change count, so that it cannot be moved to
/// another board or entry. A record without a valid one is not authenticated: undo and
/// redo leave its path alone. See docs/store-format.md.
struct HistorySeal {
  let key: [UInt8]
  let board: String
  private let hmac: SHA256.HMACKey

  init(key: [UInt8], board: String) {
    self.key = key
    self.board = board
    hmac = SHA256.HMACKey(key)
  }

  /// The MAC of `cut` in the entry of change count `count`, as 64 lower-case hex digits.
  func seal(_ cut: CutFile, entryCount count: Int) -> String {
    let mac = hmac.mac(Self.message(cut, board: board, entryCount: count))
    return String(decoding: mac.flatMap { [ASCII.hexDigit($0 >> 4), ASCII.hexDigit($0 & 15)] }, as: UTF8.self)
  }

  func verifies(_ cut: CutFile, entryCount count: Int, seal: String) -> Bool {
    // Compared in time that does not depend on where they differ.
    let expected = Array(self.seal(cut, entryCount: count).utf8)
    let given = Array(seal.utf8)
    guard expected.count == given.count else { return false }
    return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// What the MAC covers, in fields that hold no NUL (paths and names cannot), each
  /// ended by one, behind a label that names this layout.
  static func message(_ cut: CutFile, board: String, entryCount count: Int) -> [UInt8] {
    var fields = ["pb history seal 1", board, String(count), cut.path, cut.file, String(cut.mode), String(cut.modified)]
    if let restored = cut.restored {
      let identity = restored.identity
      fields += [
        "restored", restored.path, String(identity.device), String(identity.inode), String(identity.size),
        String(identity.modified), String(identity.changed),
      ]
    } else {
      fields.append("in store")
    }
    var message: [UInt8] = []
    message.reserveCapacity(fields.reduce(0) { $0 + $1.utf8.count + 1 })
    for field in fields {
      message += field.utf8
      message.append(0)
    }
    return message
  }
}

/// The key that seals history's cut files: 32 random bytes in `$XDG_STATE_HOME/pb/key`
/// (else `~/.local/state/pb/key`), outside every store, mode 0600 in a folder only its
/// owner can write to. Made by the first cut that needs it, so that concurrent first
/// uses agree on one key: it is written whole under no name and then given its name,
/// which fails when another process gave it first (whose key is then read).
enum HistoryKey {
  static let length = 32

  static func folderPath(_ settings: Settings) -> String {
    settings.stateHome + "/pb"
  }

  static let fileName = "key"

  /// Read once per process, for the folder it was read from.
  private static let loaded = Mutex<LoadedKey?>(nil)

  private struct LoadedKey {
    let folderPath: String
    let key: [UInt8]
  }

  /// The key in the folder `settings` name; nil when there is none and `creating` is
  /// false. A key file that is not a regular file of the user with mode 0600 and 32 bytes
  /// is refused.
  static func key(creating: Bool, settings: Settings) throws(PasteboardError) -> [UInt8]? {
    let folderPath = folderPath(settings)
    if let loaded = loaded.withLock({ $0 }), loaded.folderPath == folderPath { return loaded.key }
    guard let folder = try openFolder(folderPath, creating: creating, store: settings.storeFolder) else { return nil }
    var key = try read(in: folder)
    if key == nil, creating {
      try make(in: folder)
      key = try read(in: folder)
    }
    if let key { loaded.withLock { $0 = LoadedKey(folderPath: folderPath, key: key) } }
    return key
  }

  private static func openFolder(_ path: String, creating: Bool, store storePath: String) throws(PasteboardError) -> Directory? {
    let folder: Directory
    do throws(SystemError) {
      do {
        folder = try Directory.open(path: path)
      } catch where error.errno == ENOENT && creating {
        // Made once: every later pb finds it.
        try makeFolders(path)
        folder = try Directory.open(path: path)
      }
    } catch {
      if !creating { if error.errno == ENOENT { return nil } else { throw .io(error) } }
      throw .cannotCreate(path: path, reason: error.reason + "; pb keeps the key that authenticates undo's cut files there")
    }
    let status: stat
    do throws(SystemError) {
      status = try folder.status()
    } catch {
      throw .io(error)
    }
    try StoreTrust.checkOwner(status, of: path)
    if status.st_mode & 0o077 != 0 {
      throw .insecureStore(
        path: path, reason: "others can open it (mode \(String(status.st_mode & 0o777, radix: 8))), and it holds pb's key",
        fix: "fix it with: chmod 700 \(Display.path(path))")
    }
    // A key that travels with the store (copied, synced, shared) authenticates nothing.
    if let store = storeHolding(status, at: path, store: storePath) {
      throw .insecureStore(
        path: path, reason: "it is inside the store \(Display.path(store)), and pb's key must be kept out of it",
        fix: "set XDG_STATE_HOME to a folder outside the store")
    }
    return folder
  }

  /// The store at `storePath` (`Settings.storeFolder`), when the folder at `folderPath`
  /// (of status `folder`) is in it or is it: its ancestors are climbed through `..`,
  /// which the kernel takes from where a link led, not from the path's text.
  private static func storeHolding(_ folder: stat, at folderPath: String, store storePath: String) -> String? {
    guard let store = try? Directory.open(path: storePath).status() else { return nil }
    var status = folder
    var path = folderPath
    // PATH_MAX bounds both the depth and the path climbed.
    for _ in 0..<2048 {
      if status.st_dev == store.st_dev && status.st_ino == store.st_ino { return storePath }
      path += "/.."
      guard let parent = try? Directory.open(path: path).status() else { return nil }
      if parent.st_dev == status.st_dev && parent.st_ino == status.st_ino { return nil }
      status = parent
    }
    return nil
  }

  /// Makes the folder and its missing parents, private to the user (as the XDG base
  /// directory specification asks of the folders it names).
  private static func makeFolders(_ path: String) throws(SystemError) {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      try SystemCall.makeDirectory(prefix, mode: 0o700)
    }
  }

  private static func read(in folder: Directory) throws(PasteboardError) -> [UInt8]? {
    let path = folder.path + "/" + fileName
    let file: Descriptor
    let status: stat
    do throws(SystemError) {
      file = try folder.open(fileName, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
      status = try file.status()
    } catch {
      if error.errno == ENOENT { return nil }
      if let refusal = StoreTrust.refusal(error) { throw refusal }
      throw .io(error)
    }
    let remove = "remove it, and pb makes a new key (undo then puts back no file cut before)"
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .insecureStore(path: path, reason: "it is not a regular file", fix: remove)
    }
    try StoreTrust.checkOwner(status, of: path)
    guard status.st_mode & 0o7777 == 0o600 else {
      throw .insecureStore(
        path: path, reason: "its mode is \(String(status.st_mode & 0o7777, radix: 8)), not 600",
        fix: "fix it with: chmod 600 \(Display.path(path))")
    }
    // One byte more than a key tells a longer file.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length + 1, alignment: 1)
    defer { buffer.deallocate() }
    let count: Int
    do throws(SystemError) {
      count = try file.readFully(into: buffer)
    } catch {
      throw .io(error)
    }
    guard count == length else {
      throw .insecureStore(path: path, reason: "it is not the \(length) bytes of a pb key", fix: remove)
    }
    return Array(buffer[..<length])
  }

  /// Writes a new key whole, then names it; another process naming its own first wins.
  private static func make(in folder: Directory) throws(PasteboardError) {
    let path = folder.path + "/" + fileName
    do throws(SystemError) {
      let key = try SystemCall.secretRandomBytes(length)
      if let file = try folder.openUnnamedFile() {
        try file.changeMode(0o600)
        try file.writeAll(key)
        try file.sync()
        do {
          try folder.linkUnnamed(file, as: fileName)
        } catch where error.errno == EEXIST {
          return
        }
      } else {
        let temporary = ".\(fileName).\(StoreFiles.uniqueName())"
        defer { try? folder.remove(temporary) }
        let file = try folder.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        try file.changeMode(0o600)
        try file.writeAll(key)
        try file.sync()
        do {
          try folder.link(temporary, to: fileName, in: folder)
        } catch where error.errno == EEXIST {
          return
        }
      }
      try folder.descriptor.sync()
    } catch {
      throw .cannotCreate(path: path, reason: error.reason)
    }
  }
}

/// SHA-256 (FIPS 180-4) and HMAC (RFC 2104), for the few hundred bytes a seal covers:
/// swift-crypto would bring BoringSSL's build into every build of pb for this.
enum SHA256 {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private static let initialState: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]

  /// The digest of `message`, or, from `state`, of `prefixLength` bytes (whole blocks)
  /// hashed into it already followed by `message`.
  static func hash(_ message: [UInt8], from state: [UInt32] = initialState, after prefixLength: Int = 0) -> [UInt8] {
    var state = state
    var padded = message + [0x80]
    padded += [UInt8](repeating: 0, count: (120 - padded.count % 64) % 64)
    let bits = UInt64(prefixLength + message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    var words = [UInt32](repeating: 0, count: 64)
    for block in stride(from: 0, to: padded.count, by: 64) { compress(&state, padded, at: block, words: &words) }
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
    return digest
  }

  /// Hashes the 64 bytes of `bytes` at `block` into `state` (`words`: scratch space).
  /// Through buffer pointers: checked indexing made each block cost four times as much.
  private static func compress(_ state: inout [UInt32], _ bytes: [UInt8], at block: Int, words: inout [UInt32]) {
    precondition(block >= 0 && block + 64 <= bytes.count && words.count == 64 && state.count == 8)
    // Read once: a static's every use checks that it is initialised.
    let constants = roundConstants
    bytes.withUnsafeBufferPointer { bytes in
      words.withUnsafeMutableBufferPointer { words in
        constants.withUnsafeBufferPointer { constants in
          state.withUnsafeMutableBufferPointer { state in
            for index in 0..<16 {
              let at = block + index * 4
              words[index] =
                UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
            }
            for index in 16..<64 {
              let w15 = words[index - 15]
              let w2 = words[index - 2]
              let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
              let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
              words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for index in 0..<64 {
              let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ constants[index] &+ words[index]
              let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
              (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
          }
        }
      }
    }
  }

  /// An HMAC key with its two padded blocks hashed once: each MAC then hashes only its
  /// message and the inner digest (3 blocks for a seal's message, not 5).
  struct HMACKey {
    private let inner: [UInt32]
    private let outer: [UInt32]

    init(_ key: [UInt8]) {
      var block = key.count > 64 ? SHA256.hash(key) : key
      block += [UInt8](repeating: 0, count: 64 - block.count)
      var words = [UInt32](repeating: 0, count: 64)
      var inner = SHA256.initialState
      SHA256.compress(&inner, block.map { $0 ^ 0x36 }, at: 0, words: &words)
      var outer = SHA256.initialState
      SHA256.compress(&outer, block.map { $0 ^ 0x5c }, at: 0, words: &words)
      self.inner = inner
      self.outer = outer
    }

    func mac(_ message: [UInt8]) -> [UInt8] {
      SHA256.hash(SHA256.hash(message, from: inner, after: 64), from: outer, after: 64)
    }
  }

  static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
    HMACKey(key).mac(message)
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }
}
