import Foundation

// Writing to an `OutputStream` in chunks: a top-level array or sequence is handed on element by element, so that a
// write holds a buffer of 80 KB, or, once an element does not fit in it, one grown for the largest element (320 KB
// at least, at most one and a half times the element and 64 KB), however long the output.

extension JSONMapper {
    /// Writes a model as a JSON object to `stream`.
    ///
    /// The model's text is made in memory and then handed to the stream (in as many `write` calls as it takes);
    /// to write many models in bounded memory, write them as an array or sequence
    /// (``write(contentsOf:to:options:)``), or one per line with a ``JSONLinesWriter``.
    ///
    /// ```swift
    /// let stream = OutputStream(toMemory: ())
    /// try JSONMapper.write(person, to: stream)     // {"id":1,"name":"Ada","roles":["admin"]}
    /// ```
    ///
    /// A stream that is not open yet is opened, and closed when the write ends; an open stream is left open.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - stream: Where to write the UTF-8 text.
    ///   - options: How to write; compact by default.
    /// - Returns: The number of bytes written.
    /// - Throws: A ``JSONMappingError``, as ``data(from:options:)-6uf0e`` throws (a value JSON cannot hold, with its
    ///   path, or memory that ran out): then nothing is written. Or an ``JSONMappingError/Code/outputFailed`` error
    ///   when the stream cannot be opened or fails: then it keeps the bytes it took, as many as the message says.
    @discardableResult
    public static func write<T: JSONWritable>(
        _ model: T, to stream: OutputStream, options: WriteOptions = .default
    ) throws(JSONMappingError) -> Int {
        try streamWhole(to: stream, options: options) { model._write(to: $0) }
    }

    /// Writes values as a top-level JSON array to `stream`, handing the text on in chunks of about 64 KB as it is
    /// made: the write holds the largest element's text, not the array's.
    ///
    /// ```swift
    /// try JSONMapper.write(people, to: stream)      // [{"id":1,…},{"id":2,…}]
    /// ```
    ///
    /// The text is the same, byte for byte, as ``data(from:options:)-([T],_)`` gives. For models made one at a time
    /// (read from a database, mapped from another file), ``write(contentsOf:to:options:)`` takes any sequence, so
    /// that they never need to be in memory together.
    ///
    /// - Parameters:
    ///   - values: The elements, in order: models, or any value ``JSONSerializationContext/set(_:_:)-3ffg3``
    ///     writes.
    ///   - stream: Where to write the UTF-8 text; opened and closed again if it is not open yet.
    ///   - options: How to write; compact by default.
    /// - Returns: The number of bytes written.
    /// - Throws: A ``JSONMappingError`` for a value JSON cannot hold (with its path, `[48213].price`), for memory that
    ///   ran out, or for a stream that failed (code ``JSONMappingError/Code/outputFailed``). The stream then keeps
    ///   the text written so far and nothing more: see ``write(contentsOf:to:options:)`` for where it ends.
    @discardableResult
    public static func write<T: JSONWritableValue>(
        _ values: [T], to stream: OutputStream, options: WriteOptions = .default
    ) throws(JSONMappingError) -> Int {
        try write(contentsOf: values, to: stream, options: options)
    }

    /// Writes the elements of any sequence as a top-level JSON array to `stream`, each as soon as the sequence
    /// makes it, handing the text on in chunks of about 64 KB: the write holds one element and its text, so that a
    /// lazily made sequence can be larger than memory.
    ///
    /// ```swift
    /// let orders = (0..<10_000_000).lazy.map { Order(number: $0) }
    /// try JSONMapper.write(contentsOf: orders, to: stream)      // [{"number":0},{"number":1},…]
    /// ```
    ///
    /// **When the write throws**, the stream keeps what it was handed and nothing more is written: the text is cut
    /// short, never completed, and is not a JSON text. Where it ends:
    /// - for an element that JSON cannot hold (a NaN, say), right after the element before it: every element
    ///   before the failing one is written, and nothing of it. The error's path starts with its index
    ///   (`[48213].price`), so `[` and 48,213 elements were written.
    /// - when memory runs out, right after an element, at most about 64 KB before the one that did not fit.
    /// - when the stream fails, wherever it stopped taking bytes; the message says how many it took
    ///   (`the output stream failed after 1048576 bytes: …`).
    /// - when an element's `write(to:)` used its context from another thread, at the last chunk handed on before
    ///   it (up to about 64 KB of elements before it are not written); the path is the key that was given.
    ///
    /// To replace a file all or nothing, write to a temporary file beside it and move it into place when the write
    /// returns.
    ///
    /// - Parameters:
    ///   - elements: The elements, in order: models, ``JSONValue``s, or any value
    ///     ``JSONSerializationContext/set(_:_:)-3ffg3`` writes. Iterated once, on the calling thread.
    ///   - stream: Where to write the UTF-8 text; opened and closed again if it is not open yet.
    ///   - options: How to write; compact by default.
    /// - Returns: The number of bytes written.
    /// - Throws: A ``JSONMappingError``: ``JSONMappingError/Code/invalidValue`` with the culprit's path,
    ///   ``JSONMappingError/Code/outOfMemory``, or ``JSONMappingError/Code/outputFailed``.
    /// - Complexity: One pass; memory is a buffer of 80 KB, or, once an element does not fit in it, one grown as
    ///   ``data(from:options:)-([T],_)``'s is: 320 KB at least, at most one and a half times the largest element's
    ///   text and 64 KB.
    @discardableResult
    public static func write<S: Sequence>(
        contentsOf elements: S, to stream: OutputStream, options: WriteOptions = .default
    ) throws(JSONMappingError) -> Int where S.Element: JSONWritableValue {
        try streamElements(elements, to: stream, options: options, chunkSize: StreamOutput.chunkSize)
    }

