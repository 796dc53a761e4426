// The prelude of the README's "Streams that arrive" snippets: a request body as a server hands it out (an async
// sequence of byte chunks), a URL, and the models of its records. The snippet is top-level code, so it may await.
import Foundation
import JSONMapper

let body = [Data(#"{"kind": "a"}"#.utf8), Data("\n".utf8)].async
let url = URL(string: "https://example.com/events")!

struct Event: JSONSerializable {
    let kind: String?
    init(_ c: JSONDeserializationContext) { kind = c.getString("kind") }
}

struct Record: JSONSerializable {
    let name: String
    init(_ c: JSONDeserializationContext) { name = c.requireString("name") }
}

extension Array {
    /// The elements as an async sequence, as a server body hands out its buffers.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}

// README SNIPPET
