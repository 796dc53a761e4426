import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The stream window and the walker's buffers at the sizes where they are full, discard or grow, with streams as
/// users make them (`InputStream(data:)` and file streams fill every read they are offered) and reads one byte past
/// a read's size.
@Suite("Streaming buffers at their limits")
struct StreamWindowTests {
    /// The window's capacities up to `limit`, when everything read is kept.
    static func capacities(upTo limit: Int) -> [Int] {
        var capacities: [Int] = []
        var capacity = StreamWindow.initialCapacity
        while capacity <= limit {
            capacities.append(capacity)
            capacity = StreamWindow.grownCapacity(capacity, count: capacity)
        }
        return capacities
    }

    /// Sizes just below, at and above each point where the window is full or grows, up to `limit`.
    static func thresholdSizes(upTo limit: Int) -> [Int] {
        var sizes: Set<Int> = [1, StreamWindow.readSize - 1, StreamWindow.readSize, StreamWindow.readSize + 1]
        for end in readEnds(upTo: limit) where end < limit { sizes.formUnion([end - 1, end, end + 1]) }
        for capacity in capacities(upTo: limit) {
            for size in [capacity - StreamWindow.readSize, capacity] {
                sizes.formUnion([size - 1, size, size + 1])
            }
        }
        return sizes.sorted()
    }

    /// Where each read ends, up to `limit`, when everything read is kept and the stream fills every read.
    static func readEnds(upTo limit: Int) -> [Int] {
        ReadEnds.simulate(firstCapacity: StreamWindow.initialCapacity, leastFree: StreamWindow.readSize, upTo: limit)
    }

    /// Expects `window` to hold exactly `data`, followed by the zero padding the scanner reads.
    static func expectHolds(
        _ window: StreamWindow, _ data: Data, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(window.failure == nil, comment, sourceLocation: sourceLocation)
        #expect(window.count == data.count, comment, sourceLocation: sourceLocation)
        let same = data.withUnsafeBytes { raw in raw.baseAddress.map { memcmp($0, window.bytes, data.count) == 0 } }
        #expect(same == true, comment, sourceLocation: sourceLocation)
        let padding = UnsafeBufferPointer(start: window.bytes + window.count, count: NativeScanner.padding)
        #expect(padding.allSatisfy { $0 == 0 }, comment, sourceLocation: sourceLocation)
    }

