import Foundation
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
}
