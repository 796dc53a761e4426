import Foundation

// Making a `JSONValue` from JSON text or from a value a context reads, without recursion: containers being built
// wait on a stack of their own.

extension JSONValue {
    /// Parses `data` with the library's strict parser (the same one, with the same errors, as
    /// ``JSONMapper/context(_:engine:options:)-(Data,_,_)``).
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Data(#"[1, 2.50, {"a": null}]"#.utf8))
    /// value.description   // [1,2.50,{"a":null}]
    /// ```
    ///
    /// - Parameter data: UTF-8 JSON text.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/malformedJSON``, its line and column,
    ///   when `data` is not JSON or nests deeper than 512 levels.
    public init(parsing data: Data) throws(JSONMappingError) {
        try self.init(parsing: data, options: .default)
    }

    /// Parses `data` with the library's strict parser, nesting up to `options.maximumDepth` levels.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON text.
    ///   - options: The parsing settings; only ``JSONMapper/Options/maximumDepth`` applies.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/malformedJSON`` when `data` is not JSON.
    public init(parsing data: Data, options: JSONMapper.Options) throws(JSONMappingError) {
        let document: NativeDocument
        do {
            document = try NativeDocument(data: data, maximumDepth: options.maximumDepth)
        } catch {
            throw JSONMappingError(error)
        }
        switch JSONValue.make(from: .native(document, NativeDocument.root)) {
        case .success(let value): self = value
        case .failure(let problem): throw problem.error(at: "")
        }
    }

    /// Parses JSON text held in a `String`, as ``init(parsing:)-(Data)`` parses its UTF-8 bytes, with the same
    /// errors.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"name": "Zoë", "tags": ["a", null]}"#)
    /// value["name"]?.stringValue   // "Zoë"
    /// ```
    ///
    /// - Parameter text: JSON text.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/malformedJSON``, its line and column,
    ///   when `text` is not JSON or nests deeper than 512 levels.
    public init(parsing text: String) throws(JSONMappingError) {
        try self.init(parsing: Data(text.utf8), options: .default)
    }

    /// Parses JSON text held in a `String`, nesting up to `options.maximumDepth` levels.
    ///
    /// - Parameters:
    ///   - text: JSON text.
    ///   - options: The parsing settings; only ``JSONMapper/Options/maximumDepth`` applies.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/malformedJSON`` when `text` is not JSON.
    public init(parsing text: String, options: JSONMapper.Options) throws(JSONMappingError) {
        try self.init(parsing: Data(text.utf8), options: options)
    }

    /// A value inside a tree from another library that JSON has no form for, and where it is.
    struct Unrepresentable: Error {
        var components: [PathComponent]
        var found: String

        /// The mismatch to record, with the path of the context the tree was reached from.
        func error(at base: String, required: Bool = false) -> JSONMappingError {
            var path = base
            for component in components { JSONPath.append(component, to: &path) }
            return .typeMismatch(path: path, expected: "JSONValue", found: found, required: required)
        }
    }

    /// The value `root` holds. Fails only for a tree from another library holding something JSON has no form for
    /// (a `Date`, a NaN): text the parser accepted always succeeds.
    static func make(from root: JSONNode) -> Result<JSONValue, Unrepresentable> {
        var stack: [BuildFrame] = []
        var node = root
        while true {
            var made: JSONValue?
            switch node.kind {
            case .null: made = .null
            case .bool: made = .bool(node.bool ?? false)
            case .string: made = .string(node.string ?? "")
            case .number:
                guard let text = node.numberText, let number = Number(text: text) else {
                    return .failure(Unrepresentable(components: path(stack), found: node.found))
                }
                made = .number(number)
            case .unsupported:
                return .failure(Unrepresentable(components: path(stack), found: node.found))
            case .array:
                var frame = BuildFrame(isObject: false)
                frame.children.reserveCapacity(node.count)
                node.forEachElement { _, element in frame.children.append(element) }
                frame.elements.reserveCapacity(frame.children.count)
                stack.append(frame)
            case .object:
                var frame = BuildFrame(isObject: true)
                node.forEachMember { key, value in
                    frame.keys.append(key)
                    frame.children.append(value)
                }
                stack.append(frame)
            }
            // Hand finished values to their containers until one has another child to convert.
            while true {
                guard var frame = stack.popLast() else {
                    if let made { return .success(made) }
                    break
                }
                if let value = made {
                    if frame.isObject {
                        frame.object[frame.keys[frame.next]] = value
                    } else {
                        frame.elements.append(value)
                    }
                    frame.next += 1
                    made = nil
                }
                if frame.next < frame.children.count {
                    node = frame.children[frame.next]
                    stack.append(frame)
                    break
                }
                made = frame.isObject ? .object(frame.object) : .array(frame.elements)
            }
        }
    }

    /// A container being built: the children still to convert, and the values made so far.
    private struct BuildFrame {
        var isObject: Bool
        var keys: [String] = []
        var children: [JSONNode] = []
        var next = 0
        var elements: [JSONValue] = []
        var object = Object()
    }

    /// The path of the child being converted: the key or position of each open container's current child.
    private static func path(_ stack: [BuildFrame]) -> [PathComponent] {
        stack.map { $0.isObject ? .key($0.keys[$0.next]) : .index($0.next) }
    }
}
