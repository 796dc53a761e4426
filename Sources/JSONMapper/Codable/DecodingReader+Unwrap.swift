import Foundation

// How a `Decodable` value is made from the value at a tape index: the standard library's scalars straight off the
// tape, Foundation's special types by the decoder's strategies (as `JSONDecoder` decodes them), arrays and
// string-keyed dictionaries by a loop that needs no container, `JSONValue` from the tape as parsing makes it, and
// any other type by its `init(from:)` with the reader pointed at the value.

extension DecodingReader {
    /// The value of `type` at `index`; `path` is the value's path (built only when needed).
    @inline(__always)
    func unwrap<T: Decodable>(_ index: Int, as type: T.Type, at path: @autoclosure () -> DecodingPath) throws -> T {
        if let value = try scalar(index, as: type, at: path()) { return value }
        return try unwrapOther(index, as: type, at: path())
    }

    /// The standard library's scalars, read without their `init(from:)`; `nil` for any other type.
    @inline(__always)
    private func scalar<T>(_ index: Int, as type: T.Type, at path: @autoclosure () -> DecodingPath) throws -> T? {
        if T.self == String.self { return try string(index, at: path()) as? T }
        if T.self == Double.self { return try floatingPoint(index, as: Double.self, at: path()) as? T }
        if T.self == Int.self { return try integer(index, as: Int.self, at: path()) as? T }
        if T.self == Bool.self { return try bool(index, at: path()) as? T }
        if T.self == Int64.self { return try integer(index, as: Int64.self, at: path()) as? T }
        if T.self == Float.self { return try floatingPoint(index, as: Float.self, at: path()) as? T }
        if T.self == UInt64.self { return try integer(index, as: UInt64.self, at: path()) as? T }
        if T.self == Int32.self { return try integer(index, as: Int32.self, at: path()) as? T }
        if T.self == UInt32.self { return try integer(index, as: UInt32.self, at: path()) as? T }
        if T.self == UInt.self { return try integer(index, as: UInt.self, at: path()) as? T }
        return nil
    }

    private func unwrapOther<T: Decodable>(
        _ index: Int, as type: T.Type, at path: @autoclosure () -> DecodingPath
    )
        throws -> T
    {
        if T.self == Date.self { return try cast(date(index, at: path()), path()) }
        if T.self == Data.self { return try cast(data(index, at: path()), path()) }
        if T.self == URL.self { return try cast(url(index, at: path()), path()) }
        if T.self == Decimal.self { return try cast(decimal(index, at: path()), path()) }
        if T.self == JSONValue.self { return try cast(jsonValue(index, at: path()), path()) }
        if let array = T.self as? DecodingArray.Type {
            return try cast(array.decodeElements(of: index, at: path(), with: self), path())
        }
        if let dictionary = T.self as? DecodingStringKeyedDictionary.Type {
            return try cast(dictionary.decodeMembers(of: index, at: path(), with: self), path())
        }
        let path = path()
        do {
            return try with(index, path) { try T(from: self) }
        } catch let error as DecodingError {
            throw named(error)
        }
    }

