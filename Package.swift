// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "pb",
  products: [
    .executable(name: "pb", targets: ["pb"]),
    .library(name: "PasteboardKit", targets: ["PasteboardKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // libmagic from Debian's libmagic-dev, linked from its static archive in every
    // build so that its regular expressions go through RegexPrefilter.c (ld --wrap
    // reaches only code inside the link, not a shared library's own calls).
    .target(
      name: "CMagic",
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "-l:libmagic.a", "-Xlinker", "-llzma", "-Xlinker", "-lbz2", "-Xlinker", "-lz",
          "-Xlinker", "--wrap=regcomp", "-Xlinker", "--wrap=regexec", "-Xlinker", "--wrap=regfree",
        ])
      ]
    ),
    .target(name: "CLinuxIO"),
    // The system layer under PasteboardKit and DesktopClipboard: one wrapper per Linux
    // call, owned descriptors, the environment; raw descriptor numbers stay inside it.
    .target(
      name: "LinuxSystem",
      dependencies: ["CLinuxIO"]
    ),
    // libxcb and its XFixes extension from Debian's libxcb1-dev and libxcb-xfixes0-dev,
    // linked from their static archives (with libXau and libXdmcp, which it
    // authenticates with) like libmagic: the release build is
    // fully static, and a dynamic libxcb would cost every command its loading.
    .target(
      name: "CXCB",
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "-l:libxcb-xfixes.a", "-Xlinker", "-l:libxcb.a", "-Xlinker", "-l:libXau.a", "-Xlinker", "-l:libXdmcp.a",
        ])
      ]
    ),
    // The image/png pb derives (publish, paste -t png) from a JPEG, GIF, BMP, WebP or TIFF item, linked
    // from Debian's static archives like libmagic. libjpeg-turbo rather than
    // stb_image for JPEG: it decodes a 12-megapixel photo (3.2 MB, quality 90) in about
    // half stb_image's time (87 ms against 163 ms, best of 9, both from Debian 12 at
    // -O2), and it has been under OSS-Fuzz for years, while stb_image says it is for
    // those "who can avoid problematic images", its OSS-Fuzz target covers PNG only,
    // and outside fuzzers keep finding its decoders' memory errors (CVE-2021-28021 in
    // JPEG, CVE-2021-42715, -42716, CVE-2023-43898, CVE-2023-45662 to -45667).
    // stb_image (libstb-dev) reads BMP only, within the pixel limit; the PNG is
    // compressed by Encode.c, with libdeflate's checksums.
    // libtiff's archive needs its codecs' (Lerc is C++).
    .target(
      name: "CImage",
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "-l:libtiff.a", "-Xlinker", "-l:libwebp.a", "-Xlinker", "-l:libLerc.a", "-Xlinker", "-l:libjbig.a",
          "-Xlinker", "-l:libzstd.a", "-Xlinker", "-l:libdeflate.a", "-Xlinker", "-l:libgif.a", "-Xlinker", "-l:libpng16.a",
          "-Xlinker", "-l:libjpeg.a", "-Xlinker", "-llzma", "-Xlinker", "-lz", "-Xlinker", "-lstdc++", "-Xlinker", "-lm",
          // libwebp's allocations held to the budget as they are made (Decode.c).
          "-Xlinker", "--wrap=WebPSafeMalloc", "-Xlinker", "--wrap=WebPSafeCalloc",
        ])
      ]
    ),
    // Pictures on a terminal (pb paste of an image): libchafa from Debian's libchafa-dev,
    // which draws kitty graphics, sixel, iTerm2 images and Unicode blocks from pixels that
    // CImage decoded, linked from its static archive with GLib's (libglib2.0-dev) and
    // PCRE2's. Its headers need GLib's, whose configuration header is per architecture.
    .target(
      name: "CPicture",
      cSettings: [
        .unsafeFlags([
          "-I/usr/include/chafa", "-I/usr/include/glib-2.0",
          "-I/usr/lib/x86_64-linux-gnu/chafa/include", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
          "-I/usr/lib/aarch64-linux-gnu/chafa/include", "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
        ])
      ],
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "-l:libchafa.a", "-Xlinker", "-l:libglib-2.0.a", "-Xlinker", "-l:libpcre2-8.a", "-Xlinker", "-lm",
        ])
      ]
    ),
    // The model, with the forms pb derives from what an item holds (CImage's PNG of an
    // image), so that pb paste and pb publish's owner make the same bytes.
    .target(
      name: "PasteboardKit",
      dependencies: ["CMagic", "LinuxSystem", "CImage"]
    ),
    // The desktop clipboard (pb publish, pb import): the rules for naming types there,
    // and the X11 and OSC 52 backends.
    .target(
      name: "DesktopClipboard",
      dependencies: ["PasteboardKit", "LinuxSystem", "CXCB", "CImage", "CPicture"]
    ),
    // Boards on other machines: the stream, the client that runs a command line on
    // `pb serve` over ssh, the server, and a remote bridge's ends.
    .target(
      name: "RemoteBoards",
      dependencies: ["PasteboardKit", "LinuxSystem"]
    ),
    .executableTarget(
      name: "pb",
      dependencies: [
        "PasteboardKit",
        "DesktopClipboard",
        "RemoteBoards",
        "LinuxSystem",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "PasteboardKitTests",
      dependencies: ["PasteboardKit", "LinuxSystem", "CMagic", "CImage"]
    ),
    .testTarget(
      name: "LinuxSystemTests",
      dependencies: ["LinuxSystem"]
    ),
    .testTarget(
      name: "DesktopClipboardTests",
      dependencies: ["DesktopClipboard", "PasteboardKit", "LinuxSystem"],
      exclude: ["Protocols"]
    ),
    .testTarget(
      name: "pbTests",
      dependencies: ["pb"],
      exclude: ["Support/complete.zsh", "Support/fuzz_arguments.py", "Support/fault_injection.py", "Support/history_model.py", "Support/x11_client.py", "Support/terminal.py", "Support/complete_bash.py",
        "Support/attack_crashpoints.py", "Support/attack_multiboard.py", "Support/attack_findings.sh", "Support/attack_fuzz_planted.py", "Support/clipboard_store.py", "Support/image_client.py", "Corpus",
        "Support/qt_clipboard.py", "Support/gtk_photo.py", "Support/x11_late_client.py", "Support/wayland_late_client.py",
        "Support/fuzz_archive.py",
        "Support/terminal_picture.py",
      ]
    ),
  ]
)
