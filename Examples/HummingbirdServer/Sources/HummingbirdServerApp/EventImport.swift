import Foundation
import Hummingbird
import JSONMapper
import NIOCore

// `POST /events/import`: a JSON Lines upload, one event a line, mapped as the body arrives. The body is never held
// whole: each line becomes a context as soon as its newline has arrived, and decodes through the bridge off the
// tape of that one parse, so the memory it takes is bounded by the longest line, which the route caps
// (``ImportSummary/maximumLineLength``): a client that never sends a newline cannot make the server hold more. The
// answer counts the events imported and says, by line number, why the others were not.

/// One event of an import: `{"id":1,"kind":"push","created_at":"2026-11-25T10:00:00Z"}`.
public struct ImportedEvent: Codable, Sendable, Equatable {
    public var id: Int
    public var kind: String
    public var createdAt: Date

    /// An event.
    public init(id: Int, kind: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
    }
}

/// What `POST /events/import` answers.
public struct ImportSummary: ResponseCodable, Equatable, Sendable {
    /// A line that was not imported, and why: `line 7: id: Expected to decode Int but found a string instead.`
    public struct LineError: Codable, Sendable, Equatable {
        public var line: Int
        public var error: String

        /// A line's failure.
        public init(line: Int, error: String) {
            self.line = line
            self.error = error
        }
    }

    /// The lines imported.
    public var imported = 0
    /// The lines not imported.
    public var failed = 0
    /// The first ``maximumErrors`` failures, in line order: a body of bad lines cannot make the answer grow without
    /// bound.
    public var errors: [LineError] = []
    /// The failures listed at most.
    public static let maximumErrors = 100
    /// The longest line taken, in bytes: a longer one ends the import with an error for its line.
    public static let maximumLineLength = 1 << 20

    /// A summary.
    public init(imported: Int = 0, failed: Int = 0, errors: [LineError] = []) {
        self.imported = imported
        self.failed = failed
        self.errors = errors
    }
}

/// Maps the request's body as JSON Lines of ``ImportedEvent``, as it arrives; `store` is given each event.
func importEvents(
    _ request: Request, decoder: JSONMapperDecoder, store: (ImportedEvent) -> Void = { _ in }
) async -> ImportSummary {
    var summary = ImportSummary()
    // Hummingbird hands the body out as `ByteBuffer`s; their readable bytes are a `Sequence<UInt8>`.
    let body = LineLengthLimit(base: request.body, limit: ImportSummary.maximumLineLength)
    for await (line, record) in JSONMapper.lines(body).numbered() {
        do {
            store(try decoder.decode(ImportedEvent.self, from: record))
            summary.imported += 1
        } catch {
            summary.failed += 1
            if summary.errors.count < ImportSummary.maximumErrors {
                summary.errors.append(.init(line: line, error: describe(error)))
            }
        }
    }
    return summary
}

/// A line's failure as a client reads it: the syntax error with its line and column in the whole body, or the
/// culprit's path in the record.
private func describe(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(error)" }
    return JSONMapperDecoder.message(for: decoding)
}

/// The readable bytes of a body's buffers, failing where a line grows past `limit` bytes: the lines before it are
/// handed on, then the body fails at the start of the long line, however the body was cut into buffers.
struct LineLengthLimit<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
    /// What the body fails with: the line's error reads `line 2, column 1: the source failed after 61 bytes: a line
    /// is longer than 1048576 bytes`.
    struct LineTooLong: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "a line is longer than \(limit) bytes" }
    }

    let base: Base
    let limit: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), limit: limit)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let limit: Int
        /// The bytes of the line begun and not yet ended.
        var sinceNewline = 0
        /// Set once a long line was found: the next call throws.
        var failed = false

        mutating func next() async throws -> ByteBufferView? {
            if failed { throw LineTooLong(limit: limit) }
            guard let buffer = try await base.next() else { return nil }
            let bytes = buffer.readableBytesView
            guard let cut = longLineStart(in: buffer) else { return bytes }
            failed = true
            if cut == 0 { throw LineTooLong(limit: limit) }
            return bytes[bytes.startIndex..<(bytes.startIndex + cut)]
        }

        /// Where in `buffer` the first line longer than `limit` starts (0 when it started in an earlier buffer), or
        /// `nil` when there is none; keeps the count of the line left open at the end.
        private mutating func longLineStart(in buffer: ByteBuffer) -> Int? {
            let limit = limit
            var open = sinceNewline
            let start: Int? = buffer.withUnsafeReadableBytes { raw in
                guard let base = raw.baseAddress else { return nil }
                var lineStart = -open
                while true {
                    let position = Swift.max(0, lineStart)
                    let found = position < raw.count ? memchr(base + position, 0x0A, raw.count - position) : nil
                    let lineEnd = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? raw.count
                    if lineEnd - lineStart > limit { return Swift.max(0, lineStart) }
                    guard found != nil else {
                        open = raw.count - lineStart
                        return nil
                    }
                    lineStart = lineEnd + 1
                }
            }
            sinceNewline = open
            return start
        }
    }
}
