import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `getURL` accepts RFC 3986 URI references only, the same way on every platform, whatever `URL(string:)` would
/// percent-encode.
@Suite("URLs")
struct URLTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    /// Absolute URIs and relative references, each read back unchanged.
    static let accepted = [
        "https://example.com/a?b=c#d", "http://user:pw@example.com:8080/p/a/t/h;x=1?q=%20#f/r?",
        "mailto:ada@example.com", "urn:isbn:0451450523", "tel:+1-816-555-1212", "data:text/plain;base64,SGVsbG8=",
        "file:///etc/hosts", "ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://[::1]:8080/x", "http://[2001:db8::7]/",
        "http://[::ffff:1.2.3.4]/", "http://192.168.0.1/", "https://example.com/caf%C3%A9", "/orders/7", "../up",
        "./a:b", "?page=2", "#top", "//cdn.example.com/x", "hello", "http:", "a+b.c-d:rest",
    ]

    @Test("URI references are accepted and read back unchanged", arguments: accepted)
    func acceptsURIReferences(text: String) throws {
        let c = context(#"{"u": \#(quoted(text))}"#)
        let url = try #require(c.getURL("u"), "\(descriptions(c))")
        #expect(url.absoluteString == text)
        #expect(c.errors.isEmpty)
    }

    /// Text that is no URI reference, with the reason the message gives.
    static let rejected: [(String, String)] = [
        ("not a url", #"" " at character 4 is not allowed"#),
        ("", "it is empty"),
        ("https://example.com/café", #""é" at character 24 must be percent-encoded"#),
        ("http://exa mple.com", #"" " at character 11 is not allowed"#),
        ("http://example.com:80a/", #"the port "80a" is not a number"#),
        ("1http://x", #""1http" is not a scheme"#),
        ("%zz", #""%zz" at character 1 is not a percent-escape"#),
        ("a%2", #""%2" at character 2 is not a percent-escape"#),
        ("http://user@host@x", #""@" at character 17 is not allowed"#),
        ("http://x/{a}", #""{" at character 10 is not allowed"#),
        ("http://example.com/a|b", #""|" at character 21 is not allowed"#),
        (#"https://ex.com/a"b"#, #""\"" at character 17 is not allowed"#),
        (#"C:\path"#, #""\\" at character 3 is not allowed"#),
        ("http://[1::2::3]/", #""[1::2::3]" is not an IP address"#),
        ("http://[::ffff:1.2.3.04]/", #""[::ffff:1.2.3.04]" is not an IP address"#),
        ("http://[1:2:3:4:5:6:7:8:9]/", #""[1:2:3:4:5:6:7:8:9]" is not an IP address"#),
        ("http://[::1/", #"the IP address after "[" has no "]""#),
        ("http://[::1]x/", #""x" at character 13 is not allowed after an IP address"#),
        ("a b#c", #"" " at character 2 is not allowed"#),
        ("x?a#b#c", ##""#" at character 6 is not allowed"##),
        ("tab\there", #""\t" at character 4 is not allowed"#),
        // Places count characters as a reader sees them, and the whole character is shown.
        ("e\u{301}", "\"e\u{301}\" at character 1 must be percent-encoded"),
        ("ab\u{301}cd", "\"b\u{301}\" at character 2 must be percent-encoded"),
        ("x:\u{1F44D}\u{1F3FD}", #""👍🏽" at character 3 must be percent-encoded"#),
        ("🇫🇷x", #""🇫🇷" at character 1 must be percent-encoded"#),
        ("a\r\nb", #""\r\n" at character 2 is not allowed"#),
        ("a\r\nb#%zz", #""%zz" at character 5 is not a percent-escape"#),
    ]

    @Test("other text is a mismatch that quotes it and says why", arguments: rejected)
    func rejectsOtherText(text: String, reason: String) {
        let c = context(#"{"u": \#(quoted(text))}"#)
        #expect(c.getURL("u") == nil)
        let found = Quoting.quoted(text, limit: 40)
        #expect(descriptions(c) == ["u: expected URL, found String \(found) (not a URL: \(reason))"])
    }

    @Test("the README's example: \"not a url\" is a mismatch for every URL getter", arguments: engines)
    func notAURL(engine: JSONMapper.Engine) {
        let c = context(#"{"u": "not a url", "list": ["https://a.example", "not a url"]}"#, engine: engine)
        #expect(c.getURL("u") == nil)
        #expect(c.getURL("u", default: URL(fileURLWithPath: "/")) == URL(fileURLWithPath: "/"))
        #expect(c.getURL(at: ["u"]) == nil)
        #expect(c.getArray("list") == [URL(string: "https://a.example")].compactMap { $0 })
        #expect(c.requireURL("u") == URL(string: "about:blank"))
        let message = #"expected URL, found String "not a url" (not a URL: " " at character 4 is not allowed)"#
        #expect(
            descriptions(c) == [
                "u: " + message, "u: " + message, "u: " + message, "list[1]: " + message, "list[1]: dropped from [URL]",
                "u: " + message,
            ])
        #expect(c.errors.last?.isRequired == true)
    }

    /// JSON string literal for `text`.
    private func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }
}
