/// How the bytes of an async source reach a pushed ``StreamWindow``: the one place where the streaming engine, which
/// is synchronous, meets `AsyncSequence`.
///
/// A source of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a server's buffer) hands each chunk on as it
/// comes. A source of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`, which buffer internally) is
/// read in runs: bytes are gathered until one that may end a record arrives (``Boundary``) or ``runLimit`` bytes
/// are held, so that the engine runs once per record or run rather than once per byte, and a record is still handed
/// out as soon as its last byte has arrived.
struct AsyncChunkFeed<Source: AsyncSequence>: Sendable {
    /// The bytes after which a run of single bytes is handed on: those that may end a record.
    enum Boundary: Sendable {
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

    /// The most single bytes gathered before they are handed on.
    static var runLimit: Int { 64 * 1024 }

    /// How chunks are pulled from the source: whole, or gathered from single bytes.
    let puller: any AsyncChunkPuller<Source>

    /// Chunks, each handed on whole.
    static func chunks() -> Self where Source.Element: Sequence<UInt8> {
        AsyncChunkFeed(puller: WholeChunks<Source>())
    }

    /// Single bytes, handed on in runs that end after a byte `boundary` names.
    static func bytes(until boundary: Boundary) -> Self where Source.Element == UInt8 {
        AsyncChunkFeed(puller: ByteRuns<Source>(boundary: boundary))
    }
}

/// Waits for the next chunk of a source and hands it to a sink.
protocol AsyncChunkPuller<Source>: Sendable {
    associatedtype Source: AsyncSequence

    /// Waits for the next chunk and hands it to `sink`: `true` when it was given one, `false` at the end. Whatever
    /// it hands on stays handed on when the source throws.
    func pull(_ iterator: inout Source.AsyncIterator, into sink: some AsyncChunkSink) async throws -> Bool
}

/// Chunks handed on whole.
struct WholeChunks<Source: AsyncSequence>: AsyncChunkPuller where Source.Element: Sequence<UInt8> {
    func pull(_ iterator: inout Source.AsyncIterator, into sink: some AsyncChunkSink) async throws -> Bool {
        guard let chunk = try await iterator.next() else { return false }
        sink.receive(chunk)
        return true
    }
}

/// Single bytes, gathered into runs that end after a byte the boundary names, or at ``AsyncChunkFeed/runLimit``.
struct ByteRuns<Source: AsyncSequence>: AsyncChunkPuller where Source.Element == UInt8 {
    let boundary: AsyncChunkFeed<Source>.Boundary

    func pull(_ iterator: inout Source.AsyncIterator, into sink: some AsyncChunkSink) async throws -> Bool {
        var run: [UInt8] = []
        // Handed on whether the source ends, throws or the task is cancelled: those bytes had arrived.
        defer { if !run.isEmpty { sink.receive(run) } }
        let limit = AsyncChunkFeed<Source>.runLimit
        while let byte = try await iterator.next() {
            run.append(byte)
            if boundary.ends(byte) || run.count >= limit || Task.isCancelled { return true }
        }
        return !run.isEmpty
    }
}

/// Where an ``AsyncChunkFeed`` hands its chunks: a pushed window, or the event-stream parser.
protocol AsyncChunkSink: AnyObject {
    func receive(_ chunk: some Sequence<UInt8>)
}

extension StreamWindow: AsyncChunkSink {
    func receive(_ chunk: some Sequence<UInt8>) {
        receive(bytesOf: chunk)
    }
}

/// One iteration's reading of an async source into a sink: the source's iterator, and whether the source is done.
struct AsyncChunkReader<Source: AsyncSequence> {
    private var iterator: Source.AsyncIterator
    private let feed: AsyncChunkFeed<Source>
    /// How many chunks were asked for: a test counts them to see that a cancelled task asks for no more.
    private(set) var pulls = 0

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
        pulls += 1
        do {
            let received = try await feed.puller.pull(&iterator, into: sink)
            if Task.isCancelled { return .cancelled }
            return received ? .received : .ended
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(error)
        }
    }
}
