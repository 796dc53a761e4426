import Foundation

/// A type that getters read straight from a JSON value, with no model of its own: `String`, `Int`, `Int64`,
/// `UInt64`, `Double`, `Float`, `Bool`, `Decimal`, `URL`, `Date` (with the context's date strategy), and arrays of
/// these nested to any depth (`[[[Double]]]`).
///
/// ``JSONDeserializationContext/getArray(_:)-43jvv`` and ``JSONDeserializationContext/getDictionary(_:)->[String:V]``
/// produce collections of these. The conversions are strict: a `Bool` is never a number, a number is never a string,
/// and an integer type takes a number only when its value is a whole number in range.
///
/// The library provides every conformance; the requirements are its implementation.
public protocol JSONPrimitive {
    /// The name error messages use for this type: `Int`, `[String]`.
    static var jsonTypeName: String { get }

    /// Reads a value of this type, recording a type mismatch through `reader` and returning `nil` when the value
    /// is not one. Implementation detail of the library's conformances.
    static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Self?

    /// Reads an array of values of this type, dropping and recording elements of other types. Implementation
    /// detail: each scalar type implements it concretely so that the per-element loop is specialized for it.
    static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Self]?

    /// Reads the array of values of this type at `key` for `getArray(_:)` and `requireArray(_:)`. Implementation
    /// detail: the scalar types read a native array in one loop specialized for them.
    static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Self]?
}

extension JSONPrimitive {
    /// The element loop for arrays of this type.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Self]? {
        reader.readArray(of: Self.self, at: path)
    }

    /// The array at `key`, read by the general path.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Self]? {
        context.read(key, required: required)
    }
}

/// Carries one JSON value, and where to report problems, to a ``JSONPrimitive`` conformance.
/// It has no public API of its own.
public struct JSONPrimitiveReader {
    let node: JSONNode
    let context: JSONDeserializationContext
    let required: Bool
    /// What a mismatch says was expected instead of the type being read: an enum names itself, not its raw type.
    var expectation: String?

    /// The reader for another value of the same collection.
    func reading(_ node: JSONNode) -> JSONPrimitiveReader {
        JSONPrimitiveReader(node: node, context: context, required: required)
    }

    /// Converts the value, recording a mismatch when `convert` says it is of the wrong kind (`nil`) or cannot be
    /// represented (a ``NumberIssue``). A value of the wrong kind is first offered to `coerce`, which the context's
    /// ``CoercionPolicy`` may let convert it; a conversion applied is recorded as a notice.
    @inline(__always)
    func convert<T>(
        _ path: () -> String, expected: @autoclosure () -> String, _ convert: (JSONNode) -> Result<T, NumberIssue>?,
        coerce: (JSONNode, CoercionPolicy) -> Result<T, NumberIssue>? = { _, _ in nil }
    ) -> T? {
        switch convert(node) {
        case .success(let value)?:
            return value
        case .failure(let issue)?:
            mismatch(path, expected: expected(), note: issue.note)
        case nil:
            let policy = context.session.options.coercion
            // A numeric string out of range says why, as a number would: `found String "1e400" (out of range)`.
            var note: String?
            if policy != .strict, let coerced = coerce(node, policy) {
                switch coerced {
                case .success(let value):
                    context.notice(.coerced, path: path(), "coerced \(node.found) to \(expected())")
                    return value
                case .failure(let issue):
                    note = issue.note
                }
            }
            mismatch(path, expected: expected(), note: note)
        }
        return nil
    }

    /// Records that the value is not of the expected type (or of ``expectation``); a required failure for required
    /// getters.
    func mismatch(_ path: () -> String, expected: String, note: String?) {
        let found = node.found + (note.map { " (\($0))" } ?? "")
        let error = JSONMappingError.typeMismatch(
            path: path(), expected: expectation ?? expected, found: found, required: required)
        required ? context.fail(error) : context.record(error)
    }

    /// Reads the date this reader holds with `strategy`.
    func readDate(with strategy: DateStrategy, at path: () -> String) -> Date? {
        convert(path, expected: "Date (\(strategy.name))", { node in strategy.date(from: node).map(Result.success) })
    }

