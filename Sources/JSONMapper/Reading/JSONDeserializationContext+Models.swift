// Getters for nested models: objects, arrays and dictionaries of `JSONSerializable` types.
//
// A nested model's required failure stays contained in an optional getter (`getObject` gives nil, a lenient array
// drops the element) and becomes the outer model's failure in a required one (`requireObject`, `requireArray`).
//
// The public getters are thin inlinable shims: creating the model and collecting it, the only generic steps, are
// specialized in the caller's module, and everything else runs in the non-generic `@usableFromInline` functions
// below. Unspecialized generic code would look up the metadata of `[T]` and `T?` for every element, which cost
// canada.json a third of its mapping time before this split.

extension JSONDeserializationContext {
    /// The model mapped from the object at `key`, or `nil`.
    ///
    /// `nil` when the key is missing or `null` (nothing recorded), when the value is not an object (a mismatch is
    /// recorded), or when the nested initializer recorded a required failure: that failure is recorded but stays
    /// contained here, so the outer model does not fail.
    ///
    /// ```swift
    /// address = c.getObject("address", ofClass: Address.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The model type.
    /// - Returns: The model, or `nil`.
    @inlinable
    public func getObject<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> T? {
        guard var context = _objectContext(key, type: T.self, required: false) else { return nil }
        let model = T(context)
        return _finish(&context, type: T.self, required: false) ? model : nil
    }

    /// The model mapped from the object at `key`; when it is missing, not an object, or failed inside, the failure
    /// becomes this model's, so a strict decode of the outer model fails.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The model type.
    /// - Returns: The model; a placeholder made from an empty, silent context when there was nothing to map.
    @inlinable
    public func requireObject<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> T {
        var context = _objectContext(key, type: T.self, required: true) ?? _placeholder(key)
        let model = T(context)
        _ = _finish(&context, type: T.self, required: true)
        return model
    }

