import Foundation

/// Writes one JSON value per line to a file or an `OutputStream`: JSON Lines, for logs and exports of any length,
/// written in bounded memory. ``JSONMapper/lines(_:options:)-(InputStream,_)`` reads them back.
///
/// ```swift
/// let writer = try JSONLinesWriter(url: url, append: false)   // replaces the file; append: true adds to it
/// for event in events {
///     try writer.append(event)       // {"kind":"login","user":7}\n
/// }
/// try writer.finish()                // hands on the last lines, and closes the file
/// ```
///
/// **Lines.** Each value is written compact, as ``JSONMapper/data(from:options:)-6uf0e`` writes it, and followed by
/// `\n`: every line is a complete JSON text, and a newline inside a string is written `\n`. Options work as for
/// `data(from:)`, except ``JSONMapper/WriteOptions/prettyPrinted``, which would break a value over several lines:
/// the initializer refuses it.
///
/// **Memory.** Lines are collected in a buffer of 64 KB and handed to the stream when it is full, by ``flush()``
/// and by ``finish()``; a line longer than the buffer goes to the stream by itself. A writer holds the buffer and
/// the text of the value being appended, however many lines it writes.
///
/// **Errors.** A value JSON cannot hold (a NaN, with its path within the line: `values[2]`), or one whose text does
/// not fit in memory, costs only its own line: ``append(_:)`` throws, writes nothing of it, and the writer goes on
/// with the next. A stream that fails ends the writer: the stream keeps what it took (the message says how many
/// bytes, which may end inside a line), the lines still in the buffer are lost, and every later call throws the
/// same error.
///
/// **Threads.** A writer may be shared. Each value is written into text on the calling thread, with no lock held
/// (so a model's `write(to:)` may itself append to the writer); then a lock is taken to add the line, so that lines
/// from several threads never mix: they land whole, in the order the threads reach the lock.
///
/// **Finishing.** ``finish()`` hands on the buffered lines and closes the stream if the writer opened it (a stream
/// that was open already is left open); appending afterwards throws. A writer released without `finish()` hands on
/// its buffered lines and closes the stream too, but cannot report a failure: call `finish()` to know that every
/// line arrived.
public final class JSONLinesWriter: @unchecked Sendable {
    /// How the lines are written.
    public let options: JSONMapper.WriteOptions

    // Everything below is touched only with `lock` held (or in `deinit`, when no one else can).
    private let lock = NSLock()
    private let output: StreamOutput
    /// The lines not yet handed to the stream; `nil` once the writer is finished.
    private var buffer: UnsafeMutablePointer<UInt8>?
    private let capacity: Int
    private var buffered = 0
    private var lines = 0
    private var finished = false

    /// Creates a writer that writes lines to `stream`, opening it if it is not open yet; a stream that was open
    /// already gets them after what it holds.
    ///
    /// ```swift
    /// let writer = try JSONLinesWriter(to: OutputStream(toMemory: ()))
    /// ```
    ///
    /// - Parameters:
    ///   - stream: Where to write the UTF-8 lines.
    ///   - options: How to write each value: every option but ``JSONMapper/WriteOptions/prettyPrinted``.
    /// - Throws: A ``JSONMappingError``: ``JSONMappingError/Code/invalidValue`` for options with `prettyPrinted`,
    ///   ``JSONMappingError/Code/outputFailed`` when the stream cannot be opened, or is closed, failed or at its end
    ///   already (`the output stream failed after 0 bytes: it is closed`).
    public convenience init(
        to stream: OutputStream, options: JSONMapper.WriteOptions = .default
    ) throws(JSONMappingError) {
        try self.init(to: stream, options: options, bufferSize: StreamOutput.chunkSize)
    }

    /// Creates a writer that writes lines to the file at `url`, created if it does not exist: it **replaces** the
    /// file's contents unless `append` is `true`. ``finish()`` closes the file.
    ///
    /// ```swift
    /// let export = try JSONLinesWriter(url: exportURL)                // a new file: what was there is gone
    /// let log = try JSONLinesWriter(url: logURL, append: true)        // lines added after the file's own
    /// ```
    ///
    /// Replacing is the default because it is what every other way of writing a file does (`Data.write(to:)`,
    /// `OutputStream(url:append: false)`, `FileManager.createFile`), and because running the same export twice then
    /// gives the same file rather than every line twice. Appending is a choice to make where it is seen: it adds
    /// after the file's last byte, so the file should end with a newline (as every file this writer finished does);
    /// a last line cut short would run into the first line added.
    ///
    /// Its failures name the file:
    /// `cannot write /data/out.jsonl: the output stream failed after 1048576 bytes: …`.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - append: `false` (the default) to replace the file's contents, `true` to add lines after them.
    ///   - options: How to write each value: every option but ``JSONMapper/WriteOptions/prettyPrinted``.
    /// - Throws: A ``JSONMappingError``: ``JSONMappingError/Code/invalidValue`` for options with `prettyPrinted`,
    ///   ``JSONMappingError/Code/outputFailed`` when `url` is not a file URL or the file cannot be opened for
    ///   writing (`cannot write /data/out.jsonl: cannot open the output stream: …`).
    public convenience init(
        url: URL, append: Bool = false, options: JSONMapper.WriteOptions = .default
    ) throws(JSONMappingError) {
        // On Linux, Foundation's `OutputStream(url:append:)` crashes for a URL that is not a file URL (`https:`, or
        // `URL(string: "out.jsonl")`, a relative URL): its stream is nil, and it sets a property on it regardless.
        guard url.isFileURL else {
            throw JSONMappingError(
                code: .outputFailed, path: "", message: "only file URLs can be written: \(url.absoluteString)")
        }
        guard let stream = OutputStream(url: url, append: append) else {
            throw JSONMappingError(
                code: .outputFailed, path: "", message: "cannot write \(url.path): cannot open the output stream")
        }
        try self.init(to: stream, options: options, bufferSize: StreamOutput.chunkSize, name: url.path)
    }

