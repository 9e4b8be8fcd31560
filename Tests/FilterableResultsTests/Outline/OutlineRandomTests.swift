import FilterableResults
import FilterableResultsTesting
import Testing

@MainActor
@Suite("Outlines: random operations against a reference model")
struct OutlineRandomTests {
    static let names = ["alpha", "beta", "delta", "echo", "gamma", "kilo", "lima", "mike", "nova", "oscar", "sierra", "zulu"]

    /// The kind of a refusal the outline threw.
    static func refusal(_ error: ResultsError) -> OutlineReferenceModel.Refusal? {
        switch error {
        case .duplicateKey: .duplicateKey
        case .cycle: .cycle
        case .unknownParent: .unknownParent
        case .notExpandable: .notExpandable
        case .takesNoChildren: .takesNoChildren
        case .invalidArgument: .invalidArgument
        default: nil
        }
    }

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func randomOperationsKeepTheTableTheModels(sorted: Bool, sectioned: Bool) throws {
        for seed in 1...12 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ (sorted ? 1 : 0) &+ (sectioned ? 2 : 0))
            let sortKeys: [ResultsSortKey<Item>] = sorted ? [.ascending(\.name)] : []
            let clock = RandomOperationTests.TitleClock()
            let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: sortKeys,
                                  sectionedBy: sectioned ? OutlineReferenceModel.sectioning(seed: seed, clock: clock) : nil)
            outline.takesChildren = OutlineReferenceModel.takesChildren
            var model = OutlineReferenceModel(sorted: sorted, sectioned: sectioned)
            let screen = OutlineScreen(outline, flavor: seed % 2 == 0 ? .tableView : .collectionView)
            // The last seeds grow trees longer than a leaf of the store's index (64 rows).
            let keySpace = seed > 9 ? 400 : 24
            for step in 0..<120 {
                let keys = Array(model.items.keys)
                func key() -> Int { Bool.random(using: &random) && !keys.isEmpty ? keys.randomElement(using: &random)! : Int.random(in: 0..<keySpace, using: &random) }
                func parent() -> Int? { Int.random(in: 0..<4, using: &random) == 0 ? nil : key() }
                func item(_ id: Int, under parent: Int?) -> Item { Item(id, under: parent, Self.names.randomElement(using: &random)!) }
                func forest(_ count: Int) -> [Item] {
                    var made: [Item] = []
                    for _ in 0..<count {
                        let id = Int.random(in: 0..<keySpace, using: &random)
                        let under = made.isEmpty || Bool.random(using: &random) ? nil : made.randomElement(using: &random)!.id
                        made.append(item(id, under: Int.random(in: 0..<12, using: &random) == 0 ? key() : under))
                    }
                    return made
                }
                let before = screen.rows
                let (action, expected, body): (String, OutlineReferenceModel.Refusal?, () throws(ResultsError) -> Void)
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<5:
                    let items = forest(Int.random(in: 0..<(keySpace > 24 ? 300 : 14), using: &random))
                    (action, expected, body) = ("setData \(items)", model.setData(items), { () throws(ResultsError) in try outline.setData(items) })
                case 5..<25:
                    let new = item(key(), under: parent())
                    (action, expected, body) = ("add \(new) under \(String(describing: new.parent))", model.add(new), { () throws(ResultsError) in try outline.add(new) })
                case 25..<33:
                    let gone = key()
                    model.remove(gone)
                    (action, expected, body) = ("remove \(gone)", nil, { () throws(ResultsError) in try outline.remove(key: gone) })
                case 33..<48:
                    let new = item(key(), under: parent())
                    (action, expected, body) = ("replace \(new) under \(String(describing: new.parent))", model.replace(new), { () throws(ResultsError) in try outline.replace(new) })
                case 48..<58:
                    let under = parent()
                    var fetched = forest(Int.random(in: 0..<(keySpace > 24 ? 80 : 6), using: &random)).map { Item($0.id, under: $0.parent ?? under, $0.name) }
                    if Int.random(in: 0..<3, using: &random) > 0 { fetched = fetched.map { Item($0.id, under: under, $0.name) } }
                    (action, expected, body) = ("merge \(fetched.map { "\($0.id)<\(String(describing: $0.parent))" }) under \(String(describing: under))",
                                                model.merge(fetched, under: under), { () throws(ResultsError) in try outline.merge(fetched, under: under) })
                case 58..<75:
                    let target = key()
                    let all = Int.random(in: 0..<4, using: &random) == 0
                    (action, expected, body) = ("expand \(target) all: \(all)", model.expand(target, all: all), { () throws(ResultsError) in try outline.expand(target, includingDescendants: all) })
                case 75..<80:
                    let target = key()
                    (action, expected, body) = ("collapse \(target)", model.collapse(target), { () throws(ResultsError) in try outline.collapse(target) })
                case 80..<86:
                    let moved = key()
                    let target = key()
                    let destination: Outline.Destination = [.onto(target), .before(target), .after(target)].randomElement(using: &random)!
                    (action, expected, body) = ("move \(moved) to \(destination)", model.move(moved, to: destination), { () throws(ResultsError) in try outline.move(moved, to: destination) })
                case 86..<90:
                    // A table's drag: dropped between two rows, the row takes their parent.
                    let shown = outline.reportedSnapshot
                    let paths = (0..<shown.numberOfSections).flatMap { s in (0..<shown.numberOfElements(inSection: s)!).map { ResultsIndexPath(row: $0, section: s) } }
                    guard let source = paths.randomElement(using: &random) else { continue }
                    let section = Int.random(in: 0..<shown.numberOfSections, using: &random)
                    var rows = shown.sections[section].map(\.key)
                    if section == source.section { rows.remove(at: source.row) }
                    let destination = ResultsIndexPath(row: Int.random(in: 0...rows.count, using: &random), section: section)
                    let key = shown.key(at: source)!
                    let expectation: OutlineReferenceModel.Refusal?
                    if let drop = OutlineReferenceModel.destination(droppingAt: destination.row, among: rows) {
                        expectation = model.move(key, to: drop)
                    } else {
                        expectation = nil   // alone in its section
                    }
                    (action, expected, body) = ("drag \(key) from \(source) to \(destination)", expectation, { () throws(ResultsError) in
                        try outline.moveRow(from: source, to: destination, in: shown)
                    })
                case 90..<93 where sectioned:
                    // Midnight: the titles (shared by both sections in a sectioning by id) change.
                    clock.advance()
                    (action, expected, body) = ("refresh titles", nil, { () throws(ResultsError) in try outline.refreshSectionTitles() })
                default:
                    let text = Bool.random(using: &random) ? "" : ["a", "e", "l", "m", "z", "ta"].randomElement(using: &random)!
                    model.search = text
                    (action, expected, body) = ("search \(text)", nil, { () throws(ResultsError) in try outline.search(for: text, in: [ResultsFilter<Item>.SearchField.field(\.name)]) })
                }
                let context = "seed \(seed) step \(step): \(action)"
                do {
                    if Int.random(in: 0..<5, using: &random) == 0 {
                        try outline.performBatchUpdates { () throws(ResultsError) in try body() }
                    } else {
                        try body()
                    }
                    #expect(expected == nil, "\(context): expected \(String(describing: expected))")
                } catch {
                    #expect(expected != nil && Self.refusal(error) == expected, "\(context): threw \(error), expected \(String(describing: expected))")
                    #expect(screen.rows == before, "\(context): a refused operation changed the table")
                }
                #expect(screen.rows == model.table(), "\(context)")
                if screen.rows != model.table() { return }
            }
            #expect(screen.problems().isEmpty, "seed \(seed): \(screen.problems())")
        }
    }
}
