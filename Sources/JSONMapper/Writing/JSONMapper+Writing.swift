import Foundation

// The write side's entry points: a model, an array of models, or a `JSONValue` to compact or pretty UTF-8 text.

extension JSONMapper {
    /// Writes a model as a JSON object.
    ///
    /// ```swift
    /// let data = try JSONMapper.data(from: person)   // {"id":1,"name":"Ada","roles":["admin"]}
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - options: How to write; compact by default.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/invalidValue`` and the culprit's path
    ///   (`values[2]`, `price`) when a value has no JSON form: a NaN or infinite `Double`, `Float` or date; the
    ///   same code when `write(to:)` used its context from another thread; ``JSONMappingError/Code/outOfMemory``
    ///   when the text does not fit in memory.
    public static func data<T: JSONWritable>(
        from model: T, options: WriteOptions = .default
    )
        throws(JSONMappingError) -> Data
    {
        try write(options) { model._write(to: $0) }
    }

    /// Writes models as a top-level JSON array of objects; paths of errors start with the index: `[1].values[0]`.
    ///
    /// - Parameters:
    ///   - models: The models, in order.
    ///   - options: How to write; compact by default.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: A ``JSONMappingError`` for a value that has no JSON form, with its path, or for text that does not
    ///   fit in memory.
    public static func data<T: JSONWritable>(
        from models: [T], options: WriteOptions = .default
    )
        throws(JSONMappingError) -> Data
    {
        try write(options) { models._write(to: $0) }
    }

    /// Writes a ``JSONValue``; its numbers keep their text. Every `JSONValue` has a JSON form, so this throws only
    /// when the text does not fit in memory (code ``JSONMappingError/Code/outOfMemory``).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - options: How to write; compact by default.
    /// - Returns: UTF-8 JSON text.
    public static func data(from value: JSONValue, options: WriteOptions = .default) throws(JSONMappingError) -> Data {
        try write(options) { value._write(to: $0) }
    }

    /// Writes any value that ``JSONSerializationContext/set(_:_:)-3ffg3`` writes, at the top level: an array of
    /// numbers, a `[String: Model]` dictionary, a string…
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - options: How to write; compact by default.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: A ``JSONMappingError`` for a value that has no JSON form, with its path, or for text that does not
    ///   fit in memory.
    public static func data<T: JSONWritableValue>(
        from value: T, options: WriteOptions = .default
    )
        throws(JSONMappingError) -> Data
    {
        try write(options) { value._write(to: $0) }
    }

    /// Writes a model as JSON text.
    ///
    /// ```swift
    /// let text = try JSONMapper.string(from: person, options: JSONMapper.WriteOptions(prettyPrinted: true))
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - options: How to write; compact by default.
    /// - Returns: The JSON text.
    /// - Throws: A ``JSONMappingError`` for a value that has no JSON form, with its path, or for text that does not
    ///   fit in memory.
    public static func string<T: JSONWritable>(
        from model: T, options: WriteOptions = .default
    )
        throws(JSONMappingError) -> String
    {
        try writeString(options) { model._write(to: $0) }
    }

    /// Writes models as a top-level JSON array, as text.
    ///
    /// - Parameters:
    ///   - models: The models, in order.
    ///   - options: How to write; compact by default.
    /// - Returns: The JSON text.
    /// - Throws: A ``JSONMappingError`` for a value that has no JSON form, with its path, or for text that does not
    ///   fit in memory.
    public static func string<T: JSONWritable>(
        from models: [T], options: WriteOptions = .default
    )
        throws(JSONMappingError) -> String
    {
        try writeString(options) { models._write(to: $0) }
    }

    /// Writes a ``JSONValue`` as text; the same as its `description` when compact.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - options: How to write; compact by default.
    /// - Returns: The JSON text.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/outOfMemory`` when the text does not fit in
    ///   memory.
    public static func string(
        from value: JSONValue, options: WriteOptions = .default
    ) throws(JSONMappingError)
        -> String
    {
        try writeString(options) { value._write(to: $0) }
    }

    /// Writes any writable value at the top level, as text.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - options: How to write; compact by default.
    /// - Returns: The JSON text.
    /// - Throws: A ``JSONMappingError`` for a value that has no JSON form, with its path, or for text that does not
    ///   fit in memory.
    public static func string<T: JSONWritableValue>(
        from value: T, options: WriteOptions = .default
    )
        throws(JSONMappingError) -> String
    {
        try writeString(options) { value._write(to: $0) }
    }

    // MARK: Machinery

    /// Runs `body` on a fresh context and returns its bytes as `Data`, without copying them.
    static func write(
        _ options: WriteOptions, _ body: (JSONSerializationContext) -> Void
    ) throws(JSONMappingError)
        -> Data
    {
        let context = JSONSerializationContext(options: options)
        body(context)
        if let error = context.firstError { throw error }
        guard let (bytes, count) = context.writer.takeBytes() else {
            throw context.writer.error ?? JSONWriter.memoryError(needing: 0)
        }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }

    /// Runs `body` on a fresh context and returns its bytes as a `String`.
    static func writeString(
        _ options: WriteOptions, _ body: (JSONSerializationContext) -> Void
    )
        throws(JSONMappingError) -> String
    {
        let context = JSONSerializationContext(options: options)
        body(context)
        if let error = context.firstError { throw error }
        return context.writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
