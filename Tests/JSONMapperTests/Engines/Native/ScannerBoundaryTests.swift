import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The native scanner reads past `count` into the zero padding without bounds checks. These tests scan inputs
/// that end at every awkward place with the padding placed right before an unreadable page, so that any read
/// beyond `count + padding` crashes, and compare what the scanner decides with an independent answer.
@Suite("Scanner boundaries")
struct ScannerBoundaryTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case valid
        case invalid(String, Int?, Int?)

        var isValid: Bool { self == .valid }
        var description: String {
            switch self {
            case .valid: return "valid"
            case .invalid(let message, let line, let column):
                return "\(line ?? -1):\(column ?? -1): \(message)"
            }
        }
    }

    /// Scans `input` placed so that its padding ends exactly where a `PROT_NONE` page starts.
    static func guardedScan(_ input: [UInt8], padding: Int = NativeScanner.padding) -> Outcome {
        let guarded = GuardedBytes(input, padding: padding)
        return withExtendedLifetime(guarded) {
            do throws(EngineError) {
                let scanner = try NativeScanner(
                    bytes: UnsafePointer(guarded.start), count: input.count, maximumDepth: 512)
                _ = try scanner.scan()
                return .valid
            } catch {
                return .invalid(error.message, error.line, error.column)
            }
        }
    }

    /// Foundation's answer on validity (it is not the judge of messages or positions).
    static func foundationAccepts(_ input: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])) != nil
    }

    // MARK: Literals cut off at the end of input

    static let literalContexts: [(String, String)] = [
        ("", ""), ("[", ""), ("[", "]"), ("{\"a\":", ""), ("{\"a\":", "}"), ("[1,", ""), ("[1,", "]"), (" ", ""),
        ("{\"a\": ", ""),
    ]

    static var literalInputs: [String] {
        var result: [String] = []
        for word in ["true", "false", "null"] {
            for length in 1...word.count {
                let prefix = String(word.prefix(length))
                result.append(prefix)
                // One wrong letter at each position, and an extra letter after the word.
                for k in 0..<length {
                    var letters = Array(prefix)
                    letters[k] = letters[k] == "x" ? "y" : "x"
                    if k > 0 { result.append(String(letters)) }
                }
            }
            result.append(word + "x")
            result.append(word + "e")
        }
        return result
    }

    @Test("literals and their prefixes at the end of input, in every context")
    func literalsAtTheEnd() {
        var problems: [String] = []
        for (before, after) in Self.literalContexts {
            for literal in Self.literalInputs {
                let text = before + literal + after
                let outcome = Self.guardedScan(Array(text.utf8))
                if outcome.isValid != Self.foundationAccepts(Array(text.utf8)) {
                    problems.append("\(text.debugDescription): \(outcome)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(
        "where a cut-off literal is reported",
        arguments: [
            ("t", "1:2: invalid literal: expected 'true', found end of input"),
            ("tr", "1:3: invalid literal: expected 'true', found end of input"),
            ("tru", "1:4: invalid literal: expected 'true', found end of input"),
            ("f", "1:2: invalid literal: expected 'false', found end of input"),
            ("fals", "1:5: invalid literal: expected 'false', found end of input"),
            ("n", "1:2: invalid literal: expected 'null', found end of input"),
            ("nul", "1:4: invalid literal: expected 'null', found end of input"),
            ("[fals", "1:6: invalid literal: expected 'false', found end of input"),
            ("falsE", "1:5: invalid literal: expected 'false', found 'E'"),
        ])
    func cutLiteralPosition(text: String, expected: String) {
        #expect(Self.guardedScan(Array(text.utf8)).description == expected)
    }

    // MARK: Keys and strings at the end of input

    static let keySuffixes = [
        "", "\"", "\":", "\": ", "\":  ", "\" :", "\" : ", "\":\n", "\": \n", "\": 1", "\": 1}", "\":1}", "\": \"",
        "\": \"x", "\": \"x\"", "\": \"x\"}", "\"}", "\",", "\":}", "\": }", "\":\t", "\": \t1}",
    ]

    @Test("keys of 0 to 17 bytes at the end of input, with every ending after them")
    func keysAtTheEnd() {
        var problems: [String] = []
        for length in 0...17 {
            let key = String("abcdefghijklmnopq".prefix(length))
            for opening in ["{", "{\"x\":1,", "{ ", "[{", "{\"x\":{"] {
                for suffix in Self.keySuffixes {
                    for closing in ["", "}", "}}", "]"] {
                        let text = opening + "\"" + key + suffix + closing
                        let bytes = Array(text.utf8)
                        let outcome = Self.guardedScan(bytes)
                        if outcome.isValid != Self.foundationAccepts(bytes) {
                            problems.append("\(text.debugDescription): \(outcome)")
                        }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("strings of 0 to 17 bytes that end exactly at the end of input, closed or not")
    func stringsAtTheEnd() {
        var problems: [String] = []
        for length in 0...17 {
            let body = String("abcdefghijklmnopq".prefix(length))
            for opening in ["", "[", "{\"k\":", "[\"y\","] {
                for ending in ["", "\"", "\\", "\\u", "\\u00", "\\u004", "\\u0041", "\\\"", "é", "€", "😀"] {
                    let text = opening + "\"" + body + ending
                    let bytes = Array(text.utf8)
                    let outcome = Self.guardedScan(bytes)
                    if outcome.isValid != Self.foundationAccepts(bytes) {
                        problems.append("\(text.debugDescription): \(outcome)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    // MARK: Three-byte UTF-8 two at a time

    static let boundarySeconds: [UInt8] = [
        0x00, 0x20, 0x22, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xFF,
    ]

    /// Every lead E0...EF with boundary second and third bytes, as the second of a pair after a plain
    /// three-byte character, and as the first of a pair before one, at every offset from the end of the input.
    @Test("three-byte sequences paired at every offset near the end agree with the standard library")
    func threeBytePairs() {
        var problems: [String] = []
        let plain: [UInt8] = [0xE4, 0xB8, 0xAD]  // 中
        var checked = 0
        for lead in UInt8(0xE0)...0xEF {
            for second in Self.boundarySeconds {
                for third in [UInt8(0x80), 0xBF, 0x7F, 0xC0, 0x00, 0x22] {
                    let sequence = [lead, second, third]
                    for arrangement in [
                        plain + sequence, sequence + plain, sequence + sequence, plain + plain + sequence,
                    ] {
                        // Cut at every length from the end, closed with a quote or not, and with ASCII after.
                        for cut in 0...arrangement.count {
                            let content = Array(arrangement.prefix(cut))
                            for tail in [[UInt8](), [0x22], [0x61, 0x22], [0x61]] {
                                let input = [0x22] + content + tail
                                let outcome = Self.guardedScan(input)
                                // The string is valid exactly when it is closed and its content is valid UTF-8
                                // without control characters, quotes or backslashes.
                                let closedContent = content + tail.prefix { $0 != 0x22 }
                                let closed = tail.contains(0x22) && tail.last == 0x22
                                let plainBytes = closedContent.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }
                                let expected =
                                    closed && plainBytes
                                    && String(validating: closedContent, as: UTF8.self) != nil
                                checked += 1
                                if outcome.isValid != expected {
                                    problems.append("\(input.map { String($0, radix: 16) }): \(outcome)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 10_000)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    @Test("areTwoPlainThreeByteSequences agrees with the standard library on every lead and boundary second byte")
    func pairPredicate() {
        var problems: [String] = []
        let seconds: [UInt8] = [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0]
        let thirds: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        for a in UInt8(0xE0)...0xEF {
            for a2 in seconds {
                for a3 in thirds {
                    for b in UInt8(0xE0)...0xEF {
                        for b2 in seconds {
                            for b3 in thirds {
                                let six = [a, a2, a3, b, b2, b3]
                                var word: UInt64 = 0
                                for (k, byte) in (six + [0x41, 0x42]).enumerated() { word |= UInt64(byte) << (8 * k) }
                                if NativeScanner.areTwoPlainThreeByteSequences(word)
                                    && String(validating: six, as: UTF8.self) == nil
                                {
                                    problems.append(six.map { String($0, radix: 16) }.joined(separator: " "))
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    // MARK: Key comparison and lookup

    /// The ways keys are compared: `bytesEqual` (two words from each side up to 16 bytes, `memcmp` past them), and
    /// `paddedKeysEqual`, a word at a time, which reads whole words past a key's end, as it may in a document.
    static let keyComparisons: [(String, @Sendable (UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int) -> Bool)] = [
        ("bytesEqual", { TapeView.bytesEqual($0, $1, count: $2) }),
        ("paddedKeysEqual", { TapeView.paddedKeysEqual($0, $1, count: $2) }),
    ]

    @Test(
        "each key comparison tells apart keys of 0 to 70 bytes that differ in one byte anywhere, whatever follows them",
        arguments: 0...70)
    func keysDifferingInOneByte(length: Int) {
        let key = (0..<length).map { UInt8(0x61 + $0) }
        // Each side's key is followed by eight bytes unlike the other side's, which a comparison must not look at.
        func compare(
            _ left: [UInt8], _ right: [UInt8], _ equal: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int) -> Bool
        )
            -> Bool
        {
            let a = left + Array(repeating: 0x11, count: 8)
            let b = right + Array(repeating: 0xEE, count: 8)
            return a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in equal(a.baseAddress!, b.baseAddress!, length) }
            }
        }
        for (name, equal) in Self.keyComparisons {
            #expect(compare(key, key, equal), "\(name), length \(length)")
            for position in 0..<length {
                for flip in [UInt8(0x01), 0x80, 0x20] {
                    var other = key
                    other[position] ^= flip
                    #expect(!compare(key, other, equal), "\(name), length \(length), byte \(position) ^ \(flip)")
                }
            }
        }
    }

    /// Keys of every length 0...17, and some longer ones (past the 16 bytes compared as two words), and, for each,
    /// keys of the same length differing in one byte at each position:
    /// a lookup of each must return its own value, in objects small enough to be scanned and large enough to be
    /// hashed, read in order and out of order.
    @Test("getString finds the right member among keys differing in one byte", arguments: [false, true])
    func lookupsAmongNearKeys(reversed: Bool) throws {
        for length in Array(0...17) + [23, 24, 25, 33, 40, 64, 65] {
            let key = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            var keys = [key]
            for position in 0..<length {
                var bytes = Array(key.utf8)
                bytes[position] = UInt8(ascii: "Z")
                keys.append(String(decoding: bytes, as: UTF8.self))
            }
            // Small objects (two keys) and the whole family (hashed when more than eight).
            var groups: [[String]] = [keys]
            if keys.count > 1 { groups += (1..<keys.count).map { [keys[0], keys[$0]] } }
            // With ten more members, so that short keys are hashed (objects of up to eight are scanned).
            let fillers = (0..<10).map { "_\($0)" + String(repeating: "y", count: $0) }
            groups += groups.map { $0 + fillers }
            for group in groups {
                let members = group.enumerated().map { "\"\($0.element)\": \"v\($0.offset)\"" }
                let text = "{" + members.joined(separator: ",") + "}"
                let document = try NativeDocument(data: Data(text.utf8), maximumDepth: 64)
                let context = JSONDeserializationContext.makeRoot(
                    node: .native(document, NativeDocument.root), options: .default, pathPrefix: [])
                let order = reversed ? Array(group.indices.reversed()) : Array(group.indices)
                for index in order {
                    #expect(context.getString(group[index]) == "v\(index)", "\(text) [\(group[index])]")
                }
                // A key one byte longer or shorter, or differing in its last byte, is not found.
                #expect(context.getString(key + "q") == nil, "\(text)")
                if length > 0 {
                    #expect(context.getString(String(key.dropLast())) == nil || group.contains(String(key.dropLast())))
                }
            }
        }
    }

    // MARK: Short strings

    @Test("strings of up to 15 bytes decode as the standard library decodes them")
    func shortStrings() {
        let samples: [[UInt8]] = [
            [], Array("a".utf8), Array("abcdefghijklmno".utf8), Array("abcdefghijklmnop".utf8), Array("é中😀".utf8),
            [0xC3], [0xFF, 0x41], [0xE4, 0xB8], [0xED, 0xA0, 0x80], Array("a\u{0}b".utf8),
        ]
        for sample in samples {
            let decoded = sample.withUnsafeBufferPointer {
                StringDecoding.decode(
                    $0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: sample.count, escaped: false)
            }
            #expect(decoded == String(decoding: sample, as: UTF8.self), "\(sample)")
            #expect(Array(decoded.utf8) == Array(String(decoding: sample, as: UTF8.self).utf8), "\(sample)")
        }
    }

    // MARK: The stream window's padding

    @Test(
        "the stream window's padding is zero after every refill, compaction, end and failure",
        arguments: [false, true])
    func windowPadding(failAtEnd: Bool) throws {
        let input = [UInt8](repeating: UInt8(ascii: "7"), count: 700_000)
        for chunks in [[7, 200_000], [5, 300_000], [262_144], [100_000, 3]] {
            for keepFraction in [0, 1, 2] {
                // Each read fills all the space offered with junk first, as a stream may; after the last byte, a
                // read reports the end (0) or a failure (-1).
                let stream = ScriptedInputStream(
                    input, reads: .sizes(chunks), failing: failAtEnd ? .after(input.count) : nil, end: .onEmptyRead,
                    junk: 0x41)
                let window = try StreamWindow(stream)
                var steps = 0
                var problems: [String] = []
                while !window.atEnd && steps < 2_000 {
                    let keep = window.count * keepFraction / 2
                    _ = window.refill(keepingFrom: keep)
                    steps += 1
                    let padding = Array(
                        UnsafeBufferPointer(start: window.bytes + window.count, count: NativeScanner.padding))
                    if padding != [UInt8](repeating: 0, count: NativeScanner.padding) {
                        problems.append("step \(steps), count \(window.count), atEnd \(window.atEnd): \(padding)")
                    }
                }
                #expect(problems.isEmpty, "chunks \(chunks), keep \(keepFraction)/2: \(problems.prefix(3))")
            }
        }
    }
}
