import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

// Runs the same decode through `JSONDecoder` and `JSONMapperDecoder` in this process and compares what they give:
// equal values, or the same `DecodingError` case with the same coding path (keys by `stringValue` and `intValue`).

/// A decoder's settings, applied alike to both decoders.
struct DecoderSettings: @unchecked Sendable {
    var date = JSONDecoder.DateDecodingStrategy.deferredToDate
    var data = JSONDecoder.DataDecodingStrategy.base64
    var float = JSONDecoder.NonConformingFloatDecodingStrategy.throw
    var keys = JSONDecoder.KeyDecodingStrategy.useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    static let standard = DecoderSettings()

    func foundation() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = date
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = float
        decoder.keyDecodingStrategy = keys
        decoder.userInfo = userInfo
        return decoder
    }

    func mapper() -> JSONMapperDecoder {
        let decoder = JSONMapperDecoder()
        decoder.dateDecodingStrategy = date
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = float
        decoder.keyDecodingStrategy = keys
        decoder.userInfo = userInfo
        return decoder
    }
}

/// A coding path as text that tells `stringValue` and `intValue` apart: `a/Index 0#0/b`.
func pathText(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: "/")
}

/// An error's case, type or key, and coding path, to compare across decoders.
func errorSummary(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not a DecodingError: \(type(of: error))" }
    switch error {
    case .typeMismatch(let type, let context):
        return "typeMismatch(\(type)) at [\(pathText(context.codingPath))]"
    case .valueNotFound(let type, let context):
        return "valueNotFound(\(type)) at [\(pathText(context.codingPath))]"
    case .keyNotFound(let key, let context):
        return "keyNotFound(\(pathText([key]))) at [\(pathText(context.codingPath))]"
    case .dataCorrupted(let context):
        return "dataCorrupted at [\(pathText(context.codingPath))]"
    @unknown default:
        return "unknown DecodingError"
    }
}

/// What one decode gave.
enum DecodeOutcome<T: Equatable>: Equatable {
    case value(T)
    case failure(String)

    /// Whether the decode gave a value.
    var isValue: Bool {
        if case .value = self { return true }
        return false
    }

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(errorSummary(error))
        }
    }
}

/// The debug description of the error a decode threw, or `nil` when it did not throw.
func debugDescription(of body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as DecodingError {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return nil
        }
    } catch {
        return "\(error)"
    }
}

/// Decodes `data` as `type` with both decoders and expects the same outcome; returns `JSONDecoder`'s.
@discardableResult
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ data: Data, _ settings: DecoderSettings = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
) -> DecodeOutcome<T> {
    let expected = DecodeOutcome { try settings.foundation().decode(type, from: data) }
    let actual = DecodeOutcome { try settings.mapper().decode(type, from: data) }
    #expect(actual == expected, "\(String(decoding: data.prefix(200), as: UTF8.self))", sourceLocation: sourceLocation)
    return expected
}

/// As ``expectSameDecoding(_:_:_:sourceLocation:)-(T.Type,Data,_,_)`` for inline JSON.
@discardableResult
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, _ settings: DecoderSettings = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
) -> DecodeOutcome<T> {
    expectSameDecoding(type, json(text), settings, sourceLocation: sourceLocation)
}

/// A value under member `v`: decoded with `decode(_:forKey:)`.
struct Box<T: Decodable & Equatable>: Decodable, Equatable {
    let v: T
}

/// An optional value under member `v`: decoded with `decodeIfPresent(_:forKey:)`.
struct OptionalBox<T: Decodable & Equatable>: Decodable, Equatable {
    let v: T?
}

/// Expects the same outcome for `text` as a top-level value, a member, an optional member, an array element and an
/// optional array element.
func expectSameEverywhere<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, _ settings: DecoderSettings = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameDecoding(T.self, text, settings, sourceLocation: sourceLocation)
    expectSameDecoding(Box<T>.self, #"{"v":\#(text)}"#, settings, sourceLocation: sourceLocation)
    expectSameDecoding(OptionalBox<T>.self, #"{"v":\#(text)}"#, settings, sourceLocation: sourceLocation)
    expectSameDecoding([T].self, "[\(text)]", settings, sourceLocation: sourceLocation)
    expectSameDecoding([Box<T>].self, #"[{"v":\#(text)}]"#, settings, sourceLocation: sourceLocation)
    expectSameDecoding([T?].self, "[null,\(text)]", settings, sourceLocation: sourceLocation)
}

/// Any JSON as the standard library's types, decoded through single-value containers: exercises every value of a
/// document through both decoders.
indirect enum AnyJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // The most common kinds first: each failed attempt costs an error.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }
}
