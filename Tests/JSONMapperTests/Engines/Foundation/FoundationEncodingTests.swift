import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The Foundation engine reads UTF-16 and UTF-32 as `JSONSerialization` does, and measures nesting on the same
/// characters `JSONSerialization` parses.
@Suite("Foundation engine: encodings and the depth check")
struct FoundationEncodingTests {
    enum Form: String, CaseIterable {
        case utf16LE, utf16BE, utf32LE, utf32BE, utf16LEWithMark, utf16BEWithMark, utf32LEWithMark, utf32BEWithMark

        func encode(_ text: String) -> Data {
            var bytes: [UInt8] = []
            switch self {
            case .utf16LEWithMark: bytes = [0xFF, 0xFE]
            case .utf16BEWithMark: bytes = [0xFE, 0xFF]
            case .utf32LEWithMark: bytes = [0xFF, 0xFE, 0, 0]
            case .utf32BEWithMark: bytes = [0, 0, 0xFE, 0xFF]
            default: break
            }
            let big = [.utf16BE, .utf32BE, .utf16BEWithMark, .utf32BEWithMark].contains(self)
            if [.utf16LE, .utf16BE, .utf16LEWithMark, .utf16BEWithMark].contains(self) {
                for unit in text.utf16 {
                    let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                    bytes += big ? pair : pair.reversed()
                }
            } else {
                for scalar in text.unicodeScalars {
                    let v = scalar.value
                    let quad = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
                    bytes += big ? quad : quad.reversed()
                }
            }
            return Data(bytes)
        }
    }

    /// The issue-9 reproducer: a string of U+225D, whose UTF-16LE code unit is the bytes `]` `"`, toggles a
    /// byte-level scan in and out of strings, so that it missed the 301 arrays nested after it.
    @Test("the depth limit holds for UTF-16 and UTF-32 input whose code units hold quote and bracket bytes",
        arguments: Form.allCases)
    func depthCheckSeesCharacters(form: Form) {
        let text = "[\"\u{225D}\"," + String(repeating: "[", count: 301) + String(repeating: "]", count: 302)
        let options = JSONMapper.Options(maximumDepth: 4)
        let context = JSONMapper.context(form.encode(text), engine: .foundation, options: options)
        #expect(!context.valid)
        #expect(context.errors.first?.message == "nesting is deeper than the limit of 4 levels")
        #expect(context.errors.first?.column == 9)
        let shallow = "[\"\u{225D}\", [[1]]]"
        #expect(JSONMapper.context(form.encode(shallow), engine: .foundation, options: options).valid)
    }

    @Test("UTF-16 and UTF-32 documents map like their UTF-8", arguments: Form.allCases)
    func otherEncodingsMap(form: Form) {
        let text = #"{"name": "Zoë \u00e9 😀", "n": [1, 2.5], "ok": true}"#
        let context = JSONMapper.context(form.encode(text), engine: .foundation)
        #expect(context.valid)
        #expect(context.getString("name") == "Zoë é 😀")
        #expect(context.getArray("n") == [1.0, 2.5])
        #expect(context.getBool("ok") == true)
    }

    @Test("malformed UTF-16 and UTF-32 give a clear error")
    func malformedEncodings() {
        let lone = Data([0x5B, 0x00, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x5D, 0x00])  // ["<U+D800>"] in UTF-16LE
        #expect(
            JSONMapper.context(lone, engine: .foundation).errors.map(\.description) == [
                "line 1, column 1: invalid UTF-16LE: not a sequence of characters"
            ])
        let odd = Data([0x5B, 0x00, 0x31, 0x00, 0x5D])
        #expect(
            JSONMapper.context(odd, engine: .foundation).errors.map(\.description) == [
                "line 1, column 1: invalid UTF-16LE: the input ends inside a code unit"
            ])
        let beyond = Data([0x00, 0x00, 0x00, 0x5B, 0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x5D])
        #expect(!JSONMapper.context(beyond, engine: .foundation).valid)
        // Text that starts with U+0000, in any encoding, never reaches JSONSerialization.
        let nul = FoundationEncodingTests.Form.utf16BEWithMark.encode("\u{0}[1]")
        #expect(
            JSONMapper.context(nul, engine: .foundation).errors.map(\.description) == [
                "line 1, column 1: expected a value, found control character U+0000"
            ])
    }

    @Test("encodings are detected by mark or by the zero bytes of the first characters")
    func detection() {
        func detect(_ bytes: [UInt8]) -> String {
            bytes.withUnsafeBytes { raw in
                let (encoding, mark) = FoundationEngine.detectEncoding(raw)
                return "\(encoding.name) \(mark)"
            }
        }
        #expect(detect(Array("[1]".utf8)) == "UTF-8 0")
        #expect(detect([0xEF, 0xBB, 0xBF, 0x31]) == "UTF-8 0")
        #expect(detect([0xFF, 0xFE, 0x31, 0x00]) == "UTF-16LE 2")
        #expect(detect([0xFE, 0xFF, 0x00, 0x31]) == "UTF-16BE 2")
        #expect(detect([0xFF, 0xFE, 0x00, 0x00]) == "UTF-32LE 4")
        #expect(detect([0x00, 0x00, 0xFE, 0xFF]) == "UTF-32BE 4")
        #expect(detect([0x31, 0x00]) == "UTF-16LE 0")
        #expect(detect([0x00, 0x31]) == "UTF-16BE 0")
        #expect(detect([0x31, 0x00, 0x00, 0x00]) == "UTF-32LE 0")
        #expect(detect([0x00, 0x00, 0x00, 0x31]) == "UTF-32BE 0")
        #expect(detect([0x31]) == "UTF-8 0")
        #expect(detect([]) == "UTF-8 0")
    }
}