    /// Writes a ``JSONValue`` to `stream`; its numbers keep their text. A top-level array is handed on element by
    /// element, as ``write(contentsOf:to:options:)`` does; any other value is written whole, then handed on.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - stream: Where to write the UTF-8 text; opened and closed again if it is not open yet.
    ///   - options: How to write; compact by default.
    /// - Returns: The number of bytes written.
    /// - Throws: A ``JSONMappingError`` when memory runs out or the stream fails (code
    ///   ``JSONMappingError/Code/outputFailed``); every `JSONValue` has a JSON form.
    @discardableResult
    public static func write(
        _ value: JSONValue, to stream: OutputStream, options: WriteOptions = .default
    ) throws(JSONMappingError) -> Int {
        if case .array(let elements) = value {
            return try write(contentsOf: elements, to: stream, options: options)
        }
        return try streamWhole(to: stream, options: options) { value._write(to: $0) }
    }

    /// Writes any value that ``JSONSerializationContext/set(_:_:)-3ffg3`` writes to `stream`, at the top level: a
    /// `[String: Model]` dictionary, a string… Its text is made whole in memory, then handed on; arrays go through
    /// ``write(_:to:options:)-([T],_,_)``, element by element.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - stream: Where to write the UTF-8 text; opened and closed again if it is not open yet.
    ///   - options: How to write; compact by default.
    /// - Returns: The number of bytes written.
    /// - Throws: A ``JSONMappingError`` for a value JSON cannot hold (nothing is written), for memory that ran out,
    ///   or for a stream that failed.
    @discardableResult
    public static func write<T: JSONWritableValue>(
        _ value: T, to stream: OutputStream, options: WriteOptions = .default
    ) throws(JSONMappingError) -> Int {
        try streamWhole(to: stream, options: options) { value._write(to: $0) }
    }

    // MARK: Machinery

    /// Writes what `body` writes, whole, then hands it to `stream`.
    static func streamWhole(
        to stream: OutputStream, options: WriteOptions, _ body: (JSONSerializationContext) -> Void
    ) throws(JSONMappingError) -> Int {
        let context = JSONSerializationContext(options: options)
        body(context)
        if let error = context.firstError { throw error }
        let output = try StreamOutput(stream)
        defer { output.close() }
        try context.writer.drain { bytes throws(JSONMappingError) in try output.write(bytes) }
        return output.written
    }

    /// Writes `elements` as an array to `stream`, handing the text on whenever `chunkSize` bytes or more are
    /// waiting after an element.
    static func streamElements<S: Sequence>(
        _ elements: S, to stream: OutputStream, options: WriteOptions, chunkSize: Int
    ) throws(JSONMappingError) -> Int where S.Element: JSONWritableValue {
        let output = try StreamOutput(stream)
        defer { output.close() }
        let context = JSONSerializationContext(options: options, capacity: chunkSize + chunkSize / 4)
        context.writer.beginArray()
        for element in elements {
            let start = context.writer.count
            context.writer.beginElement()
            element._write(to: context)
            if let error = context.writer.error {
                // Hand on the elements before this one, whole, and nothing of it (nothing at all once memory is
                // gone: the writer let its bytes go).
                context.writer.truncate(to: start)
                try context.writer.drain { bytes throws(JSONMappingError) in try output.write(bytes) }
                throw error
            }
            if context.writer.count >= chunkSize { try hand(context, to: output) }
        }
        context.writer.endArray()
        try hand(context, to: output)
        return output.written
    }

    /// Hands the text an array write has made so far to `output`, unless the write has failed: a context used from
    /// another thread is found here, and then nothing more is written.
    private static func hand(_ context: JSONSerializationContext, to output: StreamOutput) throws(JSONMappingError) {
        if let error = context.firstError { throw error }
        try context.writer.drain { bytes throws(JSONMappingError) in try output.write(bytes) }
    }
}
