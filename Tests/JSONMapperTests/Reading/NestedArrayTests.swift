import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// A cell of a table: `{"name": "A1", "value": 1}`.
struct Cell: JSONSerializable, Equatable {
    let name: String
    let value: Int?
    init(_ c: JSONDeserializationContext) {
        name = c.requireString("name")
        value = c.getInt("value")
    }
}

@Suite("Arrays of arrays of models")
struct NestedArrayTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    static let table = #"""
        {"rows": [
            [{"name": "A1", "value": 1}, {"name": "A2"}],
            [],
            [{"value": 3}, "B2", {"name": "B3", "value": 3}, null],
            "not a row",
            null,
            [{"name": "E1", "value": "x"}]
        ],
        "good": [[{"name": "a"}], [{"name": "b"}, {"name": "c"}]],
        "flat": [{"name": "z"}]}
        """#

    @Test("the lenient getter keeps good rows and elements and names each drop by its path", arguments: engines)
    func lenient(engine: JSONMapper.Engine) {
        let c = context(Self.table, engine: engine)
        let rows: [[Cell]] = c.getArray("rows", ofClass: Cell.self)
        #expect(rows.map { $0.map(\.name) } == [["A1", "A2"], [], ["B3"], ["E1"]])
        #expect(rows[0][0].value == 1)
        #expect(rows[3][0].value == nil)
        #expect(!c.hasFailed)
        #expect(
            descriptions(c) == [
                "rows[2][0].name: missing required String",
                "rows[2][0]: dropped from [Cell]: a required value inside it failed",
                #"rows[2][1]: expected Cell, found String "B2""#,
                "rows[2][1]: dropped from [Cell]",
                "rows[2][3]: expected Cell, found null",
                "rows[2][3]: dropped from [Cell]",
                #"rows[3]: expected [Cell], found String "not a row""#,
                "rows[3]: dropped from [[Cell]]",
                "rows[4]: expected [Cell], found null",
                "rows[4]: dropped from [[Cell]]",
                #"rows[5][0].value: expected Int, found String "x""#,
            ])
        #expect(c.errors.allSatisfy { !$0.isRequired || $0.path == "rows[2][0].name" })
    }

    @Test("the strict getter makes any bad row or element a failure of the model", arguments: engines)
    func strict(engine: JSONMapper.Engine) {
        let good = context(Self.table, engine: engine)
        let table: [[Cell]] = good.requireArray("good", ofClass: Cell.self)
        #expect(table.map { $0.map(\.name) } == [["a"], ["b", "c"]])
        #expect(!good.hasFailed)
        #expect(good.errors == [])

        let bad = context(Self.table, engine: engine)
        let rows: [[Cell]] = bad.requireArray("rows", ofClass: Cell.self)
        #expect(rows.map { $0.map(\.name) } == [["A1", "A2"], [], ["B3"], ["E1"]])
        #expect(bad.hasFailed)
        #expect(bad.failure?.description == "rows[2][0].name: missing required String")
        #expect(
            bad.errors.filter { $0.code == .droppedValue }.map(\.path) == [
                "rows[2][0]", "rows[2][1]", "rows[2][3]", "rows[3]", "rows[4]",
            ])
        #expect(bad.errors.filter { $0.code == .droppedValue }.allSatisfy { $0.isRequired })
    }

    @Test("missing, null and non-array values: empty and silent when lenient, failures when strict")
    func missingNullAndMismatch() {
        let c = context(#"{"n": null, "s": "text", "flat": [{"name": "z"}]}"#)
        #expect(c.getArray("missing", ofClass: Cell.self) as [[Cell]] == [])
        #expect(c.getArray("n", ofClass: Cell.self) as [[Cell]] == [])
        #expect(c.errors == [])
        #expect(c.getArray("s", ofClass: Cell.self) as [[Cell]] == [])
        #expect(c.getArray("flat", ofClass: Cell.self) as [[Cell]] == [])
        #expect(
            descriptions(c) == [
                #"s: expected [[Cell]], found String "text""#,
                "flat[0]: expected [Cell], found Object",
                "flat[0]: dropped from [[Cell]]",
            ])
        #expect(!c.hasFailed)

        let missing = context(#"{"n": null}"#)
        #expect(missing.requireArray("rows", ofClass: Cell.self) as [[Cell]] == [])
        #expect(missing.failure?.description == "rows: missing required [[Cell]]")
        let null = context(#"{"n": null}"#)
        #expect(null.requireArray("n", ofClass: Cell.self) as [[Cell]] == [])
        #expect(null.failure?.description == "n: expected [[Cell]], found null")
    }

    @Test("the element type picks the overload: [T] where nothing says otherwise, [[T]] where the type says so")
    func overloads() {
        let c = context(#"{"flat": [{"name": "z"}], "good": [[{"name": "a"}]]}"#)
        // No type stated: the [T] getters, as before the [[T]] ones existed.
        let flat = c.getArray("flat", ofClass: Cell.self)
        let strictFlat = c.requireArray("flat", ofClass: Cell.self)
        #expect(type(of: flat) == [Cell].self)
        #expect(type(of: strictFlat) == [Cell].self)
        #expect(flat.map(\.name) == ["z"])
        #expect(c.getArray("flat", ofClass: Cell.self).count == 1)
        // A stated [[T]], on a property as generated code does, or on a local.
        struct Table: JSONSerializable {
            let good: [[Cell]]
            let flat: [Cell]
            init(_ c: JSONDeserializationContext) {
                good = c.requireArray("good", ofClass: Cell.self)
                flat = c.getArray("flat", ofClass: Cell.self)
            }
        }
        let table = Table(c)
        #expect(table.good.map { $0.map(\.name) } == [["a"]])
        #expect(table.flat.map(\.name) == ["z"])
        let rows: [[Cell]] = c.getArray("good", ofClass: Cell.self)
        #expect(rows.count == 1)
        #expect(!c.hasFailed)
    }

    @Test("the at: forms read a table deep inside, with full paths in drops and failures", arguments: engines)
    func atForms(engine: JSONMapper.Engine) {
        let text = #"{"page": {"sheets": [{"rows": [[{"name": "a"}], "x", [{"name": 5}, {"name": "b"}]]}]}}"#
        let lenient = context(text, engine: engine)
        let rows: [[Cell]] = lenient.getArray(at: ["page", "sheets", 0, "rows"], ofClass: Cell.self)
        #expect(rows.map { $0.map(\.name) } == [["a"], ["b"]])
        #expect(!lenient.hasFailed)
        #expect(
            descriptions(lenient) == [
                #"page.sheets[0].rows[1]: expected [Cell], found String "x""#,
                "page.sheets[0].rows[1]: dropped from [[Cell]]",
                "page.sheets[0].rows[2][0].name: expected String, found Number 5",
                "page.sheets[0].rows[2][0]: dropped from [Cell]: a required value inside it failed",
            ])
        let inferred: [[Cell]] = context(text, engine: engine).getArray(at: ["page", "sheets", 0, "rows"])
        #expect(inferred == rows)

        let strict = context(text, engine: engine)
        let required: [[Cell]] = strict.requireArray(at: ["page", "sheets", 0, "rows"], ofClass: Cell.self)
        #expect(required == rows)
        #expect(strict.failure?.description == #"page.sheets[0].rows[1]: expected [Cell], found String "x""#)
        let missing = context(text, engine: engine)
        let none: [[Cell]] = missing.requireArray(at: ["page", "sheets", 1, "rows"])
        #expect(none == [])
        #expect(missing.failure?.description == "page.sheets[1].rows: missing required [[Cell]]")
        let notATable = context(text, engine: engine)
        #expect(notATable.getArray(at: ["page"], ofClass: Cell.self) as [[Cell]] == [])
        #expect(descriptions(notATable) == ["page: expected [[Cell]], found Object"])
    }

    @Test("the inferred forms take the element type from where the table goes")
    func inferred() {
        struct Sheet: JSONSerializable {
            let rows: [[Cell]]
            let spare: [[Cell]]
            let flat: [Cell]
            let numbers: [[Int]]
            init(_ c: JSONDeserializationContext) {
                rows = c.requireArray("rows")
                spare = c.getArray("spare")
                flat = c.getArray("flat")
                numbers = c.getArray("numbers")
            }
        }
        let c = context(#"{"rows": [[{"name": "a"}], []], "flat": [{"name": "z"}], "numbers": [[1, 2], [3]]}"#)
        let sheet = Sheet(c)
        #expect(sheet.rows.map { $0.map(\.name) } == [["a"], []])
        #expect(sheet.spare == [])
        #expect(sheet.flat.map(\.name) == ["z"])
        #expect(sheet.numbers == [[1, 2], [3]])
        #expect(c.errors == [])
        let failed = context(#"{"flat": []}"#)
        _ = Sheet(failed)
        #expect(failed.failure?.description == "rows: missing required [[Cell]]")
    }

    @Test("a strict decode of a model with a table throws the culprit's path")
    func decode() throws {
        struct Sheet: JSONSerializable {
            let rows: [[Cell]]
            init(_ c: JSONDeserializationContext) { rows = c.requireArray("rows", ofClass: Cell.self) }
        }
        let sheet = try JSONMapper.decode(Sheet.self, from: json(#"{"rows": [[{"name": "a"}], []]}"#))
        #expect(sheet.rows.map(\.count) == [1, 0])
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(Sheet.self, from: json(#"{"rows": [[{"name": "a"}], [{"name": 5}]]}"#))
        }
        #expect(error?.description == "rows[1][0].name: expected String, found Number 5")
    }

    @Test("thousands of rows of models map on both engines and through a stream", arguments: engines)
    func manyRows(engine: JSONMapper.Engine) throws {
        let row = (0..<20).map { #"{"name": "c\#($0)", "value": \#($0)}"# }.joined(separator: ",")
        let text = #"{"rows": ["# + Array(repeating: "[\(row)]", count: 3_000).joined(separator: ",") + "]}"
        let data = json(text)
        #expect(data.count > 1_000_000)
        for c in [JSONMapper.context(data, engine: engine), JSONMapper.context(InputStream(data: data))] {
            let rows: [[Cell]] = c.requireArray("rows", ofClass: Cell.self)
            #expect(rows.count == 3_000)
            #expect(rows.allSatisfy { $0.count == 20 })
            #expect(rows[2_999][19] == rows[0][19])
            #expect(rows[1_500][7].value == 7)
            #expect(c.errors == [])
        }
    }
}
