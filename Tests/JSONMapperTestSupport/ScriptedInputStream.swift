import Foundation

/// An `InputStream` that hands out its bytes as a test script says: in reads of chosen or random sizes, failing
/// where it is told to, filling the space it is offered with junk first, as any stream may.
///
/// It does not override `streamError`, as many subclasses do not: on Linux, Foundation's inherited getter traps for
/// it, so the library must describe a failure without reading it. It never lends its buffer (`getBuffer` is
/// `false`), and it counts the calls to `close()`.
///
///     ScriptedInputStream(bytes, reads: .of(3))                        // 3 bytes a read
///     ScriptedInputStream(bytes, reads: .of(3), failing: .after(7))    // then -1, with the status .error
///     ScriptedInputStream(bytes, reads: .split(at: 10))                // two reads, the first ending at byte 10
///     ScriptedInputStream.repeating("[", " ", times: 1 << 30, "]")     // 1 GiB, never held
package final class ScriptedInputStream: InputStream {
    /// How many bytes each read hands out: never more than it is offered, or than are left.
    package enum Reads {
        /// As many as it is offered, as Foundation's data and file streams do.
        case all
        /// The sizes in turn, over and over.
        case sizes([Int])
        /// As many as it is offered, but the first reads end at `offset`: every chunk boundary can be put
        /// anywhere.
        case split(at: Int)
        /// Sizes drawn from a generator seeded with `seed`: `size` turns each draw, and the space offered, into a
        /// read size, so that the same seed reads the same way every time.
        case random(seed: UInt64, size: (_ draw: UInt64, _ offered: Int) -> Int)

        /// Reads of `sizes`, in turn: `.of(3)`, `.of(7, 200_000)`.
        package static func of(_ sizes: Int...) -> Reads { .sizes(sizes) }
    }

    /// How the stream fails.
    package enum Failure {
        /// Its status turns `.error` as it opens.
        case onOpen
        /// Once `bytes` bytes were read, its status turns `.error` and every read returns `result` (-1, or 0 for a
        /// stream that says nothing but its status).
        case after(_ bytes: Int, returning: Int = -1)
        /// Every read claims one byte more than it was offered, having written nothing.
        case overreporting
    }

    /// When the stream says it is at its end.
    package enum End {
        /// The read that hands out the last byte turns its status `.atEnd`, as `InputStream(data:)` does.
        case withLastByte
        /// Its status stays `.open` after the last byte, until a read finds nothing left, returns 0 and turns it
        /// `.atEnd` (or fails, with ``Failure/after(_:returning:)`` at the end).
        case onEmptyRead
    }

    /// The bytes, held or made as they are read.
    private enum Content {
        case bytes([UInt8])
        /// `prefix`, then `filler` `times` over, then `suffix`.
        case repeating(prefix: [UInt8], filler: [UInt8], times: Int, suffix: [UInt8])
    }

    private let content: Content
    private let count: Int
    private let reads: Reads
    private let failure: Failure?
    private let end: End
    private let junk: UInt8?
    private var position = 0
    private var readCount = 0
    private var generator: SplitMix64
    private var status: Stream.Status = .notOpen

    /// How many times `close()` was called.
    package private(set) var closeCount = 0
    /// The length offered by each call to `read`, in order.
    package private(set) var offered: [Int] = []

    /// A stream of `bytes`.
    ///
    /// - Parameters:
    ///   - reads: how many bytes each read hands out.
    ///   - failing: how it fails, if it does.
    ///   - end: when its status turns `.atEnd`.
    ///   - junk: a byte to fill all the space offered with before each read, or `nil` to leave it alone.
    package convenience init(
        _ bytes: [UInt8], reads: Reads = .all, failing: Failure? = nil, end: End = .withLastByte, junk: UInt8? = nil
    ) {
        self.init(.bytes(bytes), count: bytes.count, reads: reads, failing: failing, end: end, junk: junk)
    }

    /// A stream of `prefix`, then `filler` `times` over, then `suffix`, made as it is read (never held whole): for
    /// inputs far larger than memory allows.
    package static func repeating(
        _ prefix: String, _ filler: String, times: Int, _ suffix: String, reads: Reads = .all
    ) -> ScriptedInputStream {
        let content = Content.repeating(
            prefix: Array(prefix.utf8), filler: Array(filler.utf8), times: times, suffix: Array(suffix.utf8))
        let count = prefix.utf8.count + filler.utf8.count * times + suffix.utf8.count
        return ScriptedInputStream(content, count: count, reads: reads, failing: nil, end: .withLastByte, junk: nil)
    }

    private init(_ content: Content, count: Int, reads: Reads, failing: Failure?, end: End, junk: UInt8?) {
        self.content = content
        self.count = count
        self.reads = reads
        self.failure = failing
        self.end = end
        self.junk = junk
        if case .random(let seed, _) = reads {
            generator = SplitMix64(seed: seed)
        } else {
            generator = SplitMix64(seed: 0)
        }
        super.init(data: Data())
    }

    override package var streamStatus: Stream.Status { status }
    override package var hasBytesAvailable: Bool {
        if case .overreporting = failure { return true }
        return position < count
    }

    override package func open() {
        if case .onOpen = failure {
            status = .error
        } else {
            status = .open
        }
    }

    override package func close() {
        status = .closed
        closeCount += 1
    }

    override package func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        offered.append(maxLength)
        if let junk { buffer.update(repeating: junk, count: maxLength) }
        switch failure {
        case .overreporting:
            return maxLength + 1
        case .after(let bytes, let result) where status == .error || position >= bytes:
            status = .error
            return result
        case .onOpen where status == .error:
            return -1
        default:
            break
        }
        var size = min(maxLength, count - position, nextSize(offered: maxLength))
        if case .after(let bytes, _) = failure { size = min(size, bytes - position) }
        readCount += 1
        guard size > 0 else {
            if position == count { status = .atEnd }
            return 0
        }
        copy(size, into: buffer)
        position += size
        if position == count && end == .withLastByte { status = .atEnd }
        return size
    }

    override package func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    /// The size the script gives the next read, before the space offered and the bytes left cap it.
    private func nextSize(offered: Int) -> Int {
        switch reads {
        case .all: offered
        case .sizes(let sizes): sizes.isEmpty ? offered : sizes[readCount % sizes.count]
        case .split(let offset): position < offset ? offset - position : offered
        case .random(_, let size): size(generator.next(), offered)
        }
    }

    /// Copies the `size` bytes from `position` into `buffer`.
    private func copy(_ size: Int, into buffer: UnsafeMutablePointer<UInt8>) {
        switch content {
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { buffer.update(from: base + position, count: size) }
            }
        case .repeating(let prefix, let filler, let times, let suffix):
            let fillerEnd = prefix.count + filler.count * times
            var written = 0
            while written < size {
                let index = position + written
                if index < prefix.count {
                    buffer[written] = prefix[index]
                    written += 1
                } else if index < fillerEnd && filler.count == 1 {
                    // A run of one byte, the common case (spaces, a long string's letter), in one call.
                    let run = min(size - written, fillerEnd - index)
                    (buffer + written).update(repeating: filler[0], count: run)
                    written += run
                } else if index < fillerEnd {
                    buffer[written] = filler[(index - prefix.count) % filler.count]
                    written += 1
                } else {
                    buffer[written] = suffix[index - fillerEnd]
                    written += 1
                }
            }
        }
    }
}
