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
    typealias Pull = (inout Source.AsyncIterator, any AsyncChunkSink) async throws -> Bool

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
        AsyncChunkFeed { iterator, sink in
            guard let chunk = try await iterator.next() else { return false }
            sink.receive(chunk)
            return true
        }
    }

    /// Single bytes, handed on in runs that end after a byte `boundary` names, or at ``runLimit``.
    @inlinable
    static func bytes(until boundary: AsyncChunkBoundary) -> Self where Source.Element == UInt8 {
        AsyncChunkFeed { iterator, sink in
            var run: [UInt8] = []
            // Handed on whether the source ends, throws or the task is cancelled: those bytes had arrived.
            defer { if !run.isEmpty { sink.receive(run: run) } }
            while let byte = try await iterator.next() {
                run.append(byte)
                if boundary.ends(byte) || run.count >= runLimit || Task.isCancelled { return true }
            }
            return !run.isEmpty
        }
    }
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
    /// `,`, `]`, `}` and `\n`: array elements.
    case elements
    /// None: the whole input is read before anything is said (validation).
    case none

    @inlinable
    func ends(_ byte: UInt8) -> Bool {
        switch self {
        case .newline: byte == 0x0A
        case .lineEnds: byte == 0x0A || byte == 0x0D
        case .textSequence: byte == 0x0A || byte == 0x1E
        case .elements: byte == 0x2C || byte == 0x5D || byte == 0x7D || byte == 0x0A
        case .none: false
        }
    }
}

/// Where an ``AsyncChunkFeed`` hands its chunks: a pushed window, or the event-stream parser.
@usableFromInline
protocol AsyncChunkSink: AnyObject {
    /// Takes a chunk from the source.
    func receive(_ chunk: some Sequence<UInt8>)
    /// Takes a run of single bytes gathered from the source.
    func receive(run: [UInt8])
}

extension StreamWindow: AsyncChunkSink {
    func receive(_ chunk: some Sequence<UInt8>) {
        receive(bytesOf: chunk)
    }

    func receive(run: [UInt8]) {
        run.withUnsafeBytes { _ = receive($0) }
    }
}

/// One iteration's reading of an async source into a sink: the source's iterator, and whether the source is done.
struct AsyncChunkReader<Source: AsyncSequence> {
    private var iterator: Source.AsyncIterator
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
            let received = try await feed.pull(&iterator, sink)
            if Task.isCancelled { return .cancelled }
            return received ? .received : .ended
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(error)
        }
    }
}
