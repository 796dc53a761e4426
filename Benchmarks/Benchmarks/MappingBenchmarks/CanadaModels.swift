import Foundation
import JSONMapper

// canada.json: a GeoJSON feature collection, almost all floating-point coordinates.

struct FeatureCollection: JSONSerializable, Codable, Equatable {
    let type: String
    let features: [Feature]

    init(_ c: JSONDeserializationContext) {
        type = c.requireString("type")
        features = c.requireArray("features", ofClass: Feature.self)
    }

    init(json: [String: Any]) {
        type = json.string("type")
        features = json.objects("features").map(Feature.init(json:))
    }
}

struct Feature: JSONSerializable, Codable, Equatable {
    let type: String
    let properties: [String: String]
    let geometry: Geometry

    init(_ c: JSONDeserializationContext) {
        type = c.requireString("type")
        properties = c.getDictionary("properties")
        geometry = c.requireObject("geometry", ofClass: Geometry.self)
    }

    init(json: [String: Any]) {
        type = json.string("type")
        properties = json["properties"] as? [String: String] ?? [:]
        geometry = Geometry(json: json.object("geometry"))
    }
}

struct Geometry: JSONSerializable, Codable, Equatable {
    let type: String
    let coordinates: [[[Double]]]

    init(_ c: JSONDeserializationContext) {
        type = c.requireString("type")
        coordinates = c.requireArray("coordinates")
    }

    init(json: [String: Any]) {
        type = json.string("type")
        coordinates = json["coordinates"] as? [[[Double]]] ?? []
    }
}

extension FeatureCollection {
    /// How many coordinates differ between two mappings, and by how many units in the last place at most.
    func coordinateDifferences(from other: FeatureCollection) -> (count: Int, maxULPs: Int64) {
        var count = 0
        var maxULPs: Int64 = 0
        for (a, b) in zip(features, other.features) {
            for (ringA, ringB) in zip(a.geometry.coordinates, b.geometry.coordinates) {
                for (pointA, pointB) in zip(ringA, ringB) {
                    for (x, y) in zip(pointA, pointB) where x != y {
                        count += 1
                        maxULPs = max(maxULPs, abs(Int64(bitPattern: x.bitPattern &- y.bitPattern)))
                    }
                }
            }
        }
        return (count, maxULPs)
    }
}
