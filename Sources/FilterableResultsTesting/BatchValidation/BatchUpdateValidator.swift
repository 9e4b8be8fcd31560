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
///
/// Given snapshots, the validator identifies sections as the snapshots
/// do, and without `key`, rows by the snapshots' keys: a composition's
/// batches are checked with its sections' parts and placeholders told
/// apart (see ``violations(of:from:to:hidesEmptySections:)``).
///
///     let violations = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
public enum BatchUpdateValidator {}

extension BatchUpdateValidator {
    /// `==` as a store compares content with it: two elements with the
    /// same bytes are the same content without it (`==` is reflexive, so
    /// an element with a `Double.nan` field given again unchanged is no
    /// change).
    @inlinable static func isSameContent<Element: Equatable>(_ lhs: Element, _ rhs: Element) -> Bool {
        lhs == rhs || withUnsafePointer(to: lhs) { left in withUnsafePointer(to: rhs) { ContentComparator.isBitwiseIdentical(left, $0) } }
    }
}

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
    @inlinable public static func violations<Element, Key: Hashable>(
        of changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        isSameContent: (Element, Element) -> Bool,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] {
        // The run reads keys from the rows as it needs them, keeping none.
        withoutActuallyEscaping(key) { key in
            var validation = BatchValidation(changeset: changeset, old: old, new: new, key: key, hidesEmptySections: hidesEmptySections)
            validation.run(isSameContent: isSameContent)
            return validation.sortedViolations
        }
    }

    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes `old` to `new`, comparing content with `==` as a store does
    /// (the same bytes are the same content).
    ///
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    @inlinable public static func violations<Element: Equatable, Key: Hashable>(
        of changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] {
        violations(of: changeset, from: old, to: new, key: key, isSameContent: { Self.isSameContent($0, $1) }, hidesEmptySections: hidesEmptySections)
    }

    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes the table `old` to the table `new` (two snapshots, as
    /// updates carry them), rows identified by `key`, content compared with
    /// `==`. The snapshots' section values are compared too: a section whose
    /// value changed must have a section update, and only those.
    ///
    ///     let violations = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot, key: \.id)
    ///
    /// Sections are identified as the snapshots identify them (see
    /// ``violations(of:from:to:hidesEmptySections:)``), a composition's by
    /// part.
    ///
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    @inlinable public static func violations<Snapshot: ResultsTableSnapshot, Key: Hashable>(
        of changeset: ResultsChangeset<Snapshot.Element, Key>,
        from old: Snapshot,
        to new: Snapshot,
        key: (Snapshot.Element) -> Key,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] where Snapshot.Element: Equatable {
        var validation = BatchValidation(
            changeset: changeset, old: old, new: new,
            oldKeys: old.sections.map { $0.map(key) }, newKeys: new.sections.map { $0.map(key) },
            hidesEmptySections: hidesEmptySections)
        validation.run(isSameContent: { Self.isSameContent($0, $1) })
        return validation.sortedViolations
    }

    /// Every violation of the batch-update rules that `changeset` has when
    /// it takes the table `old` to the table `new` (two snapshots, as
    /// updates carry them), rows identified by the snapshots' own keys,
    /// content compared with `==`: the call for any table the package
    /// reports, a composition's included.
    ///
    ///     let violations = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
    ///     #expect(violations.isEmpty, "\(violations)")
    ///
    /// A section is identified as
    /// ``/FilterableResults/ResultsSections/Section/id`` identifies it. In
    /// a controller's table, that is its name, or an unnamed
    /// section's index (pass `hidesEmptySections` when the store hides empty
    /// sections, as the indexes shown are then not raw indexes). In a
    /// ``/FilterableResults/ResultsComposition/Snapshot``, a section of a
    /// part is its part and name (two parts may each have a section
    /// "Apple"; in a part that is itself a composition, the identity that
    /// one gives it), and a placeholder section is its part's placeholder,
    /// never a section of data, whatever its title. Unnamed sections of one part
    /// are told apart by nothing the composed table shows, so they may
    /// become one another, as with `hidesEmptySections`. Sections that
    /// look the same (names, rows and content) may trade identities in a
    /// batch that changes nothing a view shows, as no batch is due then.
    ///
    /// A composition's row dragged to another part is one row under two
    /// keys: a move whose key is a row of another part than the old key,
    /// where the old key is gone from the new table and the new key was not
    /// in the old one, takes the row to its new key.
    ///
    /// The section values are compared too: a section whose value changed
    /// must have a section update, and only those.
    ///
    /// - Parameters:
    ///   - changeset: The events of one batch, keyed as the snapshots key rows.
    ///   - old: The table shown before the batch.
    ///   - new: The table after the batch.
    ///   - hidesEmptySections: Whether the tables come from a store that
    ///     hides empty sections, so that an unnamed section's position in
    ///     them need not be its identity.
    /// - Returns: The violations, ordered by rule.
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    @inlinable public static func violations<Snapshot: ResultsTableSnapshot>(
        of changeset: ResultsChangeset<Snapshot.Element, Snapshot.Key>,
        from old: Snapshot,
        to new: Snapshot,
        hidesEmptySections: Bool = false
    ) -> [BatchUpdateViolation] where Snapshot.Element: Equatable {
        typealias Validation = BatchValidation<Snapshot.Element, Snapshot.Key>
        let newKeys = Validation.keys(of: new)
        let oldKeys = Validation.renamingRowsMovedAcrossParts(Validation.keys(of: old), newKeys: newKeys, changeset: changeset)
        var validation = Validation(
            changeset: changeset, old: old, new: new, oldKeys: oldKeys, newKeys: newKeys, hidesEmptySections: hidesEmptySections)
        validation.run(isSameContent: { Self.isSameContent($0, $1) })
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
    @inlinable public static func validate<Element, Key: Hashable>(
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
    /// has when it takes `old` to `new`, comparing content with `==` as a store does
    /// (the same bytes are the same content).
    ///
    /// - Throws: ``BatchUpdateValidationError`` listing the violations.
    /// - Complexity: O(*n* log *n* + *e*), where *n* is the number of rows in
    ///   `old` and `new` together and *e* the number of events.
    @inlinable public static func validate<Element: Equatable, Key: Hashable>(
        _ changeset: ResultsChangeset<Element, Key>,
        from old: [ResultsSection<Element>],
        to new: [ResultsSection<Element>],
        key: (Element) -> Key,
        hidesEmptySections: Bool = false
    ) throws(BatchUpdateValidationError) {
        try validate(changeset, from: old, to: new, key: key, isSameContent: { Self.isSameContent($0, $1) }, hidesEmptySections: hidesEmptySections)
    }
}
