import Foundation

// Getters that take `Decodable` types: a model mapped with the library can read a member whose type is
// `Decodable` (one written for `JSONDecoder`) where it stands, through the bridge, with the context's rules for
// failures. A value of the native engine is decoded off the document's own tape; one of the Foundation engine is
// written as JSON and read back.

extension JSONDeserializationContext {
    /// The value at `key` decoded as `T`, or `nil`.
    ///
    /// `nil` when the key is missing or `null` (nothing recorded); when the value does not decode, `nil` and one
    /// recorded error with the culprit's full path (`settings.retries: Expected to decode Int but found a string
    /// instead.`), and the model still succeeds. Dates inside follow the context's
    /// ``JSONMapper/Options/dateStrategy``; member names are matched as written.
    ///
    /// ```swift
    /// settings = c.getDecodable("settings", as: Settings.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - type: The `Decodable` type.
    /// - Returns: The value, or `nil`.
    public func getDecodable<T: Decodable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let node = present(key, required: false, expected: Self.typeName(type)) else { return nil }
        return decodeNode(node, as: type, at: path(.key(key)), required: false)
    }

    /// The value at `key` decoded as `T`; a missing key or `null` is a required failure
    /// (``JSONMappingError/Code/missingValue`` at the key), and so is a value that does not decode (the inner error
    /// with its full path), so a strict decode of the model fails.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - type: The `Decodable` type.
    /// - Returns: The value, or `nil` after recording the failure.
    public func requireDecodable<T: Decodable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let node = present(key, required: true, expected: Self.typeName(type)) else { return nil }
        return decodeNode(node, as: type, at: path(.key(key)), required: true)
    }

    /// The value at `path` decoded as `T`, or `nil`, as ``getDecodable(_:as:)`` for one key.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - type: The `Decodable` type.
    /// - Returns: The value, or `nil`.
    public func getDecodable<T: Decodable>(at path: [JSONPathElement], as type: T.Type = T.self) -> T? {
        guard let node = present(at: path, required: false, expected: Self.typeName(type)) else { return nil }
        return decodeNode(node, as: type, at: self.path(path), required: false)
    }

    /// The value at `path` decoded as `T`, as ``requireDecodable(_:as:)`` for one key.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - type: The `Decodable` type.
    /// - Returns: The value, or `nil` after recording the failure.
    public func requireDecodable<T: Decodable>(at path: [JSONPathElement], as type: T.Type = T.self) -> T? {
        guard let node = present(at: path, required: true, expected: Self.typeName(type)) else { return nil }
        return decodeNode(node, as: type, at: self.path(path), required: true)
    }

    /// `node` decoded as `T`; a failure is recorded (required or not) at `base` and the path inside.
    private func decodeNode<T: Decodable>(_ node: JSONNode, as type: T.Type, at base: String, required: Bool) -> T? {
        var options = DecodingOptions()
        let strategy = session.options.dateStrategy
        options.dateStrategy = .custom { decoder in
            guard let reader = decoder as? DecodingReader else { throw DecodingReader.notOurs(decoder) }
            let node = JSONNode.native(reader.document, reader.index)
            guard let date = strategy.date(from: node) else {
                throw DecodingError.typeMismatch(
                    Date.self, reader.context(reader.path, "expected Date (\(strategy.name)), found \(node.found)"))
            }
            return date
        }
        var lastReader: DecodingReader?
        do {
            let document: NativeDocument
            let index: Int
            switch node {
            case .native(let native, let at):
                (document, index) = (native, at)
            case .foundation:
                let data = try JSONMapper.data(from: JSONValue.make(from: node).get())
                (document, index) = (try DecodingInput.document(from: data), NativeDocument.root)
            }
            try DecodingInput.checkNesting(of: document, at: index)
            let reader = DecodingReader(document: document, options: options, userInfo: [:], index: index, path: .root)
            lastReader = reader
            return try reader.unwrap(index, as: type, at: .root)
        } catch {
            let failure = Self.mappingError(error, base: base, reader: lastReader, required: required)
            required ? fail(failure) : record(failure)
            return nil
        }
    }

    /// The library's error for a decoding failure at `base`.
    private static func mappingError(
        _ error: any Error, base: String, reader: DecodingReader?, required: Bool
    ) -> JSONMappingError {
        guard let decoding = error as? DecodingError else {
            if let mapping = error as? JSONMappingError {
                return JSONMappingError(
                    code: mapping.code, path: base, message: mapping.message, isRequired: required)
            }
            return JSONMappingError(code: .typeMismatch, path: base, message: "\(error)", isRequired: required)
        }
        let code: JSONMappingError.Code
        let context: DecodingError.Context
        var inner: String
        switch decoding {
        case .typeMismatch(_, let c):
            (code, context, inner) = (.typeMismatch, c, DecodingPath.text(of: c.codingPath))
        case .valueNotFound(_, let c):
            (code, context, inner) = (.missingValue, c, DecodingPath.text(of: c.codingPath))
        case .keyNotFound(let key, let c):
            (code, context, inner) = (.missingValue, c, DecodingPath.text(of: c.codingPath + [key]))
        case .dataCorrupted(let c):
            (code, context, inner) = (.typeMismatch, c, DecodingPath.text(of: c.codingPath))
        @unknown default:
            return JSONMappingError(code: .typeMismatch, path: base, message: "\(error)", isRequired: required)
        }
        var message = context.debugDescription
        if let reader, message == reader.lastDescription {
            // The bridge's own description: its path (as the document writes it) and the message after it.
            inner = reader.lastPath
            if !inner.isEmpty, message.hasPrefix(inner + ": ") { message.removeFirst(inner.count + 2) }
        }
        var path = base
        if !inner.isEmpty {
            path = base.isEmpty || inner.hasPrefix("[") ? base + inner : base + "." + inner
        }
        return JSONMappingError(code: code, path: path, message: message, isRequired: required)
    }
}

extension DecodingReader {
    /// The error for a decoder that is not the bridge's where only the bridge's can be.
    static func notOurs(_ decoder: any Decoder) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected the bridge's decoder"))
    }
}
