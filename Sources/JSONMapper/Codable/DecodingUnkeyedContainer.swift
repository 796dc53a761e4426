/// The unkeyed container of one array: walks its elements on the tape in order.
struct DecodingUnkeyedContainer: UnkeyedDecodingContainer {
    let reader: DecodingReader
    let path: DecodingPath
    let count: Int?
    private(set) var currentIndex = 0
    /// The tape index of the element at `currentIndex`, or the array's end.
    private var element: Int
    private let end: Int

    init(reader: DecodingReader, array: Int, path: DecodingPath) {
        self.reader = reader
        self.path = path
        count = reader.view.count(of: array)
        element = array + 1
        end = reader.view.entry(array).low
    }

    var codingPath: [any CodingKey] { path.codingPath }

    var isAtEnd: Bool { element >= end }

    private var elementPath: DecodingPath { path.appending(index: currentIndex) }

    /// The next element, or `valueNotFound` at the end (`message` says what was asked for).
    @inline(__always)
    private func next(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> Int {
        guard element < end else {
            throw DecodingError.valueNotFound(type, reader.context(elementPath, message))
        }
        return element
    }

    private mutating func advance() {
        if element < end { element = reader.view.next(after: element) }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard reader.tag(try next(Never.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try reader.bool(try next(type), at: elementPath)
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try reader.string(try next(type), at: elementPath)
        advance()
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try reader.unwrap(try next(type), as: type, at: elementPath)
        advance()
        return value
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try reader.integer(try next(type), as: type, at: elementPath)
        advance()
        return value
    }

    @inline(__always)
    private mutating func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        let value = try reader.floatingPoint(try next(type), as: type, at: elementPath)
        advance()
        return value
    }

    // MARK: Optional elements: null (or the end) is nil and moves on; anything else must decode.

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try ifPresent { [reader] in try reader.bool($0, at: $1) }
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try ifPresent { [reader] in try reader.string($0, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try ifPresent { [reader] in try reader.floatingPoint($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try ifPresent { [reader] in try reader.floatingPoint($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
        try ifPresent { [reader] in try reader.integer($0, as: type, at: $1) }
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try ifPresent { [reader] in try reader.unwrap($0, as: type, at: $1) }
    }

    @inline(__always)
    private mutating func ifPresent<T>(_ read: (Int, DecodingPath) throws -> T) throws -> T? {
        var value: T?
        if element < end, reader.tag(element) != .null {
            value = try read(element, elementPath)
        }
        advance()
        return value
    }

    // MARK: Nested containers and decoders

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try reader.keyedContainer(
            keyedBy: type, index: index, path: elementPath, depth: reader.depth + 1)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try next(
            DecodingUnkeyedContainer.self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try reader.unkeyedContainer(index: index, path: elementPath)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = try next((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = reader.sibling(index: index, path: elementPath)
        advance()
        return decoder
    }
}
