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

    /// Whether the value at `path` is missing, `null`, or present: `c.presence(at: ["user", "nickname"])`. A step
    /// that is missing or `null` makes the value missing; a step of the wrong type too, with a mismatch recorded.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func presence(at path: [JSONPathElement]) -> JSONPresence {
        guard case .found(let node) = walk(path, required: false) else { return .missing }
        return node.kind == .null ? .null : .present
    }

    /// Whether there is a value at `path`, even `null`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func contains(at path: [JSONPathElement]) -> Bool { presence(at: path) != .missing }

    /// Whether the value at `path` is `null`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func isNull(at path: [JSONPathElement]) -> Bool { presence(at: path) == .null }

    /// The member names of this context's object in document order, each once; empty when it is not on an object.
    ///
    /// Keys are told apart by their Unicode scalars: `"\u{E9}"` and `"e\u{301}"` are two keys, listed as written.
    public var keys: [String] {
        var keys: [String] = []
        var seen = Set<ExactKey>()
        node?.forEachMember { key, _ in
            if seen.insert(ExactKey(key)).inserted { keys.append(key) }
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
        guard case .found(let node) = walk(path, required: false), node.kind != .null else { return nil }
        guard node.kind == .object else {
            record(.typeMismatch(path: self.path(path), expected: "Object", found: node.found, required: false))
            return nil
        }
        return child(node, .components(path.map(\.component)))
    }

    // MARK: Machinery

    func path(_ elements: [JSONPathElement]) -> String {
        JSONPath.format(pathComponents + elements.map(\.component))
    }

    /// The value at `path` for a getter of `expected`, or `nil`.
    ///
    /// A missing step or end, or a `null` step or end, gives `nil`, and a required failure at the full path when
    /// `required`, as the key-based ``present(_:required:expected:)`` does for one key. A step that is not the
    /// object or array it must be is a mismatch at that step (a required failure when `required`).
    func present(
        at path: [JSONPathElement], required: Bool, expected: @autoclosure () -> String
    ) -> JSONNode? {
        switch walk(path, required: required) {
        case .found(let node) where node.kind == .null:
            if required { fail(.requiredNull(path: self.path(path), expected: expected())) }
            return nil
        case .found(let node):
            return node
        case .missing:
            if required { fail(.missing(path: self.path(path), expected: expected())) }
            return nil
        case .mismatch:
            return nil
        }
    }

    /// The value at `path` read as `T`, or `nil` (see ``present(at:required:expected:)``).
    func read<T: JSONPrimitive>(at path: [JSONPathElement], required: Bool) -> T? {
        guard let node = present(at: path, required: required, expected: T.jsonTypeName) else { return nil }
        return T._read(JSONPrimitiveReader(node: node, context: self, required: required), at: { self.path(path) })
    }

    /// What a walk down a path found.
    enum WalkResult {
        /// The value at the end of the path, possibly `null`.
        case found(JSONNode)
        /// A step is missing, or a step before the end is `null`.
        case missing
        /// A step is not the object or array the next step needs; recorded.
        case mismatch
    }

    /// The value at `path`; a step that is not the container it must be records a mismatch there (a required
    /// failure when `required`). The first key counts as read by this context.
    func walk(_ path: [JSONPathElement], required: Bool) -> WalkResult {
        guard var current = node else { return .missing }
        for (index, element) in path.enumerated() {
            let next: JSONNode?
            switch element {
            case .key(let key):
                guard current.kind == .object else {
                    return stepMismatch(current, at: Array(path.prefix(index)), expected: "Object", required: required)
                }
                next = index == 0 ? value(key) : current.member(key)
            case .index(let position):
                guard current.kind == .array else {
                    return stepMismatch(current, at: Array(path.prefix(index)), expected: "Array", required: required)
                }
                next = current.element(at: position)
            }
            guard let next else { return .missing }
            if next.kind == .null && index < path.count - 1 { return .missing }
            current = next
        }
        return .found(current)
    }

    /// A `null` step is missing; any other value of the wrong kind is a mismatch.
    private func stepMismatch(
        _ node: JSONNode, at prefix: [JSONPathElement], expected: String, required: Bool
    ) -> WalkResult {
        guard node.kind != .null else { return .missing }
        let error = JSONMappingError.typeMismatch(
            path: path(prefix), expected: expected, found: node.found, required: required)
        required ? fail(error) : record(error)
        return .mismatch
    }
}
