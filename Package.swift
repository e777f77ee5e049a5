// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "pb",
  products: [
    .executable(name: "pb", targets: ["pb"]),
    .library(name: "PasteboardKit", targets: ["PasteboardKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CMagic",
      pkgConfig: "libmagic",
      providers: [.apt(["libmagic-dev"])]
    ),
    .target(name: "CLinuxIO"),
    .target(
      name: "PasteboardKit",
      dependencies: ["CMagic", "CLinuxIO"]
    ),
    .executableTarget(
      name: "pb",
      dependencies: [
        "PasteboardKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "PasteboardKitTests",
      dependencies: ["PasteboardKit"]
    ),
    .testTarget(
      name: "pbTests",
      dependencies: ["pb"],
      exclude: ["Support/complete.zsh", "Support/fuzz_arguments.py", "Corpus"]
    ),
  ]
)
