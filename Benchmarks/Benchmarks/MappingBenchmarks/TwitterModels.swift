import Foundation
import JSONMapper

// The models an app reading the Twitter search API would write, each mappable three ways: JSONMapper's
// `init(_ c:)`, a hand-written `init(json:)` over JSONSerialization's tree, and a synthesized `Decodable`.

struct Timeline: JSONSerializable, Codable, Equatable {
    let statuses: [Status]
    let searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    init(_ c: JSONDeserializationContext) {
        statuses = c.requireArray("statuses", ofClass: Status.self)
        searchMetadata = c.requireObject("search_metadata", ofClass: SearchMetadata.self)
    }

    init(json: [String: Any]) {
        statuses = json.objects("statuses").map(Status.init(json:))
        searchMetadata = SearchMetadata(json: json.object("search_metadata"))
    }
}

final class Status: JSONSerializable, Codable, Equatable {
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: String
    let source: String
    let truncated: Bool
    let inReplyToStatusID: Int64?
    let inReplyToUserID: Int64?
    let inReplyToScreenName: String?
    let user: User
    let entities: Entities
    let metadata: StatusMetadata
    let retweetCount: Int
    let favoriteCount: Int
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String
    let retweetedStatus: Status?

    enum CodingKeys: String, CodingKey {
        case id, text, source, truncated, user, entities, metadata, favorited, retweeted, lang
        case idStr = "id_str"
        case createdAt = "created_at"
        case inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToUserID = "in_reply_to_user_id"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case possiblySensitive = "possibly_sensitive"
        case retweetedStatus = "retweeted_status"
    }

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt64("id")
        idStr = c.requireString("id_str")
        text = c.requireString("text")
        createdAt = c.requireString("created_at")
        source = c.requireString("source")
        truncated = c.requireBool("truncated")
        inReplyToStatusID = c.getInt64("in_reply_to_status_id")
        inReplyToUserID = c.getInt64("in_reply_to_user_id")
        inReplyToScreenName = c.getString("in_reply_to_screen_name")
        user = c.requireObject("user", ofClass: User.self)
        entities = c.requireObject("entities", ofClass: Entities.self)
        metadata = c.requireObject("metadata", ofClass: StatusMetadata.self)
        retweetCount = c.requireInt("retweet_count")
        favoriteCount = c.requireInt("favorite_count")
        favorited = c.requireBool("favorited")
        retweeted = c.requireBool("retweeted")
        possiblySensitive = c.getBool("possibly_sensitive")
        lang = c.requireString("lang")
        retweetedStatus = c.getObject("retweeted_status", ofClass: Status.self)
    }

    init(json: [String: Any]) {
        id = json.int64("id")
        idStr = json.string("id_str")
        text = json.string("text")
        createdAt = json.string("created_at")
        source = json.string("source")
        truncated = json.bool("truncated")
        inReplyToStatusID = (json["in_reply_to_status_id"] as? NSNumber)?.int64Value
        inReplyToUserID = (json["in_reply_to_user_id"] as? NSNumber)?.int64Value
        inReplyToScreenName = json["in_reply_to_screen_name"] as? String
        user = User(json: json.object("user"))
        entities = Entities(json: json.object("entities"))
        metadata = StatusMetadata(json: json.object("metadata"))
        retweetCount = json.int("retweet_count")
        favoriteCount = json.int("favorite_count")
        favorited = json.bool("favorited")
        retweeted = json.bool("retweeted")
        possiblySensitive = json["possibly_sensitive"] as? Bool
        lang = json.string("lang")
        retweetedStatus = (json["retweeted_status"] as? [String: Any]).map(Status.init(json:))
    }

    static func == (lhs: Status, rhs: Status) -> Bool {
        lhs.id == rhs.id && lhs.idStr == rhs.idStr && lhs.text == rhs.text && lhs.createdAt == rhs.createdAt
            && lhs.source == rhs.source && lhs.truncated == rhs.truncated
            && lhs.inReplyToStatusID == rhs.inReplyToStatusID && lhs.inReplyToUserID == rhs.inReplyToUserID
            && lhs.inReplyToScreenName == rhs.inReplyToScreenName && lhs.user == rhs.user
            && lhs.entities == rhs.entities && lhs.metadata == rhs.metadata && lhs.retweetCount == rhs.retweetCount
            && lhs.favoriteCount == rhs.favoriteCount && lhs.favorited == rhs.favorited
            && lhs.retweeted == rhs.retweeted && lhs.possiblySensitive == rhs.possiblySensitive
            && lhs.lang == rhs.lang && lhs.retweetedStatus == rhs.retweetedStatus
    }
}

