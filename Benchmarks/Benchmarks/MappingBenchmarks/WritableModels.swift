import JSONMapper

// The write side of the benchmark models: each writes the members its `init(_ c:)` reads, in the same order, with
// the same keys as its Codable `CodingKeys`, so JSONMapper and JSONEncoder write the same documents.

extension Timeline: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("statuses", statuses)
        c.set("search_metadata", searchMetadata)
    }
}

extension Status: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("id_str", idStr)
        c.set("text", text)
        c.set("created_at", createdAt)
        c.set("source", source)
        c.set("truncated", truncated)
        c.set("in_reply_to_status_id", inReplyToStatusID)
        c.set("in_reply_to_user_id", inReplyToUserID)
        c.set("in_reply_to_screen_name", inReplyToScreenName)
        c.set("user", user)
        c.set("entities", entities)
        c.set("metadata", metadata)
        c.set("retweet_count", retweetCount)
        c.set("favorite_count", favoriteCount)
        c.set("favorited", favorited)
        c.set("retweeted", retweeted)
        c.set("possibly_sensitive", possiblySensitive)
        c.set("lang", lang)
        c.set("retweeted_status", retweetedStatus)
    }
}

extension StatusMetadata: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("result_type", resultType)
        c.set("iso_language_code", isoLanguageCode)
    }
}

extension User: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("id_str", idStr)
        c.set("name", name)
        c.set("screen_name", screenName)
        c.set("location", location)
        c.set("description", description)
        c.set("url", url)
        c.set("protected", protected)
        c.set("followers_count", followersCount)
        c.set("friends_count", friendsCount)
        c.set("listed_count", listedCount)
        c.set("created_at", createdAt)
        c.set("favourites_count", favouritesCount)
        c.set("utc_offset", utcOffset)
        c.set("time_zone", timeZone)
        c.set("geo_enabled", geoEnabled)
        c.set("verified", verified)
        c.set("statuses_count", statusesCount)
        c.set("lang", lang)
        c.set("profile_image_url", profileImageURL)
        c.set("profile_image_url_https", profileImageURLHTTPS)
        c.set("profile_background_color", profileBackgroundColor)
        c.set("default_profile", defaultProfile)
        c.set("following", following)
        c.set("follow_request_sent", followRequestSent)
        c.set("notifications", notifications)
    }
}

extension Entities: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("hashtags", hashtags)
        c.set("urls", urls)
        c.set("user_mentions", userMentions)
    }
}

extension Hashtag: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("text", text)
        c.set("indices", indices)
    }
}

extension URLEntity: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("url", url)
        c.set("expanded_url", expandedURL)
        c.set("display_url", displayURL)
        c.set("indices", indices)
    }
}

extension UserMention: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("screen_name", screenName)
        c.set("name", name)
        c.set("id", id)
        c.set("indices", indices)
    }
}

extension SearchMetadata: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("completed_in", completedIn)
        c.set("max_id", maxID)
        c.set("query", query)
        c.set("refresh_url", refreshURL)
        c.set("count", count)
        c.set("since_id", sinceID)
    }
}

extension Catalog: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("areaNames", areaNames)
        c.set("audienceSubCategoryNames", audienceSubCategoryNames)
        c.set("blockNames", blockNames)
        c.set("events", events)
        c.set("performances", performances)
        c.set("seatCategoryNames", seatCategoryNames)
        c.set("subTopicNames", subTopicNames)
        c.set("subjectNames", subjectNames)
        c.set("topicNames", topicNames)
        c.set("topicSubTopics", topicSubTopics)
        c.set("venueNames", venueNames)
    }
}

extension Event: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("name", name)
        c.set("description", description)
        c.set("logo", logo)
        c.set("subTopicIds", subTopicIds)
        c.set("subjectCode", subjectCode)
        c.set("subtitle", subtitle)
        c.set("topicIds", topicIds)
    }
}

extension Performance: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("eventId", eventId)
        c.set("name", name)
        c.set("logo", logo)
        c.set("prices", prices)
        c.set("seatCategories", seatCategories)
        c.set("seatMapImage", seatMapImage)
        c.set("start", start)
        c.set("venueCode", venueCode)
    }
}

extension Price: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("amount", amount)
        c.set("audienceSubCategoryId", audienceSubCategoryId)
        c.set("seatCategoryId", seatCategoryId)
    }
}

extension SeatCategory: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("areas", areas)
        c.set("seatCategoryId", seatCategoryId)
    }
}

extension Area: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("areaId", areaId)
        c.set("blockIds", blockIds)
    }
}

extension FeatureCollection: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("type", type)
        c.set("features", features)
    }
}

extension Feature: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("type", type)
        c.set("properties", properties)
        c.set("geometry", geometry)
    }
}

extension Geometry: JSONWritable {
    func write(to c: JSONSerializationContext) {
        c.set("type", type)
        c.set("coordinates", coordinates)
    }
}
