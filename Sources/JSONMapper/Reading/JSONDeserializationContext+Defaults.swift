import Foundation

// `get…(_:default:)`: a non-optional property with a default, without `??`. The default replaces a missing key,
// `null`, or a value of the wrong type; the last is still recorded as a mismatch, so bad data does not go unseen.

extension JSONDeserializationContext {
    /// The string at `key`, or `value` when it is missing, `null` or not a string.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getString(_ key: String, default value: String) -> String { getString(key) ?? value }

    /// The integer at `key`, or `value` when it is missing, `null` or not a whole number in range.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getInt(_ key: String, default value: Int) -> Int { getInt(key) ?? value }

    /// The 64-bit integer at `key`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getInt64(_ key: String, default value: Int64) -> Int64 { getInt64(key) ?? value }

    /// The unsigned 64-bit integer at `key`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getUInt64(_ key: String, default value: UInt64) -> UInt64 { getUInt64(key) ?? value }

    /// The number at `key` as a `Double`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getDouble(_ key: String, default value: Double) -> Double { getDouble(key) ?? value }

    /// The number at `key` as a `Float`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getFloat(_ key: String, default value: Float) -> Float { getFloat(key) ?? value }

    /// The exact decimal at `key`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getDecimal(_ key: String, default value: Decimal) -> Decimal { getDecimal(key) ?? value }

    /// The boolean at `key`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getBool(_ key: String, default value: Bool) -> Bool { getBool(key) ?? value }

    /// The URL at `key`, or `value`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    public func getURL(_ key: String, default value: URL) -> URL { getURL(key) ?? value }
}
