// swift-tools-version:6.0
import PackageDescription

/// The pure modules (`CollectionLayout`, `CollectionDiff`, `LiveCollection`) import nothing so
/// that the same files compile with Embedded Swift for WebAssembly (see scripts/check-embedded).
let linuxMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "lots",
  products: [
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "CollectionDiff", targets: ["CollectionDiff"]),
    .library(name: "LiveCollection", targets: ["LiveCollection"]),
    .executable(name: "lots", targets: ["lots"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "CollectionLayout", linkerSettings: linuxMath),
    .target(name: "CollectionDiff", linkerSettings: linuxMath),
    .target(name: "LiveCollection", dependencies: ["CollectionDiff"], linkerSettings: linuxMath),
    .executableTarget(
      name: "lots",
      dependencies: [
        "CollectionLayout",
        "CollectionDiff",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["CollectionLayout", "CollectionDiff", "LiveCollection"]
    ),
    .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    .testTarget(name: "CollectionDiffTests", dependencies: ["CollectionDiff"]),
    .testTarget(name: "LiveCollectionTests", dependencies: ["LiveCollection"]),
    .testTarget(name: "lotsTests", dependencies: ["lots", "CollectionLayout"]),
  ],
  swiftLanguageModes: [.v6]
)
