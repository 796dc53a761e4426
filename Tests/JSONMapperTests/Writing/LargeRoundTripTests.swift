import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Round trips through files far past every buffer: models written with `JSONLinesWriter` and
/// `JSONMapper.write(contentsOf:to:)`, read back with `JSONMapper.lines(contentsOf:)` and
/// `JSONMapper.elements(contentsOf:at:)`, every record compared with the model it was written from.
///
/// The files are 16 MB by default (256 chunks of the writer's and the reader's 64 KB buffers); `.ci/run` sets
/// `JSONMAPPER_ROUND_TRIP_MB=256` in its release stage, the issue's "few hundred MB". The records are `Sample`s, with
/// every kind of member, escapes, emoji and extreme numbers, made again from their seed to be compared, so that no
/// run holds more than one of them.
@Suite("Round trips through large files")
struct LargeRoundTripTests {
    /// The size of each file written, in MB.
    static let megabytes: Int = TestSize.value("JSONMAPPER_ROUND_TRIP_MB", standard: 16, minimum: 1)

    /// How many `Sample`s make about `megabytes` MB, from the size of the first thousand.
    static let recordCount: Int = {
        var generator = SplitMix64(seed: seed)
        let probe = (0..<1_000).map { _ in Sample(using: &generator) }
        let average = (try? JSONMapper.data(from: probe).count).map { $0 / probe.count } ?? 1_000
        return megabytes * 1_000_000 / max(1, average)
    }()

    static let seed: UInt64 = 12

    /// The records, made one at a time as the sequence is iterated.
    static func records() -> some Sequence<Sample> {
        sequence(state: (SplitMix64(seed: seed), 0)) { state in
            guard state.1 < recordCount else { return nil }
            state.1 += 1
            return Sample(using: &state.0)
        }
    }

    /// Compares the contexts read back with the first `count` records, one by one, and returns how many matched.
    static func compare(_ contexts: some Sequence<JSONDeserializationContext>, count: Int = recordCount) -> Int {
        var expected = records().prefix(count).makeIterator()
        var matched = 0
        for context in contexts {
            guard let record = expected.next() else {
                Issue.record("more records read than written: \(matched + 1)")
                return matched
            }
            guard context.valid, context.errors.isEmpty else {
                Issue.record("record \(matched) does not read back: \(context.errors.map(\.description))")
                return matched
            }
            let read = Sample(context)
            guard read == record else {
                Issue.record("record \(matched) reads back different: \(read) instead of \(record)")
                return matched
            }
            matched += 1
        }
        #expect(expected.next() == nil, "fewer records read than written")
        return matched
    }

    static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test("JSONLinesWriter to a file, lines(contentsOf:) back: every record equal")
    func jsonLines() throws {
        let url = scratchFile("round-trip.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try JSONLinesWriter(url: url)
        for record in Self.records() { try writer.append(record) }
        try writer.finish()
        #expect(writer.linesWritten == Self.recordCount)
        #expect(Self.fileSize(url) > Self.megabytes * 900_000)
        #expect(Self.compare(JSONMapper.lines(contentsOf: url)) == Self.recordCount)
    }

    @Test("write(contentsOf:) a lazy sequence to a file, elements(contentsOf:at:) back: every record equal")
    func lazyArray() throws {
        let url = scratchFile("round-trip.json")
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = try #require(OutputStream(url: url, append: false))
        let written = try JSONMapper.write(contentsOf: Self.records(), to: stream)
        #expect(written == Self.fileSize(url))
        #expect(written > Self.megabytes * 900_000)
        #expect(Self.compare(JSONMapper.elements(contentsOf: url, at: [])) == Self.recordCount)
    }

    @Test("write(_:to:) an array, pretty, to a file stream: the bytes of data(from:), and every record back")
    func prettyArray() throws {
        let url = scratchFile("round-trip-pretty.json")
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Array(Self.records().prefix(2_000))
        let options = JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true)
        let stream = try #require(OutputStream(toFileAtPath: url.path, append: false))
        try JSONMapper.write(records, to: stream, options: options)
        #expect(try Data(contentsOf: url) == (try JSONMapper.data(from: records, options: options)))
        #expect(Self.compare(JSONMapper.elements(contentsOf: url, at: []), count: 2_000) == 2_000)
    }
}
