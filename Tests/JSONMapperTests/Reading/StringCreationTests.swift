import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Strings read from a scanned document are made without a second UTF-8 validation (`StringDecoding.decodeScanned`),
/// with their ASCII flag set by the library. A wrong flag would not show in the bytes: it would show in comparison,
/// hashing and counting, which trust it. So each string is compared with the one the standard library makes from
/// the same text, in all of those ways.
@Suite("Strings made from scanned bytes behave as the standard library's own")
struct StringCreationTests {
    /// Contents to put between quotes, each with the string it must read as. Around the ASCII check's eight-byte
    /// steps and the 15 bytes a string holds inline, one non-ASCII scalar of each UTF-8 length at each position;
    /// escapes of each kind; a decomposed é; and long contents, escaped ones on both sides of
    /// `StringDecoding.largestScratch`.
    static let samples: [(json: String, expected: String)] = {
        var samples: [(String, String)] = []
        for length in 0...40 {
            samples.append((String(repeating: "a", count: length), String(repeating: "a", count: length)))
            for scalar in ["é", "漢", "😀"] where length > 0 {
                for position in Set([0, length / 2, length - 1]) {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = scalar
                    let text = characters.joined()
                    samples.append((text, text))
                    let escaped = scalar.unicodeScalars.first.map { String($0.value, radix: 16) } ?? ""
                    // The 4-byte scalar escaped as its surrogate pair; the others as one \u escape.
                    let escape =
                        scalar == "😀"
                        ? #"\ud83d\ude00"# : #"\u"# + String(repeating: "0", count: 4 - escaped.count) + escaped
                    characters[position] = escape
                    samples.append((characters.joined(), text))
                }
            }
        }
        samples += [
            (#"line\nbreak \"quoted\" \\ \/ \t"#, "line\nbreak \"quoted\" \\ / \t"),
            (#"lone \ud800 surrogate"#, "lone \u{FFFD} surrogate"),
            ("e\u{301}", "e\u{301}"), (#"e\u0301"#, "e\u{301}"), ("\u{E9}", "\u{E9}"),
            (String(repeating: "long ascii ", count: 1_000), String(repeating: "long ascii ", count: 1_000)),
            (String(repeating: #"\u00e9t\u00e9 "#, count: 2_000), String(repeating: "été ", count: 2_000)),
            (String(repeating: "漢字 ", count: 3_000), String(repeating: "漢字 ", count: 3_000)),
            // Escaped content longer than the scratch memory, made the validating way.
            (String(repeating: #"\u00e9t\u00e9 "#, count: 6_000), String(repeating: "été ", count: 6_000)),
        ]
        return samples
    }()

    /// Every way the two strings could differ if the flags were wrong.
    static func expectSame(_ read: String?, _ expected: String, _ json: String) {
        guard let read else {
            Issue.record("no string read for \(json.prefix(80))")
            return
        }
        let differences = StringSameness.differences(read, expected)
        #expect(differences.isEmpty, "\(json.prefix(80)): differs in \(differences)")
    }

    @Test("values read from the tape, by getters and by the decoder")
    func tapeValues() throws {
        let escapedSizes = Self.samples.filter { $0.json.contains(#"\u"#) }.map(\.json.utf8.count)
        #expect(escapedSizes.contains { $0 > StringDecoding.largestScratch })
        #expect(escapedSizes.contains { $0 > 1_024 && $0 <= StringDecoding.largestScratch })
        for (json, expected) in Self.samples {
            let text = #"{"s": "\#(json)", "list": ["\#(json)", "\#(json)"]}"#
            let c = context(text)
            #expect(c.valid, "\(json.prefix(80))")
            Self.expectSame(c.getString("s"), expected, json)
            let list: [String] = c.getArray("list")
            #expect(list.count == 2)
            Self.expectSame(list.first, expected, json)
            struct Box: Decodable { let s: String }
            if expected.contains("\u{FFFD}") {
                // The decoder refuses an escaped lone surrogate rather than replace it.
                #expect(throws: DecodingError.self) { try JSONMapperDecoder().decode(Box.self, from: Data(text.utf8)) }
            } else {
                Self.expectSame(try JSONMapperDecoder().decode(Box.self, from: Data(text.utf8)).s, expected, json)
            }
        }
    }

    @Test("a decomposed é read from the tape equals the composed one, as Swift compares strings")
    func canonicalEquivalence() {
        let decomposed = context(#"{"s": "e\#u{301}"}"#).getString("s")
        #expect(decomposed == "\u{E9}")
        #expect(decomposed.map { Set([$0, "\u{E9}"]).count } == 1)
        #expect(decomposed?.unicodeScalars.count == 2)
    }

    @Test("keys read from the tape: found by the key asked for, listed as written; JSONValue's strings")
    func tapeKeys() {
        for (json, expected) in Self.samples {
            let c = context(#"{"\#(json)": 7}"#)
            #expect(c.getInt(expected) == 7, "\(json.prefix(80))")
            let value = try? JSONValue(parsing: Data(#"{"\#(json)": 7, "v": "\#(json)"}"#.utf8))
            Self.expectSame(value?.objectValue?.keys.first, expected, json)
            Self.expectSame(value?.objectValue?.values.last?.stringValue, expected, json)
        }
    }

    @Test("keys read by the streaming walker lead to the array asked for")
    func streamedKeys() {
        for (json, expected) in Self.samples {
            let text = #"{"other": [0], "\#(json)": [1, 2]}"#
            let values = JSONMapper.elements(of: InputStream(data: Data(text.utf8)), at: [.key(expected)]).map {
                $0.get(Int.self, at: [])
            }
            #expect(values == [1, 2], "\(json.prefix(80))")
        }
    }

    @Test("the ASCII check reads every byte, whatever its offset in its eight-byte step")
    func asciiCheck() {
        func isASCII(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { StringDecoding.isASCII($0, count: buffer.count) } ?? true
            }
        }
        for length in 0...40 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(isASCII(bytes))
            for position in 0..<length {
                bytes[position] = 0x80
                #expect(!isASCII(bytes), "\(length) \(position)")
                bytes[position] = 0x7F
                #expect(isASCII(bytes), "\(length) \(position)")
                bytes[position] = UInt8(ascii: "a")
            }
        }
    }
}
