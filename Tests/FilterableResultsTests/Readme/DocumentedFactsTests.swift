import FilterableResultsScenarios
import Foundation
import Testing

/// What the documentation says of the code, checked against the code: the
/// figures it gives and the modules it sends users to.
@Suite("Facts the documentation states")
struct DocumentedFactsTests {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Readme
        .deletingLastPathComponent()   // FilterableResultsTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// The package's own text files under `folders` whose names end with
    /// one of `suffixes`, and the files `named`, by path from the root.
    static func files(in folders: [String], endingWith suffixes: [String], named: [String] = []) throws -> [(path: String, text: String)] {
        var paths = named
        for folder in folders {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walk {
                // Build folders (the integration's, the benchmarks') are not the package's text.
                if path.split(separator: "/").last?.hasPrefix(".") == true {
                    walk.skipDescendants()
                } else if suffixes.contains(where: path.hasSuffix) {
                    paths.append("\(folder)/\(path)")
                }
            }
        }
        return try paths.map { ($0, try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Every text that says how many store configurations the soak runs.
    @Test func everyCountOfTheSoakConfigurationsIsTheirNumber() throws {
        let count = RandomStoreConfiguration<SoakEntry>.soak.count
        let texts = try Self.files(
            in: ["Sources", "Examples", "Fuzz", "Benchmarks", "Integrations"], endingWith: [".md", ".swift"],
            named: ["README.md", "CHANGELOG.md", ".ci/run"])
        var mentions = 0
        for (path, text) in texts {
            for match in text.matches(of: /(\d+)\s+store\s+configurations/) {
                mentions += 1
                #expect(Int(match.1) == count, "\(path) says \(match.1) store configurations; results-soak runs \(count)")
            }
        }
        #expect(mentions >= 4, "README, the testing article, Fuzz/README.md and .ci/run give the number")
    }

    /// The documents an app's developer reads (README, the examples'
    /// READMEs, the libraries' articles) send them only to what they can
    /// import: no type of a target that is not a product (the scenario
    /// runner's), and no module that is not a library product.
    @Test func theDocumentsAppsReadNameOnlyWhatAppsCanImport() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The products every user sees (the tools' own, added under FILTERABLE_RESULTS_TOOLS, are not).
        let declared = try #require(manifest.firstMatch(of: /products: \[(?s:.*?)\n    \],/)).output
        let products = Set(declared.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) })
        #expect(products == ["FilterableResults", "FilterableResultsPredicates", "FilterableResultsTesting"])
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Sources").path)
        let internalTargets = targets.filter { !products.contains($0) && !$0.contains("-") }
        #expect(internalTargets == ["FilterableResultsScenarios"])
        var internalTypes: [String: String] = [:]
        for target in internalTargets {
            for (_, text) in try Self.files(in: ["Sources/\(target)"], endingWith: [".swift"]) {
                for match in text.matches(of: /public\s+(?:final\s+)?(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)/) {
                    internalTypes[String(match.1)] = target
                }
            }
        }
        #expect(internalTypes["ScenarioRunner"] == "FilterableResultsScenarios")
        let documents = try Self.files(
            in: ["Examples", "Sources/FilterableResults/FilterableResults.docc", "Sources/FilterableResultsTesting/FilterableResultsTesting.docc"],
            endingWith: [".md"], named: ["README.md"])
        #expect(documents.contains { $0.path == "Examples/Scenarios/README.md" })
        for (path, text) in documents {
            for match in text.matches(of: /`+(\w+)`+/) {
                let name = String(match.1)
                if let target = internalTypes[name] {
                    Issue.record("\(path) names `\(name)`, a type of \(target), which is not a product: an app cannot import it")
                }
                if name.hasPrefix("FilterableResults"), targets.contains(name), !products.contains(name) {
                    Issue.record("\(path) names the module `\(name)`, which is not a library product")
                }
            }
        }
    }
}
