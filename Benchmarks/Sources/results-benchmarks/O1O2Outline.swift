import FilterableResults
import FilterableResultsTesting

/// An item of the benchmark outline: a folder or a file.
struct OutlineItem: Equatable, Sendable {
    var id: Int
    var parent: Int?
    var name: String
}

struct OutlineResult {
    /// O1: expanding (and collapsing) a top-level folder with its
    /// descendants (`largeCount` rows), and a subfolder (`smallCount` rows),
    /// against inserting (and removing) as many rows in a flat controller.
    var expandLarge = Double.infinity, insertLarge = Double.infinity
    var collapseLarge = Double.infinity, removeLarge = Double.infinity
    var expandSmall = Double.infinity, insertSmall = Double.infinity
    var largeCount = 0, smallCount = 0
    /// O2: a keystroke over the outline and over a flat controller of the same rows.
    var outlineKeystroke = Double.infinity, flatKeystroke = Double.infinity
    var shownAfterKeystroke = 0
    var items = 0
    var repetitions = 0
}

/// O1 and O2: an outline of `folders` top-level folders, each with ten
/// subfolders of `files` files (100 × 10 × 99 plus the folders: 100,100
/// items), every name a random 8-letter word. Each side has an observer
/// that reads the position of every change, as a view does.
func runOutline(folders: Int, files: Int, repetitions: Repetitions) -> OutlineResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 25)
    var items: [OutlineItem] = []
    var nextID = 0
    func item(under parent: Int?) -> Int {
        items.append(OutlineItem(id: nextID, parent: parent, name: makeRow(id: 0, using: &rng).name))
        nextID += 1
        return nextID - 1
    }
    var roots: [Int] = []
    var firstSubfolder: [Int] = []
    for _ in 0..<folders {
        let root = item(under: nil)
        roots.append(root)
        for sub in 0..<10 {
            let folder = item(under: root)
            if sub == 0 { firstSubfolder.append(folder) }
            for _ in 0..<files { _ = item(under: folder) }
        }
    }
    var result = OutlineResult()
    result.items = items.count
    result.largeCount = 10 + 10 * files
    result.smallCount = files

    let outline = ResultsOutline<OutlineItem, Int>(key: \.id, parentKey: \.parent)
    try! outline.setData(items)
    var outlineEvents = 0
    let outlineObservation = outline.observe { update in
        for change in update.changeset.elementChanges { blackHole(change.indexPath ?? change.newIndexPath); outlineEvents += 1 }
    }
    // The flat side shows what the outline shows when every folder is
    // expanded: the rows a keystroke walks, the rows an expansion inserts.
    let flat = ResultsController(store: ResultsStore<OutlineItem, Int>(key: \.id))
    var flatEvents = 0
    let flatObservation = flat.observe { update in
        for change in update.changeset.elementChanges { blackHole(change.indexPath ?? change.newIndexPath); flatEvents += 1 }
    }
    let largeRoot = roots[folders / 2]
    // The rows of the large root's subtree, and where they go in a flat table of the collapsed roots.
    let largeRows = items.filter { $0.id != largeRoot && ($0.parent == largeRoot || items[$0.parent ?? 0].parent == largeRoot) }
    try! flat.setData(roots.map { items[$0] })
    let largePosition = roots.firstIndex(of: largeRoot)! + 1

    result.repetitions = repetitions.run { _ in
        // O1, large: a top-level folder and everything below it.
        result.expandLarge = min(result.expandLarge, time(.ours, "O1 expand large") { try! outline.expand(largeRoot, includingDescendants: true) })
        result.insertLarge = min(result.insertLarge, time(.baseline, "O1 insert large") {
            try! flat.performBatchUpdates { () throws(ResultsError) in
                for (offset, row) in largeRows.enumerated() { try flat.insert(row, at: ResultsIndexPath(row: largePosition + offset, section: 0)) }
            }
        })
        // O1, small: a subfolder of the expanded folder collapses and expands.
        let sub = firstSubfolder[folders / 2]
        try! outline.collapse(sub)
        result.expandSmall = min(result.expandSmall, time(.ours, "O1 expand small") { try! outline.expand(sub) })
        let smallRows = items.filter { $0.parent == sub }
        try! flat.remove(keys: smallRows.map(\.id))
        let subPosition = flat.indexPath(forKey: sub)!.row + 1
        result.insertSmall = min(result.insertSmall, time(.baseline, "O1 insert small") {
            try! flat.performBatchUpdates { () throws(ResultsError) in
                for (offset, row) in smallRows.enumerated() { try flat.insert(row, at: ResultsIndexPath(row: subPosition + offset, section: 0)) }
            }
        })
        result.collapseLarge = min(result.collapseLarge, time(.ours, "O1 collapse large") { try! outline.collapse(largeRoot) })
        result.removeLarge = min(result.removeLarge, time(.baseline, "O1 remove large") { _ = try! flat.remove(keys: largeRows.map(\.id)) })
    }

    // O2: every folder expanded; a keystroke "ka" → "kat" over the names.
    try! outline.performBatchUpdates { () throws(ResultsError) in
        for root in roots { try outline.expand(root, includingDescendants: true) }
    }
    try! flat.setData(items)
    _ = repetitions.run { _ in
        try! outline.search(for: "ka", in: [.field(\.name)])
        try! flat.search(for: "ka", in: [.field(\.name)])
        result.outlineKeystroke = min(result.outlineKeystroke, time(.ours, "O2 outline") { try! outline.search(for: "kat", in: [.field(\.name)]) })
        result.flatKeystroke = min(result.flatKeystroke, time(.baseline, "O2 flat") { try! flat.search(for: "kat", in: [.field(\.name)]) })
        result.shownAfterKeystroke = outline.snapshot.count
    }
    blackHole((outlineEvents, flatEvents))
    outlineObservation.cancel()
    flatObservation.cancel()
    return result
}
