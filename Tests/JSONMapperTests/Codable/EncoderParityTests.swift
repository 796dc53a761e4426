import Foundation
import JSONMapper
import Testing

// `.sortedKeys` output is byte for byte JSONEncoder's, compact and pretty, with and without escaped slashes: string
// escapes, floating point text, integers at their limits, empty containers, keys sorted by UTF-8 at every level.

private struct Scalars: Codable {
    var bool = true
    var int = Int.min
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.max
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var float: Float = 0.1
    var double = 0.1
    var string = "text"
    var optionalPresent: Int? = 3
    var optionalMissing: Int? = nil
}

private struct Nested: Codable {
    var name = "outer"
    var empty: [Int] = []
    var emptyObject: [String: Int] = [:]
    var list = [[1, 2], [], [3]]
    var map = ["b": ["y": 2, "x": 1], "a": [:]]
    var inner = Inner()

    struct Inner: Codable {
        var zeta = [Inner2(), Inner2()]
        var alpha: [String?] = ["a", nil]
    }
    struct Inner2: Codable {
        var b = [String: [Int]]()
        var a = 1.5
    }
}

private let formattings: [JSONEncoder.OutputFormatting] = [
    [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
    [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

@Suite("JSONMapperEncoder: sorted output as JSONEncoder's")
struct EncoderParityTests {
    @Test("scalars of every type, at their limits", arguments: formattings)
    func scalars(formatting: JSONEncoder.OutputFormatting) {
        let text = expectSameText(Scalars(), EncoderSettings(outputFormatting: formatting))
        #expect(text.contains("-9223372036854775808"))
    }

    @Test("nested and empty containers", arguments: formattings)
    func nestedContainers(formatting: JSONEncoder.OutputFormatting) {
        expectSameText(Nested(), EncoderSettings(outputFormatting: formatting))
        expectSameText([[String: Int]](), EncoderSettings(outputFormatting: formatting))
        expectSameText([[Int]()], EncoderSettings(outputFormatting: formatting))
    }

    @Test("pretty: an empty container is bracket, two newlines, indentation, bracket")
    func prettyEmpty() {
        let text = expectSameText(["a": [Int]()], EncoderSettings(outputFormatting: [.prettyPrinted]))
        #expect(text == "{\n  \"a\" : [\n\n  ]\n}")
    }

    @Test("strings: quotes, backslashes, control characters, slashes, non-ASCII", arguments: formattings)
    func strings(formatting: JSONEncoder.OutputFormatting) {
        var texts = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["\"", "\\", "/", "a/b\\c\"d", "\u{7F}", "\u{2028}\u{2029}", "é", "e\u{301}", "😀", "日本語", ""]
        texts.append(String(repeating: "0123456789/abcdef", count: 40) + "\u{1}")
        let text = expectSameText(texts, EncoderSettings(outputFormatting: formatting))
        #expect(text.contains(#"\u001f"#))
        // Keys are strings too (`Dictionary` holds one of `é` and `e\u{301}`, which `String` finds equal).
        let keyed = Dictionary(texts.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: max)
        expectSameText(keyed, EncoderSettings(outputFormatting: formatting))
    }

    @Test("the escapes, written out")
    func escapesWrittenOut() {
        let text = expectSameText(["\u{0}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1B}\"\\/"])
        #expect(text == #"["\u0000\b\t\n\f\r\u001b\"\\\/"]"#)
        let unescaped = expectSameText(["a/b"], EncoderSettings(outputFormatting: [.withoutEscapingSlashes]))
        #expect(unescaped == #"["a/b"]"#)
    }

    @Test("floating point: description less a trailing .0")
    func floatingPoint() {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.5, 100, 1e15, 1e16, 1e17, 1e-7, 1e-5, 0.0001, 123456789.125, 9007199254740992,
            9007199254740994, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, -2.5e-308,
            1.7976931348623157e308, 3.141592653589793, 2.0 / 3.0, 1e21, 1e22, 12345678901234567168,
        ]
        let text = expectSameText(doubles)
        #expect(text.hasPrefix("[0,-0,1,-1,0.1,1.5,100,"))
        #expect(text.contains("1e+16") && text.contains("1e-07"))
        let floats: [Float] = [0, -0.0, 1, 0.1, 1e10, 1e-10, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16777216]
        expectSameText(floats)
        // One at a time, through keyed and single-value containers as well as arrays.
        for double in doubles {
            expectSameText(["x": double])
            expectSameText(double)
            expectSameText(["x": Optional(double)])
        }
        for float in floats {
            expectSameText(["x": float])
            expectSameText(float)
        }
    }

    @Test("random doubles, over all magnitudes")
    func randomDoubles() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<2000 {
            let bits = generator.next() as UInt64
            let value = Double(bitPattern: bits)
            if value.isFinite { values.append(value) }
        }
        expectSameText(values)
        expectSameText(values.map { Float($0) }.filter(\.isFinite))
    }

    @Test("keys sorted by UTF-8 at every level")
    func sortedKeys() {
        let keys = ["b", "a", "B", "A", "é", "😀", "\u{FFFF}", "aa", "a a", "_", "1", "10", "2", "", "a/b"]
        let map = Dictionary(uniqueKeysWithValues: keys.map { ($0, Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) })) })
        let text = expectSameText(map)
        #expect(text.hasPrefix(#"{"":{"":1,"1":1,"10":1,"#))
        expectSameText(map, EncoderSettings(outputFormatting: [.sortedKeys, .prettyPrinted]))
    }

    @Test("top-level fragments")
    func fragments() throws {
        expectSameText(42)
        expectSameText("text/plain")
        expectSameText(true)
        expectSameText(Optional<Int>.none)
        expectSameText(1.5)
        expectSameText(try #require(Decimal(string: "3.14159265358979323846")))
    }

    @Test("integers wider than 64 bits")
    func wideIntegers() {
        expectSameText([Int128.min, Int128.max, 0])
        expectSameText(["u": UInt128.max])
    }
}
