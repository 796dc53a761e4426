import Foundation

// The `Encoder` handed to `encode(to:)`: one value's slot, which it fills with a single value or a container. It is
// its own single-value container, as in `JSONEncoder`.

/// The `Encoder` of one value: a member's, an element's, or the top level's.
final class EncodingEncoder: Encoder {
    /// What the encoder has written into its slot.
    enum Written: Equatable {
        case nothing, value
        case object(serial: Int)
        case array(serial: Int)
    }

    let state: EncodingState
    /// The index its container takes among the open ones (the number of containers around it).
    private(set) var level: Int
    /// The key that leads to it: a member's key, an element's index key, `"super"`, or `nil` at the top.
    private(set) var key: (any CodingKey)?
    /// The serial number of its slot, which the container around it awaits.
    private(set) var slot: Int
    private(set) var written = Written.nothing

    init(state: EncodingState, level: Int, key: (any CodingKey)?, slot: Int) {
        self.state = state
        self.level = level
        self.key = key
        self.slot = slot
    }

    /// Readies a spare encoder for another value.
    @inline(__always)
    func reset(level: Int, key: any CodingKey, slot: Int) {
        self.level = level
        self.key = key
        self.slot = slot
        written = .nothing
    }

    var codingPath: [any CodingKey] {
        var path = level > 0 ? state.encoderPath(level - 1) : []
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(EncodingKeyedContainer<Key>(state: state, index: level, serial: openContainer(object: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        EncodingUnkeyedContainer(state: state, index: level, serial: openContainer(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Opens the slot's container, or finds the one opened before (a subclass and its superclass share the
    /// encoder's keyed container); 0, which no container has, when the slot cannot take it now. Without
    /// `keyInPaths`, the paths of the values inside leave out the encoder's key.
    func openContainer(object: Bool, keyInPaths: Bool = true) -> Int {
        switch written {
        case .object(let serial) where object, .array(let serial) where !object:
            if state.containers.count > level, state.containers[level].serial == serial { return serial }
            _ = state.interruption()
            return 0
        case .nothing:
            guard state.isAwaited(self) else {
                _ = state.interruption()
                return 0
            }
            try? state.claim(self)
            let serial = state.open(object: object, key: keyInPaths ? key : nil, nested: false)
            written = object ? .object(serial: serial) : .array(serial: serial)
            return serial
        default:
            state.recordMisuse(
                "Attempt to take a \(object ? "keyed" : "unkeyed") container when a value of another kind was"
                    + " already encoded at this path.", at: codingPath)
            return 0
        }
    }

    /// Takes the slot for a single value.
    @inline(__always)
    private func claimValue() throws {
        try state.claim(self)
        written = .value
    }
}

extension EncodingEncoder: SingleValueEncodingContainer {
    func encodeNil() throws {
        try claimValue()
        state.context.writer.writeNull()
    }

    func encode(_ value: Bool) throws {
        try claimValue()
        state.context.writer.writeBool(value)
    }

    func encode(_ value: String) throws {
        try claimValue()
        state.context.writer.writeString(value)
    }

    func encode(_ value: Double) throws {
        guard state.isAwaited(self) else { throw state.refusal(for: self) }
        let replacement = try state.checkFloat(value) { codingPath }
        try claimValue()
        state.writeFloat(value, replacement)
    }

    func encode(_ value: Float) throws {
        guard state.isAwaited(self) else { throw state.refusal(for: self) }
        let replacement = try state.checkFloat(value) { codingPath }
        try claimValue()
        state.writeFloat(value, replacement)
    }

    func encode(_ value: Int) throws { try encodeInteger(value) }
    func encode(_ value: Int8) throws { try encodeInteger(value) }
    func encode(_ value: Int16) throws { try encodeInteger(value) }
    func encode(_ value: Int32) throws { try encodeInteger(value) }
    func encode(_ value: Int64) throws { try encodeInteger(value) }
    func encode(_ value: UInt) throws { try encodeInteger(value) }
    func encode(_ value: UInt8) throws { try encodeInteger(value) }
    func encode(_ value: UInt16) throws { try encodeInteger(value) }
    func encode(_ value: UInt32) throws { try encodeInteger(value) }
    func encode(_ value: UInt64) throws { try encodeInteger(value) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws {
        try claimValue()
        state.writeWideInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws {
        try claimValue()
        state.writeWideInteger(value)
    }

    @inline(__always)
    private func encodeInteger<T: FixedWidthInteger>(_ value: T) throws {
        try claimValue()
        state.context.writer.writeInteger(value)
    }

    func encode<T: Encodable>(_ value: T) throws {
        // As in `JSONEncoder`, the value encodes itself into this same encoder; one that encodes nothing is `{}`.
        guard state.isAwaited(self) else { throw state.refusal(for: self) }
        try state.encodeValue(value, into: self)
        if state.isAwaited(self) {
            try claimValue()
            state.writeEmptyObject()
        }
    }

    /// Notes that the slot was filled by a value written for the encoder (a date, data, a URL…).
    func noteWritten() {
        if written == .nothing { written = .value }
    }
}
