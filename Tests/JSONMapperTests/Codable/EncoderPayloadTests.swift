import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

// Real payloads through both encoders: the benchmark files (twitter, citm_catalog, canada) as a whole-document
// Codable tree and as synthesized models, and the GitHub API responses read with .convertFromSnakeCase and
// .iso8601 and written back with .convertToSnakeCase and .iso8601 (templated URLs, snake-case keys, dates).

/// Any JSON document as a plain `Codable` tree, decoded by `JSONDecoder` and encoded member by member.
private indirect enum Tree: Codable, Equatable {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([Tree]), object([String: Tree])

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: EncoderTestKey.self) {
            var members: [String: Tree] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(Tree.self, forKey: key) }
            self = .object(members)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [Tree] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(Tree.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? single.decode(Int64.self) {
                self = .int(int)
            } else if let double = try? single.decode(Double.self) {
                self = .double(double)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .int(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: EncoderTestKey.self)
            for (key, value) in members { try keyed.encode(value, forKey: EncoderTestKey(key)) }
        }
    }
}

private struct FeatureCollection: Codable, Equatable {
    var type: String
    var features: [Feature]

    struct Feature: Codable, Equatable {
        var type: String
        var properties: [String: String]
        var geometry: Geometry
    }

    struct Geometry: Codable, Equatable {
        var type: String
        var coordinates: [[[Double]]]
    }
}

private struct Catalog: Codable, Equatable {
    var areaNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var topicSubTopics: [String: [Int]]

    struct Event: Codable, Equatable {
        var id: Int
        var name: String
        var description: String?
        var logo: String?
        var subTopicIds: [Int]
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int]
    }

    struct Performance: Codable, Equatable {
        var eventId: Int
        var id: Int
        var logo: String?
        var name: String?
        var prices: [Price]
        var seatCategories: [SeatCategory]
        var start: Int
        var venueCode: String
    }

    struct Price: Codable, Equatable {
        var amount: Int
        var audienceSubCategoryId: Int
        var seatCategoryId: Int
    }

    struct SeatCategory: Codable, Equatable {
        var areas: [Area]
        var seatCategoryId: Int
    }

    struct Area: Codable, Equatable {
        var areaId: Int
        var blockIds: [Int]
    }
}

/// A GitHub issue as an app would model it: camel-case names, URLs, dates, optionals.
struct GitHubIssue: Codable, Equatable {
    var url: URL
    var repositoryUrl: URL
    var labelsUrl: String
    var htmlUrl: URL
    var id: Int
    var nodeId: String
    var number: Int
    var title: String
    var user: GitHubUser
    var labels: [GitHubLabel]
    var state: String
    var locked: Bool
    var assignee: GitHubUser?
    var assignees: [GitHubUser]
    var comments: Int
    var createdAt: Date
    var updatedAt: Date
    var closedAt: Date?
    var authorAssociation: String
    var body: String?
}

struct GitHubUser: Codable, Equatable {
    var login: String
    var id: Int
    var avatarUrl: URL
    var gravatarId: String
    var followingUrl: String
    var siteAdmin: Bool
    var type: String
}

struct GitHubLabel: Codable, Equatable {
    var id: Int
    var name: String
    var color: String
    var `default`: Bool
}

@Suite("JSONMapperEncoder: real payloads", SharedDataSuite.codableEncoding.trait)
struct EncoderPayloadTests {
    static let formattings: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    @Test("the benchmark payloads as whole trees", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func trees(name: String) throws {
        let tree = try JSONDecoder().decode(Tree.self, from: try TestFiles.benchmark(name))
        for formatting in Self.formattings {
            expectSameText(tree, EncoderSettings(outputFormatting: formatting))
        }
        // Unsorted: the same document in another member order.
        let unsorted = try JSONMapperEncoder().encode(tree)
        #expect(try JSONDecoder().decode(Tree.self, from: unsorted) == tree)
        #expect(try JSONValue(parsing: unsorted) == JSONValue(parsing: JSONEncoder().encode(tree)))
    }

    @Test("canada.json and citm_catalog.json as synthesized models")
    func synthesizedModels() throws {
        let canada = try JSONDecoder().decode(FeatureCollection.self, from: try TestFiles.benchmark("canada.json"))
        let citm = try JSONDecoder().decode(Catalog.self, from: try TestFiles.benchmark("citm_catalog.json"))
        for formatting in Self.formattings {
            expectSameText(canada, EncoderSettings(outputFormatting: formatting))
            expectSameText(citm, EncoderSettings(outputFormatting: formatting))
        }
        #expect(try JSONDecoder().decode(FeatureCollection.self, from: JSONMapperEncoder().encode(canada)) == canada)
        #expect(try JSONDecoder().decode(Catalog.self, from: JSONMapperEncoder().encode(citm)) == citm)
    }

    @Test("GitHub issues: snake case, ISO 8601 dates, templated URLs")
    func githubIssues() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let issues = try decoder.decode([GitHubIssue].self, from: try TestFiles.github("paginate-issues.json"))
        #expect(issues.count == 3)
        for formatting in Self.formattings {
            let settings = EncoderSettings(
                outputFormatting: formatting, dateEncodingStrategy: .iso8601, keyEncodingStrategy: .convertToSnakeCase)
            let text = expectSameText(issues, settings)
            #expect(text.contains("created_at") && text.contains("2017-10-10T16:00:00Z"))
        }
        let settings = EncoderSettings(
            outputFormatting: [], dateEncodingStrategy: .iso8601, keyEncodingStrategy: .convertToSnakeCase)
        #expect(try decoder.decode([GitHubIssue].self, from: settings.mapper.encode(issues)) == issues)
    }

    @Test("every GitHub response as a whole tree, snake-cased both ways")
    func githubTrees() throws {
        let names = [
            "add-and-remove-repository-collaborator.json", "branch-protection.json", "create-status.json",
            "get-organization.json", "get-repository.json", "paginate-issues.json", "project-cards.json",
            "release-assets.json", "search-issues.json",
        ]
        for name in names {
            let tree = try JSONDecoder().decode(Tree.self, from: try TestFiles.github(name))
            expectSameText(tree, EncoderSettings(keyEncodingStrategy: .convertToSnakeCase))
            expectSameText(tree, EncoderSettings(outputFormatting: [.sortedKeys, .prettyPrinted]))
        }
    }
}
