import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// How a caller learns that a model failed: `hasFailed`/`failure` on a context, the report of `decodeWithReport`,
/// `localizedDescription`, and the `String` entry points.
@Suite("Failure reports and entry points")
struct ReportTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    struct Account: JSONSerializable {
        let id: Int
        let name: String?
        init(_ c: JSONDeserializationContext) {
            id = c.requireInt("id")
            name = c.getString("name")
        }
    }

    @Test("a valid document whose required value is missing: valid is true, hasFailed and failure say why")
    func validButFailed() {
        let c = context("{}")
        let account = Account(c)
        #expect(c.valid)
        #expect(c.hasFailed)
        #expect(account.id == 0)
        #expect(c.failure?.description == "id: missing required Int")
        #expect(descriptions(c) == ["id: missing required Int"])
    }

    @Test("a malformed document has failed too, with its syntax error as the failure")
    func malformedHasFailed() {
        let c = context(#"{"id": }"#)
        _ = Account(c)
        #expect(!c.valid)
        #expect(c.hasFailed)
        #expect(c.failure?.description == "id: line 1, column 8: expected a value, found '}'")
    }

    @Test("a model that mapped has neither a failure nor errors")
    func succeeded() {
        let c = context(#"{"id": 3, "name": "Ada"}"#)
        let account = Account(c)
        #expect(!c.hasFailed)
        #expect(c.failure == nil)
        #expect(account.id == 3)
        #expect(account.name == "Ada")
    }

    @Test("decodeWithReport keeps the dropped elements and mismatches that decode throws away", arguments: engines)
    func reportKeepsNonFatalErrors(engine: JSONMapper.Engine) throws {
        let data = try TestFiles.fixture("timeline.json")
        let report = try JSONMapper.decodeWithReport(LenientTimeline.self, from: data, engine: engine)
        #expect(report.model.statuses.map(\.id) == [101, 102, 103])
        #expect(
            report.errors.map(\.description) == [
                #"statuses[3].user.id: expected Int, found String "12""#,
                "statuses[3]: dropped from [Status]: a required value inside it failed",
            ])
        #expect(report.notices == [])
        #expect(report.unknownKeys == [])
    }

    @Test("decodeWithReport throws what decode throws")
    func reportThrows() throws {
        let data = try TestFiles.fixture("timeline.json")
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decodeWithReport(StrictTimeline.self, from: data)
        }
        #expect(error?.description == #"statuses[3].user.id: expected Int, found String "12""#)
    }

    @Test("decodeWithReport reports notices and unknown keys, for arrays and strings too")
    func reportNoticesAndUnknownKeys() throws {
        let options = JSONMapper.Options(
            coercion: CoercionPolicy(numbersFromStrings: true), reportsUnknownKeys: true)
        let report = try JSONMapper.decodeWithReport(
            [Account].self, from: #"[{"id": "7", "extra": true}, {"id": 8, "name": 5}]"#, options: options)
        #expect(report.model.map(\.id) == [7, 8])
        #expect(report.model.map(\.name) == [nil, nil])
        #expect(report.notices.map(\.description) == [#"[0].id: coerced String "7" to Int"#])
        #expect(report.errors.map(\.description) == ["[1].name: expected String, found Number 5"])
        #expect(report.unknownKeys == ["[0].extra"])

        let single = try JSONMapper.decodeWithReport(Account.self, from: #"{"id": 1}"#)
        #expect(single.model.id == 1)
        #expect(single.errors == [])
    }

    @Test("localizedDescription keeps the path and the message")
    func localizedDescription() throws {
        let data = try TestFiles.fixture("timeline.json")
        do {
            _ = try JSONMapper.decode(StrictTimeline.self, from: data)
            Issue.record("the decode should have failed")
        } catch {
            let logged: any Error = error
            #expect(logged.localizedDescription == #"statuses[3].user.id: expected Int, found String "12""#)
            #expect((logged as? LocalizedError)?.errorDescription == logged.localizedDescription)
        }
        let malformed = JSONMappingError(code: .malformedJSON, path: "", message: "unexpected end", line: 1, column: 2)
        #expect((malformed as any Error).localizedDescription == "line 1, column 2: unexpected end")
    }

    @Test("context and decode take JSON text in a String", arguments: engines)
    func stringEntryPoints(engine: JSONMapper.Engine) throws {
        let c = JSONMapper.context(#"{"id": 7, "name": "Zoë"}"#, engine: engine)
        #expect(c.valid)
        #expect(c.getString("name") == "Zoë")
        let account = try JSONMapper.decode(Account.self, from: #"{"id": 9}"#, engine: engine)
        #expect(account.id == 9)
        let accounts = try JSONMapper.decode([Account].self, from: #"[{"id": 1}, {"id": 2}]"#, engine: engine)
        #expect(accounts.map(\.id) == [1, 2])
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(Account.self, from: "[1,]", engine: .native)
        }
        #expect(
            error?.description
                == "[1]: line 1, column 4: expected a value after ',', found ']' (trailing commas are not allowed)")
    }
}
