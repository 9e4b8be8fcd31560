import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The store a scenario drives: its keys, sort order and sections.
extension Scenario {
    /// The key of an object: the value at ``primaryKey`` (`nil` when it is
    /// missing or null, which the store refuses as `missingPrimaryKey`), or
    /// the whole object without a primary key.
    ///
    /// - Complexity: O(*k*) lookups for a key path of *k* components.
    public func key(of object: FieldValue) -> FieldValue? {
        Self.keyFunction(primaryKey)(object)
    }

    /// The name of the section an object belongs in under ``sectionBy``: a
    /// string as it is; a missing field or null as `""`; any other value as
    /// its JSON text (`2`, `true`).
    ///
    /// - Complexity: O(*n*) in the size of the field's value.
    public static func sectionName(for value: FieldValue?) -> String {
        switch value {
        case nil, .null?: ""
        case let .string(text)?: text
        case let other?: other.jsonText
        }
    }

    /// A new, empty store configured as the scenario says: keyed by
    /// ``key(of:)``, content compared with `==`, sorted by ``sortBy``,
    /// sectioned by ``sectionBy`` (sections in Unicode scalar order of
    /// their names), hiding empty sections if asked.
    ///
    /// Objects are values and the key function is pure, so a stored
    /// object's key never changes: the store reads keys from its objects
    /// and keeps no copy of them.
    ///
    /// - Complexity: O(1).
    public func makeStore() -> ResultsStore<FieldValue, FieldValue> {
        let sectioning = sectionBy.map { path in
            let fieldPath = FieldPath(path)
            return ResultsSectioning<FieldValue>(sectionName: { Scenario.sectionName(for: $0.value(at: fieldPath)) })
        }
        let key = Self.keyFunction(primaryKey)
        return ResultsStore(
            keyOf: key, keyAt: { key($0.pointee) }, keysAreStable: true, sameContent: .equality,
            sortedBy: sortBy.map(\.sortKey), sectionedBy: sectioning,
            hidesEmptySections: hidesEmptySections)
    }

    /// The key function for a primary key path, or the identity without one.
    static func keyFunction(_ primaryKey: String?) -> @Sendable (FieldValue) -> FieldValue? {
        guard let primaryKey else { return { $0 } }
        let path = FieldPath(primaryKey)
        guard path.tail.isEmpty else {
            return { object in
                guard let key = object.value(at: path), !key.isNull else { return nil }
                return key
            }
        }
        // A key at the top of each object (the usual `"id"`), read for
        // every row many times over: found by its bytes, read once here.
        let name = Array(primaryKey.utf8)
        return { object in
            guard case let .object(members) = object,
                  let index = name.withUnsafeBufferPointer({ members.index(forKeyUTF8: $0) })
            else { return nil }
            let key = members.value(at: index)
            return key.isNull ? nil : key
        }
    }
}
