// swift-tools-version: 6.0
import PackageDescription

// FilterableResults over a GRDB database: `DatabaseResults`, a `ResultsSource`
// that keeps only keys and ordering values in memory, fetches records in
// batches around what the view reads, and follows the database's commits.
// A package of its own so the root manifest stays dependency-free.
let package = Package(
    name: "FilterableResultsGRDB",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "FilterableResultsGRDB", targets: ["FilterableResultsGRDB"]),
    ],
    dependencies: [
        // A path dependency's identity is otherwise its folder's name.
        .package(name: "FilterableResults", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "FilterableResultsGRDB",
            dependencies: [
                .product(name: "FilterableResults", package: "FilterableResults"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Repeated API pages merged into the database with upserts and
        // pruning, the source following: `swift run PlayerSync`.
        .executableTarget(
            name: "PlayerSync",
            dependencies: [
                "FilterableResultsGRDB",
                .product(name: "FilterableResults", package: "FilterableResults"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Examples/PlayerSync"
        ),
        // D1–D5, printed, never asserted: `swift run -c release grdb-benchmarks`.
        .executableTarget(
            name: "grdb-benchmarks",
            dependencies: [
                "FilterableResultsGRDB",
                .product(name: "FilterableResults", package: "FilterableResults"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/grdb-benchmarks"
        ),
        .testTarget(
            name: "FilterableResultsGRDBTests",
            dependencies: [
                "FilterableResultsGRDB",
                .product(name: "FilterableResults", package: "FilterableResults"),
                .product(name: "FilterableResultsTesting", package: "FilterableResults"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
