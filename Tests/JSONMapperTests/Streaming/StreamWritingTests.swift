import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.write(_:to:options:)` and `write(contentsOf:to:options:)`: the text of `data(from:)`, handed to an
/// `OutputStream` in chunks, and what the stream holds when a write fails.
@Suite("Writing to an OutputStream")
struct StreamWritingTests {
    static let person = WritablePerson(
        id: 7, name: "Ada", address: WritableAddress(city: "London", zip: nil), roles: ["admin", "dev"])
    static let personText = #"{"id":7,"name":"Ada","address":{"city":"London"},"roles":["admin","dev"]}"#

    static func people(_ count: Int) -> [WritablePerson] {
        (0..<count).map { WritablePerson(id: $0, name: $0 % 2 == 0 ? "P\($0)" : nil, address: nil, roles: ["r"]) }
    }

    @Test("a model, an array, a sequence, a JSONValue and any value: the text of data(from:), word for word")
    func wordForWord() throws {
        let model = ScriptedOutputStream()
        #expect(try JSONMapper.write(Self.person, to: model) == Self.personText.utf8.count)
        #expect(model.text == Self.personText)

        let array = ScriptedOutputStream()
        let other = WritablePerson(id: 8, name: nil, address: nil, roles: [])
        #expect(try JSONMapper.write([Self.person, other], to: array) == 95)
        #expect(array.text == "[\(Self.personText),{\"id\":8,\"roles\":[]}]")

        let lazy = ScriptedOutputStream()
        let made = (0..<3).lazy.map { WritablePerson(id: $0, name: nil, address: nil, roles: []) }
        try JSONMapper.write(contentsOf: made, to: lazy)
        #expect(lazy.text == #"[{"id":0,"roles":[]},{"id":1,"roles":[]},{"id":2,"roles":[]}]"#)

        let value = try JSONValue(parsing: json(#"{"a": [1, 2.50, "x\ny"], "b": null, "c": {}}"#))
        let valueStream = ScriptedOutputStream()
        try JSONMapper.write(value, to: valueStream)
        #expect(valueStream.text == #"{"a":[1,2.50,"x\ny"],"b":null,"c":{}}"#)
        let topArray = ScriptedOutputStream()
        try JSONMapper.write(JSONValue.array([1, "two", ["three": 3]]), to: topArray)
        #expect(topArray.text == #"[1,"two",{"three":3}]"#)

        let dictionary = ScriptedOutputStream()
        try JSONMapper.write(["b": [1, 2], "a": [3]], to: dictionary)
        #expect(dictionary.text == #"{"a":[3],"b":[1,2]}"#)
        let scalars = ScriptedOutputStream()
        try JSONMapper.write([1.5, 0.1, -0.0], to: scalars)
        #expect(scalars.text == "[1.5,0.1,-0]")
        let optionals = ScriptedOutputStream()
        try JSONMapper.write(contentsOf: [1, nil, 3] as [Int?], to: optionals)
        #expect(optionals.text == "[1,null,3]")
        let string = ScriptedOutputStream()
        try JSONMapper.write("line\nbreak", to: string)
        #expect(string.text == #""line\nbreak""#)
    }

    @Test("empty arrays and sequences write [], compact and pretty")
    func empty() throws {
        for options in [JSONMapper.WriteOptions.default, JSONMapper.WriteOptions(prettyPrinted: true)] {
            let array = ScriptedOutputStream()
            #expect(try JSONMapper.write([WritablePerson](), to: array, options: options) == 2)
            #expect(array.text == "[]")
            let sequence = ScriptedOutputStream()
            try JSONMapper.write(contentsOf: EmptyCollection<JSONValue>(), to: sequence, options: options)
            #expect(sequence.text == "[]")
        }
    }

    @Test("every option gives the bytes data(from:) gives, pretty arrays included")
    func optionsMatchData() throws {
        let models = Self.people(4) + [Self.person]
        let choices = [
            JSONMapper.WriteOptions(prettyPrinted: true),
            JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true, indentWidth: 4),
            JSONMapper.WriteOptions(writesNilAsNull: true, escapesSlashes: true, escapesNonASCII: true),
        ]
        for options in choices {
            let stream = ScriptedOutputStream()
            try JSONMapper.write(models, to: stream, options: options)
            #expect(stream.bytes == Array(try JSONMapper.data(from: models, options: options)))
        }
        for options in choices {
            let scalars: [[Double]] = [[1.5, -0.0], [], [1e300]]
            let stream = ScriptedOutputStream()
            try JSONMapper.write(scalars, to: stream, options: options)
            #expect(stream.bytes == Array(try JSONMapper.data(from: scalars, options: options)))
        }
        let pretty = ScriptedOutputStream()
        try JSONMapper.write(
            contentsOf: Self.people(2), to: pretty, options: JSONMapper.WriteOptions(prettyPrinted: true))
        #expect(
            pretty.text == """
                [
                  {
                    "id": 0,
                    "name": "P0",
                    "roles": [
                      "r"
                    ]
                  },
                  {
                    "id": 1,
                    "roles": [
                      "r"
                    ]
                  }
                ]
                """)
    }

    @Test("OutputStream(toMemory:), (toFileAtPath:append:) and (url:append:) hold the text")
    func foundationStreams() throws {
        let memory = OutputStream(toMemory: ())
        try JSONMapper.write(Self.person, to: memory)
        #expect(writtenText(memory) == Self.personText)
        #expect(memory.streamStatus == .closed)

        let file = scratchFile("write-path")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("stale content that is longer than the text".utf8).write(to: file)
        let replacing = try #require(OutputStream(toFileAtPath: file.path, append: false))
        try JSONMapper.write([1, 2], to: replacing)
        #expect(try String(contentsOf: file, encoding: .utf8) == "[1,2]")
        let appending = try #require(OutputStream(toFileAtPath: file.path, append: true))
        try JSONMapper.write(JSONValue.array([3]), to: appending)
        #expect(try String(contentsOf: file, encoding: .utf8) == "[1,2][3]")

        let url = scratchFile("write-url")
        defer { try? FileManager.default.removeItem(at: url) }
        let models = Self.people(3_000)
        let urlStream = try #require(OutputStream(url: url, append: false))
        let count = try JSONMapper.write(models, to: urlStream)
        let written = try Data(contentsOf: url)
        #expect(written == (try JSONMapper.data(from: models)))
        #expect(count == written.count)
        #expect(try JSONMapper.decode([WritablePerson].self, from: written) == models)
        let urlAppending = try #require(OutputStream(url: url, append: true))
        try JSONMapper.write("!", to: urlAppending)
        #expect(try Data(contentsOf: url).count == written.count + 3)
    }

    @Test("a stream that is not open is opened and closed again; an open one is left open")
    func openAndClose() throws {
        let scripted = ScriptedOutputStream()
        try JSONMapper.write(contentsOf: Self.people(2), to: scripted)
        #expect(scripted.openCount == 1)
        #expect(scripted.closeCount == 1)
        let open = OutputStream(toMemory: ())
        open.open()
        try JSONMapper.write(Self.person, to: open)
        try JSONMapper.write([1], to: open)
        #expect(open.streamStatus == .open)
        #expect(writtenText(open) == Self.personText + "[1]")
        open.close()
    }

    @Test("a stream that takes one byte per call gets every byte, past several chunks")
    func oneBytePerCall() throws {
        let models = Self.people(8_000)
        let expected = Array(try JSONMapper.data(from: models))
        #expect(expected.count > 3 * StreamOutput.chunkSize)
        let stream = ScriptedOutputStream(maxPerWrite: 1)
        #expect(try JSONMapper.write(models, to: stream) == expected.count)
        #expect(stream.bytes == expected)
        #expect(stream.offered.count == expected.count)
        let single = ScriptedOutputStream(maxPerWrite: 1)
        try JSONMapper.write(Self.person, to: single)
        #expect(single.text == Self.personText)
    }

    @Test(
        "the text is handed on once 64 KB or more wait after an element: just below, at and above",
        arguments: [(65_526, [65_545, 1]), (65_527, [65_536, 11]), (65_528, [65_537, 11])])
    func flushThreshold(length: Int, chunks: [Int]) throws {
        // `[` and the first element take 1 + length + 8 bytes: 65,535, 65,536 and 65,537. The second is 10 bytes.
        let stream = ScriptedOutputStream()
        try JSONMapper.write([Padding(length), Padding(1)], to: stream)
        #expect(stream.offered == chunks)
        #expect(stream.text == "[{\"s\":\"\(String(repeating: "x", count: length))\"},{\"s\":\"x\"}]")
    }

    @Test("arrays and sequences are handed on in chunks, never much more than 64 KB; other values whole")
    func chunked() throws {
        let models = Self.people(20_000)
        let expected = Array(try JSONMapper.data(from: models))
        let stream = ScriptedOutputStream()
        try JSONMapper.write(models, to: stream)
        #expect(stream.bytes == expected)
        #expect(stream.offered.count == expected.count / StreamOutput.chunkSize + 1)
        #expect(
            stream.offered.dropLast().allSatisfy { $0 >= StreamOutput.chunkSize && $0 < StreamOutput.chunkSize + 40 })

        let value = JSONValue.array(models.map { JSONValue.object(["id": .number(JSONValue.Number($0.id))]) })
        let valueStream = ScriptedOutputStream()
        try JSONMapper.write(value, to: valueStream)
        #expect(valueStream.offered.count > 2)
        #expect(valueStream.bytes == Array(try JSONMapper.data(from: value)))

        let dictionary = Dictionary(uniqueKeysWithValues: models.map { ("k\($0.id)", $0) })
        let whole = ScriptedOutputStream()
        let count = try JSONMapper.write(dictionary, to: whole)
        #expect(whole.offered == [count])
        #expect(count > 4 * StreamOutput.chunkSize)
    }

    @Test("a small chunk size hands on every element that fills it, and the text stays whole")
    func smallChunks() throws {
        let stream = ScriptedOutputStream()
        let elements = (0..<20).map { _ in Padding(10) }
        _ = try JSONMapper.streamElements(elements, to: stream, options: .default, chunkSize: 50)
        // `[` and three elements of 18 bytes, with their commas, make 57 bytes, and so do three more elements with
        // theirs; the last two elements and `]` make 39.
        #expect(stream.offered == [57, 57, 57, 57, 57, 57, 39])
        #expect(stream.text == "[" + Array(repeating: #"{"s":"xxxxxxxxxx"}"#, count: 20).joined(separator: ",") + "]")
    }
}
