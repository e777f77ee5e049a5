/// Sizes as people read them: 512 B, 4.2 KiB, 1.0 GiB.
public enum ByteCount {
  public static func format(_ size: Int64) -> String {
    if size < 1024 { return "\(size) B" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(size) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
