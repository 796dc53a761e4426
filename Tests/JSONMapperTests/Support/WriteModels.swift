import Foundation
import JSONMapper
import Testing

// Models the writing tests share.

enum Role: String, CaseIterable {
    case admin, user
}

enum Level: Int {
    case low = 1
    case high = 3
}

/// The example model, both ways.
struct WritablePerson: JSONSerializable, JSONWritable, Equatable {
    let id: Int
    let name: String?
    let address: WritableAddress?
    let roles: [String]

    init(id: Int, name: String?, address: WritableAddress?, roles: [String]) {
        self.id = id
        self.name = name
        self.address = address
        self.roles = roles
    }

    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        name = c.getString("name")
        address = c.getObject("address", ofClass: WritableAddress.self)
        roles = c.getArray("roles")
    }

    func write(to c: JSONSerializationContext) {
        c.set("id", id)
        c.set("name", name)
        c.set("address", address)
        c.set("roles", roles)
    }
}

struct WritableAddress: JSONSerializable, JSONWritable, Equatable {
    let city: String
    let zip: String?

    init(city: String, zip: String?) {
        self.city = city
        self.zip = zip
    }

    init(_ c: JSONDeserializationContext) {
        city = c.requireString("city")
        zip = c.getString("zip")
    }

    func write(to c: JSONSerializationContext) {
        c.set("city", city)
        c.set("zip", zip)
    }
}

/// A model with one array of doubles, for error paths: `values[2]`, `[1].values[0]`.
struct Series: JSONWritable {
    let values: [Double]

    func write(to c: JSONSerializationContext) {
        c.set("values", values)
    }
}

/// Every combination of the switches that change the text.
let writeOptionVariants: [JSONMapper.WriteOptions] = [
    .default, JSONMapper.WriteOptions(prettyPrinted: true),
    JSONMapper.WriteOptions(sortedKeys: true, escapesNonASCII: true),
    JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true, writesNilAsNull: true, escapesSlashes: true),
]
