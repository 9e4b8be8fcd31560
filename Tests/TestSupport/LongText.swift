import Testing

/// A long text that a parameterized test takes as its argument, named in the
/// test log by how it is made (`"(" × 100000 + "a == 1"`) rather than by
/// its characters: Swift Testing prints every argument of every test case,
/// and a hostile input of 100,000 characters made a 600 KB line.
package struct LongText: Sendable, CustomTestStringConvertible, ExpressibleByStringLiteral {
    /// The text itself.
    package let text: String
    /// How the test log names the text.
    package let testDescription: String

    /// The text named `description` in the test log.
    package init(_ text: String, named description: String) {
        self.text = text
        self.testDescription = description
    }

    /// `piece` written `count` times one after another.
    package init(_ piece: String, times count: Int) {
        self.init(String(repeating: piece, count: count), named: "\(String(reflecting: piece)) × \(count)")
    }

    /// The literal, named as written.
    package init(stringLiteral value: String) {
        self.init(value, named: String(reflecting: value))
    }

    /// The two texts one after the other.
    package static func + (lhs: LongText, rhs: LongText) -> LongText {
        LongText(lhs.text + rhs.text, named: "\(lhs.testDescription) + \(rhs.testDescription)")
    }
}
