import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.Options` at the edges of what a caller can set, on every entry point that parses.
@Suite("Options")
struct OptionsTests {
    /// `levels` nested arrays around `1`.
    static func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    }

    /// The first error of every entry point that parses `text` with `options`, in the order: data, stream, string
    /// validation, elements of the top-level array, JSON Lines, walker with every container opened.
    static func firstErrors(_ text: String, options: JSONMapper.Options) throws -> [String?] {
        let data = json(text)
        let walked = try Walks.elements(Array(data), chunk: 1, budget: 1, batch: 1, target: [], options: options)
        return [
            JSONMapper.context(data, options: options).errors.first?.description,
            JSONMapper.context(InputStream(data: data), options: options).errors.first?.description,
            JSONMapper.validate(InputStream(data: data), options: options)?.description,
            Array(JSONMapper.elements(of: InputStream(data: data), options: options)).last?.errors.first?.description,
            Array(JSONMapper.lines(InputStream(data: data), options: options)).last?.errors.first?.description,
            walked.last?.errors.first?.description,
        ]
    }

    @Test(
        "the depth limit is at least 1, whether passed to the initializer or set on the property",
        arguments: [-5, 0, Int.min, 1])
    func depthAtLeastOne(limit: Int) throws {
        #expect(JSONMapper.Options(maximumDepth: limit).maximumDepth == 1)
        var options = JSONMapper.Options.default
        options.maximumDepth = limit
        #expect(options.maximumDepth == 1)
        let message = "line 1, column 2: nesting is deeper than the limit of 1 levels"
        #expect(try Self.firstErrors("[[1]]", options: options) == Array(repeating: message, count: 6))
        #expect(try Self.firstErrors("[1]", options: options) == Array(repeating: nil, count: 6))
        options.maximumDepth = 3
        #expect(options.maximumDepth == 3)
    }

    @Test("Int.max sets no limit on any entry point, and nothing overflows")
    func noLimit() throws {
        var options = JSONMapper.Options.default
        options.maximumDepth = .max
        let text = Self.nested(2_000)
        #expect(try Self.firstErrors(text, options: options) == Array(repeating: nil, count: 6))
        let lines = Array(JSONMapper.lines(InputStream(data: json(text + "\n" + text + "\n")), options: options))
        #expect(lines.count == 2 && lines.allSatisfy(\.valid))
        let deep = Array(repeating: 0, count: 1_999) as [JSONPathElement]
        #expect(lines.first?.get(Int.self, at: deep + [0]) == 1)
        #expect(try JSONValue(parsing: json(text), options: options).description == text)
        let limited = JSONMapper.Options(maximumDepth: .max)
        #expect(limited.maximumDepth == .max)
        #expect(JSONMapper.context(json("[[1]]"), engine: .foundation, options: limited).valid)
    }
}
