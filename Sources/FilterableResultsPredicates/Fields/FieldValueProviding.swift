import FilterableResults

/// An element that exposes its fields by name, so format predicates
/// (``FormatPredicate``) and field-based sorting can read them.
///
/// Return `nil` for a field the element lacks; predicates treat a missing
/// field as null. A `switch` on the name is the fastest implementation:
///
///     struct Game: FieldValueProviding {
///         var title: String
///         var score: Int
///
///         func fieldValue(named name: String) -> FieldValue? {
///             switch name {
///             case "title": .string(title)
///             case "score": .integer(score)
///             default: nil
///             }
///         }
///     }
///
/// A dotted key path (`"owner.id"`) reads its first component through this
/// method and the rest through ``FieldValue/value(at:)`` on the result.
public protocol FieldValueProviding {
    /// The value of the field called `name`, or `nil` when the element lacks
    /// it.
    ///
    /// - Complexity: Should be O(1).
    func fieldValue(named name: String) -> FieldValue?

    /// The value `SELF` stands for when a format predicate is evaluated
    /// against this element (`SELF == 3`, `ANY SELF > 2`); `nil`, the
    /// default, makes `SELF` null. `SELF.name` always reads the field
    /// `name`, whatever this returns.
    ///
    /// - Complexity: Should be O(1).
    func valueForSelf() -> FieldValue?
}

extension FieldValueProviding {
    /// No value for `SELF`: an element that is not a ``FieldValue`` compares
    /// as null unless it says otherwise.
    ///
    /// - Complexity: O(1).
    public func valueForSelf() -> FieldValue? { nil }

    /// The value at a field path: the element's field, then nested object
    /// members; `nil` when any step is missing or is not an object.
    ///
    /// - Complexity: One ``fieldValue(named:)`` call, plus O(*m*) per further
    ///   component for objects of *m* members.
    @inlinable
    public func fieldValue(at path: FieldPath) -> FieldValue? {
        guard let value = fieldValue(named: path.head) else { return nil }
        if path.tail.isEmpty { return value }
        return value.value(atComponents: path.tail)
    }

    /// The value at a dotted key path such as `"owner.id"`; `nil` when any
    /// step is missing.
    ///
    /// - Complexity: O(*n*) in the length of `path`, plus the lookups.
    public func fieldValue(atKeyPath path: String) -> FieldValue? {
        fieldValue(at: FieldPath(path))
    }
}

extension FieldValue: FieldValueProviding {
    /// The object member called `name`; `nil` for a missing member and for
    /// values that are not objects.
    ///
    /// - Complexity: O(*m*) for an object of *m* members.
    public func fieldValue(named name: String) -> FieldValue? {
        self[name]
    }

    /// The value itself: `SELF` in a format predicate is the field value
    /// evaluated.
    ///
    /// - Complexity: O(1).
    public func valueForSelf() -> FieldValue? { self }
}

extension FieldValue {
    /// The object member for `key`; `nil` when the key is missing or the value
    /// is not an object.
    ///
    /// - Complexity: O(*m*) for an object of *m* members.
    public subscript(key: String) -> FieldValue? {
        if case let .object(object) = self { object[key] } else { nil }
    }

    /// The value reached by following a dotted key path (`"owner.id"`) through
    /// nested objects; `nil` when a step is missing or is not an object.
    ///
    /// - Complexity: O(*n*) in the length of `path`, plus one lookup per
    ///   component.
    public func value(atKeyPath path: String) -> FieldValue? {
        value(at: FieldPath(path))
    }

    /// The value reached by following a field path through nested objects.
    ///
    /// - Complexity: One object lookup per component.
    public func value(at path: FieldPath) -> FieldValue? {
        fieldValue(at: path)
    }

    /// The value reached by looking up each component in turn.
    ///
    /// - Complexity: One object lookup per component.
    public func value(atComponents components: [String]) -> FieldValue? {
        var current = self
        for component in components {
            guard let next = current[component] else { return nil }
            current = next
        }
        return current
    }
}
