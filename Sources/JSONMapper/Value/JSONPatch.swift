import Foundation

/// A JSON Patch (RFC 6902), validated when made.
///
/// A patch is a list of operations (`add`, `remove`, `replace`, `move`, `copy`, `test`), each naming its target with
/// a ``JSONPointer``. ``JSONValue/applying(_:)`` runs them in order, each on the result of the one before, and gives
/// the result only when all of them succeed. ``init(from:to:)`` computes the patch between two values.
///
/// ```swift
/// let patch = try JSONPatch(parsing: Data(#"""
///     [{"op": "replace", "path": "/name", "value": "Ada"},
///      {"op": "add", "path": "/tags/-", "value": "new"}]
///     """#.utf8))
/// let doc = try JSONValue(parsing: #"{"name": "Bob", "tags": ["a"]}"#)
/// try doc.applying(patch).description   // {"name":"Ada","tags":["a","new"]}
/// ```
///
/// Two patches are equal when their operations are: the same kinds, pointers with the same tokens and values that
/// are `==`. `JSONPatch(p.operations) == p` for every patch `p`.
public struct JSONPatch: Hashable, Sendable {
    /// The validated operations.
    var steps: [Operation]

    /// The operations, as a JSON array.
    ///
    /// Each operation is an object holding only the members it uses, in the order `op`, `from`, `path`, `value`:
    /// `{"op":"move","from":"/a","path":"/b"}`. Members a patch document had that no operation uses are not kept.
    public var operations: JSONValue {
        .array(steps.map(\.json))
    }

    /// Reads a patch document; throws `.invalidPatch`.
    ///
    /// The document is an array of objects. Each has an `op`, one of `add`, `remove`, `replace`, `move`, `copy` and
    /// `test` (case-sensitive); a `path` holding pointer text; a `from` for `move` and `copy`; a `value` for `add`,
    /// `replace` and `test` (`null` counts). Other members are ignored.
    ///
    /// ```swift
    /// let patch = try JSONPatch([["op": "remove", "path": "/a"]])
    /// try JSONPatch([["op": "Remove", "path": "/a"]])
    /// // throws: [0].op: expected one of "add", "remove", "replace", "move", "copy", "test", found String "Remove"
    /// ```
    ///
    /// - Parameter operations: The patch document.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/invalidPatch`` whose path names the spot
    ///   (`[2].op`, `[0].from`, or the empty string when `operations` is not an array).
    public init(_ operations: JSONValue) throws(JSONMappingError) {
        guard case .array(let array) = operations else {
            throw Self.invalid("", "expected an array of operations, found \(operations.found)")
        }
        var steps: [Operation] = []
        steps.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            steps.append(try Operation(element, at: "[\(index)]"))
        }
        self.steps = steps
    }

    /// Also throws `.malformedJSON`.
    ///
    /// Parses `data` as ``JSONValue/init(parsing:)-(Data)`` does, then reads it as ``init(_:)`` does.
    ///
    /// - Parameter data: The patch document as UTF-8 JSON text.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/malformedJSON`` when `data` is not JSON,
    ///   or ``JSONMappingError/Code/invalidPatch`` when it is not a JSON Patch.
    public init(parsing data: Data) throws(JSONMappingError) {
        try self.init(JSONValue(parsing: data))
    }

    /// A patch of validated operations.
    init(steps: [Operation]) {
        self.steps = steps
    }

    static func invalid(_ path: String, _ message: String) -> JSONMappingError {
        JSONMappingError(code: .invalidPatch, path: path, message: message)
    }
}

extension JSONPatch {
    /// One operation of a patch, validated: the members its kind needs, and no others.
    struct Operation: Hashable, Sendable {
        /// What an operation does.
        enum Kind: String, CaseIterable, Sendable {
            case add, remove, replace, move, copy, test

            /// Whether it has a `from`.
            var hasFrom: Bool { self == .move || self == .copy }

            /// Whether it has a `value`.
            var hasValue: Bool { self == .add || self == .replace || self == .test }
        }

        var kind: Kind
        var path: JSONPointer
        /// The source of `move` and `copy`; `nil` for the others.
        var from: JSONPointer?
        /// The value of `add`, `replace` and `test`; `nil` for the others.
        var value: JSONValue?

        init(_ kind: Kind, path: JSONPointer, from: JSONPointer? = nil, value: JSONValue? = nil) {
            self.kind = kind
            self.path = path
            self.from = from
            self.value = value
        }

        /// Reads the operation object `json`, found at `location` (`[2]`) in the patch document.
        init(_ json: JSONValue, at location: String) throws(JSONMappingError) {
            guard case .object(let object) = json else {
                throw JSONPatch.invalid(location, "expected an operation object, found \(json.found)")
            }
            let name = try Self.string("op", in: object, at: location)
            guard let kind = Kind(rawValue: name) else {
                let names = Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw JSONPatch.invalid(
                    location + ".op", "expected one of \(names), found \(JSONValue.string(name).found)")
            }
            self.kind = kind
            from = kind.hasFrom ? try Self.pointer("from", in: object, at: location) : nil
            path = try Self.pointer("path", in: object, at: location)
            if kind.hasValue {
                guard let value = object["value"] else {
                    throw JSONPatch.invalid(location + ".value", "missing required member \"value\" for \(name)")
                }
                self.value = value
            } else {
                value = nil
            }
        }

        private static func string(
            _ key: String, in object: JSONValue.Object, at location: String
        ) throws(JSONMappingError) -> String {
            guard let member = object[key] else {
                throw JSONPatch.invalid(location + "." + key, "missing required member \"\(key)\"")
            }
            guard case .string(let string) = member else {
                throw JSONPatch.invalid(location + "." + key, "expected String, found \(member.found)")
            }
            return string
        }

        private static func pointer(
            _ key: String, in object: JSONValue.Object, at location: String
        ) throws(JSONMappingError) -> JSONPointer {
            let text = try string(key, in: object, at: location)
            switch JSONPointer.parse(text) {
            case .success(let tokens): return JSONPointer(tokens: tokens)
            case .failure(let problem): throw JSONPatch.invalid(location + "." + key, problem.message)
            }
        }

        /// The operation object, its members in the order `op`, `from`, `path`, `value`.
        var json: JSONValue {
            var object = JSONValue.Object()
            object.members.reserveCapacity(4)
            object.append("op", .string(kind.rawValue))
            if let from { object.append("from", .string(from.description)) }
            object.append("path", .string(path.description))
            if let value { object.append("value", value) }
            return .object(object)
        }
    }
}

extension JSONValue {
    /// How error messages show this value: `String "12"`, `Number 3.7`, `Bool true`, `null`, `Object`, `Array`.
    var found: String {
        switch self {
        case .null: "null"
        case .bool(let bool): bool ? "Bool true" : "Bool false"
        case .number(let number):
            "Number " + (number.text.count > 40 ? number.text.prefix(40) + "…" : number.text)
        case .string(let string): "String " + Quoting.quoted(string, limit: 40)
        case .array: "Array"
        case .object: "Object"
        }
    }
}
