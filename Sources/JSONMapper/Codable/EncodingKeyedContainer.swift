import Foundation

// The keyed container: each member's key (converted by the key strategy) and value go straight into the open
// object. A key encoded twice is written once, in its first position, with its last value; a nested container opened
// on a key that holds one already is left to `JSONEncoder`, which merges the two.

/// A handle on one open object of an encode.
struct EncodingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    /// The object's position among the open containers.
    let index: Int
    /// The object's serial number; 0 for a handle on no object (a container the encoder could not open).
    let serial: Int

    var codingPath: [any CodingKey] { state.containerPath(index) }

    /// Starts the member `key`: makes the object the innermost container and writes the key.
    @inline(__always)
    private func begin(_ key: Key) throws {
        try state.enter(index, serial)
        state.context.writer.beginMember(state.memberName(key, in: index))
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        state.context.writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        state.context.writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        state.context.writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        let replacement = try state.checkFloat(value) { state.encoderPath(index) + [key] }
        try begin(key)
        state.writeFloat(value, replacement)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        let replacement = try state.checkFloat(value) { state.encoderPath(index) + [key] }
        try begin(key)
        state.writeFloat(value, replacement)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        try begin(key)
        state.writeWideInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        try begin(key)
        state.writeWideInteger(value)
    }

    @inline(__always)
    private func encodeInteger<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
        try begin(key)
        state.context.writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let direct = EncodingDirectValue(value) {
            try state.check(direct) { state.encoderPath(index) + [key] }
            try begin(key)
            return state.write(direct)
        }
        try begin(key)
        try state.encodeNested(value, in: index, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let serial = openNested(object: true, key)
        return KeyedEncodingContainer(EncodingKeyedContainer<NestedKey>(state: state, index: index + 1, serial: serial))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        EncodingUnkeyedContainer(state: state, index: index + 1, serial: openNested(object: false, key))
    }

    /// Opens a container as the value of member `key`; 0 when the object cannot be written now.
    ///
    /// A key that already holds a value is what a stream cannot follow: `JSONEncoder` goes on writing into the
    /// object or array the key holds (merging the two containers), so the encode falls back to it; where the key
    /// holds a value of another kind, which `JSONEncoder` stops on with a precondition, it is a misuse, thrown.
    private func openNested(object: Bool, _ key: Key) -> Int {
        do {
            try state.enter(index, serial)
        } catch {
            return 0
        }
        let name = state.memberName(key, in: index)
        if let held = state.context.writer.heldValueStart(ofMember: name) {
            let kind = object ? "nested KeyedEncodingContainer" : "nested UnkeyedEncodingContainer"
            if state.errorPassed || state.lentSuper(named: name, in: index) {
                // The bytes no longer show what `JSONEncoder` holds for the key: a caught error left a member it
                // never set, or a `superEncoder(forKey:)` sets the key only when released. A fallback could reach
                // `JSONEncoder`'s precondition, so this is refused.
                state.recordMisuse(
                    "Cannot open a \(kind) for key \"\(name)\": after a caught error or a superEncoder(forKey:) on"
                        + " this key, JSONMapperEncoder cannot tell what the key holds.",
                    at: state.encoderPath(index) + [key])
            } else if held == UInt8(ascii: object ? "{" : "[") {
                _ = state.interruption()
            } else {
                state.recordMisuse(
                    "Attempt to re-encode into \(kind) for key \"\(name)\" is invalid: a value of another kind is"
                        + " already encoded for this key.", at: state.encoderPath(index) + [key])
            }
            return 0
        }
        state.context.writer.beginMember(name)
        return state.open(object: object, key: key, nested: true)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: BridgeCodingKey.super, converted: state.memberName(BridgeCodingKey.super, in: index))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key, converted: state.memberName(key, in: index))
    }

    /// An encoder for the member `name`, begun now: the member keeps this position, and its value is what the
    /// encoder writes before the object is written to again (`{}` if nothing).
    private func superEncoder(named key: any CodingKey, converted: String) -> any Encoder {
        do {
            try state.enter(index, serial)
        } catch {
            return EncodingEncoder(state: state, level: index + 1, key: key, slot: 0)
        }
        state.context.writer.beginMember(converted)
        state.noteSuper(named: converted, in: index)
        let slot = state.nextSerial()
        state.containers[index].awaiting = slot
        return EncodingEncoder(state: state, level: index + 1, key: key, slot: slot)
    }
}
