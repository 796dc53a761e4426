// Value/ owns `JSONValue` and all its conformances: literals, equality, numbers, objects, parsing, and how it reads
// itself through the getters (+Reading) and writes itself (+Writing).

import Foundation

/// Any JSON value, for JSON of unknown shape: metadata blobs, passthrough fields, tests.
///
/// ```swift
/// let value = try JSONValue(parsing: Data(#"{"id": 12345678901234567890123, "tags": ["a", null]}"#.utf8))
/// value["id"]?.description        // 12345678901234567890123 (numbers keep their exact text)
/// value["tags"]?[1]?.isNull       // true
/// let literal: JSONValue = ["a": 1, "b": [true, nil]]
/// literal.description             // {"a":1,"b":[true,null]}
/// ```
///
/// - A number keeps its exact text (``Number/text``), so `12345678901234567890123`, `0.1` and `1e400` read and
///   write back byte for byte; numbers compare and hash by mathematical value (`1`, `1.0`, `1e0` and `10e-1` are
///   equal; so are `0` and `-0`).
/// - An object keeps its members' order; each key appears once (for duplicate keys in parsed text, the last value
///   in the first position, as the read side's getters see them). Objects compare equal when they have the same
///   keys with equal values, in any order.
/// - Comparing, hashing, parsing and writing never recurse on the nesting depth. Releasing a value does (Swift
///   releases nested arrays recursively), so a value made from JSON nests at most ``maximumDepth`` (1,000) levels,
///   whatever ``JSONMapper/Options/maximumDepth`` allows. Keep values built by hand within a few thousand levels.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(Number)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object(Object)

    // MARK: Access

    /// The string, when this is a string.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The boolean, when this is `true` or `false` (never a number or a string).
    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    /// The number, when this is a number: its text and exact conversions.
    public var numberValue: Number? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The integer, when this is a number whose value is a whole number within `Int`'s range (`1e3` and `42.0` are).
    public var intValue: Int? { numberValue?.intValue }

    /// The 64-bit integer, when this is a whole number within `Int64`'s range.
    public var int64Value: Int64? { numberValue?.int64Value }

    /// The unsigned 64-bit integer, when this is a whole number from 0 to 18446744073709551615.
    public var uint64Value: UInt64? { numberValue?.uint64Value }

    /// The nearest `Double`, when this is a number within `Double`'s range (`1e400` is not).
    public var doubleValue: Double? { numberValue?.doubleValue }

    /// The exact `Decimal`, when this is a number whose significand and exponent fit `Decimal` (any 38 significant
    /// digits, 39 up to 2^128 − 1).
    public var decimalValue: Decimal? { numberValue?.decimalValue }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let array) = self else { return nil }
        return array
    }

    /// The members, when this is an object.
    public var objectValue: Object? {
        guard case .object(let object) = self else { return nil }
        return object
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The compact JSON text: `{"a":1,"b":[true,null]}`. Numbers keep their text. Empty if the text does not fit
    /// in memory, where `JSONMapper.string(from:options:)` throws instead.
    public var description: String {
        var writer = JSONWriter(settings: .init())
        writer.writeValue(self)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The compact JSON text, as ``description``.
    public var debugDescription: String { description }
}
