import FilterableResults
import Foundation

/// A string key that hashes and compares by Unicode scalars, for sets and
/// dictionaries that must not merge canonically equivalent keys.
package struct ScalarExactKey: Hashable {
    package var string: String

    package init(string: String) {
        self.string = string
    }

    package static func == (lhs: ScalarExactKey, rhs: ScalarExactKey) -> Bool {
        UTF8Bytes.equal(lhs.string, rhs.string)
    }

    package func hash(into hasher: inout Hasher) {
        UTF8Bytes.hash(string, into: &hasher)
    }
}
