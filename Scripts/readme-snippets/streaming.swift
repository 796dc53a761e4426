// The prelude of the README's large-input snippets: a file, a stream, and the models of their records.
import Foundation
import JSONMapper

let url = URL(fileURLWithPath: "events.jsonl")
let stream = InputStream(data: Data(#"{"records": [{"name": "a"}]}"#.utf8))

struct Event: JSONSerializable {
    let kind: String?
    init(_ c: JSONDeserializationContext) { kind = c.getString("kind") }
}

struct Record: JSONSerializable {
    let name: String
    init(_ c: JSONDeserializationContext) { name = c.requireString("name") }
}

// README SNIPPET
