import FilterableResults

/// Section updates: a header or footer refreshed after the batch names a
/// section that keeps its identity, where it lands (rules 1, 2, 3, 5), and
/// every section whose value changed has one (rule 6), and only those (7).
extension BatchValidation {
    /// Checks each section update against the section mapping, against
    /// titles that changed while their sections kept their ids, and, when
    /// the tables carry section values, against the values.
    ///
    /// - Complexity: O(*s* + *u*) for *s* sections and *u* section updates.
    @inlinable mutating func checkSectionUpdates() {
        var seenOld = Set<Int>(), seenNew = Set<Int>()
        var updated: [Int: Int] = [:]   // old index to new index
        for update in changeset.sectionUpdates {
            let (index, newIndex) = (update.index, update.newIndex)
            guard old.indices.contains(index), new.indices.contains(newIndex) else {
                report(1, "section update \(index) → \(newIndex) is out of range: \(count(old.count, "section")) before, \(new.count) after")
                continue
            }
            guard seenOld.insert(index).inserted, seenNew.insert(newIndex).inserted else {
                report(2, "section update \(index) → \(newIndex) names a section that another section update names")
                continue
            }
            switch oldFates[index] {
            case .deleted, .reloaded:
                report(3, "section update \(index) → \(newIndex) names \(describeOldSection(index)), which is itself \(describe(oldFates[index])): its header comes with it")
                continue
            case .stays, .moved: break
            }
            if sectionsAreMapped, newOrigins[newIndex]?.rowSource != index {
                report(5, "section update \(index) → \(newIndex): \(describeOldSection(index)) does not become new section \(newIndex)")
                continue
            }
            updated[index] = newIndex
        }
        guard sectionsAreMapped else { return }
        for (newIndex, origin) in newOrigins.enumerated() {
            guard let index = origin?.rowSource else { continue }
            let retitled = isRetitled(index, as: newIndex)
            let valueChanged = sectionValues.map { $0.old[index] != $0.new[newIndex] }
            if retitled && updated[index] == nil {
                let before = old[index].name.map { "'\($0)'" } ?? "none", after = new[newIndex].name.map { "'\($0)'" } ?? "none"
                report(6, "the title of \(describeOldSection(index)) changed (\(before) → \(after)) while it kept its id, but it has no section update: its header goes stale")
            } else if let values = sectionValues, valueChanged == true && updated[index] == nil {
                report(6, "the value of \(describeOldSection(index)) changed (\(describe(values.old[index])) → \(describe(values.new[newIndex]))) but it has no section update: its header and footer go stale")
            } else if valueChanged == false && !retitled && updated[index] != nil {
                report(7, "section update \(index) → \(newIndex) names a section whose value and title did not change")
            }
        }
    }

    /// A section value as a message shows it.
    @inlinable func describe(_ value: ResultsSectionValue?) -> String {
        guard let value else { return "none" }
        return "title \(value.title.map { "'\($0)'" } ?? "none"), footer \(value.footerTitle.map { "'\($0)'" } ?? "none")"
    }
}
