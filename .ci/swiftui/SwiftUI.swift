// A stand-in for the slice of SwiftUI's declarations the SwiftUI example
// (Examples/SwiftUI) uses, so CI on Linux type-checks the
// `#if canImport(SwiftUI)` code. Signatures and `@available` follow Apple's
// documentation (developer.apple.com/documentation/swiftui, the page of each
// symbol; the 2026 pages); bodies do nothing. It is not shipped and models
// no behaviour. .ci/availability/check reads its `@available` attributes.
//
// Where it departs from the documentation, on purpose:
// - Closures are `@ViewBuilder`. The newest pages spell it `@ContentBuilder`,
//   which Xcode 27 introduces; Xcode 26 and earlier use `@ViewBuilder`
//   (ViewBuilder's page), and call sites read the same.
// - `@export(implementation)` (an SDK implementation detail) is left out.
// - View types are `nonisolated`, as NavigationStack's page shows, so that
//   conforming to the main-actor View protocol does not make their
//   initializers main-actor-isolated here.
// - Only the members the example uses are declared: one overload of each
//   modifier, no `@dynamicMemberLookup` on Binding, no DynamicProperty.
@_exported import Foundation
// On Apple platforms URLSession is part of Foundation, which SwiftUI
// re-exports; on Linux it is in FoundationNetworking.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
// SwiftUI re-exports Observation (an app writes `@Observable` with only
// `import SwiftUI`).
@_exported import Observation

// MARK: - Views

/// A piece of user interface, described by its `body`.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Builds a view from the statements of a closure.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

/// A view that shows nothing.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen nonisolated public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// Several views, as a view builder returns them.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Read-only text.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen nonisolated public struct Text: Equatable, Sendable {
    /// Text showing a string as it is, not localized.
    public init<S: StringProtocol>(_ content: S) {}
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension Text: View {
    public var body: Never { fatalError() }
}

/// The key of a localized string; a string literal makes one.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
}

// MARK: - Lists

/// A scrolling column of rows, possibly in sections.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension List where SelectionValue == Never {
    /// A list of the rows `content` builds, without selection.
    public init(@ViewBuilder content: () -> Content) {}

    /// A list of one row per element of `data`, identified by the
    /// element's `id`, without selection.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

/// The views of a collection of identified data, one per element.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension ForEach: DynamicViewContent where Content: View {}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// One view per element, identified by the element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension ForEach where Content: View {
    /// One view per element, identified by the value at `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

/// A control that runs an action when the user taps or clicks it.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
nonisolated public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
    /// A button showing `label` that runs `action`.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

/// A view whose rows come from a collection, which row actions edit.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
public protocol DynamicViewContent<Data>: View {
    associatedtype Data: Collection
    var data: Data { get }
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension DynamicViewContent {
    /// Swipe to delete: `action` gets the offsets, in `data`, of the rows
    /// the user deleted.
    @available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
    nonisolated public func onDelete(perform action: Optional<(IndexSet) -> Void>) -> some DynamicViewContent { self }
}

/// A group of rows, with a header.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
nonisolated public struct Section<Parent, Content, Footer> {}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    public var body: Never { fatalError() }
}

// Availability: the page of Section/init(_:content:), an overload group
// (it shows the LocalizedStringKey title; this is the String one, which a
// title that is not a literal selects).
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    /// A section headed by a string shown as it is.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

// MARK: - Navigation

/// A stack of views over a root view.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
nonisolated public struct NavigationStack<Data, Root: View>: View {
    public var body: Never { fatalError() }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension NavigationStack where Data == NavigationPath {
    /// A stack that keeps its own navigation state.
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

/// The type-erased content of a navigation stack.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
public struct NavigationPath {
    public init() {}
}

// MARK: - State

/// A value a view owns, kept by SwiftUI across updates of the view.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen @propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    /// A binding to the value.
    public var projectedValue: Binding<Value> { fatalError() }
}

/// Read and write access to a value someone else owns.
@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
@frozen @propertyWrapper public struct Binding<Value> {
    /// The same binding (what `@Binding` parameters are initialized with).
    public init(projectedValue: Binding<Value>) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

// MARK: - Modifiers

/// Where a search field goes.
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
public struct SearchFieldPlacement: Sendable {
    /// Wherever SwiftUI sees fit.
    public static let automatic = SearchFieldPlacement()
}

@available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1, *)
extension View {
    /// The title of the view in a navigation stack (a string literal is a
    /// localized key).
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1, *)
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }

    /// A search field bound to `text`, with a prompt. (This overload's page
    /// says iOS 15; the group's LocalizedStringResource overload is iOS 16.)
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View { self }

    /// Pull to refresh: the list shows a progress indicator while `action` runs.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }

    /// Runs `action` before the view appears (`nil` does nothing).
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Runs `action` in a task tied to the view: started before the view
    /// appears, cancelled when it disappears. (`name`, `file` and `line`
    /// name the task from iOS 26.4 on; older SDKs spell the method
    /// `task(priority:_:)`, with the same call sites.)
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    /// Starts `action` when the view appears, and again, after cancelling
    /// the running one, whenever `value` changes.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
    nonisolated public func task<T: Equatable>(
        id value: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    /// Runs `action` when `value` changes (and first, with `initial`).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> some View { self }
}
