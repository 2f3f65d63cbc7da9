// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "syncups",
  products: [
    .library(name: "SharedState", targets: ["SharedState"]),
    .executable(name: "syncups", targets: ["syncups"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SharedState"),
    .target(name: "SyncUpsCore", dependencies: ["SharedState"]),
    .executableTarget(name: "syncups", dependencies: ["SyncUpsCore"]),
    .executableTarget(
      name: "SharedStateBenchmarks",
      dependencies: ["SharedState"],
      path: "Benchmarks/SharedStateBenchmarks"
    ),
    .testTarget(name: "SharedStateTests", dependencies: ["SharedState"]),
  ],
  swiftLanguageModes: [.v6]
)
