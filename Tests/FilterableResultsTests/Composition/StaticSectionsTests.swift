import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A row type that is not `Equatable`.
struct Opaque {
    var title: String
}

@MainActor
@Suite("Static sections")
struct StaticSectionsTests {
    @Test func aDeclarationReadsLikeTheScreen() throws {
        let isSignedIn = true
        let extras = ["a", "b"]
        let settings = try StaticSections<Row> {
            StaticSection("Account") {
                fixed("profile")
                if isSignedIn { fixed("sign out") } else { fixed("sign in") }
            }
            for extra in extras {
                StaticSection("Extra \(extra)") { fixed(extra) }
            }
            if !isSignedIn { StaticSection("Never") { fixed("never") } }
            StaticSection { fixed("version") }
        }
        let snapshot = settings.reportedSnapshot
        #expect(snapshot.sections.map(\.name) == ["Account", "Extra a", "Extra b", nil])
        #expect(rows(snapshot.sections.map(ResultsSection.init)) == [["f:profilev0", "f:sign outv0"], ["f:av0"], ["f:bv0"], ["f:versionv0"]])
        #expect(settings.sections.map(\.rows.count) == [2, 1, 1, 1])
        #expect(StaticRow(Row.placeholder("x")).id == AnyHashable(Row.placeholder("x")))
    }

    @Test func aNewDeclarationAnimatesAsSectionMovesInsertsAndRowChanges() throws {
        let settings = try StaticSections<Row> {
            StaticSection("Account") { fixed("profile"); fixed("sign out") }
            StaticSection("About") { fixed("version") }
            StaticSection("Old") { fixed("legacy") }
        }
        let composition = ResultsComposition<Row>([.part(settings)])
        let screen = CompositionScreen(composition)
        try settings.setSections {
            StaticSection("About") { fixed("version", 1) }              // its row changed: it stays
            StaticSection("Beta") { fixed("experiments") }              // new
            StaticSection("Account") { fixed("profile"); fixed("sign out") }   // moves below
        }
        var changes = try #require(screen.updates.last?.changeset)
        #expect(Set(changes.sectionChanges) == [.delete(at: 2, name: "Old"), .insert(at: 1, name: "Beta"), .move(from: 0, to: 2, name: "Account")])
        #expect(changes.elementChanges.map(\.change) == [.update(at: visible(1, 0), newIndexPath: visible(0, 0))])
        #expect(rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) == [["f:versionv1"], ["f:experimentsv0"], ["f:profilev0", "f:sign outv0"]])
        // Rows reordered and added in a section that moves up: it keeps its
        // rows' animations, the sections without row changes move around it.
        try settings.setSections {
            StaticSection("Account") { fixed("sign out"); fixed("help"); fixed("profile") }
            StaticSection("About") { fixed("version", 1) }
            StaticSection("Beta") { fixed("experiments") }
        }
        changes = try #require(screen.updates.last?.changeset)
        #expect(Set(changes.sectionChanges) == [.move(from: 0, to: 1, name: "About"), .move(from: 1, to: 2, name: "Beta")])
        #expect(Set(changes.elementChanges.map(\.change)) == [.insert(at: visible(0, 1)), .move(from: visible(2, 1), to: visible(0, 0), isUpdated: false)])
        try settings.setSections {
            StaticSection("Account") { fixed("profile"); fixed("sign out") }
            StaticSection("About") { fixed("version", 1) }
            StaticSection("Beta") { fixed("experiments") }
        }
        changes = try #require(screen.updates.last?.changeset)
        #expect(changes.sectionChanges.isEmpty)
        #expect(Set(changes.elementChanges.map(\.change)) == [.delete(at: visible(0, 1)), .move(from: visible(0, 2), to: visible(0, 0), isUpdated: false)])
        #expect(screen.updates.count == 3)
        #expect(screen.problems().isEmpty)
        // The same declaration again: nothing to animate.
        try settings.setSections(settings.sections)
        #expect(screen.updates.count == 3)
        // The data source of a settings screen alone.
        let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
        let dataSource = ResultsDataSource(source: settings, view: view) { _, row in row.description }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        try settings.setSections { StaticSection("Account") { fixed("profile") } }
        #expect(view.exception == nil && view.cells == [["f:profilev0"]] && view.headerTitles == ["Account"])
    }

    @Test func rowsThatAreNotEquatableChangeWheneverTheyAreDeclaredAgain() throws {
        let settings = try StaticSections<Opaque> {
            StaticSection("A") { StaticRow(Opaque(title: "one"), id: 1); StaticRow(Opaque(title: "two"), id: 2) }
        }
        var updates: [StaticSections<Opaque>.Update] = []
        let observation = settings.observe { updates.append($0) }
        try settings.setSections { StaticSection("A") { StaticRow(Opaque(title: "one"), id: 1); StaticRow(Opaque(title: "2"), id: 2) } }
        #expect(updates.count == 1 && updates[0].changeset.elementChanges.count == 2)
        #expect(updates[0].snapshot.element(at: visible(0, 1))?.title == "2")
        _ = observation
    }

    @Test func aDeclarationWithTwoSectionsOfOneTitleIsRefused() throws {
        let settings = try StaticSections<Row> { StaticSection("A") { fixed("a") } }
        #expect(throws: ResultsError.duplicateSection("B")) {
            try settings.setSections {
                StaticSection("B") { fixed("b") }
                StaticSection("B") { fixed("c") }
            }
        }
        #expect(rows(settings.reportedSnapshot.sections.map(ResultsSection.init)) == [["f:av0"]] && settings.sections.count == 1)
        #expect(throws: ResultsError.self) {
            _ = try StaticSections<Row> { StaticSection("B") { fixed("b") }; StaticSection("B") { fixed("c") } }
        }
        #expect(throws: ResultsError.self) { try settings.remove(key: settings.key(ofRow: "a")) }
        #expect(throws: ResultsError.self) { try settings.moveRow(from: visible(0, 0), to: visible(0, 0), in: settings.reportedSnapshot) }
    }
}
