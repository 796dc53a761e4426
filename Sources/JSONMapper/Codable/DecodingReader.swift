import Foundation

/// The `Decoder` of one decode: reads values off a native document's tape by their index.
///
/// One reader serves a whole decode, as in `JSONDecoder`: decoding a nested value points it at the value and its
/// path (``with(_:_:_:)``) and back afterwards, so that nested models cost no new decoder. Its containers hold it and
/// their own object or array, so they stay valid when an `init(from:)` keeps them (or the decoder) past its return;
/// the reader holds the document, which owns the bytes.
final class DecodingReader: Decoder, SingleValueDecodingContainer {
    let document: NativeDocument
    let view: TapeView
    let options: DecodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    let lookups = DecodingLookups()
    /// The tape index of the value being decoded; -1 stands for a `null` that the document does not hold (the
    /// decoder of a missing `"super"` member).
    private(set) var index: Int
    /// Where that value is.
    private(set) var path: DecodingPath
    /// How many nested values deep the reader is: the lookup slot of the containers it makes.
    private(set) var depth = 0
    /// The description of the last error the reader made or named, so that an error passing up through several
    /// `init(from:)` is named once.
    var lastDescription = ""
    /// The path (in the library's syntax) that description names.
    var lastPath = ""

    init(
        document: NativeDocument, options: DecodingOptions, userInfo: [CodingUserInfoKey: Any], index: Int,
        path: DecodingPath
    ) {
        self.document = document
        view = document.view
        self.options = options
        self.userInfo = userInfo
        self.index = index
        self.path = path
    }

    /// Decodes the top-level value of `document`.
    static func decode<T: Decodable>(
        _ type: T.Type, from document: NativeDocument, at index: Int = NativeDocument.root, options: DecodingOptions
    ) throws
        -> T
    {
        try DecodingInput.checkNesting(of: document, at: index)
        let userInfo = options.userInfo.isEmpty ? [:] : options.userInfo.mapValues { $0 as Any }
        let reader = DecodingReader(
            document: document, options: options, userInfo: userInfo, index: index, path: .root)
        return try reader.unwrap(index, as: type, at: .root)
    }

    /// A reader for another value of the same document, for `superDecoder()`.
    func sibling(index: Int, path: DecodingPath) -> DecodingReader {
        DecodingReader(document: document, options: options, userInfo: userInfo, index: index, path: path)
    }

    var codingPath: [any CodingKey] { path.codingPath }

    /// Runs `body` with the reader on the value at `index`, at `path`.
    @inline(__always)
    func with<R>(_ index: Int, _ path: DecodingPath, _ body: () throws -> R) rethrows -> R {
        let outerIndex = self.index
        let outerPath = self.path
        self.index = index
        self.path = path
        depth += 1
        defer {
            self.index = outerIndex
            self.path = outerPath
            depth -= 1
        }
        return try body()
    }

    /// The kind of the value at `index` (a missing value's stand-in is `null`).
    @inline(__always)
    func tag(_ index: Int) -> TapeTag {
        index < 0 ? .null : view.entry(index).tag
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(keyedBy: type, index: index, path: path, depth: depth)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(index: index, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// A keyed container on the object at `index`.
    func keyedContainer<Key: CodingKey>(
        keyedBy type: Key.Type, index: Int, path: DecodingPath, depth: Int
    ) throws -> KeyedDecodingContainer<Key> {
        switch tag(index) {
        case .object:
            var converted: [String: Int]?
            if options.usesDefaultKeys {
                try prepareKeys(of: index, path: path, depth: depth)
            } else {
                converted = try convertedKeys(of: index, path: path)
            }
            return KeyedDecodingContainer(
                DecodingKeyedContainer<Key>(reader: self, object: index, path: path, depth: depth, converted: converted)
            )
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                context(path, "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw typeMismatch([String: Any].self, index, path)
        }
    }

    /// An unkeyed container on the array at `index`.
    func unkeyedContainer(index: Int, path: DecodingPath) throws -> DecodingUnkeyedContainer {
        switch tag(index) {
        case .array:
            return DecodingUnkeyedContainer(reader: self, array: index, path: path)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self, context(path, "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw typeMismatch([Any].self, index, path)
        }
    }

    /// Examines the keys of the object at `object` for its container's lookups, as it is opened. Like `JSONDecoder`,
    /// which reads every key of an object it opens, refuses one that holds an escaped lone surrogate, read or not;
    /// only objects whose keys are not all plain need the look.
    private func prepareKeys(of object: Int, path: DecodingPath, depth: Int) throws {
        let slot = lookups.slot(depth, object: object)
        view.prepareLookup(of: object, lookup: &slot.pointee.lookup, slots: &slot.pointee.slots)
        guard slot.pointee.lookup.keys == .general else { return }
        try refuseLoneSurrogateKeys(of: object, path: path)
    }

    /// Throws `dataCorrupted` when a key of the object at `object` holds an escaped lone surrogate.
    func refuseLoneSurrogateKeys(of object: Int, path: DecodingPath) throws {
        let end = view.entry(object).low
        var i = object + 1
        while i < end {
            if tag(i) == .escapedString, DecodingStrings.hasLoneSurrogate(view.text(at: i)) {
                let key = String(decoding: view.text(at: i), as: UTF8.self)
                throw corrupted(
                    "The key \"\(key)\" holds an escaped lone surrogate, which is not Unicode text.", at: path)
            }
            i = view.next(after: i + 1)
        }
    }

    /// The members of the object at `index` by their names under the key strategy, the first of each name kept,
    /// as `JSONDecoder` finds them when it does not use the default keys.
    private func convertedKeys(of object: Int, path: DecodingPath) throws -> [String: Int] {
        var result: [String: Int] = [:]
        result.reserveCapacity(view.count(of: object))
        let end = view.entry(object).low
        var i = object + 1
        let converter: ((String) -> String)
        switch options.keyStrategy {
        case .convertFromSnakeCase:
            converter = DecodingKeys.convertFromSnakeCase
        case .custom(let convert):
            let base = path.codingPath
            converter = { convert(base + [BridgeCodingKey(stringValue: $0)]).stringValue }
        default:
            converter = { $0 }
        }
        while i < end {
            let name = try string(i, at: path)
            let key = converter(name)
            if result[key] == nil { result[key] = i + 1 }
            i = view.next(after: i + 1)
        }
        return result
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        tag(index) == .null
    }

    func decode(_ type: Bool.Type) throws -> Bool { try bool(index, at: path) }
    func decode(_ type: String.Type) throws -> String { try string(index, at: path) }
    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(index, as: type, at: path) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(index, as: type, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try integer(index, as: type, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(index, as: type, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(index, as: type, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(index, as: type, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(index, as: type, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(index, as: type, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(index, as: type, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(index, as: type, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(index, as: type, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(index, as: type, at: path) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(index, as: type, at: path) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(index, as: type, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(index, as: type, at: path) }
}
