import FilterableResults

/// The keys of a table's rows, section by section: read from the rows
/// through the key function as they are needed, or given as lists (a
/// snapshot's keys, a composition's renamed ones).
///
/// Reading keys from the rows keeps no copy of them: for a million rows,
/// the validator holds no key lists beside the tables it was given.
@usableFromInline struct TableKeys<Row, Key: Hashable>: RandomAccessCollection {
    @usableFromInline enum Source {
        case rows([ResultsSection<Row>], key: (Row) -> Key)
        case lists([[Key]])
    }

    @usableFromInline let source: Source

    /// The keys of `sections`' rows, read through `key`.
    ///
    /// - Complexity: O(1).
    @inlinable init(rows sections: [ResultsSection<Row>], key: @escaping (Row) -> Key) {
        source = .rows(sections, key: key)
    }

    /// Keys given section by section.
    ///
    /// - Complexity: O(1).
    @inlinable init(lists: [[Key]]) {
        source = .lists(lists)
    }

    @inlinable var startIndex: Int { 0 }

    @inlinable var endIndex: Int {
        switch source {
        case let .rows(sections, _): sections.count
        case let .lists(lists): lists.count
        }
    }

    /// The keys of section `section`.
    ///
    /// - Complexity: O(1).
    @inlinable subscript(section: Int) -> Section {
        switch source {
        case let .rows(sections, key): Section(source: .rows(sections[section].elements, key: key))
        case let .lists(lists): Section(source: .list(lists[section]))
        }
    }

    /// The keys of one section's rows.
    @usableFromInline struct Section: RandomAccessCollection {
        @usableFromInline enum Source {
            case rows([Row], key: (Row) -> Key)
            case list([Key])
        }

        @usableFromInline let source: Source

        @inlinable init(source: Source) { self.source = source }

        @inlinable var startIndex: Int { 0 }

        @inlinable var endIndex: Int {
            switch source {
            case let .rows(rows, _): rows.count
            case let .list(keys): keys.count
            }
        }

        /// The key of row `row`.
        ///
        /// - Complexity: O(1), plus the key function's cost.
        @inlinable subscript(row: Int) -> Key {
            switch source {
            case let .rows(rows, key): key(rows[row])
            case let .list(keys): keys[row]
            }
        }
    }
}
