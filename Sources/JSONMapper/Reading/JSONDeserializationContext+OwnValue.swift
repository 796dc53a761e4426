// Getters for the context's own value, when it is not an object: a document that is one number or string, and above
// all a record of `lines` or `elements` that is a bare scalar (a JSON Lines file of numbers).
//
//     for record in JSONMapper.lines(contentsOf: url) {
//         let reading: Double? = record.getValue()
//     }

extension JSONDeserializationContext {
    /// This context's own value as `T`, or `nil`: for a document, a JSON Lines record or an array element that is
    /// a bare scalar rather than an object.
    ///
    /// ```swift
    /// for record in JSONMapper.lines(contentsOf: url) {     // 12\n7.5\n"x"\n
    ///     let reading = record.getValue(as: Double.self)    // 12.0, 7.5, then nil (a mismatch is recorded)
    /// }
    /// let total: Int? = JSONMapper.context("42").getValue() // 42
    /// ```
    ///
    /// The same as ``get(_:at:)`` with an empty path (`getInt(at: [])`), with the same rules and messages: `null`
    /// gives `nil`; a value of another type gives `nil` and records a mismatch at this context's path (`[3]: expected
    /// Int, found String "x"`), which the context's ``CoercionPolicy`` may let convert instead.
    ///
    /// - Parameter type: The value's type: any ``JSONPrimitive`` (`Int`, `String`, `Date`, `[Double]`,
    ///   ``JSONValue``…); usually inferred.
    /// - Returns: The value, or `nil`.
    public func getValue<T: JSONPrimitive>(as type: T.Type = T.self) -> T? {
        read(at: [], required: false)
    }

    /// This context's own value as `T`, strictly: `null`, a missing value (an invalid document) or a value of
    /// another type is a required failure, as for ``requireInt(at:)`` with an empty path.
    ///
    /// ```swift
    /// for element in JSONMapper.elements(of: stream, at: ["ids"]) {   // {"ids": [7, 8, "9"]}
    ///     guard let id = element.requireValue(as: Int.self) else {  // nil for "9": element.hasFailed is true,
    ///         continue                                              // with "ids[2]: expected Int, found String …"
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter type: The value's type: any ``JSONPrimitive``; usually inferred.
    /// - Returns: The value, or `nil` when the context failed for want of it.
    public func requireValue<T: JSONPrimitive>(as type: T.Type = T.self) -> T? {
        read(at: [], required: true)
    }
}
