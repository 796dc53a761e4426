import Foundation

/// Where a streamed sequence reads from: a stream it may read once, or a file it opens anew for each iteration.
final class StreamSource: @unchecked Sendable {
    private enum Kind {
        case stream(InputStream)
        case url(URL)
    }

    private let kind: Kind
    private let lock = NSLock()
    private var streamTaken = false

    init(_ stream: InputStream) {
        kind = .stream(stream)
    }

    init(_ url: URL) {
        kind = .url(url)
    }

    /// A window on the input, for one iteration.
    ///
    /// - Returns: An error instead when the stream was already read by an earlier iteration, or the file cannot
    ///   be opened, or no memory is left for the buffer.
    func makeWindow() -> Result<StreamWindow, JSONMappingError> {
        let stream: InputStream
        switch kind {
        case .stream(let given):
            let taken = lock.withLock {
                defer { streamTaken = true }
                return streamTaken
            }
            if taken { return .failure(Self.alreadyRead) }
            stream = given
        case .url(let url):
            // Foundation makes a stream for any URL, but only a file URL has anything behind it: on Linux the stream
            // of another URL crashes when it is opened.
            guard url.isFileURL else { return .failure(Self.notAFile(url)) }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                return .failure(Self.unreadable(url, "no such file"))
            }
            guard !isDirectory.boolValue else { return .failure(Self.unreadable(url, "it is a directory")) }
            guard let opened = InputStream(url: url) else { return .failure(Self.unreadable(url, "cannot open it")) }
            stream = opened
        }
        do {
            return .success(try StreamWindow(stream))
        } catch {
            return .failure(error)
        }
    }

    /// The error for a URL that is not a file URL (`https:`, `data:`): download it first, or pass a stream.
    static func notAFile(_ url: URL) -> JSONMappingError {
        JSONMappingError(code: .malformedJSON, path: "", message: "only file URLs can be read: \(url.absoluteString)")
    }

    /// The error for a file that cannot be read: `cannot read /data/x.json: no such file`.
    static func unreadable(_ url: URL, _ reason: String) -> JSONMappingError {
        JSONMappingError(code: .malformedJSON, path: "", message: "cannot read \(url.path): \(reason)")
    }

    /// The error of a second iteration over a sequence made from an `InputStream`.
    static let alreadyRead = JSONMappingError(
        code: .malformedJSON, path: "",
        message: "the stream was already read by an earlier iteration: a sequence made from an InputStream can be "
            + "iterated once (make a new stream, or use contentsOf: to read a file again)")
}
