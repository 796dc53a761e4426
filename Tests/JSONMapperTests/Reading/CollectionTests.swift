import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Arrays and dictionaries of primitives")
struct CollectionTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("arrays of every primitive type", arguments: engines)
    func primitiveArrays(engine: JSONMapper.Engine) {
        let text = #"""
            {"s": ["a", "b"], "i": [1, -2, 3.0], "i64": [9223372036854775807], "u": [18446744073709551615],
             "d": [0.5, 1, -2e2], "f": [1.5], "b": [true, false], "dec": [0.1, 2], "url": ["https://a.example"]}
            """#
        let c = context(text, engine: engine)
        #expect(c.getArray("s") == ["a", "b"])
        #expect(c.getArray("i") == [1, -2, 3])
        #expect(c.getArray("i64") == [Int64.max])
        #expect(c.getArray("u") == [UInt64.max])
        #expect(c.getArray("d") == [0.5, 1, -200])
        #expect(c.getArray("f") == [Float(1.5)])
        #expect(c.getArray("b") == [true, false])
        #expect(c.getArray("dec") == [Decimal(string: "0.1"), 2])
        #expect(c.getArray("url") == [URL(string: "https://a.example")])
        #expect(c.errors.isEmpty)
    }

    @Test("nested arrays to any depth, dropping bad elements at their own level", arguments: engines)
    func nestedArrays(engine: JSONMapper.Engine) throws {
        let c = JSONMapper.context(try TestFiles.fixture("catalog.json"), engine: engine)
        let matrix: [[Int]] = c.getArray("matrix")
        #expect(matrix == [[1, 2, 3], [4, 6], []])
        let cube: [[[Double]]] = c.getArray("cube")
        #expect(cube == [[[1.5, 2.5], [3.5]], [[4.5]]])
        #expect(
            descriptions(c) == [
                #"matrix[1][1]: expected Int, found String "five""#,
                "matrix[1][1]: dropped from [Int]",
                "matrix[2]: expected [Int], found Number 7",
                "matrix[2]: dropped from [[Int]]",
                "matrix[3][0]: expected Int, found Number 8.5 (not a whole number)",
                "matrix[3][0]: dropped from [Int]",
            ])
    }

    @Test(
        "pairs (GeoJSON's coordinates) keep their order, and a bad first or second element is dropped",
        arguments: engines)
    func pairs(engine: JSONMapper.Engine) {
        let text = #"""
            {"d": [[1.5, -2], [3, "x"], [null, 4.25], [5, 6e1], [-0.0, true]], "i": [[1, 2], [3, 4.5], [-6, 7]],
             "s": [["a", "b"], ["c", 1], ["d", "e"]], "f": [[0.5, 0.25], [1e40, 2]],
             "cube": [[[1, 2], [3, 4]], [[5, "y"], [6, 7]]], "flat": [8, 9], "flatBad": [10, "z"]}
            """#
        let c = context(text, engine: engine)
        let d: [[Double]] = c.getArray("d")
        #expect(d == [[1.5, -2], [3], [4.25], [5, 60], [0]])
        #expect(d.last?.first?.sign == .minus)
        #expect(c.getArray("i") as [[Int]] == [[1, 2], [3], [-6, 7]])
        #expect(c.getArray("s") as [[String]] == [["a", "b"], ["c"], ["d", "e"]])
        #expect(c.getArray("f") as [[Float]] == [[0.5, 0.25], [2]])
        #expect(c.getArray("cube") as [[[Double]]] == [[[1, 2], [3, 4]], [[5], [6, 7]]])
        #expect(c.getArray("flat") as [Double] == [8, 9])
        #expect(c.getArray("flatBad") as [Double] == [10])
        #expect(
            c.errors.filter { $0.code == .droppedValue }.map(\.path) == [
                "d[1][1]", "d[2][0]", "d[4][1]", "i[1][1]", "s[1][1]", "f[1][0]", "cube[1][0][1]", "flatBad[1]",
            ])

        let strict = context(text, engine: engine)
        #expect(strict.requireArray("flat") as [[Double]] == [])
        #expect(strict.hasFailed)
        let pairs = context("[[1, 2], [3, 4], [5, \"six\"]]", engine: engine)
        #expect(pairs.requireArray() as [[Int]] == [[1, 2], [3, 4], [5]])
        #expect(pairs.failure?.description == #"[2][1]: expected Int, found String "six""#)
    }

    @Test("a missing or null array is empty and not an error; a non-array is a mismatch")
    func missingNullAndWrongArrays() {
        let c = context(#"{"n": null, "o": {"a": 1}, "s": "text"}"#)
        #expect(c.getArray("missing") as [String] == [])
        #expect(c.getArray("n") as [String] == [])
        #expect(c.getArray("o") as [String] == [])
        #expect(c.getArray("s") as [[Int]] == [])
        #expect(
            descriptions(c) == [
                "o: expected [String], found Object",
                #"s: expected [[Int]], found String "text""#,
            ])
    }

    @Test("a strict array fails on any bad element")
    func strictPrimitiveArray() {
        let c = context(#"{"tags": ["a", 1, "b"], "ok": ["x"]}"#)
        #expect(c.requireArray("ok") == ["x"])
        #expect(!c.hasFailed)
        #expect(c.requireArray("tags") == ["a", "b"])
        #expect(c.hasFailed)
        #expect(c.failure?.description == "tags[1]: expected String, found Number 1")
        #expect(c.errors.allSatisfy { $0.isRequired })
    }

    @Test("top-level arrays of primitives")
    func topLevelPrimitives() {
        let c = context(#"[[1, 2], [3], ["x"]]"#)
        let rows: [[Int]] = c.getArray()
        #expect(rows == [[1, 2], [3], []])
        #expect(c.errors.map(\.path) == ["[2][0]", "[2][0]"])
    }

    @Test("dictionaries of primitives", arguments: engines)
    func primitiveDictionaries(engine: JSONMapper.Engine) throws {
        let c = JSONMapper.context(try TestFiles.fixture("catalog.json"), engine: engine)
        let stock: [String: Int] = c.getDictionary("stock")
        #expect(stock == ["A-1": 12, "C-3": 0])
        #expect(
            descriptions(c) == [
                #"stock.Z-9: expected Int, found String "many""#,
                "stock.Z-9: dropped from [String: Int]",
            ])
        let nested = context(
            #"{"grid": {"a": [[1], [2, 3]], "b": []}, "names": {"en": "Hello", "fr": "Bonjour"}}"#, engine: engine)
        #expect(nested.getDictionary("grid") == ["a": [[1], [2, 3]], "b": []] as [String: [[Int]]])
        #expect(nested.getDictionary("names") == ["en": "Hello", "fr": "Bonjour"])
        #expect(nested.getDictionary("missing") as [String: String] == [:])
        #expect(nested.requireDictionary("names") == ["en": "Hello", "fr": "Bonjour"])
        #expect(!nested.hasFailed)
        #expect(nested.requireDictionary("missing") as [String: Int] == [:])
        #expect(nested.hasFailed)
    }

    @Test("keys that contain dots or brackets are quoted in paths")
    func quotedKeysInPaths() {
        let c = context(#"{"headers": {"content.type": 1, "a[0]": 2, "": 3, "plain": 4, "with space": 5}}"#)
        let headers: [String: String] = c.getDictionary("headers")
        #expect(headers.isEmpty)
        #expect(
            c.errors.filter { $0.code == .typeMismatch }.map(\.path) == [
                #"headers["content.type"]"#, #"headers["a[0]"]"#, #"headers[""]"#, "headers.plain",
                #"headers["with space"]"#,
            ])
    }
    /// Every nesting that the native engine reads in one loop per level, with values that convert and values that
    /// send it back to the general path.
    static let nestedCases: [String] = [
        #"[[1.5, -0.0, 1e-300], [], [2, 3e2]]"#, #"[[[1.5, 2.5], [3.5]], [[4.5]], []]"#, #"[[1, 2], [3, "x"]]"#,
        #"[[1, 2], null, [3]]"#, #"[[1, 2], 7]"#, #"[[1e400]]"#, #"[["a", "b\u00e9"], ["c"]]"#, #"[[["a"]], [[1]]]"#,
        #"[[1, 2.5]]"#, #"[[9223372036854775807, -9223372036854775808]]"#, #"[[3.4e38, 1e39]]"#, #"[]"#, "[[]]",
        #"[[1, "x"], ["y", 2], [3, 4]]"#, #"[[[1, 2], [3, null]], [[5, 6]]]"#, #"[[1e400, 2], [3, 1e400]]"#,
    ]

    /// Arrays of 16 elements and more, which are filled in place, with a bad element first, in the middle and last.
    static let longCases: [String] = {
        let numbers = (0..<20).map { "\($0).5" }
        let strings = (0..<20).map { #""s\#($0)""# }
        func replacing(_ values: [String], at position: Int) -> String {
            var values = values
            values[position] = #""bad""#
            return "[" + values.joined(separator: ", ") + "]"
        }
        let pairs = "[" + (0..<18).map { "[\($0), \($0).25]" }.joined(separator: ", ") + "]"
        return [
            "[[" + numbers.joined(separator: ", ") + "]]", "[[" + strings.joined(separator: ", ") + "]]",
            "[" + replacing(numbers, at: 0) + "]", "[" + replacing(numbers, at: 9) + "]",
            "[" + replacing(numbers, at: 19) + "]",
            "[" + replacing(strings, at: 19).replacingOccurrences(of: #""bad""#, with: "7") + "]",
            pairs, "[" + pairs + ", " + pairs.replacingOccurrences(of: "[17, 17.25]", with: #"[17, "x"]"#) + "]",
        ]
    }()

    @Test(
        "arrays of arrays read straight off the tape give what the general path gives",
        arguments: nestedCases + longCases)
    func nestedArraysOffTheTape(text: String) {
        let document = Data(#"{"v": \#(text), "w": {"v": \#(text)}}"#.utf8)
        for lenient in [false, true] {
            var options = JSONMapper.Options.default
            if lenient { options.coercion = .lenient }
            expectSameReads(Double.self, document, options)
            expectSameReads(Float.self, document, options)
            expectSameReads(Int.self, document, options)
            expectSameReads(String.self, document, options)
        }
    }

    /// Reads `[[T]]` and `[[[T]]]` in every way (by key, strictly, at a path, as dictionary values) both as `T`,
    /// which the native engine reads off the tape, and as `GeneralPath<T>`, which it reads by the general path,
    /// and expects the same values and the same errors.
    private func expectSameReads<T: JSONPrimitive & Equatable>(
        _ type: T.Type, _ document: Data, _ options: JSONMapper.Options,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func values<U: JSONPrimitive>(_ type: U.Type, _ unwrap: @escaping (U) -> T) -> [String] {
            let c = JSONMapper.context(document, options: options)
            let two: [[U]] = c.getArray("v")
            let three: [[[U]]] = c.getArray("v")
            let strict: [[U]] = c.requireArray("v")
            let atPath: [[[U]]] = c.getArray(at: ["w", "v"])
            let inDictionary: [String: [[U]]] = c.getDictionary("w")
            return [
                "\(two.map { $0.map(unwrap) })", "\(three.map { $0.map { $0.map(unwrap) } })",
                "\(strict.map { $0.map(unwrap) }) \(c.hasFailed)", "\(atPath.map { $0.map { $0.map(unwrap) } })",
                "\(inDictionary.mapValues { $0.map { $0.map(unwrap) } })",
            ] + descriptions(c)
        }
        let fast = values(T.self) { $0 }
        #expect(fast == values(GeneralPath<T>.self) { $0.value }, sourceLocation: sourceLocation)
        #expect(fast.count >= 5, sourceLocation: sourceLocation)
    }
}

/// A primitive read as `T` reads one, but with the protocol's general array loops, not `T`'s own: the oracle for the
/// loops that read arrays off the tape.
private struct GeneralPath<T: JSONPrimitive>: JSONPrimitive {
    let value: T
    static var jsonTypeName: String { T.jsonTypeName }
    static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> GeneralPath<T>? {
        T._read(reader, at: path).map { GeneralPath(value: $0) }
    }
}
