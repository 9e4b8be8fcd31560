/// The data source of a table or collection view that shows a controller's
/// visible table: a ``ResultsSourceDataSource`` whose source is a
/// ``ResultsController``.
///
///     let dataSource = ResultsDataSource(controller: controller, view: listView) { view, indexPath, product in
///         Cell(title: product.name)
///     }
public typealias ResultsDataSource<Element, Key: Hashable, View: ResultsListView, Cell> =
    ResultsSourceDataSource<ResultsController<Element, Key>, View, Cell>
