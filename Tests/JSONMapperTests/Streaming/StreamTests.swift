import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("InputStream input")
struct StreamTests {
    @Test("a file stream maps like data", arguments: [JSONMapper.Engine.native, .foundation])
    func fileStream(engine: JSONMapper.Engine) throws {
        let url = TestFiles.fixtures.appendingPathComponent("person.json")
        let stream = try #require(InputStream(url: url))
        let context = JSONMapper.context(stream, engine: engine)
        let person = Person(context)
        #expect(context.valid)
        #expect(person.id == 9001)
        #expect(person.address?.city == "Cupertino")
        #expect(person.roles == ["ADMINISTRATOR", "EMPLOYEE"])
    }

    @Test("short reads are put together, and a stream opened here is closed again")
    func shortReads() throws {
        let text = try TestFiles.fixture("timeline.json")
        let stream = ScriptedInputStream(Array(text), reads: .of(3))
        let context = JSONMapper.context(stream)
        #expect(context.valid)
        #expect(LenientTimeline(context).statuses.count == 3)
        #expect(stream.closeCount == 1)
    }

    @Test("a large document read in many chunks keeps every byte")
    func largeStream() {
        let element = #"{"id": 12345, "name": "a fairly ordinary name"},"#
        let text = "[" + String(repeating: element, count: 20_000) + "{}]"
        let context = JSONMapper.context(ScriptedInputStream(Array(text.utf8), reads: .of(10_007)))
        #expect(context.valid)
        let users: [PersonStruct] = context.getArray(ofClass: PersonStruct.self)
        #expect(users.count == 20_001)
        #expect(users.dropLast().allSatisfy { $0.id == 12345 && $0.name == "a fairly ordinary name" })
    }

    @Test(
        "a stream that fails halfway gives an invalid context with a clear error",
        arguments: [JSONMapper.Engine.native, .foundation])
    func failingStream(engine: JSONMapper.Engine) {
        let text = "{\n  \"name\": \"John Appleseed\",\n  \"id\": 9001\n}"
        let stream = ScriptedInputStream(Array(text.utf8), reads: .of(4), failing: .after(20))
        let context = JSONMapper.context(stream, engine: engine)
        #expect(!context.valid)
        #expect(Person(context).name == nil)
        #expect(
            context.errors.map(\.description) == [
                "line 2, column 19: the stream failed after 20 bytes: it reported an error"
            ])
        #expect(stream.closeCount == 1)
    }

    @Test("an empty stream is an empty document")
    func emptyStream() {
        let context = JSONMapper.context(ScriptedInputStream([], reads: .of(10)))
        #expect(!context.valid)
        #expect(context.errors.first?.description == "line 1, column 1: the document is empty")
    }

    @Test("a stream that is already open is read and left open")
    func alreadyOpen() {
        let stream = ScriptedInputStream(Array("[1, 2]".utf8), reads: .of(1))
        stream.open()
        let context = JSONMapper.context(stream)
        #expect(context.getArray() == [1, 2])
        #expect(stream.closeCount == 0)
    }
}

