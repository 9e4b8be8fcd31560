import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// The row of the composed tables in these tests: an entry of one of the
/// controllers (by the controller's label), a static row, or a placeholder.
enum Row: Hashable, Sendable, CustomStringConvertible {
    case entry(source: Int, Entry)
    case fixed(id: String, version: Int)
    case placeholder(String)

    var description: String {
        switch self {
        case let .entry(source, entry): "e\(source):\(entry)"
        case let .fixed(id, version): "f:\(id)v\(version)"
        case let .placeholder(name): "p:\(name)"
        }
    }
}

/// A static row whose identity is `id`.
func fixed(_ id: String, _ version: Int = 0) -> StaticRow<Row> { StaticRow(.fixed(id: id, version: version), id: id) }

/// The rows of each section, as strings, for compact expectations.
func rows(_ sections: [ResultsSection<Row>]) -> [[String]] { sections.map { $0.elements.map(\.description) } }

/// A composition's table shown by data sources in simulated views of every
/// kind (table and collection view; counts cached, and read when a batch
/// starts), every batch checked by the validator against the table before,
/// as a composition's snapshots identify rows and sections.
@MainActor
final class CompositionScreen {
    let composition: ResultsComposition<Row>
    private(set) var views: [(view: ListViewSimulator<String>, dataSource: ResultsDataSource<ResultsComposition<Row>, String>)] = []
    private(set) var updates: [ResultsComposition<Row>.Update] = []
    private(set) var violations: [String] = []
    /// The placeholder sections inserted or deleted so far.
    private(set) var placeholderChanges = 0
    private var shown: ResultsComposition<Row>.Snapshot
    private var observation: ResultsObservation?

    init(_ composition: ResultsComposition<Row>) {
        self.composition = composition
        shown = composition.reportedSnapshot
        for (flavor, countMode) in everyViewKind {
            let view = ListViewSimulator<String>(flavor: flavor, countMode: countMode)
            let dataSource = ResultsDataSource(source: composition, view: view) { _, row in row.description }
            view.dataSource = dataSource
            view.layoutIfNeeded()
            views.append((view, dataSource))
        }
        observation = composition.observe { [unowned self] update in
            if !update.isReload {
                // The composition's keys, sections by part, placeholders apart, rows dragged across parts as one row.
                let found = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
                violations += found.map { "update \(updates.count + 1): \($0) in \(update.changeset.sectionChanges) \(update.changeset.elementChanges.map(\.change)) from \(shown.sections.map(\.id)) to \(update.snapshot.sections.map(\.id))" }
            }
            for change in update.changeset.sectionChanges {
                if case .insert(let section, _) = change, case .placeholder? = update.snapshot.sectionLocation(of: section) { placeholderChanges += 1 }
                if case .delete(let section, _) = change, case .placeholder? = shown.sectionLocation(of: section) { placeholderChanges += 1 }
            }
            shown = update.snapshot
            updates.append(update)
        }
    }

    /// What is wrong with the views and the batches so far, if anything:
    /// an exception, a batch the validator refused, a view that does not
    /// show the composed table as last reported, a stale cell or header.
    func problems() -> [String] {
        var problems = violations
        let expected = rows(composition.reportedSnapshot.sections.map(ResultsSection.init))
        for (view, dataSource) in views {
            let titles = (0..<dataSource.snapshot.numberOfSections).map(dataSource.titleForHeader(inSection:))
            let kind = "\(view.flavor), \(view.countMode)"
            if let exception = view.exception { problems.append("\(kind): \(exception)") }
            if view.cells != expected { problems.append("\(kind): shows \(view.cells), the composition \(expected)") }
            if rows(dataSource.snapshot.sections.map(ResultsSection.init)) != expected { problems.append("\(kind): the data source serves another table") }
            if !view.staleRows().isEmpty { problems.append("\(kind): stale rows \(view.staleRows())") }
            if view.headerTitles != titles { problems.append("\(kind): headers \(view.headerTitles), not \(titles)") }
            if !view.staleHeaderSections().isEmpty { problems.append("\(kind): stale headers or footers in sections \(view.staleHeaderSections())") }
        }
        // A change the view cannot see is not reported (empty sections
        // alike traded places): the next batch starts from the table now.
        if problems.isEmpty { shown = composition.reportedSnapshot }
        return problems
    }
}

