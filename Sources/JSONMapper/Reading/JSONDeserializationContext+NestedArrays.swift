// Getters for arrays of arrays of models, `[[T]]`: a table's rows of cells, pages of results, a grid.
//
// The same rules as `[T]`, one level deeper. The lenient getter drops a row that is not an array, and an element
// that is not an object or whose model failed, each recorded with its path (`rows[2][0].name`), and keeps the
// rest; the strict getter makes any of these a required failure of the model that asks.
//
// They are spelled as `getArray(_:ofClass:)` and `requireArray(_:ofClass:)` with the element type, like the `[T]`
// getters, and chosen by the type they return: `let rows: [[Cell]] = c.getArray("rows", ofClass: Cell.self)`.
// `@_disfavoredOverload` keeps a call whose result type is not stated (`let cells = c.getArray(…)`) on the `[T]`
// getter, as before these existed, instead of making it ambiguous. Like every model getter, each has an `at:` form
// for a path and a form with the element type inferred (`let rows: [[Cell]] = c.getArray("rows")`).
//
// As in `+Models.swift`, the public getters are thin inlinable shims over one non-generic function, and contexts
// for the elements come from `_modelContext` and go back through `_recycle`.

extension JSONDeserializationContext {
    /// The models mapped from the array of arrays at `key`, leniently: a row that is not an array, and an element
    /// that is not an object or whose initializer recorded a required failure, are dropped, each recorded with its
    /// path (`rows[2][0].name`); the other rows and elements are kept, in order. A missing key or `null` gives `[]`.
    ///
    /// ```swift
    /// let rows: [[Cell]] = c.getArray("rows", ofClass: Cell.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type (`Cell.self` for `[[Cell]]`).
    /// - Returns: The rows that are arrays, each with the models that mapped.
    @inlinable
    @_disfavoredOverload
    public func getArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [[T]] {
        _nestedModels(of: T.self, required: false) { reserve, beginRow, endRow, body in
            _mapNestedElements(
                key, type: T.self, required: false, reserve: reserve, beginRow: beginRow, endRow: endRow, body)
        }
    }

    /// The models mapped from the array of arrays at `key`, strictly: a missing array, a row that is not an array,
    /// or any element that is not an object or whose model failed is a required failure of this model.
    ///
    /// ```swift
    /// pages = c.requireArray("pages", ofClass: Result.self)    // pages: [[Result]]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type (`Cell.self` for `[[Cell]]`).
    /// - Returns: The rows and the models that mapped (all of them unless this model failed).
    @inlinable
    @_disfavoredOverload
    public func requireArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [[T]] {
        _nestedModels(of: T.self, required: true) { reserve, beginRow, endRow, body in
            _mapNestedElements(
                key, type: T.self, required: true, reserve: reserve, beginRow: beginRow, endRow: endRow, body)
        }
    }

    /// The models mapped from the array of arrays at `key`, leniently, with their type inferred:
    /// `let rows: [[Cell]] = c.getArray("rows")`. Behaves as the `[[T]]` `getArray(_:ofClass:)`.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The rows that are arrays, each with the models that mapped.
    @inlinable
    @_disfavoredOverload
    public func getArray<T: JSONSerializable>(_ key: String) -> [[T]] {
        getArray(key, ofClass: T.self)
    }

    /// The models mapped from the array of arrays at `key`, strictly, with their type inferred:
    /// `rows = c.requireArray("rows")` for `rows: [[Cell]]`.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The rows and the models that mapped (all of them unless this model failed).
    @inlinable
    @_disfavoredOverload
    public func requireArray<T: JSONSerializable>(_ key: String) -> [[T]] {
        requireArray(key, ofClass: T.self)
    }

    // MARK: At a path

    /// The models mapped from the array of arrays at `path`, leniently as the key form: bad rows and elements are
    /// dropped and recorded with their full paths (`page.rows[2][0].name`).
    ///
    /// ```swift
    /// let rows: [[Cell]] = c.getArray(at: ["page", "rows"], ofClass: Cell.self)
    /// ```
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The element model type (`Cell.self` for `[[Cell]]`).
    /// - Returns: The rows that are arrays, each with the models that mapped.
    @inlinable
    @_disfavoredOverload
    public func getArray<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [[T]] {
        _nestedModels(of: T.self, required: false) { reserve, beginRow, endRow, body in
            _mapNestedElements(
                at: path, type: T.self, required: false, reserve: reserve, beginRow: beginRow, endRow: endRow, body)
        }
    }

    /// The models mapped from the array of arrays at `path`, leniently, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The rows that are arrays, each with the models that mapped.
    @inlinable
    @_disfavoredOverload
    public func getArray<T: JSONSerializable>(at path: [JSONPathElement]) -> [[T]] {
        getArray(at: path, ofClass: T.self)
    }

