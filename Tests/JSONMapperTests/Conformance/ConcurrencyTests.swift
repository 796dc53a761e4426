import Dispatch
import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Mapping from many threads")
struct ConcurrencyTests {
    /// A document whose values depend on `n`, so that every result can be checked.
    static func document(_ n: Int) -> Data {
        json(
            #"{"statuses": ["#
                + (0..<5).map { k in
                    #"{"id": \#(n * 10 + k), "text": "status \#(n)-\#(k)", "#
                        + #""user": {"id": \#(n), "screen_name": "user\#(n)"}, "retweet_count": \#(k)}"#
                }.joined(separator: ",")
                + #"], "search_metadata": {"count": 5}}"#)
    }

    @Test(
        "thousands of documents mapped in parallel all map correctly",
        arguments: [JSONMapper.Engine.native, .foundation])
    func parallelDocuments(engine: JSONMapper.Engine) async throws {
        let count = 4_000
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for n in 0..<count {
                group.addTask {
                    let timeline = try? JSONMapper.decode(StrictTimeline.self, from: Self.document(n), engine: engine)
                    let ok = timeline.map { timeline in
                        timeline.statuses.count == 5
                            && timeline.statuses.enumerated().allSatisfy { k, status in
                                status.id == Int64(n * 10 + k) && status.text == "status \(n)-\(k)"
                                    && status.user.id == n && status.user.screenName == "user\(n)"
                                    && status.retweetCount == k
                            }
                    }
                    return (n, ok ?? false)
                }
            }
            var all: [Int: Bool] = [:]
            for await (n, ok) in group { all[n] = ok }
            return all
        }
        #expect(results.count == count)
        #expect(results.values.allSatisfy { $0 })
    }

