// Codable/ owns the Codable bridge: `JSONMapperDecoder` over the native engine's tape (the files starting
// `JSONMapperDecoder` and `Decoding`), `JSONMapperEncoder` over the library's writer (`JSONMapperEncoder`, `Encoding`),
// the context getters and setters that take Codable values, and `JSONValue`'s Codable conformance.

import Foundation

/// Decodes `Decodable` values like `JSONDecoder`, on the native engine.
///
/// A drop-in for `JSONDecoder`: the same strategies (Foundation's own types), the same values, and the same
/// `DecodingError` cases with the same `codingPath`, so switching is one line:
///
/// ```swift
/// let decoder = JSONMapperDecoder()              // was: JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let issue = try decoder.decode(Issue.self, from: data)
/// ```
///
/// Beyond `JSONDecoder`, each error's `debugDescription` names the culprit in the library's path syntax
/// (`statuses[3].user.id: Expected to decode Int but found a string instead.`), malformed input carries a
/// ``JSONMappingError`` with its line and column as the `underlyingError`, and the whole document must be RFC 8259.
///
/// Like `JSONDecoder`, a decoder may be used from several threads at once; changing its settings while another
/// thread decodes is safe too (each decode reads them once, when it starts).
public final class JSONMapperDecoder: @unchecked Sendable {
    private let lock = NSLock()
    private var options = DecodingOptions()

    /// How dates are decoded; `.deferredToDate` by default, as in `JSONDecoder`.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get { lock.withLock { options.dateStrategy } }
        set { lock.withLock { options.dateStrategy = newValue } }
    }

    /// How `Data` is decoded; `.base64` by default.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { lock.withLock { options.dataStrategy } }
        set { lock.withLock { options.dataStrategy = newValue } }
    }

    /// How strings standing for infinity and NaN are decoded; `.throw` by default.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { lock.withLock { options.floatStrategy } }
        set { lock.withLock { options.floatStrategy = newValue } }
    }

    /// How the document's member names become coding keys; `.useDefaultKeys` by default. No strategy touches the
    /// keys of `[String: T]` or ``JSONValue`` objects.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { lock.withLock { options.keyStrategy } }
        set { lock.withLock { options.keyStrategy = newValue } }
    }

    /// Values every `init(from:)` finds in `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { lock.withLock { options.userInfo } }
        set { lock.withLock { options.userInfo = newValue } }
    }

    /// A decoder with `JSONDecoder`'s default strategies.
    public init() {}

    /// Decodes a value of `type` from JSON text.
    ///
    /// UTF-8 input (with or without a byte-order mark) is read as it is; UTF-16 and UTF-32 input is transcoded
    /// first, as `JSONDecoder` does.
    ///
    /// ```swift
    /// let user = try JSONMapperDecoder().decode(User.self, from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON text.
    /// - Returns: The value.
    /// - Throws: `DecodingError` as `JSONDecoder` does: the same case and `codingPath`. Malformed input is
    ///   `dataCorrupted` with an empty path and a ``JSONMappingError`` (code ``JSONMappingError/Code/malformedJSON``)
    ///   as its `underlyingError`; errors that the type's own `init(from:)` throws pass through unchanged.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let options = lock.withLock { self.options }
        let document = try DecodingInput.document(from: data)
        return try DecodingReader.decode(type, from: document, options: options)
    }

    /// Decodes a value of `type` from JSON text in memory the caller owns, such as a server's request buffer,
    /// without first copying it into a `Data`.
    ///
    /// The bytes are read once, into the engine's own buffer, while the call runs; the caller may reuse them as soon
    /// as it returns.
    ///
    /// ```swift
    /// let order = try buffer.withUnsafeReadableBytes { try decoder.decode(Order.self, from: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: JSON text, as for ``decode(_:from:)-(T.Type,Data)``.
    /// - Returns: The value.
    /// - Throws: `DecodingError`, as ``decode(_:from:)-(T.Type,Data)`` does.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let options = lock.withLock { self.options }
        let document = try DecodingInput.document(from: bytes)
        return try DecodingReader.decode(type, from: document, options: options)
    }

    /// Decodes a value of `type` from JSON text in any contiguous storage (`[UInt8]`, `ByteBuffer` views,
    /// `Data` slices), without first copying it into a `Data`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: JSON text, as for ``decode(_:from:)-(T.Type,Data)``.
    /// - Returns: The value.
    /// - Throws: `DecodingError`, as ``decode(_:from:)-(T.Type,Data)`` does.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some ContiguousBytes) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from the value a context reads, without parsing it again: a record of
    /// ``JSONMapper/lines(_:options:)-(InputStream,_)`` or its async versions, an array element, a server-sent
    /// event's ``ServerSentEvent/context(options:)``, or any context a model was given.
    ///
    /// A context of the native engine is decoded off the tape its parse made; one of the Foundation engine is written
    /// as JSON and read back. Coding paths start at the context's value.
    ///
    /// ```swift
    /// struct Record: Decodable { var id: Int; var name: String }
    /// let decoder = JSONMapperDecoder()
    /// for await line in JSONMapper.lines(body) {
    ///     let record = try decoder.decode(Record.self, from: line)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - context: The context whose value to decode.
    /// - Returns: The value.
    /// - Throws: `DecodingError` as ``decode(_:from:)-(T.Type,Data)`` does; for an invalid context (malformed input,
    ///   a stream that failed) `dataCorrupted` with an empty coding path, "The given data was not valid JSON: …"
    ///   and the context's first error as its underlying error; `valueNotFound` for a context that stands for a
    ///   missing value (the placeholder a required model gets); `dataCorrupted` for a value nested deeper than 512
    ///   levels, as for `Data` (possible when ``JSONMapper/Options/maximumDepth`` was raised).
    public func decode<T: Decodable>(_ type: T.Type, from context: JSONDeserializationContext) throws -> T {
        let options = lock.withLock { self.options }
        // The value is read as a whole, so none of its members is unknown (``JSONDeserializationContext/unknownKeys``).
        context.markAllRead()
        switch context.node {
        case .native(let document, let index)?:
            return try DecodingReader.decode(type, from: document, at: index, options: options)
        case let node?:
            // The Foundation engine's tree holds only JSON values, so neither step fails on a context it made.
            let data: Data
            switch JSONValue.make(from: node) {
            case .success(let value):
                do throws(JSONMappingError) { data = try JSONMapper.data(from: value) } catch {
                    throw DecodingInput.malformed(error)
                }
            case .failure(let unrepresentable):
                throw DecodingInput.malformed(unrepresentable.error(at: ""))
            }
            return try DecodingReader.decode(type, from: try DecodingInput.document(from: data), options: options)
        case nil:
            // No value: the input was not JSON (its first error says why), or the context stands for a value that
            // is missing (a required model's placeholder), which `JSONDecoder` would call a value not found.
            if !context.valid, let error = context.errors.first { throw DecodingInput.malformed(error) }
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: [],
                    debugDescription: "The context reads no value: it stands for a model whose value was missing."))
        }
    }
}

/// A decoder's settings, copied once per decode.
struct DecodingOptions: Sendable {
    var dateStrategy = JSONDecoder.DateDecodingStrategy.deferredToDate
    var dataStrategy = JSONDecoder.DataDecodingStrategy.base64
    var floatStrategy = JSONDecoder.NonConformingFloatDecodingStrategy.throw
    var keyStrategy = JSONDecoder.KeyDecodingStrategy.useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether member names are matched as they are written.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyStrategy { return true }
        return false
    }
}
