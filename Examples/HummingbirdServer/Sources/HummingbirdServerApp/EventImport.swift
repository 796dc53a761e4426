import Foundation
import Hummingbird
import JSONMapper

// `POST /events/import`: a JSON Lines upload, one event a line, mapped as the body arrives. The body is never held
// whole: each line becomes a context as soon as its newline has arrived, and decodes through the bridge off the
// tape of that one parse. The answer counts the events imported and says, by line number, why the others were not.

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
    let body = request.body.map { $0.readableBytesView }
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
