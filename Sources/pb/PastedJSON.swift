import PasteboardKit

/// `pb paste --json`: an array with one object per pasted item, its data inline (as
/// `text` when all of it is UTF-8 text, else as `base64`) or the file it was saved to.
/// The data is streamed from its file in chunks, twice (once to decide text or base64,
/// once to write), so memory does not grow with the size of an item. The layout is the
/// one `Report.json` gives: pretty-printed, keys sorted.
enum PastedJSON {
  /// Bytes read at a time: a multiple of 3, so base64 needs no padding mid-stream.
  static let chunkSize = 3 * 32 * 1024

  static func write(
    _ pasted: [(representation: OpenRepresentation, savedAs: String?)], to output: Output
  ) throws(PasteboardError) {
    // An empty list is `[]`, as the other --json reports and jq print it.
    if pasted.isEmpty { return try output.write("[]\n") }
    try output.write("[\n")
    for (position, (opened, savedAs)) in pasted.enumerated() {
      try output.write(position == 0 ? "  {\n" : "  },\n  {\n")
      let representation = opened.representation
      var fields: [(key: String, write: () throws(PasteboardError) -> Void)] = [
        ("index", { () throws(PasteboardError) in try output.write("\(opened.index)") }),
        ("size", { () throws(PasteboardError) in try output.write("\(representation.size)") }),
        ("type", { () throws(PasteboardError) in try writeString(representation.type.rawValue, to: output) }),
      ]
      if let savedAs {
        fields.append(("file", { () throws(PasteboardError) in try writeString(savedAs, to: output) }))
      } else if try isText(opened) {
        fields.append(("text", { () throws(PasteboardError) in try streamText(opened, to: output) }))
      } else {
        fields.append(("base64", { () throws(PasteboardError) in try streamBase64(opened, to: output) }))
      }
      fields.sort { $0.key < $1.key }
      for (number, field) in fields.enumerated() {
        try output.write("    \"\(field.key)\" : ")
        try field.write()
        try output.write(number == fields.count - 1 ? "\n" : ",\n")
      }
      opened.close()
    }
    try output.write("  }\n]\n")
  }

  /// Calls `body` with each chunk of the data, in order, from a buffer it reuses.
  private static func forEachChunk(
    _ opened: OpenRepresentation, _ body: (UnsafeRawBufferPointer) throws(PasteboardError) -> Void
  ) throws(PasteboardError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    let data = try opened.descriptor
    var offset: Int64 = 0
    while true {
      let count: Int
      do {
        count = try data.readFully(into: buffer, at: offset)
      } catch {
        throw .io(error)
      }
      if count == 0 { return }
      try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      offset += Int64(count)
      if count < buffer.count { return }
    }
  }

  private static func isText(_ opened: OpenRepresentation) throws(PasteboardError) -> Bool {
    var validator = UTF8StreamValidator(allowingNUL: false)
    var valid = true
    try forEachChunk(opened) { chunk in
      if valid && validator.check(chunk) != nil { valid = false }
    }
    return valid && validator.finish() == nil
  }

  private static func streamText(_ opened: OpenRepresentation, to output: Output) throws(PasteboardError) {
    try output.write("\"")
    var escaped: [UInt8] = []
    // One escaper across chunks: a character split between two is still escaped.
    var escaper = JSONValue.StringEscaper()
    try forEachChunk(opened) { (chunk) throws(PasteboardError) in
      escaped.removeAll(keepingCapacity: true)
      escaper.append(chunk, to: &escaped)
      try output.write(escaped)
    }
    escaped.removeAll(keepingCapacity: true)
    escaper.finish(to: &escaped)
    try output.write(escaped + Array("\"".utf8))
  }

  private static func streamBase64(_ opened: OpenRepresentation, to output: Output) throws(PasteboardError) {
    try output.write("\"")
    var encoded: [UInt8] = []
    try forEachChunk(opened) { (chunk) throws(PasteboardError) in
      encoded.removeAll(keepingCapacity: true)
      Base64.append(chunk, to: &encoded)
      try output.write(encoded)
    }
    try output.write("\"")
  }

  static func writeString(_ text: String, to output: Output) throws(PasteboardError) {
    var quoted: [UInt8] = []
    JSONValue.appendString(text, to: &quoted)
    try output.write(quoted)
  }
}