    /// Reads the array this reader holds, keeping the elements that are of type `T`.
    @inline(__always)
    func readArray<T: JSONPrimitive>(of type: T.Type, at path: () -> String) -> [T]? {
        guard node.kind == .array else {
            mismatch(path, expected: [T].jsonTypeName, note: nil)
            return nil
        }
        let count = node.count
        if count == 0 { return [] }
        var result: [T] = []
        result.reserveCapacity(count)
        node.forEachElement { position, element in
            // A local function, not a closure in a `let`: a closure value is escaping, and in code generic in `T`
            // (arrays of arrays, such as canada.json's rings) its context was allocated on the heap for every
            // element, 55,563 allocations per mapping of canada.json. Passed as a non-escaping argument, a local
            // function's context stays on the stack.
            func elementPath() -> String { JSONPath.appending(.index(position), to: path()) }
            if let value = T._read(reading(element), at: elementPath) {
                result.append(value)
            } else {
                dropped(elementPath, from: [T].jsonTypeName)
            }
        }
        return result
    }

    /// Reads the array this reader holds as ``readArray(of:at:)`` does, converting the elements of a native array
    /// with `fast` in one loop over the tape when it converts them all (see `TapeView.array(at:_:)`).
    @inline(__always)
    func readArray<T: JSONPrimitive>(
        of type: T.Type, at path: () -> String, fast: (TapeView, Int) -> T?
    ) -> [T]? {
        if case .native(let document, let array) = node, document.entry(array).tag == .array,
            let values = document.view.array(at: array, fast)
        {
            return values
        }
        return readArray(of: type, at: path)
    }

    /// Records that a collection dropped the element at `path`; a required failure for required getters.
    func dropped(_ path: () -> String, from collection: @autoclosure () -> String) {
        let error = JSONMappingError.dropped(
            path: path(), "dropped from \(collection())", innerFailure: false, required: required)
        required ? context.fail(error) : context.record(error)
    }
}

/// `String` reads strings only.
extension String: JSONPrimitive {
    /// `String`.
    public static var jsonTypeName: String { "String" }
    /// Reads an array of `String`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [String]? {
        reader.readArray(of: String.self, at: path, fast: { $0.fastString($1) })
    }
    /// Reads the array of `String` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [String]? {
        context.scalarArray(key, required: required, { $0.fastString($1) })
    }
    /// Reads one `String`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> String? {
        reader.convert(path, expected: jsonTypeName, { $0.string.map(Result.success) }, coerce: Coercion.string)
    }
}

/// `Bool` reads `true` and `false` only.
extension Bool: JSONPrimitive {
    /// `Bool`.
    public static var jsonTypeName: String { "Bool" }
    /// Reads an array of `Bool`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Bool]? {
        reader.readArray(of: Bool.self, at: path, fast: { $0.fastBool($1) })
    }
    /// Reads the array of `Bool` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Bool]? {
        context.scalarArray(key, required: required, { $0.fastBool($1) })
    }
    /// Reads one `Bool`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Bool? {
        reader.convert(path, expected: jsonTypeName, { $0.bool.map(Result.success) }, coerce: Coercion.bool)
    }
}

/// `Int` reads whole numbers within `Int`'s range.
extension Int: JSONPrimitive {
    /// `Int`.
    public static var jsonTypeName: String { "Int" }
    /// Reads an array of `Int`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Int]? {
        reader.readArray(of: Int.self, at: path, fast: { $0.fastInteger($1, as: Int.self) })
    }
    /// Reads the array of `Int` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Int]? {
        context.scalarArray(key, required: required, { $0.fastInteger($1, as: Int.self) })
    }
    /// Reads one `Int`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Int? {
        reader.convert(path, expected: jsonTypeName, { $0.integer(Int.self) }) { node, policy in
            Coercion.number(node, policy) { $0.integer(Int.self) }
        }
    }
}

/// `Int64` reads whole numbers within `Int64`'s range.
extension Int64: JSONPrimitive {
    /// `Int64`.
    public static var jsonTypeName: String { "Int64" }
    /// Reads an array of `Int64`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Int64]? {
        reader.readArray(of: Int64.self, at: path, fast: { $0.fastInteger($1, as: Int64.self) })
    }
    /// Reads the array of `Int64` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Int64]? {
        context.scalarArray(key, required: required, { $0.fastInteger($1, as: Int64.self) })
    }
    /// Reads one `Int64`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Int64? {
        reader.convert(path, expected: jsonTypeName, { $0.integer(Int64.self) }) { node, policy in
            Coercion.number(node, policy) { $0.integer(Int64.self) }
        }
    }
}

/// `UInt64` reads whole numbers from 0 to 18446744073709551615.
extension UInt64: JSONPrimitive {
    /// `UInt64`.
    public static var jsonTypeName: String { "UInt64" }
    /// Reads an array of `UInt64`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [UInt64]? {
        reader.readArray(of: UInt64.self, at: path, fast: { $0.fastInteger($1, as: UInt64.self) })
    }
    /// Reads the array of `UInt64` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [UInt64]? {
        context.scalarArray(key, required: required, { $0.fastInteger($1, as: UInt64.self) })
    }
    /// Reads one `UInt64`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> UInt64? {
        reader.convert(path, expected: jsonTypeName, { $0.integer(UInt64.self) }) { node, policy in
            Coercion.number(node, policy) { $0.integer(UInt64.self) }
        }
    }
}

