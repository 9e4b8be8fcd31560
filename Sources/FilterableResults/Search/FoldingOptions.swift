/// The `[c]`, `[d]` and `[cd]` modifiers.
package struct FoldingOptions: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `[c]`: both sides lowercased.
    package static let caseInsensitive = FoldingOptions(rawValue: 1)
    /// `[d]`: both sides decomposed, combining marks removed.
    package static let diacriticInsensitive = FoldingOptions(rawValue: 2)

    /// The modifier as written after an operator (`[cd]`), or nothing.
    package var text: String {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (true, true): "[cd]"
        case (true, false): "[c]"
        case (false, true): "[d]"
        case (false, false): ""
        }
    }
}
