import Foundation
import Hummingbird
import HummingbirdTesting
import JSONMapper
import Testing

@testable import HummingbirdServerApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `POST /events/import`: JSON Lines mapped as the body arrives. Small bodies through Hummingbird's test client check
// the answer line by line; 100 MB sent in 64 KB chunks over a real connection (the client makes each chunk as it
// goes, so neither side ever holds the body) checks the counts, the errors and that the process's memory stayed
// bounded.

@Suite("POST /events/import")
struct ImportTests {
    /// Posts `body` through the router and decodes the answer.
    static func post(_ body: String) async throws -> (HTTPResponse.Status, ImportSummary?) {
        let app = Application(router: buildRouter())
        return try await app.test(.router) { client in
            try await client.execute(uri: "/events/import", method: .post, body: ByteBuffer(string: body)) {
                response in
                let text = Data(response.body.readableBytesView)
                return (response.status, try? JSONDecoder().decode(ImportSummary.self, from: text))
            }
        }
    }

    @Test("good lines are counted, bad ones are listed by line with where they are bad")
    func smallUpload() async throws {
        let body = """
            {"id":1,"kind":"push","created_at":"2026-11-25T10:00:00Z"}

            {"id":"2","kind":"push","created_at":"2026-11-25T10:00:00Z"}
            {"id":3,"kind":}
            {"id":4,"kind":"fork","created_at":"yesterday"}
            {"id":5,"kind":"fork","created_at":"2026-11-25T10:00:05Z","extra":[1,2,3]}
            """
        let (status, summary) = try await Self.post(body)
        #expect(status == .ok)
        let answer = try #require(summary)
        #expect(answer.imported == 2)
        #expect(answer.failed == 3)
        #expect(answer.errors.map(\.line) == [3, 4, 5])
        #expect(answer.errors[0].error.contains("id"), "\(answer.errors[0].error)")
        #expect(answer.errors[0].error.contains("Expected to decode Int"), "\(answer.errors[0].error)")
        // A malformed line names its line and column in the whole body, and the member it was in.
        #expect(answer.errors[1].error == "kind: line 4, column 16: expected a value, found '}'")
        // Paths are the document's keys, as the client sent them.
        #expect(answer.errors[2].error == "created_at: Expected date string to be ISO8601-formatted.")
    }

    @Test("a body of bad lines lists the first 100 and counts them all")
    func manyErrors() async throws {
        let body = String(repeating: "{\"id\":true}\n", count: 150)
        let (status, summary) = try await Self.post(body)
        #expect(status == .ok)
        let answer = try #require(summary)
        #expect(answer.imported == 0)
        #expect(answer.failed == 150)
        #expect(answer.errors.count == ImportSummary.maximumErrors)
        #expect(answer.errors.last?.line == 100)
    }

    @Test("a line longer than the limit ends the import with an error for that line")
    func lineTooLong() async throws {
        let good = #"{"id":1,"kind":"push","created_at":"2026-11-25T10:00:00Z"}"# + "\n"
        let long = #"{"id":2,"kind":""# + String(repeating: "x", count: ImportSummary.maximumLineLength) + "\"}\n"
        let (status, summary) = try await Self.post(good + long + good)
        #expect(status == .ok)
        let answer = try #require(summary)
        #expect(answer.imported == 1)
        #expect(answer.failed == 1)
        #expect(answer.errors.map(\.line) == [2])
        let error = try #require(answer.errors.first?.error)
        #expect(error.hasSuffix("a line is longer than \(ImportSummary.maximumLineLength) bytes"), "\(error)")
        #expect(error.hasPrefix("line 2, column "), "\(error)")
    }

    @Test("the line limit holds however the body is cut into buffers: earlier lines pass, at most the limit more")
    func lineLimitAcrossBuffers() async throws {
        // With a limit of 5, the third line (6 bytes, from offset 9) is too long.
        let text = Array("ab\nabcde\nabcdef\nxy\n".utf8)
        for first in 0...text.count {
            for second in first...text.count {
                let buffers = [text[..<first], text[first..<second], text[second...]].map { ByteBuffer(bytes: $0) }
                let body = AsyncStream<ByteBuffer> { continuation in
                    for buffer in buffers { continuation.yield(buffer) }
                    continuation.finish()
                }
                var delivered: [UInt8] = []
                var failure: String?
                do {
                    for try await bytes in LineLengthLimit(base: body, limit: 5) { delivered += bytes }
                } catch {
                    failure = "\(error)"
                }
                #expect(failure == "a line is longer than 5 bytes", "cuts \(first), \(second)")
                #expect(Array(text.prefix(delivered.count)) == delivered, "cuts \(first), \(second)")
                #expect((9...14).contains(delivered.count), "cuts \(first), \(second): \(delivered.count) bytes")
            }
        }
    }

