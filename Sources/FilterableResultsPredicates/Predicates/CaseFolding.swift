import FilterableResults

/// Simple case folding, one scalar to one scalar, for case-insensitive
/// regular expressions.
enum CaseFolding {
    /// The folded form of a scalar: scalars that differ only by case fold
    /// alike (`K`, `k` and KELVIN SIGN; `Σ`, `σ` and `ς`).
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar }
        if scalar < UInt32(table.count) { return table[Int(scalar)] }
        return compute(scalar)
    }

    /// The folded forms of the first 2,048 scalars.
    private static let table: [UInt32] = (0..<0x800).map { compute(UInt32($0)) }

    /// The lowercase of the uppercase (so `ς` and `σ` meet at `σ`), each
    /// only when it is a single scalar. The Turkish dotted and dotless I
    /// fold to themselves, as in Unicode's default folding.
    private static func compute(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value), value != 0x130, value != 0x131 else { return value }
        func single(_ text: String) -> Unicode.Scalar? {
            var scalars = text.unicodeScalars.makeIterator()
            guard let first = scalars.next(), scalars.next() == nil else { return nil }
            return first
        }
        let upper = single(scalar.properties.uppercaseMapping) ?? scalar
        return (single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar).value
    }
}
