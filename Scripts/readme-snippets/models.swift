// The default prelude (`data`, `c`) and the models that README snippets use without declaring them.
import Foundation
import JSONMapper

let data = Data(#"{"id": 1, "screen_name": "ada"}"#.utf8)
let c = JSONMapper.context(data)

struct Link: JSONSerializable {
    let url: URL
    init(_ c: JSONDeserializationContext) { url = c.requireURL("url") }
}

struct User: JSONSerializable {
    let id: Int
    let screenName: String
    init(_ c: JSONDeserializationContext) {
        id = c.requireInt("id")
        screenName = c.requireString("screen_name")
    }
}

// README SNIPPET
