import FilterableResults
import GRDB

/// What a ``DatabaseResults`` shows: the rows of one table (with the
/// columns of tables joined to it) or of a view, in an order, optionally
/// sectioned by a column, filtered by grouped SQL expressions.
///
///     let request = DatabaseResultsRequest(
///         table: "player",
///         orderedBy: [.descending("score"), .ascending("name")],
///         sectionedBy: "team",
///         filters: [.init(title: "active", sql: "active = 1")])
///
/// Sections may have an identity of their own, a column's value, and a
/// title from another column (``sectionTitleColumn``), so that a renamed
/// section keeps its rows and cells:
///
///     let posts = DatabaseResultsRequest(
///         table: "post",
///         joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
///         orderedBy: [.descending("date")],
///         sectionedBy: "authorId", sectionTitle: "authorName")
///
/// Rows are identified by their key: the table's primary key (of one
/// column, of any type: an integer, text, a UUID…), or the key column the
/// request names (a column with a `UNIQUE` index of its own), or for a
/// table with no primary key, its rowid; a view has no key of its own:
/// name the column whose values are unique. Ties in the order are broken by
/// the key, ascending. Text is ordered as SQLite's `BINARY` collation
/// orders it (Unicode scalar order); a column's declared collation is not
/// applied.
public struct DatabaseResultsRequest: Sendable {
    /// The observed table (a rowid table: not `WITHOUT ROWID`), or a view.
    public var table: String
    /// The tables joined to `table`, each through a column of `table`
    /// (none for a view).
    public var joins: [Join]
    /// The column whose values are the rows' keys, or `nil` for the
    /// table's primary key (its rowid when it has none). A named column
    /// must be the primary key, a `UNIQUE` column, or `rowid`; for a view,
    /// a column whose values are unique (required).
    public var keyColumn: String?
    /// The order of rows inside a section; ties broken by key.
    public var ordering: [Ordering]
    /// The column whose value names each row's section (or, with a
    /// ``sectionTitleColumn``, identifies it), or `nil` for one section.
    public var sectionColumn: String?
    /// The column whose value titles each row's section, or `nil` for
    /// sections named by their ``sectionColumn`` values.
    ///
    /// With a title column, the section column's value is the section's
    /// identity, compared as `DatabaseValue`s compare (`1` and `1.0` are
    /// one id, and so is text differing only in Unicode normalisation).
    /// Sections are in the order of their ids, ascending (``sectionOrder``
    /// is not used): `NULL` first, then numbers by value, text by its
    /// Unicode scalars (SQLite's `BINARY` order for text in NFC, the usual
    /// case), blobs by bytes. Two ids are two sections even when their
    /// titles are equal, and a section whose
    /// title changes (an author renamed, through a join) keeps its rows
    /// and cells: its header is refreshed in the update of the commit.
    /// The rows of a section are expected to agree on its title (a
    /// column of the joined table the section column refers to); when
    /// they do not, the section shows one of their titles.
    public var sectionTitleColumn: String?
    /// The order of section names: the core's ``ResultsSectioning/Order``
    /// functions (Unicode scalar order by default). Not used with a
    /// ``sectionTitleColumn``.
    public var sectionOrder: @Sendable (String, String) -> Bool
    /// The filters applied: one per group, all must match.
    public var filters: [Filter]
    /// Which of its source's request changes this is (0: the first
    /// request), so that a keystroke narrowing from one request is not
    /// applied to the rows of another.
    var serial = 0
    /// Which of its source's request changes last set the order and
    /// sections (0: the first request): a request made from it shows its
    /// rows organized anew when it differs from the request shown.
    var organization = 0

    /// Creates a request.
    ///
    /// - Complexity: O(*f*) for *f* filters (one kept per group).
    public init(
        table: String, keyedBy keyColumn: String? = nil, joining joins: [Join] = [], orderedBy ordering: [Ordering] = [], sectionedBy sectionColumn: String? = nil,
        sectionTitle sectionTitleColumn: String? = nil,
        sectionOrder: @escaping @Sendable (String, String) -> Bool = ResultsSectioning<Int64>.unicodeScalarOrder,
        filters: [Filter] = []
    ) {
        self.table = table
        self.keyColumn = keyColumn
        self.joins = joins
        self.ordering = ordering
        self.sectionColumn = sectionColumn
        self.sectionTitleColumn = sectionTitleColumn
        self.sectionOrder = sectionOrder
        self.filters = []
        for filter in filters { addFilter(filter) }
    }

    /// Applies `filter`, replacing the filter of its group (or, without a
    /// group, the one with its title and no group).
    ///
    /// - Complexity: O(*f*) for *f* filters.
    public mutating func addFilter(_ filter: Filter) {
        if let index = filters.firstIndex(where: { $0.slot == filter.slot }) {
            filters[index] = filter
        } else {
            filters.append(filter)
        }
    }

    /// Removes the filter with `title` in `group` (any title when `group` is
    /// not `nil`: a group holds one filter); returns whether one was removed.
    ///
    /// - Complexity: O(*f*) for *f* filters.
    @discardableResult
    public mutating func removeFilter(title: String, group: String?) -> Bool {
        let count = filters.count
        filters.removeAll { $0.group == group && (group != nil || $0.title == title) }
        return filters.count != count
    }
}
