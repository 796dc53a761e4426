import Foundation

/// An async source of byte chunks that hands out its bytes as a test script says: cut at chosen offsets, with empty
/// chunks between, failing with a chosen error after a number of bytes, counting how often it was asked.
///
///     ScriptedAsyncSource(bytes, cuts: [3, 7])                    // chunks 0..<3, 3..<7, 7..<end
///     ScriptedAsyncSource(bytes, chunkSize: 1)                    // one byte a chunk
///     ScriptedAsyncSource(bytes, chunkSize: 4, failing: 9)        // then throws `SourceFailure` after 9 bytes
///     ScriptedAsyncSource.bytes(of: source)                       // the same bytes one at a time, as UInt8
///
/// Each chunk is `ArraySlice<UInt8>` (`Data` with ``asData``): the kind of slice a server hands out.
package struct ScriptedAsyncSource: AsyncSequence, Sendable {
    package typealias Element = ArraySlice<UInt8>

    /// What the source throws: `SourceFailure(bytes: 9)` describes itself as `connection reset after 9 bytes`.
    package struct SourceFailure: Error, Equatable, CustomStringConvertible {
        package let bytes: Int
        package init(bytes: Int) { self.bytes = bytes }
        package var description: String { "connection reset after \(bytes) bytes" }
    }

    package let bytes: [UInt8]
    /// The offsets where chunks end, ascending; the last chunk runs to the end.
    package let cuts: [Int]
    /// Whether an empty chunk comes before each chunk.
    package let emptyChunks: Bool
    /// The byte count after which the source throws instead of ending (`nil`: it ends).
    package let failing: Int?
    /// Counts the chunks asked for, over every iteration.
    package let pulls = Counter()

    package init(_ bytes: [UInt8], cuts: [Int], emptyChunks: Bool = false, failing: Int? = nil) {
        self.bytes = bytes
        self.cuts = cuts.filter { $0 > 0 && $0 < (failing ?? bytes.count) }.sorted()
        self.emptyChunks = emptyChunks
        self.failing = failing
    }

    package init(_ bytes: [UInt8], chunkSize: Int, emptyChunks: Bool = false, failing: Int? = nil) {
        let end = failing ?? bytes.count
        self.init(
            bytes, cuts: Array(stride(from: chunkSize, to: end, by: Swift.max(1, chunkSize))), emptyChunks: emptyChunks,
            failing: failing)
    }

    /// The same chunks as `Data`.
    package var asData: some AsyncSequence<Data, any Error> & Sendable {
        map { Data($0) }
    }

    /// The same bytes one at a time.
    package var singleBytes: some AsyncSequence<UInt8, any Error> & Sendable {
        ByteSource(chunks: self)
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(source: self)
    }

    package struct Iterator: AsyncIteratorProtocol {
        let source: ScriptedAsyncSource
        var chunk = 0
        var offset = 0
        var emptyGiven = false

        package mutating func next() async throws -> ArraySlice<UInt8>? {
            source.pulls.increment()
            let end = source.failing ?? source.bytes.count
            guard offset < end else {
                if let failing = source.failing { throw SourceFailure(bytes: failing) }
                return nil
            }
            if source.emptyChunks && !emptyGiven {
                emptyGiven = true
                return []
            }
            emptyGiven = false
            let stop = chunk < source.cuts.count ? source.cuts[chunk] : end
            chunk += 1
            defer { offset = stop }
            return source.bytes[offset..<stop]
        }
    }

    /// The bytes of a scripted source one at a time, failing where it fails.
    struct ByteSource: AsyncSequence, Sendable {
        let chunks: ScriptedAsyncSource

        func makeAsyncIterator() -> Iterator {
            Iterator(chunks: chunks.makeAsyncIterator())
        }

        struct Iterator: AsyncIteratorProtocol {
            var chunks: ScriptedAsyncSource.Iterator
            var current: ArraySlice<UInt8> = []

            mutating func next() async throws -> UInt8? {
                while current.isEmpty {
                    guard let chunk = try await chunks.next() else { return nil }
                    current = chunk
                }
                return current.popFirst()
            }
        }
    }
}

/// A count that tasks may share.
package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    package init() {}

    package var value: Int { lock.withLock { count } }

    package func increment() {
        lock.withLock { count += 1 }
    }
}
