import FilterableResults
import FilterableResultsScenarios

/// A part of the soak's composition and what it shows on its own: a
/// controller driven by a random-operation runner, or static sections
/// declared anew at random.
@MainActor
enum SoakPart {
    /// A controller, driven and checked by its runner.
    case controller(label: Int, runner: RandomOperationRunner<SoakEntry, Int>)
    /// Static sections.
    case statics(label: Int, sections: StaticSections<SoakRow>)

    /// The part's label: what its rows and sections are named after.
    var label: Int {
        switch self {
        case let .controller(label, _), let .statics(label, _): label
        }
    }

    /// The part as the composition takes it; a part with an even label
    /// shows a placeholder while it has no rows.
    var part: ResultsComposition<SoakRow>.Part {
        switch self {
        case let .controller(label, runner): .part(runner.controller, as: { .entry(part: label, $0) }, placeholder: placeholder)
        case let .statics(_, sections): .part(sections, placeholder: placeholder)
        }
    }

    /// What the part shows while it has no rows, if anything.
    var placeholder: ResultsComposition<SoakRow>.Placeholder? {
        label % 2 == 0 ? ResultsComposition<SoakRow>.Placeholder(title: "empty \(label)", rows: [.placeholder("\(label)")]) : nil
    }

    /// The table the part last reported, as the composition's rows.
    var sections: [ResultsSection<SoakRow>] {
        switch self {
        case let .controller(label, runner):
            runner.controller.reportedSnapshot.sections.map { section in
                let own = ResultsSection(section)
                return ResultsSection(name: own.name, id: own.id, elements: own.elements.map { .entry(part: label, $0) })
            }
        case let .statics(_, sections):
            sections.sections.map { ResultsSection(name: $0.title, elements: $0.rows.map(\.value)) }
        }
    }
}
