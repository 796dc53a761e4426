import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Path steps into arrays by position and into objects by key take constant time on both engines, so that reading
/// a container in a loop of path getters is linear; and the tables that make it so on the native engine give the
/// right values.
@Suite("Path getters step into arrays and objects in constant time")
struct PathStepTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    /// `{"items":[{"id":0,"name":"item 0"},{"id":1,…},…]}` with `count` items.
    static func items(_ count: Int) -> Data {
        var text = #"{"items":["#
        for i in 0..<count {
            text += (i == 0 ? "" : ",") + #"{"id":\#(i),"name":"item \#(i)"}"#
        }
        return Data((text + "]}").utf8)
    }

    /// The seconds the loop every user writes takes to read `count` ids from `data` at `path(i)`, the median of
    /// `repetitions` runs on fresh contexts, and whether every id read was `i`.
    static func loopSeconds(
        _ data: Data, _ count: Int, _ engine: JSONMapper.Engine, repetitions: Int = 3,
        path: (Int) -> [JSONPathElement]
    ) -> (Double, Bool) {
        var times: [Double] = []
        var right = true
        for _ in 0..<repetitions {
            let c = JSONMapper.context(data, engine: engine)
            var ids: [Int?] = []
            ids.reserveCapacity(count)
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<count {
                ids.append(c.getInt(at: path(i)))
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            right = right && ids == (0..<count).map { $0 } && c.errors.isEmpty
        }
        return (times.sorted()[repetitions / 2], right)
    }

    /// As ``loopSeconds(_:_:_:repetitions:path:)``, for the elements of ``items(_:)`` read by position.
    static func loopSeconds(_ count: Int, _ engine: JSONMapper.Engine) -> (Double, Bool) {
        loopSeconds(items(count), count, engine) { ["items", .index($0), "id"] }
    }

    @Test("reading ten times as many elements by position takes about ten times as long", arguments: engines)
    func linearLoop(engine: JSONMapper.Engine) {
        Self.expectLinear { Self.loopSeconds($0, engine) }
    }

    /// The larger count of the loops, far past the native engine's table threshold (`LookupTables.walkLimit`).
    static let largeCount = 100_000

    /// Checks that the loop `seconds` times over `largeCount` (100,000) values reads them right in about ten times
    /// as long as over a tenth of them: linear is 10, quadratic 100, and the margin absorbs a noisy machine.
    static func expectLinear(
        _ seconds: (Int) -> (Double, Bool), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (small, smallRight) = seconds(largeCount / 10)
        let (large, largeRight) = seconds(largeCount)
        #expect(smallRight, sourceLocation: sourceLocation)
        #expect(largeRight, sourceLocation: sourceLocation)
        #expect(
            large / small < 30, "\(largeCount / 10): \(small) s, \(largeCount): \(large) s",
            sourceLocation: sourceLocation)
    }

    /// `{"byID":{"k0":{"id":0},"k1":{"id":1},…}}` with `count` members.
    static func members(_ count: Int) -> Data {
        var text = #"{"byID":{"#
        for i in 0..<count {
            text += (i == 0 ? "" : ",") + #""k\#(i)":{"id":\#(i)}"#
        }
        return Data((text + "}}").utf8)
    }

    /// As ``loopSeconds(_:_:_:repetitions:path:)``, for the members of ``members(_:)`` read by key below the
    /// context's object.
    static func memberLoopSeconds(_ count: Int, _ engine: JSONMapper.Engine) -> (Double, Bool) {
        loopSeconds(members(count), count, engine) { ["byID", .key("k\($0)"), "id"] }
    }

    @Test(
        "reading ten times as many members by key below the first step takes about ten times as long",
        arguments: engines)
    func linearMemberLoop(engine: JSONMapper.Engine) {
        Self.expectLinear { Self.memberLoopSeconds($0, engine) }
    }

    @Test("every position of arrays of every shape, on both engines", arguments: engines)
    func everyPosition(engine: JSONMapper.Engine) {
        // Scalars only (one tape entry each), empty containers, containers of every size, and a mix.
        let arrays: [String: [String]] = [
            "scalars": (0..<40).map { String($0) },
            "empty": (0..<40).map { $0 % 2 == 0 ? "[]" : "{}" },
            "nested": (0..<40).map { #"{"v":\#($0),"more":[\#(String(repeating: "[1],", count: $0 % 5))0]}"# },
            "mixed": (0..<40).map { $0 % 3 == 0 ? String($0) : $0 % 3 == 1 ? "[\($0),[\($0)]]" : #"{"v":\#($0)}"# },
        ]
        let text =
            "{" + arrays.map { "\"\($0.key)\":[\($0.value.joined(separator: ","))]" }.joined(separator: ",") + "}"
        let c = context(text, engine: engine)
        for (name, elements) in arrays {
            // Backwards, so that the first lookup past the walk is the last element.
            for position in stride(from: elements.count - 1, through: 0, by: -1) {
                let value = c.getValue(at: [.key(name), .index(position)])
                let expected = try? JSONValue(parsing: Data(elements[position].utf8))
                #expect(value == expected, "\(name)[\(position)] (\(engine))")
            }
            #expect(c.getValue(at: [.key(name), .index(elements.count)]) == nil)
            #expect(c.getValue(at: [.key(name), .index(-1)]) == nil)
            #expect(c.getInt(at: [.key(name), .index(elements.count * 2), "v"]) == nil)
        }
        #expect(c.getInt(at: ["nested", 37, "v"]) == 37)
        #expect(c.getInt(at: ["mixed", 38, "v"]) == 38)
        #expect(c.getInt(at: ["mixed", 37, 1, 0]) == 37)
        #expect(c.errors.isEmpty)
    }

    @Test(
        "large objects below the first step: every key, repeated keys (the last wins), missing keys", arguments: engines
    )
    func membersOfLargeObjects(engine: JSONMapper.Engine) {
        // Twice the table threshold; "k3" repeats (the last wins), and a key is written with an escape.
        var members = (0..<32).map { #""k\#($0)":\#($0)"# }
        members += [#""k3":300"#, #""\u006b40":40"#]
        let c = context(#"{"o":{"# + members.joined(separator: ",") + "}}", engine: engine)
        for key in 0..<32 where key != 3 {
            #expect(c.getInt(at: ["o", .key("k\(key)")]) == key, "k\(key) (\(engine))")
        }
        #expect(c.getInt(at: ["o", "k3"]) == 300)
        #expect(c.getInt(at: ["o", "k40"]) == 40)
        #expect(c.getInt(at: ["o", "k32"]) == nil)
        #expect(c.getInt(at: ["o", "K1"]) == nil)
        #expect(c.errors.isEmpty)
    }

    @Test("only arrays of containers read past the first elements get a table, one each")
    func whichArraysGetTables() throws {
        let text =
            #"{"scalars":[\#((0..<100).map(String.init).joined(separator: ","))],"#
            + #""objects":[\#((0..<100).map { #"{"v":\#($0)}"# }.joined(separator: ","))],"#
            + #""few":[\#((0..<100).map { #"[\#($0)]"# }.joined(separator: ","))]}"#
        let c = context(text)
        let tables = try #require(c.session.document?.lookupTables)
        #expect(c.getInt(at: ["scalars", 99]) == 99)
        #expect(c.getInt(at: ["few", .index(LookupTables.walkLimit - 1), 0]) == LookupTables.walkLimit - 1)
        #expect(tables.tableCount == 0)
        for position in 0..<100 {
            #expect(c.getInt(at: ["objects", .index(position), "v"]) == position)
        }
        #expect(tables.tableCount == 1)
        #expect(c.getInt(at: ["few", 50, 0]) == 50)
        #expect(tables.tableCount == 2)
        // Objects of fewer members than the threshold are scanned.
        let objects = context(
            #"{"small":{"a":1,"b":2},"large":{"#
                + (0..<20).map { #""k\#($0)":\#($0)"# }.joined(
                    separator: ",") + "}}")
        let objectTables = try #require(objects.session.document?.lookupTables)
        #expect(objects.getInt(at: ["small", "b"]) == 2)
        #expect(objectTables.tableCount == 0)
        #expect(objects.getInt(at: ["large", "k19"]) == 19)
        #expect(objects.getInt(at: ["large", "k0"]) == 0)
        #expect(objectTables.tableCount == 1)
    }

    @Test("many threads reading one array by position see the right elements")
    func concurrentReads() {
        let count = 5_000
        let c = JSONMapper.context(Self.items(count))
        let wrong = SharedList<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in stride(from: thread, to: count, by: 3) {
                let id = c.getInt(at: ["items", .index(i), "id"])
                if id != i { wrong.append("\(i): \(String(describing: id))") }
            }
        }
        #expect(wrong.values == [])
        #expect(c.session.document?.lookupTables.tableCount == 1)
    }
}
