import Foundation
import JSONMapper

/// Streams in every state a caller can hand over, for every entry point that reads an `InputStream`: Foundation's
/// own, already read by an earlier call, closed, opened and read to their end, on a missing file or a folder; and
/// subclasses that fail without overriding `streamError` (on the first read, after some bytes, or as soon as they
/// are opened), for which Foundation's getter traps on Linux. Each case says what every entry point must report.
package enum InputStreamStates {
    /// The text every stream below would hold: an array, at the top level and at `records`.
    package static let text = #"{"records": [{"id": 1}, {"id": 2}]}"#

    /// A stream in some state, made anew for each entry point, and the error each must report: its message, at
    /// `column` of line 1.
    package struct Case: Sendable {
        package let name: String
        package let make: @Sendable () -> InputStream
        package let message: String
        package var column = 1

        /// The error's description: `line 1, column 1: the stream failed after 0 bytes: it is closed`.
        package var expected: String { "line 1, column \(column): \(message)" }
    }

    /// `InputStream(data:)` on ``text``, once `use` has been done to it.
    package static func foundationStream(_ use: (InputStream) -> Void) -> InputStream {
        let stream = InputStream(data: json(text))
        use(stream)
        return stream
    }

    /// Opens `stream` and reads it to its end as a caller would, with reads larger than the text.
    package static func readToEnd(_ stream: InputStream) {
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.read(&buffer, maxLength: buffer.count) > 0 {}
    }

    package static let closed = "the stream failed after 0 bytes: it is closed"
    package static let atEnd =
        "the stream failed after 0 bytes: it was already at its end, with no bytes left to read"
    package static let reportedAnError = "the stream failed after 0 bytes: it reported an error"

    package static var cases: [Case] {
        let bytes = Array(text.utf8)
        var cases = [
            Case(name: "read by context", make: { foundationStream { _ = JSONMapper.context($0) } }, message: closed),
            Case(
                name: "read by context on the Foundation engine",
                make: { foundationStream { _ = JSONMapper.context($0, engine: .foundation) } }, message: closed),
            Case(name: "read by validate", make: { foundationStream { _ = JSONMapper.validate($0) } }, message: closed),
            Case(
                name: "read by lines", make: { foundationStream { _ = Array(JSONMapper.lines($0)) } }, message: closed),
            Case(
                name: "read by elements", make: { foundationStream { _ = Array(JSONMapper.elements(of: $0)) } },
                message: closed),
            Case(
                name: "closed before use",
                make: {
                    foundationStream {
                        $0.open()
                        $0.close()
                    }
                }, message: closed),
            Case(name: "opened and read to its end", make: { foundationStream(readToEnd) }, message: atEnd),
            Case(
                name: "a subclass failing on its first read",
                make: { ScriptedInputStream(bytes, reads: .of(3), failing: .after(0)) }, message: reportedAnError),
            Case(
                name: "a subclass that is .error once opened",
                make: { ScriptedInputStream(bytes, reads: .of(3), failing: .onOpen) }, message: reportedAnError),
            Case(
                name: "a subclass failing after 7 bytes",
                make: { ScriptedInputStream(bytes, reads: .of(3), failing: .after(7)) },
                message: "the stream failed after 7 bytes: it reported an error", column: 8),
            Case(
                name: "a subclass reading nothing with the status .error after 7 bytes",
                make: { ScriptedInputStream(bytes, reads: .of(3), failing: .after(7, returning: 0)) },
                message: "the stream failed after 7 bytes: it reported an error", column: 8),
        ]
        #if os(Linux)
            // Foundation's own file streams fail as they open, with an error of their own that is safe to read.
            let folder = FileManager.default.temporaryDirectory.path
            cases += [
                Case(
                    name: "a file stream on a missing file",
                    make: { InputStream(fileAtPath: "/nonexistent-folder/in.json") ?? InputStream(data: Data()) },
                    message: "the stream failed after 0 bytes: The operation could not be completed. No such file "
                        + "or directory"),
                Case(
                    name: "a file stream on a folder",
                    make: { InputStream(fileAtPath: folder) ?? InputStream(data: Data()) },
                    message: "the stream failed after 0 bytes: The operation could not be completed. Is a directory"),
            ]
        #endif
        return cases
    }
}
