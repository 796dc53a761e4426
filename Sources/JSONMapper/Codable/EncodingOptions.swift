import Foundation

// The settings of one encode, copied from `JSONMapperEncoder` (or made for `setEncodable`) when it starts.

/// The settings one encode follows: `JSONEncoder`'s, plus what a serialization context decides in its place.
struct EncodingOptions {
    var outputFormatting: JSONEncoder.OutputFormatting = []
    var dateStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var floatStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keyStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Inside a serialization context: dates follow its strategy instead of ``dateStrategy``.
    var contextDateStrategy: DateStrategy?

    /// The writer's settings for `JSONEncoder`'s text.
    var writerSettings: JSONWriter.Settings {
        JSONWriter.Settings(
            pretty: outputFormatting.contains(.prettyPrinted), sortsKeys: outputFormatting.contains(.sortedKeys),
            escapesSlashes: !outputFormatting.contains(.withoutEscapingSlashes), escapesNonASCII: false,
            indentWidth: 2, foundationStyle: true)
    }

    /// A `JSONEncoder` with these settings, for the rare encode the streaming writer cannot follow (see
    /// ``EncodingState/Fallback``).
    func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = outputFormatting
        encoder.dateEncodingStrategy = dateStrategy
        encoder.dataEncodingStrategy = dataStrategy
        encoder.nonConformingFloatEncodingStrategy = floatStrategy
        encoder.keyEncodingStrategy = keyStrategy
        encoder.userInfo = userInfo
        return encoder
    }

    /// Whether keys are written as their `stringValue`.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyStrategy { return true }
        return false
    }
}
