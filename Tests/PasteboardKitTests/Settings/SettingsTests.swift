import LinuxSystem
import Synchronization
import Testing

@testable import PasteboardKit

/// Each variable as pb has always read it: relative XDG folders and TMPDIR ignored, an
/// empty variable as unset, but PATH, MAGIC and PB_SERVED_TERMINALS taken when empty too.
@Suite(.tags(.unit)) struct SettingsTests {
  func settings(_ variables: [String: String]) -> Settings { Settings(Environment(variables)) }

  /// The names an environment was asked for, in order.
  final class Reads: Sendable {
    let names = Mutex<[String]>([])
  }

  @Test("each variable is read once, however often its values are asked for and by any copy")
  func eachVariableIsReadOnce() {
    let reads = Reads()
    let settings = Settings(
      Environment(lookup: { name in
        reads.names.withLock { $0.append(name) }
        return ["HOME": "/h", "PB_LOCK_TIMEOUT": "0.5"][name]
      }))
    let copy = settings
    for _ in 0..<2 {
      #expect(settings.storeFolder == "/h/.local/share/pb")
      #expect(copy.stateHome == "/h/.local/state")
      #expect(copy.cacheFolder == "/h/.cache/pb")
      #expect(settings.lockTimeout == 0.5)
      #expect(copy.lockTimeoutSetting == "0.5")
    }
    #expect(reads.names.withLock { $0 } == ["PB_DIR", "XDG_DATA_HOME", "HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "PB_LOCK_TIMEOUT"])
  }

  @Test("the store is PB_DIR as given, else pb in an absolute XDG_DATA_HOME, else in ~/.local/share")
  func storeFolder() {
    #expect(settings(["PB_DIR": "store", "XDG_DATA_HOME": "/data", "HOME": "/h"]).storeFolder == "store")
    #expect(settings(["PB_DIR": "", "XDG_DATA_HOME": "/data", "HOME": "/h"]).storeFolder == "/data/pb")
    #expect(settings(["XDG_DATA_HOME": "data", "HOME": "/h"]).storeFolder == "/h/.local/share/pb")
  }

  @Test("XDG folders: absolute ones only, else under the home")
  func baseFolders() {
    let relative = settings(["HOME": "/h", "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache"])
    #expect(relative.stateHome == "/h/.local/state")
    #expect(relative.cacheFolder == "/h/.cache/pb")
    let absolute = settings(["HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "XDG_DATA_DIRS": "/d"])
    #expect(absolute.stateHome == "/s")
    #expect(absolute.cacheFolder == "/c/pb")
    #expect(absolute.dataFolders == "/d")
    #expect(relative.dataFolders == "/usr/local/share:/usr/share")
    #expect(settings(["HOME": "/"]).cacheFolder == nil)
  }

  @Test("TMPDIR when absolute, else /tmp")
  func temporaryFolder() {
    #expect(settings(["TMPDIR": "/var/t"]).temporaryFolder == "/var/t")
    #expect(settings(["TMPDIR": "t"]).temporaryFolder == "/tmp")
    #expect(settings(["TMPDIR": ""]).temporaryFolder == "/tmp")
  }

  @Test("PATH, MAGIC and PB_SERVED_TERMINALS count when set empty")
  func setEmpty() {
    #expect(settings([:]).programSearchPath == "/bin:/usr/bin")
    #expect(settings(["PATH": ""]).programSearchPath == "")
    #expect(!settings([:]).magicIsSet)
    #expect(settings(["MAGIC": ""]).magicIsSet)
    #expect(settings([:]).servedTerminals == nil)
    #expect(settings(["PB_SERVED_TERMINALS": ""]).servedTerminals == [])
    #expect(settings(["PB_SERVED_TERMINALS": "input,error"]).servedTerminals == ["input", "error"])
  }

  @Test("PB_LOCK_TIMEOUT is decimal seconds from 0 to 86400")
  func lockTimeout() {
    #expect(settings(["PB_LOCK_TIMEOUT": ".5"]).lockTimeout == 0.5)
    #expect(settings(["PB_LOCK_TIMEOUT": "86400"]).lockTimeout == 86400)
    for bad in ["0x10", "1e3", "-1", "86401", "."] {
      #expect(settings(["PB_LOCK_TIMEOUT": bad]).lockTimeout == nil, "\(bad)")
      #expect(settings(["PB_LOCK_TIMEOUT": bad]).lockTimeoutSetting == bad)
    }
  }

  @Test("the desktop's variables")
  func desktop() {
    #expect(settings(["SSH_CONNECTION": "x"]).isSSHSession)
    #expect(!settings(["SSH_TTY": ""]).isSSHSession)
    #expect(settings(["TERM": "xterm-kitty"]).isKittyOutsideTmux)
    #expect(!settings(["TERM": "xterm-kitty", "TMUX": "/t"]).isKittyOutsideTmux)
  }
}
