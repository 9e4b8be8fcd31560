import FilterableResults

extension FieldValue {
    /// Whether the value is an array or an object.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// Releases `pending` and every array and object nested in it one level
    /// at a time, with an explicit stack instead of the runtime's recursive
    /// release, which overflows a 512 KB stack a few thousand levels down.
    ///
    /// A container that something else still references is only let go
    /// (its count drops, nothing is freed); one referenced only from here
    /// has its children moved onto the stack before it is freed, so no
    /// release ever cascades more than one level.
    static func dismantle(_ pending: inout [FieldValue]) {
        while !pending.isEmpty {
            // Take a reference to the container's storage, then drop the
            // value (and the switch's copy of it) in statements of their own,
            // so that the storage's count shows whether this is the last
            // reference.
            var arrayStorage: FieldArray.Storage?
            var objectStorage: FieldObject.Storage?
            switch pending[pending.count - 1] {
            case let .array(array): arrayStorage = array.storage
            // A packed object holds no container.
            case let .object(object): objectStorage = object.ownStorage
            default: break
            }
            pending.removeLast()
            if isKnownUniquelyReferenced(&arrayStorage) {
                pending.append(contentsOf: arrayStorage!.elements.lazy.filter(\.isContainer))
                arrayStorage!.elements = []
            } else if isKnownUniquelyReferenced(&objectStorage) {
                pending.append(contentsOf: objectStorage!.takeContainers())
            }
        }
    }
}