/// `Double` reads any number within `Double`'s range, correctly rounded.
extension Double: JSONPrimitive {
    /// `Double`.
    public static var jsonTypeName: String { "Double" }
    /// Reads an array of `Double`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Double]? {
        reader.readArray(of: Double.self, at: path, fast: { $0.fastDouble($1) })
    }
    /// Reads the array of `Double` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Double]? {
        context.scalarArray(key, required: required, { $0.fastDouble($1) })
    }
    /// Reads one `Double`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Double? {
        reader.convert(path, expected: jsonTypeName, { $0.double() }) { node, policy in
            Coercion.number(node, policy) { $0.double() }
        }
    }
}

/// `Float` reads any number within `Float`'s range, correctly rounded.
extension Float: JSONPrimitive {
    /// `Float`.
    public static var jsonTypeName: String { "Float" }
    /// Reads an array of `Float`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Float]? {
        reader.readArray(of: Float.self, at: path, fast: { $0.fastFloat($1) })
    }
    /// Reads the array of `Float` at `key`, specialized for it.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [Float]? {
        context.scalarArray(key, required: required, { $0.fastFloat($1) })
    }
    /// Reads one `Float`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Float? {
        reader.convert(path, expected: jsonTypeName, { $0.float() }) { node, policy in
            Coercion.number(node, policy) { $0.float() }
        }
    }
}

/// `Decimal` reads numbers exactly, when their significant digits fit its 128-bit significand (any 38 digits, 39 up
/// to 2^128 − 1).
extension Decimal: JSONPrimitive {
    /// `Decimal`.
    public static var jsonTypeName: String { "Decimal" }
    /// Reads an array of `Decimal`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Decimal]? {
        reader.readArray(of: Decimal.self, at: path)
    }
    /// Reads one `Decimal`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Decimal? {
        reader.convert(path, expected: jsonTypeName, { $0.decimal() }) { node, policy in
            Coercion.number(node, policy) { $0.decimal() }
        }
    }
}

/// `URL` reads strings that are RFC 3986 URI references (absolute, such as `https://example.com/a`, or relative,
/// such as `/a?b`), checked the same way on every platform before `URL(string:)` makes the URL.
extension URL: JSONPrimitive {
    /// `URL`.
    public static var jsonTypeName: String { "URL" }
    /// Reads an array of `URL`, specialized for it.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [URL]? {
        reader.readArray(of: URL.self, at: path)
    }
    /// Reads one `URL`.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> URL? {
        reader.convert(path, expected: jsonTypeName, { node in node.string.map(url(from:)) })
    }

    /// The URL for `text`, or why it is not one.
    static func url(from text: String) -> Result<URL, NumberIssue> {
        if let problem = URIReference.problem(in: text) { return .failure(.notAURL(problem)) }
        guard let url = URL(string: text) else { return .failure(.notAURL("Foundation's URL(string:) rejects it")) }
        return .success(url)
    }
}

/// `Date` reads whatever the context's date strategy reads.
extension Date: JSONPrimitive {
    /// `Date`; error messages add the strategy: `Date (ISO 8601)`.
    public static var jsonTypeName: String { "Date" }
    /// Reads a date with the context's ``JSONMapper/Options/dateStrategy``.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> Date? {
        reader.readDate(with: reader.context.session.options.dateStrategy, at: path)
    }
    /// Reads an array of dates, specialized for them.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Date]? {
        reader.readArray(of: Date.self, at: path)
    }
}

/// Arrays of primitives, nested to any depth, read leniently: elements of the wrong type are dropped and recorded.
extension Array: JSONPrimitive where Element: JSONPrimitive {
    /// `[Element]`, such as `[[Double]]`.
    public static var jsonTypeName: String { "[\(Element.jsonTypeName)]" }

    /// Reads the elements that are of `Element`'s type, dropping (and recording) the others.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Element]? {
        Element._readArray(reader, at: path)
    }
    /// Reads an array of arrays, a loop per level over the native tape where the elements allow.
    public static func _readArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [[Element]]? {
        tapeArray(reader, at: path)
    }
    /// Reads the array of arrays at `key`, a loop per level over the native tape where the elements allow.
    public static func _array(in context: JSONDeserializationContext, key: String, required: Bool) -> [[Element]]? {
        tapeArray(in: context, key: key, required: required)
    }
}