    static func streams(_ data: Data, directory: URL, name: String) throws -> [(String, InputStream)] {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return [
            ("InputStream(data:)", InputStream(data: data)),
            ("InputStream(url:)", try #require(InputStream(url: url))),
            ("reads of readSize + 1", ScriptedInputStream(Array(data), reads: .of(StreamWindow.readSize + 1))),
        ]
    }

    @Test("the thresholds cover several growths")
    func thresholdsAreReal() {
        let sizes = Self.thresholdSizes(upTo: 3 << 20)
        #expect(Self.capacities(upTo: 3 << 20).count >= 4)
        #expect(sizes.contains(StreamWindow.initialCapacity))
        #expect(sizes.count > 20)
    }

    @Test("a window that keeps everything holds every byte and zero padding at every threshold")
    func keepingEverything() throws {
        try withTemporaryDirectory { directory in
            let whole = StreamDocuments.document(ofSize: 3 << 20)
            for size in Self.thresholdSizes(upTo: 3 << 20) {
                let data = whole.prefix(size)
                for (kind, stream) in try Self.streams(data, directory: directory, name: "\(size).json") {
                    let window = try StreamWindow(stream)
                    while !window.atEnd { _ = window.refill(keepingFrom: 0) }
                    #expect(window.capacity >= size, "\(kind), size \(size)")
                    Self.expectHolds(window, data, "\(kind), size \(size)")
                }
            }
        }
    }

    @Test("reads cut at the prepared limit keep every byte: inputs that end at, or one byte around, such a read")
    func cutReads() throws {
        // The window's free space passes the limit only past 3 MB: the sizes around the first reads that are cut.
        let ends = Self.readEnds(upTo: 5 << 20)
        let cut = zip(ReadEnds.lengths(ends), ends).filter { $0.0 == RawMemory.preparedReadLimit }.map(\.1)
        #expect(!cut.isEmpty && cut.allSatisfy { !Self.capacities(upTo: 5 << 20).contains($0) })
        let whole = StreamDocuments.document(ofSize: 5 << 20)
        try withTemporaryDirectory { directory in
            for size in cut.prefix(2).flatMap({ [$0 - 1, $0, $0 + 1] }) {
                let data = whole.prefix(size)
                for (kind, stream) in try Self.streams(data, directory: directory, name: "\(size).json") {
                    let window = try StreamWindow(stream)
                    #expect(window.readWhole(upTo: 5 << 20), "\(kind), size \(size)")
                    Self.expectHolds(window, data, "\(kind), size \(size)")
                }
            }
        }
    }

    @Test("a read is offered at most the prepared limit, and the limit itself once the window has the room")
    func readsAreCut() throws {
        let data = Array(StreamDocuments.document(ofSize: 4_500_000))
        let stream = ScriptedInputStream(data, reads: .all)
        let window = try StreamWindow(stream)
        #expect(window.readWhole(upTo: 5 << 20))
        #expect(window.count == data.count)
        #expect(stream.offered.allSatisfy { $0 > 0 && $0 <= RawMemory.preparedReadLimit })
        #expect(stream.offered.contains(RawMemory.preparedReadLimit))
        let ends = Self.readEnds(upTo: data.count)
        #expect(Array(ReadEnds.lengths(ends).prefix(stream.offered.count - 1)) == stream.offered.dropLast())
    }

    @Test("reading whole holds an input of exactly the limit, at every threshold, and stops past it")
    func readingWhole() throws {
        try withTemporaryDirectory { directory in
            let whole = StreamDocuments.document(ofSize: 3 << 20)
            for size in Self.thresholdSizes(upTo: 3 << 20) {
                let data = whole.prefix(size)
                for limit in [size - 1, size, size + 1] {
                    for (kind, stream) in try Self.streams(data, directory: directory, name: "\(size)-\(limit).json") {
                        let window = try StreamWindow(stream)
                        let comment = Comment(rawValue: "\(kind), size \(size), limit \(limit)")
                        #expect(window.readWhole(upTo: limit) == (size <= limit), comment)
                        #expect(window.failure == nil, comment)
                        #expect(window.count == size || (size > limit && window.count > limit), comment)
                    }
                }
            }
        }
        // A stream that fails within the limit is read whole too: the failure is the window's.
        let window = try StreamWindow(ScriptedInputStream(Array("[1,]".utf8), reads: .of(1), failing: .after(3)))
        #expect(window.readWhole(upTo: 100))
        #expect(window.count == 3)
        #expect(window.failure?.message.hasPrefix("the stream failed after 3 bytes") == true)
    }

    @Test("a window that discards what it has read stays at its first capacity and loses no byte")
    func discarding() throws {
        let data = StreamDocuments.document(ofSize: 3 << 20)
        for stream in [
            InputStream(data: data), ScriptedInputStream(Array(data), reads: .of(StreamWindow.readSize + 1)),
        ] {
            let window = try StreamWindow(stream)
            var seen = Data()
            var keep = 0
            while true {
                keep -= window.refill(keepingFrom: keep)
                // The scanner reads the padding after `count` as the end of input: it must be zero after every
                // refill, including one that moved the kept bytes down and then found the stream at its end.
                let padding = UnsafeBufferPointer(start: window.bytes + window.count, count: NativeScanner.padding)
                #expect(padding.allSatisfy { $0 == 0 }, "count \(window.count), at end: \(window.atEnd)")
                seen.append(window.bytes + keep, count: window.count - keep)
                keep = window.count
                if window.atEnd { break }
            }
            #expect(seen == data)
            #expect(window.capacity == StreamWindow.initialCapacity)
            let reached = window.position(of: window.count)
            let expected = SourcePosition.lineAndColumn(of: data.count, in: data)
            #expect(reached.line == expected.line && reached.column == expected.column)
        }
    }

    @Test("elements whose ends fall around every threshold map like the data, and one larger than the window")
    func elementsAtThresholds() throws {
        try withTemporaryDirectory { directory in
            for size in Self.thresholdSizes(upTo: 1 << 20).filter({ $0 > 2 }) + [3 << 20] {
                let data = StreamDocuments.document(ofSize: size)
                let expected = JSONMapper.context(data).getArray(ofClass: SampleRecord.self)
                for (kind, stream) in try Self.streams(data, directory: directory, name: "\(size).json") {
                    let mapped = JSONMapper.elements(of: stream).map(SampleRecord.init)
                    #expect(mapped == expected, "\(kind), size \(size)")
                }
            }
            // One element as large as several windows: the window grows to hold it, and it maps whole.
            for extra in [-1, 0, 1] {
                let text = String(repeating: "é", count: (StreamWindow.initialCapacity + extra) / 2)
                let data = json(#"[1, {"t": ""# + text + #""}, 2]"#)
                let elements = Array(JSONMapper.elements(of: InputStream(data: data)))
                #expect(elements.count == 3)
                #expect(elements[1].getString("t") == text)
            }
        }
    }

    @Test("lines whose ends fall around every threshold map like the data")
    func linesAtThresholds() throws {
        let records = StreamDocuments.records
        var text = Data()
        var start = 0
        for end in records.ends where text.count < 3 << 20 {
            text.append(contentsOf: records.bytes[start..<end].drop { $0 == UInt8(ascii: ",") })
            text.append(UInt8(ascii: "\n"))
            start = end
        }
        for size in Self.thresholdSizes(upTo: 1 << 20) + [3 << 20] {
            let data = text.prefix(size)
            let lines = Array(JSONMapper.lines(InputStream(data: data)))
            let expected = data.split(separator: UInt8(ascii: "\n")).map { JSONMapper.context(Data($0)) }
            #expect(lines.count == expected.count, "size \(size)")
            #expect(lines.map(\.valid) == expected.map(\.valid), "size \(size)")
            #expect(lines.map { $0.errors.first?.message } == expected.map { $0.errors.first?.message })
            #expect(lines.filter(\.valid).map(SampleRecord.init) == expected.filter(\.valid).map(SampleRecord.init))
        }
    }

    @Test("a large sibling is walked, not held: memory stays bounded by the container budget")
    func largeSibling() throws {
        let big = "[" + Array(repeating: #"{"a": [1, 2, "three"]}"#, count: 150_000).joined(separator: ",") + "]"
        let text = #"{"meta": "# + big + #", "records": [{"id": 1, "name": "a"}], "tail": "# + big + "}"
        #expect(text.utf8.count > 6 * StructureWalker.unitBudget)
        let window = try StreamWindow(InputStream(data: json(text)))
        let walker = StructureWalker(window: window, options: .default, target: [.key("records")])
        var items: [StreamedItem] = []
        while let context = walker.next() { items.append(StreamedItem(context)) }
        #expect(items == [StreamedItem(context(#"{"id": 1, "name": "a"}"#))])
        #expect(window.capacity <= 2 * StructureWalker.unitBudget + StreamWindow.initialCapacity)
    }

    /// The most a window may grow to while it walks: a container budget held before a container is opened, and
    /// the window's own size.
    static let walkBound = 2 * StructureWalker.unitBudget + StreamWindow.initialCapacity

    @Test(
        "whitespace is never kept, between elements, members or values, on the path or off it",
        arguments: [
            (#"{"records": [1, 2,"#, #"3]}"#, ["records"], [1, 2, 3]),
            ("[1,", "2]", [], [1, 2]),
            (#"{"big": [1, 2,"#, #"3], "records": [4]}"#, ["records"], [4]),
            (#"{"big": {"a": [1], "b":"#, #"2}, "records": [4, 5]}"#, ["records"], [4, 5]),
            (#"{"a": 1,"#, #""records": [4]}"#, ["records"], [4]),
            (#"{"records""#, ": [4]}", ["records"], [4]),
            (#"{"records": ["#, "4 ]}", ["records"], [4]),
            ("", "[4, 5]", [], [4, 5]),
            ("[4, 5]", "", [], [4, 5]),
        ] as [(String, String, [JSONPathElement], [Int])])
    func whitespace(before: String, after: String, path: [JSONPathElement], values: [Int]) throws {
        let spaces = 4 * Self.walkBound
        let validating = StructureWalker(
            window: try StreamWindow(ScriptedInputStream.repeating(before, " ", times: spaces, after)),
            options: .default, target: nil)
        #expect(validating.validate() == nil)
        #expect(validating.window.capacity <= Self.walkBound, "validating \(before)…\(after)")
        let streaming = StructureWalker(
            window: try StreamWindow(ScriptedInputStream.repeating(before, " ", times: spaces, after)),
            options: .default,
            target: path.map(\.component))
        var elements: [Int?] = []
        while let context = streaming.next() { elements.append(context.get(Int.self, at: [])) }
        #expect(elements == values)
        #expect(streaming.window.capacity <= Self.walkBound, "streaming \(before)…\(after)")
    }

    @Test("a malformed element scanned before whitespace ends the walk with the error the whole text gives")
    func malformedBeforeWhitespace() throws {
        let before = #"{"records": [1, {"a" 1},"#
        let after = "2]}"
        let spaces = 3 * StreamWindow.readSize
        let expected = try #require(
            JSONMapper.context(before + String(repeating: " ", count: spaces) + after).errors.first)
        #expect(expected.description == "records[1]: line 1, column 22: expected ':' after an object key, found '1'")
        #expect(JSONMapper.validate(ScriptedInputStream.repeating(before, " ", times: spaces, after)) == expected)
        let elements = Array(
            JSONMapper.elements(of: ScriptedInputStream.repeating(before, " ", times: spaces, after), at: ["records"]))
        #expect(elements.map { $0.get(Int.self, at: []) } == [1, nil])
        #expect(elements.last?.errors == [expected])
    }

    @Test("a malformed element that never ends is reported before it fills memory")
    func runawayElement() throws {
        let text = #"{"records": [{"id": 1, "name": "a"}, {"a": 1 "b": ""# + String(repeating: "x", count: 12 << 20)
        let window = try StreamWindow(InputStream(data: json(text)))
        let walker = StructureWalker(window: window, options: .default, target: [.key("records")])
        var contexts: [JSONDeserializationContext] = []
        while let context = walker.next() { contexts.append(context) }
        #expect(contexts.count == 2)
        #expect(contexts.last?.errors.first == JSONMapper.context(json(text)).errors.first)
        #expect(window.capacity < 4 * StructureWalker.firstEarlyCheck)
    }
}

extension SourcePosition {
    /// The line and column after all of `data`, for comparisons.
    static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return (1, 1) }
            let (line, column) = lineAndColumn(of: offset, in: base, count: data.count)
            return (line, column)
        }
    }
}
