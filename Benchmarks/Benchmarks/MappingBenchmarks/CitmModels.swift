import Foundation
import JSONMapper

// citm_catalog.json: a ticketing catalog with events and performances keyed by id, and name dictionaries.

struct Catalog: JSONSerializable, Codable, Equatable {
    let areaNames: [String: String]
    let audienceSubCategoryNames: [String: String]
    let blockNames: [String: String]
    let events: [String: Event]
    let performances: [Performance]
    let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]
    let subjectNames: [String: String]
    let topicNames: [String: String]
    let topicSubTopics: [String: [Int]]
    let venueNames: [String: String]

    init(_ c: JSONDeserializationContext) {
        areaNames = c.getDictionary("areaNames")
        audienceSubCategoryNames = c.getDictionary("audienceSubCategoryNames")
        blockNames = c.getDictionary("blockNames")
        events = c.getDictionary("events", ofClass: Event.self)
        performances = c.requireArray("performances", ofClass: Performance.self)
        seatCategoryNames = c.getDictionary("seatCategoryNames")
        subTopicNames = c.getDictionary("subTopicNames")
        subjectNames = c.getDictionary("subjectNames")
        topicNames = c.getDictionary("topicNames")
        topicSubTopics = c.getDictionary("topicSubTopics")
        venueNames = c.getDictionary("venueNames")
    }

    init(json: [String: Any]) {
        areaNames = json["areaNames"] as? [String: String] ?? [:]
        audienceSubCategoryNames = json["audienceSubCategoryNames"] as? [String: String] ?? [:]
        blockNames = json["blockNames"] as? [String: String] ?? [:]
        events = (json["events"] as? [String: [String: Any]] ?? [:]).mapValues(Event.init(json:))
        performances = json.objects("performances").map(Performance.init(json:))
        seatCategoryNames = json["seatCategoryNames"] as? [String: String] ?? [:]
        subTopicNames = json["subTopicNames"] as? [String: String] ?? [:]
        subjectNames = json["subjectNames"] as? [String: String] ?? [:]
        topicNames = json["topicNames"] as? [String: String] ?? [:]
        topicSubTopics = json["topicSubTopics"] as? [String: [Int]] ?? [:]
        venueNames = json["venueNames"] as? [String: String] ?? [:]
    }
}

struct Event: JSONSerializable, Codable, Equatable {
    let id: Int
    let name: String
    let description: String?
    let logo: String?
    let subTopicIds: [Int]
    let subjectCode: String?
    let subtitle: String?
    let topicIds: [Int]

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.requireString("name")
        description = c.getString("description")
        logo = c.getString("logo")
        subTopicIds = c.getArray("subTopicIds")
        subjectCode = c.getString("subjectCode")
        subtitle = c.getString("subtitle")
        topicIds = c.getArray("topicIds")
    }

    init(json: [String: Any]) {
        id = json.int("id")
        name = json.string("name")
        description = json["description"] as? String
        logo = json["logo"] as? String
        subTopicIds = json["subTopicIds"] as? [Int] ?? []
        subjectCode = json["subjectCode"] as? String
        subtitle = json["subtitle"] as? String
        topicIds = json["topicIds"] as? [Int] ?? []
    }
}

struct Performance: JSONSerializable, Codable, Equatable {
    let id: Int
    let eventId: Int
    let name: String?
    let logo: String?
    let prices: [Price]
    let seatCategories: [SeatCategory]
    let seatMapImage: String?
    let start: Int64
    let venueCode: String

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        eventId = c.requireInt("eventId")
        name = c.getString("name")
        logo = c.getString("logo")
        prices = c.getArray("prices", ofClass: Price.self)
        seatCategories = c.getArray("seatCategories", ofClass: SeatCategory.self)
        seatMapImage = c.getString("seatMapImage")
        start = c.requireInt64("start")
        venueCode = c.requireString("venueCode")
    }

    init(json: [String: Any]) {
        id = json.int("id")
        eventId = json.int("eventId")
        name = json["name"] as? String
        logo = json["logo"] as? String
        prices = json.objects("prices").map(Price.init(json:))
        seatCategories = json.objects("seatCategories").map(SeatCategory.init(json:))
        seatMapImage = json["seatMapImage"] as? String
        start = json.int64("start")
        venueCode = json.string("venueCode")
    }
}

struct Price: JSONSerializable, Codable, Equatable {
    let amount: Int
    let audienceSubCategoryId: Int
    let seatCategoryId: Int

    init(_ c: JSONDeserializationContext) {
        amount = c.requireInt("amount")
        audienceSubCategoryId = c.requireInt("audienceSubCategoryId")
        seatCategoryId = c.requireInt("seatCategoryId")
    }

    init(json: [String: Any]) {
        amount = json.int("amount")
        audienceSubCategoryId = json.int("audienceSubCategoryId")
        seatCategoryId = json.int("seatCategoryId")
    }
}

struct SeatCategory: JSONSerializable, Codable, Equatable {
    let areas: [Area]
    let seatCategoryId: Int

    init(_ c: JSONDeserializationContext) {
        areas = c.getArray("areas", ofClass: Area.self)
        seatCategoryId = c.requireInt("seatCategoryId")
    }

    init(json: [String: Any]) {
        areas = json.objects("areas").map(Area.init(json:))
        seatCategoryId = json.int("seatCategoryId")
    }
}

struct Area: JSONSerializable, Codable, Equatable {
    let areaId: Int
    let blockIds: [Int]

    init(_ c: JSONDeserializationContext) {
        areaId = c.requireInt("areaId")
        blockIds = c.getArray("blockIds")
    }

    init(json: [String: Any]) {
        areaId = json.int("areaId")
        blockIds = json["blockIds"] as? [Int] ?? []
    }
}
