@testable import FilterableResults
import FilterableResultsTesting
import Testing

/// Random outline updates, each shown through ``OutlineViewAdapter`` as
/// `NSOutlineView` calls replayed on a plain tree, which must end equal to
/// the outline after every update.
@MainActor
@Suite("Outline views: random updates replayed on a plain tree")
struct OutlineViewRandomTests {
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func randomUpdatesEndEqualToTheOutline(sorted: Bool, sectioned: Bool) throws {
        var updates = 0
        var moves = 0
        var userActions = 0
        for seed in 1...12 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 104_729 &+ (sorted ? 1 : 0) &+ (sectioned ? 2 : 0))
            let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: sorted ? [.ascending(\.name)] : [],
                                  sectionedBy: sectioned ? OutlineReferenceModel.sectioning(seed: seed, clock: RandomOperationTests.TitleClock()) : nil)
            outline.takesChildren = OutlineReferenceModel.takesChildren
            let keySpace = seed > 6 ? 200 : 30   // the last seeds grow trees past a leaf of the store's index
            let names = OutlineRandomTests.names
            func item(_ id: Int, under parent: Int?) -> Item { Item(id, under: parent, names.randomElement(using: &random)!) }
            // A first tree: a forest of random depth.
            var first: [Item] = []
            for id in 0..<(keySpace / 2) {
                first.append(item(id, under: first.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? nil : first.randomElement(using: &random)!.id))
            }
            try outline.setData(first)
            let view = ReplayedOutlineView(outline)
            view.adapter.canMoveRow = { _ in true }
            view.adapter.canDeleteRow = { _ in true }
            let observation = outline.observe { _ in updates += 1 }
            defer { observation.cancel() }
            for step in 0..<150 {
                let keys = outline.snapshot.map(\.key) + (0..<keySpace).filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
                let hidden = Array(Set((0..<keySpace).filter { outline.element(forKey: $0) != nil }))
                func key() -> Int { (Bool.random(using: &random) ? keys.randomElement(using: &random) : hidden.randomElement(using: &random)) ?? 0 }
                func shownItem() -> ViewItem? { view.allShown.filter { $0.row != nil }.randomElement(using: &random) }
                var action = ""
                view.forgetCalls()
                do {
                    switch Int.random(in: 0..<100, using: &random) {
                    case 0..<12:
                        let target = key()
                        let all = Int.random(in: 0..<4, using: &random) == 0
                        action = "expand \(target) all: \(all)"
                        try? outline.expand(target, includingDescendants: all)
                    case 12..<20:
                        let target = key()
                        action = "collapse \(target)"
                        try? outline.collapse(target)
                    case 20..<34:
                        let moved = key()
                        let target = key()
                        let destination: Outline.Destination = [.onto(target), .before(target), .after(target)].randomElement(using: &random)!
                        action = "move \(moved) to \(destination)"
                        if (try? outline.move(moved, to: destination)) != nil { moves += 1 }
                    case 34..<46:
                        let new = item(Int.random(in: 0..<keySpace, using: &random), under: Int.random(in: 0..<4, using: &random) == 0 ? nil : key())
                        action = "add \(new) under \(String(describing: new.parent))"
                        try? outline.add(new)
                    case 46..<54:
                        let gone = key()
                        action = "remove \(gone)"
                        try outline.remove(key: gone)
                    case 54..<58:
                        let under: Int? = Bool.random(using: &random) ? nil : key()
                        var fetched: [Item] = []
                        for _ in 0..<Int.random(in: 0...6, using: &random) {
                            let id = Int.random(in: 0..<keySpace, using: &random)
                            let parent = fetched.isEmpty || Bool.random(using: &random) ? under : fetched.randomElement(using: &random)!.id
                            if !fetched.contains(where: { $0.id == id }) { fetched.append(item(id, under: parent)) }
                        }
                        action = "merge \(fetched.map { "\($0.id)<\(String(describing: $0.parent))" }) under \(String(describing: under))"
                        try? outline.merge(fetched, under: under)
                    case 58..<64:
                        let text = Bool.random(using: &random) ? "" : ["a", "e", "l", "m", "z", "ta"].randomElement(using: &random)!
                        action = "search \(text)"
                        try outline.search(for: text, in: [.field(\.name)])
                    case 64..<72:
                        // Several edits in one batch: one update.
                        action = "batch"
                        try outline.performBatchUpdates { () throws(ResultsError) in
                            for _ in 0..<Int.random(in: 1...5, using: &random) {
                                switch Int.random(in: 0..<5, using: &random) {
                                case 0: try? outline.expand(key())
                                case 1: try? outline.collapse(key())
                                case 2: try? outline.move(key(), to: [.onto(key()), .before(key()), .after(key())].randomElement(using: &random)!)
                                case 3: try? outline.add(item(Int.random(in: 0..<keySpace, using: &random), under: key()))
                                default: try outline.remove(key: key())
                                }
                            }
                        }
                    case 72..<82:
                        guard let target = shownItem() else { continue }
                        action = "user toggles \(target)"
                        if view.isExpanded(target) { view.userCollapses(target) } else { view.userExpands(target) }
                        userActions += 1
                    case 82..<94:
                        guard let dragged = shownItem() else { continue }
                        let parent: ViewItem? = Bool.random(using: &random) ? nil : view.allShown.randomElement(using: &random)
                        let count = view.children[parent.flatMap { $0.node == .root ? nil : ObjectIdentifier($0) }]?.count ?? 0
                        let childIndex = Int.random(in: -1...count, using: &random)
                        action = "user drops \(dragged) on \(parent?.description ?? "root") at \(childIndex)"
                        if view.userDrops(dragged, onto: parent, childIndex: childIndex) { moves += 1 }
                        userActions += 1
                    case 94..<97:
                        guard let deleted = shownItem() else { continue }
                        action = "user deletes \(deleted)"
                        view.adapter.delete([deleted])
                        userActions += 1
                    default:
                        var items: [Item] = []
                        for id in 0..<Int.random(in: 0..<keySpace, using: &random) {
                            items.append(item(id, under: items.isEmpty || Bool.random(using: &random) ? nil : items.randomElement(using: &random)!.id))
                        }
                        action = "setData of \(items.count)"
                        try outline.setData(items)
                    }
                }
                let problems = view.problems()
                #expect(problems.isEmpty, "seed \(seed) step \(step): \(action): \(problems)")
                if !problems.isEmpty { return }
            }
            #expect(view.reloads == 0, "seed \(seed): the view was reloaded")
        }
        // Four cases of at least 400: over 1,600 outline updates replayed in all.
        #expect(updates >= 400, "\(updates) updates")
        #expect(moves >= 100 && userActions >= 100, "\(moves) moves, \(userActions) user actions")
    }

    /// A chain of 20,000 items shown expanded leaves the view with its
    /// root: its objects were freed recursively through their children
    /// and overflowed the stack (found by a hunt for defects). In a child
    /// process, which a crash would end, not the test run.
    @Test func aDeepSubtreeLeavesTheView() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let depth = 20_000
                let outline = Outline(key: \.id, parentKey: \.parent)
                try! outline.setData((0..<depth).map { Item($0, under: $0 == 0 ? nil : $0 - 1) })
                try! outline.expand(0, includingDescendants: true)
                let adapter = OutlineViewAdapter(outline)
                adapter.perform = { _ in }
                adapter.reload()
                try! outline.remove(key: 0)
                precondition(adapter.numberOfChildren(of: nil) == 0)
            }
        }
    }
}
