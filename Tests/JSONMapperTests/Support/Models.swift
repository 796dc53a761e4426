import Foundation
import JSONMapper

// Models the reading tests share: the README's, strict ones for the timeline fixtures, and the catalog's item.

// MARK: Models the README shows

final class Address: JSONSerializable {
    let city: String?
    let state: String?
    init(_ c: JSONDeserializationContext) {
        city = c.getString("city")
        state = c.getString("state")
    }
}

class Person: JSONSerializable {
    let name: String?
    let id: Int?
    let address: Address?
    let active: Bool?
    let roles: [String]
    let rating: Float?
    required init(_ c: JSONDeserializationContext) {
        name = c.getString("name")
        id = c.getInt("id")
        address = c.getObject("address", ofClass: Address.self)
        active = c.getBool("active")
        roles = c.getArray("roles")
        rating = c.getFloat("rating")
    }
}

struct PersonStruct: JSONSerializable {
    let name: String?
    let id: Int?
    let address: Address?
    init(_ c: JSONDeserializationContext) {
        name = c.getString("name")
        id = c.getInt("id")
        address = c.getObject("address", ofClass: Address.self)
    }
}

// MARK: Strict models

struct User: JSONSerializable {
    let id: Int
    let screenName: String
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        screenName = c.requireString("screen_name")
    }
}

struct Status: JSONSerializable {
    let id: Int64
    let text: String
    let user: User
    let retweetCount: Int
    let inReplyTo: Int64?
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt64("id")
        text = c.requireString("text")
        user = c.requireObject("user", ofClass: User.self)
        retweetCount = c.requireInt("retweet_count")
        inReplyTo = c.getInt64("in_reply_to_status_id")
    }
}

/// Requires every status: one bad status fails the timeline.
struct StrictTimeline: JSONSerializable {
    let statuses: [Status]
    init(_ c: JSONDeserializationContext) {
        statuses = c.requireArray("statuses", ofClass: Status.self)
    }
}

/// Keeps the statuses that map: one bad status is dropped.
struct LenientTimeline: JSONSerializable {
    let statuses: [Status]
    let count: Int?
    init(_ c: JSONDeserializationContext) {
        statuses = c.getArray("statuses", ofClass: Status.self)
        count = c.getObject("search_metadata", ofClass: SearchMetadata.self)?.count
    }
}

struct SearchMetadata: JSONSerializable {
    let count: Int
    init(_ c: JSONDeserializationContext) {
        count = c.requireInt("count")
    }
}

struct Item: JSONSerializable {
    let sku: String
    let name: String
    let price: Decimal?
    let tags: [String]
    init(_ c: JSONDeserializationContext) {
        sku = c.requireString("sku")
        name = c.requireString("name")
        price = c.getDecimal("price")
        tags = c.getArray("tags")
    }
}
