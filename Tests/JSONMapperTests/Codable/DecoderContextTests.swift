import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

// `JSONMapperDecoder.decode(_:from: context)`: records of JSON Lines, array elements and server-sent events decode
// as `Decodable` values off the tape their parse made, with the same values and errors as `JSONDecoder` gives for
// the same bytes, strategies applied; an invalid context is malformed input.

private struct Record: Decodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
}

private struct ChatChunk: Decodable, Equatable {
    struct Choice: Decodable, Equatable {
        struct Delta: Decodable, Equatable { var content: String? }
        var index: Int
        var delta: Delta
    }
    var id: String
    var choices: [Choice]
}

private struct Stamped: Decodable, Equatable {
    var createdAt: Date
    var userId: Int
}

/// A model of the library that decodes its `Decodable` part from the context it is given.
private struct Wrapper: JSONSerializable {
    let record: Record?
    let failure: String?
    init(_ c: JSONDeserializationContext) {
        do {
            record = try JSONMapperDecoder().decode(Record.self, from: c)
            failure = nil
        } catch {
            record = nil
            failure = errorSummary(error)
        }
    }
}

@Suite("Decoding the value of a context: records, elements, events")
struct DecoderContextTests {
    static let lines = [
        #"{"id":1,"name":"a","tags":[]}"#,
        #"{"id":2,"name":"b\u00e9","tags":["x","y"]}"#,
        #"{"id":3,"name":"c","tags":["z"],"extra":{"deep":[1,2,3]}}"#,
    ]

    @Test("each JSON Lines record decodes as JSONDecoder decodes its line, however the chunks are cut")
    func linesDecode() async throws {
        let bytes = Array((Self.lines.joined(separator: "\r\n") + "\n").utf8)
        let expected = try Self.lines.map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        let decoder = JSONMapperDecoder()
        for chunk in [1, 3, 7, bytes.count] {
            var decoded: [Record] = []
            for await line in JSONMapper.lines(ScriptedAsyncSource(bytes, chunkSize: chunk)) {
                decoded.append(try decoder.decode(Record.self, from: line))
            }
            #expect(decoded == expected, "chunks of \(chunk)")
        }
    }