    @Test("100 MB in 64 KB chunks over a connection: every line accounted for, memory bounded")
    func largeUpload() async throws {
        let upload = GeneratedEvents(totalBytes: 100 << 20, chunkSize: 64 << 10)
        let app = Application(router: buildRouter(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let meter = MemorySampler()
            let response = try await ChunkedPost.post(port: port, path: "/events/import", chunks: upload)
            let growth = meter.stop()
            #expect(response.status == 200, "\(response.body.prefix(500))")
            let answer = try JSONDecoder().decode(ImportSummary.self, from: Data(response.body.utf8))
            #expect(answer.imported + answer.failed == upload.lines)
            #expect(answer.failed == upload.expectedErrors.count)
            #expect(answer.errors.map(\.line) == upload.expectedErrors.map(\.line))
            for (error, expected) in zip(answer.errors, upload.expectedErrors) {
                #expect(error.error.contains(expected.fragment), "line \(error.line): \(error.error)")
            }
            #expect(upload.sentBytes.value >= 100 << 20)
            // The body is 100 MB; a server or client that held it would grow by more than that.
            #expect(growth < 64 << 20, "resident memory grew by \(growth >> 20) MB")
            print("100 MB import: \(upload.lines) lines, resident memory grew by \(growth >> 20) MB")
        }
    }
}

/// JSON Lines of events, made 64 KB at a time as the upload asks for them, with a malformed line and a line of the
/// wrong type every 250,000 lines.
struct GeneratedEvents: Sequence, Sendable {
    let totalBytes: Int
    let chunkSize: Int
    /// The bytes handed out so far, by every iteration.
    let sentBytes = Counter()

    struct Expected {
        var line: Int
        /// A part of the error the answer must give.
        var fragment: String
    }

    /// The lines a whole iteration makes: as many as it takes to reach `totalBytes`.
    var lines: Int {
        var count = 0
        var bytes = 0
        while bytes < totalBytes {
            count += 1
            bytes += Self.line(count).count
        }
        return count
    }

    var expectedErrors: [Expected] {
        (1...lines).compactMap { number in
            switch number % 250_000 {
            case 1_000: Expected(line: number, fragment: "line \(number), column ")
            case 2_000: Expected(line: number, fragment: "Expected to decode Int but found a string")
            default: nil
            }
        }
    }

    /// Line `number` (from 1), with its newline.
    static func line(_ number: Int) -> [UInt8] {
        let text: String
        switch number % 250_000 {
        case 1_000:
            text = #"{"id":\#(number),"kind":"push","created_at":}"#
        case 2_000:
            text = #"{"id":"\#(number)","kind":"push","created_at":"2026-11-25T10:00:00Z"}"#
        default:
            text =
                #"{"id":\#(number),"kind":"push","created_at":"2026-11-25T10:00:00Z","#
                + #""payload":{"ref":"refs/heads/main","size":\#(number % 97),"distinct":true}}"#
        }
        return Array((text + "\n").utf8)
    }

    func makeIterator() -> Iterator { Iterator(events: self) }

    struct Iterator: IteratorProtocol {
        let events: GeneratedEvents
        var number = 0
        var made = 0
        var pending: ArraySlice<UInt8> = []

        mutating func next() -> [UInt8]? {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(events.chunkSize)
            while chunk.count < events.chunkSize {
                if pending.isEmpty {
                    guard made < events.totalBytes else { break }
                    number += 1
                    pending = events.line(number)[...]
                    made += pending.count
                }
                let take = Swift.min(pending.count, events.chunkSize - chunk.count)
                chunk += pending.prefix(take)
                pending = pending.dropFirst(take)
            }
            guard !chunk.isEmpty else { return nil }
            events.sentBytes.add(chunk.count)
            return chunk
        }
    }

    func line(_ number: Int) -> [UInt8] { Self.line(number) }
}

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}

/// Samples the resident memory every 5 ms on a thread of its own until stopped; gives the growth over the baseline.
final class MemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private let baseline = MemorySampler.resident()
    private var peak = 0
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init() {
        peak = baseline
        Thread { [self] in
            while lock.withLock({ running }) {
                let now = Self.resident()
                lock.withLock { peak = max(peak, now) }
                usleep(5_000)
            }
            done.signal()
        }.start()
    }

    /// Stops sampling; the peak's growth over the baseline, in bytes.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { max(0, peak - baseline) }
    }

    /// The resident set size in bytes, from `/proc/self/statm` (Linux), or the peak from `getrusage` elsewhere.
    static func resident() -> Int {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }
}

/// An HTTP/1.1 POST with a chunked body over a plain socket, on a thread of its own: Hummingbird's test client
/// sends a body as one buffer, and an upload test must not hold the body it sends.
enum ChunkedPost {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Response {
        var status: Int
        var body: String
    }

    static func post(port: Int, path: String, chunks: some Sequence<[UInt8]> & Sendable) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try postBlocking(port: port, path: path, chunks: chunks) })
            }.start()
        }
    }

    private static func postBlocking(port: Int, path: String, chunks: some Sequence<[UInt8]>) throws -> Response {
        #if os(Linux)
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socketFD = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketFD >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(socketFD) }
        #if !os(Linux)
            var one: Int32 = 1
            setsockopt(socketFD, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }

        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/x-ndjson\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        try write(Array(head.utf8), to: socketFD)
        for chunk in chunks where !chunk.isEmpty {
            try write(Array((String(chunk.count, radix: 16) + "\r\n").utf8), to: socketFD)
            try write(chunk, to: socketFD)
            try write(Array("\r\n".utf8), to: socketFD)
        }
        try write(Array("0\r\n\r\n".utf8), to: socketFD)

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count < 0 { throw Failure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "no response head in \(text.prefix(200))")
        }
        let statusLine = text[..<split.lowerBound].prefix { $0 != "\r" }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "no status in \(statusLine)")
        }
        return Response(status: status, body: String(text[split.upperBound...]))
    }

    private static func write(_ bytes: [UInt8], to socketFD: Int32) throws {
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(socketFD, $0.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "send: errno \(errno) after \(offset) bytes of a write")
            }
            offset += sent
        }
    }
}
