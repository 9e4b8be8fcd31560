// swift-tools-version: 6.2
import PackageDescription

// Invariant checks: `_checkInvariants()` walks a store's whole structure
// after every whole-table edit, and after row edits at a rate that keeps
// their cost O(1) each (ResultsStore+Invariants.swift), when the condition
// `FILTERABLE_RESULTS_CHECKS` is set at compile time (as swift-collections gates `COLLECTIONS_INTERNAL_CHECKS`).
// It is set in this package's own debug builds (`swift test`, the examples,
// the integrations, benchmarks and fuzzers built from this checkout), and
// never in an app that depends on the package through a URL (its checkout
// sits in a `checkouts` folder) nor in any release build. The environment
// variable overrides: `FILTERABLE_RESULTS_CHECKS=0` turns the checks off,
// `=1` turns them on in every configuration (the release-built fuzzers).
let invariantChecks: [SwiftSetting] = {
    switch Context.environment["FILTERABLE_RESULTS_CHECKS"] {
    case "0": return []
    case "1": return [.define("FILTERABLE_RESULTS_CHECKS")]
    default:
        let isCheckout = Context.packageDirectory.split(separator: "/").contains("checkouts")
        return isCheckout ? [] : [.define("FILTERABLE_RESULTS_CHECKS", .when(configuration: .debug))]
    }
}()

let package = Package(
    name: "FilterableResults",
    // The lowest the core needs: parameterized protocol types (`any P<T>`),
    // which the controller's delegate and the composition store, need the
    // Swift 5.7 runtime. Newer features carry `@available` (README, Platforms).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // What every list needs: the store, the controller, compositions,
        // live search, the data sources.
        .library(name: "FilterableResults", targets: ["FilterableResults"]),
        // NSPredicate-format filters, their regular expressions and values.
        .library(name: "FilterableResultsPredicates", targets: ["FilterableResultsPredicates"]),
        // What an app's tests need: the validator, the UIKit simulator, the recorder.
        .library(name: "FilterableResultsTesting", targets: ["FilterableResultsTesting"]),
        .executable(name: "results-scenario", targets: ["results-scenario"]),
    ],
    targets: [
        .target(name: "FilterableResults", swiftSettings: invariantChecks),
        .target(name: "FilterableResultsPredicates", dependencies: ["FilterableResults"], swiftSettings: invariantChecks),
        .target(name: "FilterableResultsTesting", dependencies: ["FilterableResults"]),
        // The scenario runner, its JSON text parser and the random-operation
        // generator: the package's own tools and tests use them; not a product.
        .target(
            name: "FilterableResultsScenarios",
            dependencies: ["FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting"]
        ),
        .executableTarget(
            name: "results-scenario",
            dependencies: ["FilterableResults", "FilterableResultsScenarios"]
        ),
        .executableTarget(
            name: "results-soak",
            dependencies: ["FilterableResults", "FilterableResultsTesting", "FilterableResultsScenarios"]
        ),
        .executableTarget(
            name: "Companies",
            dependencies: ["FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting"],
            path: "Examples/Companies"
        ),
        // Test support shared by the test targets (models, helpers): not a product.
        .target(
            name: "TestSupport",
            dependencies: ["FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FilterableResultsTests",
            dependencies: [
                "FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting",
                "FilterableResultsScenarios", "TestSupport",
            ],
            exclude: ["Search/Fixtures/make-folding-fixtures.py"]
        ),
        .testTarget(
            name: "FilterableResultsPredicatesTests",
            dependencies: [
                "FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting",
                "FilterableResultsScenarios", "TestSupport",
            ]
        ),
        .testTarget(
            name: "FilterableResultsTestingTests",
            dependencies: [
                "FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting",
                "FilterableResultsScenarios", "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's ThreadSanitizer build (.ci/run) compiles only the tests that start
// tasks or share state across threads, and no tool: it sets
// `FILTERABLE_RESULTS_TESTS=concurrency`. Apps and `swift test` never do.
if Context.environment["FILTERABLE_RESULTS_TESTS"] == "concurrency" {
    let concurrencyTests = [
        "FilterableResultsTests": [
            "Controller/LiveElementsTests.swift", "Controller/ObservationPrimitiveTests.swift", "Controller/PreparedUpdateTests.swift",
            "Controller/RefreshTests.swift", "Controller/UpdateStreamTests.swift",
            "Controller/WholeTableTests.swift", "DataSources/PagingTests.swift",
            "Hardening/HardeningRegressionTests.swift", "Support",
        ],
        "FilterableResultsPredicatesTests": ["Predicates/RegularExpressionCacheTests.swift"],
    ]
    package.targets.removeAll { $0.type == .executable || ($0.type == .test && concurrencyTests[$0.name] == nil) }
    package.products.removeAll { $0.name == "results-scenario" }
    for target in package.targets { target.sources = concurrencyTests[target.name] ?? target.sources }
}

// The package's fuzzers and benchmarks (packages of their own in Fuzz/ and
// Benchmarks/) drive the scenario runner; they set this variable to see it
// as a product. Apps never do.
if Context.environment["FILTERABLE_RESULTS_TOOLS"] == "1" {
    package.products.append(.library(name: "FilterableResultsScenarios", targets: ["FilterableResultsScenarios"]))
}
