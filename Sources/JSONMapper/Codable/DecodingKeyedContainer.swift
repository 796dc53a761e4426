/// The keyed container of one object: finds members through the native engine's lookup (the object's keys hashed
/// once, a cursor for fields read in document order), comparing the key's UTF-8 with the document's bytes without
/// making a `String` of any member name; under a converting key strategy, through the converted names instead.
struct DecodingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: DecodingReader
    let object: Int
    let path: DecodingPath
    /// The lookup slot of the container (see ``DecodingLookups``).
    let depth: Int
    /// The members by converted name, for a key strategy other than the default.
    let converted: [String: Int]?

    var codingPath: [any CodingKey] { path.codingPath }

    /// The tape index of the value of member `key`, or `nil`.
    @inline(__always)
    func member(_ key: Key) -> Int? {
        if let converted { return converted[key.stringValue] }
        let view = reader.view
        let object = object
        let slot = reader.lookups.slot(depth, object: object)
        return TapeView.withUTF8(key.stringValue) { wanted in
            if slot.pointee.lookup.keys != .general,
                let found = view.member(
                    of: object, key: wanted, lookup: &slot.pointee.lookup, slots: &slot.pointee.slots)
            {
                return found
            }
            return slot.pointee.lookup.keys == .general ? view.firstMember(of: object, key: wanted) : nil
        }
    }

    /// The value of member `key`, or `keyNotFound`.
    @inline(__always)
    func value(_ key: Key) throws -> Int {
        guard let index = member(key) else {
            let memberPath = path.appending(key, value: -1).text(in: reader.view)
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: reader.describe(
                        memberPath, "No value associated with key \(key) (\"\(key.stringValue)\").")))
        }
        return index
    }

    /// The value of member `key` unless it is missing or `null`.
    @inline(__always)
    func presentValue(_ key: Key) -> Int? {
        guard let index = member(key), reader.tag(index) != .null else { return nil }
        return index
    }

    var allKeys: [Key] {
        var names = Set<String>()
        var keys: [Key] = []
        if let converted {
            return converted.keys.compactMap { Key(stringValue: $0) }
        }
        let view = reader.view
        let end = view.entry(object).low
        var i = object + 1
        while i < end {
            let name = view.string(at: i)
            if names.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
            i = view.next(after: i + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        member(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        reader.tag(try value(key)) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let index = try value(key)
        return try reader.bool(index, at: path.appending(key, value: index))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let index = try value(key)
        return try reader.string(index, at: path.appending(key, value: index))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try floatingPoint(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try floatingPoint(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try value(key)
        return try reader.unwrap(index, as: type, at: path.appending(key, value: index))
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try value(key)
        return try reader.integer(index, as: type, at: path.appending(key, value: index))
    }

    @inline(__always)
    private func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try value(key)
        return try reader.floatingPoint(index, as: type, at: path.appending(key, value: index))
    }

    // MARK: Optional members: missing or null is nil; anything else must decode.

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = presentValue(key) else { return nil }
        return try reader.bool(index, at: path.appending(key, value: index))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = presentValue(key) else { return nil }
        return try reader.string(index, at: path.appending(key, value: index))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try floatingPointIfPresent(type, key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floatingPointIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(type, key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try integerIfPresent(type, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = presentValue(key) else { return nil }
        return try reader.unwrap(index, as: type, at: path.appending(key, value: index))
    }

    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = presentValue(key) else { return nil }
        return try reader.integer(index, as: type, at: path.appending(key, value: index))
    }

    @inline(__always)
    private func floatingPointIfPresent<T: BinaryFloatingPoint>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = presentValue(key) else { return nil }
        return try reader.floatingPoint(index, as: type, at: path.appending(key, value: index))
    }

    // MARK: Nested containers and decoders

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try value(key)
        return try reader.keyedContainer(
            keyedBy: type, index: index, path: path.appending(key, value: index), depth: depth + 1)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        return try reader.unkeyedContainer(index: index, path: path.appending(key, value: index))
    }

    func superDecoder() throws -> any Decoder {
        decoder(for: BridgeCodingKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(for: key)
    }

    /// A decoder on member `key`, or on `null` when there is none.
    private func decoder(for key: some CodingKey) -> DecodingReader {
        var index = -1
        if let converted {
            index = converted[key.stringValue] ?? -1
        } else {
            let view = reader.view
            let object = object
            index = TapeView.withUTF8(key.stringValue) { view.firstMember(of: object, key: $0) } ?? -1
        }
        return reader.sibling(index: index, path: path.appending(key, value: index))
    }
}
