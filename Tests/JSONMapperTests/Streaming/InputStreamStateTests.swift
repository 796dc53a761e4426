import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Every public entry point that reads an `InputStream`, given streams in every state a caller can hand over:
/// Foundation's own, already read by an earlier call, closed, opened and read to their end, on a missing file or a
/// folder; and subclasses that fail without overriding `streamError` (on the first read, after some bytes, or as
/// soon as they are opened), for which Foundation's getter traps on Linux. None may crash; each says what happened
/// and how many bytes were read, word for word the same from every entry point and both engines.
@Suite("Input streams in every state")
struct InputStreamStateTests {
    @Test(
        "context(stream) gives an invalid context with the stream's failure",
        arguments: [JSONMapper.Engine.native, .foundation])
    func context(engine: JSONMapper.Engine) {
        for item in InputStreamStates.cases {
            let context = JSONMapper.context(item.make(), engine: engine)
            #expect(!context.valid, "\(item.name)")
            #expect(context.hasFailed, "\(item.name)")
            #expect(descriptions(context) == [item.expected], "\(item.name)")
            #expect(context.errors.first?.code == .malformedJSON, "\(item.name)")
            #expect(context.getInt(at: ["records", 0, "id"]) == nil, "\(item.name)")
        }
    }

    @Test("validate(stream) returns the stream's failure")
    func validate() {
        for item in InputStreamStates.cases {
            #expect(JSONMapper.validate(item.make())?.description == item.expected, "\(item.name)")
        }
    }

    @Test("lines(stream) gives one invalid context with the failure, then ends; numbered() too")
    func lines() {
        for item in InputStreamStates.cases {
            let lines = Array(JSONMapper.lines(item.make()))
            #expect(lines.map { $0.valid } == [false], "\(item.name)")
            #expect(lines.map(descriptions) == [[item.expected]], "\(item.name)")
            let numbered = Array(JSONMapper.lines(item.make()).numbered())
            #expect(numbered.map(\.line) == [1], "\(item.name)")
            #expect(numbered.map { descriptions($0.context) } == [[item.expected]], "\(item.name)")
        }
    }

    @Test("elements(of: stream) gives one invalid context with the failure, then ends, at the top and on a path")
    func elements() {
        for item in InputStreamStates.cases {
            for path: [JSONPathElement] in [[], ["records"]] {
                var iterator = JSONMapper.elements(of: item.make(), at: path).makeIterator()
                let first = iterator.next()
                #expect(first?.valid == false, "\(item.name) at \(path)")
                #expect(first.map(descriptions) == [item.expected], "\(item.name) at \(path)")
                #expect(iterator.next() == nil, "\(item.name) at \(path)")
                #expect(iterator.next() == nil, "\(item.name) at \(path)")
            }
        }
    }

    @Test("a stream read to its end by the caller is refused, but a fresh stream of no bytes is an empty document")
    func emptyAgainstExhausted() {
        let empty = JSONMapper.context(InputStream(data: Data()))
        #expect(descriptions(empty) == ["line 1, column 1: the document is empty"])
        let opened = InputStream(data: Data())
        opened.open()
        #expect(descriptions(JSONMapper.context(opened)) == descriptions(empty))
        #expect(Array(JSONMapper.lines(InputStream(data: Data()))).isEmpty)

        let exhausted = InputStream(data: json("[1]"))
        InputStreamStates.readToEnd(exhausted)
        #expect(exhausted.streamStatus == .atEnd)
        #expect(descriptions(JSONMapper.context(exhausted)) == ["line 1, column 1: " + InputStreamStates.atEnd])
    }

    @Test("a stream the caller opened and read part of is read from where it stands")
    func partlyRead() {
        let stream = InputStream(data: json("[1] [2, 3]"))
        stream.open()
        var skipped = [UInt8](repeating: 0, count: 4)
        #expect(stream.read(&skipped, maxLength: 4) == 4)
        let context = JSONMapper.context(stream)
        #expect(context.valid)
        #expect(context.getArray() == [2, 3])
        #expect(stream.streamStatus == .atEnd)
        stream.close()
    }
}
