import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Every buffer of raw memory in the native engine, at sizes just below, at and just above each point where it is
/// full or grows, with the largest reads and writes real input gives. `.ci/run` runs these under AddressSanitizer,
/// which turns any access past a buffer into a failure. (The stream reader's buffer: `LargeStreamTests`.)
@Suite("Raw memory at its limits")
struct BufferLimitTests {
    // MARK: Tape

    /// The tape capacities a document of `byteCount` bytes passes through, up to `limit` entries.
    static func tapeThresholds(forInputBytes byteCount: Int, upTo limit: Int) -> [Int] {
        var capacities: [Int] = []
        var capacity = max(16, TapeBuffer.initialCapacity(forInputBytes: byteCount))
        while capacity <= limit {
            capacities.append(capacity)
            capacity = TapeBuffer.grownCapacity(capacity)
        }
        return capacities
    }

    /// `[0,0,…]` with `values` tape entries (the array and its zeros), padded with spaces to `size` bytes.
    static func zeros(values: Int, size: Int) -> Data {
        let zeros = values - 1
        var text = "[" + String(repeating: "0,", count: max(0, zeros - 1)) + (zeros > 0 ? "0" : "") + "]"
        text += String(repeating: " ", count: max(0, size - text.utf8.count))
        return Data(text.utf8)
    }

    @Test("the tape holds exactly as many values as each of its capacities, and one more")
    func tapeAtEveryCapacity() throws {
        for size in [64, 1000, 400_000] {
            let thresholds = Self.tapeThresholds(forInputBytes: size, upTo: size / 2)
            #expect(thresholds.count >= (size > 100 ? 2 : 1), "size \(size)")
            for capacity in thresholds {
                for values in [capacity - 1, capacity, capacity + 1] {
                    let data = Self.zeros(values: values, size: size)
                    #expect(data.count == size)
                    let document = try NativeDocument(data: data, maximumDepth: 512)
                    #expect(document.count(of: NativeDocument.root) == values - 1, "size \(size), \(values) values")
                    let context = JSONMapper.context(data)
                    let numbers: [Int] = context.getArray()
                    #expect(numbers.count == values - 1 && numbers.allSatisfy { $0 == 0 })
                }
            }
        }
    }

