import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `NativeDocument(data:)` reads the caller's bytes where they are and copies only the last ones, from the split
/// `DocumentBytes.inPlaceSplit(of:count:)` chooses, with the padding the scanner needs. These tests place documents
/// so that their last byte is the last readable one before an unmapped page, with no padding, read every value
/// both ways (in place, and from a padded copy of it all), and require the same tape, values, lookups and errors.
@Suite("Reading Data in place")
struct InPlaceReadingTests {
    // MARK: Documents before an unmapped page (`GuardedBytes`, with no padding)

    /// Everything a document gives, in a form to compare: the tape, every scalar's fast conversions and text, every
    /// key looked up, and the value tree; or the error.
    struct Reading: Equatable, CustomStringConvertible {
        var tape: [UInt64] = []
        var scalars: [String] = []
        var lookups: [Int?] = []
        var value: JSONValue?
        var error: EngineError?

        var description: String {
            if let error { return "error \(error)" }
            return "\(tape.count) entries, \(scalars.count) scalars, value \(value.map { "\($0)" } ?? "-")"
        }

        init(_ make: () throws(EngineError) -> NativeDocument) {
            let document: NativeDocument
            do throws(EngineError) {
                document = try make()
            } catch {
                self.error = error
                return
            }
            let view = document.view
            let end = view.next(after: NativeDocument.root)
            for index in 0..<end {
                let entry = view.entry(index)
                tape.append(entry.bits)
                switch entry.tag {
                case .string, .escapedString:
                    scalars.append("s \(view.fastString(index) ?? "-") \(Array(view.text(at: index)))")
                case .integer, .float:
                    let double = view.fastDouble(index).map { "\($0.bitPattern)" } ?? "-"
                    let integer = view.fastInteger(index, as: Int.self).map { "\($0)" } ?? "-"
                    scalars.append("n \(double) \(integer) \(Array(view.text(at: index)))")
                case .object:
                    // Every key looked up, through the document's tables (large objects) and the view.
                    var member = index + 1
                    while member < entry.low {
                        let key = view.string(at: member)
                        lookups.append(document.member(of: index, key: key))
                        lookups.append(view.member(of: index, key: key))
                        member = view.next(after: member + 1)
                    }
                default:
                    break
                }
            }
            if case .success(let value) = JSONValue.make(from: .native(document, NativeDocument.root)) {
                self.value = value
            }
        }
    }

    /// `bytes` read in place (from guarded memory, with no padding) and from a padded copy, which must agree; and
    /// whether the in-place reading split (as opposed to copying it all).
    static func compare(_ bytes: [UInt8]) -> (inPlace: Reading, copied: Reading, split: Bool) {
        let guarded = GuardedBytes(bytes)
        // The region is unmapped when `guarded` goes: it must outlive both readings.
        return withExtendedLifetime(guarded) {
            let data = guarded.data(count: bytes.count)
            let split = DocumentBytes.inPlaceSplit(of: guarded.start, count: bytes.count) > 0
            let inPlace = Reading { () throws(EngineError) in
                try NativeDocument(data: data, maximumDepth: 64, inPlaceMinimum: 0)
            }
            let copied = Reading { () throws(EngineError) in
                try NativeDocument(data: data, maximumDepth: 64, inPlaceMinimum: .max)
            }
            return (inPlace, copied, split)
        }
    }

