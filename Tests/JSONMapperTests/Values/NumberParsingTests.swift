import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The native engine's number conversions, checked against the standard library's correctly rounded parser.
@Suite("Number parsing")
struct NumberParsingTests {
    /// Parses `text` the way a getter does.
    static func parse(_ text: String) -> Double {
        var text = text
        return text.withUTF8 { NumberText.parseDouble($0) }
    }

    static let hardCases: [String] = [
        "0", "-0", "1", "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307", "1.7976931348623157e308",
        "1.7976931348623158e308", "1.7976931348623157999999e308", "4.9406564584124654e-324", "5e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308", "2.2250738585072012e-308",
        "2.2250738585072014e-308", "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001",
        "4503599627370496.5", "4503599627370497.5", "45035996273704975e-1", "123456789012345678901234567890",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        "3.14159265358979323846264338327950288419716939937510582097494459",
        "7.038531e-26", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126", "-65.613616999999977",
        // Just below halfway between Double.greatestFiniteMagnitude and the next power of two: rounds down.
        justBelowOverflow,
        "2.2250738585072012e-308",
        "1e-342", "1e-343", "1e308", "1e309", "1.5e+9999", "-1e-9999", "100000000000000000000000000000000000000e-38",
    ]

    static let justBelowOverflow =
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587"
        + "207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711"
        + "531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093"
        + "042880177904174497791." + String(repeating: "9", count: 70)

    @Test("hard cases match Double(String) bit for bit", arguments: hardCases)
    func hardCase(text: String) throws {
        let expected = try #require(Double(text))
        #expect(Self.parse(text).bitPattern == expected.bitPattern, "\(text)")
    }

    @Test("a million random numbers of every shape match Double(String)")
    func randomNumbers() {
        var generator = SplitMix64(seed: 0x5EED_1234)
        var mismatches: [String] = []
        for round in 0..<1_000_000 {
            let text = Self.randomNumberText(&generator, round: round)
            guard let expected = Double(text) else { continue }
            if Self.parse(text).bitPattern != expected.bitPattern {
                mismatches.append(text)
                if mismatches.count > 10 { break }
            }
        }
        #expect(mismatches == [])
    }

    @Test("Eisel–Lemire either declines or agrees with Double(String) for random significands and powers")
    func eiselLemireAgrees() {
        var generator = SplitMix64(seed: 42)
        var decided = 0
        for _ in 0..<300_000 {
            let digits = Int(generator.next() % 19) + 1
            var significand = generator.next() % Self.powerOfTen(digits)
            if significand == 0 { significand = 1 }
            let power = Int(generator.next() % 700) - 360
            guard let value = NumberText.eiselLemire(significand, power) else { continue }
            decided += 1
            let expected = Double("\(significand)e\(power)") ?? .nan
            #expect(value.bitPattern == expected.bitPattern, "\(significand)e\(power)")
            if value.bitPattern != expected.bitPattern { return }
        }
        #expect(decided > 299_000)
    }

