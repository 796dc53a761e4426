import Foundation

// The unkeyed container: each element goes straight into the open array.

/// A handle on one open array of an encode.
struct EncodingUnkeyedContainer: UnkeyedEncodingContainer {
    let state: EncodingState
    /// The array's position among the open containers.
    let index: Int
    /// The array's serial number; 0 for a handle on no array (a container the encoder could not open).
    let serial: Int

    var codingPath: [any CodingKey] { state.containerPath(index) }

    /// The elements encoded so far, as `JSONEncoder` counts them (see ``EncodingState/elementCount(_:)``).
    var count: Int {
        guard index >= 0, index < state.containers.count, state.containers[index].serial == serial else { return 0 }
        return state.elementCount(index)
    }

    /// Starts the next element and returns its index.
    @inline(__always)
    @discardableResult
    private func begin() throws -> Int {
        try state.enter(index, serial)
        state.context.writer.beginElement()
        let written = state.containers[index].count
        state.containers[index].count = written &+ 1
        return state.containers[index].supersLent == 0 ? written : state.elementCount(index) &- 1
    }

    mutating func encodeNil() throws {
        try begin()
        state.context.writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        state.context.writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        state.context.writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        let position = count
        let replacement = try state.checkFloat(value) { state.encoderPath(index) + [BridgeCodingKey(index: position)] }
        try begin()
        state.writeFloat(value, replacement)
    }

    mutating func encode(_ value: Float) throws {
        let position = count
        let replacement = try state.checkFloat(value) { state.encoderPath(index) + [BridgeCodingKey(index: position)] }
        try begin()
        state.writeFloat(value, replacement)
    }

    mutating func encode(_ value: Int) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        try begin()
        state.writeWideInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        try begin()
        state.writeWideInteger(value)
    }

    @inline(__always)
    private func encodeInteger<T: FixedWidthInteger>(_ value: T) throws {
        try begin()
        state.context.writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let direct = EncodingDirectValue(value) {
            let position = count
            try state.check(direct) { state.encoderPath(index) + [BridgeCodingKey(index: position)] }
            try begin()
            return state.write(direct)
        }
        let position = try begin()
        try state.encodeNested(value, in: index, key: EncodingIndexKey(position))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let serial = openNested(object: true)
        return KeyedEncodingContainer(EncodingKeyedContainer<NestedKey>(state: state, index: index + 1, serial: serial))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        EncodingUnkeyedContainer(state: state, index: index + 1, serial: openNested(object: false))
    }

    /// Opens a container as the next element; 0 when the array cannot be written now.
    private func openNested(object: Bool) -> Int {
        guard let position = try? begin() else { return 0 }
        return state.open(object: object, key: BridgeCodingKey(index: position), nested: true)
    }

    mutating func superEncoder() -> any Encoder {
        guard let position = try? begin() else {
            return EncodingEncoder(state: state, level: index + 1, key: BridgeCodingKey(index: count), slot: 0)
        }
        let slot = state.nextSerial()
        state.containers[index].awaiting = slot
        let encoder = EncodingEncoder(state: state, level: index + 1, key: BridgeCodingKey(index: position), slot: slot)
        state.lendSuper(encoder, in: index)
        return encoder
    }
}
