@testable import FilterableResults
import FilterableResultsTesting
import Testing

/// The table path for scalars of two and three UTF-8 bytes (Hangul, kana,
/// CJK and the rest of the Basic Multilingual Plane) against the general
/// fold, ``StringFolding/fold(_:_:)``: scalar by scalar, on every one; on
/// random text mixing scripts; and through live search.
@Suite("Folding three-byte text by table, as the general fold does")
struct BasicPlaneFoldingTests {
    static let allOptions: [StringFolding.Options] = [.caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive]]

    /// Every scalar of three UTF-8 bytes: U+0800 to U+FFFF but the surrogates.
    static let threeByteScalars: [Unicode.Scalar] = (UInt32(0x800)..<0x10000).compactMap(Unicode.Scalar.init)

    /// The table's fold of `text`, or `nil` where the table gives up.
    static func tableFold(_ text: String, _ options: StringFolding.Options) -> [UInt8]? {
        let table = BasicPlaneFolding.table(for: options)
        let bytes = Array(text.utf8)
        var buffer = [UInt8](repeating: 0xAA, count: table.capacity(forBytes: bytes.count))
        let count = bytes.withUnsafeBufferPointer { text in
            buffer.withUnsafeMutableBufferPointer { table.fold(text, lowercasingASCII: options.contains(.caseInsensitive), into: $0) }
        }
        return count.map { Array(buffer[..<$0]) }
    }

    static func generalFold(_ text: String, _ options: StringFolding.Options) -> [UInt8] {
        Array(StringFolding.fold(text, options).utf8)
    }

    /// Whether `needle` occurs in `text`, by comparing slices.
    static func naiveContains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        needle.isEmpty || (needle.count <= text.count && (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle })
    }

    @Test(arguments: allOptions)
    func theTableFoldsEveryThreeByteScalarAsTheGeneralFold(options: StringFolding.Options) {
        // Alone, and between ASCII and a two-byte scalar; the table never
        // gives up on one (it would be correct, through the slow path, but slow).
        var failures = 0
        for scalar in Self.threeByteScalars {
            let alone = String(scalar), framed = "Q" + String(scalar) + "É"
            let fast = Self.tableFold(alone, options), slow = Self.generalFold(alone, options)
            let fastFramed = Self.tableFold(framed, options), slowFramed = Self.generalFold(framed, options)
            if fast != slow || fastFramed != slowFramed {
                failures += 1
                if failures <= 20 { Issue.record("U+\(String(scalar.value, radix: 16, uppercase: true)): \(fast.map { "\($0)" } ?? "nil") folded, not \(slow)") }
            }
        }
        #expect(failures == 0)
    }

    @Test(arguments: allOptions)
    func theTableFoldsRunsOfEveryThreeByteScalarAsTheGeneralFold(options: StringFolding.Options) {
        // Each run of 61 consecutive scalars (marks next to letters, a
        // Hangul syllable next to its jamo), folded as one string.
        let scalars = Self.threeByteScalars
        for start in stride(from: 0, to: scalars.count, by: 61) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<min(start + 61, scalars.count)])
            let string = String(text)
            let fast = Self.tableFold(string, options), slow = Self.generalFold(string, options)
            #expect(fast == slow, "run from U+\(String(scalars[start].value, radix: 16, uppercase: true))")
        }
    }

    @Test func theContractForEastAsianText() {
        let both: StringFolding.Options = [.caseInsensitive, .diacriticInsensitive]
        // A Hangul syllable decomposes to its jamo under [d] (which are no
        // marks, so they stay); under [c] alone it stays.
        #expect(Self.tableFold("각", both) == Array("\u{1100}\u{1161}\u{11A8}".utf8))
        #expect(Self.tableFold("가", both) == Array("\u{1100}\u{1161}".utf8))
        #expect(Self.tableFold("각", .caseInsensitive) == Array("각".utf8))
        // Compatibility jamo and halfwidth forms have no canonical decomposition.
        #expect(Self.tableFold("ㄱ", both) == Array("ㄱ".utf8))
        #expect(Self.tableFold("ｶﾞ", both) == Array("ｶﾞ".utf8))
        // Kana voicing marks are combining marks: dropped, alone or after kana.
        #expect(Self.tableFold("ガ", both) == Array("カ".utf8))
        #expect(Self.tableFold("パ", .diacriticInsensitive) == Array("ハ".utf8))
        #expect(Self.tableFold("カ\u{3099}", both) == Array("カ".utf8))
        #expect(Self.tableFold("\u{309A}", both) == [])
        // Fullwidth Latin lowercases under [c]; CJK ideographs stay.
        #expect(Self.tableFold("ＡＢｃ", both) == Array("ａｂｃ".utf8))
        #expect(Self.tableFold("東京", both) == Array("東京".utf8))
        // A compatibility ideograph decomposes to its unified one, of three or four bytes.
        #expect(Self.tableFold("\u{F900}", both) == Array("\u{8C48}".utf8))
        #expect(Self.tableFold("\u{FA6C}", both) == Array(StringFolding.fold("\u{FA6C}", both).utf8))
        #expect(Self.generalFold("\u{FA6C}", both).count == 4)
        // Four-byte scalars are the slow path's.
        #expect(Self.tableFold("👍", both) == nil)
    }

    /// Pieces of text in many scripts: ASCII, Latin with marks, Greek,
    /// Hangul (syllables, jamo, compatibility jamo), kana (with voicing
    /// marks, precomposed and combining, and halfwidth), fullwidth forms,
    /// CJK ideographs (and compatibility ones), Thai and Devanagari with
    /// their marks, and, for the slow path, an emoji.
    static let pieces: [String] = [
        "a", "K", " ", "é", "E\u{301}", "İ", "Σ", "ß", "김", "민", "한", "각", "\u{1100}", "\u{1161}", "\u{11A8}", "ㄱ", "ㅏ",
        "か", "が", "カ", "ガ", "パ", "\u{3099}", "\u{309A}", "ｶ", "ﾞ", "ﾟ", "ー", "Ａ", "ｚ", "１", "東", "京", "\u{F900}", "\u{FA6C}",
        "ไ", "\u{0E48}", "क", "\u{093F}", "ṩ", "ﬁ", "👍🏽",
    ]

    /// A random string of `pieces` and random three-byte scalars.
    static func randomText(_ maximum: Int, using random: inout SeededRandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in
            Bool.random(using: &random)
                ? pieces.randomElement(using: &random)!
                : String(threeByteScalars.randomElement(using: &random)!)
        }.joined()
    }

    @Test(arguments: allOptions)
    func randomTextMixingScriptsFoldsAsTheGeneralFold(options: StringFolding.Options) {
        var random = SeededRandomNumberGenerator(seed: 2_411)
        for _ in 0..<3_000 {
            let text = Self.randomText(16, using: &random)
            let slow = Self.generalFold(text, options)
            let fast = StringFolding.withFoldedUTF8(text, options) { Array($0) }
            #expect(fast == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
                #expect(Self.tableFold(text, options) == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func searchFindsWhatTheFoldedTextsContain() {
        // Short fields (compared at every position) and long ones (the
        // linear search), needles cut from the field or drawn at random.
        var random = SeededRandomNumberGenerator(seed: 2_412)
        for round in 0..<4_000 {
            let field = round % 10 == 0 ? Self.randomText(400, using: &random) : Self.randomText(12, using: &random)
            let needle: String
            if round % 2 == 0, !field.isEmpty {
                let scalars = Array(field.unicodeScalars)
                let start = Int.random(in: 0..<scalars.count, using: &random)
                let end = Int.random(in: start...min(scalars.count, start + 4), using: &random)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[start..<end])
                needle = String(view)
            } else {
                needle = Self.randomText(3, using: &random)
            }
            let expected = Self.naiveContains(Self.generalFold(field, SearchText.options), Self.generalFold(needle, SearchText.options))
            #expect(SearchText(needle).isFound(in: field) == expected, "\(needle.unicodeScalars.map { String($0.value, radix: 16) }) in \(field.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func aFieldIsSkippedOnlyWhenNoScalarOfItFoldsToTheRarestScalarSought() {
        // The folded text's scalar with the fewest sources, from a
        // syllable, a bare jamo or a voiced kana in the field: each field
        // below holds one.
        #expect(SearchText("\u{1100}").isFound(in: "김"))
        #expect(SearchText("\u{1100}\u{1175}").isFound(in: "김"))
        #expect(SearchText("기").isFound(in: "김민"))
        #expect(SearchText("가").isFound(in: "x\u{1100}\u{1161}"))
        #expect(SearchText("か").isFound(in: "がっこう"))
        #expect(SearchText("\u{8C48}").isFound(in: "\u{F900}"))
        #expect(SearchText("ａ").isFound(in: "ＡＢ"))
        // And none here: skipped, as the general fold says.
        #expect(!SearchText("김").isFound(in: "이민호"))
        #expect(!SearchText("김").isFound(in: "\u{1100}"))
        #expect(!SearchText("가").isFound(in: "ㄱㅏ"))
        #expect(SearchText("が").isFound(in: "かきく") && !SearchText("さ").isFound(in: "かきく"))
        // 김민's rarest scalar is its final ᆷ: 임 holds it, though not the rest.
        #expect(!SearchText("김민").isFound(in: "임이") && SearchText("김민").isFound(in: "이김민"))
        #expect(FoldedScalarSources.caseAndDiacriticInsensitive.sourceCount(of: 0x11B7) == 400)
        // A four-byte scalar in the field is the slow path's to decide.
        #expect(SearchText("김").isFound(in: "👍김"))
        #expect(!SearchText("김").isFound(in: "👍이"))
        let sources = FoldedScalarSources.caseAndDiacriticInsensitive.sources(of: 0x1100)
        defer { sources.deallocate() }
        let count = sources.reduce(0) { $0 + $1.nonzeroBitCount }
        // ᄀ itself, the 588 syllables that begin with it, and the surrogates the table leaves to the slow path.
        #expect(count == 1 + 588 + 0x800)
    }

    @Test func searchForEveryThreeByteScalarAgreesWithTheGeneralFold() {
        // Each scalar as the needle and inside a field of Hangul, kana and ASCII.
        let options = SearchText.options
        for scalar in Self.threeByteScalars {
            let field = "Ka" + String(scalar) + "한ガ"
            let folded = Self.generalFold(field, options)
            for needle in [String(scalar), "a" + String(scalar), String(scalar) + "하", "カ"] {
                let expected = Self.naiveContains(folded, Self.generalFold(needle, options))
                if SearchText(needle).isFound(in: field) != expected {
                    Issue.record("U+\(String(scalar.value, radix: 16, uppercase: true)): \(needle) in \(field) should be \(expected)")
                }
            }
        }
    }

    @Test func theShortSearchAgreesWithComparingSlices() {
        // Bytes from a small alphabet, so that near misses are common, and
        // padding from it too, so that matches past the end are there to be
        // ignored; zero bytes, which the word test looks for, among them.
        var random = SeededRandomNumberGenerator(seed: 2_413)
        let alphabet: [UInt8] = [0xE1, 0x84, 0x85, 0x61, 0x00, 0x01]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let padded = text + (0..<ByteSearch.shortTextPadding).map { _ in alphabet.randomElement(using: &random)! }
            let short = padded.withUnsafeBufferPointer { padded in
                needle.withUnsafeBufferPointer { ByteSearch.containsInPaddedText(UnsafeBufferPointer(rebasing: padded[..<text.count]), $0) }
            }
            #expect(short == Self.naiveContains(text, needle), "\(needle) in \(text)")
        }
    }
}
