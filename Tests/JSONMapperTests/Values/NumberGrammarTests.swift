import Foundation
import Testing

@testable import JSONMapper

/// RFC 8259's number grammar, which the scanner, the streaming engine, the coercions and `JSONValue.number` all ask
/// (`NumberGrammar`): what it accepts, where and why it stops, and that the scanner's padded form answers as the
/// bounds-checked one does.
@Suite("The number grammar")
struct NumberGrammarTests {
    static let numbers = [
        "0", "-0", "7", "-12", "10", "1234567890123456789012", "0.5", "-0.0", "1.25", "1e3", "1E3", "1e+3", "1e-3",
        "-1.5e-007", "0e0", "123456789.123456789e123456789",
    ]
    static let nonNumbers = [
        "", "-", "+1", "01", "-01", "00", "1.", ".5", "-.5", "1e", "1e+", "1E-", "1.e3", "1..2", "0x10", "1 ", " 1",
        "1,", "Infinity", "NaN", "1e3.5", "--1", "١",
    ]

    @Test("accepts exactly one JSON number", arguments: numbers)
    func accepts(text: String) {
        #expect(NumberGrammar.isJSONNumber(text))
    }

    @Test("rejects anything else, including a number with more after it", arguments: nonNumbers)
    func rejects(text: String) {
        #expect(!NumberGrammar.isJSONNumber(text))
    }

    /// `match` on `text` from 0, with the bytes after it zero as in the scanner's padded input, or without padding.
    static func match(_ text: String, padded: Bool) -> (end: Int, isFloat: Bool, failure: NumberGrammar.Failure?) {
        let bytes = Array(text.utf8) + [UInt8](repeating: 0, count: 8)
        return bytes.withUnsafeBufferPointer { buffer in
            NumberGrammar.match(buffer.baseAddress!, from: 0, count: text.utf8.count, padded: padded)
        }
    }

    @Test(
        "where a number ends, whether it is a float, and where and why it breaks the grammar",
        arguments: [
            ("12,", 2, false, nil),
            ("-3.25]", 5, true, nil),
            ("1e10}", 4, true, nil),
            ("0.5e-3 ", 6, true, nil),
            ("00", 1, false, NumberGrammar.Failure.leadingZero),
            ("-x", 1, false, .integerDigit),
            ("1.x", 2, true, .fractionDigit),
            ("1e+x", 3, true, .exponentDigit),
            ("1E", 2, true, .exponentDigit),
        ] as [(String, Int, Bool, NumberGrammar.Failure?)])
    func matches(text: String, end: Int, isFloat: Bool, failure: NumberGrammar.Failure?) {
        for padded in [false, true] {
            let result = Self.match(text, padded: padded)
            #expect(result.end == end, "\(text), padded: \(padded)")
            #expect(result.isFloat == isFloat, "\(text), padded: \(padded)")
            #expect(result.failure == failure, "\(text), padded: \(padded)")
        }
    }

    @Test("the padded form, digit runs a word at a time, agrees with the bounds-checked one on every prefix")
    func paddedAgrees() {
        let texts = Self.numbers + Self.nonNumbers + ["123456789012345678901234567890.123456789012345e-12345678"]
        for text in texts {
            let bytes = Array(text.utf8)
            for length in 0...bytes.count {
                let prefix = String(decoding: bytes[..<length], as: UTF8.self)
                let plain = Self.match(prefix, padded: false)
                let padded = Self.match(prefix, padded: true)
                #expect(plain.end == padded.end && plain.isFloat == padded.isFloat, "\(prefix)")
                #expect(plain.failure == padded.failure, "\(prefix)")
            }
        }
    }

    @Test("the scanner's messages name each failure, at its column")
    func scannerMessages() {
        let cases = [
            ("[-]", "[0]: line 1, column 3: invalid number: expected a digit after '-', found ']'"),
            ("[1.]", "[0]: line 1, column 4: invalid number: expected a digit after '.', found ']'"),
            ("[1e]", "[0]: line 1, column 4: invalid number: expected a digit in the exponent, found ']'"),
            ("[00]", "[0]: line 1, column 3: invalid number: leading zeros are not allowed"),
            ("-", "line 1, column 2: invalid number: expected a digit after '-', found end of input"),
        ]
        for (text, expected) in cases {
            let context = JSONMapper.context(Data(text.utf8))
            #expect(!context.valid)
            #expect(context.errors.map(\.description) == [expected], "\(text)")
        }
    }
}
