import Foundation

// The values `JSONEncoder` writes in its own way rather than through their `encode(to:)`: dates, data, URLs and
// decimals by its strategies, and floating point by its non-conforming float strategy; `JSONValue` as its text, and
// `[String: T]` with its keys left as they are. Inside a serialization context, dates follow the context's strategy.

extension EncodingState {
    /// Writes `value` into `encoder`'s slot: by its own `encode(to:)`, or as one of the types the strategies cover.
    /// `asMember` says that the slot is a member's or an element's, whose key `JSONEncoder` leaves out of the paths
    /// of a `[String: T]`'s values (it has them hang from the container's encoder).
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, into encoder: EncodingEncoder, asMember: Bool = false) throws {
        if T.self == Date.self, let date = value as? Date { return try encodeDate(date, into: encoder) }
        if T.self == Data.self, let data = value as? Data { return try encodeData(data, into: encoder) }
        if T.self == URL.self, let url = value as? URL {
            try claim(encoder)
            encoder.noteWritten()
            return context.writer.writeString(url.absoluteString)
        }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            try claim(encoder)
            encoder.noteWritten()
            return writeDecimal(decimal)
        }
        if T.self == JSONValue.self, let json = value as? JSONValue {
            try claim(encoder)
            encoder.noteWritten()
            return context.writer.writeValue(json)
        }
        if !usesDefaultKeys, let dictionary = value as? any EncodingStringKeyedDictionary {
            return try dictionary.encodeMembers(into: encoder, keyInPaths: !asMember)
        }
        try value.encode(to: encoder)
    }

    // MARK: Dates and data

    private func encodeDate(_ date: Date, into encoder: EncodingEncoder) throws {
        if let strategy = options.contextDateStrategy {
            try claim(encoder)
            encoder.noteWritten()
            return context.writer.writeDate(date, strategy: strategy)
        }
        switch options.dateStrategy {
        case .deferredToDate:
            try date.encode(to: encoder)
        case .secondsSince1970:
            try writeTime(date.timeIntervalSince1970, into: encoder)
        case .millisecondsSince1970:
            try writeTime(1000.0 * date.timeIntervalSince1970, into: encoder)
        case .iso8601:
            try claim(encoder)
            encoder.noteWritten()
            context.writer.writeString(date.formatted(.iso8601))
        case .custom(let closure):
            try closure(date, encoder)
            try fillIfEmpty(encoder)
        #if canImport(Darwin)
        case .formatted(let formatter):
            try claim(encoder)
            encoder.noteWritten()
            context.writer.writeString(formatter.string(from: date))
        @unknown default:
            try date.encode(to: encoder)
        #endif
        }
    }

    /// Writes a time as a number; a NaN or infinite one throws whatever the float strategy (as in `JSONEncoder`).
    private func writeTime(_ time: Double, into encoder: EncodingEncoder) throws {
        guard time.isFinite else { throw Self.unencodable(time, at: encoder.codingPath) }
        try claim(encoder)
        encoder.noteWritten()
        context.writer.writeDouble(time)
    }

    private func encodeData(_ data: Data, into encoder: EncodingEncoder) throws {
        switch options.dataStrategy {
        case .deferredToData:
            try data.encode(to: encoder)
        case .base64:
            try claim(encoder)
            encoder.noteWritten()
            context.writer.writeString(data.base64EncodedString())
        case .custom(let closure):
            try closure(data, encoder)
            try fillIfEmpty(encoder)
        @unknown default:
            try data.encode(to: encoder)
        }
    }

    /// Writes `{}` for a custom strategy's closure that encoded nothing, as `JSONEncoder` does.
    private func fillIfEmpty(_ encoder: EncodingEncoder) throws {
        guard isAwaited(encoder) else { return }
        try claim(encoder)
        encoder.noteWritten()
        writeEmptyObject()
    }

    // MARK: Numbers

    /// `nil` for a finite number; the string the strategy writes in place of a NaN or infinity.
    /// - Throws: `EncodingError.invalidValue` at `path` under `.throw`.
    @inline(__always)
    func checkFloat<F: BinaryFloatingPoint>(_ value: F, at path: () -> [any CodingKey]) throws -> String? {
        if value.isFinite { return nil }
        return try nonConforming(value, at: path())
    }

    @inline(never)
    private func nonConforming<F: BinaryFloatingPoint>(_ value: F, at path: [any CodingKey]) throws -> String {
        guard case .convertToString(let positive, let negative, let nan) = options.floatStrategy else {
            throw Self.unencodable(value, at: path)
        }
        if value == .infinity { return positive }
        if value == -.infinity { return negative }
        return nan
    }

    /// `JSONEncoder`'s error for a number it cannot write.
    static func unencodable<F: BinaryFloatingPoint>(_ value: F, at path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value, .init(codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    @inline(__always)
    func writeFloat(_ value: Double, _ replacement: String?) {
        if let replacement { context.writer.writeString(replacement) } else { context.writer.writeDouble(value) }
    }

    @inline(__always)
    func writeFloat(_ value: Float, _ replacement: String?) {
        if let replacement { context.writer.writeString(replacement) } else { context.writer.writeFloat(value) }
    }

    /// Writes an integer wider than 64 bits by its decimal text.
    func writeWideInteger<T: FixedWidthInteger>(_ value: T) {
        context.writer.writeNumberText(value.description)
    }

    /// Writes a decimal as `JSONEncoder` does (its `description`), or as the context writes it.
    func writeDecimal(_ value: Decimal) {
        if context.writer.settings.foundationStyle {
            context.writer.writeNumberText(value.description)
        } else {
            context.writer.writeDecimal(value)
        }
    }
}

/// A `[String: T]` dictionary, whose keys no key strategy converts (as in `JSONEncoder`).
protocol EncodingStringKeyedDictionary {
    /// Writes the dictionary as an object into `encoder`'s slot; the paths of its values include the encoder's key
    /// when `keyInPaths` is set.
    func encodeMembers(into encoder: EncodingEncoder, keyInPaths: Bool) throws
}

extension Dictionary: EncodingStringKeyedDictionary where Key == String, Value: Encodable {
    func encodeMembers(into encoder: EncodingEncoder, keyInPaths: Bool) throws {
        let state = encoder.state
        guard state.isAwaited(encoder) else { throw state.refusal(for: encoder) }
        let serial = encoder.openContainer(object: true, keyInPaths: keyInPaths)
        guard serial != 0 else { throw state.interruption() }
        let index = encoder.level
        for (key, value) in self {
            try state.enter(index, serial)
            state.context.writer.beginMember(key)
            try state.encodeNested(value, in: index, key: BridgeCodingKey(stringValue: key))
        }
    }
}
