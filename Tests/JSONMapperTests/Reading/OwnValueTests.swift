import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `getValue(as:)` and `requireValue(as:)` read a context's own value: a document that is a bare scalar, and above all
/// the records of `lines` and `elements` that are (a JSON Lines file of numbers). They follow the rules of
/// `get(_:at: [])` and `requireInt(at: [])` exactly, errors and all.
@Suite("Getters for a context's own value")
struct OwnValueTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("each primitive type from a document that is that value", arguments: engines)
    func primitives(engine: JSONMapper.Engine) throws {
        #expect(context("42", engine: engine).getValue(as: Int.self) == 42)
        let inferred: Double? = context("-2.5e1", engine: engine).getValue()
        #expect(inferred == -25)
        #expect(context("18446744073709551615", engine: engine).getValue(as: UInt64.self) == .max)
        #expect(context(#""ada""#, engine: engine).getValue(as: String.self) == "ada")
        #expect(context("true", engine: engine).getValue(as: Bool.self) == true)
        #expect(context("0.1", engine: engine).getValue(as: Decimal.self) == Decimal(string: "0.1"))
        #expect(
            context(#""https://example.com/a""#, engine: engine).getValue(as: URL.self)
                == URL(string: "https://example.com/a"))
        #expect(context("[1, 2]", engine: engine).getValue(as: [Int].self) == [1, 2])
        #expect(context("[[1.5], []]", engine: engine).requireValue(as: [[Double]].self) == [[1.5], []])
        #expect(context(#"{"a": [1, null]}"#, engine: engine).getValue(as: JSONValue.self) == ["a": [1, nil]])
        let valid = context("7", engine: engine)
        #expect(valid.requireValue(as: Int.self) == 7)
        #expect(valid.errors.isEmpty && !valid.hasFailed)
    }

    @Test("null is nil for getValue and a required failure for requireValue", arguments: engines)
    func null(engine: JSONMapper.Engine) {
        let lenient = context("null", engine: engine)
        #expect(lenient.getValue(as: Int.self) == nil)
        #expect(lenient.errors.isEmpty && !lenient.hasFailed)
        let strict = context("null", engine: engine)
        #expect(strict.requireValue(as: Int.self) == nil)
        #expect(strict.hasFailed)
        #expect(descriptions(strict) == ["expected Int, found null"])
    }

    @Test("a value of another type is nil and a mismatch; required, a failure", arguments: engines)
    func mismatch(engine: JSONMapper.Engine) {
        let lenient = context(#""12""#, engine: engine)
        #expect(lenient.getValue(as: Int.self) == nil)
        #expect(descriptions(lenient) == [#"expected Int, found String "12""#])
        #expect(!lenient.hasFailed)
        let strict = context("2.5", engine: engine)
        #expect(strict.requireValue(as: Int.self) == nil)
        #expect(descriptions(strict) == ["expected Int, found Number 2.5 (not a whole number)"])
        #expect(strict.hasFailed)
    }

    @Test("the context's coercion policy applies, with its notice", arguments: engines)
    func coercion(engine: JSONMapper.Engine) {
        let options = JSONMapper.Options(coercion: .lenient)
        let context = JSONMapper.context(json(#""12""#), engine: engine, options: options)
        #expect(context.getValue(as: Int.self) == 12)
        #expect(context.notices.map(\.description) == [#"coerced String "12" to Int"#])
        #expect(context.errors.isEmpty)
    }

    @Test("the same value, errors and failure as get(_:at: []) and requireInt(at: []), on every kind of input")
    func sameAsEmptyPath() {
        let texts = ["5", "-0", "1e2", "1.5", "1e400", #""x""#, "true", "null", "[1]", "{}", "[1,", ""]
        for engine in Self.engines {
            for text in texts {
                let comment = Comment(rawValue: "\(text) on \(engine)")
                let (a, b) = (context(text, engine: engine), context(text, engine: engine))
                #expect(a.getValue(as: Int.self) == b.get(Int.self, at: []), comment)
                #expect(descriptions(a) == descriptions(b), comment)
                let (c, d) = (context(text, engine: engine), context(text, engine: engine))
                let required = c.requireValue(as: Int.self)
                let placeholder = d.requireInt(at: [])
                #expect(required ?? 0 == placeholder, comment)
                #expect(descriptions(c) == descriptions(d), comment)
                #expect(c.hasFailed == d.hasFailed, comment)
                #expect(c.errors.map(\.isRequired) == d.errors.map(\.isRequired), comment)
            }
        }
    }

    @Test("JSON Lines of bare numbers: one value per record, a mismatch on its own line")
    func lines() {
        let text = "1\n2.5\n\"x\"\nnull\n-7\n"
        let records = Array(JSONMapper.lines(InputStream(data: json(text))))
        #expect(records.map { $0.getValue(as: Double.self) } == [1, 2.5, nil, nil, -7])
        #expect(records.map(descriptions) == [[], [], [#"expected Double, found String "x""#], [], []])

        let strict = Array(JSONMapper.lines(InputStream(data: json(text))))
        #expect(strict.map { $0.requireValue(as: Int.self) } == [1, nil, nil, nil, -7])
        #expect(strict.map(\.hasFailed) == [false, true, true, true, false])
        #expect(
            strict.map(descriptions) == [
                [], ["expected Int, found Number 2.5 (not a whole number)"], [#"expected Int, found String "x""#],
                ["expected Int, found null"], [],
            ])
    }

    @Test("the elements of an array of scalars, with each element's path in its errors")
    func elements() {
        let text = #"{"ids": [7, 8, "9", null, 10]}"#
        let lenient = Array(JSONMapper.elements(of: InputStream(data: json(text)), at: ["ids"]))
        let ids: [Int?] = lenient.map { $0.getValue() }
        #expect(ids == [7, 8, nil, nil, 10])
        #expect(lenient.map(descriptions) == [[], [], [#"ids[2]: expected Int, found String "9""#], [], []])

        let strict = Array(JSONMapper.elements(of: InputStream(data: json(text)), at: ["ids"]))
        #expect(strict.map { $0.requireValue(as: Int.self) } == [7, 8, nil, nil, 10])
        #expect(strict.map(\.hasFailed) == [false, false, true, true, false])
        #expect(
            strict.map(descriptions) == [
                [], [], [#"ids[2]: expected Int, found String "9""#], ["ids[3]: expected Int, found null"], [],
            ])
    }
}
