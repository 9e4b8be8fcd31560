import FilterableResults

/// The classes of scalars regular expressions test, as ICU defines them.
enum ScalarClasses {
    /// ICU's line terminators (what `.` does not match and `$` may precede):
    /// LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }

    /// `\d`: a decimal digit (general category Nd).
    static func isDigit(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (0x30...0x39).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.generalCategory == .decimalNumber
    }

    /// `\s`: a White_Space character.
    static func isSpace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }

    /// `\w`: alphabetic, a mark, a decimal digit, a connector punctuation
    /// (`_`), or a joiner (U+200C, U+200D).
    static func isWord(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar)
                || (0x61...0x7A).contains(scalar) || scalar == 0x5F
        }
        if scalar == 0x200C || scalar == 0x200D { return true }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Whether a scalar extends the one before it for `\b` (Grapheme_Extend
    /// or a format character).
    static func isExtendOrFormat(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return false }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        return properties.isGraphemeExtend || properties.generalCategory == .format
    }
}