/// Every row and section of a composed table maps to its part and back.
@MainActor
func mappingProblems(_ snapshot: ResultsComposition<Row>.Snapshot, parts: [any PartModel]) -> [String] {
    var problems: [String] = []
    for section in 0..<snapshot.numberOfSections {
        switch snapshot.sectionLocation(of: section) {
        case let .section(part, local)?:
            if snapshot.section(local, inPart: part) != section { problems.append("section \(section) → part \(part) section \(local) does not map back") }
            if snapshot.sectionID(at: section) != parts[part].sections[local].identity(inPart: part) {
                problems.append("section \(section) has identity \(String(describing: snapshot.sectionID(at: section)))")
            }
        case .placeholder?:
            if snapshot.sectionID(at: section) != nil { problems.append("placeholder section \(section) has an identity") }
        case nil:
            problems.append("section \(section) has no location")
        }
        for row in 0..<(snapshot.numberOfElements(inSection: section) ?? 0) {
            let path = ResultsIndexPath(row: row, section: section)
            switch snapshot.location(of: path) {
            case let .row(part, local)?:
                if snapshot.indexPath(ofRow: local, inPart: part) != path { problems.append("\(path) → part \(part) \(local) does not map back") }
                let partRow = parts[part].sections[local.section].elements[local.row]
                if snapshot.element(at: path) != partRow { problems.append("\(path) shows \(String(describing: snapshot.element(at: path))), its part has \(partRow)") }
            case .placeholder?:
                if case .placeholder? = snapshot.element(at: path) {} else { problems.append("\(path) is a placeholder row showing \(String(describing: snapshot.element(at: path)))") }
            case nil:
                problems.append("\(path) has no location")
            }
        }
    }
    let outside = [ResultsIndexPath(row: 0, section: -1), ResultsIndexPath(row: 0, section: snapshot.numberOfSections),
                   ResultsIndexPath(row: -1, section: 0), ResultsIndexPath(row: snapshot.numberOfElements(inSection: 0) ?? 0, section: 0)]
    for path in outside where snapshot.location(of: path) != nil || snapshot.element(at: path) != nil {
        problems.append("\(path) is outside the table but maps")
    }
    for (part, model) in parts.enumerated() {
        if snapshot.indexPath(ofRow: ResultsIndexPath(row: 0, section: model.sections.count), inPart: part) != nil {
            problems.append("a section past the end of part \(part) maps")
        }
    }
    if snapshot.indexPath(ofRow: ResultsIndexPath(row: 0, section: 0), inPart: parts.count) != nil { problems.append("a part past the end maps") }
    return problems
}

extension ResultsSection<Row> {
    /// The section's identity in a composition, as part `part`: its id of
    /// its own when it has one, else its name.
    func identity(inPart part: Int) -> ResultsComposition<Row>.SectionID {
        if let id { ResultsComposition<Row>.SectionID(part: part, id: id, name: name) } else { ResultsComposition<Row>.SectionID(part: part, name: name) }
    }
}

/// A part of a composition under test, with the table it should show
/// (its own sections, before the composition collapses any).
@MainActor
protocol PartModel {
    /// The part's sections, as the composition's rows.
    var sections: [ResultsSection<Row>] { get }
}

/// A results controller driven by seeded random operations.
struct ResultsPartModel: PartModel {
    let label: Int
    let runner: RandomOperationRunner<Entry, Int>

    var sections: [ResultsSection<Row>] {
        runner.controller.reportedSnapshot.sections.map { section in
            let own = ResultsSection(section)
            return ResultsSection(name: own.name, id: own.id, elements: own.elements.map { Row.entry(source: label, $0) })
        }
    }
}

/// Static sections whose declaration is replaced at random.
struct StaticPartModel: PartModel {
    let label: Int
    let statics: StaticSections<Row>

    var sections: [ResultsSection<Row>] {
        statics.sections.map { ResultsSection(name: $0.title, elements: $0.rows.map(\.value)) }
    }
}

/// A composition of parts, with the collapsed sections and placeholders it should show.
@MainActor
final class CompositionModel: PartModel {
    let composition: ResultsComposition<Row>
    let parts: [any PartModel]
    let placeholders: [ResultsComposition<Row>.Placeholder?]
    let placeholder: ResultsComposition<Row>.Placeholder?
    var collapsed: Set<ResultsComposition<Row>.SectionID> = []

    init(parts: [(any PartModel, ResultsComposition<Row>.Part, ResultsComposition<Row>.Placeholder?)], placeholder: ResultsComposition<Row>.Placeholder?) {
        self.parts = parts.map(\.0)
        placeholders = parts.map(\.2)
        self.placeholder = placeholder
        composition = ResultsComposition(parts.map(\.1), placeholder: placeholder)
    }

    /// The parts' tables one after the other: rows of collapsed sections
    /// left out, placeholders where a part, or every part, has no row.
    var sections: [ResultsSection<Row>] {
        var joined: [ResultsSection<Row>] = []
        var total = 0
        for (index, part) in parts.enumerated() {
            let sections = part.sections
            let count = sections.reduce(0) { $0 + $1.elements.count }
            total += count
            for section in sections {
                let isCollapsed = collapsed.contains(section.identity(inPart: index))
                joined.append(ResultsSection(name: section.name, id: section.id, elements: isCollapsed ? [] : section.elements))
            }
            if count == 0, let placeholder = placeholders[index] {
                joined.append(ResultsSection(name: placeholder.title, elements: placeholder.rows))
            }
        }
        if total == 0, let placeholder {
            joined.append(ResultsSection(name: placeholder.title, elements: placeholder.rows))
        }
        return joined
    }
}
