import Foundation
import Hummingbird

/// A GitHub issue as the REST API sends it (`GET /repos/{owner}/{repo}/issues`), with plain synthesized `Codable`:
/// camel-case names for its snake-case keys, `Date` for its ISO 8601 times, `URL` for its links. The templated
/// links (`…/labels{/name}`) stay strings: as URLs they would be written back percent-encoded.
public struct GitHubIssue: ResponseCodable, Equatable, Sendable {
    public var url: URL
    public var repositoryUrl: URL
    public var labelsUrl: String
    public var commentsUrl: URL
    public var eventsUrl: URL
    public var htmlUrl: URL
    public var id: Int
    public var nodeId: String
    public var number: Int
    public var title: String
    public var user: User
    public var labels: [Label]
    public var state: String
    public var locked: Bool
    public var assignee: User?
    public var assignees: [User]
    public var milestone: Milestone?
    public var comments: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?
    public var authorAssociation: String
    public var activeLockReason: String?
    public var body: String?
    public var reactions: Reactions
    public var timelineUrl: URL
    public var performedViaGithubApp: String?
    public var stateReason: String?

    public struct User: Codable, Equatable, Sendable {
        public var login: String
        public var id: Int
        public var nodeId: String
        public var avatarUrl: URL
        public var gravatarId: String
        public var url: URL
        public var htmlUrl: URL
        public var followersUrl: URL
        public var followingUrl: String
        public var gistsUrl: String
        public var starredUrl: String
        public var subscriptionsUrl: URL
        public var organizationsUrl: URL
        public var reposUrl: URL
        public var eventsUrl: String
        public var receivedEventsUrl: URL
        public var type: String
        public var siteAdmin: Bool
    }

    public struct Label: Codable, Equatable, Sendable {
        public var id: Int
        public var name: String
        public var color: String
        public var `default`: Bool
    }

    public struct Milestone: Codable, Equatable, Sendable {
        public var id: Int
        public var number: Int
        public var title: String
        public var state: String
    }

    public struct Reactions: Codable, Equatable, Sendable {
        public var url: URL
        public var totalCount: Int
        public var plusOne: Int
        public var minusOne: Int
        public var laugh: Int
        public var hooray: Int
        public var confused: Int
        public var heart: Int
        public var rocket: Int
        public var eyes: Int

        enum CodingKeys: String, CodingKey {
            case url, totalCount, plusOne = "+1", minusOne = "-1", laugh, hooray, confused, heart, rocket, eyes
        }
    }
}
