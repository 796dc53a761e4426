import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The JSON Patch conformance suite (json-patch/json-patch-tests at 2a928f9), from the shared data folder: every
/// record that is not disabled runs, and the two disabled ones with a clear answer run too.
@Suite("JSONPatch: the json-patch-tests conformance suite", SharedDataSuite.jsonPatchConformance.trait)
struct JSONPatchConformanceTests {
    /// How many records of a file ran, by outcome.
    struct Runs: Equatable, CustomStringConvertible {
        var expected = 0
        var error = 0
        var disabledChecked = 0

        var description: String { "\(expected) expected, \(error) error, \(disabledChecked) disabled checked" }
    }

    /// The records of `name` in the shared data's json-patch-tests folder.
    static func records(_ name: String) throws -> [JSONValue] {
        let url = TestFiles.sharedData.appendingPathComponent("json-patch-tests").appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return try #require(try JSONValue(parsing: data).arrayValue, "\(name) is not an array of records")
    }

    /// The disabled records with a clear answer, by comment: a scalar document replaced, and the whole document
    /// tested. (The others are disabled because they need a duplicate `op` member, which a parsed value cannot hold.)
    static let checkedDisabled: Set<String> = ["Toplevel scalar values OK?", "Whole document"]

    /// Runs one record: an `expected` result must match, an `error` record must throw from `init` or `applying`.
    static func run(_ record: JSONValue, _ label: String, _ runs: inout Runs) throws {
        let doc = try #require(record["doc"], "\(label): no doc")
        let operations = try #require(record["patch"], "\(label): no patch")
        if let expected = record["expected"] {
            let patch = try JSONPatch(operations)
            #expect(try doc.applying(patch) == expected, "\(label)")
            // The patch reads back from its operations, also through JSON text.
            #expect(try JSONPatch(patch.operations) == patch, "\(label)")
            #expect(try JSONPatch(parsing: JSONMapper.data(from: patch.operations)) == patch, "\(label)")
            runs.expected += 1
        } else if record["error"] != nil {
            let error = #expect(throws: JSONMappingError.self, "\(label)") {
                _ = try doc.applying(JSONPatch(operations))
            }
            #expect(error?.code == .invalidPatch || error?.code == .patchFailed, "\(label): \(String(describing: error))")
            runs.error += 1
        } else {
            Issue.record("\(label): neither expected nor error")
        }
    }

    @Test(
        "every record runs: an expected result matches, an error case throws",
        arguments: [
            ("tests.json", Runs(expected: 62, error: 30, disabledChecked: 2)),
            ("spec_tests.json", Runs(expected: 12, error: 4, disabledChecked: 0)),
        ])
    func suite(file: String, counts: Runs) throws {
        var runs = Runs()
        var disabled = 0
        for (index, record) in try Self.records(file).enumerated() {
            let comment = record["comment"]?.stringValue ?? ""
            let label = "\(file)[\(index)] \(comment)"
            if record["disabled"] == true {
                disabled += 1
                guard Self.checkedDisabled.contains(comment) else { continue }
                try Self.checkDisabled(record, label)
                runs.disabledChecked += 1
                continue
            }
            try Self.run(record, label, &runs)
        }
        #expect(runs == counts)
        #expect(disabled == (file == "tests.json" ? 3 : 1))
    }

    /// The two disabled records with a clear answer: replacing a scalar document gives the new value, and testing
    /// the whole document against itself succeeds and changes nothing.
    static func checkDisabled(_ record: JSONValue, _ label: String) throws {
        let doc = try #require(record["doc"], "\(label): no doc")
        let patch = try JSONPatch(try #require(record["patch"], "\(label): no patch"))
        let result = try doc.applying(patch)
        if let expected = record["expected"] {
            #expect(expected == "bar", "\(label)")
            #expect(result == expected, "\(label)")
        } else {
            #expect(doc == ["foo": 1], "\(label)")
            #expect(result == doc, "\(label)")
        }
    }
}
