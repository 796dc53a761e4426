import Foundation
import Testing

@testable import JSONMapper

/// A stream that hands out its bytes a few at a time and can fail after a given number of bytes.
final class TrickleStream: InputStream {
    private let bytes: [UInt8]
    private let chunk: Int
    private let failAfter: Int?
    private var position = 0
    private var status: Stream.Status = .notOpen
    private var error: Error?
    private(set) var closeCount = 0

    init(_ bytes: [UInt8], chunk: Int, failAfter: Int? = nil) {
        self.bytes = bytes
        self.chunk = chunk
        self.failAfter = failAfter
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { error }
    override var hasBytesAvailable: Bool { position < bytes.count }
    override func open() { status = .open }
    override func close() {
        status = .closed
        closeCount += 1
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        if let failAfter, position >= failAfter {
            status = .error
            error = NSError(domain: "TrickleStream", code: 7, userInfo: [NSLocalizedDescriptionKey: "connection reset"])
            return -1
        }
        let count = min(chunk, maxLength, bytes.count - position, (failAfter ?? .max) - position)
        for k in 0..<count { buffer[k] = bytes[position + k] }
        position += count
        if position == bytes.count { status = .atEnd }
        return count
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}

@Suite("InputStream input")
struct StreamTests {
    @Test("a file stream maps like data", arguments: [JSONMapper.Engine.native, .foundation])
    func fileStream(engine: JSONMapper.Engine) throws {
        let url = TestFiles.fixtures.appendingPathComponent("person.json")
        let stream = try #require(InputStream(url: url))
        let context = JSONMapper.context(stream, engine: engine)
        let person = Person(context)
        #expect(context.valid)
        #expect(person.id == 9001)
        #expect(person.address?.city == "Cupertino")
        #expect(person.roles == ["ADMINISTRATOR", "EMPLOYEE"])
    }

    @Test("short reads are put together, and a stream opened here is closed again")
    func shortReads() throws {
        let text = try TestFiles.fixture("timeline.json")
        let stream = TrickleStream(Array(text), chunk: 3)
        let context = JSONMapper.context(stream)
        #expect(context.valid)
        #expect(LenientTimeline(context).statuses.count == 3)
        #expect(stream.closeCount == 1)
    }

    @Test("a large document read in many chunks keeps every byte")
    func largeStream() {
        let element = #"{"id": 12345, "name": "a fairly ordinary name"},"#
        let text = "[" + String(repeating: element, count: 20_000) + "{}]"
        let context = JSONMapper.context(TrickleStream(Array(text.utf8), chunk: 10_007))
        #expect(context.valid)
        let users: [PersonStruct] = context.getArray(ofClass: PersonStruct.self)
        #expect(users.count == 20_001)
        #expect(users.dropLast().allSatisfy { $0.id == 12345 && $0.name == "a fairly ordinary name" })
    }

    @Test(
        "a stream that fails halfway gives an invalid context with a clear error",
        arguments: [JSONMapper.Engine.native, .foundation])
    func failingStream(engine: JSONMapper.Engine) {
        let text = "{\n  \"name\": \"John Appleseed\",\n  \"id\": 9001\n}"
        let stream = TrickleStream(Array(text.utf8), chunk: 4, failAfter: 20)
        let context = JSONMapper.context(stream, engine: engine)
        #expect(!context.valid)
        #expect(Person(context).name == nil)
        #expect(
            context.errors.map(\.description) == [
                "line 2, column 19: the stream failed after 20 bytes: connection reset"
            ])
        #expect(stream.closeCount == 1)
    }

    @Test("an empty stream is an empty document")
    func emptyStream() {
        let context = JSONMapper.context(TrickleStream([], chunk: 10))
        #expect(!context.valid)
        #expect(context.errors.first?.description == "line 1, column 1: the document is empty")
    }

    @Test("a stream that is already open is read and left open")
    func alreadyOpen() {
        let stream = TrickleStream(Array("[1, 2]".utf8), chunk: 1)
        stream.open()
        let context = JSONMapper.context(stream)
        #expect(context.getArray() == [1, 2])
        #expect(stream.closeCount == 0)
    }
}
