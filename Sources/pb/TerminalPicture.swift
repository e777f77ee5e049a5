import DesktopClipboard
import Glibc
import LinuxSystem
import PasteboardKit

/// Image items shown as pictures where their bytes would go to a terminal (pb paste,
/// pb history --show, pb items --preview), drawn by libchafa (PictureDrawing).
///
/// The protocol is the one the terminal answers that it takes, not one guessed from
/// $TERM (which says xterm-256color in most terminals, and is passed over ssh and into
/// tmux unchanged): pb asks once, on /dev/tty in raw mode, kitty's graphics query and
/// then Primary Device Attributes (DA1), which every terminal since the VT100 answers,
/// so the answer's end is known without waiting out a timer. kitty's "OK" means kitty
/// graphics; a 4 among DA1's attributes, sixel; iTerm2 (whose images no query reveals)
/// is known by its environment. Otherwise, and when nothing answers within
/// `answerMilliseconds`, Unicode blocks. Under tmux the answer is tmux's own: blocks,
/// which move with the pane, where an image passed through would stay on the screen.
enum TerminalPicture {
  /// Whether an item of `type` is shown as a picture on a terminal rather than refused.
  static func shows(_ type: TypeIdentifier) -> Bool { TypeRegistry.conforms(type, to: .image) }

  /// Writes the picture of `representation` (an image) to `output`, sized to the
  /// terminal; or, when it cannot be drawn, the line that describes it and says how to
  /// save its bytes (`sameBytesCommand` is the command that writes them).
  static func write(_ representation: OpenRepresentation, to output: Output, sameBytesCommand: String) throws(PasteboardError) {
    try output.flush()
    let terminal = Terminal.current
    let size = representation.representation.size
    let budget = ImageConversion.Budget.forStoredImage(of: size)
    let picture: Result<[UInt8], ImageConversion.Failure>
    if size > budget.memory {
      picture = .failure(.overMemoryBudget)
    } else {
      let bytes = try representation.head(Int(size))
      picture = Result { () throws(ImageConversion.Failure) in
        try PictureDrawing.draw(bytes, as: terminal.terminalProtocol, colors: Settings.process.terminalColors, in: terminal.space)
      }
    }
    switch picture {
    case .success(let drawn):
      try output.write(drawn)
      if drawn.last != UInt8(ascii: "\n") { try output.write([UInt8(ascii: "\n")]) }
    case .failure(let failure):
      try output.write(description(of: representation, failure: failure, command: sameBytesCommand) + "\n")
    }
  }

  /// The line shown instead of a picture that cannot be drawn.
  static func description(of representation: OpenRepresentation, failure: ImageConversion.Failure, command: String) -> String {
    let why =
      switch failure {
      case .unknownFormat: "pb draws PNG, JPEG, GIF, BMP, WebP and TIFF"
      case .damaged: "the image is damaged"
      case .overMemoryBudget, .overScanBudget: "the image is too large to draw"
      case .noMemory: "there is not enough memory to draw it"
      }
    return "[\(representation.representation.type.rawValue) \(ByteCount.format(representation.representation.size)): "
      + "not shown, \(why); save it with \(Display.line(command)) > file.\(representation.suggestedExtension)]"
  }

  /// What the terminal on standard output takes, asked once a process.
  struct Terminal: Sendable {
    var terminalProtocol: PictureDrawing.TerminalProtocol
    var space: PictureDrawing.Space

    static let current = Terminal.detect()

    /// How long a terminal has to answer: a local one answers in a millisecond, one
    /// over ssh in a round trip; one that never does costs this once.
    static let answerMilliseconds: Int64 = 1000

    /// A cell's size where the terminal does not say it in pixels: a common font's.
    static let defaultCell = (width: 10, height: 20)

    static func detect() -> Terminal {
      let space = Self.space()
      // Under pb serve, standard output is a pipe to a terminal on another machine.
      guard StandardStreams.outputIsTerminal, Settings.process.servedTerminals == nil,
        let tty = try? SystemCall.open("/dev/tty", flags: O_RDWR | O_NOCTTY),
        let answer = try? SystemCall.ask(
          tty.file, kittyQuery + attributesQuery, milliseconds: answerMilliseconds, path: "/dev/tty",
          isComplete: endsAttributes)
      else { return Terminal(terminalProtocol: .symbols, space: space) }
      return Terminal(terminalProtocol: choose(answer: answer), space: space)
    }

    /// kitty's graphics query: a 1x1 image it checks and does not show. Other terminals
    /// skip an APC sequence they do not know.
    static let kittyQuery = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    static let attributesQuery = Array("\u{1B}[c".utf8)

    /// Whether `answer` ends with DA1's answer: ESC [ ? attributes c.
    static func endsAttributes(_ answer: [UInt8]) -> Bool {
      guard answer.last == UInt8(ascii: "c"), let start = attributesStart(answer) else { return false }
      return answer[(start + 3)..<(answer.count - 1)].allSatisfy { $0 == UInt8(ascii: ";") || (48...57).contains($0) }
    }

    private static func attributesStart(_ answer: [UInt8]) -> Int? {
      let prefix = Array("\u{1B}[?".utf8)
      guard answer.count >= prefix.count else { return nil }
      return (0...(answer.count - prefix.count)).last { Array(answer[$0..<$0 + prefix.count]) == prefix }
    }

    static func choose(answer: [UInt8]) -> PictureDrawing.TerminalProtocol {
      let text = String(decoding: answer, as: UTF8.self)
      if text.contains("\u{1B}_Gi=31;OK") { return .kitty }
      if Settings.process.isITerm2Terminal { return .iTerm2 }
      let attributes = attributesStart(answer).map { String(decoding: answer[($0 + 3)..<(answer.count - 1)], as: UTF8.self) }
      if attributes?.split(separator: ";").contains("4") == true { return .sixel }
      return .symbols
    }

    /// The cells a picture may take: the terminal's width, and its height less the line
    /// the prompt comes back on; fzf's preview window when fzf reads it through a pipe.
    static func space() -> PictureDrawing.Space {
      if !StandardStreams.outputIsTerminal, let window = Settings.process.previewWindow {
        return PictureDrawing.Space(
          columns: window.columns, rows: window.rows, cellWidth: defaultCell.width, cellHeight: defaultCell.height)
      }
      guard let size = SystemCall.windowSize(Descriptor.standardOutput.file) else {
        return PictureDrawing.Space(columns: 80, rows: 23, cellWidth: defaultCell.width, cellHeight: defaultCell.height)
      }
      let columns = Int(size.ws_col), rows = Int(size.ws_row)
      let cellWidth = size.ws_xpixel > 0 ? max(1, Int(size.ws_xpixel) / columns) : defaultCell.width
      let cellHeight = size.ws_ypixel > 0 ? max(1, Int(size.ws_ypixel) / rows) : defaultCell.height
      return PictureDrawing.Space(columns: columns, rows: max(1, rows - 1), cellWidth: cellWidth, cellHeight: cellHeight)
    }
  }
}