    /// The models mapped from the array of arrays at `path`, strictly as the key form: a missing array, a bad row or
    /// a bad element is a required failure of this model, with the full path.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The element model type (`Cell.self` for `[[Cell]]`).
    /// - Returns: The rows and the models that mapped (all of them unless this model failed).
    @inlinable
    @_disfavoredOverload
    public func requireArray<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [[T]] {
        _nestedModels(of: T.self, required: true) { reserve, beginRow, endRow, body in
            _mapNestedElements(
                at: path, type: T.self, required: true, reserve: reserve, beginRow: beginRow, endRow: endRow, body)
        }
    }

    /// The models mapped from the array of arrays at `path`, strictly, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The rows and the models that mapped (all of them unless this model failed).
    @inlinable
    @_disfavoredOverload
    public func requireArray<T: JSONSerializable>(at path: [JSONPathElement]) -> [[T]] {
        requireArray(at: path, ofClass: T.self)
    }

    // MARK: Machinery (generic, inlined into the getters)

    /// Collects the rows that `walk` reports (through `_mapNestedElements`, given the callbacks it needs): maps a
    /// model of type `T` from each element's context and keeps those that `_accept` takes. The one body of the four
    /// `[[T]]` getters, which differ only in how they find the array and whether it is required.
    @inlinable
    func _nestedModels<T: JSONSerializable>(
        of type: T.Type, required: Bool,
        _ walk: (
            _ reserve: (Int) -> Void, _ beginRow: (Int) -> Void, _ endRow: () -> Void,
            _ body: (JSONDeserializationContext) -> Void
        ) -> Void
    ) -> [[T]] {
        var rows: [[T]] = []
        var row: [T] = []
        walk(
            { rows.reserveCapacity($0) },
            { count in
                row = []
                row.reserveCapacity(count)
            },
            { rows.append(row) }
        ) { context in
            let model = T(context)
            if _accept(context, type: T.self, required: required) { row.append(model) }
        }
        return rows
    }

    // MARK: Machinery (non-generic)

    /// Walks the array of arrays at `path` as the key form walks the one at a key, with the path's components before
    /// each row's and element's index, so that drops and failures name the full path in document order.
    @usableFromInline
    func _mapNestedElements(
        at path: [JSONPathElement], type: Any.Type, required: Bool, reserve: (Int) -> Void,
        beginRow: (Int) -> Void, endRow: () -> Void, _ body: (JSONDeserializationContext) -> Void
    ) {
        let table = "[[\(Self.typeName(type))]]"
        guard let node = present(at: path, required: required, expected: table) else { return }
        walkNestedElements(
            node, below: path.map(\.component), type: type, required: required, reserve: reserve,
            beginRow: beginRow, endRow: endRow, body)
    }

    /// Walks the array of arrays at `key`: `reserve` gets the number of rows; for each row that is an array,
    /// `beginRow` gets its length, `body` a context for each element that is an object, and `endRow` is called
    /// after its last element. Rows that are not arrays and elements that are not objects are mismatches,
    /// recorded (as failures when `required`) and dropped.
    @usableFromInline
    func _mapNestedElements(
        _ key: String, type: Any.Type, required: Bool, reserve: (Int) -> Void, beginRow: (Int) -> Void,
        endRow: () -> Void, _ body: (JSONDeserializationContext) -> Void
    ) {
        let table = "[[\(Self.typeName(type))]]"
        guard let node = present(key, required: required, expected: table) else { return }
        walkNestedElements(
            node, below: [.key(key)], type: type, required: required, reserve: reserve, beginRow: beginRow,
            endRow: endRow, body)
    }

    /// Walks `node`, found at the path components `below` from this context, as an array of arrays of models.
    private func walkNestedElements(
        _ node: JSONNode, below prefix: [PathComponent], type: Any.Type, required: Bool, reserve: (Int) -> Void,
        beginRow: (Int) -> Void, endRow: () -> Void, _ body: (JSONDeserializationContext) -> Void
    ) {
        let element = Self.typeName(type)
        let row = "[\(element)]"
        let table = "[[\(element)]]"
        guard node.kind == .array else {
            let path = JSONPath.format(pathComponents + prefix)
            report(.typeMismatch(path: path, expected: table, found: node.found, required: required))
            return
        }
        reserve(node.count)
        node.forEachElement { rowIndex, rowNode in
            guard rowNode.kind == .array else {
                let rowPath = JSONPath.format(pathComponents + prefix + [.index(rowIndex)])
                report(.typeMismatch(path: rowPath, expected: row, found: rowNode.found, required: required))
                record(.dropped(path: rowPath, "dropped from \(table)", innerFailure: false, required: required))
                return
            }
            beginRow(rowNode.count)
            rowNode.forEachElement { index, value in
                let step = Step.components(prefix + [.index(rowIndex), .index(index)])
                var context = _modelContext(value, step, collection: .array(of: type))
                if value.kind == .object {
                    body(context)
                } else {
                    report(
                        .typeMismatch(path: context.path, expected: element, found: value.found, required: required))
                    record(
                        .dropped(path: context.path, "dropped from \(row)", innerFailure: false, required: required))
                }
                _recycle(&context)
            }
            endRow()
        }
    }

    /// Records `error`, as a failure of this model when it comes from a required getter.
    private func report(_ error: JSONMappingError) {
        error.isRequired ? fail(error) : record(error)
    }
}