struct StatusMetadata: JSONSerializable, Codable, Equatable {
    let resultType: String
    let isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }

    init(_ c: JSONDeserializationContext) {
        resultType = c.requireString("result_type")
        isoLanguageCode = c.requireString("iso_language_code")
    }

    init(json: [String: Any]) {
        resultType = json.string("result_type")
        isoLanguageCode = json.string("iso_language_code")
    }
}

struct User: JSONSerializable, Codable, Equatable {
    let id: Int64
    let idStr: String
    let name: String
    let screenName: String
    let location: String
    let description: String
    let url: String?
    let protected: Bool
    let followersCount: Int
    let friendsCount: Int
    let listedCount: Int
    let createdAt: String
    let favouritesCount: Int
    let utcOffset: Int?
    let timeZone: String?
    let geoEnabled: Bool
    let verified: Bool
    let statusesCount: Int
    let lang: String
    let profileImageURL: String
    let profileImageURLHTTPS: String
    let profileBackgroundColor: String
    let defaultProfile: Bool
    let following: Bool
    let followRequestSent: Bool
    let notifications: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, location, description, url, protected, verified, lang, following, notifications
        case idStr = "id_str"
        case screenName = "screen_name"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case statusesCount = "statuses_count"
        case profileImageURL = "profile_image_url"
        case profileImageURLHTTPS = "profile_image_url_https"
        case profileBackgroundColor = "profile_background_color"
        case defaultProfile = "default_profile"
        case followRequestSent = "follow_request_sent"
    }

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt64("id")
        idStr = c.requireString("id_str")
        name = c.requireString("name")
        screenName = c.requireString("screen_name")
        location = c.requireString("location")
        description = c.requireString("description")
        url = c.getString("url")
        protected = c.requireBool("protected")
        followersCount = c.requireInt("followers_count")
        friendsCount = c.requireInt("friends_count")
        listedCount = c.requireInt("listed_count")
        createdAt = c.requireString("created_at")
        favouritesCount = c.requireInt("favourites_count")
        utcOffset = c.getInt("utc_offset")
        timeZone = c.getString("time_zone")
        geoEnabled = c.requireBool("geo_enabled")
        verified = c.requireBool("verified")
        statusesCount = c.requireInt("statuses_count")
        lang = c.requireString("lang")
        profileImageURL = c.requireString("profile_image_url")
        profileImageURLHTTPS = c.requireString("profile_image_url_https")
        profileBackgroundColor = c.requireString("profile_background_color")
        defaultProfile = c.requireBool("default_profile")
        following = c.requireBool("following")
        followRequestSent = c.requireBool("follow_request_sent")
        notifications = c.requireBool("notifications")
    }

    init(json: [String: Any]) {
        id = json.int64("id")
        idStr = json.string("id_str")
        name = json.string("name")
        screenName = json.string("screen_name")
        location = json.string("location")
        description = json.string("description")
        url = json["url"] as? String
        protected = json.bool("protected")
        followersCount = json.int("followers_count")
        friendsCount = json.int("friends_count")
        listedCount = json.int("listed_count")
        createdAt = json.string("created_at")
        favouritesCount = json.int("favourites_count")
        utcOffset = json["utc_offset"] as? Int
        timeZone = json["time_zone"] as? String
        geoEnabled = json.bool("geo_enabled")
        verified = json.bool("verified")
        statusesCount = json.int("statuses_count")
        lang = json.string("lang")
        profileImageURL = json.string("profile_image_url")
        profileImageURLHTTPS = json.string("profile_image_url_https")
        profileBackgroundColor = json.string("profile_background_color")
        defaultProfile = json.bool("default_profile")
        following = json.bool("following")
        followRequestSent = json.bool("follow_request_sent")
        notifications = json.bool("notifications")
    }
}

