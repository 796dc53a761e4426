import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Every public entry point that writes to an `OutputStream`, given streams in every state a caller can hand over:
/// Foundation's own (closed, a full buffer, a file that cannot be opened, a full disk, one already failed), and
/// subclasses that fail without overriding `streamError` (as they open, at once, after some bytes, or already
/// failed), for which Foundation's getter traps on Linux. Each throws `outputFailed`, word for word the same from every
/// entry point, never a crash.
@Suite("Output streams in every state")
struct OutputStreamStateTests {
    /// An entry point, writing at least 13 bytes of text to the stream.
    struct EntryPoint: Sendable {
        let name: String
        let write: @Sendable (OutputStream) throws(JSONMappingError) -> Void
    }

    static let entryPoints = [
        EntryPoint(name: "write(model)") { stream throws(JSONMappingError) in
            try JSONMapper.write(Padding(10), to: stream)
        },
        EntryPoint(name: "write([Int])") { stream throws(JSONMappingError) in
            try JSONMapper.write([1, 22, 333, 4444], to: stream)
        },
        EntryPoint(name: "write(contentsOf:)") { stream throws(JSONMappingError) in
            try JSONMapper.write(contentsOf: (0..<4).lazy.map { $0 * 1111 }, to: stream)
        },
        EntryPoint(name: "write(JSONValue array)") { stream throws(JSONMappingError) in
            try JSONMapper.write(JSONValue.array([1, "two", [3]]), to: stream)
        },
        EntryPoint(name: "write(JSONValue object)") { stream throws(JSONMappingError) in
            try JSONMapper.write(["id": 12345, "name": "n"] as JSONValue, to: stream)
        },
        EntryPoint(name: "write(dictionary)") { stream throws(JSONMappingError) in
            try JSONMapper.write(["k": [1, 2, 3]], to: stream)
        },
        EntryPoint(name: "JSONLinesWriter") { stream throws(JSONMappingError) in
            let writer = try JSONLinesWriter(to: stream)
            try writer.append(Padding(10))
            try writer.finish()
        },
    ]

    /// A stream in some state, made anew for each entry point, and the message every entry point must throw.
    struct Case: Sendable {
        let name: String
        let make: @Sendable () -> OutputStream
        let message: String
    }

    static let reportedAnError = "the output stream failed after 0 bytes: it reported an error"

    static var cases: [Case] {
        var cases = [
            Case(
                name: "a memory stream closed before use",
                make: {
                    let stream = OutputStream(toMemory: ())
                    stream.open()
                    stream.close()
                    return stream
                }, message: "the output stream failed after 0 bytes: it is closed"),
            Case(
                name: "a subclass that is .error once opened", make: { ScriptedOutputStream(failsToOpen: true) },
                message: "cannot open the output stream: it reported an error"),
            Case(
                name: "a subclass handed over already failed",
                make: {
                    let stream = ScriptedOutputStream(failsToOpen: true)
                    stream.open()
                    return stream
                }, message: reportedAnError),
            Case(
                name: "a subclass failing on its first write", make: { ScriptedOutputStream(failAfter: 0) },
                message: reportedAnError),
            Case(
                name: "a subclass failing after 6 bytes, 3 a call",
                make: { ScriptedOutputStream(maxPerWrite: 3, failAfter: 6) },
                message: "the output stream failed after 6 bytes: it reported an error"),
        ]
        #if os(Linux)
            // Foundation's own streams fail with an error of their own, which is safe to read.
            cases += [
                Case(
                    name: "a file stream in a missing folder",
                    make: {
                        OutputStream(toFileAtPath: "/nonexistent-folder/out.json", append: false)
                            ?? OutputStream(toMemory: ())
                    },
                    message: "cannot open the output stream: The operation could not be completed. No such file or "
                        + "directory"),
                // /dev/full takes nothing: every write fails with ENOSPC, as a full disk does.
                Case(
                    name: "a full disk",
                    make: { OutputStream(toFileAtPath: "/dev/full", append: false) ?? OutputStream(toMemory: ()) },
                    message: "the output stream failed after 0 bytes: The operation could not be completed. No space "
                        + "left on device"),
                Case(
                    name: "a full disk that already failed",
                    make: {
                        let stream =
                            OutputStream(toFileAtPath: "/dev/full", append: false) ?? OutputStream(toMemory: ())
                        stream.open()
                        _ = stream.write([0x31], maxLength: 1)
                        return stream
                    },
                    message: "the output stream failed after 0 bytes: The operation could not be completed. No space "
                        + "left on device"),
            ]
        #endif
        return cases
    }

    @Test("every write entry point and JSONLinesWriter throw outputFailed with the stream's failure")
    func everyEntryPoint() {
        for item in Self.cases {
            for entry in Self.entryPoints {
                let error = #expect(throws: JSONMappingError.self) { try entry.write(item.make()) }
                #expect(error?.code == .outputFailed, "\(item.name), \(entry.name)")
                #expect(error?.path == "", "\(item.name), \(entry.name)")
                #expect(error?.description == item.message, "\(item.name), \(entry.name)")
            }
        }
    }