    @Test("array elements from an InputStream and an async source decode with their own coding paths")
    func elementsDecode() async throws {
        let text = #"{"records":["# + Self.lines.joined(separator: ",") + #",{"id":"4","name":"d","tags":[]}]}"#
        let decoder = JSONMapperDecoder()
        var fromStream: [String] = []
        for element in JSONMapper.elements(of: InputStream(data: Data(text.utf8)), at: ["records"]) {
            do {
                fromStream.append("\(try decoder.decode(Record.self, from: element).id)")
            } catch {
                fromStream.append(errorSummary(error))
            }
        }
        #expect(fromStream == ["1", "2", "3", "typeMismatch(Int) at [id]"])
        var fromAsync: [String] = []
        for await element in JSONMapper.elements(
            of: ScriptedAsyncSource(Array(text.utf8), chunkSize: 5), at: ["records"])
        {
            do {
                fromAsync.append("\(try decoder.decode(Record.self, from: element).id)")
            } catch {
                fromAsync.append(errorSummary(error))
            }
        }
        #expect(fromAsync == fromStream)
        // JSONDecoder on the element's own bytes gives the same error.
        do {
            _ = try JSONDecoder().decode(Record.self, from: Data(#"{"id":"4","name":"d","tags":[]}"#.utf8))
            Issue.record("JSONDecoder decoded a string as Int")
        } catch {
            #expect(errorSummary(error) == fromStream[3])
        }
    }

    @Test("a server-sent event's data decodes as a Decodable chat chunk; [DONE] is malformed input")
    func eventsDecode() async throws {
        let stream = """
            : keep-alive

            data: {"id":"c1","choices":[{"index":0,"delta":{"content":"Hel"}}]}

            data: {"id":"c1","choices":[{"index":0,"delta":{"content":"lo"}}]}

            data: {"id":"c1","choices":[{"index":0,"delta":{}}]}

            data: [DONE]


            """
        let decoder = JSONMapperDecoder()
        var answer = ""
        var done = false
        for try await event in JSONMapper.events(ScriptedAsyncSource(Array(stream.utf8), chunkSize: 9)) {
            do {
                let chunk = try decoder.decode(ChatChunk.self, from: event.context())
                #expect(chunk.id == "c1")
                answer += chunk.choices.first?.delta.content ?? ""
            } catch DecodingError.dataCorrupted(let context) {
                #expect(event.data == "[DONE]")
                #expect(context.codingPath.isEmpty)
                #expect(context.debugDescription.hasPrefix("The given data was not valid JSON: "))
                #expect(context.underlyingError is JSONMappingError)
                done = true
            }
        }
        #expect(answer == "Hello")
        #expect(done)
    }

    @Test("strategies apply: snake-case keys and ISO 8601 dates")
    func strategies() throws {
        let text = #"{"created_at":"2026-11-25T10:00:00Z","user_id":7}"#
        let decoder = JSONMapperDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.dateDecodingStrategy = .iso8601
        let expected = try foundation.decode(Stamped.self, from: Data(text.utf8))
        #expect(try decoder.decode(Stamped.self, from: JSONMapper.context(text)) == expected)
        #expect(expected.userId == 7)
    }

    @Test("a context of the Foundation engine decodes to the same value as one of the native engine")
    func foundationEngine() throws {
        let text = Self.lines[2]
        let decoder = JSONMapperDecoder()
        let native = try decoder.decode(Record.self, from: JSONMapper.context(text))
        let foundation = try decoder.decode(Record.self, from: JSONMapper.context(text, engine: .foundation))
        #expect(native == foundation)
        #expect(native == Record(id: 3, name: "c", tags: ["z"]))
    }

    @Test("a nested model's context decodes its own value, with coding paths from there")
    func nestedContext() throws {
        let text = #"{"ok":{"id":5,"name":"e","tags":[]},"bad":{"id":5,"name":"e","tags":[1]}}"#
        let context = JSONMapper.context(text)
        let ok = context.getObject("ok", ofClass: Wrapper.self)
        #expect(ok?.record == Record(id: 5, name: "e", tags: []))
        let bad = context.getObject("bad", ofClass: Wrapper.self)
        #expect(bad?.failure == "typeMismatch(String) at [tags/Index 0#0]")
    }

    @Test("an invalid context throws dataCorrupted with its first error underneath, as malformed Data does")
    func invalidContext() throws {
        let decoder = JSONMapperDecoder()
        let context = JSONMapper.context(#"{"id":1,"name":"a","tags":[}"#)
        #expect(!context.valid)
        var underlying: JSONMappingError?
        do {
            _ = try decoder.decode(Record.self, from: context)
            Issue.record("an invalid context decoded")
        } catch DecodingError.dataCorrupted(let c) {
            underlying = c.underlyingError as? JSONMappingError
            #expect(c.debugDescription == "The given data was not valid JSON: \(context.errors[0].description)")
        }
        #expect(underlying == context.errors[0])
        // The same bytes as Data fail the same way.
        do {
            _ = try decoder.decode(Record.self, from: Data(#"{"id":1,"name":"a","tags":[}"#.utf8))
            Issue.record("malformed data decoded")
        } catch DecodingError.dataCorrupted(let c) {
            #expect(c.underlyingError as? JSONMappingError == underlying)
        }
    }

    @Test("the context a failing source ends with throws the source's failure")
    func failingSource() async throws {
        let bytes = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
        let decoder = JSONMapperDecoder()
        var ids: [Int] = []
        var failure: String?
        for await line in JSONMapper.lines(ScriptedAsyncSource(bytes, chunkSize: 4, failing: bytes.count - 3)) {
            do {
                ids.append(try decoder.decode(Record.self, from: line).id)
            } catch DecodingError.dataCorrupted(let c) {
                failure = c.debugDescription
            }
        }
        #expect(ids == [1, 2])
        #expect(failure?.contains("connection reset after \(bytes.count - 3) bytes") == true)
    }
    /// `depth` objects nested through `next`.
    static func chain(_ depth: Int) -> String {
        String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth)
    }

    @Test("under a raised depth limit, a value deeper than 512 levels is an error as for Data, never a deep descent")
    func nestingLimit() throws {
        var options = JSONMapper.Options()
        options.maximumDepth = .max
        let decoder = JSONMapperDecoder()
        let limit = "nesting is deeper than the limit of 512 levels that decoding allows"
        // 512 levels decode both ways; 513 fail both ways; 100,000 fail without exhausting the stack.
        for depth in [1, 512, 513, 100_000] {
            let text = Self.chain(depth)
            let context = JSONMapper.context(text, options: options)
            #expect(context.valid)
            let fromData = DecodeOutcome { try decoder.decode(ChainNode.self, from: Data(text.utf8)).depth }
            let fromContext = DecodeOutcome { try decoder.decode(ChainNode.self, from: context).depth }
            if depth <= 512 {
                #expect(fromContext == .value(depth))
                #expect(fromData == .value(depth))
            } else {
                #expect(fromContext == .failure("dataCorrupted at []"), "\(depth)")
                #expect(fromData == .failure("dataCorrupted at []"), "\(depth)")
                do {
                    _ = try decoder.decode(ChainNode.self, from: context)
                } catch DecodingError.dataCorrupted(let c) {
                    #expect((c.underlyingError as? JSONMappingError)?.message == limit)
                }
                // The getters that take Decodable types decode off the same tape: the same limit, recorded.
                let wrapped = JSONMapper.context(#"{"chain":"# + text + "}", options: options)
                #expect(wrapped.getDecodable("chain", as: ChainNode.self) == nil)
                #expect(wrapped.errors.first?.description.hasSuffix(limit) == true, "\(wrapped.errors)")
            }
        }
    }

    @Test("a placeholder for a missing required model is a value not found, not malformed input")
    func placeholderContext() throws {
        let context = JSONMapper.context(#"{"n":"x"}"#)
        let outer = Outer(context)
        #expect(context.valid)
        #expect(outer.inner.failure == "valueNotFound(Record) at []")
    }

    @Test("decoding a context's value reads all its members for unknownKeys")
    func unknownKeys() throws {
        let context = JSONMapper.context(
            #"{"h":{"id":1,"name":"a","tags":[],"extra":2},"other":3}"#, options: .init(reportsUnknownKeys: true))
        let holder = Holder(context)
        #expect(holder.inner.record == Record(id: 1, name: "a", tags: []))
        #expect(context.unknownKeys == ["other"])
    }
}

/// A chain of objects through `next`, as deep as the text.
private final class ChainNode: Decodable {
    let next: ChainNode?
    var depth: Int {
        var count = 1
        var node = next
        while let current = node {
            count += 1
            node = current.next
        }
        return count
    }
}

/// A model whose required member `inner` decodes through the bridge.
private struct Outer: JSONSerializable {
    let n: Int?
    let inner: Wrapper
    init(_ c: JSONDeserializationContext) {
        n = c.getInt("n")
        inner = c.requireObject("inner", ofClass: Wrapper.self)
    }
}

/// A model that maps `h` with a model that decodes it through the bridge.
private struct Holder: JSONSerializable {
    let inner: Wrapper
    init(_ c: JSONDeserializationContext) {
        inner = c.requireObject("h", ofClass: Wrapper.self)
    }
}
