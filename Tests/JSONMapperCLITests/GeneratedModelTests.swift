import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

/// The files in `Generated/` are what `jsonmapper generate` prints, compiled into this test target: each test
/// checks that `generate` still prints the file byte for byte, then maps the sample with the compiled models and
/// writes it back.
enum GeneratedFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")

    /// The committed source of `Generated/name`.
    static func source(_ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        return String(
            decoding: try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)"),
            as: UTF8.self)
    }
}

@Suite("Generated models compile, map and write back their samples")
struct GeneratedModelTests {
    @Test(
        "generate still prints every committed Generated/ file byte for byte",
        arguments: [
            ("Order.swift", ["order_sample_1.json", "order_sample_2.json"], ["--name", "Order"]),
            ("Repository.swift", ["repository.json"], ["--name", "Repository"]),
            ("Torture.swift", ["torture.json"], ["--name", "Torture"]),
            ("DeepArrays.swift", ["deep_arrays.json"], ["--name", "DeepArrays"]),
            (
                "EventsCodable.swift", [],
                ["--lines", fixturePath("events.jsonl"), "--enums", "--codable", "--namespace", "EventsCodable"]
            ),
            (
                "TortureOptions.swift", ["torture.json"],
                ["--name", "Torture", "--public", "--enums", "--class", "--namespace", "TortureOptions"]
            ),
        ])
    func committedSources(file: String, samples: [String], options: [String]) throws {
        let run = CapturedRun(["generate"] + samples.map(fixturePath) + options)
        #expect(run.status == 0)
        #expect(run.errorOutput == "")
        #expect(run.output == (try GeneratedFiles.source(file)))
    }

    @Test("the order models map both samples with no errors and write them back")
    func order() throws {
        for sample in ["order_sample_1.json", "order_sample_2.json"] {
            let data = try TestFiles.fixture(sample)
            let differences = try RoundTripComparison.check(Order.self, data, nullsIncluded: true)
            #expect(differences == [], "\(sample)")
            #expect(Order(JSONMapper.context(data)).customer.firstName2.hasSuffix("."))
        }
        let first = Order(JSONMapper.context(try TestFiles.fixture("order_sample_1.json")))
        #expect(first.orderID == UInt64.max)
        #expect(first.placedAt == Date(timeIntervalSince1970: 1_793_611_800))
        #expect(first.customer.id == 42)
        #expect(first.customer.`class` == "gold")
        #expect(first.customer._2faEnabled)
        #expect(first.lineItems.map(\.sku) == ["KET-1", "TEA-3"])
        #expect(first.lineItems[0].dimensions == [[10, 20], [15, 25]])
        #expect(first.lineItems[1].giftNote == "Happy birthday")
        #expect(first.warehouseStock["1001"]?.onHand == 12)
        #expect(first.shippingAddress.floor == nil)
        #expect(first.totals.discount == nil)
        #expect(first == Order(JSONMapper.context(try TestFiles.fixture("order_sample_1.json"))))
        #expect(first != Order(JSONMapper.context(try TestFiles.fixture("order_sample_2.json"))))
    }

    @Test("the repository models map GitHub's payload, the typealiased places too, and write it back")
    func repository() throws {
        let data = try TestFiles.fixture("repository.json")
        #expect(try RoundTripComparison.check(Repository.self, data, nullsIncluded: true) == [])
        let repository = try JSONMapper.decode(Repository.self, from: data)
        #expect(repository.fullName == "ada/lamplighter")
        #expect(repository.owner.htmlURL == URL(string: "https://github.example/ada"))
        #expect(repository.createdAt == Date(timeIntervalSince1970: 1_769_454_072))
        let security = repository.securityAndAnalysis
        #expect(security.advancedSecurity == security.secretScanning)
        #expect(security.secretScanningPushProtection.status == "disabled")
    }

    @Test("a generated model can be changed and written back, with the sample's nulls, and built by hand")
    func editRepository() throws {
        let repository = try JSONMapper.decode(Repository.self, from: try TestFiles.fixture("repository.json"))
        var changed = repository
        changed.description = "Lights the lamps at dawn"
        changed.owner.login = "grace"
        #expect(changed != repository)
        let written = try JSONMapper.string(from: changed)
        #expect(written.contains(#""description":"Lights the lamps at dawn""#))
        #expect(written.contains(#""login":"grace""#))
        #expect(written.contains(#""homepage":null"#))
        changed.homepage = "https://lamplighter.example"
        #expect(try JSONMapper.string(from: changed).contains(#""homepage":"https://lamplighter.example""#))
        let secretScanning = SecretScanning(status: "enabled")
        #expect(secretScanning.status == "enabled")
        #expect(try JSONMapper.string(from: secretScanning) == #"{"status":"enabled"}"#)
    }

