import Foundation

// `setEncodable`: a `Codable` value inside a `JSONWritable` model, written by the bridge straight into the
// context's output, in the context's style (its escaping, number form and date strategy).

extension JSONSerializationContext {
    /// Writes an `Encodable` value; `nil` follows the rules of `set`.
    ///
    /// The value is written as `JSONMapperEncoder` would write it with `JSONEncoder`'s default strategies (keys as
    /// they are, `Data` as Base64, NaN and infinity refused), but in this context's text: its escaping, its number
    /// form, and its date strategy (``JSONMapper/WriteOptions/dateStrategy``) for the dates inside.
    ///
    /// ```swift
    /// struct Settings: Codable { var retries: Int; var timeout: Double }
    ///
    /// func write(to c: JSONSerializationContext) {
    ///     c.set("id", id)
    ///     c.setEncodable("settings", settings)    // "settings":{"retries":3,"timeout":1.5}
    /// }
    /// ```
    ///
    /// A value that cannot be written (a NaN under the default strategy, an `encode(to:)` that throws or encodes
    /// nothing) makes the write throw a ``JSONMappingError`` with code ``JSONMappingError/Code/invalidValue`` and
    /// the culprit's full path, `settings.timeout`.
    ///
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The value, or `nil`.
    public func setEncodable<T: Encodable>(_ key: String, _ value: T?) {
        guard let value else { return _setNil(key) }
        guard _beginMember(key) else { return }
        let memberPath = writer.pathComponents
        let valueStart = writer.count
        var options = EncodingOptions()
        options.contextDateStrategy = self.options.dateStrategy
        let state = EncodingState(options: options, context: self)
        do {
            try state.encodeTopLevel(value)
        } catch is EncodingState.Fallback {
            state.closeContainers(above: -1)
            writer.truncate(to: valueStart)
            writeThroughFoundation(value, at: memberPath)
        } catch {
            state.closeContainers(above: -1)
            writer.truncate(to: valueStart)
            writer.writeNull()
            writer.record(Self.encodingFailure(error, at: memberPath))
        }
    }

    /// Writes `value` as `JSONEncoder` encodes it, for an `encode(to:)` whose containers the stream cannot follow;
    /// dates still follow this context's strategy.
    private func writeThroughFoundation<T: Encodable>(_ value: T, at memberPath: [PathComponent]) {
        let encoder = JSONEncoder()
        let strategy = options.dateStrategy
        encoder.dateEncodingStrategy = .custom { date, dateEncoder in
            var text = JSONWriter(settings: .init(), capacity: 64)
            text.writeDate(date, strategy: strategy)
            if let error = text.error { throw EncodingError.invalidValue(date, .init(
                codingPath: dateEncoder.codingPath, debugDescription: error.message)) }
            let json = try text.withBytes { try JSONValue(parsing: Data(buffer: $0)) }
            var container = dateEncoder.singleValueContainer()
            try container.encode(json)
        }
        do {
            let json = try JSONValue(parsing: try encoder.encode(value))
            writer.writeValue(json)
        } catch {
            writer.writeNull()
            writer.record(Self.encodingFailure(error, at: memberPath))
        }
    }

    /// The write's error for an encode that failed: `invalidValue` at the member's path and the error's coding
    /// path, with the error's description.
    static func encodingFailure(_ error: any Error, at memberPath: [PathComponent]) -> JSONMappingError {
        var components = memberPath
        var message = "\(error)"
        if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
            for key in context.codingPath {
                if let index = key.intValue, key.stringValue == "Index \(index)" {
                    components.append(.index(index))
                } else {
                    components.append(.key(key.stringValue))
                }
            }
            message = context.debugDescription
        }
        return JSONMappingError(code: .invalidValue, path: JSONPath.format(components), message: message)
    }
}
