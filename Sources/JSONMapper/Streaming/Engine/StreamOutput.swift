import Foundation

/// The `OutputStream` the write side hands its text to.
///
/// Every byte offered is written, however few bytes each `write` call takes. A call that takes none (`0`, a stream
/// that is full), fails (`-1`) or claims more than it was offered ends the output: the failure becomes a
/// ``JSONMappingError`` with code ``JSONMappingError/Code/outputFailed`` that says how many bytes the stream had
/// taken, and every later write throws it again. Nothing is retried and nothing is taken back. ``StreamFailure``
/// says why, without reading `streamError` where Foundation may trap. An output with a ``name`` (a file's path)
/// starts each message with `cannot write NAME: `, as the read side's `cannot read NAME: `.
///
/// A stream that is not open yet is opened here, and closed again by ``close()``; a stream that was open already is
/// left open. Not thread-safe: its owner serializes the calls.
final class StreamOutput {
    /// The size of the pieces the text is handed on in: a write holds about this much besides the largest value it
    /// is writing.
    static let chunkSize = 64 * 1024

    let stream: OutputStream
    /// What the stream writes to, for messages: a file's path; `nil` for a stream the caller made.
    let name: String?
    /// Whether this opened the stream, and so closes it.
    private let opened: Bool
    private var closed = false
    /// The bytes the stream has taken from this output.
    private(set) var written = 0
    /// The failure that ended the output.
    private(set) var failure: JSONMappingError?

    /// Opens `stream` if it is not open yet.
    ///
    /// - Parameters:
    ///   - stream: The stream to write to.
    ///   - name: What it writes to, for messages (a file's path).
    /// - Throws: An ``JSONMappingError/Code/outputFailed`` error when the stream cannot be opened, or is closed,
    ///   failed or at its end already.
    init(_ stream: OutputStream, name: String? = nil) throws(JSONMappingError) {
        self.stream = stream
        self.name = name
        opened = stream.streamStatus == .notOpen
        if opened { stream.open() }
        guard let reason = StreamFailure.unwritable(stream) else { return }
        let error = Self.error(
            opened ? "cannot open the output stream: \(reason)" : "the output stream failed after 0 bytes: \(reason)",
            name: name)
        close()
        throw error
    }

    /// Hands every byte of `bytes` to the stream, in as many calls as it takes.
    ///
    /// - Throws: The output's failure, now or from an earlier call.
    func write(_ bytes: UnsafeRawBufferPointer) throws(JSONMappingError) {
        if let failure { throw failure }
        guard var next = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let taken = stream.write(next, maxLength: remaining)
            if taken > 0 && taken <= remaining {
                next += taken
                remaining -= taken
                written += taken
                continue
            }
            let reason = StreamFailure.writeFailure(stream, returned: taken, offered: remaining)
            let error = Self.error("the output stream failed after \(written) bytes: \(reason)", name: name)
            failure = error
            throw error
        }
    }

    /// Closes the stream if this opened it; later writes fail.
    func close() {
        guard !closed else { return }
        closed = true
        if opened { stream.close() }
    }

    /// The error for `message`, prefixed with `cannot write NAME: ` when the output has a name.
    private static func error(_ message: String, name: String?) -> JSONMappingError {
        let named = name.map { "cannot write \($0): \(message)" } ?? message
        return JSONMappingError(code: .outputFailed, path: "", message: named)
    }
}
