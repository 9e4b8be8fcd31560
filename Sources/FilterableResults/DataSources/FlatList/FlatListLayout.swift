import Foundation

/// The rows of a list without sections (AppKit's `NSTableView`) that shows
/// a sectioned table: the sections one after another, each as a header row
/// when it has a title, then one row per element.
///
/// A section's header is a row of its own, so that a sectioned source reads
/// on a Mac as it does in a plain `UITableView` (the title above the rows),
/// and a source with one untitled section is the plain list it is. The
/// title is the data source's `titleForHeader(inSection:)`
/// (by default the section's name); return `nil` there to show no header.
///
/// The platform-free half of the AppKit table shell: it maps the list's
/// rows to ``ResultsIndexPath``s and back, and ``FlatListChanges`` orders a
/// batch's calls with it. O(*s*) memory for *s* sections.
struct FlatListLayout: Hashable, Sendable {
    /// What a row of the list shows.
    enum Row: Hashable, Sendable {
        /// The header of a section (a group row).
        case header(section: Int)
        /// An element of a section.
        case element(ResultsIndexPath)
    }

    /// Each section's first row (its header, or its first element), then the
    /// number of rows.
    private(set) var starts: [Int]
    /// Each section's title; a section with a title has a header row.
    private(set) var titles: [String?]

    /// No sections, no rows.
    ///
    /// - Complexity: O(1).
    init() {
        starts = [0]
        titles = []
    }

    /// The rows of sections of `elementCounts` elements and `titles`.
    ///
    /// - Precondition: as many counts as titles, none negative.
    /// - Complexity: O(*s*) for *s* sections.
    init(elementCounts: [Int], titles: [String?]) {
        precondition(elementCounts.count == titles.count, "FlatListLayout: \(elementCounts.count) counts for \(titles.count) titles")
        var starts = [0]
        starts.reserveCapacity(elementCounts.count + 1)
        for (count, title) in zip(elementCounts, titles) {
            precondition(count >= 0, "FlatListLayout: a section of \(count) elements")
            starts.append(starts[starts.count - 1] + (title == nil ? 0 : 1) + count)
        }
        self.starts = starts
        self.titles = titles
    }

    /// The rows of the table `dataSource` serves now, with its header titles.
    ///
    /// - Complexity: O(*s*) calls of the data source for *s* sections.
    @MainActor
    init(_ dataSource: some ListDataSource) {
        let sections = 0..<dataSource.numberOfSections()
        self.init(elementCounts: sections.map { dataSource.numberOfRows(inSection: $0) },
                  titles: sections.map { dataSource.titleForHeader(inSection: $0) })
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    var numberOfSections: Int { titles.count }

    /// The number of rows, headers included.
    ///
    /// - Complexity: O(1).
    var numberOfRows: Int { starts[starts.count - 1] }

    /// The title of a section, if it has a header row.
    ///
    /// - Complexity: O(1).
    func title(ofSection section: Int) -> String? { titles[section] }

    /// The rows of a section, its header included.
    ///
    /// - Complexity: O(1).
    func rows(ofSection section: Int) -> Range<Int> { starts[section]..<starts[section + 1] }

    /// The row of a section's header, or `nil` for a section without a title.
    ///
    /// - Complexity: O(1).
    func headerRow(ofSection section: Int) -> Int? { titles[section] == nil ? nil : starts[section] }

    /// The number of elements of a section.
    ///
    /// - Complexity: O(1).
    func numberOfElements(inSection section: Int) -> Int {
        starts[section + 1] - starts[section] - (titles[section] == nil ? 0 : 1)
    }

    /// Whether `indexPath` is an element of this table.
    ///
    /// - Complexity: O(1).
    func contains(_ indexPath: ResultsIndexPath) -> Bool {
        (0..<numberOfSections).contains(indexPath.section)
            && (0..<numberOfElements(inSection: indexPath.section)).contains(indexPath.row)
    }

    /// The row of an element.
    ///
    /// - Precondition: `indexPath` is an element of this table.
    /// - Complexity: O(1).
    func row(for indexPath: ResultsIndexPath) -> Int {
        precondition(contains(indexPath), "FlatListLayout: no element at \(indexPath)")
        return starts[indexPath.section] + (titles[indexPath.section] == nil ? 0 : 1) + indexPath.row
    }

    /// Where a row the user drops above `row` of the list goes, as the
    /// position of the table shown it takes: before the element shown
    /// there, or at the end of the section above a header row or below the
    /// last row (`row` is the number of rows there); `nil` above the first
    /// section's header or outside the list.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    func dropPosition(aboveRow row: Int) -> ResultsIndexPath? {
        guard row >= 0, row <= numberOfRows, numberOfSections > 0 else { return nil }
        let section: Int
        switch content(ofRow: row) {
        case let .element(indexPath)?: return indexPath
        case let .header(below)?: section = below - 1
        case nil: section = numberOfSections - 1
        }
        guard section >= 0 else { return nil }
        return ResultsIndexPath(row: numberOfElements(inSection: section), section: section)
    }

    /// What a row shows, or `nil` for a row outside the list.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    func content(ofRow row: Int) -> Row? {
        guard row >= 0, row < numberOfRows else { return nil }
        // The section whose rows hold `row`: the last one starting at or before it.
        let section = (1..<starts.count).partitioningIndex { starts[$0] > row } - 1
        let offset = row - starts[section]
        if titles[section] == nil { return .element(ResultsIndexPath(row: offset, section: section)) }
        return offset == 0 ? .header(section: section) : .element(ResultsIndexPath(row: offset - 1, section: section))
    }
}
