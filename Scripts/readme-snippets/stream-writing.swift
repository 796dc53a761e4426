// The prelude of the README's large-output snippets: where to write, and the models written.
import Foundation
import JSONMapper

let url = URL(fileURLWithPath: "events.jsonl")
let stream = OutputStream(toMemory: ())

struct Event: JSONWritable {
    let kind: String
    let user: Int
    func write(to c: JSONSerializationContext) {
        c.set("kind", kind)
        c.set("user", user)
    }
}

struct Order: JSONWritable {
    let number: Int
    func write(to c: JSONSerializationContext) { c.set("number", number) }
}

let events = [Event(kind: "login", user: 7)]
let order = Order(number: 1)

// README SNIPPET
