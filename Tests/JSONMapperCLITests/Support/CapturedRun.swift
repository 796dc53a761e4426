import Foundation
import JSONMapperTestSupport

@testable import JSONMapperCLI

/// Runs `jsonmapper` in process, with standard input given and output captured.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    let status: Int32

    /// Runs `arguments` with `input` as standard input, or the stream `inputStream` makes where a command reads
    /// standard input piece by piece (`check`).
    init(_ arguments: [String], input: String = "", inputStream: (@Sendable () -> InputStream)? = nil) {
        var status: Int32 = 0
        let box = Box()
        let io = CommandIO(
            standardInput: { Data(input.utf8) },
            writeOutput: { box.append(out: $0) },
            errorOutput: { box.append(err: $0) },
            standardInputStream: inputStream
        )
        status = JSONMapperCommand.run(arguments, io: io)
        self.status = status
        (out, err) = box.contents
    }

    var output: String { lock.withLock { out } }
    var errorOutput: String { lock.withLock { err } }

    /// Output as it comes: bytes (decoded as a whole at the end, since a chunk may end inside a character) and
    /// text.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = ""
        func append(out bytes: UnsafeRawBufferPointer) { lock.withLock { out.append(contentsOf: bytes) } }
        func append(err text: String) { lock.withLock { err += text } }
        var contents: (String, String) { lock.withLock { (String(decoding: out, as: UTF8.self), err) } }
    }
}

/// The path of a fixture, as a command-line argument.
func fixturePath(_ name: String) -> String {
    TestFiles.fixtures.appendingPathComponent(name).path
}

/// The models `generate` prints for one sample given on standard input.
func generated(_ samples: String..., options: [String] = []) -> String {
    let input = samples.joined(separator: "\n")
    return CapturedRun(["generate", "--lines", "-", "--name", "Sample"] + options, input: input).output
}