    @Test("arrays 64 deep: the committed model (which compiles in a fraction of a second) maps and writes them")
    func deepArrays() throws {
        let data = try TestFiles.fixture("deep_arrays.json")
        #expect(try RoundTripComparison.check(DeepArrays.self, data, nullsIncluded: true) == [])
        let model = try JSONMapper.decode(DeepArrays.self, from: data)
        let nested = { (depth: Int, inner: String) in
            String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
        }
        #expect(
            try JSONMapper.string(from: model)
                == #"{"deep":\#(nested(64, "1,2")),"shallow":[[1,2],[3]],"deepObjects":\#(nested(24, #"{"x":1}"#))}"#)
        #expect(model.shallow == [[1, 2], [3]])
        #expect(model.deep.count == 1)
    }

    @Test("the torture models map every awkward key to the value under it")
    func tortureValues() throws {
        let data = try TestFiles.fixture("torture.json")
        let context = JSONMapper.context(data)
        let torture = Torture(context)
        #expect(context.errors == [])
        #expect(torture.selfValue == "the model itself")
        #expect(torture.selfValue2 == "the type itself")
        #expect(torture.initValue == "an initializer")
        #expect(torture.type == "a metatype")
        #expect(torture.`protocol` == "a protocol's metatype")
        #expect(torture.c == "the context parameter's name")
        #expect(torture.write == "a method's name")
        #expect(
            [torture.userID, torture.userID2, torture.userID3, torture.userID4, torture.userid5, torture.userID6]
                == [1, 2, 3, 4, 5, 6] as [Int])
        #expect([torture.name, torture.name3, torture.name4, torture.name2] == ["a", "b", "c", "d"])
        #expect(
            [torture.empty, torture.dollar, torture.dashDashDash, torture.at, torture.hash] == [
                "the empty key", "dollar", "dashes", "at", "hash",
            ])
        #expect(
            [torture.u20ac, torture.u1f389, torture.café, torture.名前, torture.éClé] == [
                "euro", "party", "coffee", "namae", "key",
            ])
        #expect(torture._2fa)
        #expect([torture.quoteKey, torture.backSlash, torture.newLine, torture.tabKey] == [1, 2, 3, 4] as [Int])
        #expect(torture.keywords.`class` == 2)
        #expect(torture.keywords.selfValue == 52)
        #expect(torture.keywords.selfValue2 == 53)
        #expect(torture.data.bytes == "AAEC")
        #expect(torture.url.location == URL(string: "https://example.com/a"))
        #expect(torture.selfLink.selfValue.href == URL(string: "https://example.com/items/1"))
        #expect(torture.rows.map { $0.map(\.cell) } == [["a1", "a2"], [], ["c1"]])
        #expect(torture.chain.next?.next?.label == "third")
        #expect(torture.chain.next?.next?.next == nil)
        #expect(torture.deep[1]?[0]?[0]?["y"] == [true])
        #expect(torture.created == Date(timeIntervalSince1970: 1_793_611_800))
        #expect(torture.updated == Date(timeIntervalSince1970: 1_793_611_800.25))
        #expect(torture.withOffset == "2026-11-02T10:30:00+01:00")
        #expect(torture.big == UInt64.max)
        #expect(torture.amounts == [1, 2.5, -300])
        #expect(torture.nothing == nil)
        #expect(torture.events.count == 12)
        #expect(torture == Torture(JSONMapper.context(data)))
    }

    @Test("the torture models write the fixture back, nulls included, with every option")
    func tortureRoundTrip() throws {
        let data = try TestFiles.fixture("torture.json")
        let plain = try RoundTripComparison.check(Torture.self, data, nullsIncluded: true)
        #expect(plain == [])
        let withOptions = try RoundTripComparison.check(TortureOptions.Torture.self, data, nullsIncluded: true)
        #expect(withOptions == [])
    }

    @Test("--enums: cases for keywords and awkward values, the fallback for a value the samples did not have")
    func tortureEnums() throws {
        typealias Options = TortureOptions
        let torture = Options.Torture(JSONMapper.context(try TestFiles.fixture("torture.json")))
        #expect(
            torture.events.prefix(6).map(\.kind) == [
                .default, .selfCase, .rawValueCase, .noneCase, .unknown2, .`protocol`,
            ])
        #expect(
            torture.events.map(\.kind.rawValue).prefix(6) == [
                "default", "self", "rawValue", "none", "Unknown", "protocol",
            ])
        #expect(torture.events.prefix(2).map(\.state) == [.inProgress, .done])
        // `unknown` is one of the samples' values, so it is the fallback: no case of its own.
        #expect(Options.Level.allCases == [.low, .unknown])
        #expect(Options.Kind.allCases.count == 7)

        let context = JSONMapper.context(
            json(#"{"kind": "brand-new", "state": "done", "level": "high", "at": "2026-11-02T09:30:00Z"}"#))
        let event = Options.Event(context)
        #expect(event.kind == .unknown)
        #expect(event.level == .unknown)
        #expect(context.errors == [])
        #expect(context.notices.map(\.path) == ["kind", "level"])
    }

    @Test("--public: memberwise initializers, and values that are Equatable and cross tasks")
    func tortureOptionsAPI() async throws {
        typealias Options = TortureOptions
        let chain = Options.Chain(id: 1, label: "one", next: Options.Chain(id: 2, label: "two"))
        #expect(try JSONMapper.string(from: chain) == #"{"id":1,"label":"one","next":{"id":2,"label":"two"}}"#)
        #expect(chain == Options.Chain(id: 1, label: "one", next: Options.Chain(id: 2, label: "two")))
        #expect(chain != Options.Chain(id: 1, label: "one"))
        let row = Options.Row(cell: "x")
        #expect(row.note == nil)
        let data = try TestFiles.fixture("torture.json")
        let mapped = await Task.detached { Options.Torture(JSONMapper.context(data)) }.value
        #expect(mapped == Options.Torture(JSONMapper.context(data)))
        #expect(mapped.chain.next?.label == "second")
    }

    @Test("a collection some samples leave out is written only when it has elements; one they all have, always")
    func optionalCollections() {
        typealias Options = TortureOptions
        let at = Date(timeIntervalSince1970: 0)
        let event = { (tags: [String]) in Options.Event(kind: .default, state: .done, level: .low, at: at, tags: tags) }
        #expect(written(event([])) == #"{"kind":"default","state":"done","level":"low","at":"1970-01-01T00:00:00Z"}"#)
        #expect(written(event(["a"])).hasSuffix(#","tags":["a"]}"#))
        #expect(written(Options.SetModel(members: [])) == #"{"members":[]}"#)
    }

    @Test(
        "twitter, citm_catalog and canada: the committed models map the file and write it back, nulls included",
        SharedDataSuite.generatedModels.trait,
        arguments: [
            ("twitter.json", "Twitter.swift", "TwitterModels"),
            ("citm_catalog.json", "CitmCatalog.swift", "CitmModels"),
            ("canada.json", "Canada.swift", "CanadaModels"),
        ])
    func benchmarkPayloads(payload: String, file: String, namespace: String) throws {
        let data = try TestFiles.benchmark(payload)
        let run = CapturedRun(["generate", TestFiles.benchmarkURL(payload).path, "--namespace", namespace])
        #expect(run.output == (try GeneratedFiles.source(file)))
        let differences =
            switch payload {
            case "twitter.json":
                try RoundTripComparison.check(TwitterModels.Twitter.self, data, nullsIncluded: true)
            case "citm_catalog.json":
                try RoundTripComparison.check(CitmModels.CitmCatalog.self, data, nullsIncluded: true)
            default:
                try RoundTripComparison.check(CanadaModels.Canada.self, data, nullsIncluded: true)
            }
        #expect(differences == [])
    }

    /// The inputs of `Generated/APIModels.swift` and the name given to each, as Scripts/regenerate-generated.sh
    /// generates it in one call.
    static let apiNames = [
        "Invitation", "BranchProtection", "CombinedStatus", "Organization", "Repository", "Issue", "ProjectCard",
        "Release", "IssueSearch", "Twitter", "CitmCatalog", "Canada",
    ]

    @Test(
        "GitHub responses and benchmark payloads generated in one call share types, map and write back, nulls included",
        SharedDataSuite.apiModels.trait)
    func apiModels() throws {
        let inputs =
            TestFiles.githubResponses.map(TestFiles.githubURL)
            + ["twitter.json", "citm_catalog.json", "canada.json"].map(TestFiles.benchmarkURL)
        let names = Self.apiNames.flatMap { ["--name", $0] }
        let run = CapturedRun(["generate"] + inputs.map(\.path) + names + ["--namespace", "APIModels", "--codable"])
        #expect(run.status == 0)
        #expect(run.errorOutput == "")
        #expect(run.output == (try GeneratedFiles.source("APIModels.swift")))

        typealias Models = APIModels
        let checks: [(Data) throws -> [String]] = [
            { try RoundTripComparison.check([Models.Invitation].self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.BranchProtection.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.CombinedStatus.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.Organization.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.Repository.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check([Models.Issue].self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check([Models.ProjectCard].self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.Release.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.IssueSearch.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.Twitter.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.CitmCatalog.self, $0, nullsIncluded: true) },
            { try RoundTripComparison.check(Models.Canada.self, $0, nullsIncluded: true) },
        ]
        // The same models with --codable, through JSONDecoder and JSONEncoder.
        let codableChecks: [(Data) throws -> [String]] = [
            { try Self.codableRoundTrip([Models.Invitation].self, $0) },
            { try Self.codableRoundTrip(Models.BranchProtection.self, $0) },
            { try Self.codableRoundTrip(Models.CombinedStatus.self, $0) },
            { try Self.codableRoundTrip(Models.Organization.self, $0) },
            { try Self.codableRoundTrip(Models.Repository.self, $0) },
            { try Self.codableRoundTrip([Models.Issue].self, $0) },
            { try Self.codableRoundTrip([Models.ProjectCard].self, $0) },
            { try Self.codableRoundTrip(Models.Release.self, $0) },
            { try Self.codableRoundTrip(Models.IssueSearch.self, $0) },
            { try Self.codableRoundTrip(Models.Twitter.self, $0) },
            { try Self.codableRoundTrip(Models.CitmCatalog.self, $0) },
            { try Self.codableRoundTrip(Models.Canada.self, $0) },
        ]
        var samples: [Data] = []
        for (url, (check, codableCheck)) in zip(inputs, zip(checks, codableChecks)) {
            let data = try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)")
            samples.append(data)
            #expect(try check(data) == [], "\(url.lastPathComponent)")
            #expect(try codableCheck(data) == [], "\(url.lastPathComponent), Codable")
        }

        // The repository's owner and the issues' users are one type: values of one go where the other is expected.
        let repository = try JSONMapper.decode(Models.Repository.self, from: samples[4])
        let issues = try JSONMapper.decode([Models.Issue].self, from: samples[5])
        let search = try JSONMapper.decode(Models.IssueSearch.self, from: samples[8])
        let users: [Models.User] = [repository.owner] + issues.map(\.user) + search.items.map(\.user)
        #expect(
            users.map(\.login) == [
                "octokit-fixture-org", "octokit-fixture-user-a", "octokit-fixture-user-a", "octokit-fixture-user-a",
                "octokit-fixture-user-b", "octokit-fixture-user-a",
            ])
        #expect(repository.description == nil)
        #expect(try JSONMapper.string(from: repository).contains(#""description":null"#))
        // The Codable conformances and JSONMapper read the same values.
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        snakeCase.dateDecodingStrategy = .iso8601
        #expect(try snakeCase.decode(Models.Repository.self, from: samples[4]) == repository)
        #expect(try snakeCase.decode([Models.Issue].self, from: samples[5]) == issues)
        // GitHub's reactions `+1` and `-1` are spoken names.
        #expect(issues[0].reactions.plusOne == 0)
        #expect(issues[0].reactions.minusOne == 0)
    }

    /// Decodes `data` with `JSONDecoder` under `.convertFromSnakeCase` and under the default key strategy (dates
    /// ISO 8601), checks that both give the same value, encodes it with `JSONEncoder` and returns the differences
    /// from `data`, nulls included.
    static func codableRoundTrip<T: Codable & Equatable>(
        _ type: T.Type, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        snakeCase.dateDecodingStrategy = .iso8601
        let plain = JSONDecoder()
        plain.dateDecodingStrategy = .iso8601
        let decoded = try snakeCase.decode(T.self, from: data)
        #expect(try plain.decode(T.self, from: data) == decoded, sourceLocation: sourceLocation)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let written = try encoder.encode(decoded)
        return RoundTripComparison.differences(
            try JSONValue(parsing: data), try JSONValue(parsing: written), nullsIncluded: true)
    }

    @Test("--codable with --enums: JSONDecoder reads each line as JSONMapper does; an unknown case is the fallback")
    func codableEvents() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = ISO8601DateFormatter().date(from: text) ?? formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
            }
            return date
        }
        let lines = String(decoding: try TestFiles.fixture("events.jsonl"), as: UTF8.self).split(separator: "\n")
        #expect(lines.count > 2)
        for line in lines {
            let data = Data(line.utf8)
            let decoded = try decoder.decode(EventsCodable.Event.self, from: data)
            #expect(decoded == EventsCodable.Event(JSONMapper.context(data)), "\(line)")
        }
        let unknown =
            #"{"id": 9, "kind": "brand-new", "at": "2026-11-02T09:30:00Z", "user": {"id": 1, "name": "A"}, "#
            + #""seats": []}"#
        #expect(try decoder.decode(EventsCodable.Event.self, from: Data(unknown.utf8)).kind == .unknown)
    }

    @Test(
        "--enums on GitHub responses: categories become enums, ids, logins and empty strings do not",
        SharedDataSuite.apiModels.trait)
    func githubEnums() {
        let inputs = ["get-repository.json", "paginate-issues.json", "search-issues.json"].map(TestFiles.githubURL)
        let names = ["--name", "A", "--name", "B", "--name", "C"]
        let run = CapturedRun(["generate"] + inputs.map(\.path) + names + ["--enums"])
        #expect(run.status == 0)
        let enums = run.output.split(separator: "\n").filter { $0.hasPrefix("enum ") }
        #expect(
            enums == [
                "enum TypeModel: String, CaseIterable, Sendable {", "enum State: String, CaseIterable, Sendable {",
                "enum AuthorAssociation: String, CaseIterable, Sendable {",
            ])
        #expect(!run.output.contains("case empty"))
    }

    @Test("twitter's statuses and retweeted statuses are one recursive class", SharedDataSuite.generatedModels.trait)
    func twitterRecursion() throws {
        let data = try TestFiles.benchmark("twitter.json")
        let twitter = try JSONMapper.decode(TwitterModels.Twitter.self, from: data)
        let retweets = twitter.statuses.compactMap(\.retweetedStatus)
        #expect(twitter.statuses.count == 100)
        #expect(retweets.count > 0)
        #expect(retweets.allSatisfy { $0.retweetedStatus == nil })
        #expect(twitter.statuses.reduce(0) { $0 + $1.entities.media.count } > 0)
    }

    @Test(
        "the comparison finds every kind of difference",
        arguments: [
            (#"{"a": 1, "b": null}"#, #"{"a": 1}"#, [String]()),
            (#"{"a": -65.613616999999977}"#, #"{"a": -65.61361699999998}"#, []),
            (#"{"a": 1}"#, #"{"a": 2}"#, [".a: 1 written back as 2"]),
            (#"{"a": 1, "b": "x"}"#, #"{"a": 1}"#, [".b: missing from the written document"]),
            (#"{"a": 1}"#, #"{"a": 1, "c": []}"#, [".c: written but not in the original"]),
            (#"{"a": [1, 2]}"#, #"{"a": [1]}"#, [".a: 2 elements written back as 1"]),
            (#"{"a": ["x"]}"#, #"{"a": ["y"]}"#, [#".a[0]: "x" written back as "y""#]),
        ])
    func comparison(original: String, written: String, expected: [String]) throws {
        let differences = RoundTripComparison.differences(
            try JSONValue(parsing: json(original)), try JSONValue(parsing: json(written)))
        #expect(differences == expected)
    }

    @Test(
        "nulls included, a null must come back as null and a member written as null must have been one",
        arguments: [
            (#"{"a": 1, "b": null}"#, #"{"a": 1, "b": null}"#, [String]()),
            (#"{"a": 1, "b": null}"#, #"{"a": 1}"#, [".b: missing from the written document"]),
            (#"{"a": 1}"#, #"{"a": 1, "b": null}"#, [".b: written but not in the original"]),
            (#"{"a": null}"#, #"{"a": 0}"#, [".a: null written back as 0"]),
        ])
    func comparisonWithNulls(original: String, written: String, expected: [String]) throws {
        let differences = RoundTripComparison.differences(
            try JSONValue(parsing: json(original)), try JSONValue(parsing: json(written)), nullsIncluded: true)
        #expect(differences == expected)
    }
}
