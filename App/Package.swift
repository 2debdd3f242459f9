// swift-tools-version:6.0
import PackageDescription

// The LOTs app: the API types (LotsCore), the server (LotsServer: Hummingbird 2, GRDB or
// PostgresNIO, libvips) and the `lots` command. It uses the toolkit, the package at the
// repository's root, by path.

/// The settings of every target (Hummingbird's way: one array per package). Not
/// MemberImportVisibility, which the toolkit has: here it demands imports of
/// FoundationEssentials and NIOFoundationEssentialsCompat, modules internal to Foundation and
/// NIO on Linux that no code should name.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "lots-app",
  products: [
    .executable(name: "lots", targets: ["lots"]),
    .executable(name: "lots-pdf-pages", targets: ["lots-pdf-pages"]),
  ],
  dependencies: [
    .package(name: "lots-toolkit", path: ".."),
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
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    .target(name: "LotsCore", swiftSettings: swiftSettings),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .systemLibrary(name: "CLotsZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
    // The PDF page counter the server runs as a limited child process (Booster's orders).
    .executableTarget(
      name: "lots-pdf-pages", dependencies: ["CQPDF"], swiftSettings: swiftSettings),
    .target(
      name: "LotsServer",
      dependencies: [
        "LotsCore",
        "CVips",
        "CLotsZlib",
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
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        // The first screen of a list, laid out on the server by the engine the page runs.
        .product(name: "CollectionLayout", package: "lots-toolkit"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "lots",
      dependencies: [
        "LotsServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "LotsCoreTests", dependencies: ["LotsCore"], swiftSettings: swiftSettings),
    .testTarget(
      name: "LotsServerTests",
      dependencies: [
        "LotsServer",
        "LotsCore",
        .product(name: "LiveCollection", package: "lots-toolkit"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
