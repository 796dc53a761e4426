// The prelude of the README's writing snippets: the nested model `Person` writes, and the values they write.
import Foundation
import JSONMapper

struct Address: JSONSerializable, JSONWritable {
    let city: String?
    init(_ c: JSONDeserializationContext) { city = c.getString("city") }
    func write(to c: JSONSerializationContext) { c.set("city", city) }
}

/// A model with numbers that JSON may not hold, for the error example.
struct Series: JSONWritable {
    let values: [Double]
    func write(to c: JSONSerializationContext) { c.set("values", values) }
}

let sample = Data(#"{"id": 7, "name": "Ada", "address": {"city": "London"}, "roles": ["admin"]}"#.utf8)
let series = Series(values: [1, 2])

// README SNIPPET
