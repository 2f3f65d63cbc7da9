// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "syncups",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SharedState", targets: ["SharedState"]),
    .executable(name: "syncups", targets: ["syncups"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SharedState"),
    .target(name: "SyncUpsCore", dependencies: ["SharedState"]),
    .executableTarget(name: "syncups", dependencies: ["SyncUpsCore"]),
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .executableTarget(
      name: "SharedStateBenchmarks",
      dependencies: ["SharedState", "BenchmarkSupport"],
      path: "Benchmarks/SharedStateBenchmarks"
    ),
    .executableTarget(name: "DecodeFloor", path: "Benchmarks/DecodeFloor"),
    .executableTarget(
      name: "CommandBenchmarks",
      dependencies: ["SyncUpsCore", "SharedState", "BenchmarkSupport"],
      path: "Benchmarks/CommandBenchmarks"
    ),
    .executableTarget(
      name: "MeetingBenchmarks",
      dependencies: ["BenchmarkSupport"],
      path: "Benchmarks/MeetingBenchmarks"
    ),
    .executableTarget(
      name: "BenchmarkReport",
      dependencies: ["BenchmarkSupport"],
      path: "Benchmarks/BenchmarkReport"
    ),
    .executableTarget(
      name: "FileSystemWorker",
      dependencies: ["SharedState"],
      path: "Tests/FileSystemWorker"
    ),
    .executableTarget(name: "ReliabilitySuite", dependencies: ["ChildProcessSupport"], path: "Tests/ReliabilitySuite"),
    .target(name: "ChildProcessSupport", path: "Tests/ChildProcessSupport"),
    .target(name: "TestSupport", dependencies: ["SharedState"], path: "Tests/TestSupport"),
    .testTarget(
      name: "SharedStateTests",
      dependencies: ["SharedState", "TestSupport", "FileSystemWorker", "ChildProcessSupport"]
    ),
    .target(
      name: "TestStoreSupport",
      dependencies: ["SyncUpsCore", "SharedState", "TestSupport"],
      path: "Tests/TestStoreSupport"
    ),
    .testTarget(
      name: "SyncUpsCoreTests",
      dependencies: ["SyncUpsCore", "SharedState", "TestSupport", "TestStoreSupport"]
    ),
    .testTarget(name: "syncupsTests", dependencies: ["syncups", "ChildProcessSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
