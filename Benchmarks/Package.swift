// swift-tools-version: 6.0
// The benchmarks, a package of their own so that building the product compiles only what ships.
// It depends on the root package by path; building it also builds the `syncups` executable
// (CommandBenchmarks and MeetingBenchmarks depend on it) next to the benchmarks, where they run it.
//
//   swift build -c release --package-path Benchmarks && Benchmarks/.build/release/BenchmarkReport
import PackageDescription

let syncups = Target.Dependency.product(name: "syncups", package: "syncups")
let sharedState = Target.Dependency.product(name: "SharedState", package: "syncups")
let syncUpsCore = Target.Dependency.product(name: "SyncUpsCore", package: "syncups")

let package = Package(
  name: "syncups-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "syncups", path: "..")],
  targets: [
    .target(name: "BenchmarkSupport", path: "BenchmarkSupport"),
    .executableTarget(
      name: "SharedStateBenchmarks",
      dependencies: [sharedState, "BenchmarkSupport"],
      path: "SharedStateBenchmarks"
    ),
    .executableTarget(name: "DecodeFloor", path: "DecodeFloor"),
    .executableTarget(
      name: "WriteFloor", dependencies: [syncUpsCore, "BenchmarkSupport"], path: "WriteFloor"),
    .executableTarget(
      name: "CommandBenchmarks",
      dependencies: [syncUpsCore, sharedState, "BenchmarkSupport", syncups],
      path: "CommandBenchmarks"
    ),
    .executableTarget(
      name: "MeetingBenchmarks",
      dependencies: ["BenchmarkSupport", syncups],
      path: "MeetingBenchmarks"
    ),
    .executableTarget(
      name: "BenchmarkReport",
      dependencies: ["BenchmarkSupport"],
      path: "BenchmarkReport"
    ),
  ],
  swiftLanguageModes: [.v6]
)
