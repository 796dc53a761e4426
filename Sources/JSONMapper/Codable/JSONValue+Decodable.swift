import Foundation

/// Any JSON, decoded through any decoder.
///
/// Through ``JSONMapperDecoder`` it is read off the tape exactly as ``JSONValue/init(parsing:)-(Data)`` makes it:
/// members in document order, numbers as written (`1e400` too), whatever the key strategy. Through another decoder
/// (`JSONDecoder`, say) it is assembled from that decoder's containers: numbers as `Int64`, `UInt64`, `Decimal` or
/// `Double`, the first that holds them, and objects decoded as `[String: JSONValue]`, so that no key strategy
/// touches their member names (their order is then the order of the names' Unicode scalars, as the decoder gives
/// no other).
extension JSONValue: Decodable {
    /// Decodes any JSON value.
    ///
    /// ```swift
    /// struct Event: Decodable {
    ///     let name: String
    ///     let payload: JSONValue      // whatever the sender put there
    /// }
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the decoder holds no JSON value there.
    public init(from decoder: any Decoder) throws {
        if let reader = decoder as? DecodingReader {
            self = try reader.jsonValue(reader.index, at: reader.path)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(Number(value))
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(Number(value))
        } else if let value = try? container.decode(Decimal.self), let number = Number(value) {
            self = .number(number)
        } else if let value = try? container.decode(Double.self), let number = Number(value) {
            self = .number(number)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .array(try container.decode([JSONValue].self))
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(
                Object(members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }))
        }
    }
}
