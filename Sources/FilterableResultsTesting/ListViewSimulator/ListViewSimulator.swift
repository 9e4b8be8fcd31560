import FilterableResults
import Foundation

/// A platform-free model of `UITableView` or `UICollectionView` as a data
/// source drives it, for testing data-source adapters on any platform.
///
/// The simulator is a ``/FilterableResults/ResultsListView``: it takes UIKit's batch-update
/// calls and checks each batch as UIKit does when the batch ends, raising
/// (recording) a ``ListViewException`` with UIKit's wording where UIKit
/// raises. It calls its ``ListViewDataSource`` as UIKit calls its data
/// source: for counts when it loads and when a batch ends (or starts, in
/// ``ListViewCountMode/readAtBatchStart``), and for cells, header titles
/// and index titles when it loads, for inserted and reloaded rows and
/// sections, for reconfigured rows, and for header and footer titles of
/// reconfigured sections.
///
///     let dataSource = MyDataSource()
///     let view = ListViewSimulator(dataSource: dataSource, flavor: .collectionView)
///     view.layoutIfNeeded()
///     view.performBatchUpdates({
///         dataSource.items = newItems           // change the data inside the batch
///         view.insertRows(at: [ResultsIndexPath(row: 3, section: 0)])
///     }, completion: nil)
///     #expect(view.exception == nil)
///     #expect(view.staleRows().isEmpty)
///
/// It keeps one cell per row, as a view keeps its visible cells: moved and
/// untouched rows keep the cell they had, so a row whose content changed
/// but was neither reloaded nor reconfigured shows its old content
/// (``staleRows(by:)``).
///
/// After an exception the simulator has crashed, as the app would have:
/// ``exception`` holds it and every later call is ignored.
/// ``performBatchUpdatesChecked(_:)`` throws it instead.
///
/// Unlike UIKit, which holds its data source weakly, the simulator keeps
/// its data source alive, so a test need not; a data source that keeps its
/// view should hold it weakly (``/FilterableResults/ResultsDataSource`` does).
@MainActor
public final class ListViewSimulator<Cell>: ResultsListView {
    /// The data source the simulator asks for counts, cells and titles;
    /// without one the view shows nothing, as UIKit's does. Setting it
    /// makes the view read it anew on its next use, as UIKit does.
    ///
    /// - Complexity: O(1).
    public var dataSource: (any ListViewDataSource<Cell>)? {
        didSet { isLoaded = false }
    }
    /// The view the simulator stands in for.
    ///
    /// - Complexity: O(1).
    public let flavor: ListViewFlavor
    /// When the simulator reads its data source's counts.
    ///
    /// - Complexity: O(1).
    public let countMode: ListViewCountMode
    /// Whether the view is in a window (on screen); set it to `false` to
    /// stand in for a view off screen, which data sources reload instead
    /// of animating.
    ///
    /// - Complexity: O(1).
    public var isInWindow = true
    /// How many times the view has reloaded all its data.
    ///
    /// - Complexity: O(1).
    public internal(set) var reloadCount = 0

    /// The cells the view shows, section by section: one per row.
    ///
    /// - Complexity: O(1) to read.
    public internal(set) var cells: [[Cell]] = [] {
        didSet { geometry = nil }
    }
    /// The section header titles the view shows, one per section.
    ///
    /// - Complexity: O(1) to read.
    public internal(set) var headerTitles: [String?] = [] {
        didSet { geometry = nil }
    }
    /// The section footer titles the view shows, one per section.
    ///
    /// - Complexity: O(1) to read.
    public internal(set) var footerTitles: [String?] = [] {
        didSet { geometry = nil }
    }
    /// The section index titles the view shows. UIKit reads them when it
    /// loads and on ``reloadSectionIndexTitles()``, not after batch updates.
    ///
    /// - Complexity: O(1) to read.
    public internal(set) var indexTitles: [String]?
    /// Whether the view has read its data source (on its first use or
    /// ``reloadData()``).
    ///
    /// - Complexity: O(1).
    public internal(set) var isLoaded = false
    /// The exception that crashed the view, if one did.
    ///
    /// - Complexity: O(1).
    public internal(set) var exception: ListViewException?
    /// How many batch updates the view has applied.
    ///
    /// - Complexity: O(1).
    public internal(set) var completedBatchCount = 0

    /// How deep in nested `performBatchUpdates` calls the view is.
    var batchDepth = 0
    /// The calls received in the open batch.
    var pendingBatch = SimulatedBatch()
    /// The completion handlers of the open batch (and the batches nested in it).
    var pendingCompletions: [(Bool) -> Void] = []
    /// The sections whose headers and footers are read again when the open
    /// batch ends, by their indexes after it.
    var pendingSectionReconfigures = IndexSet()

