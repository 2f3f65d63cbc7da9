// swift-tools-version: 6.0
// The product: `swift build`, `swift run syncups` and `make install` compile what ships, plus
// the test targets' support. The benchmarks (Benchmarks/Package.swift) and the reliability
// suite (Tests/ReliabilitySuite/Package.swift) are packages of their own.
import PackageDescription

let package = Package(
  name: "syncups",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SharedState", targets: ["SharedState"]),
    // For the benchmarks, which generate data files with the app's own model.
    .library(name: "SyncUpsCore", targets: ["SyncUpsCore"]),
    .executable(name: "syncups", targets: ["syncups"]),
    // How the tests and the reliability suite (a package of its own) start child processes.
    .library(name: "ChildProcessSupport", targets: ["ChildProcessSupport"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SharedState"),
    .target(name: "SyncUpsCore", dependencies: ["SharedState"]),
    .executableTarget(name: "syncups", dependencies: ["SyncUpsCore"]),
    // Spawned by SharedStateTests. It needs SharedState, so it cannot be a package of its own
    // (the two packages would depend on each other); `make build` leaves it out.
    .executableTarget(
      name: "FileSystemWorker",
      dependencies: ["SharedState"],
      path: "Tests/FileSystemWorker"
    ),
    .target(name: "TestSupport", dependencies: ["SharedState"], path: "Tests/TestSupport"),
    .target(name: "ChildProcessSupport", path: "Tests/ChildProcessSupport"),
    .testTarget(
      name: "SharedStateTests",
      dependencies: ["SharedState", "TestSupport", "FileSystemWorker", "ChildProcessSupport"]
    ),
    .target(
      name: "TestStoreSupport",
      dependencies: ["SyncUpsCore", "SharedState", "TestSupport"],
      path: "Tests/TestStoreSupport"
    ),
    // The SyncUps app's navigation (the app, a past meeting's page, stacks, scopes): the proof
    // that features sharing one `Shared<SyncUp>` see each other's changes. No command uses it.
    .target(
      name: "AppNavigation",
      dependencies: ["SyncUpsCore", "SharedState"],
      path: "Tests/AppNavigation"
    ),
    .testTarget(
      name: "SyncUpsCoreTests",
      dependencies: [
        "SyncUpsCore", "SharedState", "TestSupport", "TestStoreSupport", "AppNavigation",
      ]
    ),
    // Writes the man page from the command table, for the tests and `make generate`; the
    // shipped binary does not carry it.
    .target(name: "ManPageGenerator", dependencies: ["syncups"], path: "Tests/ManPageGenerator"),
    .testTarget(
      name: "syncupsTests", dependencies: ["syncups", "ManPageGenerator", "ChildProcessSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
