// The model getters with the type inferred from where the result goes, beside their `ofClass:` forms:
//
//     let address: Address? = c.getObject("address")
//     let labels: [Label] = c.getArray("labels")
//
// They behave exactly as the `ofClass:` forms they call. Arrays of primitives (`[String]`) and arrays of models
// (`[Label]`) use the same name: the element type picks the overload, since the library's primitives are never
// `JSONSerializable` models.

extension JSONDeserializationContext {
    /// The model mapped from the object at `key`, or `nil`, with its type inferred:
    /// `let address: Address? = c.getObject("address")`. Behaves as ``getObject(_:ofClass:)``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The model, or `nil`.
    @inlinable
    public func getObject<T: JSONSerializable>(_ key: String) -> T? {
        getObject(key, ofClass: T.self)
    }

    /// The model mapped from the object at `key`, with its type inferred: `address = c.requireObject("address")`.
    /// Behaves as ``requireObject(_:ofClass:)``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The model; a placeholder when there was nothing to map.
    @inlinable
    public func requireObject<T: JSONSerializable>(_ key: String) -> T {
        requireObject(key, ofClass: T.self)
    }

    /// The models mapped from the array at `key`, leniently, with their type inferred:
    /// `let labels: [Label] = c.getArray("labels")`. Behaves as ``getArray(_:ofClass:)->[T]``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>(_ key: String) -> [T] {
        getArray(key, ofClass: T.self)
    }

    /// The models mapped from the array at `key`, strictly, with their type inferred. Behaves as
    /// ``requireArray(_:ofClass:)->[T]``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>(_ key: String) -> [T] {
        requireArray(key, ofClass: T.self)
    }

    /// The models mapped from this context's own value, a top-level array, leniently, with their type inferred:
    /// `let items: [Item] = context.getArray()`. Behaves as ``getArray(ofClass:)``.
    ///
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>() -> [T] {
        getArray(ofClass: T.self)
    }

    /// The models mapped from this context's own value, a top-level array, strictly, with their type inferred.
    /// Behaves as ``requireArray(ofClass:)``.
    ///
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>() -> [T] {
        requireArray(ofClass: T.self)
    }

    /// The models mapped from the values of the object at `key`, leniently, with their type inferred:
    /// `let teams: [String: Team] = c.getDictionary("teams")`. Behaves as ``getDictionary(_:ofClass:)``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The models that mapped.
    @inlinable
    public func getDictionary<T: JSONSerializable>(_ key: String) -> [String: T] {
        getDictionary(key, ofClass: T.self)
    }

    /// The models mapped from the values of the object at `key`, strictly, with their type inferred. Behaves as
    /// ``requireDictionary(_:ofClass:)``.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The models that mapped.
    @inlinable
    public func requireDictionary<T: JSONSerializable>(_ key: String) -> [String: T] {
        requireDictionary(key, ofClass: T.self)
    }
}