struct Entities: JSONSerializable, Codable, Equatable {
    let hashtags: [Hashtag]
    let urls: [URLEntity]
    let userMentions: [UserMention]

    enum CodingKeys: String, CodingKey {
        case hashtags, urls
        case userMentions = "user_mentions"
    }

    init(_ c: JSONDeserializationContext) {
        hashtags = c.getArray("hashtags", ofClass: Hashtag.self)
        urls = c.getArray("urls", ofClass: URLEntity.self)
        userMentions = c.getArray("user_mentions", ofClass: UserMention.self)
    }

    init(json: [String: Any]) {
        hashtags = json.objects("hashtags").map(Hashtag.init(json:))
        urls = json.objects("urls").map(URLEntity.init(json:))
        userMentions = json.objects("user_mentions").map(UserMention.init(json:))
    }
}

struct Hashtag: JSONSerializable, Codable, Equatable {
    let text: String
    let indices: [Int]

    init(_ c: JSONDeserializationContext) {
        text = c.requireString("text")
        indices = c.getArray("indices")
    }

    init(json: [String: Any]) {
        text = json.string("text")
        indices = json["indices"] as? [Int] ?? []
    }
}

struct URLEntity: JSONSerializable, Codable, Equatable {
    let url: String
    let expandedURL: String
    let displayURL: String
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url, indices
        case expandedURL = "expanded_url"
        case displayURL = "display_url"
    }

    init(_ c: JSONDeserializationContext) {
        url = c.requireString("url")
        expandedURL = c.requireString("expanded_url")
        displayURL = c.requireString("display_url")
        indices = c.getArray("indices")
    }

    init(json: [String: Any]) {
        url = json.string("url")
        expandedURL = json.string("expanded_url")
        displayURL = json.string("display_url")
        indices = json["indices"] as? [Int] ?? []
    }
}

struct UserMention: JSONSerializable, Codable, Equatable {
    let screenName: String
    let name: String
    let id: Int64
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case name, id, indices
        case screenName = "screen_name"
    }

    init(_ c: JSONDeserializationContext) {
        screenName = c.requireString("screen_name")
        name = c.requireString("name")
        id = c.requireInt64("id")
        indices = c.getArray("indices")
    }

    init(json: [String: Any]) {
        screenName = json.string("screen_name")
        name = json.string("name")
        id = json.int64("id")
        indices = json["indices"] as? [Int] ?? []
    }
}

struct SearchMetadata: JSONSerializable, Codable, Equatable {
    let completedIn: Double
    let maxID: Int64
    let query: String
    let refreshURL: String
    let count: Int
    let sinceID: Int64

    enum CodingKeys: String, CodingKey {
        case query, count
        case completedIn = "completed_in"
        case maxID = "max_id"
        case refreshURL = "refresh_url"
        case sinceID = "since_id"
    }

    init(_ c: JSONDeserializationContext) {
        completedIn = c.requireDouble("completed_in")
        maxID = c.requireInt64("max_id")
        query = c.requireString("query")
        refreshURL = c.requireString("refresh_url")
        count = c.requireInt("count")
        sinceID = c.requireInt64("since_id")
    }

    init(json: [String: Any]) {
        completedIn = json["completed_in"] as? Double ?? 0
        maxID = json.int64("max_id")
        query = json.string("query")
        refreshURL = json.string("refresh_url")
        count = json.int("count")
        sinceID = json.int64("since_id")
    }
}
