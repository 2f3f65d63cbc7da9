// swift-tools-version: 6.0
// The reliability suite, a package of its own so that the product's build leaves it out. It
// drives a syncups binary built by the root package (see `make reliability`):
//
//   swift build -c release --package-path Tests/ReliabilitySuite
//   Tests/ReliabilitySuite/.build/release/ReliabilitySuite --binary .build/release/syncups
import PackageDescription

let package = Package(
  name: "ReliabilitySuite",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "syncups", path: "../..")],
  targets: [
    // The sources sit beside this manifest.
    .executableTarget(
      name: "ReliabilitySuite",
      dependencies: [.product(name: "ChildProcessSupport", package: "syncups")],
      path: ".", exclude: ["Package.swift"])
  ],
  swiftLanguageModes: [.v6]
)
