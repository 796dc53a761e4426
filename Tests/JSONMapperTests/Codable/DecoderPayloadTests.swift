import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Real documents through both decoders: the benchmark payloads, and GitHub API responses read with
/// `.convertFromSnakeCase` and `.iso8601` (snake-case keys, ISO 8601 dates, templated URLs such as `{/name}`).
@Suite("JSONMapperDecoder: real payloads against JSONDecoder", SharedDataSuite.codableDecoding.trait)
struct DecoderPayloadTests {
    @Test("every value of the benchmark payloads", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func benchmarkPayloads(name: String) throws {
        let data = try TestFiles.benchmark(name)
        #expect(expectSameDecoding(AnyJSON.self, data).isValue)
    }

    struct FeatureCollection: Decodable, Equatable {
        let type: String
        let features: [Feature]
    }

    struct Feature: Decodable, Equatable {
        let type: String
        let properties: [String: String]
        let geometry: Geometry
    }

    struct Geometry: Decodable, Equatable {
        let type: String
        let coordinates: [[[Double]]]
    }

    @Test("canada.json as a synthesized model: every coordinate the nearest Double, as JSONDecoder reads it")
    func canadaModel() throws {
        let data = try TestFiles.benchmark("canada.json")
        let outcome = expectSameDecoding(FeatureCollection.self, data)
        guard case .value(let collection) = outcome else {
            Issue.record("JSONDecoder failed: \(outcome)")
            return
        }
        #expect(collection.features.first?.geometry.coordinates.joined().count ?? 0 > 1000)
    }

    struct Issue21: Decodable, Equatable {
        let url: URL
        let repositoryUrl: URL
        let labelsUrl: URL
        let id: Int
        let nodeId: String
        let number: Int
        let title: String
        let user: GitHubUser
        let labels: [JSONValue]
        let state: String
        let locked: Bool
        let assignee: GitHubUser?
        let assignees: [GitHubUser]
        let comments: Int
        let createdAt: Date
        let updatedAt: Date
        let closedAt: Date?
        let authorAssociation: String
        let body: String?
        let reactions: [String: JSONValue]
    }

    struct GitHubUser: Decodable, Equatable {
        let login: String
        let id: Int
        let avatarUrl: URL
        let followingUrl: URL
        let starredUrl: URL
        let type: String
        let siteAdmin: Bool
    }

    static var github: DecoderSettings {
        var settings = DecoderSettings()
        settings.keys = .convertFromSnakeCase
        settings.date = .iso8601
        return settings
    }

    @Test("GitHub issues as a model: snake case, ISO 8601 dates, templated URLs")
    func githubIssues() throws {
        let data = try TestFiles.github("paginate-issues.json")
        let outcome = expectSameDecoding([Issue21].self, data, Self.github)
        guard case .value(let issues) = outcome else {
            Issue.record("JSONDecoder failed: \(outcome)")
            return
        }
        #expect(issues.count == 3)
        #expect(
            issues.first?.labelsUrl.absoluteString.hasSuffix("labels%7B/name%7D") == true
                || issues.first?.labelsUrl.absoluteString.hasSuffix("labels{/name}") == true)
    }

    @Test(
        "every GitHub response, whole",
        arguments: [
            "add-and-remove-repository-collaborator.json", "branch-protection.json", "create-status.json",
            "get-organization.json", "get-repository.json", "paginate-issues.json", "project-cards.json",
            "release-assets.json",
        ])
    func githubResponses(name: String) throws {
        let data = try TestFiles.github(name)
        #expect(expectSameDecoding(AnyJSON.self, data, Self.github).isValue)
    }
}
