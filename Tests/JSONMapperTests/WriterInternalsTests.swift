import Foundation
import Testing

@testable import JSONMapper

@Suite("The writer's buffer")
struct WriterInternalsTests {
    @Test("committedCount: the bytes before the outermost open object never change")
    func committed() {
        var writer = JSONWriter(settings: .init())
        writer.beginArray()
        writer.beginElement()
        writer.writeInteger(1)
        #expect(writer.committedCount == writer.count)
        writer.beginElement()
        writer.beginObject()
        #expect(writer.committedCount == 3)  // "[1," stays; "{" may still be rewritten
        writer.beginMember("b")
        writer.beginArray()
        #expect(writer.committedCount == 3)
        writer.endArray()
        writer.beginMember("a")
        writer.writeInteger(2)
        writer.beginMember("b")
        writer.writeInteger(3)
        writer.endObject()
        #expect(writer.committedCount == writer.count)
        writer.endArray()
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == #"[1,{"b":3,"a":2}]"#)
    }

    @Test("outputs far past every growth step, and handed over without a copy")
    func growth() throws {
        let strings = (0..<50_000).map { "value \($0) \"quoted\" é" }
        let data = try JSONMapper.data(from: strings)
        #expect(data.count > 1_000_000)
        let read: [String] = JSONMapper.context(data).getArray()
        #expect(read == strings)
        let long = String(repeating: "x", count: 3_000_000) + "\n"
        #expect(try JSONMapper.string(from: [long]) == "[\"" + String(repeating: "x", count: 3_000_000) + "\\n\"]")
    }
}
