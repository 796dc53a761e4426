import Foundation

/// The `OutputStream` the write side hands its text to.
///
/// Every byte offered is written, however few bytes each `write` call takes. A call that takes none (`0`, a stream
/// that is full), fails (`-1`) or claims more than it was offered ends the output: the failure becomes a
/// ``JSONMappingError`` with code ``JSONMappingError/Code/outputFailed`` that says how many bytes the stream had
/// taken, and every later write throws it again. Nothing is retried and nothing is taken back.
///
/// A stream that is not open yet is opened here, and closed again by ``close()``; a stream that was open already is
/// left open. Not thread-safe: its owner serializes the calls.
final class StreamOutput {
    /// The size of the pieces the text is handed on in: a write holds about this much besides the largest value it
    /// is writing.
    static let chunkSize = 64 * 1024

    let stream: OutputStream
    /// Whether this opened the stream, and so closes it.
    private let opened: Bool
    private var closed = false
    /// The bytes the stream has taken from this output.
    private(set) var written = 0
    /// The failure that ended the output.
    private(set) var failure: JSONMappingError?

    /// Opens `stream` if it is not open yet.
    ///
    /// - Throws: An ``JSONMappingError/Code/outputFailed`` error when the stream cannot be opened.
    init(_ stream: OutputStream) throws(JSONMappingError) {
        self.stream = stream
        guard stream.streamStatus == .notOpen else {
            opened = false
            return
        }
        stream.open()
        opened = true
        if stream.streamStatus == .error {
            let error = JSONMappingError(
                code: .outputFailed, path: "", message: "cannot open the output stream: \(Self.reason(stream))")
            close()
            throw error
        }
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
            let reason =
                taken == 0
                ? "it accepted no more bytes (it is full)"
                : taken > remaining
                    ? "it reported \(taken) bytes written of \(remaining) offered" : Self.reason(stream)
            let error = JSONMappingError(
                code: .outputFailed, path: "", message: "the output stream failed after \(written) bytes: \(reason)")
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

    /// Why `stream` does not take bytes: its error, or else its status.
    ///
    /// Foundation on Linux traps when `streamError` is read from a stream that has none, so it is read only when the
    /// status says there is one.
    static func reason(_ stream: Stream) -> String {
        switch stream.streamStatus {
        case .error: return stream.streamError.map { $0.localizedDescription } ?? "unknown error"
        case .notOpen: return "the stream is not open"
        case .atEnd: return "the stream is at its end"
        case .closed: return "the stream is closed"
        default: return "unknown error"
        }
    }
}
