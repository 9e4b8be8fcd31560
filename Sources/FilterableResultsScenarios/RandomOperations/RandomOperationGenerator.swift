import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Draws random operations from a seed: adds, inserts, removes, replaces,
/// merges, section edits, filter changes and in-place updates, with
/// arguments that are sometimes invalid (keys already present, index paths
/// one past either end), so refusals are exercised as much as edits.
///
///     var generator = RandomOperationGenerator(seed: 7, vocabulary: vocabulary)
///     let operation = generator.next(for: model)
///
/// The same seed, vocabulary and model states give the same operations.
public struct RandomOperationGenerator<Element, Key: Hashable> {
    /// The random numbers, for callers that draw their own choices (batch
    /// shapes) from the same seed.
    public var random: SeededRandomNumberGenerator
    /// What operations are made of.
    public let vocabulary: RandomOperationVocabulary<Element, Key>
    /// Whether to draw section operations (`setData(sections:)`, add,
    /// insert, remove, replace section).
    public var sectionOperations: Bool
    /// Whether to draw filter operations.
    public var filterOperations: Bool

    /// Creates a generator.
    ///
    /// - Complexity: O(1).
    public init(seed: UInt64, vocabulary: RandomOperationVocabulary<Element, Key>, sectionOperations: Bool = true, filterOperations: Bool = true) {
        random = SeededRandomNumberGenerator(seed: seed)
        self.vocabulary = vocabulary
        self.sectionOperations = sectionOperations
        self.filterOperations = filterOperations && !vocabulary.filters.isEmpty
    }

    /// Draws the next operation; `model` is the data it will apply to, for
    /// positions in (and just outside) its range.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections of `model`.
    public mutating func next(for model: ReferenceModel<Element, Key>) -> RandomOperation<Element, Key> {
        var kind: Int
        // Kinds 22 and 23 only for a vocabulary with section ids or titles that change, so other runs keep their sequences.
        let kinds = vocabulary.sectionIDs.isEmpty && vocabulary.advanceSectionTitles == nil ? 22 : 24
        repeat {
            kind = Int.random(in: 0..<kinds, using: &random)
        } while !sectionOperations && [1, 16, 17, 18, 23].contains(kind) || !filterOperations && [19, 20].contains(kind)
            || kind == 22 && vocabulary.advanceSectionTitles == nil || kind == 23 && vocabulary.sectionIDs.isEmpty
        let sectionCount = model.sections.count
        switch kind {
        case 0:
            return .setData(elements(0...vocabulary.bulkCount))
        case 1:
            return .setSections((0..<Int.random(in: 0...3, using: &random)).map { _ in section() })
        case 2, 3, 4:
            let object = element()
            let target: Int? = Bool.random(using: &random) ? nil : Int.random(in: -1...sectionCount, using: &random)
            return .add(object, toSection: target)
        case 5:
            let object = element()
            return .insert(object, at: indexPath(in: model))
        case 6, 7:
            return .remove(element())
        case 8:
            return .removeAt(indexPath(in: model))
        case 9, 10:
            return .replace(element())
        case 11:
            let old = element()
            return .replaceObject(old, with: element())
        case 12:
            let path = indexPath(in: model)
            return .replaceAt(path, with: element())
        case 13:
            return .replaceAll(elements(0...(vocabulary.bulkCount / 2)))
        case 14, 15:
            let objects = elements(0...(vocabulary.bulkCount * 3 / 4))
            let prune = Bool.random(using: &random)
            let sorted = Int.random(in: 0..<4, using: &random) == 0
            return .merge(objects, sortedBy: sorted ? vocabulary.mergeSortKeys : [], prune: prune)
        case 16:
            let new = section()
            let index = Int.random(in: -1...(sectionCount + 1), using: &random)
            return Bool.random(using: &random) ? .addSection(new) : .insertSection(new, at: index)
        case 17:
            let index = Int.random(in: -1...sectionCount, using: &random)
            if Bool.random(using: &random) { return .removeSectionAt(index) }
            return .removeSection(named: vocabulary.sectionNames.randomElement(using: &random) ?? "")
        case 18:
            let new = section()
            return .replaceSection(at: Int.random(in: -1...sectionCount, using: &random), with: new)
        case 19, 20:
            let filter = vocabulary.filters.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return .removeFilter(title: filter.title, group: filter.group)
            case 1: return .clearFilters
            default: return .addFilter(filter)
            }
        case 21:
            let object = element()
            return .update(object[keyPath: vocabulary.key], to: object)
        case 22:
            vocabulary.advanceSectionTitles!()
            return .refreshSectionTitles
        default:
            return .removeSectionWithID(vocabulary.sectionIDs.randomElement(using: &random)!)
        }
    }

    /// An object drawn from the vocabulary.
    mutating func element() -> Element { vocabulary.makeElement(&random) }

    /// Between `count.lowerBound` and `count.upperBound` objects.
    mutating func elements(_ count: ClosedRange<Int>) -> [Element] {
        (0..<Int.random(in: count, using: &random)).map { _ in element() }
    }

    /// A raw index path in range or one past either end.
    mutating func indexPath(in model: ReferenceModel<Element, Key>) -> RawIndexPath {
        let section = Int.random(in: -1...model.sections.count, using: &random)
        let rows = model.sections.indices.contains(section) ? model.sections[section].elements.count : 2
        return RawIndexPath(row: Int.random(in: -1...rows, using: &random), section: section)
    }

    /// A hand-made section: unnamed or named from the vocabulary, with an
    /// id of its own half the time when the vocabulary has ids, 0–3
    /// objects (more for a larger ``RandomOperationVocabulary/bulkCount``).
    mutating func section() -> ResultsSection<Element> {
        let name: String? = Bool.random(using: &random) || vocabulary.sectionNames.isEmpty
            ? nil : vocabulary.sectionNames.randomElement(using: &random)!
        let id = vocabulary.sectionIDs.isEmpty || Bool.random(using: &random) ? nil : vocabulary.sectionIDs.randomElement(using: &random)!
        return ResultsSection(name: name, id: id, elements: elements(0...(vocabulary.bulkCount * 3 / 8)))
    }
}
