// Getters for JSON of unknown shape: any value, as a `JSONValue`.
//
//     metadata = c.getValue("metadata")          // nil when missing, .null for null
//     let tags: [JSONValue] = c.getArray("tags") // mixed arrays
//
// `JSONValue` is also a `JSONPrimitive` (`Value/JSONValue+Reading.swift`), so the array, dictionary and `at:` getters
// take it.

extension JSONDeserializationContext {
    /// The value at `key` as a ``JSONValue``: `nil` when the key is missing, ``JSONValue/null`` for `null`.
    ///
    /// Only a tree from another library can hold something JSON has no form for (a `Date`, a NaN); that gives `nil`
    /// and a mismatch with its path.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getValue(_ key: String) -> JSONValue? {
        value(key).flatMap { convert($0, path: { self.path(.key(key)) }, required: false) }
    }

    /// The value at `key` as a ``JSONValue``; `null` is a value here. A missing key records a required failure and
    /// gives ``JSONValue/null``.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireValue(_ key: String) -> JSONValue {
        guard let node = value(key) else {
            fail(.missing(path: path(.key(key)), expected: "JSONValue"))
            return .null
        }
        return convert(node, path: { self.path(.key(key)) }, required: true) ?? .null
    }

    /// The value at `path` as a ``JSONValue``: `nil` when a step is missing, ``JSONValue/null`` for `null`.
    ///
    /// ```swift
    /// let first = c.getValue(at: ["results", 0, "extra"])
    /// ```
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getValue(at path: [JSONPathElement]) -> JSONValue? {
        guard case .found(let node) = walk(path, required: false) else { return nil }
        return convert(node, path: { self.path(path) }, required: false)
    }

    /// The value at `path` as a ``JSONValue``; a missing step records a required failure and gives
    /// ``JSONValue/null``.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireValue(at path: [JSONPathElement]) -> JSONValue {
        switch walk(path, required: true) {
        case .found(let node):
            return convert(node, path: { self.path(path) }, required: true) ?? .null
        case .missing:
            fail(.missing(path: self.path(path), expected: "JSONValue"))
            return .null
        case .mismatch:
            return .null
        }
    }

    private func convert(_ node: JSONNode, path: () -> String, required: Bool) -> JSONValue? {
        switch JSONValue.make(from: node) {
        case .success(let value):
            return value
        case .failure(let problem):
            let error = problem.error(at: path(), required: required)
            required ? fail(error) : record(error)
            return nil
        }
    }
}
