import Foundation

extension ResultsSectioning {
    /// An order of section names.
    public struct Order: Sendable {
        /// Whether the first name comes before the second.
        public let areInIncreasingOrder: @Sendable (String, String) -> Bool

        /// An order given by `areInIncreasingOrder`, a strict weak ordering.
        ///
        /// - Complexity: O(1).
        public init(_ areInIncreasingOrder: @escaping @Sendable (String, String) -> Bool) {
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Unicode scalar order (`"10"` before `"2"`, `"B"` before `"a"`):
        /// the same on every device, whatever its language. The default.
        ///
        /// - Complexity: O(1).
        public static var unicodeScalars: Order { Order(ResultsSectioning.unicodeScalarOrder) }

        /// Unicode scalar order with case ignored (`"iPad"`, `"Mac"`,
        /// `"MacBook"`): the same on every device; names that differ only
        /// in case are equal, so they keep the order they came in.
        ///
        /// - Complexity: O(1).
        public static var caseInsensitive: Order {
            Order { lhs, rhs in lhs.compare(rhs, options: .caseInsensitive) == .orderedAscending }
        }

        /// The order Finder and the Files app sort names in, in the
        /// device's locale when the order is made: ignoring case where the
        /// user's language does, and numbers by value (`"2"` before
        /// `"10"`). Two devices may order the same sections differently;
        /// one order stays the same while sections exist, even if the
        /// locale changes.
        ///
        /// - Complexity: O(1).
        public static var localizedStandard: Order {
            let locale = Locale.current
            return Order { lhs, rhs in
                lhs.compare(rhs, options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering], locale: locale) == .orderedAscending
            }
        }
    }
}
