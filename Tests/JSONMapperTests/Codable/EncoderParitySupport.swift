import Foundation
import JSONMapper
import Testing

// What the encoder tests share: both encoders set up alike, and comparisons of their output and their errors.

/// The settings applied to a `JSONMapperEncoder` and a `JSONEncoder` alike.
struct EncoderSettings {
    var outputFormatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    var mapper: JSONMapperEncoder {
        let encoder = JSONMapperEncoder()
        encoder.outputFormatting = outputFormatting
        encoder.dateEncodingStrategy = dateEncodingStrategy
        encoder.dataEncodingStrategy = dataEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        encoder.keyEncodingStrategy = keyEncodingStrategy
        encoder.userInfo = userInfo
        return encoder
    }

    var foundation: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = outputFormatting
        encoder.dateEncodingStrategy = dateEncodingStrategy
        encoder.dataEncodingStrategy = dataEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        encoder.keyEncodingStrategy = keyEncodingStrategy
        encoder.userInfo = userInfo
        return encoder
    }
}

/// Both encoders' text for `value` (or their errors), which must be the same bytes; returns the text.
@discardableResult
func expectSameText<T: Encodable>(
    _ value: T, _ settings: EncoderSettings = EncoderSettings(), sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    let expected: Data
    do {
        expected = try settings.foundation.encode(value)
    } catch {
        Issue.record("JSONEncoder failed: \(error)", sourceLocation: sourceLocation)
        return ""
    }
    do {
        let actual = try settings.mapper.encode(value)
        #expect(
            String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            sourceLocation: sourceLocation)
        #expect(actual == expected, sourceLocation: sourceLocation)
        return String(decoding: actual, as: UTF8.self)
    } catch {
        Issue.record("JSONMapperEncoder failed: \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// The text of `value` from `JSONMapperEncoder`, recording an error as a failure.
func mapperText<T: Encodable>(
    _ value: T, _ settings: EncoderSettings = EncoderSettings(outputFormatting: []),
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    do {
        return String(decoding: try settings.mapper.encode(value), as: UTF8.self)
    } catch {
        Issue.record("JSONMapperEncoder failed: \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// A coding path as `(stringValue, intValue)` pairs, to compare two paths.
func pathPairs(_ path: [any CodingKey]) -> [String] {
    path.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }
}

/// What an `EncodingError` says: its case, path and description.
func encodingSummary(of error: any Error) -> String {
    guard let error = error as? EncodingError else { return "not an EncodingError: \(error)" }
    switch error {
    case .invalidValue(_, let context):
        return "invalidValue \(pathPairs(context.codingPath)) \(context.debugDescription)"
    @unknown default:
        return "other EncodingError"
    }
}

/// Both encoders must throw, the same `EncodingError` case with the same path and description; returns it.
@discardableResult
func expectSameError<T: Encodable>(
    _ value: T, _ settings: EncoderSettings = EncoderSettings(), sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    var expected = "no error"
    var actual = "no error"
    do { _ = try settings.foundation.encode(value) } catch { expected = encodingSummary(of: error) }
    do { _ = try settings.mapper.encode(value) } catch { actual = encodingSummary(of: error) }
    #expect(actual == expected, sourceLocation: sourceLocation)
    #expect(expected != "no error", sourceLocation: sourceLocation)
    return actual
}

/// An `Encodable` whose `encode(to:)` is the closure it is given: one-off shapes for tests.
struct Encodes: Encodable {
    let body: @Sendable (any Encoder) throws -> Void
    init(_ body: @escaping @Sendable (any Encoder) throws -> Void) { self.body = body }
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

/// A coding key with any name.
struct EncoderTestKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ name: String) {
        stringValue = name
        intValue = nil
    }
    init(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
