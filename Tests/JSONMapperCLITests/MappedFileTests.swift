import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

/// `jsonmapper check` maps regular files up to `JSONMapper.wholeScanLimit` and scans them in place: the same answer
/// as the streamed validation, zero bytes after every file's end, and no crash when the file shrinks meanwhile.
@Suite("jsonmapper check of mapped files")
struct MappedFileTests {
    /// A file in the temporary folder holding `bytes`, removed by `body`'s end.
    static func withFile<Result>(_ bytes: [UInt8], _ body: (String) throws -> Result) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-mapped-\(UUID()).json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// The mapped check's answer for the file at `path`: `.some(nil)` when valid.
    static func mappedCheck(_ path: String) throws -> JSONMappingError?? {
        let file = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit), "\(path) was not mapped")
        return file.read { JSONMapper.validate(paddedBytes: $0) }
    }

    @Test(
        "every JSONTestSuite file gets the streamed validation's verdict and first error, and the command prints it",
        SharedDataSuite.streamValidation.trait)
    func jsonTestSuite() throws {
        let folder = TestFiles.sharedData.appendingPathComponent("JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count == 318)
        var mapped = 0
        for name in names.sorted() {
            let path = folder.appendingPathComponent(name).path
            let streamed = JSONMapper.validate(try #require(InputStream(fileAtPath: path)))
            if name.hasPrefix("y_") { #expect(streamed == nil, "\(name)") }
            if name.hasPrefix("n_") { #expect(streamed != nil, "\(name)") }
            let run = CapturedRun(["check", path])
            let expected = streamed.map { CheckCommand.line(for: $0, file: path) } ?? "\(path): ok"
            #expect(run.output.hasPrefix(expected + "\n"), "\(name)")
            #expect(run.status == (streamed == nil ? 0 : 1), "\(name)")
            // An empty file is read as a stream; every other one is mapped.
            guard let file = MappedFile(path: path, limit: JSONMapper.wholeScanLimit) else {
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "\(name) was not mapped")
                continue
            }
            mapped += 1
            #expect(file.read { JSONMapper.validate(paddedBytes: $0) } == .some(streamed), "\(name)")
        }
        #expect(mapped == 317)
    }

    /// A text of `count` bytes whose last value ends at its last byte, in each way the scanner can read past it:
    /// a number, a string, a literal, an unterminated string, a cut literal, a cut escape, a cut UTF-8 sequence.
    static func endings(count: Int) -> [(String, [UInt8])] {
        func filled(_ tail: String) -> [UInt8] {
            let tail = Array(tail.utf8)
            return [UInt8](repeating: UInt8(ascii: " "), count: count - tail.count) + tail
        }
        return [
            ("number", filled("12345678")), ("string", filled("\"abcdefgh\"")), ("literal", filled("true")),
            ("array", filled("[1,2,3]")), ("unterminated string", filled("\"abcdefgh")), ("cut literal", filled("tru")),
            ("cut escape", filled("\"ab\\")), ("cut UTF-8", filled("\"ab\u{E9}").dropLast()),
            ("number and a minus", filled("[1, -")), ("exponent", filled("1e")),
        ]
    }

    @Test("files ending at, just before and just after a page's end read zeros after their last byte")
    func pageBoundaries() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let sizes = [page - 9, page - 8, page - 7, page - 1, page, page + 1, 2 * page - 1, 2 * page, 2 * page + 3]
        for size in sizes {
            for (name, bytes) in Self.endings(count: size) {
                let expected = JSONMapper.context(Data(bytes)).errors.first
                try Self.withFile(bytes) { path throws in
                    let mapped = try Self.mappedCheck(path)
                    let stream = try #require(InputStream(fileAtPath: path))
                    #expect(mapped == .some(expected), "\(name), \(size) bytes")
                    #expect(JSONMapper.validate(stream) == expected, "\(name), \(size) bytes")
                }
            }
        }
    }

    /// A valid file of `pages` pages: an array of long strings.
    static func document(pages: Int) -> [UInt8] {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var text = Array("[".utf8)
        while text.count < pages * page - 200 { text += Array("\"\(String(repeating: "x", count: 90))\", ".utf8) }
        return text + Array("0]".utf8)
    }

    @Test("a file cut short after it was mapped is reported as changed: the pages past its end read as zeros")
    func truncatedAfterMapping() throws {
        for newSize in [0, 100, 5000] {
            try Self.withFile(Self.document(pages: 3)) { path in
                let file = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.truncate(atOffset: UInt64(newSize))
                try handle.close()
                // The last byte of the last whole page, which is mapped (the partial page after it is a copy): past
                // the new end, so reading it raises SIGBUS, which the guard handles.
                let page = Int(sysconf(Int32(_SC_PAGESIZE)))
                var last: UInt8 = 0xFF
                let answer = file.read { bytes -> JSONMappingError? in
                    last = bytes[bytes.count / page * page - 1]
                    return JSONMapper.validate(paddedBytes: bytes)
                }
                #expect(answer == nil, "cut to \(newSize) bytes")
                #expect(last == 0, "cut to \(newSize) bytes")
                // The guard is off again, and a second read of the same mapping reads the zeros without a fault:
                // still reported, since the size differs.
                #expect(file.read { $0[0] } == nil)
            }
        }
    }

    @Test("the guard records a fault in its range, and only in the run that had one")
    func guardRecordsFaults() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        try Self.withFile(Self.document(pages: 3)) { path in
            let file = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            let base = UnsafeMutableRawPointer(mutating: try #require(file.bytes.baseAddress))
            let before = TruncationGuard.guarding(base, length: 2 * page) {
                base.load(fromByteOffset: page, as: UInt8.self)
            }
            #expect(before.0 == UInt8(ascii: "x") || before.0 == UInt8(ascii: "\"") || before.0 == UInt8(ascii: " "))
            #expect(!before.faulted)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 10)
            try handle.close()
            let cut = TruncationGuard.guarding(base, length: 2 * page) {
                base.load(fromByteOffset: page, as: UInt8.self)
            }
            #expect(cut.0 == 0)
            #expect(cut.faulted)
            // The next run starts clean: the zeros mapped over the range fault no more.
            let after = TruncationGuard.guarding(base, length: 2 * page) {
                base.load(fromByteOffset: page, as: UInt8.self)
            }
            #expect(after.0 == 0)
            #expect(!after.faulted)
        }
    }

    @Test("a version of a file is its size and modification time together")
    func identity() {
        var status = stat()
        status.st_size = 100
        let base = MappedFile.Identity(status)
        #expect(MappedFile.Identity(status) == base)
        var other = status
        other.st_size = 101
        #expect(MappedFile.Identity(other) != base)
        #if canImport(Darwin)
            let (modified, changed): (WritableKeyPath<stat, timespec>, WritableKeyPath<stat, timespec>) =
                (\.st_mtimespec, \.st_ctimespec)
        #else
            let (modified, changed): (WritableKeyPath<stat, timespec>, WritableKeyPath<stat, timespec>) =
                (\.st_mtim, \.st_ctim)
        #endif
        other = status
        other[keyPath: modified].tv_sec = 1
        #expect(MappedFile.Identity(other) != base)
        other = status
        other[keyPath: modified].tv_nsec = 1
        #expect(MappedFile.Identity(other) != base)
        // The status change time moves when the file is renamed over or its mode changes, the bytes untouched.
        other = status
        other[keyPath: changed].tv_sec = 1
        #expect(MappedFile.Identity(other) == base)
    }

    @Test("a SIGBUS sent to the command after it guarded a file still ends it, as it did before the guard")
    func sentSignal() throws {
        let binary = try #require(
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("jsonmapper"))
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) was not built")
        try Self.withFile(Array("[1]".utf8)) { path in
            // The file first (mapped and guarded, so the handler is installed), then standard input, which stays
            // open: the signal arrives while the command waits for it.
            let process = Process()
            process.executableURL = binary
            process.arguments = ["check", path, "-"]
            // No handler before ours, so that the signal's default action shows: neither the Swift runtime's
            // backtracer nor, in the sanitizer's build, AddressSanitizer's (which would exit with status 1).
            process.environment = ["SWIFT_BACKTRACE": "enable=no", "ASAN_OPTIONS": "handle_sigbus=0"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var printed = Data()
            while !printed.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += chunk
            }
            #expect(String(decoding: printed, as: UTF8.self) == "\(path): ok\n")
            kill(process.processIdentifier, SIGBUS)
            let deadline = Date(timeIntervalSinceNow: 20)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            let stillRunning = process.isRunning
            // Had the handler swallowed the signal, the command would still wait: end its input so that it exits.
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(!stillRunning)
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == SIGBUS)
        }
    }

    @Test(
        "a file replaced by a rename, or whose mode changed, after it was mapped is answered: its bytes did not change")
    func replacedAfterMapping() throws {
        let bytes = Self.document(pages: 2)
        try Self.withFile(bytes) { path in
            let renamed = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            // The usual save: a new file written beside it, then renamed over it. The mapped file keeps its bytes.
            let replacement = path + ".new"
            try Data("[1]".utf8).write(to: URL(fileURLWithPath: replacement))
            #expect(rename(replacement, path) == 0)
            #expect(renamed.read { JSONMapper.validate(paddedBytes: $0) } == .some(nil))
            #expect(renamed.read { $0.count } == bytes.count)
            let chmodded = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            #expect(chmod(path, 0o600) == 0)
            #expect(chmodded.read { $0.count } == 3)
        }
    }

    @Test("a file that grew, or was rewritten to the same size, after it was mapped is reported as changed")
    func changedAfterMapping() throws {
        try Self.withFile(Self.document(pages: 2)) { path in
            let unchanged = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            #expect(unchanged.read { JSONMapper.validate(paddedBytes: $0) } == .some(nil))
            let grown = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(" ".utf8))
            try handle.close()
            #expect(grown.read { JSONMapper.validate(paddedBytes: $0) } == nil)
            let touched = try #require(MappedFile(path: path, limit: JSONMapper.wholeScanLimit))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
            #expect(touched.read { JSONMapper.validate(paddedBytes: $0) } == nil)
        }
    }

    @Test("an empty buffer gets the answer of an empty stream, with no padding of its own")
    func emptyBuffer() throws {
        let expected = try #require(JSONMapper.validate(InputStream(data: Data())))
        #expect(expected.message == "the document is empty")
        #expect(JSONMapper.validate(paddedBytes: UnsafeRawBufferPointer(start: nil, count: 0)) == expected)
    }

    @Test("standard input, pipes, directories, empty files and files past the limit are not mapped")
    func notMapped() throws {
        #expect(MappedFile(path: "/dev/null", limit: JSONMapper.wholeScanLimit) == nil)
        #expect(MappedFile(path: "/no/such/file.json", limit: JSONMapper.wholeScanLimit) == nil)
        #expect(MappedFile(path: FileManager.default.temporaryDirectory.path, limit: JSONMapper.wholeScanLimit) == nil)
        try Self.withFile([]) { path in #expect(MappedFile(path: path, limit: JSONMapper.wholeScanLimit) == nil) }
        try Self.withFile(Array("[1]".utf8)) { path in
            #expect(MappedFile(path: path, limit: 2) == nil)
            #expect(MappedFile(path: path, limit: 3) != nil)
        }
        let fifo = try SpecialFileTests.fifo(feeding: "[1]")
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(MappedFile(path: fifo, limit: JSONMapper.wholeScanLimit) == nil)
        // The FIFO's writer waits for a reader: the command reads it as a stream.
        #expect(CapturedRun(["check", fifo]).output == "\(fifo): ok\n")
    }

    @Test("check reads a file past the limit as a stream, with the in-memory parser's first error")
    func pastTheLimit() throws {
        var bytes = Array(StreamDocuments.document(ofSize: JSONMapper.wholeScanLimit + 4096))
        bytes[bytes.count - 40] = UInt8(ascii: "x")
        try Self.withFile(bytes) { path in
            #expect(MappedFile(path: path, limit: JSONMapper.wholeScanLimit) == nil)
            let error = try #require(JSONMapper.context(Data(bytes)).errors.first)
            let run = CapturedRun(["check", path])
            #expect(run.status == 1)
            #expect(run.output == CheckCommand.line(for: error, file: path) + "\n")
        }
    }
}
