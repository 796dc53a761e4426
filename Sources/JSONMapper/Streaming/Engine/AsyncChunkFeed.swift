import Synchronization

/// How the bytes of an async source reach a pushed ``StreamWindow`` (or the event-stream parser): the one place where
/// the streaming engine, which is synchronous, meets `AsyncSequence`.
///
/// A source of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a server's buffer) hands each chunk on as it
/// comes. A source of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`, which buffer internally) is
/// read in runs: bytes are gathered until one that may end a record arrives (``AsyncChunkBoundary``) or
/// ``AsyncChunkFeed/runLimit`` bytes are held, so that the engine runs once per record or run rather than once per
/// byte, and a record is still handed out as soon as its last byte has arrived.
///
/// The gathering of single bytes is `@inlinable`, made where the public entry point is called: there it is
/// specialized for the caller's source, whose `next()` (a buffered read, for the byte sequences above) is then
/// inlined rather than called through the generic witness, an async call per byte. The `async-race` benchmark
/// measured the difference (BENCHMARKS.md, issue 25).
@usableFromInline
struct AsyncChunkFeed<Source: AsyncSequence>: @unchecked Sendable {
    // Unchecked: the closure captures nothing but a boundary, which is Sendable, and is only ever called by the
    // iteration that owns the source's iterator.

    /// Waits for the next chunk and hands it to the sink: `true` when it was given one, `false` at the end. What it
    /// handed on stays handed on when the source throws.
    @usableFromInline
    typealias Pull = (inout Source.AsyncIterator, inout AsyncBoundaryScan, any AsyncChunkSink) async throws -> Bool

    /// The most single bytes gathered before they are handed on.
    @usableFromInline
    static var runLimit: Int { 64 * 1024 }

    @usableFromInline
    let pull: Pull

    @usableFromInline
    init(pull: @escaping Pull) {
        self.pull = pull
    }

    /// Chunks, each handed on whole.
    static func chunks() -> Self where Source.Element: Sequence<UInt8> {
        AsyncChunkFeed { iterator, _, sink in
            guard let chunk = try await iterator.next() else { return false }
            sink.receive(chunk)
            return true
        }
    }

    /// Single bytes, handed on in runs that end after a byte `boundary` names, or at ``runLimit``.
    ///
    /// The run is gathered in memory of its own rather than an array (no uniqueness check or growth per byte), and
    /// the task's cancellation is read from a flag that a cancellation handler sets, a plain atomic load per byte:
    /// `Task.isCancelled` looks the task up in thread-local storage and retains it, about 95 instructions, more than
    /// all the rest of a byte's gathering (callgrind, BENCHMARKS.md, issue 25). Where the flag's atomic is not
    /// available (Apple systems before 2024's), `Task.isCancelled` is read per byte as before.
    @inlinable
    static func bytes(until boundary: AsyncChunkBoundary) -> Self where Source.Element == UInt8 {
        AsyncChunkFeed { iterator, scan, sink in
            let run = UnsafeMutablePointer<UInt8>.allocate(capacity: runLimit)
            var count = 0
            // Handed on whether the source ends, throws or the task is cancelled: those bytes had arrived.
            defer {
                if count > 0 { sink.receive(run: UnsafeRawBufferPointer(start: run, count: count)) }
                run.deallocate()
            }
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                let flag = AsyncCancellationFlag()
                return try await withTaskCancellationHandler {
                    try await gather(&iterator, &scan, into: run, count: &count, until: boundary) { flag.isSet }
                } onCancel: {
                    flag.set()
                }
            } else {
                return try await gather(&iterator, &scan, into: run, count: &count, until: boundary) {
                    Task.isCancelled
                }
            }
        }
    }

    /// Gathers bytes into `run` until one that `boundary` names, ``runLimit`` bytes, the end, or `cancelled()`:
    /// `true` when it was given any.
    @inlinable
    @inline(__always)
    static func gather(
        _ iterator: inout Source.AsyncIterator, _ scan: inout AsyncBoundaryScan, into run: UnsafeMutablePointer<UInt8>,
        count: inout Int, until boundary: AsyncChunkBoundary, cancelled: () -> Bool
    ) async throws -> Bool where Source.Element == UInt8 {
        // A local count and scan, written back however the loop ends: the caller's are captured by closures, and
        // each access to them would be checked for exclusivity at run time.
        var gathered = count
        var state = scan
        defer {
            count = gathered
            scan = state
        }
        while let byte = try await iterator.next() {
            run[gathered] = byte
            gathered &+= 1
            if state.ends(byte, boundary) || gathered == runLimit || cancelled() { return true }
        }
        return gathered > 0
    }
}

/// Set when the task that gathers single bytes is cancelled: read once per byte, far more cheaply than
/// `Task.isCancelled`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
final class AsyncCancellationFlag: Sendable {
    @usableFromInline
    let cancelled = Atomic<Bool>(false)

    @usableFromInline
    init() {}

    @inlinable
    var isSet: Bool { cancelled.load(ordering: .relaxed) }