    /// What the user sees and how tall rows are, or `nil` for a view
    /// without geometry (the default): nothing is then on screen, no row is
    /// displayed, and a data source cannot anchor a row or page. Setting it
    /// lays the view out (loading it first if needed) and displays the
    /// rows on screen.
    ///
    /// - Complexity: O(*n*) to set, for *n* rows.
    public var viewport: Viewport? {
        didSet {
            geometry = nil
            if isLoaded { showVisibleRows() } else { layoutIfNeeded() }
        }
    }
    /// The top of what the user sees, in points from the top of the
    /// content: UIKit's `contentOffset.y` with no inset. A batch update
    /// leaves it where it is (as far as the content still reaches); the
    /// user moves it with ``userScrolls(toVisibleTop:)``, a data source
    /// with ``scroll(toVisibleTop:)``.
    ///
    /// - Complexity: O(1).
    public internal(set) var contentOffset: Double = 0
    /// How many batch updates the view has applied without animation
    /// (inside ``performWithoutAnimation(_:)``).
    ///
    /// - Complexity: O(1).
    public internal(set) var unanimatedBatchCount = 0

    /// One identity per cell, as ``cells`` holds them: a cell keeps it
    /// when its row moves or is reconfigured, and a new cell gets a new one.
    var cellIDs: [[Int]] = []
    /// The identity the next new cell gets.
    var nextCellID = 0
    /// The identities of the cells on screen, told to the data source.
    var displayedCellIDs: Set<Int> = []
    /// Whether animations are off (inside ``performWithoutAnimation(_:)``).
    var animationsDisabled = false
    /// The layout of the cells, headers and footers shown, kept until one
    /// of them (or the ``viewport``) changes; see ``layout``.
    var geometry: ListViewGeometry?
    /// Counts the changes to the cells shown, so that a display pass can
    /// tell that a data source changed the view from a will-display call.
    var layoutVersion = 0

    /// Creates a simulator that shows nothing until ``dataSource`` is set,
    /// as a view without a data source.
    ///
    /// - Parameters:
    ///   - flavor: The view to stand in for.
    ///   - countMode: When to read counts; see ``ListViewCountMode``.
    /// - Complexity: O(1).
    public init(flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached) {
        self.flavor = flavor
        self.countMode = countMode
    }

    /// Creates a simulator that shows `dataSource`'s table. It reads the data
    /// source on its first use (or on ``reloadData()``), as a view does when
    /// it first lays out.
    ///
    /// - Parameters:
    ///   - dataSource: The data source; the simulator keeps it alive.
    ///   - flavor: The view to stand in for.
    ///   - countMode: When to read counts; see ``ListViewCountMode``.
    /// - Complexity: O(1).
    public convenience init<Source: ListViewDataSource<Cell>>(
        dataSource: Source, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached
    ) {
        self.init(flavor: flavor, countMode: countMode)
        self.dataSource = dataSource
    }

    /// The data source, or an empty one when there is none.
    var dataSourceOrEmpty: any ListViewDataSource<Cell> { dataSource ?? NoDataSource() }

    var wording: ListViewWording { ListViewWording(flavor: flavor) }
}

// MARK: - What the view shows

extension ListViewSimulator {
    /// Whether an exception crashed the view.
    ///
    /// - Complexity: O(1).
    public var hasCrashed: Bool { exception != nil }

    /// Whether a batch update is open (inside `performBatchUpdates`).
    ///
    /// - Complexity: O(1).
    public var isPerformingBatchUpdates: Bool { batchDepth > 0 }

    /// The number of sections the view shows.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { cells.count }

    /// The number of rows (items) the view shows in `section`, or 0 for a
    /// section it does not have.
    ///
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        cells.indices.contains(section) ? cells[section].count : 0
    }

    /// The rows (items) per section the view shows.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections.
    public var rowCounts: [Int] { cells.map(\.count) }

    /// The cell the view shows at `indexPath`, or `nil` if it has no such row.
    ///
    /// - Complexity: O(1).
    public func cell(at indexPath: ResultsIndexPath) -> Cell? {
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        return cells[indexPath.section][indexPath.row]
    }
}

// MARK: - Crashing

extension ListViewSimulator {
    /// Records `exception` and ends the open batch: the app is dead.
    func crash(with exception: ListViewException) {
        if self.exception == nil { self.exception = exception }
        pendingBatch = SimulatedBatch()
        pendingCompletions = []
        pendingSectionReconfigures = []
    }
}
