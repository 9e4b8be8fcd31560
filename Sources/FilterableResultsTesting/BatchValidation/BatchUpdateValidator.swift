import FilterableResults

/// Checks a changeset against UIKit's batch-update rules: it replays the
/// events on the old table the way `UITableView` and `UICollectionView`
/// do, and reports everything that would raise "Invalid update", corrupt
/// the view, or break the package's contract (identity, minimal moves).
///
/// The rules are those of "What a batch of events must satisfy" in
/// SCENARIOS.md; each ``BatchUpdateViolation`` carries its rule's number.
///
///     let violations = BatchUpdateValidator.violations(
///         of: changeset, from: oldSections, to: newSections, key: \.id)
///     #expect(violations.isEmpty, "\(violations)")
///
/// Section identity is the name for named sections (compared by Unicode
/// scalars, as the store compares them) and the index for unnamed ones.
/// An unnamed section's index is its raw index, which a visible table
/// shows only when no section is hidden: pass the store's
/// `hidesEmptySections`, and unnamed sections are then not matched by
/// position. Row identity is `key`; the keys in each table must be unique
/// (a repeated key is reported as rule 0).
public enum BatchUpdateValidator {}

extension BatchUpdateValidator {
    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes the visible table `old` to `new`; empty when it is valid.
    ///
    /// - Parameters:
    ///   - changeset: The events of one batch.
    ///   - old: The visible table before the batch.
    ///   - new: The visible table after the batch.
    ///   - key: A row's identity.
    ///   - isSameContent: Whether two elements with one key look the same
    ///     (a row whose content changed must be reported as changed).
    ///   - hidesEmptySections: Whether the tables come from a store that
    ///     hides empty sections, so that an unnamed section's position in
    ///     them need not be its identity.
    /// - Returns: The violations, ordered by rule.
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    public static func violations<Element, Key: Hashable>(
        of changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        isSameContent: (Element, Element) -> Bool,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] {
        var validation = BatchValidation(changeset: changeset, old: old, new: new, key: key, hidesEmptySections: hidesEmptySections)
        validation.run(isSameContent: isSameContent)
        return validation.sortedViolations
    }

    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes `old` to `new`, comparing content with `==`.
    ///
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    public static func violations<Element: Equatable, Key: Hashable>(
        of changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] {
        violations(of: changeset, from: old, to: new, key: key, isSameContent: ==, hidesEmptySections: hidesEmptySections)
    }

    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes the table `old` to the table `new` (two snapshots, as
    /// updates carry them), comparing content with `==`. The snapshots'
    /// section values are compared too: a section whose value changed must
    /// have a section update, and only those.
    ///
    ///     BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot, key: \.id)
    ///
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    public static func violations<Snapshot: ResultsTableSnapshot, Key: Hashable>(
        of changeset: ResultsChangeset<Snapshot.Element, Key>,
        from old: Snapshot,
        to new: Snapshot,
        key: (Snapshot.Element) -> Key,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] where Snapshot.Element: Equatable {
        var tables: [[ResultsSection<Snapshot.Element>]] = [[], []]
        for (index, snapshot) in [old, new].enumerated() {
            for section in snapshot.sections { tables[index].append(ResultsSection(section)) }
        }
        var validation = BatchValidation(changeset: changeset, old: tables[0], new: tables[1], key: key, hidesEmptySections: hidesEmptySections)
        validation.sectionValues = (
            (0..<old.numberOfSections).map(old.value(ofSection:)), (0..<new.numberOfSections).map(new.value(ofSection:)))
        validation.run(isSameContent: ==)
        return validation.sortedViolations
    }
}

extension BatchUpdateValidator {
    /// Throws every violation of the batch-update rules that `changeset`
    /// has when it takes `old` to `new`; returns when it is valid.
    ///
    ///     try BatchUpdateValidator.validate(changeset, from: old, to: new, key: \.id) { $0 == $1 }
    ///
    /// - Throws: ``BatchUpdateValidationError`` listing the violations.
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    public static func validate<Element, Key: Hashable>(
        _ changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        isSameContent: (Element, Element) -> Bool,
        hidesEmptySections: Bool = false
    ) throws(BatchUpdateValidationError) {
        let found = violations(of: changeset, from: old, to: new, key: key, isSameContent: isSameContent, hidesEmptySections: hidesEmptySections)
        if !found.isEmpty { throw BatchUpdateValidationError(violations: found) }
    }

    /// Throws every violation of the batch-update rules that `changeset`
    /// has when it takes `old` to `new`, comparing content with `==`.
    ///
    /// - Throws: ``BatchUpdateValidationError`` listing the violations.
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    public static func validate<Element: Equatable, Key: Hashable>(
        _ changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        hidesEmptySections: Bool = false
    ) throws(BatchUpdateValidationError) {
        try validate(changeset, from: old, to: new, key: key, isSameContent: ==, hidesEmptySections: hidesEmptySections)
    }
}