/// Streams as users make them: Foundation's `InputStream(data:)` and file streams, which fill every read they are
/// offered, at sizes around every point where the reader's buffer grows.
@Suite("InputStream input at real sizes")
struct LargeStreamTests {
    /// The issue-9 reproducer: 20,000 small objects, about 600 KB, through `InputStream(data:)`.
    @Test(
        "the README's stream example scaled to 600 KB maps every record",
        arguments: [JSONMapper.Engine.native, .foundation])
    func scaledReadmeExample(engine: JSONMapper.Engine) {
        var s = "["
        for i in 0..<20000 { s += (i == 0 ? "" : ",") + #"{"name":"n\#(i)","qty":\#(i)}"# }
        s += "]"
        let context = JSONMapper.context(InputStream(data: Data(s.utf8)), engine: engine)
        #expect(context.valid)
        let items = context.getArray(ofClass: StreamRecord.self)
        #expect(items.count == 20000)
        #expect(items.enumerated().allSatisfy { $0.element.name == "n\($0.offset)" && $0.element.qty == $0.offset })
    }

    /// The sizes at which the stream reader's buffer is full or grows, for reads of the reader's whole free space,
    /// each with its neighbours: every capacity up to `limit`, and the fill levels that trigger growth.
    static func thresholdSizes(upTo limit: Int) -> [Int] {
        var sizes: Set<Int> = [0, 1, StreamReader.chunkSize - 1, StreamReader.chunkSize, StreamReader.chunkSize + 1]
        for end in readEnds(upTo: limit) where end < limit { sizes.formUnion([end - 1, end, end + 1]) }
        var capacity = StreamReader.chunkSize
        while capacity <= limit {
            for size in [capacity - StreamReader.chunkSize, capacity] {
                sizes.formUnion([size - 1, size, size + 1].filter { $0 > 0 })
            }
            capacity = StreamReader.grownCapacity(capacity, count: capacity)
        }
        return sizes.sorted()
    }

    /// Where each read of the stream reader ends, up to `limit`, for a stream that fills every read.
    static func readEnds(upTo limit: Int) -> [Int] {
        ReadEnds.simulate(firstCapacity: StreamReader.chunkSize, leastFree: StreamReader.chunkSize, upTo: limit)
    }

    @Test("the thresholds cover several growths of the buffer, and a read cut at the prepared limit")
    func thresholdsAreReal() {
        let sizes = Self.thresholdSizes(upTo: 4 << 20)
        #expect(sizes.count > 30)
        #expect(sizes.contains(2 * StreamReader.chunkSize))  // full after one read: grows to make room for another
        #expect(sizes.last.map { $0 > 3 << 20 } == true)
        // Below 4 MB one read is cut at the limit, with more free space after it: its end is among the sizes.
        let ends = Self.readEnds(upTo: 4 << 20)
        let cut = zip(ReadEnds.lengths(ends), ends).first { $0.0 == RawMemory.preparedReadLimit }?.1
        #expect(cut.map { $0 < 4 << 20 && sizes.contains($0 + 1) } == true)
    }

    @Test("the reader keeps every byte, and zero padding, at every buffer threshold up to 4 MB")
    func readerAtThresholds() throws {
        try withTemporaryDirectory { directory in
            let whole = StreamDocuments.document(ofSize: 4 << 20)
            for size in Self.thresholdSizes(upTo: 4 << 20) {
                let data = whole.prefix(size)
                let url = directory.appendingPathComponent("\(size).json")
                try data.write(to: url)
                let streams: [(String, InputStream?)] = [
                    ("InputStream(data:)", InputStream(data: data)), ("InputStream(url:)", InputStream(url: url)),
                    ("reads of 65537", ScriptedInputStream(Array(data), reads: .of(StreamReader.chunkSize + 1))),
                ]
                for (kind, stream) in streams {
                    let input = try StreamReader.readAll(try #require(stream))
                    defer { RawMemory.free(input.bytes) }
                    let read = UnsafeBufferPointer(start: input.bytes, count: input.count + NativeScanner.padding)
                    #expect(input.count == size, "\(kind), size \(size)")
                    let same = data.withUnsafeBytes { raw in
                        raw.baseAddress.map { memcmp($0, input.bytes, size) == 0 }
                    }
                    #expect(same ?? (size == 0), "\(kind), size \(size)")
                    #expect(read.suffix(NativeScanner.padding).allSatisfy { $0 == 0 }, "\(kind), size \(size)")
                }
            }
        }
    }

    @Test("a read is offered at most the prepared limit, and the limit itself once the buffer has the room")
    func readsAreCut() throws {
        let data = Array(StreamDocuments.document(ofSize: 3_500_000))
        let stream = ScriptedInputStream(data, reads: .all)
        let input = try StreamReader.readAll(stream)
        defer { RawMemory.free(input.bytes) }
        #expect(input.count == data.count)
        #expect(stream.offered.allSatisfy { $0 > 0 && $0 <= RawMemory.preparedReadLimit })
        #expect(stream.offered.contains(RawMemory.preparedReadLimit))
        // Each read is offered what the simulation says: every free space, cut at the limit.
        let ends = Self.readEnds(upTo: data.count)
        #expect(Array(ReadEnds.lengths(ends).prefix(stream.offered.count - 1)) == stream.offered.dropLast())
    }

    @Test("InputStream(data:) maps like the data itself around the first buffer thresholds and at 4 MB")
    func dataStreamAtThresholds() {
        for size in Self.thresholdSizes(upTo: 300_000) + [4 << 20] {
            let data = StreamDocuments.document(ofSize: size)
            #expect(data.count == size)
            StreamDocuments.expectSameAsData(
                data, JSONMapper.context(InputStream(data: data)), "size \(size)", everyValue: size == 4 << 20)
        }
    }

    @Test("a file stream maps like the data itself", arguments: [JSONMapper.Engine.native, .foundation])
    func fileStreamAtThresholds(engine: JSONMapper.Engine) throws {
        try withTemporaryDirectory { directory in
            for size in [131_071, 131_072, 131_073, 3_000_000] {
                let data = StreamDocuments.document(ofSize: size)
                let url = directory.appendingPathComponent("\(size).json")
                try data.write(to: url)
                let stream = try #require(InputStream(url: url))
                StreamDocuments.expectSameAsData(
                    data, JSONMapper.context(stream, engine: engine), "size \(size)", engine: engine,
                    everyValue: size == 3_000_000)
            }
        }
    }

    @Test("streams that hand out 1 byte to 1 MiB per read all give the same result")
    func everyReadSize() {
        let data = StreamDocuments.document(ofSize: 700_000)
        let chunk = StreamReader.chunkSize
        for readSize in [1, 7, 4096, chunk - 1, chunk, chunk + 1, 2 * chunk + 3, 1 << 20] {
            let stream = ScriptedInputStream(Array(data), reads: .of(readSize))
            StreamDocuments.expectSameAsData(data, JSONMapper.context(stream), "reads of \(readSize)")
        }
    }

    @Test("malformed multi-megabyte streams report the same error as the data, at every depth of the buffer")
    func malformedLargeStreams() {
        for size in [98_305, 1_000_000, 3_500_000] {
            var bytes = Array(StreamDocuments.document(ofSize: size))
            bytes[size - 10] = UInt8(ascii: "x")
            let data = Data(bytes)
            let fromData = JSONMapper.context(data)
            #expect(!fromData.valid)
            StreamDocuments.expectSameAsData(data, JSONMapper.context(InputStream(data: data)), "size \(size)")
            StreamDocuments.expectSameAsData(
                data, JSONMapper.context(InputStream(data: data), engine: .foundation), "size \(size)",
                engine: .foundation)
        }
    }
}

struct StreamRecord: JSONSerializable, Equatable {
    let name: String
    let qty: Int
    init(_ c: JSONDeserializationContext) {
        name = c.requireString("name")
        qty = c.requireInt("qty")
    }
}
