import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("The native parser: syntax errors, depth and encoding")
struct ParserTests {
    /// The description of the syntax error the native engine reports for `text`.
    static func syntaxError(_ text: String) -> String? {
        let context = context(text)
        return context.valid ? nil : context.errors.first?.description
    }

    @Test(
        "syntax errors say where and what, word for word",
        arguments: [
            ("", "line 1, column 1: the document is empty"),
            ("  \n ", "line 2, column 2: expected a value, found end of input"),
            ("[1,]", "[1]: line 1, column 4: expected a value after ',', found ']' (trailing commas are not allowed)"),
            (#"{"a":1,}"#, "line 1, column 8: expected a key after ',', found '}' (trailing commas are not allowed)"),
            (#"{"a" 1}"#, "line 1, column 6: expected ':' after an object key, found '1'"),
            (#"{"a":1 "b":2}"#, "line 1, column 8: expected ',' or '}' after an object member, found '\"'"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
            ("{1:2}", "line 1, column 2: expected a string key or '}', found '1'"),
            ("[01]", "[0]: line 1, column 3: invalid number: leading zeros are not allowed"),
            ("[-]", "[0]: line 1, column 3: invalid number: expected a digit after '-', found ']'"),
            ("[1.]", "[0]: line 1, column 4: invalid number: expected a digit after '.', found ']'"),
            ("[1e+]", "[0]: line 1, column 5: invalid number: expected a digit in the exponent, found ']'"),
            ("[.5]", "[0]: line 1, column 2: expected a value, found '.'"),
            ("[tru]", "[0]: line 1, column 5: invalid literal: expected 'true', found ']'"),
            ("[nul", "[0]: line 1, column 5: invalid literal: expected 'null', found end of input"),
            ("{\"a\": \"b", "a: line 1, column 9: unterminated string: expected '\"', found end of input"),
            ("[\"a\\x\"]", "[0]: line 1, column 4: invalid escape sequence '\\x' in a string"),
            ("[\"\\u12G4\"]", "[0]: line 1, column 7: invalid \\u escape: expected 4 hex digits, found 'G'"),
            ("[\"a\tb\"]", "[0]: line 1, column 4: control character U+0009 must be escaped in a string"),
            ("[1] x", "line 1, column 5: expected end of input after the top-level value, found 'x'"),
            (
                "{\"a\": {\"b\": [1, {\"c\": tru}]}}",
                "a.b[1].c: line 1, column 26: invalid literal: expected 'true', found '}'"
            ),
            ("{\"a\":\n  [1,\n   2,\n   x]}", "a[2]: line 4, column 4: expected a value, found 'x'"),
            ("[\"é\", x]", "[1]: line 1, column 7: expected a value, found 'x'"),
        ])
    func syntaxErrorMessage(text: String, expected: String) {
        #expect(Self.syntaxError(text) == expected)
    }

    @Test("invalid UTF-8 is rejected with the offending byte")
    func invalidUTF8() {
        let cases: [([UInt8], String)] = [
            ([0x22, 0xFF, 0x22], "line 1, column 2: invalid UTF-8: byte 0xFF cannot start a character"),
            ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8: byte 0xC0 cannot start a character"),
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], "line 1, column 3: invalid UTF-8: byte 0x80 cannot follow 0xE0"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 3: invalid UTF-8: byte 0xA0 cannot follow 0xED"),
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 3: invalid UTF-8: byte 0x90 cannot follow 0xF4"),
            ([0x22, 0xC3, 0x22], "line 1, column 3: invalid UTF-8: byte 0x22 cannot follow 0xC3"),
            ([0x22, 0xE2, 0x82], "line 1, column 3: unterminated string: expected '\"', found end of input"),
            ([0x5B, 0x80, 0x5D], "[0]: line 1, column 2: expected a value, found byte 0x80"),
        ]
        for (bytes, expected) in cases {
            let context = JSONMapper.context(Data(bytes))
            #expect(!context.valid)
            #expect(context.errors.first?.description == expected, "\(bytes)")
        }
        #expect(JSONMapper.context(Data([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])).valid)
        #expect(JSONMapper.context(Data([0x22, 0xEF, 0xBF, 0xBF, 0x22])).valid)
    }

    @Test("invalid UTF-8 in keys and values both make the document invalid")
    func invalidUTF8InKeysAndValues() {
        #expect(!JSONMapper.context(Data([0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D])).valid)
        #expect(!JSONMapper.context(Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFE, 0x22, 0x7D])).valid)
    }

    @Test("every control character must be escaped inside strings")
    func controlCharacters() {
        for byte in UInt8(0)..<0x20 {
            let raw = JSONMapper.context(Data([0x5B, 0x22, byte, 0x22, 0x5D]))
            #expect(!raw.valid, "U+\(byte)")
            #expect(
                raw.errors.first?.message
                    == "control character U+\(Quoting.hex4(UInt32(byte))) must be escaped in a string")
            let escaped = context("[\"\\u" + Quoting.hex4(UInt32(byte)) + "\"]")
            #expect(escaped.getArray() == [String(UnicodeScalar(byte))])
        }
        #expect(context(#"{"a": "\u0000\u001f"}"#).getString("a") == "\u{0}\u{1F}")
    }

    @Test("NUL bytes outside strings are errors, not terminators")
    func nulBytes() {
        let context = JSONMapper.context(Data([0x5B, 0x31, 0x00, 0x5D]))
        #expect(!context.valid)
        #expect(
            context.errors.first?.description
                == "line 1, column 3: expected ',' or ']' after an array element, found control character U+0000")
        #expect(!JSONMapper.context(Data([0x31, 0x00])).valid)
    }

