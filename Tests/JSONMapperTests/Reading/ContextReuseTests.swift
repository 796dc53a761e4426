import Dispatch
import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

#if os(Linux)
    import Synchronization
#endif

/// Contexts are reused for nested models while nothing holds them, and only by the thread that owns them. These
/// tests use them the ways a model can: from several threads at once, from a thread other than the one that made
/// them, and kept after the mapping.
@Suite("Reused contexts")
struct ContextReuseTests {
    /// Eight nested objects, arrays of objects and numbers, each tagged with its `k`.
    static func document() -> Data {
        var parts: [String] = []
        for k in 0..<8 {
            parts.append(#""o\#(k)": {"id": \#(k), "name": "x"}"#)
            parts.append(#""a\#(k)": [{"id": \#(k)}, {"id": \#(k + 100), "name": "y"}, {"id": \#(k + 200)}]"#)
            parts.append(#""n\#(k)": \#(k)"#)
        }
        return json("{" + parts.joined(separator: ",") + "}")
    }

    /// Reads its own context from 64 concurrent iterations, and records what it got wrong.
    final class ParallelModel: JSONSerializable, Sendable {
        let problems: [String]

        init(_ c: JSONDeserializationContext) {
            let found = SharedList<String>()
            DispatchQueue.concurrentPerform(iterations: 64) { i in
                let k = i % 8
                let leaf = c.getObject("o\(k)", ofClass: Leaf.self)
                let leaves = c.getArray("a\(k)", ofClass: Leaf.self)
                if leaf?.id != k { found.append("o\(k): \(String(describing: leaf?.id))") }
                if leaves.map(\.id) != [k, k + 100, k + 200] { found.append("a\(k): \(leaves.map(\.id))") }
                if c.getInt("n\(k)") != k { found.append("n\(k)") }
            }
            problems = found.values
        }
    }

    struct Leaf: JSONSerializable {
        let id: Int
        init(_ c: JSONDeserializationContext) { id = c.requireInt("id") }
    }

    @Test("a model that reads its context from many threads at once gets every value right")
    func concurrentReadsInOneModel() {
        for _ in 0..<50 {
            let c = JSONMapper.context(Self.document())
            let model = ParallelModel(c)
            #expect(model.problems == [])
            #expect(c.errors.isEmpty)
        }
    }

    /// A root object of 20,000 members, mapped on a thread other than the one that made its context.
    struct Wide: JSONSerializable {
        let values: [Int]
        init(_ c: JSONDeserializationContext) {
            values = (0..<20_000).map { c.requireInt("k\($0)") }
        }
    }

    @Test("a context made on one thread maps on another, with large objects and arrays of models")
    func mappedOnAnotherThread() async {
        let members = (0..<20_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
        let wide = JSONMapper.context(json("{" + members + "}"))
        let timeline = JSONMapper.context(ConcurrencyTests.document(7))
        let (values, statuses) = await Task.detached {
            (Wide(wide).values, LenientTimeline(timeline).statuses.map(\.user.screenName))
        }.value
        #expect(values == Array(0..<20_000))
        #expect(statuses == Array(repeating: "user7", count: 5))
        #expect(wide.errors.isEmpty && timeline.errors.isEmpty)
    }

    /// Keeps its context with a strong reference.
    final class Keeper: JSONSerializable, @unchecked Sendable {
        let context: JSONDeserializationContext
        let id: Int
        init(_ c: JSONDeserializationContext) {
            context = c
            id = c.requireInt("id")
        }
    }

    @Test("a context a model keeps is never reused: it reads its own element later, from any thread")
    func keptContexts() {
        let text =
            #"{"items": ["#
            + (0..<20).map { #"{"id": \#($0), "name": "n\#($0)", "sub": {"id": \#($0 * 10)}}"# }
            .joined(separator: ",") + "]}"
        let items = JSONMapper.context(json(text)).getArray("items", ofClass: Keeper.self)
        #expect(items.map(\.id) == Array(0..<20))
        let problems = SharedList<String>()
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            let item = items[i % 20]
            if item.context.path != "items[\(i % 20)]" { problems.append("path \(item.context.path)") }
            if item.context.getString("name") != "n\(i % 20)" { problems.append("name \(i)") }
            if item.context.getObject("sub", ofClass: Keeper.self)?.id != (i % 20) * 10 { problems.append("sub \(i)") }
        }
        #expect(problems.values == [])
    }

    /// Requires `id`, and keeps its context when the element says `"keep": true`.
    final class Item: JSONSerializable, @unchecked Sendable {
        let id: Int
        let context: JSONDeserializationContext?
        init(_ c: JSONDeserializationContext) {
            id = c.requireInt("id")
            context = c.getBool("keep") == true ? c : nil
        }
    }

    @Test(
        "each element's context reads its own index, failure and unknown keys, reused or kept",
        arguments: [JSONMapper.Engine.native, .foundation])
    func elementsOfOneArray(engine: JSONMapper.Engine) {
        // Elements 1, 2 and 6 lack their id (2 right after 1, so a reused context must not carry 1's failure on,
        // and 3 must not inherit 2's); 3 and 4 keep their contexts, so 4 and 5 get other ones.
        let ids: [Int?] = [0, nil, nil, 3, 4, 5, nil, 7]
        let kept: Set<Int> = [3, 4]
        let elements = ids.enumerated().map { i, id in
            let members = [id.map { #""id": \#($0)"# }, kept.contains(i) ? #""keep": true"# : nil, #""extra": \#(i)"#]
            return "{" + members.compactMap { $0 }.joined(separator: ", ") + "}"
        }
        let array = "[" + elements.joined(separator: ", ") + "]"
        for (text, key) in [(#"{"items": \#(array)}"#, "items"), (array, "")] {
            let c = JSONMapper.context(json(text), engine: engine, options: .init(reportsUnknownKeys: true))
            let items = key.isEmpty ? c.getArray(ofClass: Item.self) : c.getArray(key, ofClass: Item.self)
            #expect(items.map(\.id) == [0, 3, 4, 5, 7])
            #expect(items.compactMap { $0.context?.path } == ["\(key)[3]", "\(key)[4]"])
            #expect(items.compactMap { $0.context?.getInt("extra") } == [3, 4])
            let failed = [1, 2, 6]
            #expect(c.errors.map(\.path) == failed.flatMap { ["\(key)[\($0)].id", "\(key)[\($0)]"] })
            // The kept contexts read their "extra" above.
            #expect(c.unknownKeys == [0, 1, 2, 5, 6, 7].map { "\(key)[\($0)].extra" })
            #expect(c.hasFailed == false)
        }
    }

    /// Requires `id` on a thread of its own, which it waits for, so that its failure is marked on that thread; then
    /// records, under the document's token `t`, its element's `n` and whether it has failed, asked on its own thread.
    struct ReadElsewhere: JSONSerializable {
        static let seen = SharedList<String>()
        let id: Int
        init(_ c: JSONDeserializationContext) {
            id = onAnotherThread { c.requireInt("id") }
            Self.seen.append("\(c.getString("t") ?? "?") \(c.getInt("n") ?? -1) \(c.hasFailed)")
        }
    }

    @Test(
        "a failure marked on another thread drops its element, and only its element, from a reused context",
        arguments: [JSONMapper.Engine.native, .foundation])
    func failuresMarkedOnAnotherThread(engine: JSONMapper.Engine) {
        // The owner asks whether each model failed without the lock when no failure may be marked: a failure
        // marked elsewhere must still be seen, by the model and the array (1, 4 and 5), and cleared for the next
        // element (2 right after 1, 6 after 5).
        let ids: [Int?] = [0, nil, 2, 3, nil, nil, 6]
        for round in 0..<20 {
            let token = "\(engine)-\(round)"
            let elements = ids.enumerated().map { n, id in
                "{"
                    + [id.map { #""id": \#($0)"# }, #""n": \#(n)"#, #""t": "\#(token)""#]
                    .compactMap { $0 }.joined(separator: ", ") + "}"
            }
            let c = JSONMapper.context(json("[" + elements.joined(separator: ", ") + "]"), engine: engine)
            let models = c.getArray(ofClass: ReadElsewhere.self)
            #expect(models.map(\.id) == [0, 2, 3, 6])
            let seen = ReadElsewhere.seen.values.filter { $0.hasPrefix(token + " ") }
            #expect(seen == ids.enumerated().map { n, id in "\(token) \(n) \(id == nil)" })
            #expect(c.errors.map(\.path) == [1, 4, 5].flatMap { ["[\($0)].id", "[\($0)]"] })
            #expect(!c.hasFailed)
        }
    }

    #if os(Linux)
        /// Counts, with relaxed atomics only (which order nothing for ThreadSanitizer), what the threads of
        /// ``HandsOff`` read wrong and how many have read.
        final class HandOffCounts: Sendable {
            let wrong = Atomic<Int>(0)
            let read = Atomic<Int>(0)

            /// One per engine, named by the documents' `t`: the two arguments of the test run at once.
            static let byEngine = ["native": HandOffCounts(), "foundation": HandOffCounts()]
        }

        /// Hands its context to a thread that it does not wait for: the thread reads the element's `id` and lets the
        /// context go, while the model only waits (relaxed, so that nothing orders the two threads for
        /// ThreadSanitizer) until the read is done, and a moment for the thread to let go.
        struct HandsOff: JSONSerializable {
            let n: Int
            init(_ c: JSONDeserializationContext) {
                n = c.getInt("n") ?? -1
                let counts = HandOffCounts.byEngine[c.getString("t") ?? ""]
                let expected = n
                let before = counts?.read.load(ordering: .relaxed) ?? 0
                detachedThread {
                    if c.getInt("id") != expected { counts?.wrong.add(1, ordering: .relaxed) }
                    counts?.read.add(1, ordering: .relaxed)
                }
                while (counts?.read.load(ordering: .relaxed) ?? .max) == before { sched_yield() }
                usleep(1_000)
            }
        }

        @Test(
            "a context a model handed to a thread it does not wait for is reused once the thread lets go, race-free",
            arguments: [JSONMapper.Engine.native, .foundation])
        func handedToAnUnjoinedThread(engine: JSONMapper.Engine) throws {
            // The reuse takes the session's lock even when nothing failed: the thread's getters took it last, and
            // it is the only order ThreadSanitizer sees between the thread's reads and the reuse's writes (the
            // runtime's uniqueness check is invisible to it). Without the lock the sanitizer reports races here.
            let name = engine == .native ? "native" : "foundation"
            let counts = try #require(HandOffCounts.byEngine[name])
            let (read, wrong) = (counts.read.load(ordering: .relaxed), counts.wrong.load(ordering: .relaxed))
            let elements = (0..<40).map { #"{"id": \#($0), "n": \#($0), "t": "\#(name)"}"# }
            let c = JSONMapper.context(json("[" + elements.joined(separator: ",") + "]"), engine: engine)
            let models = c.getArray(ofClass: HandsOff.self)
            #expect(models.map(\.n) == Array(0..<40))
            #expect(counts.read.load(ordering: .relaxed) - read == 40)
            #expect(counts.wrong.load(ordering: .relaxed) - wrong == 0)
            #expect(c.errors.isEmpty)
        }
    #endif

    @Test(
        "a reused element context reports again that it is not on an object",
        arguments: [JSONMapper.Engine.native, .foundation])
    func notAnObjectReportedPerElement(engine: JSONMapper.Engine) throws {
        // The not-an-object report is made once per context; the reuse for the next element must clear it. The
        // public getters never run on a reused context that is not on an object, so this drives the reuse itself.
        let c = JSONMapper.context(json("[5, 6, 7]"), engine: engine)
        var reusable: JSONDeserializationContext?
        var contexts: Set<ObjectIdentifier> = []
        try #require(c.node).forEachElement { position, element in
            let e = c._elementContext(
                &reusable, .other(element), position: position, .element, collection: .array(of: Int.self))
            contexts.insert(ObjectIdentifier(e))
            #expect(e.getInt("x") == nil)
            #expect(e.getInt("y") == nil)
            reusable = e
        }
        #expect(contexts.count == 1)
        #expect(c.errors.map(\.path) == ["[0]", "[1]", "[2]"])
    }

    @Test("an array of models allocates one context, however long it is")
    func oneContextPerArray() {
        // A weak reference cannot see a new context at a freed one's address: it is nil once that one is gone.
        final class Counter: JSONSerializable {
            nonisolated(unsafe) static weak var previous: JSONDeserializationContext?
            nonisolated(unsafe) static var same = 0
            init(_ c: JSONDeserializationContext) {
                if Self.previous === c { Self.same += 1 }
                Self.previous = c
            }
        }
        let text = "[" + Array(repeating: #"{"a": 1}"#, count: 1_000).joined(separator: ",") + "]"
        let models = JSONMapper.context(json(text)).getArray(ofClass: Counter.self)
        #expect(models.count == 1_000)
        #expect(Counter.same == 999)
    }
}
