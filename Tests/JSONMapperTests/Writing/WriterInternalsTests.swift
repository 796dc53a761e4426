import Foundation
import JSONMapperTestSupport
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

    @Test("drain hands on the committed bytes; an open object is finished, and fixed up, after it")
    func drain() {
        var writer = JSONWriter(settings: .init(pretty: false))
        var out = Data()
        writer.beginArray()
        writer.beginElement()
        writer.writeInteger(1)
        writer.beginElement()
        writer.beginObject()
        writer.beginMember("a")
        writer.writeInteger(1)
        writer.drain { out.append(contentsOf: $0) }
        #expect(String(decoding: out, as: UTF8.self) == "[1,")
        writer.beginMember("b")
        writer.writeInteger(2)
        writer.beginMember("a")
        writer.writeInteger(3)
        writer.endObject()
        writer.beginElement()
        writer.beginFixedObject()
        #expect(writer.committedCount == writer.count)
        writer.beginFixedMember(wtf8: UnsafeBufferPointer(start: nil, count: 0))
        writer.writeNull()
        writer.endObject()
        writer.endArray()
        writer.drain { out.append(contentsOf: $0) }
        #expect(writer.count == 0)
        #expect(String(decoding: out, as: UTF8.self) == #"[1,{"a":3,"b":2},{"":null}]"#)
    }

    @Test("WTF-8 strings: a lone surrogate is written as its escape, with every setting")
    func wtf8() {
        let text: [UInt8] = [0x61, 0xED, 0xA0, 0x80, 0xC3, 0xA9, 0xED, 0xBF, 0xBF]  // a, U+D800, é, U+DFFF
        for (escapesNonASCII, expected) in [(false, #""a\uD800é\uDFFF""#), (true, #""a\uD800\u00E9\uDFFF""#)] {
            var writer = JSONWriter(settings: .init(escapesNonASCII: escapesNonASCII))
            text.withUnsafeBufferPointer { writer.writeString(wtf8: $0) }
            #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
        }
    }
}
