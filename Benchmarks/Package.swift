// swift-tools-version: 6.2
import PackageDescription

// The benchmarks are a package of their own so that the root manifest stays
// dependency-free. The root is named explicitly: a path dependency's identity
// is otherwise its folder's name, which differs from one clone to the next.
// Build with FILTERABLE_RESULTS_TOOLS=1 in the environment, which makes the
// root's scenario runner (W12) a product for this package.
let package = Package(
    name: "FilterableResultsBenchmarks",
    dependencies: [
        .package(name: "FilterableResults", path: ".."),
        .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    ],
    targets: [
        // mallinfo2() is not visible through Swift's Glibc module: a tiny C shim.
        .target(name: "CBenchmarkSupport"),
        .executableTarget(
            name: "results-benchmarks",
            dependencies: [
                .product(name: "FilterableResults", package: "FilterableResults"),
                .product(name: "FilterableResultsPredicates", package: "FilterableResults"),
                .product(name: "FilterableResultsTesting", package: "FilterableResults"),
                // A product only when FILTERABLE_RESULTS_TOOLS=1 (see the root manifest).
                .product(name: "FilterableResultsScenarios", package: "FilterableResults"),
                .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
                "CBenchmarkSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
