import Foundation
import JSONMapper

/// The async sources of issue 25 against the `InputStream` path, on the same bytes in one process:
///
///     swift run -c release Profile async-race 100 5     (MB of records, rounds)
///
/// The order records of ``LargeInput`` are made once in memory, as JSON Lines and as one array. Each round runs, back
/// to back, for `lines`, `elements` and `validate`: the `InputStream(data:)` way, the same bytes as an async source of
/// 64 KB chunks (`ArraySlice<UInt8>`, what a server hands out), and as an async source of single bytes whose iterator
/// buffers as `URLSession.AsyncBytes` does. Every way maps each record to an `OrderRecord` (validate only checks) and
/// sums the ids, which must agree. It prints the median time of each way and the median of the rounds' ratios to the
/// `InputStream` way.
enum AsyncInput {
    static func run(megabytes: Int, rounds: Int) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await race(megabytes: megabytes, rounds: rounds)
            done.signal()
        }
        done.wait()
    }

    static func race(megabytes: Int, rounds: Int) async {
        var lines: [UInt8] = []
        var index = 0
        while lines.count < megabytes * 1_000_000 {
            lines += Array(LargeInput.record(index).utf8)
            lines.append(UInt8(ascii: "\n"))
            index += 1
        }
        var array: [UInt8] = Array("{\"records\": [".utf8)
        for i in 0..<index {
            if i > 0 { array.append(UInt8(ascii: ",")) }
            array += Array(LargeInput.record(i).utf8)
        }
        array += Array("]}".utf8)
        print("\(index) records: \(lines.count) bytes of lines, \(array.count) bytes of array")
        let linesData = Data(lines)
        let arrayData = Data(array)

        typealias Way = (name: String, run: () async -> Int)
        let ways: [(entry: String, ways: [Way])] = [
            (
                "lines",
                [
                    ("InputStream", { mapLines(JSONMapper.lines(InputStream(data: linesData))) }),
                    ("async 64 KB chunks", { await mapLines(JSONMapper.lines(Chunks(bytes: lines))) }),
                    ("async single bytes", { await mapLines(JSONMapper.lines(SingleBytes(bytes: lines))) }),
                ]
            ),
            (
                "elements",
                [
                    (
                        "InputStream",
                        { mapLines(JSONMapper.elements(of: InputStream(data: arrayData), at: ["records"])) }
                    ),
                    (
                        "async 64 KB chunks",
                        { await mapLines(JSONMapper.elements(of: Chunks(bytes: array), at: ["records"])) }
                    ),
                    (
                        "async single bytes",
                        { await mapLines(JSONMapper.elements(of: SingleBytes(bytes: array), at: ["records"])) }
                    ),
                ]
            ),
            (
                "validate",
                [
                    ("InputStream", { JSONMapper.validate(InputStream(data: arrayData)) == nil ? 1 : 0 }),
                    ("async 64 KB chunks", { await JSONMapper.validate(Chunks(bytes: array)) == nil ? 1 : 0 }),
                    ("async single bytes", { await JSONMapper.validate(SingleBytes(bytes: array)) == nil ? 1 : 0 }),
                ]
            ),
        ]
        for (entry, entryWays) in ways {
            var times = Array(repeating: [Double](), count: entryWays.count)
            var ratios = Array(repeating: [Double](), count: entryWays.count)
            for _ in 0..<rounds {
                var checksums: [Int] = []
                for (i, way) in entryWays.enumerated() {
                    let start = Date()
                    checksums.append(await way.run())
                    times[i].append(Date().timeIntervalSince(start))
                }
                guard Set(checksums).count == 1 else { fatalError("\(entry): checksums differ: \(checksums)") }
                for i in entryWays.indices { ratios[i].append(times[0].last! / times[i].last!) }
            }
            for (i, way) in entryWays.enumerated() {
                let seconds = median(times[i])
                print(
                    String(
                        format: "%@, %@: %.3f s, %.0f MB/s, %.2f× the InputStream's throughput", entry, way.name,
                        seconds, Double(megabytes) / seconds, median(ratios[i])))
            }
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func mapLines(_ contexts: some Sequence<JSONDeserializationContext>) -> Int {
        var sum = 0
        for context in contexts {
            guard context.valid else { fatalError("record failed: \(context.errors)") }
            sum &+= OrderRecord(context).id
        }
        return sum
    }

    static func mapLines(_ contexts: some AsyncSequence<JSONDeserializationContext, Never>) async -> Int {
        var sum = 0
        for await context in contexts {
            guard context.valid else { fatalError("record failed: \(context.errors)") }
            sum &+= OrderRecord(context).id
        }
        return sum
    }
}

/// The bytes in 64 KB chunks, as a server hands out a body.
struct Chunks: AsyncSequence, Sendable {
    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var offset = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + 64 * 1024, bytes.count)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }
}

/// The bytes one at a time from an iterator that takes them from a 16 KB buffer it refills, as
/// `URLSession.AsyncBytes` and `FileHandle.AsyncBytes` do.
struct SingleBytes: AsyncSequence, Sendable {
    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var offset = 0
        var buffer: ArraySlice<UInt8> = []

        @inline(__always)
        mutating func next() async -> UInt8? {
            if let byte = buffer.popFirst() { return byte }
            return await refill()
        }

        mutating func refill() async -> UInt8? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + 16 * 1024, bytes.count)
            buffer = bytes[offset..<end]
            offset = end
            return buffer.popFirst()
        }
    }
}
