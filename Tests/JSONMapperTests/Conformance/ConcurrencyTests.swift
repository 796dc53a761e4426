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
}
