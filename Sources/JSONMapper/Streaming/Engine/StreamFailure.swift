import Foundation

/// Says why a Foundation stream gives or takes no more bytes: the one place where every reader and writer of
/// streams (``StreamReader``, ``StreamWindow``, ``StreamOutput``) turns a stream's state into words.
///
/// On Linux, Foundation's `streamError` getter traps when the stream has no error to give: its own streams that are
/// closed, at their end or not open, and any subclass that reports `.error` without overriding `streamError` (the
/// inherited getter asks Foundation's stream underneath, which has none). So `streamError` is read only when the
/// status is `.error` and, on Linux, the stream is exactly one of Foundation's own classes (what
/// `InputStream(data:)`, `InputStream(url:)`, `OutputStream(toBuffer:capacity:)` and the file streams make), whose
/// error is then set. Every other failure is described by the status, and the caller adds the byte count. On
/// Darwin, `NSStream` answers `nil` rather than trapping, so the error of any stream reporting `.error` is read.
enum StreamFailure {
    /// Why an input stream has nothing to give before its first read (just opened, or handed over open): it is
    /// closed, already at its end, or failed. `nil` when it may be read.
    ///
    /// A stream at its end before the first read was read to its end by someone else: that is reported rather than
    /// read as an empty document, which would hide the mistake (a fresh stream on empty input is `.open`, not
    /// `.atEnd`, until it is read).
    static func unreadable(_ stream: InputStream) -> String? {
        switch stream.streamStatus {
        case .atEnd: "it was already at its end, with no bytes left to read"
        case .closed, .error: reason(stream, returned: -1)
        default: nil
        }
    }

    /// Why `stream` does not take bytes before the first write (just opened, or handed over open): it is closed, at
    /// its end, or failed. `nil` when it may be written.
    static func unwritable(_ stream: OutputStream) -> String? {
        switch stream.streamStatus {
        case .atEnd, .closed, .error: reason(stream, returned: -1)
        default: nil
        }
    }

    /// Why a read that was offered `offered` bytes returned `result`, a negative count or one larger than offered.
    ///
    /// The message of a read larger than offered gives neither count: the space offered is the reader's own buffer
    /// size, which differs between entry points (`context` and the streaming readers), and the same stream must get
    /// the same error from each.
    static func readFailure(_ stream: InputStream, returned result: Int, offered: Int) -> String {
        guard result <= offered else { return "it reported more bytes read than the space it was offered" }
        return reason(stream, returned: result)
    }

    /// Why a write that was offered `offered` bytes returned `result`: none taken, a negative count, or more than
    /// offered.
    static func writeFailure(_ stream: OutputStream, returned result: Int, offered: Int) -> String {
        guard result <= offered else { return "it reported \(result) bytes written of \(offered) offered" }
        if result == 0, stream.streamStatus.takesBytes { return "it accepted no more bytes (it is full)" }
        return reason(stream, returned: result)
    }

    /// What `stream`'s status says about a call that returned `result`: its error where that can be read safely,
    /// else the status in words.
    static func reason(_ stream: Stream, returned result: Int) -> String {
        switch stream.streamStatus {
        case .error: errorDescription(stream) ?? "it reported an error"
        case .closed: "it is closed"
        case .atEnd: "it is at its end"
        case .notOpen: "it is not open"
        case .opening: "it is still opening"
        case .open, .reading, .writing: "it returned \(result) but reports no error"
        @unknown default: "it returned \(result), with status \(stream.streamStatus.rawValue)"
        }
    }

    /// The description of `stream`'s error, when its status is `.error` and reading `streamError` cannot trap.
    static func errorDescription(_ stream: Stream) -> String? {
        guard stream.streamStatus == .error, errorIsReadable(stream) else { return nil }
        return stream.streamError?.localizedDescription
    }

    /// Whether reading `streamError` of a stream whose status is `.error` is safe: always on Darwin; on Linux, only
    /// for Foundation's own `InputStream` and `OutputStream`, not for subclasses (which may not override it).
    static func errorIsReadable(_ stream: Stream) -> Bool {
        #if canImport(Darwin)
            return true
        #else
            let type = ObjectIdentifier(Swift.type(of: stream))
            return type == ObjectIdentifier(InputStream.self) || type == ObjectIdentifier(OutputStream.self)
        #endif
    }
}

extension Stream.Status {
    /// Whether a stream in this status is open for bytes (a write of 0 then means it is full).
    fileprivate var takesBytes: Bool {
        switch self {
        case .open, .reading, .writing: true
        default: false
        }
    }
}
