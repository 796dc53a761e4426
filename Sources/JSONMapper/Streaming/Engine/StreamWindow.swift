import Foundation

/// A sliding window over an input read piece by piece instead of whole: the bytes not yet consumed, followed by the
/// zero padding the native scanner needs.
///
/// Its bytes come from one of two kinds of source. An `InputStream` is read by the window itself, once per
/// ``refill(keepingFrom:)``. An async source cannot be read from synchronous code, so it pushes: a refill that finds
/// no bytes waiting makes room as for a read and then sets ``waiting``, the reader (``LineSplitter``,
/// ``StructureWalker``) stops where it can go on from, and the async driver hands the next chunk to ``receive(_:)``
/// (or ends the window with ``finish()`` or ``fail(after:)``) before asking the reader again. Both kinds go through
/// the same discarding, growing and counting, so that a reader gives the same answers for both.
///
/// Readers work with indices into ``bytes``. ``refill(keepingFrom:)`` discards the bytes before the index it is given
/// (moving the rest to the start of the buffer, so every index the reader holds decreases by the amount it returns),
/// grows the buffer only when the bytes kept leave less than ``readSize`` free, and reads once. The window keeps the
/// line and column of its first byte, so that a position in it can be turned into a line and column in the whole
/// input.
final class StreamWindow {
    /// The least free space before each read: when less is free after discarding, the buffer grows first.
    static let readSize = 256 * 1024

    /// The capacity of a new window: room for one read and the bytes an unfinished record keeps.
    static let initialCapacity = 2 * readSize

    /// The bytes, then ``NativeScanner/padding`` zero bytes after ``count``. The capacity after the padding is not
    /// zeroed ahead (a read writes it first): zeroing each new block touched pages no read reached, 100 to 230 page
    /// faults of `jsonmapper check` on each benchmark payload.
    private var buffer: ByteBuffer
    var bytes: UnsafeMutablePointer<UInt8> { buffer.base }
    var capacity: Int { buffer.capacity }
    /// How many bytes the buffer holds; ``NativeScanner/padding`` zero bytes follow them.
    var count: Int { buffer.count }
    /// Whether the stream has ended (or failed): no more bytes will come.
    private(set) var atEnd = false
    /// Why the stream ended early: a read error, a stream that reported more than it was offered, or no memory.
    private(set) var failure: JSONMappingError?
    /// The offset in the whole input of `bytes[0]`.
    private(set) var baseOffset = 0
    /// The line and column of `bytes[0]` in the whole input.
    private var baseLine = 1
    private var baseColumn = 1

    /// The stream read by ``refill(keepingFrom:)``; `nil` for a window an async driver pushes bytes into.
    private let stream: InputStream?
    private let opened: Bool
    /// Whether a refill of a pushed window found no bytes: the reader stops, and the driver pushes more.
    private(set) var waiting = false
    /// Whether the stream was read yet: before the first read, a stream that is closed, failed or at its end is
    /// reported as such (see ``StreamFailure/unreadable(_:)``).
    private var started = false
    /// Whether the last read filled all it was offered, so that the next is expected to (see
    /// ``RawMemory/prepareRead(into:free:expectedToFill:)``).
    private var lastReadFilled = true

    /// Opens `stream` if it is not open yet (it is closed again when the window goes away).
    ///
    /// - Throws: When the first buffer cannot be allocated.
    init(_ stream: InputStream) throws(JSONMappingError) {
        do {
            buffer = try ByteBuffer(capacity: Self.initialCapacity, padding: NativeScanner.padding)
        } catch {
            throw JSONMappingError(RawMemory.exhausted(error.bytes))
        }
        buffer.zeroPadding()
        self.stream = stream
        if stream.streamStatus == .notOpen {
            stream.open()
            opened = true
        } else {
            opened = false
        }
    }

    /// A window that an async driver pushes chunks into (see ``receive(_:)``).
    ///
    /// - Throws: When the first buffer cannot be allocated.
    init() throws(JSONMappingError) {
        do {
            buffer = try ByteBuffer(capacity: Self.initialCapacity, padding: NativeScanner.padding)
        } catch {
            throw JSONMappingError(RawMemory.exhausted(error.bytes))
        }
        buffer.zeroPadding()
        stream = nil
        opened = false
        started = true
    }

    deinit {
        if opened { stream?.close() }
    }

    /// The capacity to grow a full buffer of `capacity` bytes to, `count` of them kept: the buffers' one growth
    /// policy, with room for ``readSize`` more bytes.
    static func grownCapacity(_ capacity: Int, count: Int) -> Int {
        ByteBuffer.grownCapacity(capacity, toHold: count + readSize)
    }

