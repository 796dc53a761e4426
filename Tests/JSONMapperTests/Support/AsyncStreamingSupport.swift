import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// What a test compares of a streamed record: its number (for lines), validity, errors word for word, and value.
struct SeenRecord: Equatable, CustomStringConvertible {
    let number: Int?
    let valid: Bool
    let errors: [String]
    let value: JSONValue?

    init(_ context: JSONDeserializationContext, number: Int? = nil) {
        self.number = number
        valid = context.valid
        errors = descriptions(context)
        value = context.valid ? context.getValue(as: JSONValue.self) : nil
    }

    var description: String {
        "\(number.map { "#\($0) " } ?? "")\(valid ? "valid" : "invalid") \(errors) \(value.map { "\($0)" } ?? "-")"
    }
}

/// The records of each streaming entry point, read from an `InputStream` or from an async source, to compare.
enum Streamed {
    /// JSON Lines read from `InputStream(data:)`, or from a scripted stream failing after `failing` bytes.
    static func lines(_ bytes: [UInt8], failing: Int? = nil) -> [SeenRecord] {
        JSONMapper.lines(stream(bytes, failing: failing)).numbered().map { SeenRecord($0.context, number: $0.line) }
    }

    static func lines<S: AsyncSequence>(_ source: S) async -> [SeenRecord] where S.Element: Sequence<UInt8> {
        var seen: [SeenRecord] = []
        for await (line, context) in JSONMapper.lines(source).numbered() {
            seen.append(SeenRecord(context, number: line))
        }
        return seen
    }

    static func lines<S: AsyncSequence>(bytesOf source: S) async -> [SeenRecord] where S.Element == UInt8 {
        var seen: [SeenRecord] = []
        for await (line, context) in JSONMapper.lines(source).numbered() {
            seen.append(SeenRecord(context, number: line))
        }
        return seen
    }

    static func elements(_ bytes: [UInt8], at path: [JSONPathElement], failing: Int? = nil) -> [SeenRecord] {
        JSONMapper.elements(of: stream(bytes, failing: failing), at: path).map { SeenRecord($0) }
    }

    static func elements<S: AsyncSequence>(
        _ source: S, at path: [JSONPathElement]
    ) async -> [SeenRecord] where S.Element: Sequence<UInt8> {
        var seen: [SeenRecord] = []
        for await context in JSONMapper.elements(of: source, at: path) { seen.append(SeenRecord(context)) }
        return seen
    }

    static func elements<S: AsyncSequence>(
        bytesOf source: S, at path: [JSONPathElement]
    ) async -> [SeenRecord] where S.Element == UInt8 {
        var seen: [SeenRecord] = []
        for await context in JSONMapper.elements(of: source, at: path) { seen.append(SeenRecord(context)) }
        return seen
    }

    /// A stream of `bytes`: Foundation's own, or a scripted one that fails after `failing` bytes.
    static func stream(_ bytes: [UInt8], failing: Int?) -> InputStream {
        guard let failing else { return InputStream(data: Data(bytes)) }
        return ScriptedInputStream(bytes, reads: .of(7), failing: .after(failing))
    }

    /// The records the `InputStream` version gives when the stream fails, with the failure worded as an async
    /// source's: `the source failed after N bytes: connection reset after N bytes`.
    static func asSourceFailure(_ records: [SeenRecord], failing: Int) -> [SeenRecord] {
        records.map { record in
            let stream = "the stream failed after \(failing) bytes: it reported an error"
            let source = "the source failed after \(failing) bytes: connection reset after \(failing) bytes"
            return SeenRecord(
                number: record.number, valid: record.valid,
                errors: record.errors.map { $0.replacingOccurrences(of: stream, with: source) }, value: record.value)
        }
    }
}

extension SeenRecord {
    init(number: Int?, valid: Bool, errors: [String], value: JSONValue?) {
        self.number = number
        self.valid = valid
        self.errors = errors
        self.value = value
    }
}

/// Every way to cut `count` bytes into chunks at one or two places, and into one-byte chunks.
func everySplit(of count: Int) -> [[Int]] {
    var splits: [[Int]] = [[], Array(0..<count)]
    for a in 1..<max(1, count) {
        splits.append([a])
        for b in (a + 1)..<max(a + 1, count) { splits.append([a, b]) }
    }
    return splits
}

/// Random cuts of `count` bytes into chunks of 1 to `largest` bytes.
func randomCuts(of count: Int, largest: Int, using generator: inout some RandomNumberGenerator) -> [Int] {
    var cuts: [Int] = []
    var at = 0
    while true {
        at += Int.random(in: 1...largest, using: &generator)
        guard at < count else { return cuts }
        cuts.append(at)
    }
}