    /// Values, and broken ones, to end documents with: each quote, escape and cut a split can meet.
    static let endings: [String] = [
        #""abc""#, #""a\"b""#, #""a\\""#, #""\\\"""#, #""\u00e9x""#, "\"é漢😀\"", #""\uD83D\uDE00""#,
        "12345.678e-9", "-0", "true", "false", "null", "{}", "[]", #"{"k":"v"}"#, #"{"k" : 1 , "m" : [ "x" ] }"#,
        #"{"k":"v","l":"w","k":"x"}"#, "\"unterminated", #""bad \u12""#, "\"control \u{01}\"", "tru", "1.",
        #""x" "y""#, "\"\\", "\"\\\"", "\"\u{C3}", "\"\u{E6}\u{BC}\"", #"{"k""#, #"{"k":"#, #"{"k" "v"}"#,
        #"["a",]"#, #""a"]"#, "\"", "\"\"", #""""""#,
        // An object large enough for the document's member tables.
        "{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + "}",
    ]

    /// Documents ending in each of ``endings``, with and without their closing brackets, followed by every number of
    /// spaces up to past the split's margin, so that each byte of each ending comes at each distance from the end.
    static var endingDocuments: [[UInt8]] {
        var documents: [[UInt8]] = []
        for ending in endings {
            // Each opening is long enough (64 bytes with the shortest ending) for `NativeDocument(data:)` to read
            // in place.
            let filler = String(repeating: "f", count: 60)
            for opening in ["[\"\(filler)\", ", "{\"a\": \"\(filler)\", \"b\": ", "[{\"x\": \"\(filler)\"}, "] {
                let closing = opening.hasPrefix("{") ? "}" : opening.hasPrefix("[{") ? "]" : "]"
                for close in ["", closing] {
                    for spaces in 0...(DocumentBytes.endMargin + 10) {
                        let text = opening + ending + close + String(repeating: " ", count: spaces)
                        documents.append(Array(text.utf8))
                    }
                }
            }
        }
        // A byte that is not UTF-8 on its own, and raw bytes of a cut sequence, which `String` cannot hold.
        for raw: [UInt8] in [[0xC3], [0xE6, 0xBC], [0xFF], [0x5C, 0xC3]] {
            for spaces in 0...(DocumentBytes.endMargin + 10) {
                let opening = "[\"" + String(repeating: "f", count: 60) + "\", \"x"
                documents.append(
                    Array(opening.utf8) + raw + Array(#"", "y"]"#.utf8) + Array(repeating: 0x20, count: spaces))
            }
        }
        return documents
    }

    @Test("documents ending in every quote, escape, value and cut read the same in place as copied")
    func endingsReadTheSame() {
        var problems: [String] = []
        var splits = 0
        var errors = 0
        for bytes in Self.endingDocuments {
            let (inPlace, copied, split) = Self.compare(bytes)
            if split { splits += 1 }
            if inPlace.error != nil { errors += 1 }
            if inPlace != copied {
                problems.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): \(inPlace) / \(copied)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        // Most of them split (and so read in place); some of each kind are valid and some are not.
        #expect(splits > Self.endingDocuments.count / 2, "\(splits) of \(Self.endingDocuments.count) split")
        #expect(errors > 100 && errors < Self.endingDocuments.count - 100, "\(errors) errors")
    }

    @Test("an error after the split has the line, column and path it has in a copy")
    func errorAfterTheSplit() throws {
        let text = """
            {"user": {"name": "Zoë", "ids": [1, 2], "bio": "\(String(repeating: "b", count: 40))"},
             "statuses": [{"text": "a"}, {"text": "b", "id": -x}]}
            """
        let bytes = Array(text.utf8)
        let guarded = GuardedBytes(bytes)
        // The split is the closing quote of "a", 29 bytes from the end: "statuses" comes before it, "id" and the
        // error after it.
        #expect(DocumentBytes.inPlaceSplit(of: guarded.start, count: bytes.count) == bytes.count - 29)
        let document = withExtendedLifetime(guarded) {
            Result { () throws(EngineError) in
                try NativeDocument(data: guarded.data(count: bytes.count), maximumDepth: 64, inPlaceMinimum: 0)
            }
        }
        guard case .failure(let error) = document else {
            Issue.record("the document parsed")
            return
        }
        #expect(error.message == "invalid number: expected a digit after '-', found 'x'")
        #expect(error.line == 2)
        #expect(error.column == 51)
        #expect(error.path == [.key("statuses"), .index(1), .key("id")])
    }

    // MARK: The split

    /// The split by its definition, by brute force: the last quote not preceded by a backslash, in the window, with
    /// another quote after it and at least the margin before the end; 0 when there is none.
    static func expectedSplit(_ bytes: [UInt8]) -> Int {
        let quote = UInt8(ascii: "\"")
        let lowest = max(1, bytes.count - DocumentBytes.searchWindow)
        let lastAllowed = bytes.count - DocumentBytes.endMargin
        guard lowest <= lastAllowed else { return 0 }
        let candidates = (lowest...lastAllowed).filter { q in
            bytes[q] == quote && bytes[q - 1] != UInt8(ascii: "\\")
                && (q + 1...max(q + 1, lastAllowed)).contains { $0 <= lastAllowed && bytes[$0] == quote }
        }
        return candidates.max() ?? 0
    }

    static func split(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return DocumentBytes.inPlaceSplit(of: base, count: buffer.count)
        }
    }

    @Test("the split passes over escaped quotes and needs a later quote before the margin")
    func splitCases() {
        let margin = String(repeating: " ", count: DocumentBytes.endMargin)
        #expect(Self.split(Array(#"["a", "b"]"#.utf8) + Array(margin.utf8)) == 6)
        // The later quote inside the margin: the split moves back to the quote before the one that is not.
        #expect(Self.split(Array(#"["a", "b"]"#.utf8) + Array(margin.dropFirst(2).utf8)) == 6)
        #expect(Self.split(Array(#"["a", "b"]"#.utf8) + Array(margin.dropFirst(3).utf8)) == 3)
        // An escaped quote, and the closing quote of "\\", are passed over.
        #expect(Self.split(Array(#"["a", "x\"y"]"#.utf8) + Array(margin.utf8)) == 6)
        #expect(Self.split(Array(#"["a", "\\", 1]"#.utf8) + Array(margin.utf8)) == 6)
        // No quote, or only one, or none within the window: copy it all.
        #expect(Self.split(Array("[1, 2, 3]".utf8) + Array(margin.utf8)) == 0)
        #expect(Self.split(Array(#"["a"#.utf8) + Array(margin.utf8)) == 0)
        let far = Array(#"["a", "b", "#.utf8) + Array(repeating: UInt8(ascii: "1"), count: DocumentBytes.searchWindow)
        #expect(Self.split(far + Array("]".utf8)) == 0)
        #expect(Self.split([]) == 0)
        #expect(Self.split(Array(#""""#.utf8)) == 0)
    }

    @Test("the split matches its definition on random quotes, backslashes and spaces")
    func splitMatchesDefinition() {
        var generator = SplitMix64(seed: 24)
        let alphabet: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "a"), 0x20]
        var checked = 0
        for length in [0, 1, 2, 23, 24, 25, 26, 30, 40, 64, 200, 1_100] {
            for _ in 0..<400 {
                let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % 4)] }
                let expected = Self.expectedSplit(bytes)
                #expect(Self.split(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                if expected > 0 { checked += 1 }
            }
        }
        #expect(checked > 1_000)
    }
}