    @usableFromInline
    func set() { cancelled.store(true, ordering: .relaxed) }
}

/// The bytes after which a run of single bytes is handed on: those that may end a record.
@usableFromInline
enum AsyncChunkBoundary: Sendable {
    /// `\n`: JSON Lines.
    case newline
    /// `\n` and `\r`: server-sent events.
    case lineEnds
    /// RS and `\n`: JSON text sequences.
    case textSequence
    /// Where an element of a container `depth` levels deep (1: the top-level value) can end: a `,` `]` or `}`, a
    /// string's closing quote, or whitespace after a number or literal, at that depth or closer to the top; and
    /// `\n` anywhere. The walker hands an element out as soon as it is whole; ending runs only there, rather than
    /// at every `,` `]` `}` of the elements' insides, keeps it from running once per member.
    case elements(depth: Int)
    /// None: the whole input is read before anything is said (validation).
    case none

    @inlinable
    func ends(_ byte: UInt8) -> Bool {
        switch self {
        case .newline: byte == 0x0A
        case .lineEnds: byte == 0x0A || byte == 0x0D
        case .textSequence: byte == 0x0A || byte == 0x1E
        // Elements end where their nesting says, which a single byte cannot tell: `AsyncBoundaryScan` decides.
        case .elements: byte == 0x0A
        case .none: false
        }
    }
}

/// What a run of single bytes has passed through so far, for boundaries that depend on it: the nesting depth, and
/// whether the bytes are inside a string (where `,` `]` `}` end nothing). Kept by the iteration from run to run.
/// Malformed input can only put it wrong about where a run ends, never about the bytes: a run still ends at `\n`
/// and at ``AsyncChunkFeed/runLimit``, and the walker judges the text.
@usableFromInline
struct AsyncBoundaryScan {
    @usableFromInline var depth = 0
    @usableFromInline var inString = false
    @usableFromInline var escaped = false
    /// Whether the last byte was part of a number or literal (`true`, `false`, `null`).
    @usableFromInline var afterScalar = false

    @usableFromInline
    init() {}

    /// Whether a run ends after `byte`.
    @inlinable
    @inline(__always)
    mutating func ends(_ byte: UInt8, _ boundary: AsyncChunkBoundary) -> Bool {
        guard case .elements(let elementDepth) = boundary else { return boundary.ends(byte) }
        if byte == 0x0A {
            escaped = false
            afterScalar = false
            return true
        }
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                // A string element is whole at its closing quote.
                inString = false
                return depth <= elementDepth
            }
            return false
        }
        switch byte {
        case 0x22:
            inString = true
            afterScalar = false
            return false
        case 0x5B, 0x7B:
            depth &+= 1
            afterScalar = false
            return false
        case 0x5D, 0x7D:
            depth &-= 1
            afterScalar = false
            return depth <= elementDepth
        case 0x2C:
            afterScalar = false
            return depth <= elementDepth
        case 0x20, 0x09, 0x0D:
            // A number or literal element is whole once the byte after it has arrived: whitespace will do.
            defer { afterScalar = false }
            return afterScalar && depth <= elementDepth
        default:
            afterScalar = true
            return false
        }
    }
}

/// Where an ``AsyncChunkFeed`` hands its chunks: a pushed window, or the event-stream parser.
@usableFromInline
protocol AsyncChunkSink: AnyObject {
    /// Takes a chunk from the source.
    func receive(_ chunk: some Sequence<UInt8>)
    /// Takes a run of single bytes gathered from the source.
    func receive(run: UnsafeRawBufferPointer)
}

extension StreamWindow: AsyncChunkSink {
    func receive(_ chunk: some Sequence<UInt8>) {
        receive(bytesOf: chunk)
    }

    func receive(run: UnsafeRawBufferPointer) {
        receive(run)
    }
}

/// One iteration's reading of an async source into a sink: the source's iterator, and whether the source is done.
struct AsyncChunkReader<Source: AsyncSequence> {
    private var iterator: Source.AsyncIterator
    private var scan = AsyncBoundaryScan()
    private let feed: AsyncChunkFeed<Source>

    init(_ source: Source, feed: AsyncChunkFeed<Source>) {
        iterator = source.makeAsyncIterator()
        self.feed = feed
    }

    /// What became of one wait for the next chunk.
    enum Outcome {
        /// A chunk was handed to the sink.
        case received
        /// The source ended.
        case ended
        /// The source threw this error.
        case failed(any Error)
        /// The consuming task was cancelled, before the wait or during it.
        case cancelled
    }

    /// Waits for the next chunk of the source and hands it to `sink`; asks nothing of the source when the task is
    /// cancelled already.
    mutating func next(into sink: some AsyncChunkSink) async -> Outcome {
        if Task.isCancelled { return .cancelled }
        do {
            let received = try await feed.pull(&iterator, &scan, sink)
            if Task.isCancelled { return .cancelled }
            return received ? .received : .ended
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(error)
        }
    }
}
