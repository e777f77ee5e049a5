/// Rows of cells in aligned columns, as `pb list` and `pb history` print them: columns
/// two spaces apart, the last one not padded.
enum Table {
  static func lines(_ rows: [[String]], indent: String = "") -> [String] {
    guard let first = rows.first else { return [] }
    let widths = (0..<first.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      var line = indent + cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      return line + "\n"
    }
  }
}
