import Foundation

// `JSONValue`'s half of the pinned `Codable` conformance (the decoder's half is JSONValue+Decodable.swift).
// Through `JSONMapperEncoder` and `setEncodable` a value is written as its text (exact numbers, members in order,
// no key strategy); this is what other encoders get.

extension JSONValue: Encodable {
    /// Encodes the value through any encoder: `null`, a boolean, a string, a number, an array, or an object as a
    /// `[String: JSONValue]` dictionary, so that no key strategy renames its members.
    ///
    /// `JSONMapperEncoder` does not call this: it writes the value's text, numbers as they were read (`1e400`,
    /// `0.10`) and members in their order. Other encoders get each number as the nearest type they know: an
    /// integer when it is a whole number within `Int64` or `UInt64`, `Decimal` when `Decimal` holds it exactly
    /// and the encoder is Foundation's `JSONEncoder` (which writes it exactly), else the nearest `Double`.
    ///
    /// ```swift
    /// let value: JSONValue = ["id": 1, "tags": ["a", nil]]
    /// let data = try JSONEncoder().encode(value)   // {"id":1,"tags":["a",null]} (in some member order)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write into.
    /// - Throws: What the encoder throws; `JSONEncoder` refuses a number beyond `Double`'s range (`1e400`) unless
    ///   its non-conforming float strategy converts infinity.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .number(let number):
            try Self.encode(number, to: encoder)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var members: [String: JSONValue] = Dictionary(minimumCapacity: object.count)
            for (key, value) in object { members[key] = value }
            var container = encoder.singleValueContainer()
            try container.encode(members)
        }
    }

    private static func encode(_ number: Number, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = number.int64Value {
            try container.encode(integer)
        } else if let integer = number.uint64Value {
            try container.encode(integer)
        } else if isFoundationJSONEncoder(encoder), let decimal = number.decimalValue {
            try container.encode(decimal)
        } else {
            try container.encode(number.doubleValue ?? (number.text.hasPrefix("-") ? -.infinity : .infinity))
        }
    }
}

/// Whether `encoder` is Foundation's `JSONEncoder`'s (a private class, known by its name), which writes a `Decimal`
/// as its exact text where other encoders write its fields.
private func isFoundationJSONEncoder(_ encoder: any Encoder) -> Bool {
    String(describing: type(of: encoder)).hasSuffix("_JSONEncoder")
}
