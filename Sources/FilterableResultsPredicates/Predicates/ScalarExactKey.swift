import FilterableResults
import Foundation

/// A string key that hashes and compares by Unicode scalars, for sets and
/// dictionaries that must not merge canonically equivalent keys.
struct ScalarExactKey: Hashable {
    var string: String

    static func == (lhs: ScalarExactKey, rhs: ScalarExactKey) -> Bool {
        UTF8Bytes.equal(lhs.string, rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        UTF8Bytes.hash(string, into: &hasher)
    }
}
