import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// One operation of a random sequence, with its arguments: what a
/// ``RandomOperationGenerator`` draws and a ``RandomOperationRunner``
/// applies to a controller and to a ``ReferenceModel`` alike.
///
/// Index paths and section indexes are raw and may be out of range on
/// purpose: the controller and the model must then refuse the operation
/// with the same error code.
public enum RandomOperation<Element, Key: Hashable> {
    /// `setData(_:)` with a flat list.
    case setData([Element])
    /// `setData(sections:)`.
    case setSections([ResultsSection<Element>])
    /// `add(_:toSection:)`, at the end of a raw section or in place.
    case add(Element, toSection: Int?)
    /// `insert(_:at:)` at a raw index path.
    case insert(Element, at: RawIndexPath)
    /// `remove(_:)`, by the object's key.
    case remove(Element)
    /// `remove(at:)` at a raw index path.
    case removeAt(RawIndexPath)
    /// `replace(_:)`, by the object's key.
    case replace(Element)
    /// `replace(_:with:)`.
    case replaceObject(Element, with: Element)
    /// `replace(at:with:)` at a raw index path.
    case replaceAt(RawIndexPath, with: Element)
    /// `replaceAll(_:)`.
    case replaceAll([Element])
    /// `merge(_:sortedBy:prune:)`.
    case merge([Element], sortedBy: [ResultsSortKey<Element>], prune: Bool)
    /// `addSection(_:)`.
    case addSection(ResultsSection<Element>)
    /// `insertSection(_:at:)` at a raw section index.
    case insertSection(ResultsSection<Element>, at: Int)
    /// `removeSection(at:)` at a raw section index.
    case removeSectionAt(Int)
    /// `removeSection(named:)`.
    case removeSection(named: String)
    /// `removeSection(id:)`.
    case removeSectionWithID(any Hashable & Sendable)
    /// `refreshSectionTitles()`, after the titles' clock moved on (see
    /// ``RandomOperationVocabulary/advanceSectionTitles``).
    case refreshSectionTitles
    /// `replaceSection(at:with:)` at a raw section index.
    case replaceSection(at: Int, with: ResultsSection<Element>)
    /// `addFilter(_:)`.
    case addFilter(ResultsFilter<Element>)
    /// `removeFilter(title:group:)`.
    case removeFilter(title: String, group: String?)
    /// `clearFilters()`.
    case clearFilters
    /// `update(_:_:)`: the object with this key, if any, becomes `to`
    /// (which has the same key).
    case update(Key, to: Element)
}

extension RandomOperation: CustomStringConvertible {
    /// The operation and its arguments, as a failure report quotes it:
    /// `add 3:1b to nil`, `removeAt [0, 2]`.
    ///
    /// - Complexity: O(*m*), where *m* is the number of objects it carries.
    public var description: String {
        func describe(_ section: ResultsSection<Element>) -> String {
            "\(section.name ?? "-")\(section.id.map { "#\($0)" } ?? ""):\(section.elements)"
        }
        switch self {
        case let .setData(objects): return "setData \(objects)"
        case let .setSections(sections): return "setData sections \(sections.map(describe))"
        case let .add(object, section): return "add \(object) to \(section.map(String.init) ?? "nil")"
        case let .insert(object, path): return "insert \(object) at \(path)"
        case let .remove(object): return "remove \(object)"
        case let .removeAt(path): return "removeAt \(path)"
        case let .replace(object): return "replace \(object)"
        case let .replaceObject(old, new): return "replace \(old) with \(new)"
        case let .replaceAt(path, object): return "replaceAt \(path) with \(object)"
        case let .replaceAll(objects): return "replaceAll \(objects)"
        case let .merge(objects, sortKeys, prune): return "merge \(objects) prune \(prune) sorted \(!sortKeys.isEmpty)"
        case let .addSection(section): return "addSection \(describe(section))"
        case let .insertSection(section, index): return "insertSection \(describe(section)) at \(index)"
        case let .removeSectionAt(index): return "removeSectionAt \(index)"
        case let .removeSection(name): return "removeSection \(name)"
        case let .removeSectionWithID(id): return "removeSection id \(id)"
        case .refreshSectionTitles: return "refreshSectionTitles"
        case let .replaceSection(index, section): return "replaceSectionAt \(index) with \(describe(section))"
        case let .addFilter(filter): return "addFilter \(filter)"
        case let .removeFilter(title, group): return "removeFilter \(group.map { "\($0)/" } ?? "")\(title)"
        case .clearFilters: return "clearFilters"
        case let .update(key, object): return "update \(key) to \(object)"
        }
    }
}

extension RandomOperation: Sendable where Element: Sendable, Key: Sendable {}
