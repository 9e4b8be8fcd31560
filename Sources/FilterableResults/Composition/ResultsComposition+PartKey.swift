extension ResultsComposition {
    /// A part's key with its type erased: what ``Key/row(part:partKey:)``
    /// holds. ``Key/row(part:showing:key:)`` makes one of the part's own
    /// key type.
    ///
    /// Two are equal when they hold equal keys of exactly one type:
    /// `PartKey(1)` differs from `PartKey(Int8(1))` and from
    /// `PartKey(Optional(1))`, where `AnyHashable` would call them equal,
    /// since a part's keys all have one type. Making one from a part's key
    /// costs no dynamic conformance check (as an `AnyHashable` does; only
    /// unwrapping a given `AnyHashable` casts), so a large batch of a part
    /// is composed without one per row.
    public struct PartKey: Hashable, CustomStringConvertible {
        /// The part's key.
        public let base: any Hashable

        /// Wraps a part's key; an `AnyHashable` or a `PartKey` is unwrapped,
        /// so that it equals the key it holds.
        ///
        /// - Complexity: O(1).
        @inlinable public init<PartKeyType: Hashable>(_ key: PartKeyType) {
            if PartKeyType.self == Self.self {
                base = (key as! Self).base
            } else if PartKeyType.self == AnyHashable.self, let unwrapped = (key as AnyHashable).base as? any Hashable {
                base = unwrapped
            } else {
                base = key
            }
        }

        /// Whether two keys have one type and are equal.
        ///
        /// - Complexity: that of comparing the keys.
        @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
            // The types first: a cast would convert (an Optional, a bridged
            // value), and keys of two types would be equal but hash apart.
            guard type(of: lhs.base) == type(of: rhs.base) else { return false }
            func isEqual<Base: Hashable>(_ base: Base) -> Bool { (rhs.base as! Base) == base }
            return isEqual(lhs.base)
        }

        /// Hashes the key.
        ///
        /// - Complexity: that of hashing the key.
        @inlinable public func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }

        /// The key, described with its type where a literal would not
        /// have it: `42` for an `Int`, `"42"` for a `String`, `42 as Int64`,
        /// `account as Section`; a type whose description starts with its
        /// name (`PlayerID(raw: 42)`) as that description. So two keys
        /// that are not equal because their types differ are described
        /// apart.
        ///
        /// - Complexity: that of describing the key.
        public var description: String {
            let type = type(of: base)
            if type == Int.self { return String(describing: base) }
            if type == String.self { return String(reflecting: base) }
            let described = String(describing: base)
            if base is any ComposedRowKey { return "(\(described))" }
            let typeName = String(describing: type)
            return described.hasPrefix(typeName + "(") ? described : "\(described) as \(typeName)"
        }
    }
}