    /// The models mapped from the array at `key`, leniently: elements that are not objects, or whose initializer
    /// recorded a required failure, are dropped, each recorded with its index (`items[1].name`). The outer model
    /// still succeeds. A missing key or `null` gives an empty array.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [T] {
        _modelArray(key, required: false)
    }

    /// The models mapped from this context's own value, a top-level array such as `[{"id": 1}, {"id": 2}]`,
    /// leniently as ``getArray(_:ofClass:)->[T]``; paths look like `[2].name`.
    ///
    /// - Parameter ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>(ofClass: T.Type) -> [T] {
        _modelArray(nil, required: false)
    }

    /// The models mapped from the array at `key`, strictly: a missing array or any bad element is a required
    /// failure of this model.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [T] {
        _modelArray(key, required: true)
    }

    /// The models mapped from this context's own value, a top-level array, strictly.
    ///
    /// - Parameter ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>(ofClass: T.Type) -> [T] {
        _modelArray(nil, required: true)
    }

    /// The models mapped from the values of the object at `key`, keyed by member name, leniently: members that are
    /// not objects or whose initializer failed are dropped and recorded. Missing or `null` gives `[:]`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    @inlinable
    public func getDictionary<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [String: T] {
        _modelDictionary(key, required: false)
    }

    /// The models mapped from the values of the object at `key`, strictly: a missing object or any bad member is a
    /// required failure of this model.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    @inlinable
    public func requireDictionary<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [String: T] {
        _modelDictionary(key, required: true)
    }

    // MARK: Machinery (generic, inlined into the public shims)

    /// The models of the array at `key` (this context's own value for `nil`), leniently or strictly: the one body of
    /// ``getArray(_:ofClass:)``, ``requireArray(_:ofClass:)`` and their forms without a key.
    @inlinable
    func _modelArray<T: JSONSerializable>(_ key: String?, required: Bool) -> [T] {
        var models: [T] = []
        _mapElements(key, type: T.self, required: required, reserve: { models.reserveCapacity($0) }) { context in
            let model = T(context)
            if _accept(context, type: T.self, required: required) { models.append(model) }
        }
        return models
    }

    /// The models of the values of the object at `key`, leniently or strictly: the one body of
    /// ``getDictionary(_:ofClass:)`` and ``requireDictionary(_:ofClass:)``.
    @inlinable
    func _modelDictionary<T: JSONSerializable>(_ key: String, required: Bool) -> [String: T] {
        var models: [String: T] = [:]
        _mapMembers(key, type: T.self, required: required, reserve: { models.reserveCapacity($0) }) { member, context in
            let model = T(context)
            if _accept(context, type: T.self, required: required) { models._setMember(member, model) }
        }
        return models
    }

    // MARK: Machinery (non-generic)

    static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// A context on the object at `key` for a model of `type`, or `nil` (recording why when it matters): missing or
    /// `null` is a failure only when required; a value that is not an object is a mismatch.
    @usableFromInline
    func _objectContext(_ key: String, type: Any.Type, required: Bool) -> JSONDeserializationContext? {
        switch fastMember(key) {
        case .found(let view, let index):
            let tag = view.entry(index).tag
            if tag == .object { return _modelContext(nativeIndex: index, .key(key)) }
            if tag == .null && !required { return nil }
        case .missing where !required:
            return nil
        default:
            break
        }
        guard let node = present(key, required: required, expected: Self.typeName(type)) else { return nil }
        var context = _modelContext(node, .key(key))
        guard node.kind == .object else {
            reportNotAnObject(context, node, expected: Self.typeName(type), required: required)
            _recycle(&context)
            return nil
        }
        return context
    }

    /// A silent, empty context for a required model that could not be mapped.
    @usableFromInline
    func _placeholder(_ key: String) -> JSONDeserializationContext {
        _modelContext(nil, .key(key), records: false)
    }

    /// Whether the model just made from `context` is kept (see ``_accept(_:type:required:)``); then hands the
    /// context back for reuse.
    @usableFromInline
    func _finish(_ context: inout JSONDeserializationContext, type: Any.Type, required: Bool) -> Bool {
        let kept = _accept(context, type: type, required: required)
        _recycle(&context)
        return kept
    }

    /// Whether the model just made from `context` is kept: `false` when its initializer recorded a required failure,
    /// which is then recorded as a drop (for an element, or an optional object). In a required position the failure
    /// also becomes this model's, and a required object is kept as the placeholder it now is.
    @usableFromInline
    func _accept(_ context: JSONDeserializationContext, type: Any.Type, required: Bool) -> Bool {
        // `hasFailed` first: the common case, a model that did not fail, copies no error.
        guard context.hasValue, context.hasFailed, let failure = context.failure else { return true }
        if required { markFailed(failure) }
        if let collection = context.collection {
            record(
                .dropped(path: context.path, "dropped from \(collection.name)", innerFailure: true, required: required))
            return false
        }
        if required { return true }
        record(.dropped(path: context.path, "dropped \(Self.typeName(type))", innerFailure: true, required: false))
        return false
    }

    /// Calls `body` with a context for each element of the array at `key` (this context's own value when `key` is
    /// `nil`) that is an object; other elements are mismatches, recorded and dropped.
    @usableFromInline
    func _mapElements(
        _ key: String?, type: Any.Type, required: Bool, reserve: (Int) -> Void,
        _ body: (JSONDeserializationContext) -> Void
    ) {
        // Local functions rather than closure values, whose contexts could be allocated on the heap (see
        // `JSONPrimitiveReader.readArray`).
        func collection() -> String { "[\(Self.typeName(type))]" }
        let node: JSONNode
        if let key {
            guard let present = present(key, required: required, expected: collection()) else { return }
            node = present
        } else {
            guard let own = self.node, own.kind != .null else {
                if required { fail(.missing(path: path, expected: collection())) }
                return
            }
            node = own
        }
        guard node.kind == .array else {
            let path = key.map { self.path(.key($0)) } ?? self.path
            let error = JSONMappingError.typeMismatch(
                path: path, expected: collection(), found: node.found, required: required)
            required ? fail(error) : record(error)
            return
        }
        // Not for an empty array: on the empty array, `reserveCapacity(0)` still replaces the shared empty buffer.
        let count = node.count
        if count > 0 { reserve(count) }
        func dropped(_ context: JSONDeserializationContext) {
            if let element = context.node {
                self.reportNotAnObject(context, element, expected: Self.typeName(type), required: required)
            }
            self.record(
                .dropped(path: context.path, "dropped from \(collection())", innerFailure: false, required: required))
        }
        // One context maps every element, reused while the previous element's model did not keep it.
        var reusable: JSONDeserializationContext?
        let step: Step = key.map { .keyElement($0) } ?? .element
        defer {
            if var last = reusable {
                reusable = nil
                _recycle(&last)
            }
        }
        if case .native(let document, let array) = node, document === session.document, let view = session.view {
            // The elements by tape index, without a `JSONNode` (and a retain of the document) for each.
            let end = view.entry(array).low
            var element = array + 1
            var position = 0
            while element < end {
                let context = _elementContext(
                    &reusable, .native(element), position: position, step, collection: .array(of: type))
                if view.entry(element).tag == .object { body(context) } else { dropped(context) }
                reusable = context
                position += 1
                element = view.next(after: element)
            }
            return
        }
        node.forEachElement { position, element in
            let context = _elementContext(
                &reusable, .other(element), position: position, step, collection: .array(of: type))
            if element.kind == .object { body(context) } else { dropped(context) }
            reusable = context
        }
    }

    /// Calls `body` with the name and a context for each member of the object at `key` whose value is an object;
    /// other members are mismatches, recorded and dropped.
    @usableFromInline
    func _mapMembers(
        _ key: String, type: Any.Type, required: Bool, reserve: (Int) -> Void,
        _ body: (String, JSONDeserializationContext) -> Void
    ) {
        let expected = "[String: \(Self.typeName(type))]"
        guard let node = present(key, required: required, expected: expected) else { return }
        mapMembers(of: node, at: [.key(key)], type: type, required: required, reserve: reserve, body)
    }

    /// As ``_mapMembers(_:type:required:reserve:_:)`` for the object at `path`.
    @usableFromInline
    func _mapMembers(
        at path: [JSONPathElement], type: Any.Type, required: Bool, reserve: (Int) -> Void,
        _ body: (String, JSONDeserializationContext) -> Void
    ) {
        let expected = "[String: \(Self.typeName(type))]"
        guard let node = present(at: path, required: required, expected: expected) else { return }
        mapMembers(of: node, at: path.map(\.component), type: type, required: required, reserve: reserve, body)
    }

    /// Calls `body` for each member of `node`, the value at `prefix` below this context, whose value is an object.
    private func mapMembers(
        of node: JSONNode, at prefix: [PathComponent], type: Any.Type, required: Bool, reserve: (Int) -> Void,
        _ body: (String, JSONDeserializationContext) -> Void
    ) {
        func collection() -> String { "[String: \(Self.typeName(type))]" }
        guard node.kind == .object else {
            let error = JSONMappingError.typeMismatch(
                path: JSONPath.format(pathComponents + prefix), expected: collection(), found: node.found,
                required: required)
            required ? fail(error) : record(error)
            return
        }
        reserve(node.count)
        var reusable: JSONDeserializationContext?
        defer {
            if var last = reusable {
                reusable = nil
                _recycle(&last)
            }
        }
        node.forEachMember { member, value in
            let context = _collectionContext(
                &reusable, Self.storage(of: value, in: session), Self.memberStep(prefix, member),
                collection: .dictionary(of: type))
            if value.kind == .object {
                body(member, context)
            } else {
                reportNotAnObject(context, value, expected: Self.typeName(type), required: required)
                record(
                    .dropped(
                        path: context.path, "dropped from \(collection())", innerFailure: false, required: required))
            }
            reusable = context
        }
    }

    /// The step from this context to member `member` of the object at `prefix`, without an array for one key.
    private static func memberStep(_ prefix: [PathComponent], _ member: String) -> Step {
        if prefix.count == 1, case .key(let key) = prefix[0] { return .keyKey(key, member) }
        return .components(prefix + [.key(member)])
    }

    // MARK: Machinery for paths

    /// A context on the object at `path` for a model of `type`, or `nil`, as ``_objectContext(_:type:required:)``
    /// does for a key.
    @usableFromInline
    func _objectContext(at path: [JSONPathElement], type: Any.Type, required: Bool) -> JSONDeserializationContext? {
        guard let node = present(at: path, required: required, expected: Self.typeName(type)) else { return nil }
        let context = child(node, .components(path.map(\.component)))
        guard node.kind == .object else {
            reportNotAnObject(context, node, expected: Self.typeName(type), required: required)
            return nil
        }
        return context
    }

    /// A silent, empty context for a required model at `path` that could not be mapped.
    @usableFromInline
    func _placeholder(at path: [JSONPathElement]) -> JSONDeserializationContext {
        child(nil, .components(path.map(\.component)), records: false)
    }

    /// As ``_mapElements(_:type:required:reserve:_:)`` for the array at `path`: the elements are mapped by a context
    /// on the array, whose failures become this context's when `required`.
    @usableFromInline
    func _mapElements(
        at path: [JSONPathElement], type: Any.Type, required: Bool, reserve: (Int) -> Void,
        _ body: (JSONDeserializationContext) -> Void
    ) {
        let collection = "[\(Self.typeName(type))]"
        guard let node = present(at: path, required: required, expected: collection) else { return }
        guard node.kind == .array else {
            let error = JSONMappingError.typeMismatch(
                path: self.path(path), expected: collection, found: node.found, required: required)
            required ? fail(error) : record(error)
            return
        }
        let array = child(node, .components(path.map(\.component)))
        array._mapElements(nil, type: type, required: required, reserve: reserve, body)
        if required, let failure = array.failure { markFailed(failure) }
    }

    private func reportNotAnObject(
        _ context: JSONDeserializationContext, _ node: JSONNode, expected: String, required: Bool
    ) {
        let error = JSONMappingError.typeMismatch(
            path: context.path, expected: expected, found: node.found, required: required)
        required ? fail(error) : record(error)
    }

    /// Maps the top-level value as a model for the strict `decode`: it must be an object.
    func requireRootObject<T: JSONSerializable>(ofClass: T.Type) -> T {
        if let node, node.kind != .object {
            fail(.typeMismatch(path: "", expected: Self.typeName(T.self), found: node.found, required: true))
        }
        return T(self)
    }
}
