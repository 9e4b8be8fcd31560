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
        public static var unicodeScalars: Order { Order(ResultsSectioning.unicodeScalarOrder) }

        /// The order Finder and the Files app sort names in: ignoring case
        /// and diacritics where the user's language does, and numbers by
        /// value (`"2"` before `"10"`). It depends on the device's locale,
        /// so two devices may order the same sections differently.
        public static var localizedStandard: Order {
            Order { $0.localizedStandardCompare($1) == .orderedAscending }
        }
    }
}
