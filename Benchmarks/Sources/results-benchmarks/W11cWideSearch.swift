import FilterableResults
import FilterableResultsTesting
import Foundation

/// One script's W11c keystroke and its ASCII mirror.
struct WideSearchCase {
    var script: String
    /// The keystroke's text before and after, in the script and in ASCII.
    var before: String, after: String, asciiBefore: String, asciiAfter: String
    /// The keystroke over the script's names and over their ASCII mirror.
    var wide = Double.infinity
    var ascii = Double.infinity
    /// The UTF-8 bytes of all names (the same on both sides).
    var bytes = 0
    var wideCounts = ChangeCounts()
    var asciiCounts = ChangeCounts()

    var perByteRatio: Double { wide / ascii }
}

struct WideSearchResult {
    var cases: [WideSearchCase] = []
    var repetitions = 0
}

/// Forty Hangul syllables, common in Korean names.
let hangulUnits = Array("김이박최정강조윤장임한오서신권황안송류전민수영지현준우진호성은경미혜연아예도하주")
/// Forty Japanese name pieces: kanji, hiragana and katakana, some with a
/// voicing mark (which folding removes).
let japaneseUnits = Array("田中山本佐藤木村小林高橋渡辺伊井上加さくらゆきはなみどりがぎごジュンドアキラタケ")

/// Forty ASCII units of three bytes, each the mirror of one wide unit, a
/// name-like syllable: a capital consonant, a vowel and a consonant
/// (`Bag`, `Cep`, …). A search for whole units can match only at unit
/// boundaries (no unit starts with a vowel), as in the script, so the
/// mirrored keystroke matches the same rows.
func asciiUnit(_ index: Int) -> String {
    let consonants = Array("bcdghjklmnprstwy"), vowels = Array("aeiou")
    return consonants[index % 16].uppercased() + String(vowels[(index / 16 + index) % 5]) + String(consonants[(index * 7 + 3) % 16])
}

/// `n` rows named by `length` random units of `units`, and their mirror
/// rows named by the same units' ASCII mirrors (same ids, scores and
/// groups, same UTF-8 length when the units are three-byte scalars).
func makeMirroredRows(
    _ n: Int, length: Int, units: [Character], using rng: inout SeededRandomNumberGenerator
) -> (wide: [Row], ascii: [Row]) {
    var wide: [Row] = [], ascii: [Row] = []
    wide.reserveCapacity(n)
    ascii.reserveCapacity(n)
    for id in 0..<n {
        var name = "", mirror = ""
        for _ in 0..<length {
            let unit = Int(rng.next() % UInt64(units.count))
            name.append(units[unit])
            mirror += asciiUnit(unit)
        }
        let score = Int(rng.next() % 1_000_000), group = Int(rng.next() % 26)
        wide.append(Row(id: id, name: name, score: score, group: group))
        ascii.append(Row(id: id, name: mirror, score: score, group: group))
    }
    return (wide, ascii)
}

/// W11c: a `search(for:in:)` keystroke over `n` names of three-byte
/// scalars (Hangul; Japanese kanji and kana), each against the same
/// keystroke over the names' ASCII mirrors, names of equal UTF-8 length
/// that the mirrored keystroke matches in the same rows.
func runWideSearch(size n: Int, repetitions: Repetitions) -> WideSearchResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 113)
    let hangul = makeMirroredRows(n, length: 3, units: hangulUnits, using: &rng)
    let japanese = makeMirroredRows(n, length: 4, units: japaneseUnits, using: &rng)
    let mirror = { (units: [Character], text: String) in text.map { asciiUnit(units.firstIndex(of: $0)!) }.joined() }
    var cases = [
        WideSearchCase(script: "Hangul", before: "김", after: "김민",
                       asciiBefore: mirror(hangulUnits, "김"), asciiAfter: mirror(hangulUnits, "김민")),
        WideSearchCase(script: "Japanese", before: "田", after: "田中",
                       asciiBefore: mirror(japaneseUnits, "田"), asciiAfter: mirror(japaneseUnits, "田中")),
    ]
    var stores = [(makeSearchStore(hangul.wide), makeSearchStore(hangul.ascii)),
                  (makeSearchStore(japanese.wide), makeSearchStore(japanese.ascii))]
    cases[0].bytes = hangul.wide.reduce(0) { $0 + $1.name.utf8.count }
    cases[1].bytes = japanese.wide.reduce(0) { $0 + $1.name.utf8.count }
    var result = WideSearchResult()
    result.repetitions = repetitions.run { _ in
        for index in cases.indices {
            let c = cases[index]
            cases[index].wide = min(c.wide, timeKeystroke(&stores[index].0, counts: &cases[index].wideCounts, counter: "W11c \(c.script) wide",
                before: { $0.clearFilters(); $0.search(for: c.before, in: [\.name]) }, after: { $0.search(for: c.after, in: [\.name]) }))
            cases[index].ascii = min(c.ascii, timeKeystroke(&stores[index].1, counts: &cases[index].asciiCounts, counter: "W11c \(c.script) ascii",
                before: { $0.clearFilters(); $0.search(for: c.asciiBefore, in: [\.name]) }, after: { $0.search(for: c.asciiAfter, in: [\.name]) }))
        }
    }
    result.cases = cases
    return result
}