    @Test("objects fill the tape two entries per member, past several growths")
    func tapeWithObjects() {
        let members = (0..<50_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let context = context("{" + members + "}")
        #expect(context.valid)
        #expect(context.keys.count == 50_000)
        #expect(context.getInt("k0") == 0 && context.getInt("k49999") == 49_999)
    }

    // MARK: Container stack

    @Test("nesting across every growth of the container stack", arguments: [1, 2, 3, 4, 5])
    func stackGrowth(doublings: Int) {
        let capacity = FrameStack.initialCapacity << (doublings - 1)
        let options = JSONMapper.Options(maximumDepth: 10_000)
        for depth in [capacity - 1, capacity, capacity + 1] {
            let arrays = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
            let array = JSONMapper.context(json(arrays), options: options)
            #expect(array.valid, "depth \(depth)")
            #expect(array.get(Int.self, at: Array(repeating: 0, count: depth)) == 7)

            let objects = String(repeating: #"{"a":"#, count: depth) + "7" + String(repeating: "}", count: depth)
            let object = JSONMapper.context(json(objects), options: options)
            #expect(object.get(Int.self, at: Array(repeating: "a", count: depth)) == 7, "depth \(depth)")

            // Cut off at the innermost value: the error's path is built from every frame.
            let truncated = JSONMapper.context(json(String(repeating: #"{"a":["#, count: depth) + "x"), options: options)
            #expect(!truncated.valid)
            #expect(truncated.errors.first?.path == String(repeating: "a[0].", count: depth).dropLast(1) + "")
        }
    }

    // MARK: Padding and eight-byte reads

    @Test("every prefix of a document is read within its bytes, and reports an error at or before its end")
    func everyPrefix() {
        let documents = [
            #"{"name": "Jöhn \"A\" 😀", "ids": [1, -2.5e-3, 0, 12345678901234567890], "ok": true, "n": null}"#,
            #"["\u00e9\ud83d\ude00", "abcdefghijklmnopqrstuvwxyz", 1.25E+10, false, {}, [], "\t\\"]"#,
            "        [   1   ,   2   ]        ",
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            for length in 0...bytes.count {
                // A slice of a larger buffer, so that the bytes after the prefix are not zero.
                let data = Data(bytes)[0..<length]
                let context = JSONMapper.context(data)
                let complete = length == bytes.count || bytes[length...].allSatisfy { $0 == UInt8(ascii: " ") }
                if complete && length > bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) ?? 0 {
                    #expect(context.valid, "\(length) of \(bytes.count)")
                } else {
                    #expect(!context.valid, "\(length) of \(bytes.count)")
                    let column = context.errors.first?.column ?? .max
                    #expect(column <= length + 1, "\(length) of \(bytes.count)")
                }
            }
        }
    }

    @Test("Data slices that start past zero map like fresh Data")
    func dataSlices() {
        let text = Array(#"{"a": [1, 2, 3], "b": "xyz"}"#.utf8)
        let padded = Data([UInt8](repeating: UInt8(ascii: "x"), count: 13) + text + [UInt8](repeating: 0x7B, count: 9))
        let slice = padded[13..<(13 + text.count)]
        #expect(slice.startIndex == 13)
        let context = JSONMapper.context(slice)
        #expect(context.valid)
        #expect(context.getArray("a") == [1, 2, 3])
        #expect(context.getString("b") == "xyz")
        #expect(JSONMapper.context(slice, engine: .foundation).getString("b") == "xyz")
    }

    @Test("strings whose special byte falls in every lane of an eight-byte word, and at the end of input")
    func stringLanes() {
        let specials: [(String, String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\u00e9"#, "é"), (#"\ud83d\ude00"#, "😀"),
            ("é", "é"), ("€", "€"), ("😀", "😀"),
        ]
        for lane in 0..<24 {
            let prefix = String(repeating: "a", count: lane)
            for (written, decoded) in specials {
                let c = context("[\"\(prefix)\(written)\(prefix)\"]")
                #expect(c.getArray() == [prefix + decoded + prefix], "lane \(lane), \(written)")
            }
            // Cut off inside the string: the end of input is found at every lane.
            let cut = context("[\"" + prefix)
            #expect(cut.errors.first?.message == "unterminated string: expected '\"', found end of input")
            #expect(cut.errors.first?.column == lane + 3)
            // A control character in every lane.
            let control = JSONMapper.context(Data(Array(("[\"" + prefix).utf8) + [0x01, 0x22, 0x5D]))
            #expect(control.errors.first?.column == lane + 3, "lane \(lane)")
        }
    }

    @Test("numbers of every length end in every lane, and at the end of input")
    func numberLanes() {
        for length in 1...40 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 1) % 10)) })
            for text in [digits, "-" + digits, "0." + digits, digits + "e-" + String(length), digits + ".5"] {
                let c = context(text)
                #expect(c.valid, "\(text)")
                #expect(c.get(Double.self, at: []) == Double(text), "\(text)")
                let wrapped = context("[" + text + "]")
                #expect(wrapped.getArray() == [Double(text) ?? .nan], "\(text)")
            }
        }
    }

    // MARK: Member tables

