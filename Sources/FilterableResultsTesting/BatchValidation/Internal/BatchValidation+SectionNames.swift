import FilterableResults

/// Section identity by name. Swift's `String` equality is canonical
/// equivalence ("é" equals "e" + U+0301), but the store keeps look-alike
/// names apart, as the contract orders names by Unicode scalars: two names
/// are the same section exactly when their scalars are equal.
extension BatchValidation {
    /// Whether two optional section names name the same section.
    ///
    /// - Complexity: O(*m*), where *m* is the length of the shorter name.
    @inlinable static func isSameName(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (lhs?, rhs?): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
        default: false
        }
    }

    /// Whether old section `index` becomes new section `newIndex` with a
    /// new name (title) while it keeps the identity the table gives it (an
    /// id of its own): a header change, refreshed by a section update.
    ///
    /// - Complexity: O(*m*) for names of *m* scalars.
    @inlinable func isRetitled(_ index: Int, as newIndex: Int) -> Bool {
        oldIdentities[index].isGiven && oldIdentities[index] == newIdentities[newIndex]
            && !Self.isSameName(old[index].name, new[newIndex].name)
    }
}
