import Foundation
import JSONMapper
import Testing

// Models and helpers the writing tests share.

/// Writes a model and returns its text, recording the error as a test failure.
func written<T: JSONWritable>(
    _ model: T, _ options: JSONMapper.WriteOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    do {
        return try JSONMapper.string(from: model, options: options)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// A model whose `write(to:)` is the closure it is given: one-off shapes for tests.
struct Writes: JSONWritable {
    let body: (JSONSerializationContext) -> Void

    init(_ body: @escaping (JSONSerializationContext) -> Void) {
        self.body = body
    }

    func write(to c: JSONSerializationContext) {
        body(c)
    }
}

enum Role: String, CaseIterable {
    case admin, user
}

enum Level: Int {
    case low = 1
    case high = 3
}

/// The issue's example model, both ways.
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
