// swift-tools-version:6.0
import PackageDescription

// The LOTs toolkit: a layout engine, a diff engine and a live-list state machine in plain Swift.
// Its dependency graph is empty, so an app that adds this package gets exactly the three pure
// modules. They import nothing (not even Foundation), so the same files compile with Embedded
// Swift for WebAssembly (scripts/check-embedded). The LOTs app is the package in App/.

/// The settings of every target (Hummingbird's way: one array per package).
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]
let linuxMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "lots-toolkit",
  products: [
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "CollectionDiff", targets: ["CollectionDiff"]),
    .library(name: "LiveCollection", targets: ["LiveCollection"]),
    .executable(name: "lots-engine", targets: ["lots-engine"]),
  ],
  targets: [
    // `ItemPath`, the one index type of the layouts and the diff (the platform's index path,
    // without Foundation); both modules re-export it.
    .target(name: "CollectionCore", swiftSettings: swiftSettings),
    .target(
      name: "CollectionLayout", dependencies: ["CollectionCore"], swiftSettings: swiftSettings,
      linkerSettings: linuxMath),
    .target(
      name: "CollectionDiff", dependencies: ["CollectionCore"], swiftSettings: swiftSettings,
      linkerSettings: linuxMath),
    .target(
      name: "LiveCollection", dependencies: ["CollectionDiff"], swiftSettings: swiftSettings,
      linkerSettings: linuxMath),
    // The wasm module's data format (option descriptors, input reader, layout table), compiled
    // natively for tests and the command line; Sources/WasmBridge adds the wasm-only exports.
    .target(
      name: "EngineBridge",
      dependencies: ["CollectionLayout", "CollectionDiff", "LiveCollection"],
      swiftSettings: swiftSettings),
    // `lots-engine layout|diff|abi`: the engine's black-box interface, with Foundation only.
    .target(
      name: "EngineCLI",
      dependencies: ["CollectionLayout", "CollectionDiff", "EngineBridge"],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "lots-engine", dependencies: ["EngineCLI"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["CollectionLayout", "CollectionDiff", "LiveCollection", "PropertyTesting"],
      swiftSettings: swiftSettings),
    // The seeded generator and case runner every property test (and benchmark workload) shares.
    .target(name: "PropertyTesting", path: "Tests/PropertyTesting", swiftSettings: swiftSettings),
    .testTarget(
      name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "PropertyTesting"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CollectionDiffTests", dependencies: ["CollectionDiff", "PropertyTesting"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LiveCollectionTests", dependencies: ["LiveCollection", "PropertyTesting"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "EngineBridgeTests", dependencies: ["EngineBridge", "CollectionLayout"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "EngineCLITests", dependencies: ["EngineCLI", "lots-engine", "CollectionLayout"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