    @Test("objects around every member-table size find each key once, the last of duplicates")
    func memberTables() {
        let sizes = Array(0...40) + [63, 64, 65, 127, 128, 129, 1023, 1024, 1025]
        for size in sizes {
            // Keys of every length from 0 up, some escaped, so that hashing reads every tail length.
            let keys = (0..<size).map { String(repeating: "k", count: $0 % 20) + "\($0)" }
            var members = keys.enumerated().map { index, key in
                let written = index % 3 == 0 ? key.replacingOccurrences(of: "k", with: #"\u006b"#) : key
                return #""\#(written)": \#(index)"#
            }
            if size > 0 { members.append(#""\#(keys[0])": -1"#) }
            let c = context("{" + members.joined(separator: ", ") + "}")
            #expect(c.valid)
            for (index, key) in keys.enumerated() {
                #expect(c.getInt(key) == (index == 0 ? -1 : index), "\(size) members, key \(key)")
            }
            #expect(c.getInt("missing") == nil)
            #expect(c.getInt("") == nil)
        }
    }

    // MARK: String decoding

    @Test("decoding reads and writes only within the count it is given, even when an escape is cut off")
    func truncatedEscapes() {
        let cases: [(String, Int, String)] = [
            (#"ab\u0041"#, 5, "ab"), (#"ab\u0041"#, 8, "abA"), (#"\"#, 1, ""), (#"x\n"#, 2, "x"),
            (#"\ud83d\ude00"#, 11, "\u{FFFD}"), (#"\ud83d\ude00"#, 12, "😀"), (#"\ud83d\ude00"#, 6, "\u{FFFD}"),
        ]
        for (text, count, expected) in cases {
            let bytes = Array(text.utf8)
            let decoded = bytes.withUnsafeBufferPointer { buffer in
                StringDecoding.decode(buffer.baseAddress!, count: count, escaped: true)
            }
            #expect(decoded == expected, "\(text) cut at \(count)")
        }
    }

    /// The key of the issue-9 reproducer: 0xFFFFFE bytes of `a` and an escape, past the tape's 24-bit length.
    @Test("an error inside the value of a key longer than 16 MiB names the whole key", arguments: [-1, 0, 1, 2])
    func errorAfterHugeKey(extra: Int) {
        let plain = String(repeating: "a", count: 0xFF_FFFE + extra)
        let text = "{\"" + plain + #"\u0800": x}"#
        let c = context(text)
        #expect(!c.valid)
        let error = c.errors.first
        #expect(error?.path == plain + "\u{0800}")
        #expect(error?.message == "expected a value, found 'x'")
        #expect(error?.line == 1)
        #expect(error?.column == plain.count + 12)
    }

    @Test("strings and keys at the tape's 24-bit length read back whole, escapes and all", arguments: [-1, 0, 1])
    func saturatedLengths(delta: Int) {
        let length = Int(TapeEntry.saturated) + delta
        // Escapes at both ends and a quote escaped last, where re-measuring must step over it.
        let body = #"\t"# + String(repeating: "b", count: length - 4) + #"\""#
        #expect(body.utf8.count == length)
        let c = context("{\"" + body + "\": \"" + body + "\", \"n\": 1}")
        #expect(c.valid)
        let decoded = "\t" + String(repeating: "b", count: length - 4) + "\""
        #expect(c.getString(decoded) == decoded)
        #expect(c.keys.first == decoded)
        #expect(c.getInt("n") == 1)
    }

    // MARK: Allocation sizes

    @Test("allocation sizes that overflow are refused, not trapped")
    func allocationOverflow() {
        #expect(RawMemory.byteSize(UInt64.self, count: Int.max / 4) == nil)
        #expect(RawMemory.byteSize(UInt64.self, count: -1) == nil)
        #expect(RawMemory.byteSize(UInt64.self, count: 0) == 8)
        #expect(RawMemory.byteSize(UInt8.self, count: 0) == 1)
        #expect(RawMemory.allocate(UInt64.self, count: Int.max / 4) == nil)
    }

    // MARK: UTF-8

    @Test("the word-at-a-time UTF-8 check agrees with the standard library on every lead and second byte")
    func utf8Sequences() {
        let tails: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var checked = 0
        var disagreements: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            for second in UInt8.min...UInt8.max {
                for third in tails {
                    for fourth in tails {
                        let bytes = [lead, second, third, fourth]
                        let failed = transcode(
                            bytes.prefix(length).makeIterator(), from: UTF8.self, to: UTF32.self,
                            stoppingOnError: true
                        ) { _ in }
                        let expected = failed ? 0 : length
                        let actual = bytes.withUnsafeBufferPointer { buffer in
                            buffer.baseAddress.map(NativeScanner.validUTF8Length) ?? -1
                        }
                        if actual != expected { disagreements.append(bytes) }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 128 * 256 * 100)
        #expect(disagreements.prefix(5).map { $0.map { String($0, radix: 16) } } == [])
    }
}