/// The same comparison on real documents: the benchmark payloads, the GitHub API responses and every JSONTestSuite
/// file, as users pass them (`Data(contentsOf:)`, mapped files) and at an unmapped page's edge.
@Suite("Reading Data in place: real documents", SharedDataSuite.inPlaceReading.trait)
struct InPlaceReadingPayloadTests {
    static let payloadNames = ["twitter.json", "citm_catalog.json", "canada.json"]

    @Test("the payloads read the same in place as copied, and twitter's and citm's split", arguments: payloadNames)
    func payloads(name: String) throws {
        let data = try TestFiles.benchmark(name)
        let bytes = [UInt8](data)
        let (inPlace, copied, split) = InPlaceReadingTests.compare(bytes)
        #expect(inPlace.error == nil)
        #expect(inPlace == copied)
        #expect(inPlace.tape.count > 10_000)
        // canada.json ends with 2 MB of numbers: no quote near its end, so it is copied whole.
        #expect(split == (name != "canada.json"))
        // As users call it: from the file, and mapped. What the document copies is the input from the split on.
        let splitOffset = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { DocumentBytes.inPlaceSplit(of: $0, count: buffer.count) } ?? 0
        }
        #expect(split ? splitOffset > data.count - 100 : splitOffset == 0)
        let mapped = try Data(contentsOf: TestFiles.benchmarkURL(name), options: .alwaysMapped)
        let whole = try NativeDocument(data: data, maximumDepth: 512, inPlaceMinimum: .max)
        for input in [data, mapped] {
            let document = try NativeDocument(data: input, maximumDepth: 512)
            #expect(whole.peakBytes - document.peakBytes == splitOffset)
            let value = try #require(try? JSONValue.make(from: .native(document, NativeDocument.root)).get())
            #expect(value == copied.value)
        }
    }

    @Test("the GitHub API responses read the same in place as copied", arguments: TestFiles.githubResponses)
    func githubResponses(name: String) throws {
        let bytes = [UInt8](try TestFiles.github(name))
        let (inPlace, copied, split) = InPlaceReadingTests.compare(bytes)
        #expect(inPlace.error == nil)
        #expect(inPlace == copied)
        #expect(split)
    }

    @Test("every JSONTestSuite file, followed by spaces, reads the same in place as copied")
    func testSuiteFiles() throws {
        var problems: [String] = []
        var compared = 0
        for prefix in ["y_", "n_", "i_"] {
            for name in try TestSuiteFiles.names(prefix: prefix) {
                let bytes = [UInt8](try TestSuiteFiles.data(name))
                // Spaces after the text change neither its validity nor its values, and put each of its quotes at
                // every distance from the split's margin.
                for spaces in stride(from: 0, through: DocumentBytes.endMargin + 40, by: 3) {
                    let (inPlace, copied, _) = InPlaceReadingTests.compare(
                        bytes + Array(repeating: 0x20, count: spaces))
                    compared += 1
                    if inPlace != copied { problems.append("\(name) + \(spaces) spaces: \(inPlace) / \(copied)") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        #expect(compared > 5_000)
    }
}

/// One element of the documents of ``InPlaceDataTests``.
private struct InPlaceItem: JSONSerializable {
    let id: Int
    let name: String

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.requireString("name")
    }
}

/// What reading in place relies on: the bytes of a `Data` stay where `withUnsafeBytes` shows them while the `Data`
/// (or a copy of it) lives, and a caller's later changes to their own `Data` do not reach a context's.
@Suite("Reading Data in place: the Data it keeps")
struct InPlaceDataTests {
    /// Made afresh for each use: held in a global, this `Data` was reported as a leak by LeakSanitizer in CI's
    /// address stage (it does not recognize the reference to its storage inside `Data`'s representation).
    static var document: Data {
        Data(
            ("{\"items\": ["
                + (0..<200).map { #"{"id": \#($0), "name": "item \#($0) é"}"# }.joined(separator: ", ")
                + #"], "next": "https://example.com/page/2"}"#).utf8)
    }

    /// The kinds of `Data` callers hand in: read from a file, mapped, made from bytes, a slice, built by appending,
    /// from `NSData`, without a copy.
    static func kinds() throws -> [(String, Data)] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("in-place-\(UUID().uuidString).json")
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var appended = Data()
        for chunk in stride(from: 0, to: document.count, by: 1000) {
            appended.append(document[chunk..<min(chunk + 1000, document.count)])
        }
        let padded = Data("    ".utf8) + document + Data("    ".utf8)
        let owned = UnsafeMutableRawPointer.allocate(byteCount: document.count, alignment: 1)
        document.copyBytes(to: owned.assumingMemoryBound(to: UInt8.self), count: document.count)
        return [
            ("contentsOf", try Data(contentsOf: file)),
            ("mapped", try Data(contentsOf: file, options: .alwaysMapped)),
            ("bytes", Data([UInt8](document))),
            ("slice", padded[4..<(4 + document.count)]),
            ("appended", appended),
            ("NSData", NSData(data: document) as Data),
            (
                "bytesNoCopy",
                Data(bytesNoCopy: owned, count: document.count, deallocator: .custom { p, _ in p.deallocate() })
            ),
            ("stream", readAll(InputStream(data: document))),
        ]
    }

    static func readAll(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = stream.read(&buffer, maxLength: buffer.count)
            if read <= 0 { break }
            data.append(buffer, count: read)
        }
        return data
    }

    static func address(_ data: Data) -> UnsafeRawPointer? {
        data.withUnsafeBytes { $0.baseAddress }
    }

    @Test("every kind of Data keeps its bytes at one address, in copies too, and maps the same")
    func addressesStay() throws {
        for (kind, data) in try Self.kinds() {
            #expect(data == Self.document, "\(kind)")
            let copy = data
            #expect(Self.address(data) != nil, "\(kind)")
            #expect(Self.address(data) == Self.address(data), "\(kind)")
            #expect(Self.address(copy) == Self.address(data), "\(kind)")
            let context = JSONMapper.context(data)
            #expect(context.valid, "\(kind)")
            #expect(context.getString("next") == "https://example.com/page/2", "\(kind)")
            let items = context.getArray("items", ofClass: InPlaceItem.self)
            #expect(items.count == 200 && items.last?.name == "item 199 é", "\(kind)")
        }
    }

    struct Page: Decodable, Equatable {
        struct Entry: Decodable, Equatable {
            let id: Int
            let name: String
        }
        let items: [Entry]
        let next: String
    }

    @Test("JSONMapperDecoder reads UTF-8 in place and transcodes UTF-16, with the same result")
    func decoderReadsInPlace() throws {
        let whole = try NativeDocument(data: Self.document, maximumDepth: 64, inPlaceMinimum: .max)
        let inPlace = try DecodingInput.document(from: Self.document)
        #expect(
            whole.peakBytes - inPlace.peakBytes == Self.document.count - #"": "https://example.com/page/2"}"#.utf8.count
        )
        let text = String(decoding: Self.document, as: UTF8.self)
        let utf16 = try #require(text.data(using: .utf16LittleEndian))
        let decoder = JSONMapperDecoder()
        let fromUTF8 = try decoder.decode(Page.self, from: Self.document)
        #expect(fromUTF8.items.count == 200)
        #expect(fromUTF8.items[199] == Page.Entry(id: 199, name: "item 199 é"))
        #expect(try decoder.decode(Page.self, from: utf16) == fromUTF8)
        #expect(try JSONDecoder().decode(Page.self, from: Self.document) == fromUTF8)
    }

    @Test("a caller that changes or drops its Data afterwards does not change what the context reads")
    func callerChangesItsData() {
        var data = Self.document
        let context = JSONMapper.context(data)
        // The document reads it in place: it copies only the bytes from the closing quote of "next" on.
        let inPlace = try? NativeDocument(data: data, maximumDepth: 64)
        let whole = try? NativeDocument(data: data, maximumDepth: 64, inPlaceMinimum: .max)
        let split = data.count - #"": "https://example.com/page/2"}"#.utf8.count
        #expect((whole?.peakBytes ?? 0) - (inPlace?.peakBytes ?? 0) == split)
        data.resetBytes(in: 0..<data.count)
        data.append(contentsOf: [UInt8](repeating: 0x20, count: 10_000))
        data = Data()
        #expect(context.getString("next") == "https://example.com/page/2")
        let items = context.getArray("items", ofClass: InPlaceItem.self)
        #expect(items.map(\.id) == Array(0..<200))
        #expect(items.last?.name == "item 199 é")
    }
}
