// Codable/ holds the Codable bridge: `JSONMapperEncoder` and `JSONMapperDecoder`, drop-in for Foundation's coders,
// the context getters and setters that take `Decodable` and `Encodable` values, and `JSONValue`'s conformances. The
// encoder's files start `JSONMapperEncoder` or `Encoding`: the public class here, the shared state of one encode
// (EncodingState), the `Encoder` and its containers, key conversion.

import Foundation

/// Encodes `Encodable` values like `JSONEncoder`, with the library's writer.
///
/// Change one line and keep every model, strategy and `encode(to:)`:
///
/// ```swift
/// let encoder = JSONMapperEncoder()          // was: JSONEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(["id": 1])   // {"id":1}
/// ```
///
/// With `.sortedKeys` the output is byte for byte `JSONEncoder`'s, also pretty-printed and without escaped slashes.
/// Without it, members keep the order in which they were encoded (`JSONEncoder`'s order is its dictionaries').
/// Values are written straight into the output as they are encoded, with no tree of values in between.
///
/// Like `JSONEncoder`, an encoder can be used from several threads at once: each `encode` reads the settings once.
public final class JSONMapperEncoder: @unchecked Sendable {
    /// The settings, read and written under ``lock``.
    private var settings = EncodingOptions()
    private let lock = NSLock()

    /// The output format: `.sortedKeys`, `.prettyPrinted`, `.withoutEscapingSlashes`. None by default.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get { lock.withLock { settings.outputFormatting } }
        set { lock.withLock { settings.outputFormatting = newValue } }
    }

    /// How `Date` values are written; `.deferredToDate` (seconds since 2001) by default.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { lock.withLock { settings.dateStrategy } }
        set { lock.withLock { settings.dateStrategy = newValue } }
    }

    /// How `Data` values are written; `.base64` by default.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { lock.withLock { settings.dataStrategy } }
        set { lock.withLock { settings.dataStrategy = newValue } }
    }

    /// What NaN and infinity become; `.throw` (an `EncodingError.invalidValue` at the value's path) by default.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { lock.withLock { settings.floatStrategy } }
        set { lock.withLock { settings.floatStrategy = newValue } }
    }

    /// How coding keys become member names; `.useDefaultKeys` by default. The keys of `[String: T]` dictionaries
    /// and of ``JSONValue`` objects are never converted.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { lock.withLock { settings.keyStrategy } }
        set { lock.withLock { settings.keyStrategy = newValue } }
    }

    /// Values handed to every `encode(to:)` as the encoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { lock.withLock { settings.userInfo } }
        set { lock.withLock { settings.userInfo = newValue } }
    }

    /// Creates an encoder with `JSONEncoder`'s defaults: compact, unsorted, `.deferredToDate`, `.base64`,
    /// `.throw`, `.useDefaultKeys`.
    public init() {}

    /// Encodes `value` as JSON text.
    ///
    /// ```swift
    /// struct Point: Codable { var x, y: Double }
    /// let data = try JSONMapperEncoder().encode(Point(x: 1, y: 0.5))   // {"x":1,"y":0.5}
    /// ```
    ///
    /// - Parameter value: The value; any `Encodable`, a top-level number or string too.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: `EncodingError` as `JSONEncoder` does: `invalidValue` at the value's coding path for a NaN or
    ///   infinity under `.throw`, for a top-level value that encodes nothing, and for containers nested past 512
    ///   levels; and any error an `encode(to:)` throws, unchanged.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let options = lock.withLock { settings }
        let state = EncodingState(options: options, writer: options.writerSettings)
        do {
            try state.encodeTopLevel(value)
        } catch is EncodingState.Fallback {
            return try options.foundationEncoder().encode(value)
        }
        return try state.takeData()
    }
}
