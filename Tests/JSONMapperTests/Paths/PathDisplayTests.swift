import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Long paths are abbreviated in messages, so that a message fits on a screen, and kept whole in `path`.
@Suite("Long paths in messages")
struct PathDisplayTests {
    static let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)

    @Test("an error past the depth limit shows both ends of its path; path keeps all of it")
    func depthLimit() throws {
        let c = context(Self.deep)
        let error = try #require(c.errors.first)
        #expect(error.path == String(repeating: "[0]", count: 511))
        let ends = String(repeating: "[0]", count: 13)
        #expect(
            error.description
                == "\(ends)…(485 more steps)…\(ends): line 1, column 513: "
                + "nesting is deeper than the limit of 512 levels")
        #expect(error.description.count == 164)
        #expect((error as any Error).localizedDescription == error.description)
    }

    @Test("keys keep their quoting, long keys are cut, and short paths are left alone")
    func keys() {
        let long = String(repeating: "k", count: 1_000)
        let c = context(#"{"\#(long)": {"a.b": {"c": [{"d": true}]}}}"#)
        #expect(c.getInt(at: [.key(long), "a.b", "c", 0, "d"]) == nil)
        let error = c.errors.first
        #expect(error?.path == long + #"["a.b"].c[0].d"#)
        #expect(
            error?.description
                == String(repeating: "k", count: 31) + #"…["a.b"].c[0].d: expected Int, found Bool true"#)

        let short = context(#"{"statuses": [{"user": {"id": "12"}}]}"#)
        #expect(short.getInt(at: ["statuses", 0, "user", "id"]) == nil)
        #expect(descriptions(short) == [#"statuses[0].user.id: expected Int, found String "12""#])
    }

    @Test(
        "steps are split at dots and brackets outside quotes",
        arguments: [
            ("statuses[3].user.id", ["statuses", "[3]", ".user", ".id"]),
            (#"headers["content.type"].x"#, ["headers", #"["content.type"]"#, ".x"]),
            (#"[2]["a\"[b"]"#, ["[2]", #"["a\"[b"]"#]),
            ("", []),
        ])
    func steps(path: String, expected: [String]) {
        #expect(JSONPath.steps(of: path).map(String.init) == expected)
    }

    @Test("a long path of long keys keeps about 40 characters at each end")
    func manyKeys() {
        let path = (1...30).map { "member\($0)" }.joined(separator: ".")
        #expect(
            JSONPath.abbreviated(path)
                == "member1.member2.member3.member4.member5…(21 more steps)…member27.member28.member29.member30")
        let error = JSONMappingError(code: .typeMismatch, path: path, message: "expected Int, found null")
        #expect(error.description.hasSuffix("member30: expected Int, found null"))
        let notice = JSONMappingNotice(code: .coerced, path: path, message: "coerced String \"1\" to Int")
        #expect(notice.description.hasPrefix("member1.member2.member3.member4.member5…(21 more steps)…member27"))
    }
}
