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
        // A JSONValue is the exception: at most JSONValue.maximumDepth levels, which any stack can release.
        let value = #expect(throws: JSONMappingError.self) { try JSONValue(parsing: json(text), options: options) }
        #expect(value?.message == "nesting is deeper than the limit of 1000 levels")
        #expect(value?.line == 1 && value?.column == 1_001)
        #expect(try JSONValue(parsing: json(Self.nested(1_000)), options: options).description == Self.nested(1_000))
        let limited = JSONMapper.Options(maximumDepth: .max)
        #expect(limited.maximumDepth == .max)
        #expect(JSONMapper.context(json("[[1]]"), engine: .foundation, options: limited).valid)
    }

    /// A hostile document of 200,000 strings where numbers belong makes 400,000 errors: each element's mismatch and
    /// its drop. They were all kept, about 80 bytes of memory per byte of input.
    @Test(
        "errors and notices past maximumRecordedErrors are counted, not kept",
        arguments: [JSONMapper.Engine.native, .foundation])
    func recordedErrorLimit(engine: JSONMapper.Engine) {
        let count = 200_000
        let text = #"{"a":["# + Array(repeating: #""x""#, count: count).joined(separator: ",") + "]}"
        let c = JSONMapper.context(json(text), engine: engine)
        #expect(c.getArray("a") as [Int] == [])
        #expect(c.errors.count == 1_000)
        #expect(c.omittedErrorCount == 2 * count - 1_000)
        #expect(c.errors.prefix(3).map(\.description) == [
            #"a[0]: expected Int, found String "x""#, "a[0]: dropped from [Int]",
            #"a[1]: expected Int, found String "x""#,
        ])
        #expect(c.errors.last?.description == "a[499]: dropped from [Int]")

        var options = JSONMapper.Options(maximumRecordedErrors: 3)
        let three = JSONMapper.context(json(#"{"a":["x","y"]}"#), engine: engine, options: options)
        #expect(three.getArray("a") as [Int] == [])
        #expect(three.errors.map(\.description) == [
            #"a[0]: expected Int, found String "x""#, "a[0]: dropped from [Int]",
            #"a[1]: expected Int, found String "y""#,
        ])
        #expect(three.omittedErrorCount == 1)

        // Notices have the same limit.
        options.coercion = .lenient
        let notices = JSONMapper.context(json(#"{"a":["1","2","3","4"]}"#), engine: engine, options: options)
        #expect(notices.getArray("a") as [Int] == [1, 2, 3, 4])
        #expect(notices.notices.map(\.description) == [
            #"a[0]: coerced String "1" to Int"#, #"a[1]: coerced String "2" to Int"#,
            #"a[2]: coerced String "3" to Int"#,
        ])
        #expect(notices.omittedNoticeCount == 1)
        #expect(notices.errors.isEmpty && notices.omittedErrorCount == 0)

        // Every error is kept with Int.max; at least one always is, so an invalid document keeps its syntax error.
        let all = JSONMapper.context(
            json(#"{"a":["x","y"]}"#), engine: engine, options: .init(maximumRecordedErrors: .max))
        _ = all.getArray("a") as [Int]
        #expect(all.errors.count == 4 && all.omittedErrorCount == 0)
        options.maximumRecordedErrors = -5
        #expect(options.maximumRecordedErrors == 1)
        let invalid = JSONMapper.context(json("[1,"), engine: engine, options: options)
        #expect(invalid.errors.count == 1 && invalid.errors.first?.code == .malformedJSON)
        _ = invalid.requireInt("a")
        #expect(invalid.errors.count == 1)
    }

    @Test("decodeWithReport counts the errors it left out")
    func reportOmitted() throws {
        struct Items: JSONSerializable {
            let a: [Int]
            init(_ c: JSONDeserializationContext) { a = c.getArray("a") }
        }
        let options = JSONMapper.Options(maximumRecordedErrors: 2)
        let report = try JSONMapper.decodeWithReport(Items.self, from: #"{"a":[1,"x",2,"y"]}"#, options: options)
        #expect(report.model.a == [1, 2])
        #expect(
            report.errors.map(\.description) == [
                #"a[1]: expected Int, found String "x""#, "a[1]: dropped from [Int]",
            ])
        #expect(report.omittedErrorCount == 2)
    }
}

