import Foundation
import JSONMapper

/// The workloads of issue 22's speed limits, each a multiple of the time to parse citm_catalog.json into a
/// `JSONValue`. Built once, before anything is timed; every workload checks its result once, untimed.
struct EditingWorkloads: Sendable {
    let citmData: Data
    let catalog: JSONValue
    let edited: JSONValue
    let copy: JSONValue
    let patch: JSONPatch
    let mergePatch: JSONValue
    let numbers: JSONValue
    let replaces: JSONPatch
    let replaced: JSONValue
    let disjoint: JSONValue

    init(citm: Data) {
        citmData = citm
        guard let catalog = try? JSONValue(parsing: citm) else { fatalError("citm_catalog.json does not parse") }
        self.catalog = catalog
        edited = Self.editedCatalog(catalog)
        // A copy equal to the catalog that shares no buffer with it, as a second parse gives.
        guard let copy = try? JSONValue(parsing: citm) else { fatalError("citm_catalog.json does not parse") }
        self.copy = copy
        patch = JSONPatch(from: catalog, to: edited)
        mergePatch = JSONValue.mergePatch(from: catalog, to: edited)
        numbers = .array((0..<100_000).map { .number(JSONValue.Number($0)) })
        replaced = .array((0..<100_000).map { .number(JSONValue.Number($0 + 1)) })
        let operations: [JSONValue] = (0..<100_000).map {
            ["op": "replace", "path": .string("/\($0)"), "value": .number(JSONValue.Number($0 + 1))]
        }
        guard let replaces = try? JSONPatch(.array(operations)) else { fatalError("the replaces are not a patch") }
        self.replaces = replaces
        disjoint = .array((100_000..<200_000).map { .number(JSONValue.Number($0)) })
    }

    /// citm_catalog.json edited as issue 22 says: `prices[0].amount` set to `1` in every third performance, a copy
    /// of performance 1 with `id` `1` inserted at index 100, event `138586341` removed and the last event's `name`
    /// changed.
    static func editedCatalog(_ catalog: JSONValue) -> JSONValue {
        var edited = catalog
        let count = edited["performances"]?.arrayValue?.count ?? 0
        for index in stride(from: 0, to: count, by: 3) {
            edited["performances"]?[index]?["prices"]?[0]?["amount"] = 1
        }
        guard var copy = edited["performances"]?[1], var performances = edited["performances"]?.arrayValue else {
            fatalError("citm_catalog.json has no performances")
        }
        copy["id"] = 1
        performances.insert(copy, at: 100)
        edited["performances"] = .array(performances)
        edited["events"]?["138586341"] = nil
        guard let lastEvent = edited["events"]?.objectValue?.keys.last else { fatalError("no events") }
        edited["events"]?[lastEvent]?["name"] = "A renamed event"
        return edited
    }

    /// The measurements, by name, each with its limit as a multiple of the parse.
    var measurements: [(name: String, limit: Double, run: () -> Any)] {
        [
            ("diff with the edited copy (84 operations)", 1.0, { JSONPatch(from: catalog, to: edited) }),
            ("diff of two equal copies", 0.5, { JSONPatch(from: catalog, to: copy) }),
            ("applying the 84-operation patch", 0.05, { (try? catalog.applying(patch)) ?? JSONValue.null }),
            ("mergePatch(from:to:)", 0.5, { JSONValue.mergePatch(from: catalog, to: edited) }),
            ("applying the merge patch", 0.5, { catalog.applyingMergePatch(mergePatch) }),
            ("100,000 replaces, one per element", 2.0, { (try? numbers.applying(replaces)) ?? JSONValue.null }),
            ("diff of two 100,000-number arrays sharing nothing", 10.0, { JSONPatch(from: numbers, to: disjoint) }),
        ]
    }

    /// Parses citm_catalog.json into a `JSONValue`: the unit of every limit.
    func parse() -> JSONValue? { try? JSONValue(parsing: citmData) }

    /// Checks, untimed, that every workload does what it is measured for.
    func verify() {
        let operations = patch.operations.arrayValue?.count ?? 0
        guard operations == 84 else { fatalError("the diff with the edited copy has \(operations) operations, not 84") }
        guard (try? catalog.applying(patch)) == edited else { fatalError("the diff does not apply") }
        guard JSONPatch(from: catalog, to: copy).operations == [] else { fatalError("equal copies differ") }
        guard catalog.applyingMergePatch(mergePatch) == edited else { fatalError("the merge patch does not apply") }
        guard (try? numbers.applying(replaces)) == replaced else { fatalError("the replaces do not apply") }
        guard (try? numbers.applying(JSONPatch(from: numbers, to: disjoint))) == disjoint else {
            fatalError("the diff of the disjoint arrays does not apply")
        }
    }
}