    @Test("one context shared by many threads records every error")
    func sharedContext() async {
        let context = context(#"{"items": [1, "two", 3], "name": 5}"#)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let numbers: [Int] = context.getArray("items")
                    precondition(numbers == [1, 3])
                    _ = context.getString("name")
                }
            }
        }
        #expect(context.errors.count == 600)
        #expect(
            Set(context.errors.map(\.description)) == [
                #"items[1]: expected Int, found String "two""#,
                "items[1]: dropped from [Int]",
                "name: expected String, found Number 5",
            ])
    }

    static let otherThreadMessage =
        "JSONSerializationContext used from another thread: it writes only on the thread running write(to:),"
        + " so nothing was written"

    @Test("a JSONSerializationContext used from another thread writes nothing there, and the write throws")
    func serializationContextOnAnotherThread() throws {
        let model = Writes { c in
            c.set("a", 1)
            onAnotherThread {
                c.set("b.c", 2)
                c.setNull("c")
                c.set("a", nil as Int?)
                _ = c.path
            }
            c.set("d", 3)
        }
        let context = JSONSerializationContext(options: .default)
        model._write(to: context)
        #expect(context.writer.withBytes { String(decoding: $0, as: UTF8.self) } == #"{"a":1,"d":3}"#)
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: model) }
        #expect(error?.code == .invalidValue)
        #expect(error?.path == #"["b.c"]"#)
        #expect(error?.description == #"["b.c"]: "# + Self.otherThreadMessage)
    }

    @Test("set from many threads at once (concurrentPerform) never corrupts the output")
    func serializationContextFromManyThreads() throws {
        let model = Writes { c in
            nonisolated(unsafe) let shared = c
            DispatchQueue.concurrentPerform(iterations: 200) { i in
                shared.set("key\(i)", String(repeating: "v", count: i * 50))
            }
        }
        for _ in 0..<20 {
            // Iterations that ran on the writing thread wrote their member; the others only recorded the misuse.
            let context = JSONSerializationContext(options: .default)
            model._write(to: context)
            let written = try JSONValue(parsing: context.writer.withBytes { Data($0) })
            let keys = written.objectValue?.keys ?? []
            #expect(keys.allSatisfy { key in written[key]?.stringValue?.count == 50 * (Int(key.dropFirst(3)) ?? -1) })
            if let error = context.firstError {
                #expect(error.message == Self.otherThreadMessage)
                #expect(keys.count < 200)
            } else {
                #expect(keys.count == 200)
            }
        }
    }

    // MARK: State that the threads using one document share
    //
    // These run each call on a thread of its own (`onThreads`), none of them the one that made the context, so that
    // the threads that meet in the shared tables and records are as many as asked for on a 2-core machine too.
    // Each pass makes one kind of read from every thread and nothing else: were a table's or record's own lock
    // missing, no other lock would order the threads' accesses to it, and the thread sanitizer would see them race.

    @Test("many threads, none of them the one that made it, reading one context at once get every value")
    func foreignThreadsShareAContext() {
        // 64 members: past the table threshold of the object's keys, which threads other than the owner share.
        let members = (0..<64).map { #""k\#($0)": \#($0)"# } + (0..<8).map { #""o\#($0)": {"id": \#($0)}"# }
        for _ in 0..<10 {
            let c = JSONMapper.context(json("{" + members.joined(separator: ", ") + "}"))
            let wrong = SharedList<String>()
            onThreads(16) { thread in
                for step in 0..<64 {
                    let k = (step + thread * 4) % 64
                    if c.getInt("k\(k)") != k { wrong.append("k\(k)") }
                }
                let o = thread % 8
                let leaf = c.getObject("o\(o)", ofClass: ContextReuseTests.Leaf.self)
                if leaf?.id != o { wrong.append("o\(o): \(String(describing: leaf?.id))") }
                if c.context(for: "o\(o)")?.path != "o\(o)" { wrong.append("o\(o) path") }
            }
            #expect(wrong.values == [])
            #expect(c.errors.isEmpty)
        }
    }

    @Test("set from many threads other than the writing one at once: none writes, and the write throws their error")
    func serializationContextFromOtherThreads() throws {
        let keys = Set((0..<8).flatMap { ["key\($0)", "null\($0)"] })
        let model = Writes { c in
            nonisolated(unsafe) let shared = c
            onThreads(8) { i in
                shared.set("key\(i)", i)
                shared.setNull("null\(i)")
            }
            c.set("own", 1)
        }
        for _ in 0..<20 {
            let context = JSONSerializationContext(options: .default)
            model._write(to: context)
            #expect(context.writer.withBytes { String(decoding: $0, as: UTF8.self) } == #"{"own":1}"#)
            let error = try #require(context.firstError)
            #expect(error.code == .invalidValue)
            #expect(error.message == Self.otherThreadMessage)
            // The first misuse recorded, whichever thread made it.
            #expect(keys.contains(error.path), "\(error.path)")
        }
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: model) }
        #expect(error?.message == Self.otherThreadMessage)
    }

    /// How many large objects and arrays ``largeContainers()`` has, and how many members or elements each: past
    /// the native engine's table thresholds (16 members; arrays of objects past 8 elements) and the Foundation
    /// engine's (64).
    static let (containerCount, largeCount) = (40, 70)

    /// `{"groups": {"g0": {"m0": {"z": 0, "a": 0}, …}, …}, "lists": {"l0": [{"v": 0, "b": 0}, …], …}}`: many
    /// large containers, so that their tables are made while other threads read the ones made before; the keys of
    /// the innermost objects are written out of their sorted order.
    static func largeContainers() -> Data {
        let groups = (0..<containerCount).map { g in
            #""g\#(g)": {"#
                + (0..<largeCount).map { m in #""m\#(m)": {"z": \#(g), "a": \#(m)}"# }.joined(separator: ",") + "}"
        }
        let lists = (0..<containerCount).map { l in
            #""l\#(l)": ["# + (0..<largeCount).map { e in #"{"v": \#(l), "b": \#(e)}"# }.joined(separator: ",") + "]"
        }
        return json(
            #"{"groups": {"# + groups.joined(separator: ", ") + #"}, "lists": {"# + lists.joined(separator: ", ")
                + "}}")
    }

    /// The containers of ``largeContainers()`` that `thread` visits, each thread in an order of its own, and the
    /// two positions it reads in each.
    static func visits(_ thread: Int) -> [(container: Int, position: Int)] {
        (0..<containerCount).flatMap { step in
            let container = (step * 7 + thread * 11) % containerCount
            return [(container, thread), (container, largeCount - 1 - thread)]
        }
    }

    @Test(
        "many threads reading one document by key and position in large containers find every value, in order",
        arguments: [JSONMapper.Engine.native, .foundation])
    func largeContainersFromManyThreads(engine: JSONMapper.Engine) throws {
        // A new context each round, so that the threads make the tables (the native engine's lookup tables, the
        // Foundation engine's member order) rather than find them made.
        for _ in 0..<2 {
            let c = JSONMapper.context(Self.largeContainers(), engine: engine)
            let wrong = SharedList<String>()
            // Document order, not the keys' sorted order: on the Foundation engine, only the member's and the
            // element's places on the tape, found through the shared tables, give it.
            onThreads(16) { thread in
                for (g, m) in Self.visits(thread) {
                    let member: [JSONPathElement] = ["groups", .key("g\(g)"), .key("m\(m)")]
                    if c.getInt(at: member + ["a"]) != m { wrong.append("groups.g\(g).m\(m).a") }
                    let keys = c.getValue(at: member)?.objectValue?.keys
                    if keys != ["z", "a"] { wrong.append("groups.g\(g).m\(m) keys \(String(describing: keys))") }
                }
            }
            onThreads(16) { thread in
                for (l, e) in Self.visits(thread) {
                    let element: [JSONPathElement] = ["lists", .key("l\(l)"), .index(e)]
                    if c.getInt(at: element + ["b"]) != e { wrong.append("lists.l\(l)[\(e)].b") }
                    let keys = c.getValue(at: element)?.objectValue?.keys
                    if keys != ["v", "b"] { wrong.append("lists.l\(l)[\(e)] keys \(String(describing: keys))") }
                }
            }
            #expect(wrong.values == [])
            #expect(c.errors.isEmpty)
            if engine == .native {
                // A table for the members of "groups", "lists" and each group, and for the elements of each list.
                #expect(c.session.document?.lookupTables.tableCount == 2 + 2 * Self.containerCount)
            }
        }
    }

    @Test(
        "unknown keys of one document read from many threads at once: each object tracked once, no read lost",
        arguments: [JSONMapper.Engine.native, .foundation])
    func unknownKeysFromManyThreads(engine: JSONMapper.Engine) {
        let (threads, count) = (16, 256)
        // Every key but "unread" at the top and "left" in "shared" is read, each by one thread: "k<i>" and, through
        // a context of its own on "shared", "s<i>" by thread i % 16.
        let top = (0..<count).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let shared = (0..<count).map { #""s\#($0)": \#($0)"# }.joined(separator: ", ")
        let text = #"{"# + top + #", "shared": {"# + shared + #", "left": 0}, "unread": 0}"#
        for _ in 0..<10 {
            let c = JSONMapper.context(
                json(text), engine: engine, options: JSONMapper.Options(reportsUnknownKeys: true))
            let wrong = SharedList<String>()
            onThreads(threads) { thread in
                for i in stride(from: thread, to: count, by: threads) where c.getInt("k\(i)") != i {
                    wrong.append("k\(i)")
                }
            }
            onThreads(threads) { thread in
                guard let own = c.context(for: "shared") else { return wrong.append("no context for shared") }
                for i in stride(from: thread, to: count, by: threads) where own.getInt("s\(i)") != i {
                    wrong.append("shared.s\(i)")
                }
            }
            #expect(wrong.values == [])
            #expect(c.unknownKeys == ["unread", "shared.left"])
            #expect(c.errors.isEmpty)
        }
    }

    @Test("notices, errors past the limit and required failures from many threads at once are all counted")
    func recordsFromManyThreads() {
        let (threads, repeats) = (16, 20)
        let options = JSONMapper.Options(coercion: .lenient, maximumRecordedErrors: 100)
        // New contexts each round, so that the threads meet again where a context first fails or first finds it is
        // not on an object.
        for _ in 0..<10 {
            let c = JSONMapper.context(json(#"{"n": "12", "s": true}"#), options: options)
            let list = context("[1, 2]")
            let wrong = SharedList<String>()
            let reads: [(String, @Sendable () -> Bool)] = [
                ("n", { c.getInt("n") == 12 }),  // coerced: a notice
                ("s", { c.getInt("s") == nil }),  // a mismatch: an error
                ("missing", { c.requireInt("missing") == 0 }),  // a required failure: an error, the model fails
                ("a", { list.getInt("a") == nil }),  // not an object: one error, the first time only
            ]
            for (name, read) in reads {
                onThreads(threads) { _ in
                    for _ in 0..<repeats where !read() { wrong.append(name) }
                }
            }
            #expect(wrong.values == [])
            let total = threads * repeats
            #expect(c.notices.count == 100)
            #expect(c.omittedNoticeCount == total - 100)
            #expect(Set(c.notices.map(\.description)) == [#"n: coerced String "12" to Int"#])
            #expect(c.errors.count == 100)
            #expect(c.omittedErrorCount == 2 * total - 100)
            // The mismatches came first and filled the errors kept; the required failures were only counted.
            #expect(Set(c.errors.map(\.description)) == ["s: expected Int, found Bool true"])
            #expect(c.hasFailed)
            #expect(c.failure?.description == "missing: missing required Int")
            #expect(descriptions(list) == ["expected Object, found Array"])
            #expect(!list.hasFailed)
        }
    }

    @Test("a formatter's date strategy, shared by every thread, reads and writes each thread's own dates")
    func sharedFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let strategy = DateStrategy.formatted(formatter)
        let readOptions = JSONMapper.Options(dateStrategy: strategy)
        let writeOptions = JSONMapper.WriteOptions(dateStrategy: strategy)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 1)))
        let wrong = SharedList<String>()
        onThreads(16) { thread in
            // Thread t has day t + 1 of November 2026, at a minute and second of each step's own.
            for step in 0..<50 {
                let (minute, second) = (step, 59 - step)
                let text = String(format: "2026-11-%02d 10:%02d:%02d", thread + 1, minute, second)
                let date = start.addingTimeInterval(
                    Double(thread * 86_400 + 10 * 3_600 + minute * 60 + second))
                let read = JSONMapper.context(json(#"{"d": "\#(text)"}"#), options: readOptions).getDate("d")
                if read != date { wrong.append("read \(text): \(String(describing: read))") }
                let written = try? JSONMapper.string(from: Writes { $0.set("d", date) }, options: writeOptions)
                if written != #"{"d":"\#(text)"}"# { wrong.append("wrote \(text): \(String(describing: written))") }
            }
        }
        #expect(wrong.values == [])
    }
}
