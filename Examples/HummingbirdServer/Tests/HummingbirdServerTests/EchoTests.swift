import Foundation
import Hummingbird
import HummingbirdServerApp
import HummingbirdTesting
import JSONMapper
import Testing

// The echo route through Hummingbird's test client: each GitHub issue of the shared data's paginate-issues.json
// comes back as the same JSON, and bodies that are malformed or hold a wrong type get a 400 that says where.

@Suite("POST /issues/echo")
struct EchoTests {
    /// `../shared/data/github/paginate-issues.json` beside the repository, as the library's tests find it.
    static let issuesFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/github/paginate-issues.json")

    /// The issues of the file, each as JSON text.
    static func issues() throws -> [JSONValue] {
        let data = try Data(contentsOf: issuesFile)
        guard case .array(let elements) = try JSONValue(parsing: data) else {
            Issue.record("\(issuesFile.path) does not hold an array")
            return []
        }
        return elements
    }

    /// `value` without its `null` members, which a synthesized `encode(to:)` leaves out.
    static func withoutNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(withoutNulls))
        case .object(let object):
            .object(JSONValue.Object(object.filter { !$0.value.isNull }.map { ($0.key, withoutNulls($0.value)) }))
        default: value
        }
    }

    /// Posts `body` to the echo route and hands the response's status and text to `check`.
    static func post(_ body: Data, _ check: @escaping @Sendable (HTTPResponse.Status, String) throws -> Void)
        async throws
    {
        let app = Application(router: buildRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/issues/echo", method: .post, body: ByteBuffer(bytes: body)) { response in
                try check(response.status, String(decoding: response.body.readableBytesView, as: UTF8.self))
            }
        }
    }

    @Test("each issue comes back as the same JSON (less its nulls)")
    func echo() async throws {
        let issues = try Self.issues()
        #expect(issues.count == 3)
        for issue in issues {
            let expected = Self.withoutNulls(issue)
            try await Self.post(try JSONMapper.data(from: issue)) { status, text in
                let echoed = try JSONValue(parsing: Data(text.utf8))
                #expect(status == .ok)
                #expect(echoed == expected)
                #expect(text.contains(#""created_at":"2017-10-10T16:00:00Z""#))
            }
        }
    }

    @Test("a malformed body is a 400 that names the line and column")
    func malformed() async throws {
        try await Self.post(Data("{\n  \"id\": 1,\n}".utf8)) { status, text in
            #expect(status == .badRequest)
            #expect(text.contains("line 3, column 1"), "\(text)")
        }
    }

    @Test("a value of the wrong type is a 400 that names its path")
    func wrongType() async throws {
        let issue = try #require(try Self.issues().first)
        guard case .object(var members) = issue, case .object(var user) = members["user"] else {
            Issue.record("the issue has no user object")
            return
        }
        user["id"] = .string("1000")
        members["user"] = .object(user)
        try await Self.post(try JSONMapper.data(from: JSONValue.object(members))) { status, text in
            #expect(status == .badRequest)
            #expect(text.contains("user.id"), "\(text)")
        }
    }
}
