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
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
  ],
  targets: [
    .target(name: "CollectionLayout", linkerSettings: linuxMath),
    .target(name: "CollectionDiff", linkerSettings: linuxMath),
    .target(name: "LiveCollection", dependencies: ["CollectionDiff"], linkerSettings: linuxMath),
    .target(name: "LotsCore"),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .target(
      name: "LotsServer",
      dependencies: [
        "LotsCore",
        "CVips",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "ExtrasBase64", package: "swift-extras-base64"),
      ]
    ),
    .executableTarget(
      name: "lots",
      dependencies: [
        "CollectionLayout",
        "CollectionDiff",
        "LotsServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["CollectionLayout", "CollectionDiff", "LiveCollection"]
    ),
    // The seeded generator every property test shares.
    .target(name: "PropertyTesting", path: "Tests/PropertyTesting"),
    .testTarget(
      name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "PropertyTesting"]),
    .testTarget(name: "CollectionDiffTests", dependencies: ["CollectionDiff", "PropertyTesting"]),
    .testTarget(name: "LiveCollectionTests", dependencies: ["LiveCollection", "PropertyTesting"]),
    .testTarget(name: "LotsCoreTests", dependencies: ["LotsCore"]),
    .testTarget(
      name: "LotsServerTests",
      dependencies: [
        "LotsServer",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .testTarget(name: "lotsTests", dependencies: ["lots", "CollectionLayout"]),
  ],
  swiftLanguageModes: [.v6]
)
