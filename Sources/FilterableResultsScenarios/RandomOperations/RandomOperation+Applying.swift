import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Running an operation on a controller and on a reference model.
extension RandomOperation {
    /// Runs the operation on a controller: raw positions through
    /// ``/FilterableResults/ResultsController/modify(_:)``, the rest through the controller's
    /// own methods. Reported as a batch of its own, or with the open batch.
    ///
    /// - Throws: the error the controller refuses the operation with.
    /// - Complexity: that of the controller's operation.
    public func apply(to controller: ResultsController<Element, Key>) throws(ResultsError) {
        switch self {
        case let .setData(objects): try controller.setData(objects)
        case let .setSections(sections): try controller.setData(sections: sections)
        case let .add(object, section): try controller.modify { store throws(ResultsError) in try store.add(object, toSection: section) }
        case let .insert(object, path): try controller.modify { store throws(ResultsError) in try store.insert(object, at: path) }
        case let .remove(object): try controller.remove(object)
        case let .removeAt(path): try controller.modify { store throws(ResultsError) in try store.remove(at: path) }
        case let .replace(object): try controller.replace(object)
        case let .replaceObject(old, new): try controller.replace(old, with: new)
        case let .replaceAt(path, object): try controller.modify { store throws(ResultsError) in try store.replace(at: path, with: object) }
        case let .replaceAll(objects): try controller.replaceAll(objects)
        case let .merge(objects, sortKeys, prune): try controller.merge(objects, sortedBy: sortKeys, prune: prune)
        case let .addSection(section): try controller.addSection(section)
        case let .insertSection(section, index): try controller.modify { store throws(ResultsError) in try store.insertSection(section, at: index) }
        case let .removeSectionAt(index): try controller.modify { store throws(ResultsError) in try store.removeSection(at: index) }
        case let .removeSection(name): try controller.removeSection(named: name)
        case let .removeSectionWithID(id): try controller.removeSection(id: id)
        case .refreshSectionTitles: try controller.refreshSectionTitles()
        case let .replaceSection(index, section): try controller.modify { store throws(ResultsError) in try store.replaceSection(at: index, with: section) }
        case let .addFilter(filter): try controller.addFilter(filter)
        case let .removeFilter(title, group): try controller.removeFilter(title: title, group: group)
        case .clearFilters: try controller.clearFilters()
        case let .update(key, object): _ = try controller.update(key) { $0 = object }
        }
    }

    /// Runs the operation on a reference model. A refused operation may
    /// leave the model half changed: run it on a copy and keep the copy
    /// only when it succeeds.
    ///
    /// - Throws: the error the model refuses the operation with.
    /// - Complexity: that of the model's operation.
    public func apply(to model: inout ReferenceModel<Element, Key>) throws(ResultsError) {
        switch self {
        case let .setData(objects): try model.setData(objects)
        case let .setSections(sections): try model.setData(sections: sections)
        case let .add(object, section): try model.add(object, toSection: section)
        case let .insert(object, path): try model.insert(object, at: path)
        case let .remove(object): try model.remove(object)
        case let .removeAt(path): try model.remove(at: path)
        case let .replace(object): try model.replace(object)
        case let .replaceObject(old, new): try model.replace(old, with: new)
        case let .replaceAt(path, object): try model.replace(at: path, with: object)
        case let .replaceAll(objects): try model.replaceAll(objects)
        case let .merge(objects, sortKeys, prune): try model.merge(objects, sortedBy: sortKeys, prune: prune)
        case let .addSection(section): try model.addSection(section)
        case let .insertSection(section, index): try model.insertSection(section, at: index)
        case let .removeSectionAt(index): try model.removeSection(at: index)
        case let .removeSection(name): try model.removeSection(named: name)
        case let .removeSectionWithID(id): try model.removeSection(id: id)
        case .refreshSectionTitles: model.refreshSectionTitles()
        case let .replaceSection(index, section): try model.replaceSection(at: index, with: section)
        case let .addFilter(filter): model.addFilter(filter)
        case let .removeFilter(title, group): model.removeFilter(title: title, group: group)
        case .clearFilters: model.clearFilters()
        case let .update(key, object): if model.indexPath(forKey: key) != nil { try model.replace(object) }
        }
    }
}
