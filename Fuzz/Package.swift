// swift-tools-version: 6.2
// libFuzzer targets for FilterableResults (see README.md). Build and run
// them with Fuzz/fuzz.sh, which passes -sanitize=fuzzer,address to every
// Swift target, the package's own included.
import PackageDescription

// gold, the default linker on Linux, fails on libFuzzer's objects; lld links them.
let linkerSettings: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]

/// The root's libraries the targets use. `FilterableResultsScenarios` is a
/// product only when FILTERABLE_RESULTS_TOOLS=1, which fuzz.sh sets.
let products: [Target.Dependency] = ["FilterableResults", "FilterableResultsPredicates", "FilterableResultsScenarios"].map {
    .product(name: $0, package: "FilterableResults")
}

/// A fuzz target: an executable whose main hands libFuzzer its callback.
func fuzzTarget(_ name: String, testing: Bool = false) -> Target {
    var dependencies: [Target.Dependency] = ["FuzzSupport"] + products
    if testing { dependencies.append(.product(name: "FilterableResultsTesting", package: "FilterableResults")) }
    return .executableTarget(name: name, dependencies: dependencies, linkerSettings: linkerSettings)
}

let package = Package(
    name: "FilterableResultsFuzz",
    dependencies: [.package(name: "FilterableResults", path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzerDriver", .product(name: "FilterableResultsTesting", package: "FilterableResults")] + products
        ),
        fuzzTarget("FuzzJSON", testing: true),
        fuzzTarget("FuzzPredicate", testing: true),
        fuzzTarget("FuzzScenario", testing: true),
        fuzzTarget("FuzzSoak", testing: true),
        fuzzTarget("FuzzRegex"),
    ],
    swiftLanguageModes: [.v6]
)
