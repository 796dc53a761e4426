import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Strings are made from scanned bytes without a second UTF-8 validation (`StringDecoding.decodeScanned`), so the
/// scanner's own check is what keeps every `String` well-formed. This compares the scanner with a model built on the
/// standard library's validation, for contents biased to UTF-8's edge cases (overlongs, encoded surrogates, scalars
/// past U+10FFFF, sequences cut short, bad and lone-surrogate escapes, control bytes) at every offset of the
/// scanner's eight-byte steps: what it accepts, and that each string it makes behaves as the standard library's own.
/// Debug builds also validate each string as it is made (an internal check), which this drives through every reader.
/// Disabling the scanner's check of encoded surrogates makes it fail within a few thousand cases.
@Suite("Scanned strings against a model of JSON's string grammar")
struct ScannedStringDifferentialTests {
    static let iterations = 20_000
    static let seed: UInt64 = 0xC0FFEE

    /// The model: `nil` when `content` is not a valid JSON string body, else the string it reads as and whether it
    /// held an escaped lone surrogate (read as U+FFFD).
    static func reference(_ content: [UInt8]) -> (String, Bool)? {
        guard String(validating: content, as: UTF8.self) != nil else { return nil }
        var out: [UInt8] = []
        var lone = false
        var i = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= content.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                guard let h = UInt8(String(UnicodeScalar(content[at + k])), radix: 16) else { return nil }
                v = v << 4 | UInt32(h)
            }
            return v
        }
        func put(_ s: Unicode.Scalar) { out.append(contentsOf: Array(String(s).utf8)) }
        while i < content.count {
            let b = content[i]
            if b == 0x22 || b < 0x20 { return nil }
            if b != 0x5C {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < content.count else { return nil }
            let k = content[i + 1]
            switch k {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(k)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                guard let u = hex(i + 2) else { return nil }
                i += 6
                if (0xD800..<0xDC00).contains(u), i + 1 < content.count, content[i] == 0x5C,
                    content[i + 1] == UInt8(ascii: "u"), let lo = hex(i + 2), (0xDC00..<0xE000).contains(lo)
                {
                    put(Unicode.Scalar(0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00))!)
                    i += 6
                    continue
                }
                if let s = Unicode.Scalar(u) {
                    put(s)
                } else {
                    lone = true
                    put("\u{FFFD}")
                }
                continue
            default: return nil
            }
            i += 2
        }
        return (String(validating: out, as: UTF8.self)!, lone)
    }

    static let validScalars: [[UInt8]] = [
        [0xC2, 0x80], [0xDF, 0xBF], [0xC3, 0xA9], [0xE0, 0xA0, 0x80], [0xE0, 0xBF, 0xBF], [0xE1, 0x80, 0x80],
        [0xEC, 0xBF, 0xBF], [0xED, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xE6, 0xBC, 0xA2], [0xE5, 0xAD, 0x97], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80],
        [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x80, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBB, 0xBF],
        [0xCC, 0x81],
    ]
    static let invalidSequences: [[UInt8]] = [
        [0xC0, 0x80], [0xC1, 0xBF], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xAF, 0xBF, 0xED, 0xB0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0x80], [0xBF], [0xC2], [0xE0, 0xA0], [0xE6, 0xBC],
        [0xF0, 0x90], [0xF0, 0x90, 0x80], [0xF4, 0x8F, 0xBF], [0xC2, 0x22], [0xE6, 0x22, 0x80], [0xC2, 0xC2],
        [0xE6, 0xBC, 0xC0], [0xF0, 0x90, 0x80, 0x7F], [0xC2, 0x00], [0xE6, 0xBC, 0x5C],
    ]
    static let escapes: [String] = [
        #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\t"#, #"\u0000"#, #"\u001f"#, #"\u007F"#,
        #"\u0080"#, #"\u07ff"#, #"\u0800"#, #"\uFFFF"#, #"\uFEFF"#, #"\uD800"#, #"\uDBFF"#, #"\uDC00"#, #"\uDFFF"#,
        #"\ud83d\ude00"#, #"\uDBFF\uDFFF"#, #"\uD800\uD800"#, #"\uDC00\uD800"#, #"\ud83d\u0041"#,
        #"\x"#, #"\u12"#, #"\u12G4"#, #"\"#, #"\U0041"#, #"\ "#, #"\ud83d\"#, #"\ud83d\u"#, #"\ud83d\ude0"#,
    ]

    static func content(_ g: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        let mode = g.next() % 10
        // mode 0-3: mostly valid; 4-6: some invalid pieces; 7-9: random bytes.
        let pieces = Int(g.next() % (g.next() % 4 == 0 ? 80 : 24))
        for _ in 0..<pieces {
            let r = g.next() % 100
            if mode >= 7 {
                let b = UInt8(truncatingIfNeeded: g.next())
                out.append(b == 0x22 ? 0x41 : b)
                continue
            }
            switch r {
            case 0..<40:
                let b = UInt8(0x20 + g.next() % 0x5F)
                out.append(b == 0x22 ? 0x41 : b)
            case 40..<70: out += validScalars[Int(g.next() % UInt64(validScalars.count))]
            case 70..<85:
                let e = escapes[Int(g.next() % UInt64(mode >= 4 ? escapes.count : 25))]
                out += Array(e.utf8)
            case 85..<95:
                if mode >= 4 {
                    out += invalidSequences[Int(g.next() % UInt64(invalidSequences.count))]
                } else {
                    out += validScalars[Int(g.next() % UInt64(validScalars.count))]
                }
            default:
                if mode >= 4 { out.append(UInt8(g.next() % 0x20)) } else { out.append(0x61) }
            }
        }
        return out
    }

    static func same(_ read: String, _ expected: String) -> Bool {
        StringSameness.differences(read, expected).isEmpty
    }

    static func doc(_ parts: [UInt8]...) -> Data { Data(parts.joined()) }

    @Test("the scanner accepts what the model accepts, and its strings equal the model's in every reader")
    func strings() throws {
        var g = SplitMix64(seed: Self.seed)
        var failures: [String] = []
        var accepted = 0
        var rejected = 0
        let q: [UInt8] = [0x22]
        for n in 0..<Self.iterations {
            let c = Self.content(&g)
            let ref = Self.reference(c)
            if ref == nil { rejected += 1 } else { accepted += 1 }
            func fail(_ what: String) {
                if failures.count < 30 { failures.append("\(what): \(c.map { String($0, radix: 16) })") }
            }
            // Top-level string, at the very end of the input.
            let top = try? NativeDocument(data: Self.doc(q, c, q), maximumDepth: 10)
            if (top != nil) != (ref != nil) { fail("top accept \(top != nil)") }
            if let top, let ref, !Self.same(top.string(at: 0), ref.0) { fail("top value") }
            // Unterminated: never accepted.
            if ref != nil, (try? NativeDocument(data: Self.doc(q, c), maximumDepth: 10)) != nil {
                fail("unterminated accepted")
            }
            // In an array, and as a key.
            let array = try? NativeDocument(
                data: Self.doc(Array(#"["#.utf8), q, c, q, Array("]".utf8)), maximumDepth: 10)
            if (array != nil) != (ref != nil) { fail("array accept") }
            if let array, let ref, !Self.same(array.string(at: 1), ref.0) { fail("array value") }
            let object = try? NativeDocument(
                data: Self.doc(Array(#"{"#.utf8), q, c, q, Array(#":"#.utf8), q, c, q, Array("}".utf8)),
                maximumDepth: 10)
            if (object != nil) != (ref != nil) { fail("object accept") }
            if let object, let ref {
                var keys: [String] = []
                object.forEachMember(of: 0) { key, _ in keys.append(key) }
                if keys.count != 1 || !Self.same(keys[0], ref.0) { fail("key") }
                if !Self.same(object.string(at: 2), ref.0) { fail("object value") }
                if object.member(of: 0, key: ref.0) != 2 { fail("member lookup") }
            }
            guard n % 5 == 0 else { continue }
            // JSONValue.
            let valueText = Self.doc(Array(#"{"#.utf8), q, c, q, Array(#":["#.utf8), q, c, q, Array("]}".utf8))
            let value = try? JSONValue(parsing: valueText)
            if (value != nil) != (ref != nil) { fail("JSONValue accept") }
            if let value, let ref {
                if let key = value.objectValue?.keys.first, Self.same(key, ref.0),
                    let s = value.objectValue?.values.first?.arrayValue?.first?.stringValue, Self.same(s, ref.0)
                {
                } else {
                    fail("JSONValue strings")
                }
            }
            // Decoder.
            let decoded = try? JSONMapperDecoder().decode([String: [String]].self, from: valueText)
            if let ref, !ref.1 {
                if let decoded, decoded.count == 1, let (k, v) = decoded.first, Self.same(k, ref.0), v.count == 1,
                    Self.same(v[0], ref.0)
                {
                } else {
                    fail("decoder")
                }
            } else if ref == nil, decoded != nil {
                fail("decoder accepted invalid")
            }
            // Context getters.
            let ctx = JSONMapper.context(valueText)
            if ctx.valid != (ref != nil) { fail("context accept") }
            if let ref {
                let list: [String] = ctx.getArray(ref.0)
                if list.count != 1 || !Self.same(list[0], ref.0) { fail("context getArray") }
            }
            // Streaming walker keys.
            guard n % 10 == 0 else { continue }
            let streamText = Self.doc(Array(#"{"#.utf8), q, c, q, Array(#":[1,"#.utf8), q, c, q, Array("]}".utf8))
            let key = ref?.0 ?? "zz"
            var ints: [Int?] = []
            var strings: [String?] = []
            var invalid = 0
            for element in JSONMapper.elements(of: InputStream(data: streamText), at: [.key(key)]) {
                if !element.valid { invalid += 1; continue }
                ints.append(element.get(Int.self, at: []))
                strings.append(element.get(String.self, at: []))
            }
            if let ref {
                if ints.first != 1 || ints.count != 2 || invalid != 0 { fail("elements \(ints) \(invalid)") }
                if let s = strings.last, let s, Self.same(s, ref.0) {} else { fail("elements string") }
            } else if invalid == 0 {
                fail("elements accepted invalid")
            }
        }
        #expect(failures == [])
        #expect(accepted > Self.iterations / 10 && rejected > Self.iterations / 10)
    }
}