    /// `error` with its culprit named in the library's path syntax at the head of its description, when the type's
    /// own `init(from:)` made it (the bridge's own errors already name it).
    private func named(_ error: DecodingError) -> DecodingError {
        func rewrite(
            _ context: DecodingError.Context, _ make: (DecodingError.Context) -> DecodingError
        )
            -> DecodingError
        {
            guard context.debugDescription != lastDescription else { return error }
            let named = DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: describe(DecodingPath.text(of: context.codingPath), context.debugDescription),
                underlyingError: context.underlyingError)
            lastDescription = named.debugDescription
            return make(named)
        }
        switch error {
        case .typeMismatch(let type, let context): return rewrite(context) { .typeMismatch(type, $0) }
        case .valueNotFound(let type, let context): return rewrite(context) { .valueNotFound(type, $0) }
        case .keyNotFound(let key, let context): return rewrite(context) { .keyNotFound(key, $0) }
        case .dataCorrupted(let context): return rewrite(context) { .dataCorrupted($0) }
        @unknown default: return error
        }
    }

    /// `value` as `T`, which the caller checked it is.
    @inline(__always)
    private func cast<T>(_ value: Any, _ path: @autoclosure () -> DecodingPath) throws -> T {
        guard let result = value as? T else {
            throw DecodingError.typeMismatch(T.self, context(path(), "Expected to decode \(T.self)."))
        }
        return result
    }

    // MARK: Foundation's types

    func date(_ index: Int, at path: DecodingPath) throws -> Date {
        if tag(index) == .null { throw valueNotFound(Date.self, path) }
        switch options.dateStrategy {
        case .deferredToDate:
            return try with(index, path) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(index, as: Double.self, at: path))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(index, as: Double.self, at: path) / 1000)
        case .iso8601:
            let text = try string(index, at: path)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                // JSONDecoder reports this one at the path of the container, not of the value.
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: self.path.codingPath,
                        debugDescription: describe(
                            path.text(in: view), "Expected date string to be ISO8601-formatted.")))
            }
            return date
        case .custom(let decode):
            do {
                return try with(index, path) { try decode(self) }
            } catch let error as DecodingError {
                throw named(error)
            }
        @unknown default:
            return try with(index, path) { try Date(from: self) }
        }
    }

    func data(_ index: Int, at path: DecodingPath) throws -> Data {
        if tag(index) == .null { throw valueNotFound(Data.self, path) }
        switch options.dataStrategy {
        case .deferredToData:
            return try with(index, path) { try Data(from: self) }
        case .base64:
            let tag = tag(index)
            guard tag == .string || tag == .escapedString else { throw typeMismatch(String.self, index, path) }
            guard let data = Data(base64Encoded: try string(index, at: path)) else {
                throw DecodingError.dataCorrupted(context(path, "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let decode):
            do {
                return try with(index, path) { try decode(self) }
            } catch let error as DecodingError {
                throw named(error)
            }
        @unknown default:
            return try with(index, path) { try Data(from: self) }
        }
    }

    func url(_ index: Int, at path: DecodingPath) throws -> URL {
        if tag(index) == .null { throw valueNotFound(URL.self, path) }
        guard let url = URL(string: try string(index, at: path)) else {
            throw DecodingError.dataCorrupted(context(path, "Invalid URL string."))
        }
        return url
    }

    /// A ``JSONValue`` as ``JSONValue/init(parsing:)-(Data)`` makes it: member order and numbers' text kept.
    func jsonValue(_ index: Int, at path: DecodingPath) throws -> JSONValue {
        guard index >= 0 else { return .null }
        switch JSONValue.make(from: .native(document, index)) {
        case .success(let value): return value
        case .failure: throw DecodingError.dataCorrupted(context(path, "The value cannot be read as JSON."))
        }
    }
}

/// Arrays, decoded element by element without an unkeyed container.
protocol DecodingArray {
    static func decodeElements(of index: Int, at path: DecodingPath, with reader: DecodingReader) throws -> Any
}

extension Array: DecodingArray where Element: Decodable {
    static func decodeElements(of index: Int, at path: DecodingPath, with reader: DecodingReader) throws -> Any {
        switch reader.tag(index) {
        case .array:
            break
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self, reader.context(path, "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw reader.typeMismatch([Any].self, index, path)
        }
        let view = reader.view
        // The common element types in loops of their own, without a cast per element.
        if Element.self == Double.self {
            return try reader.elements(of: index, at: path) { try reader.floatingPoint($0, as: Double.self, at: $1()) }
        }
        if Element.self == Int.self {
            return try reader.elements(of: index, at: path) { try reader.integer($0, as: Int.self, at: $1()) }
        }
        if Element.self == String.self {
            return try reader.elements(of: index, at: path) { try reader.string($0, at: $1()) }
        }
        let count = view.count(of: index)
        if count == 0 { return [] }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        let end = view.entry(index).low
        var element = index + 1
        var position = 0
        while element < end {
            elements.append(try reader.unwrap(element, as: Element.self, at: path.appending(index: position)))
            element = view.next(after: element)
            position += 1
        }
        return elements
    }
}

extension DecodingReader {
    /// The elements of the array at `index`, each read by `read` (given its index and path).
    @inline(__always)
    func elements<E>(of index: Int, at path: DecodingPath, _ read: (Int, () -> DecodingPath) throws -> E) throws -> [E]
    {
        let count = view.count(of: index)
        if count == 0 { return [] }
        var elements: [E] = []
        elements.reserveCapacity(count)
        let end = view.entry(index).low
        var element = index + 1
        var position = 0
        while element < end {
            elements.append(try read(element, { path.appending(index: position) }))
            element = view.next(after: element)
            position += 1
        }
        return elements
    }
}

/// Dictionaries keyed by `String`, decoded member by member, their keys as written whatever the key strategy, as
/// `JSONDecoder` keeps them; the first of repeated keys wins, as there.
protocol DecodingStringKeyedDictionary {
    static func decodeMembers(of index: Int, at path: DecodingPath, with reader: DecodingReader) throws -> Any
}

extension Dictionary: DecodingStringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeMembers(of index: Int, at path: DecodingPath, with reader: DecodingReader) throws -> Any {
        let defaultKeys = reader.options.usesDefaultKeys
        switch reader.tag(index) {
        case .object:
            break
        case .null where defaultKeys:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                reader.context(path, "Cannot get keyed decoding container -- found null value instead"))
        case .null:
            throw reader.valueNotFound([String: Any].self, path)
        default:
            throw reader.typeMismatch([String: Any].self, index, path)
        }
        // With the default keys `JSONDecoder` reads every key before any value, so a bad key wins over a bad
        // value; under a converting strategy it goes member by member, as the loop below does.
        if defaultKeys { try reader.refuseLoneSurrogateKeys(of: index, path: path) }
        let view = reader.view
        var members: [String: Value] = [:]
        members.reserveCapacity(view.count(of: index))
        let end = view.entry(index).low
        var key = index + 1
        while key < end {
            let name = try reader.string(key, at: path)
            if members[name] == nil {
                // The standard library's dictionary key gives a numeric name its `intValue`; JSONDecoder's own
                // (for a converting key strategy) does not.
                let codingKey = defaultKeys ? BridgeCodingKey(dictionaryKey: name) : BridgeCodingKey(stringValue: name)
                members[name] = try reader.unwrap(
                    key + 1, as: Value.self, at: path.appending(codingKey, value: key + 1))
            }
            key = view.next(after: key + 1)
        }
        return members
    }
}