    @Test("the word-at-a-time digit test agrees with a byte test for every byte in every lane")
    func digitMasks() {
        for lane in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                // The other lanes hold digits, so that only this one can be flagged.
                var bytes = [UInt8](repeating: UInt8(ascii: "5"), count: 8)
                bytes[lane] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let flagged = Digits.nonDigitBytes(UInt64(littleEndian: word)) != 0
                #expect(flagged == !(0x30...0x39).contains(byte), "byte \(byte) in lane \(lane)")
            }
        }
    }

    @Test("leading digits of a word: every count from 0 to 8, whatever follows")
    func leadingDigits() {
        var generator = SplitMix64(seed: 8)
        for count in 0...8 {
            for follower in [UInt8(ascii: "."), UInt8(ascii: "e"), 0, UInt8(ascii: ","), 0xFF, UInt8(ascii: "/")] {
                let digits = (0..<count).map { _ in UInt8(ascii: "0") + UInt8(generator.next() % 10) }
                let bytes = digits + [follower] + [UInt8](repeating: UInt8(ascii: "7"), count: 8)
                let (value, found) = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map(Digits.leadingDigits) ?? (0, -1)
                }
                #expect(found == count)
                #expect(value == UInt64(String(decoding: digits, as: UTF8.self)) ?? 0)
            }
        }
    }

    @Test("runs of digits and of zeros, found eight bytes at a time, end where a byte-by-byte scan says")
    func digitAndZeroRuns() {
        var generator = SplitMix64(seed: 0x2E05)
        // Mostly zeros, so that runs are long; some other digits, and bytes on both sides of '0'...'9'.
        let alphabet = Array("000000000123456789/:.e-".utf8) + [0, 0xB0]
        for _ in 0..<1_000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % 25)] }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let digitsEnd = bytes[start...].firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                    #expect(Digits.endOfDigits(in: buffer, from: start) == digitsEnd ?? bytes.count, "\(bytes)")
                    for end in start...bytes.count {
                        let range = start..<end
                        #expect(
                            Digits.firstNonZero(in: buffer, range) == range.first { bytes[$0] != UInt8(ascii: "0") })
                        #expect(Digits.lastNonZero(in: buffer, range) == range.last { bytes[$0] != UInt8(ascii: "0") })
                    }
                }
            }
        }
    }

    @Test("numbers read with their padding match Double(String)")
    func paddedParsing() {
        var generator = SplitMix64(seed: 0x9ADD)
        var mismatches: [String] = []
        for round in 0..<200_000 {
            let text = Self.randomNumberText(&generator, round: round)
            guard let expected = Double(text) else { continue }
            let padded = Array(text.utf8) + [UInt8](repeating: 0, count: 8)
            let value = padded.withUnsafeBufferPointer { buffer in
                NumberText.parseDouble(UnsafeBufferPointer(rebasing: buffer[0..<text.utf8.count]), padded: true)
            }
            if value.bitPattern != expected.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.prefix(5) == [])
    }

    @Test(
        "plain decimals around the fast path's limits (7 and 8 integer digits, 19 and 20 in all) match Double(String)")
    func plainDecimalLimits() {
        var generator = SplitMix64(seed: 0x91A1)
        var mismatches: [String] = []
        var fastPathAnswers = 0
        // What follows a number in a document: eight readable bytes, the first not a digit (at the very end, the eight
        // zero bytes of padding). Exactly eight, in a block of exactly that size, so that the address sanitizer sees a
        // read past them; digits after the first, so that a read of the wrong ones would change the value.
        let terminators: [[UInt8]] = [Array(",1234567".utf8), Array("]9999999".utf8), Array("}0".utf8), [0]]
        for integerDigits in 1...9 {
            for fractionDigits in 0...22 {
                for round in 0..<40 {
                    var text = round % 2 == 0 ? "-" : ""
                    // A zero integer part (0.000123…) on some rounds: the fraction's zeros then count as digits.
                    let zero = round % 5 == 0
                    text += zero ? "0" : String(Int(generator.next() % 9) + 1)
                    for _ in 1..<(zero ? 1 : integerDigits) { text += String(generator.next() % 10) }
                    if fractionDigits > 0 {
                        text += "."
                        for k in 0..<fractionDigits {
                            text += zero && k < fractionDigits / 2 ? "0" : String(generator.next() % 10)
                        }
                    }
                    guard let expected = Double(text) else { continue }
                    let terminator = terminators[round % terminators.count]
                    let bytes = Array(text.utf8) + (terminator + [UInt8](repeating: 0, count: 8)).prefix(8)
                    let exact = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
                    defer { exact.deallocate() }
                    exact.initialize(from: bytes, count: bytes.count)
                    let count = text.utf8.count
                    let value = NumberText.parseDouble(UnsafeBufferPointer(start: exact, count: count), padded: true)
                    let fast = NumberText.parsePlainDecimal(exact, count: count)
                    if value.bitPattern != expected.bitPattern { mismatches.append(text) }
                    if let fast {
                        fastPathAnswers += 1
                        if fast.bitPattern != expected.bitPattern { mismatches.append("fast path: " + text) }
                    }
                }
            }
        }
        #expect(mismatches.prefix(5) == [])
        // The fast path answers most of these shapes (it declines 8 integer digits and more than 19 in all).
        #expect(fastPathAnswers > 4_000)
    }

    @Test("the fast path declines what it does not read: exponents, long integer parts, more than 19 digits")
    func plainDecimalDeclines() {
        for text in ["1e5", "-1.5E-3", "12345678.5", "123456789", "1.2345678901234567890", "0.00000000000000000001"] {
            let padded = Array(text.utf8) + [UInt8](repeating: 0, count: 9)
            let fast = padded.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { NumberText.parsePlainDecimal($0, count: text.utf8.count) }
            }
            #expect(fast == nil, "\(text)")
        }
        for (text, expected) in [("-0.0", -0.0), ("0", 0.0), ("-12.5", -12.5), ("1234567.25", 1_234_567.25)] {
            let padded = Array(text.utf8) + [UInt8](repeating: 0, count: 9)
            let fast = padded.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { NumberText.parsePlainDecimal($0, count: text.utf8.count) }
            }
            #expect(fast?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("exact halfway ties round to even")
    func ties() {
        // 2^53 + 1 is halfway between 2^53 and 2^53 + 2: even is 2^53.
        #expect(NumberText.eiselLemire(9_007_199_254_740_993, 0) == 9_007_199_254_740_992)
        // 2^53 + 3 is halfway between 2^53 + 2 and 2^53 + 4: even is 2^53 + 4.
        #expect(NumberText.eiselLemire(9_007_199_254_740_995, 0) == 9_007_199_254_740_996)
        #expect(Self.parse("9007199254740995e0") == 9_007_199_254_740_996)
    }

    @Test("integers are exact, whatever their spelling")
    func integerSpellings() {
        let cases: [(String, Int64?)] = [
            ("0", 0), ("-0", 0), ("12", 12), ("-12", -12), ("1e3", 1000), ("1E+3", 1000), ("1.5e1", 15),
            ("100e-2", 1), ("0.0", 0), ("0e999999999999", 0), ("1.0000000000000000000000000001", nil),
            ("9223372036854775807", .max), ("-9223372036854775808", .min), ("9223372036854775808", nil),
            ("-9223372036854775809", nil), ("922337203685477580.7e1", .max), ("1e19", nil), ("1e-1", nil),
            ("12345678901234567890e-10", nil), ("123456789000000000000000000e-18", 123_456_789),
        ]
        for (text, expected) in cases {
            var text = text
            let result = text.withUTF8 { NumberText(bytes: $0).integer(Int64.self) }
            #expect((try? result.get()) == expected, "\(text)")
        }
    }

    @Test("a number with a million digits converts in linear time, exactly or with a clear refusal")
    func millionDigits() {
        let digits = String(repeating: "7", count: 1_000_000)
        let c = context(
            "{\"n\": \(digits), \"f\": 0.\(digits), \"e\": 1\(String(repeating: "0", count: 1_000_000))e-1000000}")
        #expect(c.valid)
        #expect(c.getDouble("n") == nil)
        #expect(c.getDouble("f") == Double("0.\(String(repeating: "7", count: 40))"))
        #expect(c.getInt("n") == nil)
        #expect(c.getInt("e") == 1)
        #expect(c.getDecimal("f") == nil)
        #expect(
            c.errors.map(\.message) == [
                "expected Double, found Number 7777777777777777777777777777777777777777… (out of range)",
                "expected Int, found Number 7777777777777777777777777777777777777777… (out of range)",
                "expected Decimal, found Number 0.77777777777777777777777777777777777777…"
                    + " (more significant digits than Decimal holds)",
            ])
    }

    @Test("decimals match Decimal(string:) for random texts of up to 38 digits")
    func decimalsMatchFoundation() {
        var generator = SplitMix64(seed: 99)
        let posix = Locale(identifier: "en_US_POSIX")
        for round in 0..<50_000 {
            var text = Self.randomNumberText(&generator, round: 2 + round % 2)
            if round % 5 == 0, let e = text.firstIndex(where: { $0 == "e" }) { text = String(text[..<e]) }
            var bytes = text
            let result = bytes.withUTF8 { NumberText(bytes: $0).decimal() }
            // Foundation's parser gives up on some values that fit (3663e163); compare where it answers.
            guard case .success(let decimal) = result, let expected = Decimal(string: text, locale: posix) else {
                continue
            }
            #expect(decimal == expected, "\(text)")
            if decimal != expected { return }
        }
        #expect(
            context("[0.10, -0.0, 123456789.123456789, 9999999999999999999, 10000000000000000000]").getArray() == [
                Decimal(string: "0.1"), 0, Decimal(string: "123456789.123456789"),
                Decimal(string: "9999999999999999999"),
                Decimal(string: "10000000000000000000"),
            ])
    }

    /// 2^128 − 1, the largest significand `Decimal` holds: 39 digits.
    static let largestSignificand = "340282366920938463463374607431768211455"

    @Test(
        "Decimal holds 39 significant digits up to 2^128 − 1, with a large exponent moved into trailing zeros",
        arguments: [
            (largestSignificand, DecimalExpectation.exact(largestSignificand)),
            ("340282366920938463463374607431768211454", .exact("340282366920938463463374607431768211454")),
            ("-123456789012345678901234567890123456789", .exact("-123456789012345678901234567890123456789")),
            ("340282366920938463463374607431768211456", .refused(.tooManyDigits)),
            ("999999999999999999999999999999999999999", .refused(.tooManyDigits)),
            ("1234567890123456789012345678901234567891", .refused(.tooManyDigits)),
            // 39 significant digits, at either end of the exponent range.
            (largestSignificand + "e127", .exact(largestSignificand + "e127")),
            ("-0." + String(repeating: "0", count: 89) + largestSignificand, .exact("-\(largestSignificand)e-128")),
            ("0." + String(repeating: "0", count: 90) + largestSignificand, .refused(.outOfRange)),
            // An exponent above 127 becomes trailing zeros while the significand still fits.
            ("3402823669209384634633746074317682114e129", .exact("340282366920938463463374607431768211400e127")),
            ("3402823669209384634633746074317682115e129", .refused(.outOfRange)),
            ("34028236692093846346337460743176821145e129", .refused(.outOfRange)),
        ])
    func decimalSignificand(text: String, expected: DecimalExpectation) throws {
        var bytes = text
        let result = bytes.withUTF8 { NumberText(bytes: $0).decimal() }
        switch expected {
        case .exact(let value):
            #expect(try result.get() == Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")))
            #expect((try? result.get())?.description == Decimal(string: value)?.description)
        case .refused(let issue):
            #expect(throws: issue) { try result.get() }
        }
    }

    static func powerOfTen(_ n: Int) -> UInt64 {
        (0..<n).reduce(1) { value, _ in value * 10 }
    }

    /// Random JSON number text: short and long significands, fractions, exponents from subnormal to overflow, and
    /// values printed from random doubles (which sit right next to rounding boundaries).
    static func randomNumberText(_ generator: inout SplitMix64, round: Int) -> String {
        switch round % 4 {
        case 0:
            let double = Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF)
            return double.isFinite ? "\(double)" : "1"
        case 1:
            let double = Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF)
            guard double.isFinite else { return "2" }
            return String(format: "%.\(Int(generator.next() % 25))e", double)
        default:
            let digitCount = Int(generator.next() % 30) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            text += String(Int(generator.next() % 9) + 1)
            for _ in 1..<digitCount { text += String(generator.next() % 10) }
            if generator.next() % 2 == 0 {
                let point = Int(generator.next() % UInt64(digitCount))
                if point > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -point)) }
            }
            if generator.next() % 3 != 0 {
                text += "e\(Int(generator.next() % 660) - 340)"
            }
            return text
        }
    }
}

/// What a conversion to `Decimal` should give: the value of a text (as `Decimal(string:)` reads it), or a refusal.
enum DecimalExpectation: Sendable {
    case exact(String)
    case refused(NumberIssue)
}
