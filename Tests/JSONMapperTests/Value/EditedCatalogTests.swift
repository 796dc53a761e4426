import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The diff, patch and merge patch between citm_catalog.json and the copy the benchmarks edit, on the real
/// payload: the sizes and shapes the speed limits are measured on.
@Suite("JSONPatch: citm_catalog.json and its edited copy", SharedDataSuite.editedCatalog.trait)
struct EditedCatalogTests {
    static func catalog() throws -> JSONValue {
        try JSONValue(parsing: TestFiles.benchmark("citm_catalog.json"))
    }

    @Test("the diff with the edited copy is exactly 84 operations, and it applies, also after a trip through text")
    func diff() throws {
        let catalog = try Self.catalog()
        let edited = try Editing.editedCatalog(catalog)
        let patch = JSONPatch(from: catalog, to: edited)
        let operations = try #require(patch.operations.arrayValue)
        #expect(operations.count == 84)
        let kinds = Dictionary(grouping: operations.compactMap { $0["op"]?.stringValue }, by: { $0 }).mapValues(\.count)
        #expect(kinds == ["replace": 82, "add": 1, "remove": 1])
        #expect(operations.contains(["op": "remove", "path": "/events/138586341"]))
        #expect(operations.contains { $0["op"] == "add" && $0["path"] == "/performances/100" })
        #expect(try catalog.applying(patch) == edited)
        let read = try JSONPatch(parsing: JSONMapper.data(from: patch.operations))
        #expect(try catalog.applying(read) == edited)
        #expect(try edited.applying(JSONPatch(from: edited, to: catalog)) == catalog)
        #expect(JSONPatch(from: catalog, to: catalog).operations == [])
    }

    /// `value` without the members whose value is `null`, at any depth.
    static func withoutNullMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            .object(.init(object.filter { !$0.value.isNull }.map { ($0.key, withoutNullMembers($0.value)) }))
        case .array(let array):
            .array(array.map(withoutNullMembers))
        default:
            value
        }
    }

    @Test("the merge patch between them applies both ways")
    func mergePatch() throws {
        let catalog = try Self.catalog()
        let edited = try Editing.editedCatalog(catalog)
        let patch = JSONValue.mergePatch(from: catalog, to: edited)
        // The performances array changed, so it is replaced whole; the events member is removed with a null.
        #expect(patch["performances"] == edited["performances"])
        #expect(patch["events"]?["138586341"] == .null)
        #expect(catalog.applyingMergePatch(patch) == edited)
        // Back: the removed event comes back without its null members, which a merge patch cannot set.
        let back = edited.applyingMergePatch(JSONValue.mergePatch(from: edited, to: catalog))
        var expected = catalog
        let event = try #require(catalog["events"]?["138586341"])
        #expect(event.objectValue?.contains { $0.value.isNull } == true)
        expected["events"]?["138586341"] = Self.withoutNullMembers(event)
        #expect(back == expected)
        #expect(JSONValue.mergePatch(from: catalog, to: catalog) == [:])
    }
}
