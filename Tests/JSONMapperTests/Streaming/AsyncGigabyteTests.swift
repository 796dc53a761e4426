import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Whether the tests were built with optimizations: the gigabyte tests run only then (`.ci/run` runs them with
/// `swift test -c release`), since a debug build takes minutes a gigabyte.
let isReleaseBuild: Bool = {
    #if DEBUG
        return false
    #else
        return true
    #endif
}()

/// A gigabyte read from a generated async source (64 KB chunks, never held whole) as JSON Lines, as array elements
/// and through `validate`, with the resident memory sampled as it goes: it may grow by less than 64 MB.
@Suite("A gigabyte from an async source", .serialized, .enabled(if: isReleaseBuild, "gigabyte tests run in release builds"))
struct AsyncGigabyteTests {
    static let gigabyte = 1 << 30
    static let limit = 64 << 20

    /// One record of JSON Lines, with escapes, non-ASCII text and numbers.
    static let record = #"{"id":123456,"name":"n\u00e9 \"q\" ü😀","x":-1.5e-3,"ok":true,"n":null,"tags":["a","\t"]}"#

    @Test("a gigabyte of JSON Lines maps line by line, memory bounded")
    func lines() async {
        let unit = Array((Self.record + "\n").utf8)
        let source = GeneratedSource(prefix: [], unit: unit, times: Self.gigabyte / unit.count, suffix: [])
        var meter = MemoryMeter()
        var count = 0
        var valid = 0
        for await record in JSONMapper.lines(source) {
            count += 1
            if record.valid && record.getInt("id") == 123_456 { valid += 1 }
            if count % 4096 == 0 { meter.sample() }
        }
        #expect(count == Self.gigabyte / unit.count)
        #expect(valid == count)
        #expect(meter.growth < Self.limit, "grew by \(meter.growth) bytes")
    }

    @Test("a gigabyte array streams element by element, memory bounded")
    func elements() async {
        let unit = Array((Self.record + ",").utf8)
        let times = Self.gigabyte / unit.count
        let source = GeneratedSource(
            prefix: Array("{\"records\": [".utf8), unit: unit, times: times, suffix: Array("1]}".utf8))
        var meter = MemoryMeter()
        var count = 0
        var valid = 0
        for await element in JSONMapper.elements(of: source, at: ["records"]) {
            count += 1
            if element.valid && (count == times + 1 || element.getInt("id") == 123_456) { valid += 1 }
            if count % 4096 == 0 { meter.sample() }
        }
        #expect(count == times + 1)
        #expect(valid == count)
        #expect(meter.growth < Self.limit, "grew by \(meter.growth) bytes")
    }

    @Test("a gigabyte validates, memory bounded; a byte wrong at its end is found")
    func validate() async {
        let unit = Array((Self.record + ",").utf8)
        let times = Self.gigabyte / unit.count
        var meter = MemoryMeter()
        let valid = GeneratedSource(prefix: [UInt8(ascii: "[")], unit: unit, times: times, suffix: Array("1]".utf8))
        let sampling = SamplingSource(base: valid) { meter.sample() }
        #expect(await JSONMapper.validate(sampling) == nil)
        #expect(meter.growth < Self.limit, "grew by \(meter.growth) bytes")
        let broken = GeneratedSource(prefix: [UInt8(ascii: "[")], unit: unit, times: times, suffix: Array("1,]".utf8))
        let error = await JSONMapper.validate(broken)
        #expect(error?.message == "expected a value after ',', found ']' (trailing commas are not allowed)")
        #expect(error?.line == 1)
    }
}

/// `prefix`, then `unit` `times` over, then `suffix`, in 64 KB chunks made as they are asked for.
struct GeneratedSource: AsyncSequence, Sendable {
    let prefix: [UInt8]
    let unit: [UInt8]
    let times: Int
    let suffix: [UInt8]
    static let chunkSize = 64 * 1024

    var count: Int { prefix.count + unit.count * times + suffix.count }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: GeneratedSource
        var offset = 0

        mutating func next() async -> [UInt8]? {
            guard offset < source.count else { return nil }
            let end = Swift.min(offset + GeneratedSource.chunkSize, source.count)
            var chunk: [UInt8] = []
            chunk.reserveCapacity(end - offset)
            let body = source.prefix.count + source.unit.count * source.times
            while offset < end {
                if offset < source.prefix.count {
                    chunk.append(source.prefix[offset])
                    offset += 1
                } else if offset < body {
                    let within = (offset - source.prefix.count) % source.unit.count
                    let take = Swift.min(source.unit.count - within, end - offset)
                    chunk += source.unit[within..<(within + take)]
                    offset += take
                } else {
                    chunk.append(source.suffix[offset - body])
                    offset += 1
                }
            }
            return chunk
        }
    }
}

/// A source that calls `sample` before each chunk of `base`.
struct SamplingSource<Base: AsyncSequence & Sendable>: AsyncSequence, @unchecked Sendable where Base.Element == [UInt8] {
    let base: Base
    let sample: () -> Void

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), sample: sample) }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let sample: () -> Void

        mutating func next() async throws -> [UInt8]? {
            sample()
            return try await base.next()
        }
    }
}

/// The resident memory's growth over a baseline taken when it is made, sampled.
struct MemoryMeter {
    let baseline = MemoryMeter.resident()
    private(set) var peak = 0

    var growth: Int { max(0, peak - baseline) }

    mutating func sample() {
        peak = max(peak, Self.resident())
    }

    /// The resident set size in bytes: from `/proc/self/statm` on Linux, the peak from `getrusage` elsewhere.
    static func resident() -> Int {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }
}