    @Test("a subclass failing midway keeps exactly the bytes it took")
    func bytesKept() throws {
        for entry in Self.entryPoints {
            let whole = ScriptedOutputStream()
            try entry.write(whole)
            let failing = ScriptedOutputStream(maxPerWrite: 3, failAfter: 6)
            #expect(throws: JSONMappingError.self) { try entry.write(failing) }
            #expect(failing.bytes == Array(whole.bytes.prefix(6)), "\(entry.name)")
            #expect(failing.closeCount == 1, "\(entry.name)")
        }
    }

    #if os(Linux)
        @Test("a full OutputStream(toBuffer:capacity:) fails with the bytes it took before it was full")
        func fullBuffer() throws {
            // Foundation's buffer stream takes a write whole or not at all: the text, handed on in one call, does not
            // fit in 8 bytes.
            for entry in Self.entryPoints {
                let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
                defer { storage.deallocate() }
                let error = #expect(throws: JSONMappingError.self) {
                    try entry.write(OutputStream(toBuffer: storage, capacity: 8))
                }
                #expect(error?.code == .outputFailed, "\(entry.name)")
                #expect(
                    error?.description
                        == "the output stream failed after 0 bytes: The operation could not be completed. Cannot "
                        + "allocate memory", "\(entry.name)")
            }
            // Lines handed on as each fills the writer's buffer of 4 bytes: the third does not fit.
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
            defer { storage.deallocate() }
            let stream = OutputStream(toBuffer: storage, capacity: 8)
            let writer = try JSONLinesWriter(to: stream, options: .default, bufferSize: 4)
            try writer.append(100)
            try writer.append(200)
            let error = #expect(throws: JSONMappingError.self) { try writer.append(300) }
            #expect(
                error?.description
                    == "the output stream failed after 8 bytes: The operation could not be completed. Cannot allocate "
                    + "memory")
            #expect(String(decoding: UnsafeBufferPointer(start: storage, count: 8), as: UTF8.self) == "100\n200\n")
        }
    #endif

    @Test("a JSONLinesWriter refuses a stream that is closed or failed when it is made, so that no line is lost later")
    func linesWriterRefusesAtOnce() {
        let closed = OutputStream(toMemory: ())
        closed.open()
        closed.close()
        let refused = #expect(throws: JSONMappingError.self) { try JSONLinesWriter(to: closed) }
        #expect(refused?.description == "the output stream failed after 0 bytes: it is closed")

        let failed = ScriptedOutputStream(failsToOpen: true)
        failed.open()
        let refusedFailed = #expect(throws: JSONMappingError.self) { try JSONLinesWriter(to: failed) }
        #expect(refusedFailed?.description == Self.reportedAnError)
        #expect(failed.closeCount == 0)
    }
}

/// A stream that fails writing to a file names the file, as `cannot read PATH: …` does on the read side.
@Suite("Output failures name the file")
struct OutputFailureNameTests {
    #if os(Linux)
        @Test("JSONLinesWriter(url:) names the file when the disk is full, in both modes")
        func fullDisk() throws {
            for append in [false, true] {
                let writer = try JSONLinesWriter(url: URL(fileURLWithPath: "/dev/full"), append: append)
                try writer.append(["id": 1])
                let error = #expect(throws: JSONMappingError.self) { try writer.finish() }
                #expect(error?.code == .outputFailed)
                #expect(
                    error?.description
                        == "cannot write /dev/full: the output stream failed after 0 bytes: The operation could not be "
                        + "completed. No space left on device")
                let again = #expect(throws: JSONMappingError.self) { try writer.append(2) }
                #expect(again?.description == error?.description)
            }
        }

        @Test("JSONLinesWriter(url:) names the file it cannot open: a missing folder, a folder")
        func cannotOpen() throws {
            let missing = #expect(throws: JSONMappingError.self) {
                try JSONLinesWriter(url: URL(fileURLWithPath: "/nonexistent-folder/out.jsonl"))
            }
            #expect(missing?.code == .outputFailed)
            #expect(
                missing?.description
                    == "cannot write /nonexistent-folder/out.jsonl: cannot open the output stream: The operation could "
                    + "not be completed. No such file or directory")

            let folder = scratchFile("folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(at: folder) }
            let directory = #expect(throws: JSONMappingError.self) { try JSONLinesWriter(url: folder, append: true) }
            #expect(
                directory?.description
                    == "cannot write \(folder.path): cannot open the output stream: The operation could not be "
                    + "completed. Is a directory")
        }
    #endif

    @Test("a stream handed to JSONLinesWriter(to:) or write(_:to:) has no name: its failures say the output stream")
    func unnamed() {
        let stream = ScriptedOutputStream(failAfter: 0)
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.write([1], to: stream) }
        #expect(error?.description == "the output stream failed after 0 bytes: it reported an error")
    }
}