    /// Discards the bytes before `keep` when the buffer needs the room, then reads once. Before the first read, a
    /// stream that is closed, failed or already at its end fails the window instead.
    ///
    /// Every read asks for at most the space that is free (1 MB at most, mapped ahead: see
    /// ``RawMemory/prepareRead(into:free:expectedToFill:)``), so no read can write past the buffer, whatever the
    /// stream hands out at once.
    ///
    /// - Parameter keep: The index of the first byte still needed.
    /// - Returns: How far the kept bytes moved down: subtract it from every index held into the buffer.
    func refill(keepingFrom keep: Int) -> Int {
        guard !atEnd else { return 0 }
        var moved = 0
        if capacity - count < Self.readSize {
            if keep > 0 {
                moved = keep
                advanceBase(over: keep)
                buffer.removeFirst(keep)
                // The bytes after the new end are old input: zero the padding now, since no read (which zeroes it
                // too) follows when the buffer cannot grow below.
                buffer.zeroPadding()
            }
            if capacity - count < Self.readSize && !grow() {
                return moved
            }
        }
        guard let stream else {
            waiting = true
            return moved
        }
        if !started {
            started = true
            if let reason = StreamFailure.unreadable(stream) {
                fail("the stream failed after 0 bytes: \(reason)")
                return moved
            }
        }
        let free = RawMemory.prepareRead(into: bytes + count, free: capacity - count, expectedToFill: lastReadFilled)
        let read = stream.read(bytes + count, maxLength: free)
        lastReadFilled = read == free
        // Whatever the read reports, the stream may have written into all the space it was offered (a read that
        // fails, or ends, after writing part of its bytes): zero the padding after `count` again in every case.
        defer { buffer.zeroPadding() }
        if read > 0 && read <= free {
            buffer.count += read
        } else if read == 0 && stream.streamStatus != .error {
            atEnd = true
        } else {
            // A read of -1, of more than was offered, or of nothing with the status `.error` (a subclass may report
            // its failure that way).
            let reason = StreamFailure.readFailure(stream, returned: read, offered: free)
            fail("the stream failed after \(baseOffset + count) bytes: \(reason)")
        }
        return moved
    }

    /// Reads, discarding nothing, until the stream ends (or fails) or the window holds more than `limit` bytes;
    /// whether the whole input, at most `limit` bytes, is now in the window, ended or failed (see ``failure``). A
    /// pushed window is never read ahead.
    func readWhole(upTo limit: Int) -> Bool {
        guard stream != nil else { return false }
        while !atEnd && count <= limit {
            _ = refill(keepingFrom: 0)
        }
        return atEnd && count <= limit
    }

    // MARK: Pushed bytes

    /// Appends a chunk that arrived from an async source, growing the buffer when the chunk is larger than the room
    /// the last refill made; the reader may go on.
    ///
    /// - Returns: `false` when no memory was left for it: the window has then failed.
    @discardableResult
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        waiting = false
        guard !atEnd, let source = chunk.baseAddress, chunk.count > 0 else { return true }
        guard reserve(chunk.count) else { return false }
        (bytes + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: chunk.count)
        buffer.count += chunk.count
        buffer.zeroPadding()
        return true
    }

    /// Appends the bytes of a chunk that is not contiguous in memory, one by one.
    ///
    /// - Returns: `false` when no memory was left for it: the window has then failed.
    @discardableResult
    func receive(bytesOf chunk: some Sequence<UInt8>) -> Bool {
        waiting = false
        guard !atEnd else { return true }
        let handled = chunk.withContiguousStorageIfAvailable { receive(UnsafeRawBufferPointer($0)) }
        if let handled { return handled }
        guard reserve(chunk.underestimatedCount) else { return false }
        // Also when memory runs out partway: the bytes appended so far stay, followed by their padding.
        defer { buffer.zeroPadding() }
        for byte in chunk {
            if count == capacity && !reserve(1) { return false }
            bytes[count] = byte
            buffer.count += 1
        }
        return true
    }

    /// Makes room for `more` bytes after the count, failing the window when memory runs out.
    private func reserve(_ more: Int) -> Bool {
        if capacity - count >= more { return true }
        let old = capacity
        guard buffer.reserve(more) else {
            fail(RawMemory.exhausted(ByteBuffer.grownCapacity(old, toHold: count + more) - old).message)
            return false
        }
        // `realloc` moved the padding with the bytes; the space after it is written before it is read.
        return true
    }

    /// Ends a pushed window: the async source has no more chunks.
    func finish() {
        waiting = false
        atEnd = true
    }

    /// Ends a pushed window with the failure of its source: `the source failed after 81920 bytes: …`, at the line
    /// and column reached.
    func fail(after error: any Error) {
        waiting = false
        guard !atEnd else { return }
        fail("the source failed after \(baseOffset + count) bytes: \(Self.describe(error))")
    }

    /// Ends a pushed window whose consuming task was cancelled: `the task was cancelled after 81920 bytes`.
    func cancel() {
        waiting = false
        guard !atEnd else { return }
        fail("the task was cancelled after \(baseOffset + count) bytes")
    }

    /// How an error thrown by a source is named: its `errorDescription` when it is a `LocalizedError` that has
    /// one, else its description (`ConnectionReset(code: 54)`).
    static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }

    private func grow() -> Bool {
        let old = capacity
        guard buffer.reserve(Self.readSize) else {
            fail(RawMemory.exhausted(Self.grownCapacity(old, count: count) - old).message)
            return false
        }
        // `realloc` moved the padding with the bytes; the space after it is written before it is read.
        return true
    }

    private func fail(_ message: String) {
        let (line, column) = position(of: count)
        failure = JSONMappingError(code: .malformedJSON, path: "", message: message, line: line, column: column)
        atEnd = true
    }

    // MARK: Positions

    /// The line and column in the whole input of the byte at `index` (or of the end, for `count`).
    func position(of index: Int) -> (line: Int, column: Int) {
        SourcePosition.advance(line: baseLine, column: baseColumn, over: bytes, count: min(index, count))
    }

    /// The offset in the whole input of the byte at `index`.
    func offset(of index: Int) -> Int {
        baseOffset + index
    }

    private func advanceBase(over length: Int) {
        (baseLine, baseColumn) = SourcePosition.advance(line: baseLine, column: baseColumn, over: bytes, count: length)
        baseOffset += length
    }
}
