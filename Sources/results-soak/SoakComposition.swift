import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// A composition of random parts (controllers driven by random operations,
/// static sections), with placeholders, shown in a simulated collection
/// view that reads its counts when a batch starts. Steps edit the parts,
/// the composition's filter, its collapsed sections and its parts
/// themselves (inserted, removed, moved at run time), and the user swipes
/// and drags rows of the composed view. After every step: no exception,
/// the view shows the composed table, every batch was valid, and the
/// composed table is what the parts show, joined (a naive model).
@MainActor
final class SoakComposition {
    /// The seed the parts and steps are drawn from.
    let seed: UInt64
    /// The random numbers of the steps.
    var random: SeededRandomNumberGenerator
    /// The parts in the composition's order, with their identities.
    var parts: [(id: Int, part: SoakPart)] = []
    /// The composition under test.
    var composition: ResultsComposition<SoakRow>!
    /// The view that shows it.
    let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
    /// The data source between the composition and the view.
    var dataSource: ResultsDataSource<ResultsComposition<SoakRow>, String>!
    /// The composed table as last reported, for the validator.
    var shown: ResultsComposition<SoakRow>.Snapshot!
    /// The composition's updates, each validated.
    var observation: ResultsObservation?
    /// What went wrong since the last step's check.
    var problems: [String] = []
    /// The label the next part takes.
    var nextLabel = 0
    /// Whether the composition's filter (entries whose value is not 3) is set.
    var filtered = false
    /// The steps run and the batches reported.
    var steps = 0, batches = 0

    /// The composition's own placeholder, shown while no part has a row.
    static let placeholder = ResultsComposition<SoakRow>.Placeholder(title: "nothing", rows: [.placeholder("all")])

    /// Makes one to three random parts, their composition and its view.
    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandomNumberGenerator(seed: seed)
        let made = (0..<Int.random(in: 1...3, using: &random)).map { _ in makePart() }
        composition = ResultsComposition(made.map(\.part), placeholder: Self.placeholder)
        parts = made.enumerated().map { (id: $0.offset, part: $0.element) }
        shown = composition.reportedSnapshot
        dataSource = ResultsDataSource(source: composition, view: view) { _, row in row.description }
        dataSource.canDeleteRow = { _, _ in true }
        dataSource.canMoveRow = { _, _ in true }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        observation = composition.observe { [unowned self] update in
            batches += 1
            if !update.isReload { problems += validateComposedBatch(update, from: shown) }
            shown = update.snapshot
        }
    }

    /// A new part: a controller of a random soak configuration, or static sections.
    func makePart() -> SoakPart {
        let label = nextLabel
        nextLabel += 1
        if Bool.random(using: &random) {
            let configuration = RandomStoreConfiguration<SoakEntry>.soak.randomElement(using: &random)!
            return .controller(label: label, runner: RandomOperationRunner(
                configuration: configuration, vocabulary: SoakEntry.vocabulary(for: configuration), seed: seed &* 7_919 &+ UInt64(label)))
        }
        return .statics(label: label, sections: try! StaticSections { declaration(label) })
    }

    /// A random declaration of static sections: titles and row ids unique.
    func declaration(_ label: Int) -> [StaticSection<SoakRow>] {
        var titles: [String?] = (0..<3).map { "s\(label)-\($0)" } + [nil]
        titles.shuffle(using: &random)
        var ids = (0..<6).map { "\(label)r\($0)" }.shuffled(using: &random)
        return titles.prefix(Int.random(in: 0...3, using: &random)).map { title in
            let count = Int.random(in: 0...min(3, ids.count), using: &random)
            defer { ids.removeFirst(count) }
            return StaticSection(title, rows: ids.prefix(count).map { StaticRow(SoakRow.fixed($0), id: $0) })
        }
    }
}
