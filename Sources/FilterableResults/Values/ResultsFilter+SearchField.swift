extension ResultsFilter {
    /// A field a live search looks into: a string property of the element,
    /// optional or not.
    ///
    ///     try controller.search(for: query, in: [.field(\.name), .field(\.nickname)])
    ///
    /// A stored property of a struct is read in place, at its offset in the
    /// element (neither the element nor the string is copied); other key paths
    /// are read through the key path.
    public struct SearchField: Sendable {
        /// Where the field's text is.
        @usableFromInline enum Access: Sendable {
            /// A `String` stored at this byte offset in the element.
            case string(offset: Int)
            /// A `String?` stored at this byte offset in the element.
            case optionalString(offset: Int)
            /// Read by a function; `nil` when the element has none.
            case function(@Sendable (Element) -> String?)
        }

        @usableFromInline let access: Access

        @inlinable init(access: Access) { self.access = access }
    }
}

extension ResultsFilter.SearchField {
    /// A string property, read in place when the key path names a stored
    /// property.
    @inlinable init(_ keyPath: KeyPath<Element, String> & Sendable) {
        if let offset = MemoryLayout<Element>.offset(of: keyPath) {
            access = .string(offset: offset)
        } else {
            access = .function { $0[keyPath: keyPath] }
        }
    }

    /// Whether the field's text in the element at `element` contains `text`.
    @inlinable func contains(_ text: SearchText, in element: UnsafePointer<Element>) -> Bool {
        switch access {
        case let .string(offset):
            return text.isFound(inStringAt: UnsafeRawPointer(element).advanced(by: offset).assumingMemoryBound(to: String.self))
        case let .optionalString(offset):
            let field = UnsafeRawPointer(element).advanced(by: offset).assumingMemoryBound(to: String?.self)
            return field.pointee.map { text.isFound(in: $0) } ?? false
        case let .function(read):
            return read(element.pointee).map { text.isFound(in: $0) } ?? false
        }
    }
}

extension ResultsFilter.SearchField where Element: SendableMetatype {
    /// A field read through a key path of any type: a string or an
    /// optional string as `field(_:)` reads it, any other value by its
    /// description (a number is found by its digits).
    ///
    /// - Complexity: O(1).
    @inlinable public static func field(any keyPath: PartialKeyPath<Element> & Sendable) -> Self {
        let offset = MemoryLayout<Element>.offset(of: keyPath)
        if keyPath is KeyPath<Element, String> {
            return Self(access: offset.map { .string(offset: $0) } ?? .function { $0[keyPath: keyPath] as? String })
        }
        if keyPath is KeyPath<Element, String?> {
            return Self(access: offset.map { .optionalString(offset: $0) } ?? .function { $0[keyPath: keyPath] as? String })
        }
        return Self(access: .function { description(of: $0[keyPath: keyPath]) })
    }

    /// A value's description; `nil` for an optional holding none, the
    /// wrapped value's description for one holding a value.
    @usableFromInline static func description(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { description(of: $0.value) } ?? nil
    }

    /// A string property.
    ///
    /// - Complexity: O(1).
    @inlinable public static func field(_ keyPath: KeyPath<Element, String> & Sendable) -> Self {
        Self(keyPath)
    }

    /// An optional string property; `nil` contains nothing.
    ///
    /// - Complexity: O(1).
    @inlinable public static func field(_ keyPath: KeyPath<Element, String?> & Sendable) -> Self {
        if let offset = MemoryLayout<Element>.offset(of: keyPath) { return Self(access: .optionalString(offset: offset)) }
        return Self(access: .function { $0[keyPath: keyPath] })
    }
}