    /// Creates a writer whose buffer holds `bufferSize` bytes (tests use small ones), naming what the stream writes
    /// to in its failures when `name` is given.
    init(
        to stream: OutputStream, options: JSONMapper.WriteOptions, bufferSize: Int, name: String? = nil
    ) throws(JSONMappingError) {
        guard !options.prettyPrinted else { throw Self.prettyPrintedError }
        let capacity = max(1, bufferSize)
        guard let buffer = RawMemory.allocate(UInt8.self, count: capacity) else {
            throw JSONWriter.memoryError(needing: capacity)
        }
        do throws(JSONMappingError) {
            output = try StreamOutput(stream, name: name)
        } catch {
            RawMemory.free(buffer)
            throw error
        }
        self.options = options
        self.buffer = buffer
        self.capacity = capacity
    }

    deinit {
        if !finished {
            try? handOn()
            output.close()
        }
        if let buffer { RawMemory.free(buffer) }
    }

    /// The number of lines appended so far: every ``append(_:)`` that returned. After the stream failed, the lines
    /// that were still in the buffer count here but never arrived.
    public var linesWritten: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Appends `value` as one line: a model, a ``JSONValue``, or any value that
    /// ``JSONSerializationContext/set(_:_:)-3ffg3`` writes (an array is one line holding an array).
    ///
    /// - Parameter value: The value.
    /// - Throws: A ``JSONMappingError``: ``JSONMappingError/Code/invalidValue`` with the culprit's path within the
    ///   line, or ``JSONMappingError/Code/outOfMemory``, and then nothing of the line is written and the writer goes
    ///   on; ``JSONMappingError/Code/outputFailed`` when the stream fails (now or before), or after ``finish()``.
    public func append<T: JSONWritableValue>(_ value: T) throws(JSONMappingError) {
        let context = JSONSerializationContext(options: options)
        value._write(to: context)
        if let error = context.firstError { throw error }
        let line = UnsafeRawBufferPointer(start: context.writer.base, count: context.writer.count)
        lock.lock()
        defer { lock.unlock() }
        try add(line)
    }

    /// Hands the buffered lines to the stream now, for a reader that follows the file as it grows.
    ///
    /// - Throws: An ``JSONMappingError/Code/outputFailed`` error when the stream fails, now or before.
    public func flush() throws(JSONMappingError) {
        lock.lock()
        defer { lock.unlock() }
        if let failure = output.failure { throw failure }
        try handOn()
    }

    /// Hands the buffered lines to the stream and closes it if the writer opened it. Later appends throw; a second
    /// `finish()` does nothing more.
    ///
    /// - Throws: An ``JSONMappingError/Code/outputFailed`` error when the stream failed, now or at any time before:
    ///   then not every line arrived. The stream is closed all the same.
    public func finish() throws(JSONMappingError) {
        lock.lock()
        defer { lock.unlock() }
        if !finished {
            finished = true
            defer {
                output.close()
                if let buffer { RawMemory.free(buffer) }
                buffer = nil
            }
            try? handOn()
        }
        if let failure = output.failure { throw failure }
    }

    // MARK: Machinery

    /// Adds `line` and its newline after the buffered lines, handing the buffer on when it fills.
    private func add(_ line: UnsafeRawBufferPointer) throws(JSONMappingError) {
        if let failure = output.failure { throw failure }
        guard let buffer else { throw Self.finishedError }
        let needed = line.count + 1
        if needed > capacity - buffered { try handOn() }
        if needed > capacity {
            // Too long for the buffer: the line goes by itself, and its newline starts the buffer again.
            try output.write(line)
            buffer[0] = UInt8(ascii: "\n")
            buffered = 1
        } else {
            if let source = line.baseAddress {
                UnsafeMutableRawPointer(buffer + buffered).copyMemory(from: source, byteCount: line.count)
            }
            buffer[buffered + line.count] = UInt8(ascii: "\n")
            buffered += needed
            if buffered == capacity { try handOn() }
        }
        lines += 1
    }

    /// Hands the buffered lines to the stream; they leave the buffer whether or not the stream takes them.
    private func handOn() throws(JSONMappingError) {
        guard let buffer, buffered > 0 else { return }
        let count = buffered
        buffered = 0
        try output.write(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    static let prettyPrintedError = JSONMappingError(
        code: .invalidValue, path: "",
        message: "JSON Lines are written compact: WriteOptions.prettyPrinted would break a value over several lines")

    static let finishedError = JSONMappingError(
        code: .outputFailed, path: "", message: "the JSON Lines writer is finished: nothing more can be appended")
}
