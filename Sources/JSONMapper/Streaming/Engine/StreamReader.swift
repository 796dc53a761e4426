import Foundation

/// Reads an `InputStream` to its end in chunks, into a buffer the native engine can adopt.
enum StreamReader {
    /// The least free space asked of the buffer before each read: when less is free, the buffer grows first.
    static let chunkSize = 64 * 1024

    /// The stream's bytes, followed by the zero padding the scanner needs; the caller owns `bytes` (a ``RawMemory``
    /// buffer).
    struct Input {
        let bytes: UnsafeMutablePointer<UInt8>
        let count: Int
    }

    /// Opens the stream if it is not open yet (closing it again afterwards), and reads until it reports its end.
    ///
    /// Every read asks for at most the space that is free in the buffer (1 MB at most, mapped ahead: see
    /// ``RawMemory/prepareRead(into:free:expectedToFill:)``), so no read can write past it, however much the stream
    /// hands out at once (`InputStream(data:)` and file streams fill whatever they are offered).
    ///
    /// - Throws: A `malformedJSON` error when the stream fails, or is closed, failed or at its end before the first
    ///   read, giving the line and column reached and the number of bytes read (see ``StreamFailure``).
    static func readAll(_ stream: InputStream) throws(JSONMappingError) -> Input {
        var opened = false
        if stream.streamStatus == .notOpen {
            stream.open()
            opened = true
        }
        defer {
            if opened { stream.close() }
        }
        if let reason = StreamFailure.unreadable(stream) {
            throw JSONMappingError(
                code: .malformedJSON, path: "", message: "the stream failed after 0 bytes: \(reason)", line: 1,
                column: 1)
        }
        var buffer: ByteBuffer
        do {
            buffer = try ByteBuffer(capacity: chunkSize, padding: NativeScanner.padding)
        } catch {
            throw JSONMappingError(RawMemory.exhausted(error.bytes))
        }
        // Whether the last read filled all it was offered (see `RawMemory.prepareRead`).
        var filled = true
        while true {
            let capacity = buffer.capacity
            guard buffer.reserve(chunkSize) else {
                throw JSONMappingError(RawMemory.exhausted(grownCapacity(capacity, count: buffer.count) - capacity))
            }
            let free = RawMemory.prepareRead(
                into: buffer.base + buffer.count, free: buffer.capacity - buffer.count, expectedToFill: filled)
            let read = stream.read(buffer.base + buffer.count, maxLength: free)
            if read > 0 && read <= free {
                buffer.count += read
                filled = read == free
            } else if read == 0 && stream.streamStatus != .error {
                break
            } else {
                // A read of -1, of more than was offered, or of nothing with the status `.error` (a subclass may
                // report its failure that way).
                let count = buffer.count
                let (line, column) = SourcePosition.lineAndColumn(of: count, in: buffer.base, count: count)
                let reason = StreamFailure.readFailure(stream, returned: read, offered: free)
                throw JSONMappingError(
                    code: .malformedJSON, path: "",
                    message: "the stream failed after \(count) bytes: \(reason)", line: line, column: column)
            }
        }
        // The scanner reads the padding after the last byte: make it zero again over what the last read left.
        buffer.zeroPadding()
        guard let taken = buffer.take(trimmed: false) else { throw JSONMappingError(RawMemory.exhausted(0)) }
        return Input(bytes: taken.bytes, count: taken.count)
    }

    /// The capacity to grow a buffer of `capacity` bytes, `count` of them used, to: the buffers' one growth policy,
    /// with room for ``chunkSize`` more bytes.
    static func grownCapacity(_ capacity: Int, count: Int) -> Int {
        ByteBuffer.grownCapacity(capacity, toHold: count + chunkSize)
    }
}
