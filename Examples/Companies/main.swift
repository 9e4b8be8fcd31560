// The classic refresh: a table of companies and their products, as an API
// returns it twice. Prints the events a table view would animate, checks
// them with the batch-update validator, and prints the table after them.
import FilterableResults
import FilterableResultsTesting
import Foundation

struct Product: Equatable, Sendable {
    var id: String
    var name: String
}

func company(_ name: String, _ products: [(String, String)]) -> ResultsSection<Product> {
    ResultsSection(name: name, elements: products.map { Product(id: $0.0, name: $0.1) })
}

let before = [
    company("Amazon", [("kindle", "Kindle"), ("echo", "Echo"), ("fire", "Fire TV")]),
    company("Apple", [("iphone", "iPhone"), ("ipad", "iPad"), ("mac", "Macintosh")]),
    company("Blackberry RIM", [("bold", "Bold"), ("curve", "Curve"), ("torch", "Torch")]),
    company("Google", [("pixel", "Nexus One"), ("chromecast", "Chromecast"), ("nest", "Nest")]),
]
let after = [
    company("Amazon", [("kindle", "Kindle Paperwhite"), ("echo", "Echo"), ("fire", "Fire TV")]),
    company("Apple", [("iphone", "iPhone"), ("mac", "Mac"), ("ipad", "iPad"), ("watch", "Apple Watch")]),
    company("Google", [("pixel", "Pixel"), ("chromecast", "Chromecast"), ("nest", "Nest")]),
    company("Microsoft", [("surface", "Surface"), ("xbox", "Xbox")]),
]

func show(_ sections: [ResultsSection<Product>]) {
    for section in sections {
        print("  \(section.name ?? "(unnamed)")")
        for product in section.elements { print("    \(product.name)") }
    }
}

final class Printer: ResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: ResultsController<Product, String>) {
        print("beginUpdates")
    }
    func controller(_ controller: ResultsController<Product, String>, didChange section: SectionChange) {
        switch section {
        case let .insert(index, name): print("  insert section \(index) (\(name ?? "unnamed"))")
        case let .delete(index, name): print("  delete section \(index) (\(name ?? "unnamed"))")
        case let .move(from, to, name): print("  move section \(from) → \(to) (\(name ?? "unnamed"))")
        }
    }
    func controller(_ controller: ResultsController<Product, String>, didChange change: ResultsChangeset<Product, String>.ElementChange) {
        let name = change.element.name
        switch change.change {
        case let .insert(path): print("  insert row \(path) \(name)")
        case let .delete(path): print("  delete row \(path) \(name)")
        case let .move(from, to, isUpdated): print("  move row \(from) → \(to) \(name)\(isUpdated ? " (reconfigure after)" : "")")
        case let .update(path, _): print("  update row \(path) \(name)")
        }
    }
    func controllerDidChangeContent(_ controller: ResultsController<Product, String>) {
        print("endUpdates")
    }
}

let controller = ResultsController(store: ResultsStore<Product, String>(key: \.id))
let printer = Printer()
try controller.setData(sections: before)
print("Before:")
show(controller.store.snapshot.sections.map(ResultsSection.init))

controller.delegate = printer
var changes = ResultsChangeset<Product, String>()
let observation = controller.observe { update in changes = update.changeset }
print("\nRefresh:")
try controller.setData(sections: after)
let violations = BatchUpdateValidator.violations(
    of: changes, from: before, to: controller.store.snapshot.sections.map(ResultsSection.init), key: \.id)

print("\nAfter:")
show(controller.store.snapshot.sections.map(ResultsSection.init))
if violations.isEmpty {
    print("\nThe batch is valid for UITableView and UICollectionView.")
} else {
    print("\nInvalid batch:\n\(violations.map(\.description).joined(separator: "\n"))")
    exit(1)
}