    @Test("a leading byte-order mark is ignored; one anywhere else is an error")
    func byteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let context = JSONMapper.context(Data(bom + Array(#"{"a": 1}"#.utf8)))
        #expect(context.valid)
        #expect(context.getInt("a") == 1)
        #expect(!JSONMapper.context(Data(bom)).valid)
        #expect(!JSONMapper.context(Data(Array(" ".utf8) + bom + Array("1".utf8))).valid)
    }

    @Test("nesting at the limit parses, one level deeper is a clear error")
    func depthLimit() {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(context(atLimit).valid)
        let beyond = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let c = context(beyond)
        #expect(!c.valid)
        #expect(c.errors.first?.message == "nesting is deeper than the limit of 512 levels")
        #expect(c.errors.first?.column == 513)
        let options = JSONMapper.Options(maximumDepth: 2)
        #expect(JSONMapper.context(json("[[1]]"), options: options).valid)
        #expect(!JSONMapper.context(json(#"[{"a": []}]"#), options: options).valid)
    }

    @Test(
        "100,000 nested arrays or objects give an invalid context, not a crash",
        arguments: [JSONMapper.Engine.native, .foundation])
    func hostileDepth(engine: JSONMapper.Engine) {
        for opener in ["[", "{\"a\":"] {
            let text = String(repeating: opener, count: 100_000)
            let c = context(text, engine: engine)
            #expect(!c.valid)
            #expect(c.errors.first?.message == "nesting is deeper than the limit of 512 levels")
            #expect(Person(c).name == nil)
        }
        let unlimited = JSONMapper.Options(maximumDepth: 200_000)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONMapper.context(json(deep), options: unlimited).valid)
    }

    @Test("the error path of a deep document is built without recursion, whole in path and shortened in messages")
    func deepErrorPath() {
        let text = String(repeating: "[", count: 100) + "x"
        let error = context(text).errors.first
        #expect(error?.path == String(repeating: "[0]", count: 100))
        let ends = String(repeating: "[0]", count: 13)
        #expect(
            Self.syntaxError(text)?.hasPrefix(ends + "…(74 more steps)…" + ends + ": line 1, column 101") == true)
    }

    @Test("long strings and numbers beyond the tape's length field read back whole")
    func longValues() {
        let long = String(repeating: "ab\\\"", count: 5_000_000)
        let c = context("{\"s\": \"\(long)\", \"n\": 1\(String(repeating: "0", count: 17_000_000))e-17000000}")
        #expect(c.valid)
        #expect(c.getString("s")?.utf8.count == 15_000_000)
        #expect(c.getString("s")?.hasSuffix("ab\"") == true)
        #expect(c.getInt("n") == 1)
    }

    @Test("a 10 MB string maps")
    func tenMegabyteString() {
        let text = String(repeating: "0123456789", count: 1_000_000)
        let c = context("[\"\(text)\"]")
        let strings: [String] = c.getArray()
        #expect(strings == [text])
    }
}
