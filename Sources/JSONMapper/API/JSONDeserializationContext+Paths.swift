import Foundation

// Presence, nested paths and sub-contexts: reading a value deep inside the object without a model for each level.

extension JSONDeserializationContext {
    // MARK: Presence

    /// Whether the member `key` is missing, `null`, or has a value.
    ///
    /// ```swift
    /// switch c.presence(of: "nickname") {
    /// case .missing: break          // leave the stored nickname alone
    /// case .null: nickname = nil    // the API cleared it
    /// case .present: nickname = c.getString("nickname")
    /// }
    /// ```
    ///
    /// - Parameter key: The member name in this context's object.
    public func presence(of key: String) -> JSONPresence {
        guard let node = value(key) else { return .missing }
        return node.kind == .null ? .null : .present
    }

    /// Whether this context's object has a member named `key`, even one whose value is `null`.
    ///
    /// - Parameter key: The member name.
    public func contains(_ key: String) -> Bool { presence(of: key) != .missing }

    /// Whether the member `key` is present with the value `null`.
    ///
    /// - Parameter key: The member name.
    public func isNull(_ key: String) -> Bool { presence(of: key) == .null }

    /// The member names of this context's object in document order, each once; empty when it is not on an object.
    public var keys: [String] {
        var keys: [String] = []
        var seen = Set<String>()
        node?.forEachMember { key, _ in
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    // MARK: Sub-contexts

    /// A context on the object at `key`, to read its fields without a model of its own; `nil` when the key is
    /// missing or `null`, or (with a mismatch recorded) when the value is not an object.
    ///
    /// ```swift
    /// if let user = c.context(for: "user") {
    ///     screenName = user.getString("screen_name")
    /// }
    /// ```
    ///
    /// - Parameter key: The member name in this context's object.
    public func context(for key: String) -> JSONDeserializationContext? {
        context(at: [.key(key)])
    }

    /// A context on the object at `path`, or `nil` when a step is missing or `null`, or (with a mismatch recorded
    /// at that step) when a step is not the object or array it must be or the end is not an object.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func context(at path: [JSONPathElement]) -> JSONDeserializationContext? {
        guard let node = walk(path, expected: "Object"), node.kind != .null else { return nil }
        guard node.kind == .object else {
            record(.typeMismatch(path: self.path(path), expected: "Object", found: node.found, required: false))
            return nil
        }
        return child(node, .components(path.map(\.component)))
    }

    // MARK: Values at paths

    /// The value of type `T` at `path`, or `nil`: `let url: URL? = c.get(at: ["user", "url"])`.
    ///
    /// Missing steps give `nil`; a value or step of the wrong type gives `nil` and a mismatch with the full path.
    ///
    /// - Parameters:
    ///   - type: The value's type; usually inferred.
    ///   - path: Member names and array indices from this context's value.
    public func get<T: JSONPrimitive>(_ type: T.Type = T.self, at path: [JSONPathElement]) -> T? {
        guard let node = walk(path, expected: T.jsonTypeName), node.kind != .null else { return nil }
        return T._read(JSONPrimitiveReader(node: node, context: self, required: false), at: { self.path(path) })
    }

    /// The string at `path`, or `nil`: `c.getString(at: ["user", "entities", "urls", 0, "url"])`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getString(at path: [JSONPathElement]) -> String? { get(at: path) }

    /// The integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getInt(at path: [JSONPathElement]) -> Int? { get(at: path) }

    /// The 64-bit integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getInt64(at path: [JSONPathElement]) -> Int64? { get(at: path) }

    /// The unsigned 64-bit integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getUInt64(at path: [JSONPathElement]) -> UInt64? { get(at: path) }

    /// The number at `path` as a `Double`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getDouble(at path: [JSONPathElement]) -> Double? { get(at: path) }

    /// The exact decimal at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getDecimal(at path: [JSONPathElement]) -> Decimal? { get(at: path) }

    /// The boolean at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getBool(at path: [JSONPathElement]) -> Bool? { get(at: path) }

    /// The URL at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getURL(at path: [JSONPathElement]) -> URL? { get(at: path) }

    /// The date at `path` (with the context's date strategy), or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getDate(at path: [JSONPathElement]) -> Date? { get(at: path) }

    /// The array at `path`, with elements of a ``JSONPrimitive`` type; empty when missing.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getArray<T: JSONPrimitive>(at path: [JSONPathElement]) -> [T] { get(at: path) ?? [] }

    /// The model mapped from the object at `path`, or `nil`, as ``getObject(_:ofClass:)``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The model type.
    public func getObject<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> T? {
        guard let context = context(at: path) else { return nil }
        let model = T(context)
        return _accept(context, type: T.self, required: false) ? model : nil
    }

    // MARK: Machinery

    func path(_ elements: [JSONPathElement]) -> String {
        JSONPath.format(pathComponents + elements.map(\.component))
    }

    /// The value at `path`, or `nil` when a step is missing or `null`; a step that is not the container it must be
    /// records a mismatch there. The first key counts as read by this context.
    func walk(_ path: [JSONPathElement], expected: String) -> JSONNode? {
        guard var current = node else { return nil }
        for (index, element) in path.enumerated() {
            let next: JSONNode?
            switch element {
            case .key(let key):
                guard current.kind == .object else {
                    return stepMismatch(current, at: Array(path.prefix(index)), expected: "Object")
                }
                next = index == 0 ? value(key) : current.member(key)
            case .index(let position):
                guard current.kind == .array else {
                    return stepMismatch(current, at: Array(path.prefix(index)), expected: "Array")
                }
                next = current.element(at: position)
            }
            guard let next else { return nil }
            if next.kind == .null && index < path.count - 1 { return nil }
            current = next
        }
        return current
    }

    private func stepMismatch(_ node: JSONNode, at prefix: [JSONPathElement], expected: String) -> JSONNode? {
        if node.kind != .null {
            record(.typeMismatch(path: path(prefix), expected: expected, found: node.found, required: false))
        }
        return nil
    }
}
