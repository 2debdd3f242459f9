// swift-tools-version:6.0
import PackageDescription

/// The pure modules (`CollectionLayout`, `CollectionDiff`, `LiveCollection`) import nothing so
/// that the same files compile with Embedded Swift for WebAssembly (see scripts/check-embedded).
let linuxMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "lots",
  products: [
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .executable(name: "lots", targets: ["lots"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "CollectionLayout", linkerSettings: linuxMath),
    .executableTarget(
      name: "lots",
      dependencies: [
        "CollectionLayout",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["CollectionLayout"]
    ),
    .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    .testTarget(name: "lotsTests", dependencies: ["lots", "CollectionLayout"]),
  ],
  swiftLanguageModes: [.v6]
)
