// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "FilterableResults",
    products: [
        .library(name: "FilterableResults", targets: ["FilterableResults"]),
        .library(name: "FilterableResultsTesting", targets: ["FilterableResultsTesting"]),
        .executable(name: "results-scenario", targets: ["results-scenario"]),
    ],
    targets: [
        .target(name: "FilterableResults"),
        .target(
            name: "FilterableResultsTesting",
            dependencies: ["FilterableResults"]
        ),
        .executableTarget(
            name: "results-scenario",
            dependencies: ["FilterableResults", "FilterableResultsTesting"]
        ),
        .executableTarget(
            name: "results-soak",
            dependencies: ["FilterableResults", "FilterableResultsTesting"]
        ),
        .executableTarget(
            name: "Companies",
            dependencies: ["FilterableResults", "FilterableResultsTesting"],
            path: "Examples/Companies"
        ),
        // Test support shared by the test targets (models, helpers): not a product.
        .target(
            name: "TestSupport",
            dependencies: ["FilterableResults", "FilterableResultsTesting"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FilterableResultsTests",
            dependencies: ["FilterableResults", "FilterableResultsTesting", "TestSupport"]
        ),
        .testTarget(
            name: "FilterableResultsTestingTests",
            dependencies: ["FilterableResults", "FilterableResultsTesting", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
