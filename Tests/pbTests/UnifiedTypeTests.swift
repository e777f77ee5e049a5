import Foundation
import Testing

/// One identifier per format, end to end: what `pb type` says a MIME type is, a copy of a
/// file of that format stores, and `pb paste -t` with any of the format's MIME types finds it.
@Suite("one identifier per format", .tags(.endToEnd))
struct UnifiedTypeTests {
  /// A binary STL: an 80-byte header, a count of one, one triangle (normal, three corners, attribute).
  static var stl: Data {
    var data = Data("pb test solid".utf8) + Data(repeating: 0x20, count: 80 - 13)
    let floats: [Float] = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0]
    withUnsafeBytes(of: UInt32(1).littleEndian) { data.append(contentsOf: $0) }
    for value in floats { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
    return data + Data([0, 0])
  }

  /// A FLIC header: size, magic 0xAF11, no frames, 320x200 at 8 bits.
  static var flic: Data {
    var data = Data()
    withUnsafeBytes(of: UInt32(128).littleEndian) { data.append(contentsOf: $0) }
    for value: UInt16 in [0xAF11, 0, 320, 200, 8] { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    return data + Data(repeating: 0, count: 128 - data.count)
  }

  /// An ICC profile with no tags: the 128-byte header (display class, RGB to XYZ, the
  /// `acsp` signature, the D50 illuminant) and a tag count of zero.
  static var colorProfile: Data {
    var data = Data()
    func put(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
    func put(_ text: String) { data.append(contentsOf: text.utf8) }
    put(132); put("none"); put(0x0210_0000); put("mntr"); put("RGB "); put("XYZ ")
    for value: UInt16 in [2026, 1, 1, 0, 0, 0] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
    put("acsp"); put("APPL"); put(0); put("none"); put("none")
    data.append(Data(repeating: 0, count: 12))  // attributes, rendering intent
    put(63190); put(65536); put(54061)
    data.append(Data(repeating: 0, count: 128 - data.count))
    put(0)
    return data
  }

  /// Copies `file` and checks that every one of `mimes` names the type stored and finds the bytes.
  func expectOneIdentifier(_ file: String, _ mimes: [String], in sandbox: Sandbox) throws {
    let data = try SystemSamples.contents(file)
    #expect(try sandbox.pb("copy", file).status == 0)
    let stored = try sandbox.pb("types").lines
    for mime in mimes {
      #expect(try sandbox.pb("type", mime).lines.first.map { [$0] } == stored, "pb type \(mime) is what a copy of \(file) stores")
      let pasted = try sandbox.pb("paste", "-t", mime)
      #expect(pasted.status == 0 && pasted.stdout == data, "pb paste -t \(mime) finds the copy of \(file): \(pasted)")
    }
  }

  @Test("an STL model: model/stl, its aliases and Apple's .stl are one type")
  func stl() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.file("cube.stl", Self.stl)
    try expectOneIdentifier(file, ["model/stl", "model/x.stl-binary", "model/x.stl-ascii"], in: sandbox)
    #expect(try sandbox.pb("types").lines == ["public.standard-tesselated-geometry-format"])
  }

  @Test("a FLIC animation: video/x-flic, its aliases and Apple's video/flc are one type")
  func flic() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.file("intro.fli", Self.flic)
    try expectOneIdentifier(file, ["video/x-flic", "video/fli", "video/x-fli", "video/flc"], in: sandbox)
  }

  @Test("an ICC profile: application/vnd.iccprofile is Apple's ColorSync profile, from a file and from a pipe")
  func colorProfile() throws {
    let sandbox = try Sandbox()
    let profile = try sandbox.file("display.icc", Self.colorProfile)
    try expectOneIdentifier(profile, ["application/vnd.iccprofile"], in: sandbox)
    #expect(try sandbox.pb("types").lines == ["com.apple.colorsync-profile"])
    try sandbox.pb("copy", stdin: Self.colorProfile)
    #expect(try sandbox.pb("types").lines == ["com.apple.colorsync-profile"], "libmagic's application/vnd.iccprofile joins too")
  }

  @Test(
    "a PKCS #12 bundle made by openssl: application/pkcs12 and Apple's application/x-pkcs12 are one type",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl makes the bundle"))
  func pkcs12() throws {
    let sandbox = try Sandbox()
    let key = sandbox.root.appendingPathComponent("key.pem").path
    let certificate = sandbox.root.appendingPathComponent("certificate.pem").path
    let bundle = sandbox.root.appendingPathComponent("bundle.p12").path
    try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                      "-keyout", key, "-out", certificate, "-subj", "/CN=pb", "-days", "1"])
    try Self.openssl(["pkcs12", "-export", "-in", certificate, "-inkey", key, "-out", bundle, "-passout", "pass:pb"])
    try expectOneIdentifier(bundle, ["application/pkcs12", "application/x-pkcs12"], in: sandbox)
    #expect(try sandbox.pb("types").lines == ["com.rsa.pkcs-12"])
  }

  @Test(
    "a MIME type or extension Apple declares never opens the MIME database; one it does not, does",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace lists the files pb opens"))
  func declaredTypesStayOnTheTables() throws {
    let sandbox = try Sandbox()
    func opensTheDatabase(_ types: String...) throws -> Bool {
      let trace = sandbox.root.appendingPathComponent("trace").path
      let traced = try sandbox.run(
        "/usr/bin/strace", ["-f", "-qq", "-e", "trace=open,openat", "-o", trace, Sandbox.binary, "type"] + types, stdin: nil,
        environment: [:])
      #expect(traced.status == 0, "\(traced)")
      return try String(contentsOfFile: trace, encoding: .utf8).contains("/mime/")
    }
    #expect(try !opensTheDatabase("image/png", "application/x-pkcs12", "video/flc", "stl", "icc", "p12"))
    #expect(try opensTheDatabase("text/x-lua"))
  }

  @Test(
    "a copy libmagic is sure of never opens the MIME database; text, which libmagic calls only text, does",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace lists the files pb opens"))
  func sureCopiesLeaveTheDatabaseClosed() throws {
    let sandbox = try Sandbox()
    let png = try sandbox.file("dot.png", Data(base64Encoded: Self.onePixelPNG)!)
    let text = try sandbox.file("notes.txt", "a few words\n")
    func opensTheDatabase(copying file: String) throws -> Bool {
      let trace = sandbox.root.appendingPathComponent("trace").path
      let traced = try sandbox.run(
        "/usr/bin/strace", ["-f", "-qq", "-e", "trace=open,openat", "-o", trace, Sandbox.binary, "copy", file], stdin: nil,
        environment: ["PB_DIR": sandbox.store.path])
      #expect(traced.status == 0, "\(traced)")
      return try String(contentsOfFile: trace, encoding: .utf8).contains("/mime/")
    }
    #expect(try !opensTheDatabase(copying: png))
    #expect(try sandbox.pb("types").lines == ["public.png"], "the copy took effect")
    #expect(try opensTheDatabase(copying: text))
    #expect(try sandbox.pb("types").lines == ["public.utf8-plain-text"])
  }

  static let onePixelPNG =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg=="

  static func openssl(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
  }
}
